"""A house-rule value is checked once, against its declaration (`rule(..., minimum=...)`), when the
rules are resolved: every example of the game refuses it, whichever rules that example reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from deckgen.booklet.sources import game_rules
from deckgen.cards import joker
from deckgen.engine.base import ExampleError, Parameter, Rules, rule
from deckgen.engine.canasta import SPEC as CANASTA
from deckgen.engine.inbetween import IN_BETWEEN
from deckgen.engine.inbetween_split import SPEC as IN_BETWEEN_SPLIT
from deckgen.engine.kalooki import penalty
from deckgen.engine.oldmaid import SPEC as OLD_MAID

#: A canasta deal nobody goes out in: it reads neither the game total nor the going-out bonuses.
NOBODY_OUT = {"sides": {"We": {"melds": ["Q♠ Q♥ Q♦"]}, "They": {"melds": ["K♠ K♥ K♦"]}}}


def test_the_declaration_says_the_minimum_and_the_unit() -> None:
    params = {p.name: p for p in CANASTA.parameters}
    assert (params["game_points"].whole, params["game_points"].minimum) == (True, 1)
    assert params["concealed_bonus"].minimum == 0
    assert params["game_points"].problem(0) == "expected a whole number of at least 1, got 0"
    assert params["game_points"].problem(7.5) == "expected a whole number of at least 1, got 7.5"
    assert params["game_points"].problem(1) is None
    units = Parameter("nap_win", 10, "", unit="units")
    assert units.whole and units.problem("ten") == "expected a whole number of units, got 'ten'"
    assert units.problem(-3) is None  # a unit without a minimum: any whole number


def test_a_rule_read_by_no_branch_of_the_example_is_still_refused() -> None:
    assert CANASTA.run(NOBODY_OUT)["melded"] == {"We": 30, "They": 30}
    for name, value, expected in [
        ("concealed_bonus", -1, "rules.concealed_bonus: expected a whole number of at least 0, got -1"),
        ("game_points", 0, "rules.game_points: expected a whole number of at least 1, got 0"),
        ("game_points", "ten", "rules.game_points: expected a whole number of at least 1, got 'ten'"),
    ]:
        with pytest.raises(ExampleError) as info:
            CANASTA.run(NOBODY_OUT, {name: value})
        assert str(info.value) == expected and info.value.field == f"rules.{name}"


def test_one_rule_has_one_minimum_in_every_game_that_reads_it() -> None:
    # split_cost is In Between's rule; splitting a pair and the plain deal both refuse -2
    plain = {"posts": "2♠ 9♥", "card": "5♦", "bet": 5, "pot": 10}
    split = {"pair": "7♠ 7♥", "spreads": [{"partner": "2♦", "bet": 0}, {"partner": "K♦", "bet": 0}], "pot": 10}
    for spec, inputs in ((IN_BETWEEN, plain), (IN_BETWEEN_SPLIT, split)):
        with pytest.raises(ExampleError, match=r"^rules.split_cost: expected a whole number of at least 0, got -2$"):
            spec.run(inputs, {"split_cost": -2})


def test_a_game_function_called_on_its_own_checks_through_its_rules_class() -> None:
    assert penalty(joker(), {"joker_penalty": 0}) == 0
    with pytest.raises(ExampleError, match=r"^rules.joker_penalty: expected a whole number of at least 0, got -1$"):
        penalty(joker(), {"joker_penalty": -1})


def test_a_choice_is_checked_where_it_is_declared() -> None:
    hands = {"hands": {"Ann": "Q♠ 7♥ 7♦"}}
    assert OLD_MAID.run(hands, {"match": " Colour "})["pairs"] == {"Ann": 1}
    with pytest.raises(ExampleError, match=r"^rules.match: unknown value 'suit': expected one of rank, colour$"):
        OLD_MAID.run(hands, {"match": "suit"})


def test_deck_rules_are_layered_unchecked_and_refused_where_an_example_uses_them() -> None:
    # the chapter's text shows deck.toml's value as written; the worked example names the rule
    house = {"canasta": {"game_points": -5}}
    layered = game_rules(CANASTA, house, "canasta")
    assert layered["game_points"] == -5
    with pytest.raises(ExampleError, match=r"^rules.game_points: expected a whole number of at least 1, got -5$"):
        CANASTA.resolve_rules(layered, {})


def test_a_default_that_breaks_its_own_declaration_is_a_mistake_in_the_game() -> None:
    with pytest.raises(ValueError, match="the default of house rule 'target' does not fit its own declaration"):

        @dataclass(frozen=True)
        class Broken(Rules):
            game: ClassVar[str] = "broken"
            target: int = rule(0, "Target", "Points to win.", minimum=1)

        Broken.parameters()
