"""Deck folders for the `deckgen serve` tests: a commented deck.toml with a photo on KH."""

from __future__ import annotations

from pathlib import Path

from photo_samples import astronaut

DECK_TOML = """\
# Our wedding deck: a comment the page must keep.
name = "Ann & Bo"   # printed under the ace of spades
theme = "wedding"

[faces]
court_mode = "mirrored"   # the photo twice, head to foot

# Grandpa on the king of hearts
[cards.KH]
image = "images/kh.jpg"   # his best photo
text = "Grandpa Joe"

[back]
# the back's colours
palette = "navy-gold"
"""


def make_deck(folder: Path, text: str = DECK_TOML) -> Path:
    """A deck folder with deck.toml and images/kh.jpg (the astronaut); returns the folder."""
    (folder / "images").mkdir(parents=True, exist_ok=True)
    astronaut().save(folder / "images" / "kh.jpg", quality=90)
    (folder / "deck.toml").write_text(text, encoding="utf-8")
    return folder
