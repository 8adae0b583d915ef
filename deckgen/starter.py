"""`deckgen init`: a new deck folder with a commented deck.toml a person can edit straight away.

The file written is a valid deck.toml as it stands (it builds the same deck as
the demo), and every key a person is likely to change is there, commented,
with what it does and an example. It is validated before it is written.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import ValidationError

from deckgen.cards import PROFILES
from deckgen.config import ConfigError, DeckConfig, config_error_from_validation
from deckgen.errors import UserError
from deckgen.fileio import write_bytes_atomic

_TEMPLATE = """\
# deck.toml: your deck, for `deckgen build`.
# Lines starting with # are comments. Remove the # in front of a line to use it.
# Paths (images, fonts) are relative to this file's folder.

name = "{name}"

# Which cards: {profiles}.
profile = "standard-54"
# Or a deck of your own: a base deck with cards added or removed.
# [profile]
# base = "standard-52"
# remove = ["2C", "2D"]
# jokers = 2

# Resolution of the card images, and the bleed added round each card for the cutter.
dpi = 300
bleed_mm = 3

# The occasion: plain, wedding, birthday, christmas or anniversary.
theme = "{theme}"

# Your own lettering for the indices and the court cards: a .ttf or .otf file, or one of
# the fonts that come with deckgen by name (DejaVuSerif-Bold.ttf, DejaVuSans-Bold.ttf,
# DejaVuSansCondensed-Bold.ttf, Carlito-Bold.ttf ...).
# font = "fonts/MyFont.ttf"

[colours]
red = "#c8102e"
black = "#16161d"
background = "#fffdf8"   # the card's paper colour; it runs into the bleed
accent = "#c9a227"       # gold rules, crowns and stars
# Four colours: clubs green and diamonds blue, so suits are told apart at a glance.
four_colour = false
# clubs = "#1a7f37"
# diamonds = "#1f5fbf"

[faces]
# How photos on J, Q, K and jokers are laid out:
#   "mirrored": the photo in the top half, the same photo upside down in the bottom half;
#   "full":     one photo over the whole card, the corners on small plates.
court_mode = "mirrored"
joker_mode = "mirrored"
# One photo for every joker (a single joker can still have its own, below).
# joker_image = "images/joker.jpg"

# One card of your own: [cards.<code>], with the code as rank then suit (KH, QS, 10D, JK1).
# A card with no image gets the built-in design.
# [cards.KH]
# image = "images/grandpa.jpg"
# mode = "mirrored"        # or "full"; without it, [faces] decides
# focus = [0.5, 0.3]       # the point to keep in view when cropping: across, down (0 to 1)
# text = "Grandpa Joe"     # a caption on the card
#
# [cards.QH]
# image = "images/grandma.jpg"
# mode = "full"
"""

_IMAGES_README = """\
Put your photos here (JPEG, PNG or WebP), then name them in ../deck.toml, e.g.

    [cards.KH]
    image = "images/grandpa.jpg"

A photo for the mirrored layout should be at least 420 x 490 pixels, one for
the full-card layout at least 770 x 1150 pixels (at 300 DPI); smaller photos
work but print soft, and the build says so. Portrait photos suit cards best.
"""


def deck_toml_text(name: str = "My deck", theme: str = "plain") -> str:
    """The commented deck.toml that `deckgen init` writes."""
    return _TEMPLATE.format(name=name.replace('"', "'"), theme=theme, profiles=", ".join(PROFILES))


def init_deck(folder: Path, theme: str = "plain", force: bool = False) -> list[Path]:
    """Write folder/deck.toml and folder/images/; refuses to overwrite a deck.toml unless forced."""
    folder = Path(folder)
    target = folder / "deck.toml"
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder}: exists and is not a folder; expected a folder for the new deck")
    if target.exists() and not force:
        raise UserError(f"{target}: already exists; edit it, or use --force to start again")
    name = folder.resolve().name.replace("-", " ").replace("_", " ").strip() or "My deck"
    text = deck_toml_text(name[:1].upper() + name[1:], theme)
    try:
        DeckConfig.model_validate(tomllib.loads(text) | {"base_dir": folder.resolve()})
    except ValidationError as exc:
        error = config_error_from_validation("--theme", exc)
        raise ConfigError("--theme", error.key, error.message) from None
    written = [write_bytes_atomic(target, text.encode("utf-8"))]
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    readme = images / "README.txt"
    if not readme.exists():
        written.append(write_bytes_atomic(readme, _IMAGES_README.encode("utf-8")))
    return written
