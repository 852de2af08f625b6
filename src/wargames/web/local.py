"""The app served by uvicorn on a loopback port in a background thread: for the browser
test and the load benchmark (``wargames serve`` runs it in the foreground)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from wargames.web.routes import QUIET_SECONDS, create_app

__all__ = ["serving"]


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
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, lifespan="off")
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
