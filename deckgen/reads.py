"""What each part of a build reads from the resolved design: one narrow view per part.

A part's view is what its picture is drawn from, and nothing else: the build's
incremental keys (`buildcache`) and `deckgen serve`'s preview signatures both
take it from here, so the two cannot disagree about what changes a picture.
Renaming the deck redraws the ace of spades, which shows the name, and no other
face; a new photo on the queen of hearts redraws her alone. Each view comes
with the files the part reads (photos, fonts): their bytes or stamps are the
caller's to add, as each keeps them its own way.
"""

from __future__ import annotations

from pathlib import Path

from deckgen.cards import Card
from deckgen.design import Design

__all__ = ["NAME_CARDS", "back_files", "back_reads", "box_files", "box_reads", "face_files", "face_reads",
           "lid_files", "lid_reads"]

#: The cards whose face shows the deck's name (under the drawn ace of spades).
NAME_CARDS = frozenset({"AS"})


def face_reads(design: Design, card: Card) -> tuple[object, ...]:
    """A face: its own art (photo, mode, crop, caption), the inks, the deck's font, the [faces] defaults,
    what its index reads (`IndexDesign.drawn_for`: its own letter, the style, the labels that set the
    column's width), the card format and the deck, where deck.toml is (its warnings name it), and the
    deck's name on the cards that show it."""
    faces = design.faces
    name = design.name if card.code in NAME_CARDS else None
    return ("face", card, faces.art(card), faces.ink, faces.font, faces.court_mode, faces.joker_mode, faces.fit,
            faces.index.drawn_for(card), design.card, design.profile, design.source, name)


def face_files(design: Design, card: Card) -> list[Path | None]:
    """The files a face reads: the deck's font and the card's photo."""
    art = design.faces.art(card)
    return [design.faces.font, art.photo.path if art.photo else None]


def back_reads(design: Design, which: int) -> tuple[object, ...]:
    """Back 1 or 2: its design (template, palette, words, picture), the card format, the deck's name
    (a template may print it) and where deck.toml is."""
    return ("back", design.back_for(which), design.card, design.name, design.source)


def back_files(design: Design, which: int) -> list[Path | None]:
    """The files a back reads: its picture and the fonts of its words."""
    back = design.back_for(which)
    return [back.picture.photo.path if back.picture else None, *(t.font.path for t in back.texts)]


def lid_reads(design: Design) -> tuple[object, ...]:
    """The tin's lid: its design, the deck's name, the kind of box, and whether the cards go in the tin
    (said beside the lid)."""
    return ("lid", design.lid, design.name, design.source, design.box.kind, design.tin_misfit())


def lid_files(design: Design) -> list[Path | None]:
    """The files the lid reads: its picture and its two fonts."""
    lid = design.lid
    return [lid.picture.photo.path if lid.picture else None, lid.title_font.path, lid.body_font.path]


def box_reads(design: Design) -> tuple[object, ...]:
    """The tuck box: the lid's label and pattern, the first back, [box], and the card format and deck
    it is sized from (the deck's cards, reference cards counted); the print options (its print file's colour and bleed)."""
    return ("box", lid_reads(design), back_reads(design, 1), design.box, design.card, design.profile, design.card_count,
            design.print)


def box_files(design: Design) -> list[Path | None]:
    """The files the box reads: the lid's and the first back's, and the print shop's colour profile."""
    return [*lid_files(design), *back_files(design, 1), design.print.icc]
