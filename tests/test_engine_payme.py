"""Pay Me: the wild rank of each deal, meld legality and deadwood counts, with exact numbers."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.payme import PAY_ME


def run(inputs, **rules):
    return PAY_ME.run(inputs, rules)


@pytest.mark.parametrize(
    ("deal", "size", "wild"),
    [(1, 3, {"2", "3", "Jk"}), (2, 4, {"2", "4", "Jk"}), (8, 10, {"2", "10", "Jk"}), (9, 11, {"2", "J", "Jk"}),
     (10, 12, {"2", "Q", "Jk"}), (11, 13, {"2", "K", "Jk"})],
)
def test_wild_rank_follows_the_hand_size(deal, size, wild):
    result = run({"deal": deal})
    assert result["hand_size"] == size
    assert set(result["wild_ranks"]) == wild
    assert run({"hand_size": size})["wild_ranks"] == result["wild_ranks"]


def test_deuces_wild_is_a_house_rule():
    assert run({"hand_size": 6}, deuces_wild=False)["wild_ranks"] == ["6", "Jk"]


def test_deadwood_is_15_10_5():
    # deal 3: five cards, so 5s are wild. 5♦, Jk and 2♣ wild (15 each), K♣ 10, 7♠ 5.
    assert run({"deal": 3, "deadwood": "5♦ Jk 2♣ K♣ 7♠"})["deadwood_points"] == 15 * 3 + 10 + 5
    # 8 is the lowest card at 10, ace counts 5 like the 7
    assert run({"deal": 3, "deadwood": "8♥ A♦ 9♠"})["deadwood_points"] == 25
    # the same 5♦ is a plain low card when 5s are not wild
    assert run({"deal": 1, "deadwood": "5♦"})["deadwood_points"] == 5
    assert run({"deal": 1, "deadwood": "3♦ 9♠"}, wild_points=20, high_points=8)["deadwood_points"] == 28


@pytest.mark.parametrize(
    ("size", "meld", "ok"),
    [
        (7, "9♠ 9♥ 9♦", True),  # a natural set
        (7, "9♠ 9♥ 9♦ 9♣", True),  # four of a rank
        (7, "9♠ 9♠ 9♦", False),  # a suit twice in a set (two decks)
        (7, "9♠ 9♥ 9♦ 9♣ 9♠", False),  # five is too many for a set
        (7, "9♠ 9♥", False),  # two cards are not a meld
        (7, "4♥ 5♥ 6♥", True),  # a run
        (7, "4♥ 5♥ 6♠", False),  # a run is in one suit
        (7, "9♠ 9♥ Jk", True),  # one wild of three
        (7, "9♠ Jk 2♦", False),  # two wild of three: more than half
        (7, "9♠ 9♥ 2♦ Jk", True),  # two wild of four: exactly half
        (7, "4♥ 2♠ 6♥ 2♦", True),  # 4-w-6-w: wild cards not side by side
        (7, "4♥ 2♠ 2♦ 7♥", False),  # 4-w-w-7: two wild cards side by side
        (7, "7♥ 2♠ 2♦", True),  # 2♠ 2♦ natural with 7♥ as the wild: a set of 2s
        (3, "3♠ 3♥ 3♦", True),  # wild-rank cards used as themselves
        (7, "Q♣ K♣ A♣", True),  # ace high
        (7, "A♣ 2♣ 3♣", True),  # ace low (the 2 natural)
        (7, "K♣ A♣ 2♣", True),  # the 2 is wild, standing for the Q: Q-K-A
    ],
)
def test_melds(size, meld, ok):
    assert run({"hand_size": size, "melds": [meld], "decks": 2})["melds_valid"] is ok


def test_runs_never_go_round_the_corner():
    assert run({"hand_size": 7, "melds": ["K♣ A♣ 2♣"]}, deuces_wild=False)["melds_valid"] is False


def test_ace_position_is_a_house_rule():
    assert run({"hand_size": 7, "melds": ["Q♣ K♣ A♣"]}, ace="low")["melds_valid"] is False
    assert run({"hand_size": 7, "melds": ["A♣ 3♣ 4♣"]}, ace="high")["melds_valid"] is False
    assert run({"hand_size": 7, "melds": ["A♣ 2♣ 3♣"]}, ace="high")["melds_valid"] is False
    assert run({"hand_size": 7, "melds": ["A♣ 2♣ 3♣"]}, ace="low")["melds_valid"] is True


def test_several_players_add_their_deadwood():
    result = run({"deal": 5, "players": {"Ann": "K♦ 7♣ 2♠", "Bob": "", "Cy": "7♥"}, "scores": {"Ann": 10, "Bob": 30, "Cy": 12}})
    assert result["points"] == {"Ann": 40, "Bob": 0, "Cy": 15}  # 7s are wild in deal 5: K 10, 7 15, 2 15
    assert result["totals"] == {"Ann": 50, "Bob": 30, "Cy": 27}
    assert result["leaders"] == ["Cy"]


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"deal": 12}, "deal: expected a deal number from 1 to 11, got '12'"),
        ({"hand_size": 2}, "hand_size: expected a hand size from 3 to 13, got '2'"),
        ({"hand_size": 5, "deal": 2}, "deal: deal 2 has 4 cards, not 5"),
        ({}, "pay-me needs the field 'hand_size'"),
        ({"deal": 1, "melds": "4♥ 5♥ 6♥"}, "melds: expected a list of melds"),
        ({"deal": 1, "deadwood": "4♥ 4♥"}, "card 4♥ is dealt 2 times"),
        ({"deal": 1, "decks": 4}, "decks: expected 1, 2 or 3"),
        ({"deal": 1, "deadwood": "4♥ 5♥ 6♥ 7♥"}, "deadwood: 4 cards left, but only 3 are held in this deal"),
        ({"deal": 1, "players": {"Ann": "4♥ 5♥ 6♥ 7♥"}}, "players: Ann's cards: 4 cards left, but only 3"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        run(inputs)


def test_explain():
    lines = PAY_ME.explain({"deal": 1, "melds": ["3♠ 4♠ 5♠"], "deadwood": "K♥"}, PAY_ME.defaults)
    assert lines == ["3 cards dealt: wild are 2, 3, Jk", "3♠ 4♠ 5♠: a legal meld", "Deadwood K♥ counts 10"]


def test_check_reports_a_wrong_pay_me_claim(tmp_path):
    page = tmp_path / "payme.md"
    page.write_text("```deckgen\ngame: pay-me\ndeal: 3\ndeadwood: 5♦ K♣\nexpect:\n  deadwood_points: 15\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:6: pay-me: deadwood_points: expected 15, got 25"]
