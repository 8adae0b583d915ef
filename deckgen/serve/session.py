"""What every route of `deckgen serve` shares: the deck's preview, the pages listening, the build.

A `Session` is one deck folder served. Routes (deckgen/serve/routes/) are plain functions of a
session and a request, so each can be called, and tested, without the others or a server.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from deckgen.design import PhotoRef
from deckgen.errors import DeckgenError, UserError
from deckgen.formats import load_formats
from deckgen.serve.buildrun import BuildRun
from deckgen.serve.preview import Preview
from deckgen.serve.tomledit import Change, check_text, write_changes
from deckgen.serve.uploads import photo_files
from deckgen.themes import get_theme, palette_names, template_names, theme_names

__all__ = ["Hub", "Session", "choices", "screen_jpeg"]


class Hub:
    """The pages listening for changes: each gets every state published after it joined."""

    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[str]] = set()

    def publish(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        for queue in list(self.queues):
            queue.put_nowait(text)


def _formats(deck: Any) -> list[dict[str, Any]]:
    """The named card formats deck.toml may choose (a formats.toml beside it counts), with their sizes."""
    try:
        formats = load_formats(deck.base_dir if deck else None)
    except DeckgenError:  # a broken formats.toml beside deck.toml: deck.toml's error says it
        formats = load_formats(None)
    return [{"name": f.name, "title": f.title, "width_mm": f.width_mm, "height_mm": f.height_mm} for f in formats.values()]


def choices(preview: Preview) -> dict[str, Any]:
    """The lists the page offers, and what the deck chose (None: the theme's)."""
    deck = preview.deck
    theme = get_theme(deck.theme) if deck else None
    return {
        "formats": _formats(deck),
        "format": deck.format_name if deck else None,
        "themes": theme_names(),
        "templates": template_names(),
        "palettes": palette_names(),
        "theme": deck.theme if deck else None,
        "template": deck.back.template if deck else None,
        "palette": deck.back.palette if deck else None,
        "theme_template": theme.back_template if theme else None,
        "theme_palette": theme.back_palette if theme else None,
    }


class Session:
    """One deck folder served: its preview, the pages listening (`hub`), the page's build."""

    def __init__(self, deck_dir: Path, preview: Preview) -> None:
        self.deck_dir = deck_dir
        self.preview = preview
        self.hub = Hub()
        self.build = BuildRun()
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs
        preview.on_progress = self.publish

    def bound(self, handler: Callable[[Session, Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        """`handler` as a Starlette endpoint of this session."""
        async def endpoint(request: Request) -> Response:
            return await handler(self, request)

        endpoint.__name__ = endpoint.__qualname__ = handler.__name__
        return endpoint

    @property
    def images(self) -> list[str]:
        """The photos in the deck's images/ folder, as deck.toml names them."""
        return photo_files(self.deck_dir / "images")

    def full_state(self) -> dict[str, Any]:
        return self.preview.state() | {"build": self.build.state, "choices": choices(self.preview)}

    def publish(self) -> None:
        """Tell every page; safe from any thread."""
        loop = self.loop
        if loop is None:
            return
        state = self.full_state()
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self.hub.publish(state)
        else:
            try:
                loop.call_soon_threadsafe(self.hub.publish, state)
            except RuntimeError:  # the server has stopped: nobody is listening
                pass

    async def refresh(self) -> None:
        """Read deck.toml again and redraw what changed, off the event loop; then tell the pages."""
        await anyio.to_thread.run_sync(self.preview.refresh)
        self.publish()

    def refused(self, exc: DeckgenError) -> Response:
        """A request the deck refuses: 400 with the one-line reason the CLI would give."""
        return JSONResponse({"error": self.preview.shown(str(exc))}, status_code=400)

    async def info_answer(self, info: Callable[[str], dict[str, Any]], name: str) -> Response:
        """What the editor shows for a card or a picture, worked out off the event loop."""
        try:
            return JSONResponse(await anyio.to_thread.run_sync(info, name))
        except DeckgenError as exc:
            return self.refused(exc)

    def change(self, changes: list[Change]) -> None:
        """Write the page's changes into deck.toml all at once (one refused: none written)."""
        config = self.preview.config
        try:
            check_text(config, config.read_text(encoding="utf-8-sig"))
        except (DeckgenError, OSError) as exc:
            raise UserError(f"{self.preview.shown(str(exc))} (fix deck.toml first: the page changes it only when it reads "
                            "cleanly)") from None
        write_changes(config, changes)

    async def edited(self, changes: Callable[[], list[Change]], shown: Callable[[], dict[str, Any]]) -> Response:
        """Write the page's changes, draw what they changed, tell every page, and answer with what
        the editor shows now (`shown`); a refused change answers 400 with the one-line reason."""
        def apply() -> dict[str, Any]:
            self.change(changes())
            self.preview.refresh()
            return shown()

        try:
            info = await anyio.to_thread.run_sync(apply)
        except DeckgenError as exc:
            return self.refused(exc)
        self.publish()
        return JSONResponse(info)

    async def read_object(self, request: Request, allowed: Iterable[str]) -> dict[str, Any]:
        """The request's JSON object of some of the `allowed` keys; UserError otherwise."""
        try:
            body = await request.json()
        except ValueError:
            raise UserError("expected a JSON object") from None
        allowed = tuple(allowed)
        if not isinstance(body, dict) or not body or any(k not in allowed for k in body):
            raise UserError(f"expected some of {', '.join(allowed)}")
        image = body.get("image")
        if image is not None and image not in self.images:
            raise UserError(f"{image}: expected a photo in this deck's images/ folder")
        return body


def screen_jpeg(ref: PhotoRef) -> bytes:
    """A photo the editor shows: at most 900 px long, as JPEG."""
    from deckgen.render.photos import (
        small_copy,  # late: the renderers load in the first preview's thread (server.serve)
    )

    image = small_copy(ref, 900)
    if max(image.size) > 900:
        image = image.copy()
        image.thumbnail((900, 900))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()
