"""The pictures on the backs and the tin's lid in the editor: what the build does with each (faces
found, the part kept), the photo itself, and the page's changes to [back], [back2] or [tin]."""

from __future__ import annotations

from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from deckgen.errors import DeckgenError, UserError, unknown_choice
from deckgen.serve.routes.cards import ZOOM_LIMITS
from deckgen.serve.session import Session, screen_jpeg

__all__ = ["BACK_ONLY", "PICTURE_KEYS", "PICTURE_TABLES", "picture_info", "picture_of", "routes"]

#: The pictures on the backs and the lid: the part the page shows -> the deck.toml table that holds it.
PICTURE_TABLES = {"back": "back", "back2": "back2", "lid": "tin"}
#: Keys of a back or lid picture, as the editor names them -> as deck.toml names them.
PICTURE_KEYS = {"image": "image", "mode": "image_mode", "focus": "image_focus", "scale": "image_scale",
                "mirror": "mirror_image", "zoom": "image_zoom"}
#: The keys only a back has (the lid is seen one way up).
BACK_ONLY = ("scale", "mirror")


def picture_of(s: Session, which: str) -> tuple[Any, Any]:
    """The picture the part shows (design.Picture or None) and the deck.toml table it is written in."""
    design, deck = s.preview.design, s.preview.deck
    if design is None or deck is None:
        raise UserError("deck.toml has not been read yet")
    if which == "lid":
        return design.lid.picture, deck.tin
    if which == "back" or (which == "back2" and design.two_backs):
        return design.back_for(1 if which == "back" else 2).picture, getattr(deck, which) or deck.back
    if which == "back2":  # a known picture, but this deck makes no second back
        raise UserError("back2: this deck has one back; add a [back2] table to deck.toml for a second one")
    raise UserError(unknown_choice("picture", which, [k for k in PICTURE_TABLES if k != "back2" or design.two_backs]))


def picture_info(s: Session, which: str) -> dict[str, Any]:
    """What the editor shows for a back's or the lid's picture: its choices, the faces found, and the
    part the build keeps at the zoom it takes."""
    from deckgen.render.photos import (
        detect_faces,  # late: the renderers load in the first preview's thread (server.serve)
    )
    from deckgen.render.shopcheck import picture_fill  # late: as detect_faces

    preview = s.preview
    picture, table = picture_of(s, which)
    written = table.image
    info: dict[str, Any] = {
        "which": which, "table": PICTURE_TABLES[which], "image": str(written) if written else None,
        "shown": preview.shown(str(picture.photo.path)) if picture else None,
        "mode": picture.mode if picture else table.image_mode, "focus": list(picture.focus) if picture and picture.focus else None,
        "scale": (picture.scale if picture else table.image_scale) if which != "lid" else None,
        "mirror": table.mirror_image if which != "lid" else None,
        "faces": [], "images": s.images,
        "photo_version": preview.parts[which].version if which in preview.parts else 0,
        "zoom": picture.zoom if picture and picture.zoom else 1.0,
        "auto_zoom": picture is not None and picture.zoom is None, "window": None, **ZOOM_LIMITS,
    }
    if picture is not None:
        try:
            photo_px, faces = detect_faces(picture.photo)
            assert preview.design is not None  # picture_of said the deck is read
            fill = picture_fill(preview.design, which)
        except DeckgenError as exc:
            info["problems"] = [preview.shown(str(exc))]
        else:
            info.update(photo_px=list(photo_px), faces=[[f.left, f.top, f.right, f.bottom] for f in faces])
            if fill is not None:  # the part the back or the lid keeps, and the zoom it was taken at
                w, h = fill.size
                info.update(zoom=fill.zoom, window=[fill.window[0] / w, fill.window[1] / h,
                                                    fill.window[2] / w, fill.window[3] / h])
    return info


async def picture_get(s: Session, request: Request) -> Response:
    return await s.info_answer(lambda which: picture_info(s, which), request.path_params["which"])


async def picture_post(s: Session, request: Request) -> Response:
    """A back or lid picture: {"image": "images/x.jpg" or null, "mode": "fill" | "fit",
    "focus": [across, down] or null, "zoom": 0.85 to 8 (deckgen.zoom) or null (automatic); backs only: "scale" 0 to 1,
    "mirror" true or false}."""
    which = request.path_params["which"]
    try:
        if which not in PICTURE_TABLES:
            raise UserError(unknown_choice("picture", which, PICTURE_TABLES))
        body = await s.read_object(request, [k for k in PICTURE_KEYS if not (which == "lid" and k in BACK_ONLY)])
        if "mirror" in body and not isinstance(body["mirror"], bool):
            raise UserError("mirror: expected true or false")  # pydantic would take "yes" too
        picture_of(s, which)  # the deck has this part (a second back only when it has [back2])
    except DeckgenError as exc:
        return s.refused(exc)
    table = PICTURE_TABLES[which]
    return await s.edited(lambda: [(table, PICTURE_KEYS[key], value) for key, value in body.items()],
                          lambda: picture_info(s, which))


async def picture_photo(s: Session, request: Request) -> Response:
    def jpeg() -> bytes:
        picture, _table = picture_of(s, request.path_params["which"])
        if picture is None:
            raise UserError(f"{request.path_params['which']} has no picture")
        return screen_jpeg(picture.photo)

    try:
        data = await anyio.to_thread.run_sync(jpeg)
    except DeckgenError as exc:
        return JSONResponse({"error": s.preview.shown(str(exc))}, status_code=404)
    return Response(data, media_type="image/jpeg", headers={"Cache-Control": "no-store"})


def routes(s: Session) -> list[BaseRoute]:
    return [
        Route("/api/picture/{which}", s.bound(picture_get)),
        Route("/api/picture/{which}", s.bound(picture_post), methods=["POST"]),
        Route("/api/picture/{which}/photo", s.bound(picture_photo)),
    ]
