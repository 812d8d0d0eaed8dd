"""The reverse-proxy configuration the example ships (``nginx/conquian.conf``), run by
Debian's nginx in front of the server: a game between two people played to its end in
two Chromium pages over HTTPS, the other side's moves arriving through WebSockets that
nginx passes on; the client's address read from the header nginx sets, whatever the
client writes in it; plain HTTP sent to HTTPS.

Only the ports, the upstream's address and the certificate's paths are changed in the
file (a self-signed certificate made by ``openssl`` for 127.0.0.1; the pages accept
it)."""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, WebSocket
from serverprocess import free_port, start_server
from test_browser import new_game_in_lobby, play_turn, state_of

from conquian import Game
from conquian.notation import loads

SITE = Path(__file__).resolve().parents[1] / "nginx" / "conquian.conf"
NGINX = os.environ.get("NGINX", "/usr/sbin/nginx")
OPENSSL = os.environ.get("OPENSSL", "/usr/bin/openssl")


def site_for_test(https: int, http: int, upstream: int, folder: Path) -> str:
    """The shipped site file with this test's ports and certificate: each text replaced
    must be there (the test runs the file as shipped, not a copy of it)."""
    text = SITE.read_text(encoding="utf-8")
    changes = {
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{upstream};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https} ssl;",
        "listen 80;": f"listen 127.0.0.1:{http};",
        "/etc/letsencrypt/live/games.example.org/fullchain.pem": str(folder / "cert.pem"),
        "/etc/letsencrypt/live/games.example.org/privkey.pem": str(folder / "key.pem"),
    }
    for old, new in changes.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    # Loopback's IPv6 may be missing where the tests run: the [::] listeners go.
    text, dropped = re.subn(r"\n *listen \[::\]:\d+[^;]*;", "", text)
    assert dropped == 2
    return text


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[str]:
    """The server behind nginx (named with ``--proxy``): the HTTPS address, and the plain
    HTTP one as the second line of the fixture's text."""
    for tool, package in ((NGINX, "nginx"), (OPENSSL, "openssl")):
        if not os.access(tool, os.X_OK):
            pytest.fail(
                f"the nginx test needs {tool}: install Debian's package (apt-get install "
                f"{package}; .ci/run does it)"
            )
    subprocess.run(
        [
            OPENSSL,
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(tmp_path / "key.pem"),
            "-out",
            str(tmp_path / "cert.pem"),
        ],
        check=True,
        capture_output=True,
    )
    upstream = free_port()
    server = start_server(upstream, "--proxy", "127.0.0.1", "--max-games-per-client", "3")
    try:
        nginx, https, http = start_nginx(upstream, tmp_path)
        try:
            yield f"https://127.0.0.1:{https}\nhttp://127.0.0.1:{http}"
        finally:
            nginx.terminate()
            nginx.wait(timeout=20)
    finally:
        server.terminate()
        server.wait(timeout=20)


def start_nginx(upstream: int, folder: Path) -> tuple[subprocess.Popen[bytes], int, int]:
    """nginx run from ``folder`` in front of the server on port ``upstream``, once it
    answers over HTTPS: the process, its HTTPS port and its HTTP port.

    A port found free can be taken before nginx binds it (by any socket of the machine,
    an outgoing connection's among them): nginx then ends at once, "Address already in
    use", and is started again on new ports, three times at most."""
    (folder / "nginx.conf").write_text(
        f"""daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
"""
    )
    log = folder / "error.log"
    for attempt in range(3):
        https, http = free_port(), free_port()
        (folder / "site.conf").write_text(site_for_test(https, http, upstream, folder))
        log.write_text("")
        nginx = subprocess.Popen(
            [NGINX, "-p", str(folder), "-e", str(log), "-c", "nginx.conf"],
            stdin=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(
                    f"https://127.0.0.1:{https}/", verify=False, timeout=2
                ).raise_for_status()
                return nginx, https, http
            except httpx.HTTPError:
                if nginx.poll() is None and time.monotonic() < deadline:
                    time.sleep(0.1)
                    continue
            nginx.kill()
            nginx.wait(timeout=20)
            text = log.read_text(errors="replace")
            if "Address already in use" in text and attempt < 2:
                break  # a port was taken between: new ports
            raise RuntimeError(f"nginx did not start: {text}")
    raise AssertionError("unreachable: the last attempt returns or raises")


def test_a_game_is_played_through_nginx_over_https_with_websockets(
    browser: Browser, proxied: str
) -> None:
    url = proxied.splitlines()[0]
    contexts = [browser.new_context(ignore_https_errors=True) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    sockets: list[WebSocket] = []
    received = [0, 0]
    for seat, page in enumerate(pages):

        def opened(socket: WebSocket, seat: int = seat) -> None:
            sockets.append(socket)
            socket.on("framereceived", lambda _: received.__setitem__(seat, received[seat] + 1))

        page.on("websocket", opened)
    new_game_in_lobby(pages[0], url, humans=True, seed=23, lang="en")
    invite = pages[0].get_attribute("#invite-link", "href")
    assert invite is not None
    pages[1].goto(url + invite)
    pages[1].wait_for_selector("body[data-state=turn], body[data-state=wait]")
    decisions = 0
    while state_of(pages[0]) != "over" or state_of(pages[1]) != "over":
        mover = next((page for page in pages if state_of(page) == "turn"), None)
        if mover is None:  # the other side's move is on its way through the WebSocket
            pages[0].wait_for_timeout(20)
            continue
        plies = [int(page.evaluate("document.body.dataset.ply")) for page in pages]
        play_turn(mover)
        decisions += 1
        assert decisions < 400
        other = pages[1 - pages.index(mover)]  # told without a reload
        other.wait_for_function(f"Number(document.body.dataset.ply) > {max(plies)}")
    # Both pages listened through nginx, over TLS, and heard each move of the other.
    assert {socket.url.split("/api/")[0] for socket in sockets} == {url.replace("https:", "wss:")}
    assert min(received) >= decisions // 2
    with pages[0].expect_download() as download:
        pages[0].locator("#record").click()
    record = loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert Game.from_record(record).is_over
    for context in contexts:
        context.close()


def test_nginx_sets_the_clients_address_and_sends_plain_http_to_https(proxied: str) -> None:
    """A client that writes its own X-Forwarded-For is still the one client nginx saw
    (nginx replaces the header): past the server's 3 games per client, its fourth is
    refused. HTTPS answers carry HSTS; plain HTTP is sent to HTTPS."""
    url, plain = proxied.splitlines()
    with httpx.Client(base_url=url, verify=False, timeout=30) as client:
        statuses = [
            client.post(
                "/api/games", json={"mode": "bot"}, headers={"X-Forwarded-For": f"10.0.0.{n}"}
            ).status_code
            for n in range(4)
        ]
        assert statuses == [200, 200, 200, 429]
        assert client.get("/").headers["strict-transport-security"] == "max-age=63072000"
    answer = httpx.get(plain + "/api/words", timeout=30)
    assert answer.status_code == 301
    assert answer.headers["location"] == "https://127.0.0.1/api/words"
