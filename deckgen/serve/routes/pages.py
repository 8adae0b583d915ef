"""The page itself, its live state (server-sent events), the preview pictures and the deck's files."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from deckgen.serve.guard import contained
from deckgen.serve.session import Session

__all__ = ["FILE_POLICY", "PAGE_POLICY", "STATIC", "routes"]

STATIC = Path(__file__).resolve().parent.parent / "static"
#: The page loads only its own scripts and pictures; nothing may frame it.
PAGE_POLICY = ("default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
#: A file from images/ or output/ is shown, never run (an SVG can carry a script).
FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
NO_STORE = {"Cache-Control": "no-store"}


async def index(_s: Session, _request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": PAGE_POLICY, **NO_STORE})


async def state(s: Session, _request: Request) -> Response:
    return JSONResponse(s.full_state())


async def events(s: Session, request: Request) -> Response:
    """Every state published from now on, the current one first; a comment every 15 s keeps the line open."""
    queue: asyncio.Queue[str] = asyncio.Queue()
    s.hub.queues.add(queue)
    queue.put_nowait(json.dumps(s.full_state()))

    async def stream() -> AsyncIterator[str]:
        try:
            while True:
                try:
                    text = await asyncio.wait_for(queue.get(), timeout=15)
                except asyncio.TimeoutError:
                    if await request.is_disconnected():
                        break
                    yield ": still here\n\n"
                    continue
                yield f"data: {text}\n\n"
        finally:
            s.hub.queues.discard(queue)

    return StreamingResponse(stream(), media_type="text/event-stream", headers=NO_STORE)


async def picture(s: Session, request: Request) -> Response:
    part = s.preview.parts.get(request.path_params["key"])
    if part is None or not part.png:
        return JSONResponse({"error": "no such picture"}, status_code=404)
    return Response(part.png, media_type="image/png", headers=NO_STORE)


async def booklet_page(s: Session, request: Request) -> Response:
    pages = list(s.preview.booklet.pages)
    number = request.path_params["page"]
    if not 1 <= number <= len(pages):
        return JSONResponse({"error": "no such booklet page"}, status_code=404)
    return Response(pages[number - 1][0], media_type="image/png", headers=NO_STORE)


async def files(s: Session, request: Request) -> Response:
    area = request.path_params["area"]
    path = contained(s.deck_dir / area, request.path_params["path"]) if area in ("images", "output") else None
    if path is None:
        return JSONResponse({"error": "not a file of this deck's images/ or output/"}, status_code=404)
    return FileResponse(path, headers={"Content-Security-Policy": FILE_POLICY, "X-Content-Type-Options": "nosniff", **NO_STORE})


async def no_icon(_s: Session, _request: Request) -> Response:
    return Response(status_code=204)


def routes(s: Session) -> list[BaseRoute]:
    return [
        Route("/", s.bound(index)),
        Route("/favicon.ico", s.bound(no_icon)),
        Route("/api/state", s.bound(state)),
        Route("/api/events", s.bound(events)),
        Route("/preview/booklet/{page:int}.png", s.bound(booklet_page)),
        Route("/preview/{key}.png", s.bound(picture)),
        Route("/files/{area:str}/{path:path}", s.bound(files)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
