"""What an example box shows, from the engine's results: hands as cards, facts, the outcome in words."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from deckgen.booklet.boxes import ExampleView
from deckgen.booklet.check import ExampleResult, show, to_plain
from deckgen.booklet.pictures import Hand
from deckgen.booklet.sources import in_sentence, rule_words, value_words
from deckgen.cards import Card, CardError, parse_cards
from deckgen.engine.base import ExampleError, GameSpec

__all__ = ["condensed", "example_view", "names_in"]


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
