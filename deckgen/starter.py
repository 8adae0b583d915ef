"""`deckgen init`: a new deck folder with a commented deck.toml a person can edit straight away.

The file written is a valid deck.toml as it stands (it builds the same deck as
the demo), and every key a person is likely to change is there, commented,
with what it does and an example. It is validated before it is written.
"""

from __future__ import annotations

import json

import textwrap
import tomllib
from collections.abc import Iterable
from pathlib import Path

from pydantic import ValidationError

from deckgen.cards import PROFILES
from deckgen.config import ConfigError, DeckConfig, config_error_from_validation
from deckgen.houserules import rules_sources
from deckgen.errors import UserError, unknown_choice
from deckgen.fileio import write_bytes_atomic
from deckgen.formats import format_names
from deckgen.languages import LETTER_KEYS, get_language, language_names
from deckgen.themes import ORNAMENT_NAMES, palette_names, template_names, theme_names
from deckgen.zoom import AUTO_ZOOM_FLOOR, ZOOM_MAX

_TEMPLATE = """\
# deck.toml: your deck, for `deckgen build`.
# Lines starting with # are comments. Remove the # in front of a line to use it.
# Paths (images, fonts) are relative to this file's folder.

# The deck's name: printed under the ace of spades, and on the tin lid and the tuck box's sides
# unless [tin] title (below) sets what they show.
name = "{name}"

# The language of the indices and of the words on the lid and the box:
# {languages}. It sets the letters of the ace and the courts
# (German A K D B, French 1 R D V, Swedish E K D Kn).
language = "{language}"
# Your own letters over the language's, and the word down a joker's index:
# [letters]
{letters}
# joker = "{joker}"

# Which cards: {profiles}.
profile = "{profile}"
# Or a deck of your own: a base deck with cards added or removed.
# [profile]
# name = "no twos"         # what messages call this deck (default: custom)
# base = "standard-52"     # the deck to start from (any of the names above)
# add = ["JK1"]            # cards to add, as codes (KH, 10D, JK1)
# remove = ["2C", "2D"]    # cards to take out
# jokers = 2               # how many jokers, 0 to 9 (default: the base deck's)

# Resolution of the card images, and the bleed added round each card for the cutter.
dpi = 300
bleed_mm = 3

# The occasion: {themes}.
# It sets the colours and ornaments of the back and the tin lid (`deckgen themes` shows them);
# anything you set in [back] or [tin] below wins over the theme.
theme = "{theme}"

# Your own lettering for the indices and the court cards: a .ttf or .otf file, or one of
# the fonts that come with deckgen by name (DejaVuSerif-Bold.ttf, DejaVuSans-Bold.ttf,
# DejaVuSansCondensed-Bold.ttf, Carlito-Bold.ttf ...).
# font = "fonts/MyFont.ttf"

# The card size: {formats}
# (templates/formats.toml; skat is 59 x 91 mm and fits the tin). Any size of your own in mm
# works too, and a formats.toml beside this file adds named ones.
# card_size = "poker"      # the same as [card] format, in one line
# [card]
# format = "poker"
# width_mm = 63
# height_mm = 88
# corner_mm = 3.5          # the radius of the rounded corners
# bleed_mm = 3             # this card's own bleed (default: bleed_mm above, else the format's)
# safe_mm = 4              # the margin inside the cut that text and faces keep clear of

[colours]
red = "#c8102e"
black = "#16161d"
background = "#fffdf8"   # the card's paper colour; it runs into the bleed
accent = "#c9a227"       # gold rules, crowns and stars
# robe = "#27457f"       # the drawn courts' second cloth (default: the theme's)
# Four colours: clubs green and diamonds blue, so suits are told apart at a glance.
four_colour = false
# clubs = "#008f69"
# diamonds = "#1f5fbf"

[faces]
# How photos on J, Q, K and jokers are laid out:
#   "mirrored": the photo in the top half, the same photo upside down in the bottom half;
#   "full":     one photo over the whole card, the corners on small plates.
court_mode = "mirrored"
joker_mode = "mirrored"
# The corner index: "standard"; "large", read at arm's length (a low-vision deck); "numeric",
# 1, 11, 12, 13 under the letters of the ace and the courts. Both go with four_colour above.
# index = "standard"
# How a photo meets its place: "cover" fills it and crops; "contain" shows the whole photo,
# the rest of the card a blurred copy of it ("contain-plain": the card's own colour).
# fit = "cover"
# The mat round a photo shown a little smaller (to keep every head whole): "auto" gives a wide
# band the deck's colours with a thin rule in its accent, a narrow one the photo's own colours;
# "theme" or "photo" always.
# mat = "auto"
# One photo for every joker (a single joker can still have its own, below).
# joker_image = "images/joker.jpg"
# joker_focus = [0.5, 0.3] # the point of the joker photo to keep in view: across, down (0 to 1)
# joker_zoom = 1.5         # {zoom} (1 = the photo just covers its place, 2 = twice as close)

# One card of your own: [cards.<code>], with the code as rank then suit (KH, QS, 10D, JK1).
# A card with no image gets the built-in design. Without focus, a photo is cropped on the
# faces found in it; the build warns when a face would be cut, and
# output/preview/crops.png shows what each card keeps of its photo.
# [cards.KH]
# image = "images/grandpa.jpg"
# mode = "mirrored"        # or "full"; without it, [faces] decides
# focus = [0.5, 0.3]       # the point to keep in view when cropping: across, down (0 to 1)
# zoom = 1.5               # {zoom}: 1 = the photo just covers its place, 2 = twice as close,
#                          # 0.9 = a little farther: more of the photo, on a mat of its own colours
# fit = "contain"          # the whole photo (a landscape photo on a "full" card)
# mat = "photo"            # the mat of the photo's own colours, however wide ([faces] mat above)
# text = "Grandpa Joe"     # a caption on the card
#
# [cards.QH]
# image = "images/grandma.jpg"
# mode = "full"

# The card back. Without this table the theme decides; `deckgen backs --list` shows them all.
{templates}
{palettes}
{ornaments}
# [back]
# template = "classic"
# palette = "navy-gold"
# Or single colours over the palette's ('#rrggbb', '#rgb' or a name such as navy):
# paper = "#fffdf8"        # the margin round the field
# ground = "#1b2a4a"       # the field
# ink = "#c9a227"          # the pattern's lines
# accent = "#c9a227"       # frames, the ornament and the text
# ornament = "rosette"
# image = "images/us.jpg"  # a picture in the middle of the back
# image_mode = "fit"       # "fit" (inside a frame) or "fill" (the whole back)
# image_focus = [0.5, 0.3] # fill: the point to keep in view, across, down (0 to 1); unset: faces
# image_zoom = 1.5         # fill: {zoom}, as zoom on the courts; unset: closer on small faces
# image_scale = 0.8        # fit: the picture's size as a fraction of the field (above 0, up to 1)
# mirror_image = true      # repeat the picture upside down: the back looks the same either way up
# mirror_text = true       # the same for the text below
#
# A line of text on the back; repeat the [[back.text]] block for more lines.
# [[back.text]]
# content = "Anna & Ben, 12 June 2027"
# position = [0.5, 0.85]   # across, down, as fractions of the card (unset: the centre, where
#                          # the text takes the medallion's place); off it, also the line below:
# mirror = true            # repeat this text upside down (unset: as mirror_text says), so a text
#                          # off the centre reads either way up
# size_mm = 5              # the letter size; a long text is shrunk to fit ...
# min_size_mm = 2          # ... but never below this (then the build stops and says so)
# width = 0.8              # the fraction of the card's width the text may use (above 0, up to 1)
# colour = "#c9a227"       # default: the palette's accent
# font = "DejaVuSerif-Italic.ttf"
# plate = true             # a rounded plate behind the text so it reads on any pattern (or false)

# A second back for the second pack of a two-pack deck (profile = "double-104", or bridge):
# same keys as [back]; unset ones come from [back], with the theme's second colours.
# [back2]
# palette = "classic-blue"

# The art for the lid of the tin (141 x 100 mm). Unset words and colours come from the theme.
# [tin]
# title = "The Family Deck"
# subtitle = "Christmas 2026"
# palette = "navy-gold"    # the lid's colours (default: [back] palette when set, else the theme's)
# ornament = "rosette"     # the lid's ornament, one of the ornaments above
# image = "images/family.jpg"
# image_mode = "fit"       # "fit" (inside a frame) or "fill" (the picture's whole place)
# image_focus = [0.5, 0.3] # fill: the point to keep in view, across, down (0 to 1); unset: faces
# image_zoom = 1.5         # fill: {zoom}, as zoom on the courts; unset: closer on small faces
# title_font = "DejaVuSerif-Bold.ttf"   # a bundled font by name, or a .ttf/.otf beside this file
# body_font = "DejaVuSans-Bold.ttf"     # the same for the subtitle and the list of games
# show_games = true        # list the games of the rules booklet on the lid
# dpi = 150
# bleed_mm = 0             # printer's bleed round lid.png, 0 to 10 (lid.pdf always has 3 mm)
# corner_radius_mm = 8     # your tin's corner radius: lid.pdf's die line follows it

# The box: the tin for 59 x 91 mm cards, a printed tuck box (output/box/) for any other size.
# [box]
# kind = "tuck"            # "tin" or "tuck"
# card_thickness_mm = 0.3  # the box is this x the number of cards deep
# clearance_mm = 1.0       # room beside the cards, on each side

# Print files (`deckgen print`, also run by `deckgen build`). Print PDFs at 100 % (actual size).
# [print]
# paper = "both"           # home sheets on "a4" and "letter" (both), or one of them, "a3",
#                          #   "legal", "tabloid" or a size in mm such as "300x450"
# flip = "long"            # how your printer turns the sheet for duplex: "long" or "short" edge
# offset_x_mm = 0.0        # move the backs to line up with the faces; read the numbers off
# offset_y_mm = 0.0        #   `deckgen print --alignment-test`
# interleave = false       # print-shop PDF as face, back, face, back
# shop = "generic"         # print-shop preset: generic, meinspiel, drivethrucards or your own .toml
# cmyk = true              # print-shop PDF in CMYK PDF/X (false: sRGB, for shops that want RGB)
# icc = "profiles/printshop.icc"   # your shop's CMYK profile (default: the one deckgen ships)
# ink_limit = 300          # highest total ink in percent (default: the preset's)
# die_line = true          # a CutContour line on the print-shop PDF's trim (default: the preset's)
# printer_margin_mm = 5    # the border your printer cannot print on (0 to 25)
# gutter_mm = 2            # space between cards on the home sheets, 0 to 20 (default: automatic)
# cutter = true            # registration marks and an SVG of the cut lines (Cricut, Silhouette)
# contact_columns = 9      # columns of the contact sheet, 1 to 30 (default: automatic)

# The rules booklet: which games, and words of your own. `deckgen games` lists the games.
{games}
{booklet}# title = "Rules of the House"
# dedication = "For the Thursday club"
# extra_rules = "our-rules.md"               # a chapter of your own, in Markdown
#   It is a template like the shipped chapters: {{{{ rules.knock_limit }}}} prints your value of any
#   house rule of the games above, {{% if rules.undercut_on_tie %}}...{{% endif %}} shows text only
#   under that rule; its ```deckgen examples are checked with your house rules.

# Reference cards printed after the jokers, in the deck's style; every figure on them is worked
# out by the rules engine under your house rules. The poker card counts the hands of your game.
# [reference]
# cards = ["poker-ranking", "cribbage-counting", "gin-scoring", "bridge-scoring"]
# poker_cards = 7              # 5 or 7 cards a hand
# poker_wild = ["2"]           # your wild cards: ranks, cards (J♠), Jk, lowest

# Score sheets that follow your house rules, written by the build (and by `deckgen pads`).
# [pads]
# games = ["gin-rummy", "bridge"]   # gin-rummy, bridge, cribbage, golf
# paper = "a4"                      # a4, letter or pocket

# House rules: change a game's numbers, and the booklet's worked examples are recomputed
# with them (an example that cannot happen under them is left out, and the build says so;
# `deckgen check`, `score` and `booklet` read them here too). `deckgen games` lists every
# game's house rules and their usual values.
# [house_rules.gin-rummy]
# undercut_bonus = 20
"""

_IMAGES_README = """\
Put your photos here (JPEG, PNG or WebP), then name them in ../deck.toml, e.g.

    [cards.KH]
    image = "images/grandpa.jpg"

A photo for the mirrored layout should be at least {mirrored[0]} x {mirrored[1]} pixels, one for
the full-card layout at least {full[0]} x {full[1]} pixels (at {dpi} DPI); smaller photos
work but print soft, and the build says so. Portrait photos suit cards best.
"""


def images_readme_text(deck: DeckConfig) -> str:
    """images/README.txt: the pixels a photo needs, from the function the build checks photos with
    (so the two never disagree), for the deck's card and DPI."""
    from deckgen.render.photocards import photo_area_size  # a renderer, loaded only by `init`
    from deckgen.resolve import resolve_design

    design = resolve_design(deck)
    return _IMAGES_README.format(mirrored=photo_area_size(design, "mirrored"), full=photo_area_size(design, "full"),
                                 dpi=design.card.dpi)


_USUAL_GAMES = ["poker", "gin-rummy", "bridge"]


def _booklet_lines(profile: str) -> str:
    """The [booklet] lines: commented with the usual games when the deck plays them, else the games
    the library has for this deck (`deckfit.games_for`), which the booklet then prints."""
    from deckgen.booklet.deckfit import games_for  # late: reads every rules file

    usual = "# [booklet]\n" + f"# games = {json.dumps(_USUAL_GAMES)}\n"
    proposed = games_for(PROFILES[profile], _USUAL_GAMES)
    if proposed == _USUAL_GAMES:
        return usual
    if not proposed:
        return ("# No game of the booklet is played with this deck's cards alone: name games played with another pack.\n"
                + usual)
    listed = ", ".join(json.dumps(g) for g in proposed)
    return f"# The games played with this deck (the usual ones need cards it does not have):\n[booklet]\ngames = [{listed}]\n"


def deck_toml_text(name: str = "My deck", theme: str = "plain", profile: str = "standard-54",
                   language: str = "en") -> str:
    """The commented deck.toml that `deckgen init` writes; `profile` chooses the cards, and the
    booklet's games are the ones that deck plays; the language's values (its letters) are written."""
    if profile not in PROFILES:
        raise UserError(f"--profile: {unknown_choice('deck profile', profile, PROFILES)}")
    words = get_language(language)
    letters = "\n".join(f'# {key} = "{getattr(words, attr)}"' for key, attr in LETTER_KEYS.items())
    return _TEMPLATE.format(
        name=json.dumps(name, ensure_ascii=False)[1:-1],
        theme=theme,
        profile=profile,
        booklet=_booklet_lines(profile),
        language=language,
        languages=", ".join(language_names()),
        letters=letters,
        joker=words.joker,
        profiles="\n# ".join(textwrap.wrap(", ".join(PROFILES), 80)),  # a comment line of at most 100 characters
        themes=", ".join(theme_names()),
        formats=", ".join(format_names()),
        templates=_listing("templates:", template_names()),
        palettes=_listing("palettes: ", palette_names()),
        ornaments=_listing("ornaments:", ORNAMENT_NAMES),
        games=_listing("games:", rules_sources()),
        zoom=f"{AUTO_ZOOM_FLOOR:g} to {ZOOM_MAX:g}",
    )


def _listing(label: str, names: Iterable[str]) -> str:
    """`#   label: a, b, c` as comment lines of at most 92 characters."""
    head = f"#   {label} "
    return textwrap.fill(", ".join(names), width=92, initial_indent=head, subsequent_indent="#" + " " * (len(head) - 1),
                         break_on_hyphens=False)


def deck_name_for(folder: Path, language: str = "en") -> str:
    """The name `init` gives a deck in `folder` when none is asked for: the folder's name as words
    (`family-deck` is "Family deck"), or "My deck" in the deck's language."""
    name = Path(folder).resolve().name.replace("-", " ").replace("_", " ").strip() or get_language(language).word("My deck")
    return name[:1].upper() + name[1:]


def init_deck(
    folder: Path, theme: str = "plain", force: bool = False, name: str | None = None, profile: str = "standard-54",
    language: str = "en",
) -> list[Path]:
    """Write folder/deck.toml and folder/images/; refuses to overwrite a deck.toml unless forced.
    The deck is called `name`, else after its folder (`deck_name_for`); `profile` chooses its cards
    and the booklet's games (`deck_toml_text`); its indices and printed words are in `language`
    (templates/languages)."""
    folder = Path(folder)
    target = folder / "deck.toml"
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder}: exists and is not a folder; expected a folder for the new deck")
    if target.exists() and not force:
        raise UserError(f"{target}: already exists; edit it, or use --force to start again")
    if theme not in theme_names():
        raise UserError(f"--theme: {unknown_choice('theme', theme, theme_names())}")
    if language not in language_names():
        raise UserError(f"--language: {unknown_choice('language', language, language_names())}")
    text = deck_toml_text(deck_name_for(folder, language) if name is None else name, theme, profile, language)
    try:
        deck = DeckConfig.model_validate(tomllib.loads(text) | {"base_dir": folder.resolve()})
    except ValidationError as exc:
        error = config_error_from_validation("--theme", exc)
        raise ConfigError("--theme", error.key, error.message) from None
    written = [write_bytes_atomic(target, text.encode("utf-8"))]
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    readme = images / "README.txt"
    if not readme.exists():
        written.append(write_bytes_atomic(readme, images_readme_text(deck).encode("utf-8")))
    return written
