"""Start the example's server in its own process (for the tests and the load test)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO

SERVER = Path(__file__).resolve().parents[1] / "server.py"


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    port: int, *options: str, stderr: IO[bytes] | None = None
) -> subprocess.Popen[bytes]:
    """Start ``server.py`` on ``port`` with the command-line ``options`` (``--max-games
    3``...), its log going to ``stderr`` (by default this process's), and wait until it
    answers."""
    process = subprocess.Popen(
        [sys.executable, str(SERVER), "--port", str(port), *options],
        stdin=subprocess.DEVNULL,
        stderr=stderr,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)
