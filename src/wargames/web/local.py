"""The web app on a free loopback port: in a background thread (:func:`serving`), or as
``wargames serve`` in a process of its own with its workers (:func:`served`); for the tests
and the load benchmark (``wargames serve`` runs it in the foreground)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn

from wargames.web.routes import QUIET_SECONDS, create_app

__all__ = ["served", "serving"]

START_SECONDS = 60.0
"""How long ``wargames serve`` may take to answer its first request."""


@contextmanager
def serving(db: str | Path, *, quiet: float = QUIET_SECONDS) -> Iterator[str]:
    """Serve the games of ``db`` on a free loopback port (event streams kept alive every
    ``quiet`` seconds); yield the base URL (``http://127.0.0.1:PORT``) and stop the server
    on leaving."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    app = create_app(db, quiet=quiet)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the web server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listener.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(db: str, workers: int = 1) -> Iterator[str]:
    """``wargames serve`` with ``workers`` workers on ``db``, in a process of its own on a
    free loopback port; yield its base URL once it answers, and stop it on leaving.

    :raises RuntimeError: if it does not answer within ``START_SECONDS``.
    """
    port = _free_port()
    command = [sys.executable, "-m", "wargames.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", db, "--workers", str(workers)]
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(command, env=os.environ.copy(), stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if httpx.get(base + "/api/catalog", timeout=5).is_success:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"`{' '.join(command)}` did not start")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
