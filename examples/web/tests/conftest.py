"""Fixtures of the web example's tests: the server in its own process, and Debian's
Chromium driven by Playwright (browser downloads are not used: the browser is the
system's ``chromium``, or the one ``CHROMIUM`` names)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright
from serverprocess import free_port, start_server

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_configure(config: pytest.Config) -> None:
    """Fail at once, with one clear message, when there is no Chromium to drive."""
    if not os.access(CHROMIUM, os.X_OK):
        raise pytest.UsageError(
            f"the web tests need Chromium at {CHROMIUM}: install Debian's package "
            "(apt-get install chromium; .ci/run does it) or set CHROMIUM to its path"
        )


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The address of a running server (one process for the whole session). Every test
    is one client, 127.0.0.1, that starts many games, leaves them unfinished, sends wrong
    keys on purpose and opens many connections: the per-client limits are raised for
    them (tests of their own check them)."""
    port = free_port()
    process = start_server(
        port,
        "--max-games-per-client",
        "1000",
        "--games-per-minute",
        "10000",
        "--wrong-keys-per-minute",
        "10000",
        "--connections-per-client",
        "1000",
    )
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()
