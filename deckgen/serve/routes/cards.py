"""A card's photo in the editor: what the build does with it (faces found, the crop, the problems),
the photo itself, and the page's changes to [cards.<code>] (or [faces] joker_* for the jokers)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import anyio
from PIL import Image
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from deckgen.cards import Card
from deckgen.errors import DeckgenError, UserError
from deckgen.serve.preview import at_preview_dpi, png_bytes
from deckgen.serve.session import Session, screen_jpeg
from deckgen.zoom import AUTO_ZOOM_FLOOR, ZOOM_MAX

__all__ = ["CAPTION_CONTROL", "CARD_KEYS", "JOKER_KEYS", "ZOOM_LIMITS", "card_info", "card_target", "printed_png", "routes"]

#: Keys of a card the page edits, as the editor names them.
CARD_KEYS = ("image", "focus", "zoom", "mode", "fit", "text")
JOKER_KEYS = {"image": "joker_image", "focus": "joker_focus", "zoom": "joker_zoom", "mode": "joker_mode"}
#: The zooms deck.toml takes, for the editor's slider (the page has no copy of its own).
ZOOM_LIMITS = {"zoom_min": AUTO_ZOOM_FLOOR, "zoom_max": ZOOM_MAX}
#: What a caption may hold besides letters: no line breaks or other control characters.
CAPTION_CONTROL = {chr(c) for c in range(32)} | {chr(127)}


def _card(s: Session, code: str) -> Card:
    design = s.preview.design
    if design is None:
        raise UserError("deck.toml has not been read yet")
    for card in design.profile.unique_cards():
        if card.code == code:
            return card
    raise UserError(f"the deck has no card {code}")


def card_info(s: Session, code: str) -> dict[str, Any]:
    """What the editor shows for a card: its choices, and for a photo the build's own plan (faces found,
    subject measured, once per photo file), so the editor shows what the preview and the build crop."""
    from deckgen.render.photocards import (
        plan_card,  # late: the renderers load in the first preview's thread (server.serve)
    )

    preview = s.preview
    card = _card(s, code)
    assert preview.design is not None and preview.deck is not None
    art = preview.design.faces.art(card)
    deck = preview.deck
    own = deck.cards.get(code)
    written = own.image if own and own.image else (deck.faces.joker_image if card.is_joker else None)
    info: dict[str, Any] = {
        "code": code, "joker": card.is_joker, "image": str(written) if written else None,
        "mode": art.mode, "fit": art.fit, "zoom": art.zoom or 1.0, "auto_zoom": art.zoom is None,
        "focus": list(art.focus) if art.focus else None, "faces": [], "window": None, "problems": [],
        "images": s.images, "text": art.text, **ZOOM_LIMITS,
    }
    if art.photo is not None:
        plan = plan_card(at_preview_dpi(preview.design, preview.dpi), card, art)
        assert plan is not None
        photo_px, faces = plan.photo_px, plan.faces
        w, h = photo_px
        info.update(
            photo_px=list(photo_px),
            faces=[[f.left, f.top, f.right, f.bottom] for f in faces],
            window=[plan.window[0] / w, plan.window[1] / h, plan.window[2] / w, plan.window[3] / h],
            problems=[preview.shown(p) for p in plan.problems],
            # what the build chose where the photo cannot fill its place at zoom 1 (a mat, a
            # zoom-1 crop, the whole photo), the line the build says, as the crop review shows
            choice=plan.choice, note=preview.shown(plan.note) if plan.note else None,
            zoom=plan.zoom,
            photo_version=preview.parts[code].version if code in preview.parts else 0,
        )
    return info


def printed_png(s: Session, code: str) -> bytes:
    """A photo card as it prints, marked as the crop review marks it (cropreview.mark_card): the
    preview's picture of the card, trimmed (its bleed cut off), with the whole heads, the safe zone and
    the sides where the photo meets its mat."""
    from deckgen.render.cropreview import mark_card  # late, as in card_info
    from deckgen.render.photocards import plan_card

    preview = s.preview
    card = _card(s, code)
    part = preview.parts.get(code)
    assert preview.design is not None
    art = preview.design.faces.art(card)
    if art.photo is None:
        raise UserError(f"{code} has no photo")
    if part is None or not part.png:
        raise UserError(f"{code} is not drawn yet")
    small = at_preview_dpi(preview.design, preview.dpi)
    plan = plan_card(small, card, art)
    assert plan is not None
    with Image.open(io.BytesIO(part.png)) as drawn:
        image = drawn.convert("RGB")
    b = round(small.card.box().bleed_px)
    return png_bytes(mark_card(small, art, plan, image.crop((b, b, image.width - b, image.height - b))))


def photo_jpeg(s: Session, code: str) -> bytes:
    card = _card(s, code)
    assert s.preview.design is not None
    art = s.preview.design.faces.art(card)
    if art.photo is None:
        raise UserError(f"{code} has no photo")
    return screen_jpeg(art.photo)


def card_target(s: Session, code: str, key: str) -> tuple[str, str]:
    """Where a card's key is written: [cards.<code>], or [faces] joker_* for a joker whose photo
    comes from there."""
    card = _card(s, code)
    deck = s.preview.deck
    assert deck is not None
    own = deck.cards.get(code)
    if card.is_joker and key in JOKER_KEYS and not (own and own.image) and not (own and key in own.model_fields_set):
        return "faces", JOKER_KEYS[key]
    return f"cards.{code}", key


async def card_get(s: Session, request: Request) -> Response:
    return await s.info_answer(lambda code: card_info(s, code), request.path_params["code"])


async def _picture(s: Session, request: Request, draw: Callable[[Session, str], bytes], media_type: str) -> Response:
    """A picture of the card the path names, drawn off the event loop; a 404 with the reason when it has none."""
    try:
        data = await anyio.to_thread.run_sync(draw, s, request.path_params["code"])
    except DeckgenError as exc:
        return JSONResponse({"error": s.preview.shown(str(exc))}, status_code=404)
    return Response(data, media_type=media_type, headers={"Cache-Control": "no-store"})


async def card_photo(s: Session, request: Request) -> Response:
    return await _picture(s, request, photo_jpeg, "image/jpeg")


async def card_printed(s: Session, request: Request) -> Response:
    return await _picture(s, request, printed_png, "image/png")


async def card_post(s: Session, request: Request) -> Response:
    code = request.path_params["code"]
    try:
        body = await s.read_object(request, CARD_KEYS)
        text = body.get("text")
        if "text" in body and text is not None and not isinstance(text, str):
            raise UserError("text: expected the caption as text, or null to remove it")
        if isinstance(text, str) and CAPTION_CONTROL & set(text):
            raise UserError("text: a caption is one line of text, without line breaks or tabs")
    except UserError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    if isinstance(text, str) and not text.strip():
        body["text"] = None  # an emptied caption box: the card has no caption
    return await s.edited(lambda: [(*card_target(s, code, key), value) for key, value in body.items()],
                          lambda: card_info(s, code))


def routes(s: Session) -> list[BaseRoute]:
    return [
        Route("/api/card/{code}", s.bound(card_get)),
        Route("/api/card/{code}", s.bound(card_post), methods=["POST"]),
        Route("/api/card/{code}/photo", s.bound(card_photo)),
        Route("/api/card/{code}/printed.png", s.bound(card_printed)),
    ]
