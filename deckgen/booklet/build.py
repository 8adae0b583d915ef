"""Building the rules booklet: sources -> house rules -> checked examples -> flowables -> PDFs.

This is the one place where the rules engine and the renderers meet. Every
worked example is recomputed with the deck's house rules before anything is
drawn; one wrong claim stops the build with its file:line, and no PDF is
written (a good booklet from an earlier build stays in place).
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import re
import shutil
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PIL import Image

from deckgen.booklet.boxes import ExampleView
from deckgen.booklet.chapter import Chapter, parse_chapter
from deckgen.booklet.deckfit import DeckFit, fit
from deckgen.booklet.check import ExampleResult, Failure, check_block, show, to_plain
from deckgen.booklet.examples import ExampleBlock
from deckgen.booklet.impose import impose
from deckgen.booklet.markdown import Converter, chapter_header, rating_dots
from deckgen.booklet.pdf import Cover, PageLayout, PdfChapter, lay_out_pocket, save_pocket
from deckgen.booklet.pictures import EXAMPLE_CARD_HEIGHT_MM, EXAMPLE_CARD_WIDTH_MM, CardImages, CardPicture, CardShape, Hand
from deckgen.booklet.sources import HouseRules, RulesSource, in_sentence, load_source, rule_change_words, rule_words, value_words
from deckgen.booklet.styles import Palette, Styles, typographic
from deckgen.booklet.tables import TableCache, TableMaker, default_table_requests, own_rules
from deckgen.cards import Card, CardError, deck_label, parse_card, parse_cards
from deckgen.design import Design
from deckgen.engine.base import ExampleError, GameSpec
from deckgen.engine.registry import get_table
from deckgen.errors import ConfigError, DeckgenWarning, UserError, UserErrorLines, unknown_choice, warn
from deckgen.buildcache import booklet_layout_key, face_keys
from deckgen.fileio import read_cached, write_cached
from deckgen.forked import Forked, can_fork
from deckgen.paths import as_written, not_found
from deckgen.render.pdfdate import PdfDate, pdf_date
from deckgen.resources import data_dir
from deckgen.units import mm_to_px

__all__ = [
    "IMPOSED_NAMES",
    "POCKET_NAME",
    "ExampleFailed",
    "booklet_step",
    "build_booklet",
    "cover_cards",
]

Advance = Callable[[str], None]

POCKET_NAME = "rules-pocket.pdf"
IMPOSED_NAMES = {"a4": "rules-pocket-imposed-a4.pdf", "letter": "rules-pocket-imposed-letter.pdf"}
#: A cached card picture's name starts with this many characters of its face's key.
KEY_CHARS = 20
#: Card pictures are stored at the size they are printed, at this resolution.
THUMB_DPI = 300
#: The face is drawn at this resolution first (four times quicker than 300 DPI; at 12 mm wide the
#: picture needs less than half of it), then scaled to the printed size.
FACE_DPI = 150
COVER_CARD_MM = 26.0


class ExampleFailed(UserErrorLines):
    """A worked example that the engine contradicts: the booklet is not built. One line per failed claim."""


# ----------------------------------------------------------------------------- sources


def rules_path(game: str, rules_dir: Path | None = None, config_file: Path | None = None) -> Path:
    """The rules source of a game in `rules_dir` (default: the shipped rules)."""
    folder = Path(rules_dir) if rules_dir else data_dir("rules")
    path = folder / f"{game}.md"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.md"))
        raise ConfigError(config_file, "booklet.games", unknown_choice("game", game, known))
    return path


@dataclass
class CheckedChapter:
    """One parsed chapter with every example recomputed under the house rules."""

    chapter: Chapter
    results: list[ExampleResult]
    #: One line for each shipped example left out because it cannot happen under the house rules.
    left_out: list[str] = field(default_factory=list)
    #: The deck maker's own chapter (its claims are theirs), not a shipped one.
    own: bool = True

    def __post_init__(self) -> None:
        self._by_block = {id(r.block): r for r in self.results}

    @property
    def source(self) -> RulesSource:
        return self.chapter.source

    @property
    def markdown(self) -> str:
        return self.chapter.markdown

    @property
    def rules(self) -> dict[str, Any]:
        return self.chapter.rules

    def result_of(self, block: ExampleBlock) -> ExampleResult | None:
        return self._by_block.get(id(block))


def read_chapter(source: RulesSource, house_rules: HouseRules | None) -> Chapter:
    """A source parsed once with the house rules, with its games' default tables."""
    try:
        specs = source.engine_games if source.is_template else []
    except UserError:
        specs = []  # the unknown engine game is reported when the source is rendered
    return parse_chapter(source, house_rules, default_tables=default_table_requests(specs))


class DeckMismatch(DeckgenWarning):
    """A game of the booklet needs more or other cards than the deck has, or a look its courts lack."""


class ExampleLeftOut(DeckgenWarning):
    """A shipped worked example that cannot happen under the deck's house rules: not in this booklet."""


def _fail(failures: Sequence[Failure]) -> ExampleFailed:
    lines = [str(f) for f in failures]
    return ExampleFailed([*lines, f"the booklet was not built: {len(failures)} worked example claim(s) failed"])


def check_chapter(chapter: Chapter, house_rules: HouseRules | None, own: bool = True) -> CheckedChapter:
    """Recompute each example of a parsed chapter under the house rules.

    `own`: the deck maker's chapter, whose claims are theirs: any wrong one raises
    ExampleFailed with every file:line, exactly as `deckgen check` reports it. A shipped
    chapter's claims are checked against the default rules (that keeps the sources
    right); under other house rules its boxes show what the engine computes for them, and
    an example the engine refuses under them (a knock above the knock limit) is left out
    with an `ExampleLeftOut` warning. A valid house rule never stops the build.
    """
    _ratings(chapter.source)
    memo: dict[tuple[str, str | None], Any] = {}  # the house rules of each game, worked out once for the chapter
    results = [check_block(b, house_rules, chapter.rules_name, rules_memo=memo) for b in chapter.examples]
    if own:
        failures = [f for r in results for f in r.failures]
        if failures:
            raise _fail(failures)
        return CheckedChapter(chapter, results)
    kept: list[ExampleResult] = []
    left_out: list[str] = []
    usual_blocks: dict[int, ExampleBlock] | None = None
    for result in results:
        if result.ok:
            kept.append(result)
            continue
        if usual_blocks is None:
            # the same examples as written for the usual rules (templated claims rendered with them)
            usual_chapter = parse_chapter(chapter.source, None)
            usual_blocks = {b.fence: b for b in usual_chapter.examples}
        usual_block = usual_blocks.get(result.block.fence)
        usual = check_block(usual_block, None, chapter.rules_name) if usual_block is not None else None
        if usual is not None and not usual.ok:
            raise _fail(usual.failures)  # wrong under the usual rules too: the source itself is wrong
        if result.computed:
            kept.append(result)  # a different outcome under these house rules: the box shows it,
            for claim, words in result.rewords:  # and the prose says it
                claim.reword(words)
            continue
        reason = result.failures[0].message
        left_out.append(
            f"{chapter.source.title}: a worked example is left out of the booklet because it cannot happen "
            f"under your house rules ({reason}) [{Path(result.block.file).name}:{result.block.fence}]"
        )
    done = CheckedChapter(chapter, kept, left_out, own=False)
    _say_left_out(done)
    return done


def _say_left_out(checked: CheckedChapter) -> None:
    for line in checked.left_out:
        warn(ExampleLeftOut(line))


#: Shipped chapters already checked in this process, by their source text and house rules: the
#: preflight of `deckgen build` and its booklet step check each chapter once.
_CHECKED: dict[tuple[str, str, str], CheckedChapter] = {}


def checked_shipped(source: RulesSource, house_rules: HouseRules | None) -> CheckedChapter:
    """A shipped chapter read and checked under the house rules (see `check_chapter`), once per process."""
    key = (str(source.path), source.text, json.dumps(house_rules or {}, sort_keys=True, default=str))
    done = _CHECKED.get(key)
    if done is None:
        done = check_chapter(read_chapter(source, house_rules), house_rules, own=False)
        if len(_CHECKED) >= 64:
            _CHECKED.clear()
        _CHECKED[key] = done
    else:
        _say_left_out(done)
    return done


def extra_rules_file(design: Design) -> Path | None:
    """The deck's own rules chapter (`booklet.extra_rules`), or None; a file that is not there is a
    ConfigError naming the key (said the same by the preflight and the booklet step)."""
    path = design.booklet.extra_rules
    if path is not None and not path.is_file():
        raise ConfigError(design.source, "booklet.extra_rules", f"{as_written(path, design.base_dir)}: "
                          f"{not_found('file', path, design.base_dir)}")
    return path


def read_own_chapter(path: Path, house_rules: HouseRules | None, games: Sequence[Chapter]) -> Chapter:
    """The deck maker's own chapter (`extra_rules`): a template exactly like the shipped ones, seeing
    `rules` with every house-rule parameter of the booklet's games (and of any game it names itself)."""
    variables: dict[str, Any] = {}
    for chapter in games:
        for key, value in chapter.rules.items():
            variables.setdefault(key, value)
    return parse_chapter(load_source(path), house_rules, template=True, rules=variables)


def check_source(source: RulesSource, house_rules: HouseRules | None, own: bool = True) -> CheckedChapter:
    """Parse a source with the house rules and recompute each of its examples (see `check_chapter`)."""
    return check_chapter(read_chapter(source, house_rules), house_rules, own)


# ----------------------------------------------------------------------------- example views


def _words(value: Any) -> str:
    """An input value as a person writes it: yes/no, `Ann: 3, Bob: 5`, `A, 2, J`."""
    return value_words(value)


def _label(name: str) -> str:
    return name.replace("_", " ").replace("-", " ").strip().capitalize()


def _one_of(key: str) -> str:
    """An input's name for one player's part of it: `hands` is "hand", `trick` stays "trick"."""
    word = _label(key).lower()
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _cards_of(value: Any) -> list[Card] | None:
    try:
        cards = parse_cards(value if isinstance(value, str) else [str(v) for v in value])
    except (CardError, TypeError):
        return None
    return cards or None


def _arranged(result: ExampleResult) -> Mapping[str, Sequence[Sequence[Card]]]:
    """The engine's grouping of each card input (gin's melds and deadwood), or nothing."""
    spec = result.spec
    if spec is None or spec.arrange is None:
        return {}
    try:
        return spec.arrange(result.inputs, result.rules)
    except (ExampleError, CardError):
        return {}


def _hand(label: str, cards: list[Card], groups: Sequence[Sequence[Card]] | None = None) -> Hand:
    """A hand in the engine's groups when they hold exactly its cards, else as one group."""
    if groups and sorted(map(str, (c for g in groups for c in g))) == sorted(map(str, cards)):
        return Hand(label, tuple(tuple(g) for g in groups if g))
    return Hand(label, (tuple(cards),))


def _input_words(spec: GameSpec, key: str, value: Any) -> str:
    """An input's value in words: the label of a choice (`omaha-hilo` is "Omaha high-low"), also
    for each item of a list (`wild: [K, lowest]` is "K, each hand's lowest card")."""
    if isinstance(value, list) and spec.choices.get(key):
        return ", ".join(_input_words(spec, key, v) for v in value)
    for choice in spec.choices.get(key, ()):
        if isinstance(value, str) and choice.value == value.strip().lower():
            return str(choice.label)
    return value_words(value, phrase=spec.phrase)


def names_in(value: Any) -> set[str]:
    """Every capitalised word an example's inputs use (players, sides: Ann, NS, We): words that keep
    their capital in the middle of a sentence."""
    if isinstance(value, Mapping):
        return set().union(*(names_in(k) | names_in(v) for k, v in value.items())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(names_in(v) for v in value)) if value else set()
    if isinstance(value, str):
        return {w for w in re.findall(r"[A-Za-z][\w']*", value) if w[0].isupper()}
    return set()


def _clause(line: str, names: set[str]) -> str:
    """A sentence of the engine's account as a clause of a longer one: its capital dropped, unless it
    starts with a name ("Ann"), an abbreviation ("NS", "IMPs") or a card."""
    line = line.strip().rstrip(".")
    first = re.match(r"[A-Za-z][\w']*", line)
    if first is None or first.group(0) in names or not line[1:2].islower():
        return line
    return line[0].lower() + line[1:]


def condensed(lines: Sequence[str], names: Collection[str] = ()) -> list[str]:
    """The engine's account (`explain`, a line per step) as at most two sentences: all but the last
    line joined into one, the last (the result) kept as the second.

    >>> condensed(["Ann: pair of fives", "Bob: pair of fours", "Ann wins"], {"Ann", "Bob"})
    ['Ann: pair of fives; Bob: pair of fours.', 'Ann wins.']
    >>> condensed(["Wild are 2, 7", "Ann adds 40, total 50", "Bob adds 5, total 17"], {"Ann", "Bob"})
    ['Wild are 2, 7; Ann adds 40, total 50; Bob adds 5, total 17.']
    >>> condensed(["4♥ made exactly", "Contract 120 + game 300", "Score: +420"])
    ['4♥ made exactly; contract 120 + game 300.', 'Score: +420.']
    """
    lines = [line.strip() for line in lines if line.strip()]
    lines = [line[0].upper() + line[1:] for line in lines]
    if len(lines) > 2:
        # the last line is the result, a sentence of its own; unless it is one more of a list of
        # lines about each player in turn ("Bob adds 0, total 30", "Cy adds 5, total 17")
        def player(line: str) -> bool:
            first = re.match(r"[A-Za-z][\w']*", line)
            return first is not None and first.group(0) in names

        last, before = lines[-1].split(), lines[-2].split()
        if player(lines[-1]) and player(lines[-2]) and last[0] != before[0] and last[1:2] == before[1:2]:
            return ["; ".join([lines[0].rstrip(".")] + [_clause(line, set(names)) for line in lines[1:]]).rstrip(".") + "."]
        head = "; ".join([lines[0].rstrip(".")] + [_clause(line, set(names)) for line in lines[1:-1]])
        lines = [head, lines[-1]]
    return [line if line.endswith((".", "!", "?")) else line.rstrip(":") + "." for line in lines]


def _outcome(result: ExampleResult) -> list[str]:
    """The outcome in one or two sentences: the game's own wording for the booklet, else its account
    condensed, else its values of what the example is about."""
    if result.summary:
        return [line if line.endswith((".", "!", "?")) else line + "." for line in result.summary]
    if result.explain:
        return condensed(result.explain, names_in(result.inputs))
    spec = result.spec
    assert spec is not None
    out: list[str] = []
    for name in result.claims:
        quantity = spec.quantity(str(name))
        if quantity is None or quantity.name not in result.computed:
            continue
        value = result.computed[quantity.name]
        text = show(value, quantity.kind) if quantity.kind == "cards" else _words(to_plain(value))
        out.append(f"{_label(quantity.name) if not out else in_sentence(_label(quantity.name))}: {text}")
    return ["; ".join(out) + "."] if out else []


def example_view(result: ExampleResult, active: Mapping[str, Any] | None = None) -> ExampleView:
    """The box's contents from a computed example: hands as cards (grouped as the engine lays them
    down), other inputs as facts, the outcome under the booklet's house rules.

    A house rule the example fixes for itself is shown in the box only when it differs from the
    chapter's `active` rules (an example that pins the usual knock limit at a table that plays the
    usual knock limit says nothing about it)."""
    spec = result.spec
    assert spec is not None
    arranged = _arranged(result)
    hands: list[Hand] = []
    facts: list[tuple[str, str]] = []
    by_player = [k for k, v in result.inputs.items() if k in spec.card_inputs and isinstance(v, Mapping)]
    records = list(spec.records(result.inputs, result.rules)) if spec.records is not None else []
    recorded = {name for record in records for name in record.inputs}
    for key, value in result.inputs.items():
        if key in recorded:
            continue  # shown as the record's table
        if key in spec.card_inputs:
            if isinstance(value, Mapping):
                for name, cards in value.items():
                    parsed = _cards_of(cards)
                    if parsed:
                        # two inputs by player (a trick and the hands before it, stud's down and up
                        # cards) name the input too, or the box shows each player twice, unexplained
                        label = f"{name} ({_one_of(key)})" if len(by_player) > 1 else str(name)
                        hands.append(_hand(label, parsed))
                    else:
                        facts.append((str(name), _words(cards) or "no cards"))
                continue
            if isinstance(value, list) and value and all(isinstance(v, (str, list)) for v in value) and any(
                isinstance(v, list) or len(str(v).split()) > 1 for v in value
            ):
                for i, item in enumerate(value, start=1):
                    parsed = _cards_of(item)
                    if parsed:
                        hands.append(_hand(f"{_label(key)} {i}", parsed))
                continue
            parsed = _cards_of(value)
            if parsed:
                hands.append(_hand(_label(key), parsed, arranged.get(key)))
                continue
        said = spec.phrase(key, value)
        if said is None and spec.choices.get(key):
            words = _input_words(spec, key, value)
            if _label(key).lower() in words.lower():  # a choice's label that names its input stands alone:
                said = words  # "Rubber scoring", not "Scoring rubber scoring"
        # a yes/no input reads as the engine's phrase for it, standing alone ("Not vulnerable")
        facts.append(("", said[:1].upper() + said[1:]) if said else (_label(key), _input_words(spec, key, value)))
    overrides = result.block.data.get("rules") if result.block.data else None
    note = ""
    if isinstance(overrides, Mapping) and overrides:
        shown = {
            k: v for k, v in overrides.items() if active is None or k not in active or _words(active[k]) != _words(v)
        }
        note = "; ".join(rule_words(str(k), v) for k, v in shown.items())
    return ExampleView(hands=hands, sentences=_outcome(result), rules_note=note, facts=facts, records=records)


# ----------------------------------------------------------------------------- card pictures


class CardPictures:
    """The deck's own faces, small enough for an example box; cached on disk between builds, each
    under its face's key (deckgen.buildcache.face_keys), so a replaced photo redraws only its card."""

    def __init__(self, design: Design, cache_dir: Path | None, height_mm: float | None = None,
                 drawn: dict[tuple[Card, int], Image.Image] | None = None) -> None:
        self.design = design
        #: Faces drawn in this build, by card and resolution, shared by the sets of pictures of one booklet.
        self.drawn = drawn if drawn is not None else {}
        card = design.card
        self.shape = CardShape(card.width_mm, card.height_mm, card.corner_radius_mm)
        #: The deck's index: the names under the pictures are in the letters the pictures print.
        self.index = design.faces.index
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


# ----------------------------------------------------------------------------- colours


def _colophon(title: str, deck_name: str, checked: Sequence[CheckedChapter]) -> str:
    """The back page's words: what this booklet is, and the house rules it was checked with."""
    house = [f"{c.source.title}: {'; '.join(changed_rules(c))}" for c in checked if changed_rules(c)]
    text = (
        f"{title} for {deck_name}. Every worked example in this booklet was computed and verified by "
        f"deckgen for {'these house rules' if house else 'the usual rules of each game'}."
    )
    if house:
        text += "\n\nHouse rules at this table. " + " · ".join(house) + "."
    return typographic(text)


def cover_cards(design: Design, count: int = 4) -> list[Card]:
    """The cards fanned on the cover: those the deck maker gave their own pictures, then courts and an ace."""
    in_deck = design.profile.unique_cards()
    chosen_cards = design.faces.cards
    own = [c for c in in_deck if c.code in chosen_cards and chosen_cards[c.code].photo is not None]
    fallback = [c for c in parse_cards("A♠ K♥ Q♣ J♦ Jk1 10♥") if c in in_deck]
    chosen = list(dict.fromkeys(own + fallback))[:count]
    return chosen or in_deck[:count]


def theme_colours(design: Design) -> tuple[Palette, dict[str, str], tuple[str, str]]:
    """The booklet's inside palette, the cover colours and the cover fonts, as the design resolved them."""
    c = design.booklet.colours
    inside = Palette(ink=c["ink"], red=c["red"], accent=c["accent"], accent_light=c["accent_light"], rule=c["rule"])
    cover = {"background": c["cover_background"], "text": c["cover_text"], "accent": c["cover_accent"]}
    return inside, cover, (design.booklet.title_font, design.booklet.body_font)


# ----------------------------------------------------------------------------- chapters


def _facts(source: RulesSource) -> list[tuple[str, str]]:
    meta = source.meta
    facts: list[tuple[str, str]] = []
    if meta.get("players"):
        facts.append(("Players", str(meta["players"])))
    if meta.get("deck"):
        facts.append(("Deck", deck_label(str(meta["deck"]))))
    for key, value in _ratings(source).items():
        facts.append((key.capitalize(), rating_dots(int(value))))
    return facts


def _ratings(source: RulesSource) -> dict[str, int | float]:
    """The chapter's luck, brains and fun ratings; one that is not a number is a one-line error
    (checked when the chapter is, before anything is drawn)."""
    ratings = source.meta.get("ratings") or {}
    found: dict[str, int | float] = {}
    if isinstance(ratings, Mapping):
        for key in ("luck", "brains", "fun"):
            if key in ratings:
                value = ratings[key]
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise UserError(f"{source.path}:1: ratings: {key}: expected a whole number from 0 to 5, got {value!r}")
                found[key] = value
    return found


def _chapter(
    checked: CheckedChapter,
    styles: Styles,
    images: CardImages,
    cache: TableCache,
    index: int,
    title: str | None = None,
    deck_notes: Sequence[str] = (),
) -> PdfChapter:
    source = checked.source
    title = title or source.title
    specs = source.engine_games if source.is_template else []
    maker = TableMaker(rules=checked.rules, cache=cache, specs=specs)

    def view(block: ExampleBlock) -> ExampleView | None:
        result = checked.result_of(block)
        return example_view(result, checked.rules) if result is not None else None

    # a shipped chapter's table claims hold for the usual rules; under others its tables show their numbers
    claims = checked.own or not changed_rules(checked)
    converter = Converter(styles, images, checked.chapter, view, table_for=maker, key_prefix=f"c{index}", table_claims=claims)
    flowables = chapter_header(title, _facts(source), styles, f"c{index}", "; ".join(changed_rules(checked)), " ".join(deck_notes))
    flowables += converter.convert()
    return PdfChapter(title, flowables)


def changed_rules(checked: CheckedChapter) -> list[str]:
    """The chapter's house rules that differ from the usual values, worded: `gin bonus 20 (usually 25)`."""
    changed: list[str] = []
    seen: set[str] = set()
    for spec in checked.source.engine_games if checked.source.is_template else []:
        for param in spec.parameters:
            value = checked.rules.get(param.name, param.default)
            if value != param.default and param.name not in seen:
                seen.add(param.name)
                changed.append(rule_change_words(param.name, value, param.default))
    return changed


def _title_of(source: RulesSource, markdown: str, fallback: str) -> str:
    if source.meta.get("title"):
        return str(source.meta["title"])
    match = re.search(r"^#\s+(.+)$", markdown, flags=re.MULTILINE)
    return match.group(1).strip() if match else fallback


# ----------------------------------------------------------------------------- the build


def build_booklet(
    design: Design,
    out_dir: Path,
    advance: Advance | None = None,
    rules_dir: Path | None = None,
    imposed: Sequence[str] = ("a4", "letter"),
    date: PdfDate | None = None,
    cores: int | None = None,
) -> list[Path]:
    """Check every example, then write output/booklet/rules-pocket.pdf and its imposed versions.
    `cores`: how many processes it may keep busy (None: every core; 1: no process beside this one).

    The booklet laid out (its pages with the card pictures named, not stored) is kept in the cache
    under `booklet_layout_key`. When a build changed nothing but photos, the new pictures are
    attached to it: no example is checked and no page laid out again, as none of them can differ.
    `date`: the build's; by default read here, once: the pocket and its impositions carry the same date."""
    advance = advance or (lambda _label: None)
    date = pdf_date(date)
    out_dir = Path(out_dir)
    cache_root = out_dir / ".cache" / "booklet"
    sources_files = [rules_path(game, rules_dir, design.config_file) for game in design.booklet.games]
    drawn: dict[tuple[Card, int], Image.Image] = {}
    pictures = {
        "example": CardPictures(design, cache_root / "cards", drawn=drawn),
        # the cover's cards are drawn up to 26 mm tall: pictures of their own, at that size
        "cover": CardPictures(design, cache_root / "cards", height_mm=COVER_CARD_MM, drawn=drawn),
    }
    layout_key = booklet_layout_key(design, sources_files, date)
    kept = _kept_layout(cache_root, layout_key, pictures)
    if kept is not None:
        for game in design.booklet.games:
            advance(game)
        if design.booklet.extra_rules is not None:
            advance("house rules")
    beside = cores is None or cores > 1  # another process may work meanwhile
    vector, placed = kept if kept is not None else _lay_out(design, sources_files, cache_root, pictures, advance, date,
                                                            beside)
    target = out_dir / "booklet" / POCKET_NAME
    save_pocket(vector, placed, target)
    if kept is None:
        _keep_layout(cache_root, layout_key, vector, pictures)
    advance("pocket PDF")
    written = [target]
    paths = [out_dir / "booklet" / IMPOSED_NAMES[sheet] for sheet in imposed]
    # the last sheet size is imposed in a child process while this one imposes the others (same files)
    last = Forked(lambda: impose(target, paths[-1], imposed[-1], date), "the booklet's imposition") \
        if len(paths) > 1 and beside and can_fork() else None
    try:
        for sheet, path in zip(imposed, paths):
            if last is not None and path == paths[-1]:
                last.result()
            else:
                impose(target, path, sheet, date)
            written.append(path)
            advance(f"imposed {sheet}")
    finally:
        if last is not None:
            last.stop()
    return written


#: The last booklet laid out, in the booklet's cache folder: its key's checksum beside it.
LAYOUT_FILE = "layout.bin"


def _kept_layout(cache_root: Path, key: str, pictures: Mapping[str, CardPictures]) -> tuple[bytes, list[CardPicture]] | None:
    """The booklet laid out by an earlier build with the same key, and its pictures (drawn now, or
    kept by their face's key) with the pages that show them; None when there is none."""
    data = read_cached(cache_root / LAYOUT_FILE, key)
    if data is None:
        return None
    head, _, vector = data.partition(b"\n")
    placed: list[CardPicture] = []
    try:
        for kind, code, name, pages in json.loads(head.decode("utf-8"))["pictures"]:
            picture = pictures[kind](parse_card(code))
            if not isinstance(picture, CardPicture) or picture.key != name:
                return None
            picture.pages.update(int(n) for n in pages)
            placed.append(picture)
    except (ValueError, KeyError, TypeError, CardError, UnicodeDecodeError):
        return None
    return vector, placed


def _keep_layout(cache_root: Path, key: str, vector: bytes, pictures: Mapping[str, CardPictures]) -> None:
    """Keep the layout for the next build, with where each picture goes (written only once the
    booklet is: a build stopped before that leaves the earlier record, which its key still tells apart)."""
    shown = [[kind, card.code, p.key, sorted(p.pages)] for kind, source in sorted(pictures.items())
             for card, p in source.made.items() if p.pages]
    head = json.dumps({"pictures": shown}, separators=(",", ":")).encode("utf-8")
    write_cached(cache_root / LAYOUT_FILE, head + b"\n" + vector, key)


def _lay_out(design: Design, sources_files: Sequence[Path], cache_root: Path,
             pictures: Mapping[str, CardPictures], advance: Advance, date: PdfDate,
             beside: bool = True) -> tuple[bytes, list[CardPicture]]:
    """Check every example and lay the booklet out, dated `date`; its PDF without the pictures, and the pictures."""
    house = design.house_rules
    numbers = TableCache(cache_root / "tables")
    sources = [load_source(path) for path in sources_files]
    checked: list[CheckedChapter] = []
    fits: list[DeckFit] = []
    for source in sources:
        checked.append(checked_shipped(source, house))
        fits.append(fit(design, source))
        for line in fits[-1].warnings:
            warn(DeckMismatch(line))
        advance(source.name)
    chapters = [c.chapter for c in checked]
    # a count that is neither shipped nor cached takes seconds: another process works it out meanwhile
    counting = _count_in_background(numbers, _slow_tables_needed(chapters)) if beside else None
    examples = pictures["example"]
    try:
        extra: CheckedChapter | None = None
        path = extra_rules_file(design)
        if path is not None:
            extra = check_chapter(read_own_chapter(path, house, chapters), house)
            advance("house rules")

        inside, cover_colours, (title_font, body_font) = theme_colours(design)
        titles = [c.source.title for c in checked]
        booklet_title = design.booklet.title or "Rules of the games"
        cover = Cover(
            deck_name=design.name,
            title=booklet_title,
            dedication=design.booklet.dedication or "",
            games=titles,
            author=design.name,
            title_font=title_font,
            body_font=body_font,
            colophon=_colophon(booklet_title, design.name, checked),
            fan=[pictures["cover"](card) for card in cover_cards(design)],
            **cover_colours,
        )
        for done in checked + ([extra] if extra else []):
            for result in done.results:
                for hand in example_view(result).hands:
                    for card in hand.cards:
                        examples(card)
    except BaseException:
        if counting is not None:
            counting.terminate()  # the build stops here: so does the worker it started
        raise
    if counting is not None:
        counting.join()  # the counts are in the cache now (or are counted below if the worker failed)

    def pdf_chapters(styles: Styles) -> list[PdfChapter]:
        out = [_chapter(c, styles, examples, numbers, i, deck_notes=f.notes) for i, (c, f) in enumerate(zip(checked, fits), start=1)]
        if extra is not None:
            title = _title_of(extra.source, extra.markdown, "Our house rules")
            out.append(_chapter(extra, styles, examples, numbers, len(out) + 1, title))
        return out

    vector, _pages = lay_out_pocket(cover, pdf_chapters, inside, PageLayout(), date)
    return vector, [p for source in pictures.values() for p in source.made.values()]


#: A slow table to count ahead: (table name, the owning game's rules, the request's options).
SlowTable = tuple[str, dict[str, Any], dict[str, Any]]


def _slow_tables_needed(chapters: Sequence[Chapter]) -> list[SlowTable]:
    """The slow tables (whose counts take seconds) the chapters will print, with their games' rules:
    the chapters' own blocks, or their games' default tables."""
    needed: list[SlowTable] = []
    for chapter in chapters:
        for request in chapter.all_tables:
            found = get_table(str(request.spec.get("table", "")))
            if request.error or found is None or not found[1].slow:
                continue
            spec, table = found
            try:
                rules = own_rules(spec, chapter.rules)
            except ExampleError:
                continue  # reported with its line when the chapter is drawn
            needed.append((table.name, rules, {k: v for k, v in request.spec.items() if k != "table"}))
    return needed


def _count_tables(folder: str, needed: list[SlowTable], parent: int | None = None) -> None:
    """In a worker process: build each slow table once, which leaves its counts in the cache. It dies
    with its `parent` and holds none of its locks (deckgen.forked.child_start)."""
    if parent is not None:
        from deckgen.forked import child_start

        child_start(parent)
    cache = TableCache(Path(folder))
    for name, rules, options in needed:
        found = get_table(name)
        if found is None:
            continue
        try:
            found[1].build(rules, options, cache)
        except (ExampleError, ValueError, TypeError):
            continue  # a wrong request is reported with its line when the chapter is drawn


def _count_in_background(cache: TableCache, needed: list[SlowTable]) -> Any:
    """Start a worker process counting the slow tables that are not cached yet; None when all are.

    The worker only fills the cache: if it fails, the tables are counted when they are drawn.
    It is a daemon, so a build stopped by a wrong example does not wait for it.
    """
    missing: list[SlowTable] = []
    for name, rules, options in needed:
        found = get_table(name)
        if found is not None and (name, rules, options) not in missing and not cache.holds(found[1], rules, options):
            missing.append((name, rules, options))
    if not missing or cache.folder is None:
        return None
    try:
        worker = multiprocessing.Process(target=_count_tables, args=(str(cache.folder), missing, os.getpid()), daemon=True)
        worker.start()
    except (OSError, RuntimeError, ValueError):
        return None
    return worker


def booklet_steps(design: Design) -> int:
    """How many times `build_booklet` calls advance (for a progress bar)."""
    return len(design.booklet.games) + (1 if design.booklet.extra_rules else 0) + 1 + len(IMPOSED_NAMES)


def booklet_step(design: Design, out_dir: Path, advance: Advance, date: PdfDate | None = None,
                 cores: int | None = None) -> list[Path]:
    """The booklet as a step of `deckgen build` (see deckgen.steps.STEPS), dated the build's `date`, on its `cores`."""
    return build_booklet(design, out_dir, advance, date=date, cores=cores)


booklet_step.units = booklet_steps  # type: ignore[attr-defined]
