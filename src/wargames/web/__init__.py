"""Play in the browser: a small Starlette app over the kernel's public Game API.

:func:`create_app` builds the app (routes in :mod:`wargames.web.routes`, pages and scripts in
``static/``); ``wargames serve`` runs it on uvicorn.  Games are kept in SQLite or PostgreSQL
as they are played (:mod:`wargames.web.store`) and rebuilt by replaying after a restart; a
client only ever receives a view (:mod:`wargames.web.present`).  See docs/web.md.
"""

from wargames.web.routes import create_app

__all__ = ["create_app"]
