"""One way to say nobody, nothing and a tie in every game (issue 36; docs/examples.md, "Nobody,
nothing and ties"). The game contract test checks every shipped example; these are the cases the
issue names, written as a user would write them."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import NOBODY, every_player, is_nobody, name_or_nobody, result_problems
from deckgen.engine.registry import get_game


def _check(tmp_path: Path, body: str) -> list[str]:
    page = tmp_path / "claims.md"
    page.write_text(body, encoding="utf-8")
    return [str(f) for result in check_paths([page]) for f in result.failures]


CASINO_NO_WINNER = """```deckgen
game: casino
captures:
  Ann: 10♦ 2♠
  Bob: A♠ A♥ A♦ A♣
cards: {{Ann: 26, Bob: 26}}
spades: {{Ann: 7, Bob: 6}}
expect:
  winner: {claim}
```
"""


@pytest.mark.parametrize("claim", ['""', "none", "nobody", "~", "null", "''"])
def test_no_winner_is_one_result_and_every_old_spelling_claims_it(tmp_path: Path, claim: str) -> None:
    # The issue: casino, crazy eights, 500 rum, cribbage game and scotch whist returned None and
    # refused `winner: ""` ("expected , got None") while gin and guts took it.
    assert _check(tmp_path, CASINO_NO_WINNER.format(claim=claim)) == []


def test_a_wrong_no_winner_claim_says_nobody(tmp_path: Path) -> None:
    (failure,) = _check(tmp_path, CASINO_NO_WINNER.format(claim="Ann"))
    assert failure.endswith("casino: winner: expected Ann, got nobody")


def test_nobody_in_the_prose(tmp_path: Path) -> None:
    body = "Level at the end: [nobody]{=winner} wins yet.\n\n" + CASINO_NO_WINNER.format(claim='""')
    assert _check(tmp_path, body.replace("expect:\n  winner: \"\"\n", "")) == []


@pytest.mark.parametrize(("game", "inputs", "quantity"), [
    ("crazy-eights", {"winner": "Ann", "hands": {"Bob": "K♠ 3♥"}}, "winner"),
    ("five-hundred-rum", {"melds": {"Ann": ["7♠ 7♥ 7♦"], "Bob": []}, "hands": {"Ann": "", "Bob": "K♠"}}, "winner"),
    ("cribbage-game", {"scores": {"Ann": 100, "Bob": 95}}, "winner"),
    ("scotch-whist", {"trumps": "♠", "honours": {"Us": "J♠", "Them": "A♠"}, "cards": {"Us": 18, "Them": 18}}, "game"),
    ("kalooki", {"hands": {"Ann": "K♠", "Bob": "2♥"}}, "winner"),
    ("old-maid", {"hands": {"Ann": "Q♠ 7♠", "Bob": "3♥"}}, "old_maid"),
])
def test_each_game_the_issue_names_says_nobody_as_empty_text(game: str, inputs: dict[str, object], quantity: str) -> None:
    spec = get_game(game)
    assert spec is not None
    try:
        result = spec.run(inputs)
    except Exception as exc:  # pragma: no cover - shows which input the game wants
        pytest.fail(f"{game}: {exc}")
    assert result[quantity] == NOBODY and result_problems(spec, result) == []


def test_high_spade_lists_every_player_and_a_claim_may_state_the_zero(tmp_path: Path) -> None:
    # The issue: high spade's payouts left out a player who got 0 and refused a claim listing him,
    # while guts' `pays` listed the zeros. Now every mapping of amounts lists every player.
    body = """```deckgen
game: high-spade
down:
  Ann: A♠ K♥ 9♣
  Bob: Q♦ 3♦ 4♦
up:
  Ann: A♥ A♦ 7♣ 2♣
  Bob: 8♣ 9♥ J♥ 5♥
pot: 100
expect:
  payouts: {Ann: 100, Bob: 0}
```
"""
    assert _check(tmp_path, body) == []
    assert _check(tmp_path, body.replace("{Ann: 100, Bob: 0}", "{Ann: 100}")) == []
    assert _check(tmp_path, body.replace("{Ann: 100, Bob: 0}", "{Bob: 5}")) != []


def test_nobody_pays_is_an_empty_claim(tmp_path: Path) -> None:
    body = """```deckgen
game: rummy
winner: Ann
hands: {Bob: "", Cy: ""}
expect:
  payments: {}
  winner_receives: 0
```
"""
    assert _check(tmp_path, body) == []
    assert _check(tmp_path, body.replace('Cy: ""', "Cy: 2♣")) != []


def test_a_claim_on_a_quantity_the_example_does_not_work_out_says_so(tmp_path: Path) -> None:
    body = """```deckgen
game: scotch-whist
trumps: ♠
trick: 6♥ A♥ 7♠ K♥
expect:
  winner: ""
```
"""
    (failure,) = _check(tmp_path, body)
    assert "winner: this example has no winner" in failure


def test_helpers() -> None:
    assert name_or_nobody(None) == "" and name_or_nobody("Ann") == "Ann"
    assert is_nobody("  NONE ") and is_nobody(None) and not is_nobody("Ann") and not is_nobody(0)
    assert every_player(["Ann", "Bob"], {"Bob": 3}) == {"Ann": 0, "Bob": 3}
    with pytest.raises(ValueError, match="Cy"):
        every_player(["Ann", "Bob"], {"Cy": 3})
