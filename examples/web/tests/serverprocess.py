"""Start the example's server in its own process (for the tests and the load test)."""

from __future__ import annotations

import atexit
import functools
import shutil
import socket
import subprocess
import sys
import tempfile
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
    answers. Without ``--database`` (or ``--in-memory``) among the options its games are
    kept in a new file of a temporary folder."""
    if "--database" not in options and "--in-memory" not in options:
        folder = tempfile.mkdtemp(prefix="conquian-web-")
        atexit.register(functools.partial(shutil.rmtree, folder, ignore_errors=True))
        options = (*options, "--database", str(Path(folder) / "games.sqlite3"))
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
