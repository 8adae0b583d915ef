"""What the reference cards say ([reference] cards), every figure worked out by the rules engine
under the deck's house rules, and the step that draws them.

Like the booklet, this is a place where the engine and the deck meet: the house rules of each
game are the booklet's (`booklet.sources.game_rules`: the defaults, then [house_rules.<file>],
then [house_rules.<game>]), the tables are the engine's own (`GameSpec.tables`, the ones a
```` ```deckgen-table ```` block prints), and the counts the engine takes seconds for come
through the booklet's `TableCache` (the shipped counts first). What a card looks like is
`deckgen.render.reference`'s business, which knows no game.

- poker-ranking: the categories best first, with the number of ways each is made among all
  hands of the deck's poker game ([reference] poker_cards, poker_wild): the engine's
  `poker-frequencies` table, so the figures are the ones the booklet prints for that table;
- cribbage-counting: what each combination of the show scores, each figure the engine's count
  of a hand that holds it (flush sizes and his nobs follow [house_rules.cribbage]);
- gin-scoring: how a hand and a game score with this table's knock limit and bonuses
  ([house_rules.gin-rummy]), with the engine's scored examples;
- bridge-scoring: trick points, bonuses, the rubber and undertricks ([house_rules.bridge]).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from deckgen.design import Design
from deckgen.engine.base import ExampleError, GameSpec
from deckgen.engine.registry import get_game, get_table
from deckgen.engine.table import Memo, Table, number
from deckgen.errors import UserError
from deckgen.render.reference import CardText, Section, reference_file, write_reference

__all__ = ["REFERENCE_CARDS", "build_reference", "check_reference", "reference_card", "reference_paths", "reference_vectors", "reference_step", "reference_texts"]


def _rules(design: Design, game: str, file_name: str | None = None) -> tuple[GameSpec, dict[str, Any]]:
    """A game's spec and its active house rules in this deck (the booklet's layering), checked by the engine."""
    from deckgen.booklet.sources import game_rules  # the booklet's own layering of [house_rules]

    spec = get_game(game)
    if spec is None:  # pragma: no cover - the games are deckgen's own
        raise UserError(f"reference.cards: the engine has no game '{game}'")
    try:
        return spec, spec.resolve_rules(game_rules(spec, design.house_rules, file_name or game))
    except ExampleError as exc:
        raise UserError(f"{design.source}: house_rules.{file_name or game}: {exc}") from None


def _table(name: str, rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    found = get_table(name)
    assert found is not None, name
    _spec, table = found
    return table.build(rules, options, memo)


def _memo(folder: Path | None) -> Memo:
    from deckgen.booklet.tables import TableCache  # the booklet's cache of slow counts, shipped ones first

    return TableCache(folder)


# ------------------------------------------------------------------ poker


def poker_table(design: Design, memo: Memo) -> Table:
    """The engine's frequency table for the deck's poker game: what the poker card prints."""
    spec, rules = _rules(design, "poker")
    options = {"cards": design.reference.poker_cards, "wild": list(design.reference.poker_wild)}
    try:
        return _table("poker-frequencies", rules, options, memo)
    except ExampleError as exc:
        raise UserError(f"{design.source}: reference.poker_wild: {exc}") from None


def _poker(design: Design, memo: Memo) -> CardText:
    table = poker_table(design, memo)
    wild = design.reference.poker_wild
    cards = design.reference.poker_cards
    rows = tuple((row[0], row[1], row[2]) for row in table.rows)
    said = {"lowest": "each hand's lowest card", "low-hole": "the lowest hole card"}
    named = [said.get(w.strip().lower(), w) for w in wild]
    subtitle = f"best first; {cards}-card hands" + (f", {', '.join(named)} wild" if wild else ", no wild cards")
    return CardText("poker-ranking", "Poker hands", subtitle,
                    (Section("", rows, ("left", "right", "right"), table.header[:3]),), table.note)


# ------------------------------------------------------------------ cribbage

#: Hands that each show one combination (hand, starter, the quantities that count it, crib or not).
_CRIBBAGE_SHOWS: tuple[tuple[str, str, str, tuple[str, ...], bool], ...] = (
    ("Fifteen, each", "7S 8H KD 2C", "4D", ("fifteens",), False),
    ("Pair", "9S 9H KD 2C", "4D", ("pairs",), False),
    ("Three of a kind", "9S 9H 9D 2C", "4D", ("pairs",), False),
    ("Four of a kind", "9S 9H 9D 9C", "4D", ("pairs",), False),
    ("Run of three", "2S 3H 4D 9C", "KD", ("runs",), False),
    ("Run of four", "2S 3H 4D 5C", "KD", ("runs",), False),
    ("Run of five", "2S 3H 4D 5C", "6D", ("runs",), False),
    ("Double run of three", "2S 2H 3D 4C", "KD", ("runs", "pairs"), False),
    ("Double run of four", "2S 2H 3D 4C", "5D", ("runs", "pairs"), False),
    ("Triple run", "2S 2H 2D 3C", "4D", ("runs", "pairs"), False),
    ("Double double run", "2S 2H 3D 3C", "4D", ("runs", "pairs"), False),
)


def _cribbage(design: Design, memo: Memo) -> CardText:
    spec, rules = _rules(design, "cribbage")

    def counted(hand: str, starter: str, parts: tuple[str, ...], crib: bool = False) -> int:
        result = spec.run({"hand": hand, "starter": starter, "crib": crib}, rules, resolved=True)
        return sum(int(result[p]) for p in parts)

    rows = [(label, str(counted(hand, starter, parts, crib))) for label, hand, starter, parts, crib in _CRIBBAGE_SHOWS]
    flush = [("Flush, hand of one suit", counted("2H 6H 9H QH", "4S", ("flush",))),
             ("Flush, starter too", counted("2H 6H 9H QH", "4H", ("flush",))),
             ("Flush in the crib", counted("2H 6H 9H QH", "4H", ("flush",), True)),
             ("His nobs", counted("JH 6S 9C 2D", "4H", ("nobs",)))]
    rows += [(label, str(points) if points else "none") for label, points in flush]
    most = counted("5C 5D 5H JS", "5S", ("score",))
    rows.append(("5 5 5 J, the jack's 5 turned", str(most)))
    hand_min, crib_min = rules["hand_flush_min"], rules["crib_flush_min"]
    note = (f"A flush: {hand_min} cards of one suit in the hand, {crib_min} in the crib (starter counted). "
            "Runs count again for each pair in them.")
    return CardText("cribbage-counting", "Cribbage: the show", "points for each way of scoring",
                    (Section("", tuple(rows)),), note)


# ------------------------------------------------------------------ gin rummy


def _gin(design: Design, memo: Memo) -> CardText:
    spec, rules = _rules(design, "gin-rummy")
    _game_spec, game = _rules(design, "gin-game", "gin-rummy")
    worked = _table("gin-scoring", rules, {}, memo)
    scoring = (
        ("Knock", "the difference"),
        ("Undercut", f"diff. + {rules['undercut_bonus']}"),
        ("Gin", f"their count + {rules['gin_bonus']}"),
        ("Big gin", f"their count + {rules['big_gin_bonus']}"),
        ("Knock with at most", str(rules["knock_limit"])),
        ("A tie when knocking", "undercut" if rules["undercut_on_tie"] else "no score"),
    )
    examples = tuple((row[0], f"{row[1]} v {row[2]}", row[4]) for row in worked.rows)
    game_rows = (
        ("Game to", str(game["target"])),
        ("Game bonus", str(game["game_bonus"])),
        ("Box bonus, each hand", str(game["line_bonus"])),
        ("Shutout", f"x {game['shutout_multiplier']}"),
    )
    return CardText("gin-scoring", "Gin rummy scoring", "deadwood: aces 1, courts 10",
                    (Section("A hand", scoring, ("left", "right")),
                     Section("Worked out", examples, ("left", "right", "right"), ("Ending", "Deadwood", "Points")),
                     Section("The game", game_rows, ("left", "right"))))


# ------------------------------------------------------------------ bridge


def _bridge(design: Design, memo: Memo) -> CardText:
    spec, rules = _rules(design, "bridge")
    _rubber_spec, rubber = _rules(design, "bridge-rubber", "bridge")
    points = _table("bridge-contract-points", rules, {}, memo)
    under = _table("bridge-undertricks", rules, {}, memo)
    bonus = _table("bridge-bonuses", rules, {}, memo)
    one, two = points.rows[0], points.rows[1]

    def trick(column: int) -> tuple[str, str, str]:
        return one[column], one[column + 3], one[column + 6]

    def then(column: int) -> tuple[str, ...]:
        return tuple(f"{int(two[c]) - int(one[c])}" for c in (column, column + 3, column + 6))

    tricks = (("Clubs, diamonds", *trick(1)), ("Hearts, spades", *trick(2)), ("NT, first", *trick(3)), ("NT, then", *then(3)))
    overtrick = next(row for row in bonus.rows if row[0].startswith("Overtrick, doubled"))
    bonuses = (
        ("Small slam", number(rubber["small_slam_bonus"]), number(rubber["small_slam_bonus_vul"])),
        ("Grand slam", number(rubber["grand_slam_bonus"]), number(rubber["grand_slam_bonus_vul"])),
        ("Overtrick, doubled", overtrick[1], overtrick[2]),
        ("Made doubled", number(rubber["insult_bonus"]), number(rubber["insult_bonus"])),
        ("Rubber 2-0 / 2-1", number(rubber["rubber_bonus_fast"]), number(rubber["rubber_bonus"])),
    )
    wanted = [0, 1, 2, 4, 5]  # down; undoubled and doubled, not vulnerable then vulnerable
    downs = tuple(tuple(row[i] for i in wanted) for row in under.rows if row[0] in ("1", "2", "3", "each more"))
    down_header = ("Down", "–", "X", "V –", "V X")
    return CardText("bridge-scoring", "Bridge scoring", "X doubled, XX redoubled, V vulnerable",
                    (Section("Per trick bid and made", tricks, (), ("", "–", "X", "XX")),
                     Section("Bonuses", bonuses, (), ("", "Not vul.", "Vul.")),
                     Section("Undertricks", downs, (), down_header)),
                    f"Game: {points.note.split('. ')[-1].rstrip('.').lower()}.")


#: Each reference card by its [reference] name: what it says, worked out for a deck.
REFERENCE_CARDS: dict[str, Callable[[Design, Memo], CardText]] = {
    "poker-ranking": _poker,
    "cribbage-counting": _cribbage,
    "gin-scoring": _gin,
    "bridge-scoring": _bridge,
}


def reference_card(design: Design, name: str, memo: Memo | None = None) -> CardText:
    """What the reference card `name` says for this deck."""
    if name not in REFERENCE_CARDS:
        raise UserError(f"reference.cards: unknown reference card '{name}'; expected one of {', '.join(REFERENCE_CARDS)}")
    return REFERENCE_CARDS[name](design, memo if memo is not None else _memo(None))


def reference_texts(design: Design, cache: Path | None = None) -> list[CardText]:
    """Every reference card of the deck, in [reference] order (`cache`: where slow counts are kept)."""
    memo = _memo(cache)
    return [reference_card(design, name, memo) for name in design.reference.cards]


def check_reference(design: Design) -> None:
    """What would stop the reference cards, found before the build writes anything: a house rule the
    engine refuses, a card whose words do not fit the deck's format (a UserError naming it)."""
    from deckgen.render.reference import layout_card

    for text in reference_texts(design):
        layout_card(design, text)


def reference_vectors(design: Design, out_dir: Path) -> dict[str, Any]:
    """Each reference card for the PDFs (render.reference.vector_reference: its words as type), by
    its PNG's name without '.png'; None for a card whose fonts cannot be embedded."""
    from deckgen.render.reference import vector_reference

    texts = reference_texts(design, Path(out_dir) / ".cache" / "tables")
    return {Path(reference_file(text.name)).stem: vector_reference(design, text) for text in texts}


def reference_paths(design: Design, out_dir: Path) -> list[Path]:
    """Where the deck's reference cards are: out_dir/cards/ref-<name>.png, in deck order."""
    return [Path(out_dir) / "cards" / reference_file(name) for name in design.reference.cards]


def build_reference(design: Design, out_dir: Path) -> list[Path]:
    """Draw the deck's reference cards into out_dir/cards (none: any left there are deleted)."""
    texts = reference_texts(design, Path(out_dir) / ".cache" / "tables")
    return write_reference(design, texts, Path(out_dir) / "cards")


def reference_step(design: Design, out_dir: Path, advance: Callable[[str], None], date: Any = None) -> list[Path]:
    """The build step: the reference cards after the jokers (PNGs: no date)."""
    paths = build_reference(design, out_dir)
    for path in paths:
        advance(path.name)
    return paths


reference_step.units = lambda design: len(design.reference.cards)  # type: ignore[attr-defined]
