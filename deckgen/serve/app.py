"""The web app of `deckgen serve`: the page, the live preview, the edits, the build.

Every route is a thin call into the library: `preview.Preview` draws, `tomledit` writes
deck.toml, `uploads` checks photos, `buildrun` builds. The page learns of changes through
server-sent events (/api/events): a whole state object each time something changed. The routes
live by what they serve in deckgen/serve/routes/, each a function of the `session.Session`
(the deck's preview, the pages listening, the build) and the request.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware

from deckgen.serve.guard import LOOPBACK_NAMES, LocalOnly
from deckgen.serve.preview import Preview
from deckgen.serve.routes import cards, deck, pages, pictures
from deckgen.serve.session import Session

__all__ = ["create_app"]


async def _watch_folder(session: Session, stop: anyio.Event) -> None:
    """Redraw when a file of the deck folder changes (an edit in another editor, a photo copied in);
    the build's output and editors' temporary files are not the deck's."""
    from watchfiles import awatch  # late: only an app that watches its folder loads it (watch=False in tests)

    output = session.deck_dir / "output"

    def wanted(_change: object, path: str) -> bool:
        p = Path(path)
        if p == output or output in p.parents:
            return False
        name = p.name
        return not (name.startswith(".") or name.endswith((".tmp", "~", ".swp")))

    async for _changes in awatch(session.deck_dir, watch_filter=wanted, debounce=400, step=30, stop_event=stop,
                                 recursive=True, ignore_permission_denied=True):
        await session.refresh()


def create_app(deck_dir: Path, hosts: Iterable[str] = LOOPBACK_NAMES, port: int | None = None,
               watch: bool = True, preview: Preview | None = None, booklet: bool = True) -> Starlette:
    """The app for one deck folder. Requests must name one of `hosts` (and `port`, when given).

    `booklet=False`: the preview it makes never builds the pocket booklet (a child process of a few
    seconds' work each time the booklet's inputs change), for tests that look only at the cards; a
    `preview` passed in keeps its own setting."""
    deck_dir = Path(deck_dir).resolve()
    session = Session(deck_dir, preview or Preview(deck_dir, booklet=booklet))

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        session.loop = asyncio.get_running_loop()
        stop = anyio.Event()
        tasks = [asyncio.create_task(session.refresh())]
        if watch:
            tasks.append(asyncio.create_task(_watch_folder(session, stop)))
        try:
            yield
        finally:
            stop.set()
            for task in tasks:
                task.cancel()
            if session.build.task is not None:
                session.build.task.cancel()
            session.preview.close()

    routes = [*pages.routes(session), *deck.routes(session), *cards.routes(session), *pictures.routes(session)]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(LocalOnly, hosts=hosts, port=port)])
    app.state.preview = session.preview
    app.state.build = session.build
    app.state.session = session
    return app
