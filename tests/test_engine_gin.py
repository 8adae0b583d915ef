"""Gin rummy: the melding search against a brute force, every scoring rule with exact numbers."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.cards import Card, Rank, Suit, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.gin import (
    GIN_GAME,
    GIN_RUMMY,
    best_melding,
    card_points,
    deadwood,
    defend,
    low_rank,
)
from deckgen.engine.registry import get_game


def run(knocker: str, defender: str, **rules: object) -> dict:
    return GIN_RUMMY.run({"knocker": knocker, "defender": defender}, rules)


# ------------------------------------------------------------------ a brute force, written independently


def is_meld(cards: frozenset[Card]) -> bool:
    """A set of 3-4 of one rank, or 3+ consecutive cards (ace low) of one suit."""
    if len(cards) < 3:
        return False
    ranks = sorted(low_rank(c) for c in cards)
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    suits = {c.suit for c in cards}
    return len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def _order(card: Card) -> tuple[int, str]:
    return (low_rank(card), card.suit.value)


@cache
def brute_deadwood_of(cards: frozenset[Card]) -> int:
    """Least deadwood over every partition of the cards into melds and loose cards.

    The lowest card is either loose or in a block with any choice of the other
    cards; each block that is a meld is tried. Nothing is known about which
    blocks can be melds beyond `is_meld`.
    """
    if not cards:
        return 0
    first = min(cards, key=_order)
    rest = sorted(cards - {first}, key=_order)
    best = card_points(first) + brute_deadwood_of(frozenset(rest))
    for size in range(2, len(rest) + 1):
        for others in combinations(rest, size):
            block = frozenset((first, *others))
            if is_meld(block):
                best = min(best, brute_deadwood_of(cards - block))
    return best


def brute_deadwood(cards: list[Card]) -> int:
    return brute_deadwood_of(frozenset(cards))


def can_lay_off(melds: list[tuple[Card, ...]], cards: frozenset[Card]) -> bool:
    """Whether all the cards can be laid off one at a time on the melds, each addition keeping a meld.

    Every order and every target meld is tried: a card may fit a set and a run at once.
    """
    current = tuple(frozenset(m) for m in melds)

    def search(current: tuple[frozenset[Card], ...], left: frozenset[Card]) -> bool:
        if not left:
            return True
        for card in left:
            for i, meld in enumerate(current):
                if is_meld(meld | {card}):
                    grown = current[:i] + (meld | {card},) + current[i + 1 :]
                    if search(grown, left - {card}):
                        return True
        return False

    return search(current, cards)


def brute_defence(melds: list[tuple[Card, ...]], hand: list[Card]) -> int:
    best = brute_deadwood(hand)
    for r in range(1, len(hand) + 1):
        for laid in combinations(hand, r):
            if can_lay_off(melds, frozenset(laid)):
                best = min(best, brute_deadwood([c for c in hand if c not in laid]))
    return best


# Hands drawn from a narrow band of ranks are full of overlapping sets and runs:
# the hard cases for the search. Aces are in the band so the low end is tested.
POOL = [Card(r, s) for r in (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX) for s in Suit]
HIGH_POOL = [Card(Rank(v), s) for v in range(8, 15) for s in Suit]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([POOL, HIGH_POOL]).flatmap(lambda pool: st.permutations(pool)), st.sampled_from([10, 11]))
def test_melding_matches_brute_force(cards: list[Card], size: int) -> None:
    hand = cards[:size]
    found = best_melding(hand)
    assert found.count == deadwood(hand) == brute_deadwood(hand)
    used = [c for m in found.melds for c in m] + list(found.deadwood)
    assert sorted(used, key=str) == sorted(hand, key=str)
    assert all(is_meld(frozenset(m)) for m in found.melds)


@settings(max_examples=30, deadline=None)
@given(st.permutations(POOL))
def test_layoffs_match_brute_force(cards: list[Card]) -> None:
    knocker, defender = cards[:10], cards[10:20]
    melds = list(best_melding(knocker).melds)
    answer = defend(melds, defender)
    assert answer.count == brute_defence(melds, defender)
    assert can_lay_off(melds, frozenset(answer.layoffs))


FULL_DECK = [Card(r, s) for r in Rank for s in Suit]


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.permutations(FULL_DECK), st.sampled_from([POOL, HIGH_POOL]).flatmap(lambda pool: st.permutations(pool)))
def test_melding_and_layoffs_exhaustively(deck: list[Card], dense: list[Card]) -> None:
    for hand in (deck[:10], deck[:11], dense[:10], dense[:11]):
        assert deadwood(hand) == brute_deadwood(hand)
    melds = list(best_melding(dense[:10]).melds)
    assert defend(melds, dense[10:20]).count == brute_defence(melds, dense[10:20])


# ------------------------------------------------------------------ melding


def test_a_card_in_one_meld_only() -> None:
    # 7♦ joins the set or the run, never both: the best leaves two sevens loose.
    found = best_melding(parse_cards("7♣ 7♠ 7♦ 8♦ 9♦"))
    assert found.count == 14
    assert found.melds == (tuple(parse_cards("7♦ 8♦ 9♦")),)


def test_aces_are_low_only() -> None:
    assert deadwood(parse_cards("A♠ 2♠ 3♠")) == 0
    assert deadwood(parse_cards("Q♠ K♠ A♠")) == 21
    assert deadwood(parse_cards("K♠ A♠ 2♠")) == 13


def test_sets_of_four_and_long_runs() -> None:
    assert deadwood(parse_cards("9♠ 9♥ 9♦ 9♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥")) == 0
    # Two cards of a rank are no meld.
    assert deadwood(parse_cards("9♠ 9♥ K♦")) == 28
    # Courts count ten, the ace one.
    assert [card_points(c) for c in parse_cards("A♠ 2♠ 10♠ J♠ Q♠ K♠")] == [1, 2, 10, 10, 10, 10]


def test_minimal_deadwood_picks_the_best_split() -> None:
    # 6♥ in the run leaves 6♠ 6♦ (12); 6♥ in the set leaves nothing.
    found = best_melding(parse_cards("3♥ 4♥ 5♥ 6♥ 6♠ 6♦ K♣ K♦ K♠ 2♣"))
    assert found.count == 2
    assert [c for c in found.deadwood] == parse_cards("2♣")


# ------------------------------------------------------------------ one hand

KNOCKER_8 = "4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ 8♠"


def test_knock_with_8_against_10_after_layoffs_scores_2() -> None:
    # The defender lays 7♣ on the knocker's 4♣ 5♣ 6♣ and keeps A♠ 2♥ 7♦ = 10.
    got = run(KNOCKER_8, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 7♦")
    assert got == {
        "knocker_deadwood": 8,
        "defender_deadwood": 10,
        "layoffs": parse_cards("7♣"),
        "outcome": "knock",
        "scorer": "knocker",
        "points": 2,
    }


def test_layoffs_chain_along_a_run_and_fill_a_set() -> None:
    # 7♣ then 8♣ go on 4♣ 5♣ 6♣; K♣ goes on the kings; 9♠ on the nines.
    got = run(KNOCKER_8, "7♣ 8♣ K♣ 9♠ 2♦ 3♦ 4♦ J♠ 5♠ A♥")
    assert sorted(map(str, got["layoffs"])) == sorted(["7♣", "8♣", "K♣", "9♠"])
    assert got["defender_deadwood"] == 10 + 5 + 1
    assert got["points"] == 16 - 8


def test_defender_melds_rather_than_lays_off_when_that_is_better() -> None:
    # Laying off 7♣ 8♣ would leave 8♦ 8♥ (16); melding 8♣ 8♦ 8♥ and laying off 7♣ leaves 0 of them.
    got = run(KNOCKER_8, "7♣ 8♣ 8♦ 8♥ Q♠ Q♥ Q♦ 2♠ 3♥ 4♠")
    assert got["layoffs"] == parse_cards("7♣")
    assert got["defender_deadwood"] == 9


def test_layoff_chain_down_to_the_ace() -> None:
    got = run("4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ 8♠", "3♣ 2♣ A♥ Q♠ Q♥ Q♦ J♥ 10♦ 2♦ 7♥")
    assert sorted(map(str, got["layoffs"])) == ["2♣", "3♣"]
    assert got["defender_deadwood"] == 1 + 10 + 10 + 2 + 7
    # Holding A♣ 2♣ 3♣ the defender melds them: a meld of their own is kept rather than laid off.
    assert run(KNOCKER_8, "3♣ 2♣ A♣ Q♠ Q♥ Q♦ J♥ 10♦ 2♦ 7♥")["layoffs"] == []


def test_knocker_shows_the_melds_that_block_layoffs() -> None:
    # 3♥-6♥ with 6♠ 6♦ 6♣, or 3♥-5♥ with four sixes: the same deadwood (A♠ A♦ 2♣ = 4).
    # The knocker shows the four sixes, so the defender's 7♥ 8♥ have nowhere to go.
    got = run("3♥ 4♥ 5♥ 6♥ 6♠ 6♦ 6♣ A♠ A♦ 2♣", "7♥ 8♥ K♠ K♦ Q♠ Q♦ J♠ J♦ 10♠ 9♣")
    assert got["knocker_deadwood"] == 4
    assert got["layoffs"] == []
    # The defender melds 10♠ J♠ Q♠ K♠ and J♦ Q♦ K♦; 7♥ 8♥ 9♣ stay.
    assert got["defender_deadwood"] == 7 + 8 + 9


def test_gin_scores_bonus_plus_deadwood_and_allows_no_layoffs() -> None:
    # The defender's 7♣ would fit the knocker's 4♣ 5♣ 6♣, but nothing is laid off against gin.
    got = run("4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ K♣", "7♣ 2♦ 3♦ 4♦ J♠ 5♠ A♥ 8♥ 8♠ 2♣")
    assert got["outcome"] == "gin" and got["scorer"] == "knocker"
    assert got["layoffs"] == []
    assert got["defender_deadwood"] == 7 + 10 + 5 + 1 + 8 + 8 + 2 == 41
    assert got["points"] == 25 + 41


def test_big_gin_with_eleven_cards() -> None:
    got = run("3♣ 4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ K♣", "7♣ 2♦ 3♦ 4♦ J♠ 5♠ A♥ 8♥ 8♠ 2♣")
    assert got["outcome"] == "big gin"
    assert got["points"] == 31 + 41
    assert run("3♣ 4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ K♣", "7♣ 2♦ 3♦ 4♦ J♠ 5♠ A♥ 8♥ 8♠ 2♣", big_gin_bonus=50)[
        "points"
    ] == 50 + 41


def test_undercut_scores_bonus_plus_difference() -> None:
    # Knock with 8; the defender is left with A♠ 2♥ 2♠ = 5 after laying off 7♣.
    got = run(KNOCKER_8, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 2♠")
    assert (got["outcome"], got["scorer"], got["points"]) == ("undercut", "defender", 25 + 3)
    assert run(KNOCKER_8, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 2♠", undercut_bonus=10)["points"] == 13


def test_a_tie_is_an_undercut_unless_the_house_says_otherwise() -> None:
    # Defender left with A♠ 2♥ 5♠ = 8, the knocker's own count.
    hand = "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 5♠"
    assert run(KNOCKER_8, hand)["defender_deadwood"] == 8
    assert (run(KNOCKER_8, hand)["outcome"], run(KNOCKER_8, hand)["points"]) == ("undercut", 25)
    no_tie = run(KNOCKER_8, hand, undercut_on_tie=False)
    assert (no_tie["outcome"], no_tie["scorer"], no_tie["points"]) == ("knock", "knocker", 0)


def test_knock_above_the_limit_is_an_error() -> None:
    high = "4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ 2♠ A♥"  # deadwood K♠ K♥ 2♠ A♥ = 23
    with pytest.raises(ExampleError, match=r"knocker: deadwood 23 .* above the knock limit of 10"):
        run(high, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 5♠")
    assert run(high, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 5♠", knock_limit=25)["outcome"] == "undercut"


@pytest.mark.parametrize(
    ("knocker", "defender", "message"),
    [
        (KNOCKER_8, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥", "defender: expected 10 cards, got 9"),
        ("4♣ 5♣ 6♣", "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 5♠", r"knocker: expected 10 cards \(11 for big gin\), got 3"),
        (KNOCKER_8, "8♠ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 5♠", "card 8♠ is dealt 2 times"),
        (KNOCKER_8, "Jk Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 5♠", "defender: gin rummy is played without jokers"),
        (KNOCKER_8, "1♠ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 5♠", "defender: '1♠' is not a card"),
        (KNOCKER_8 + " 2♥", "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 3♥ 5♠", "knocker: 11 cards is only possible for big gin"),
    ],
)
def test_bad_hands_are_errors_naming_the_field(knocker: str, defender: str, message: str) -> None:
    with pytest.raises(ExampleError, match=message):
        run(knocker, defender)


def test_cards_as_a_yaml_list_and_bad_rule_values() -> None:
    got = GIN_RUMMY.run({"knocker": KNOCKER_8.split(), "defender": ["7♣", "Q♠", "Q♥", "Q♦", "2♦", "3♦", "4♦", "A♠", "2♥", "7♦"]})
    assert got["points"] == 2
    with pytest.raises(ExampleError, match=r"rules.knock_limit: expected a whole number"):
        run(KNOCKER_8, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 7♦", knock_limit="ten")
    with pytest.raises(ExampleError, match=r"unknown house rule 'gin_bonuss'"):
        run(KNOCKER_8, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 7♦", gin_bonuss=3)


def test_explain_tells_the_story() -> None:
    lines = GIN_RUMMY.explain({"knocker": KNOCKER_8, "defender": "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 7♦"}, GIN_RUMMY.defaults)
    assert lines == [
        "Knocker: melds 4♣ 5♣ 6♣ · 9♦ 9♣ 9♥ · K♠ K♥ K♦; deadwood 8♠ = 8",
        "Defender: melds Q♠ Q♥ Q♦ · 2♦ 3♦ 4♦; deadwood A♠ 2♥ 7♦ = 10",
        "Defender lays off 7♣",
        "Knock: 10 − 8 = 2 to the knocker",
    ]


def test_wrong_claim_differs() -> None:
    """A deliberately wrong example: claiming the knock scores 10 (forgetting the lay-off) is not what we compute."""
    assert run(KNOCKER_8, "7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 7♦")["points"] != 10


# ------------------------------------------------------------------ a game


def game(hands: list, **rules: object) -> dict:
    return GIN_GAME.run({"players": ["Ann", "Bob"], "hands": hands}, rules)


def test_running_totals_before_the_target() -> None:
    got = game(["Ann 27", {"Bob": 31}, "draw", {"winner": "Ann", "points": 12}])
    assert got["running"] == {"Ann": [27, 27, 27, 39], "Bob": [0, 31, 31, 31]}
    assert got["finished"] is False and got["winner"] == ""
    assert got["totals"] == {"Ann": 39, "Bob": 31}
    assert got["game_bonus"] == 0 and got["margin"] == 0


def test_game_line_bonus_and_winner() -> None:
    got = game(["Ann 27", "Bob 31", "Ann 40", "Ann 35"])
    assert got["running"] == {"Ann": [27, 27, 67, 102], "Bob": [0, 31, 31, 31]}
    assert got["winner"] == "Ann" and got["finished"] is True and got["shutout"] is False
    assert got["hands_won"] == {"Ann": 3, "Bob": 1}
    assert got["line_bonus"] == {"Ann": 75, "Bob": 25}
    assert got["totals"] == {"Ann": 102 + 100 + 75, "Bob": 31 + 25}
    assert got["margin"] == 277 - 56


def test_shutout_doubles_the_hand_points_before_the_line_bonus() -> None:
    got = game(["Ann 60", "draw", "Ann 45"])
    assert got["shutout"] is True
    assert got["totals"] == {"Ann": 105 * 2 + 2 * 25 + 100, "Bob": 0}
    assert game(["Ann 60", "Ann 45"], shutout_multiplier=1)["totals"]["Ann"] == 105 + 50 + 100


def test_hands_after_the_end_are_an_error() -> None:
    with pytest.raises(ExampleError, match="hands: hand 2 comes after the game ended at hand 1"):
        game(["Ann 60", "Bob 45"], target=50)
    got = game(["Bob 45", "Ann 60"], target=50, game_bonus=50, line_bonus=20)
    assert got["totals"] == {"Ann": 60 + 50 + 20, "Bob": 45 + 20}


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["Cy 20"], "hands: hand 1: 'Cy' is not one of the players"),
        (["Ann twenty"], "hands: hand 1: 'twenty' is not a number of points"),
        (["Ann 0"], "hands: hand 1: expected a positive whole number of points"),
        ([["Ann", 3]], "hands: hand 1: expected 'Name points'"),
    ],
)
def test_bad_hand_results(hands: list, message: str) -> None:
    with pytest.raises(ExampleError, match=message):
        game(hands)


def test_players_must_be_two_names() -> None:
    with pytest.raises(ExampleError, match="players: expected a list of the two players' names"):
        GIN_GAME.run({"players": ["Ann"], "hands": []})


def test_registered() -> None:
    assert get_game("gin-rummy") is GIN_RUMMY and get_game("GIN-GAME") is GIN_GAME
    assert GIN_RUMMY.defaults == {
        "knock_limit": 10,
        "gin_bonus": 25,
        "big_gin_bonus": 31,
        "undercut_bonus": 25,
        "undercut_on_tie": True,
    }


# ------------------------------------------------------------------ through `deckgen check` and `deckgen score`

WRONG_GIN = """# Notes

```deckgen
game: gin-rummy
knocker: 4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ 8♠
defender: 7♣ Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 7♦
expect:
  outcome: knock
  points: 10
```
"""


def test_check_reports_a_wrong_gin_example_with_file_and_line(tmp_path) -> None:
    from deckgen.booklet.check import check_paths

    path = tmp_path / "wrong.md"
    path.write_text(WRONG_GIN, encoding="utf-8")
    (result,) = check_paths([path])
    assert [str(f) for f in result.failures] == [f"{path}:9: gin-rummy: points: expected 10, got 2"]


def test_check_reports_a_bad_gin_game_hand_with_file_and_line(tmp_path) -> None:
    from deckgen.booklet.check import check_paths

    path = tmp_path / "game.md"
    path.write_text(
        "```deckgen\ngame: gin-game\nplayers: [Ann, Bob]\nhands: [Ann 60, Cy 20]\nexpect:\n  finished: false\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([path])
    (failure,) = result.failures
    assert str(failure).startswith(f"{path}:4: gin-game: hands: hand 2: 'Cy' is not one of the players")


def test_score_command(run, tmp_path) -> None:
    import json

    cmd = ["score", "gin-rummy", "--knocker", KNOCKER_8]
    code, out, err = run(tmp_path, *cmd, "--defender", "7c Qs Qh Qd 2d 3d 4d As 2h 7d", "--json")
    assert code == 0, err
    assert json.loads(out)["result"]["points"] == 2
    code, _, err = run(tmp_path, *cmd, "--defender", "7c Qs Qh Qd 2d 3d 4d As 2h 8s")
    assert code == 2
    assert "card 8♠ is dealt 2 times" in err and "Traceback" not in err
