"""The deck as a whole in the editor: its format, theme, back template and palette, the photos in
images/ (and uploads to it), and the page's build."""

from __future__ import annotations

import asyncio

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from deckgen.errors import DeckgenError
from deckgen.serve import uploads
from deckgen.serve.session import Session

__all__ = ["DECK_KEYS", "routes"]

#: The deck-wide choices the page makes: as it names them -> (deck.toml table, key).
DECK_KEYS = {"theme": ("", "theme"), "back.template": ("back", "template"), "back.palette": ("back", "palette"),
             "card.format": ("card", "format")}


async def deck_post(s: Session, request: Request) -> Response:
    """Card format, theme, back template and palette: {"key": "back.palette", "value": "forest"}
    (null: the theme's; for the format, the default)."""
    try:
        body = await request.json()
    except ValueError:
        return JSONResponse({"error": "expected a JSON object"}, status_code=400)
    if not isinstance(body, dict) or body.get("key") not in DECK_KEYS:
        return JSONResponse({"error": f"expected key one of {', '.join(DECK_KEYS)}"}, status_code=400)
    table, key = DECK_KEYS[body["key"]]
    deck = s.preview.deck
    if (table, key) == ("card", "format") and deck is not None and deck.card_size is not None \
            and "format" not in deck.card.model_fields_set:
        table, key = "", "card_size"  # the deck names its format with the short spelling: keep to it
    return await s.edited(lambda: [(table, key, body.get("value"))], s.full_state)


async def images_get(s: Session, _request: Request) -> Response:
    return JSONResponse({"images": s.images})


async def images_post(s: Session, request: Request) -> Response:
    """A photo uploaded into images/: refused whole when it is over the size limit (read in chunks, so an
    upload never fills the memory first) or not an image deckgen reads."""
    name = request.query_params.get("name", "photo")
    limit = uploads.MAX_UPLOAD_BYTES
    too_large = JSONResponse({"error": f"{name}: an image may be at most {limit / 1e6:,.0f} MB"}, status_code=413)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return too_large
        chunks.append(chunk)
    try:
        saved = await anyio.to_thread.run_sync(uploads.save_upload, s.deck_dir / "images", name, b"".join(chunks))
    except DeckgenError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    return JSONResponse({"image": saved.relative_to(s.deck_dir).as_posix(), "images": s.images})


async def build_post(s: Session, _request: Request) -> Response:
    if s.build.state.get("running"):
        return JSONResponse({"error": "a build is already running"}, status_code=409)
    s.build.task = asyncio.create_task(s.build.run(s.deck_dir, s.publish))
    await asyncio.sleep(0)
    return JSONResponse({"started": True}, status_code=202)


async def build_get(s: Session, _request: Request) -> Response:
    return JSONResponse(s.build.state)


def routes(s: Session) -> list[BaseRoute]:
    return [
        Route("/api/deck", s.bound(deck_post), methods=["POST"]),
        Route("/api/images", s.bound(images_get)),
        Route("/api/images", s.bound(images_post), methods=["POST"]),
        Route("/api/build", s.bound(build_post), methods=["POST"]),
        Route("/api/build", s.bound(build_get)),
    ]
