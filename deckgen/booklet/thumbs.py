"""The deck's own faces as card pictures for the booklet (the cover's fan), cached on disk between builds;
and the look (paper, inks, letters, shape) its examples' small cards are drawn in (pictures.CardLook)."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

from PIL import Image

from deckgen.booklet.pictures import EXAMPLE_CARD_HEIGHT_MM, EXAMPLE_CARD_WIDTH_MM, CardLook, CardPicture, CardShape
from deckgen.buildcache import face_keys
from deckgen.cards import Card
from deckgen.design import Design
from deckgen.fileio import read_cached, write_cached
from deckgen.units import mm_to_px

__all__ = ["CardPictures"]

#: A cached card picture's name starts with this many characters of its face's key.
KEY_CHARS = 20
#: Card pictures are stored at the size they are printed, at this resolution.
THUMB_DPI = 300
#: The face is drawn at this resolution first (four times quicker than 300 DPI; at 12 mm wide the
#: picture needs less than half of it), then scaled to the printed size.
FACE_DPI = 150


class CardPictures:
    """The deck's own faces as pictures (the cover's fan draws them); cached on disk between builds, each
    under its face's key (deckgen.buildcache.face_keys), so a replaced photo redraws only its card. An
    example box asks only its `look` and `index`: its cards are drawn for their size (pictures.draw_small_card)."""

    def __init__(self, design: Design, cache_dir: Path | None, height_mm: float | None = None,
                 drawn: dict[tuple[Card, int], Image.Image] | None = None) -> None:
        self.design = design
        #: Faces drawn in this build, by card and resolution, shared by the sets of pictures of one booklet.
        self.drawn = drawn if drawn is not None else {}
        card = design.card
        self.shape = CardShape(card.width_mm, card.height_mm, card.corner_radius_mm)
        #: The deck's index: the names under the pictures are in the letters the pictures print.
        self.index = design.faces.index
        #: How the examples' small cards are drawn (in vectors, not from these pictures): the deck's inks,
        #: paper, letters and shape.
        self.look = CardLook(design.faces.ink, self.index, self.shape)
        # an example's card is EXAMPLE_CARD_WIDTH_MM wide, as tall as the deck's proportions make it
        self.height_mm = height_mm if height_mm is not None else self.shape.height_for(EXAMPLE_CARD_WIDTH_MM)
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self._keys: dict[str, str] = {}  # card code -> its face's key, for the deck's cards once asked
        if self.cache_dir is not None and self.cache_dir.is_dir():
            # pictures of faces that changed are never used again (nor the older one-folder-per-deck cache)
            current = {k[:KEY_CHARS] for k in self._deck_keys().values()}
            for old in self.cache_dir.iterdir():
                if old.is_dir() and re.fullmatch(r"[0-9a-f]{20}", old.name):
                    shutil.rmtree(old, ignore_errors=True)
                elif old.is_file() and old.name[:KEY_CHARS] not in current:
                    old.unlink(missing_ok=True)
        #: The pictures made so far, by card (the layout records where each is shown).
        self.made: dict[Card, CardPicture] = {}
        self.rendered = 0

    def _deck_keys(self) -> dict[str, str]:
        if not self._keys:
            self._keys = face_keys(self.design)
        return self._keys

    def _key(self, card: Card) -> str:
        keys = self._deck_keys()
        if card.code not in keys:  # an example's card the deck lacks
            keys[card.code] = face_keys(self.design, cards=[card])[card.code]
        return keys[card.code][:KEY_CHARS]

    def _render(self, card: Card) -> Image.Image:
        from deckgen.render.faces import render_face  # the renderers (OpenCV, numpy) only when a picture is drawn

        # the same face as output/cards, drawn at FACE_DPI: plenty for a picture a few centimetres tall
        dpi = FACE_DPI if self.height_mm <= 2 * EXAMPLE_CARD_HEIGHT_MM else THUMB_DPI
        design = self.design if self.design.card.dpi <= dpi else self.design.at_dpi(dpi)
        card_format = design.card
        image = self.drawn.get((card, dpi))  # the cover's card and an example's: one face drawn
        if image is None:
            image = render_face(design, card).convert("RGB")
            # trim the bleed: the picture shows the card as it is held
            bleed_px = mm_to_px(card_format.bleed_mm, card_format.dpi) if card_format.bleed_mm else 0
            w, h = image.size
            expected_w = mm_to_px(card_format.width_mm + 2 * card_format.bleed_mm, card_format.dpi)
            if bleed_px and abs(w - expected_w) <= 1:
                image = image.crop((bleed_px, bleed_px, w - bleed_px, h - bleed_px))
            self.drawn[(card, dpi)] = image
        width_mm = self.height_mm * card_format.width_mm / card_format.height_mm
        size = (mm_to_px(width_mm, THUMB_DPI), mm_to_px(self.height_mm, THUMB_DPI))
        return image.resize(size, Image.Resampling.LANCZOS)

    def __call__(self, card: Card) -> CardPicture:
        if card.is_joker and card.joker == 0:
            card = Card(None, None, 1)
        if card in self.made:
            return self.made[card]
        key = self._key(card) if self.cache_dir else ""
        pixels = mm_to_px(self.height_mm, THUMB_DPI)
        path = self.cache_dir / f"{key}-{card.code}-{pixels}px.png" if self.cache_dir else None
        inputs = f"{key}/{card.code}/{self.height_mm}"
        # the PNG kept for these inputs is used as it is, never decoded: None when edited or damaged
        png = read_cached(path, inputs) if path is not None else None
        if png is None:
            buf = io.BytesIO()
            self._render(card).save(buf, format="PNG")
            self.rendered += 1
            png = buf.getvalue()
            if path is not None:
                write_cached(path, png, inputs)
        # named by the card and the size, never the pixels: a laid-out booklet takes a new photo as it is
        reader = CardPicture(png, self.shape, key=f"{card.code}@{pixels}px")
        self.made[card] = reader
        return reader
