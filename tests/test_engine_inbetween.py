"""In Between: strictly between wins, outside loses, a matching rank burns double; runners, pairs, limits."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.inbetween import IN_BETWEEN


def run(**inputs):
    rules = inputs.pop("rules", {})
    return IN_BETWEEN.run(inputs, rules)


def test_strictly_between_wins_the_bet_from_the_pot():
    assert run(posts="4♠ J♥", card="9♦", bet=50, pot=400) == {
        "gap": 6, "outcome": "win", "player_change": 50, "pot_after": 350
    }


def test_outside_loses_the_bet_to_the_pot():
    assert run(posts="4♠ J♥", card="K♦", bet=50, pot=400)["pot_after"] == 450
    assert run(posts="J♥ 4♠", card="2♦", bet=50, pot=400)["outcome"] == "lose"


def test_matching_a_post_is_a_double_burn():
    r = run(posts="4♠ J♥", card="J♦", bet=50, pot=400)
    assert (r["outcome"], r["player_change"], r["pot_after"]) == ("double burn", -100, 500)
    assert run(posts="4♠ J♥", card="4♦", bet=50, pot=400, rules={"burn_multiplier": 3})["player_change"] == -150


def test_aces_high_unless_the_first_is_called_low():
    assert run(posts="A♠ 5♥", card="3♦", bet=10, pot=100)["outcome"] == "lose"
    r = run(posts="A♠ 5♥", ace_low=True, card="3♦", bet=10, pot=100)
    assert (r["gap"], r["outcome"]) == (3, "win")
    # the best spread: a low ace and a high ace, all twelve ranks 2 to K between
    assert run(posts="A♠ A♥", ace_low=True, card="K♦", bet=10, pot=100)["gap"] == 12
    # the second ace is always high
    with pytest.raises(ExampleError, match="ace_low: only an ace as the first post can be called low"):
        run(posts="5♥ A♠", ace_low=True, card="3♦", bet=10, pot=100)


def test_a_runner_allows_no_bet():
    r = run(posts="7♠ 8♥", pot=300)
    assert (r["gap"], r["outcome"], r["player_change"], r["pot_after"]) == (0, "runner", 0, 300)
    assert run(posts="7♠ 8♥", pot=300, rules={"runner_penalty": 25})["pot_after"] == 325
    with pytest.raises(ExampleError, match="bet: no bet is allowed on consecutive posts"):
        run(posts="7♠ 8♥", card="9♦", bet=10, pot=300)


def test_a_pair_passes_or_pays_to_split():
    assert run(posts="7♠ 7♥", pot=300)["outcome"] == "pair"
    r = run(posts="7♠ 7♥", pot=300, split=True)
    assert (r["outcome"], r["player_change"], r["pot_after"]) == ("split", -50, 350)


def test_bet_limits_first_round_open_table_and_pot():
    assert run(posts="2♠ K♥", card="9♦", bet=100, players=4, table_open=False)["pot_after"] == 300
    with pytest.raises(ExampleError, match="bet: expected 1 to 100 chips"):
        run(posts="2♠ K♥", card="9♦", bet=150, players=4, table_open=False)
    assert run(posts="2♠ K♥", card="9♦", bet=500, pot=800)["pot_after"] == 300
    with pytest.raises(ExampleError, match="bet: expected 1 to 500 chips"):
        run(posts="2♠ K♥", card="9♦", bet=600, pot=800)
    with pytest.raises(ExampleError, match="bet: expected 1 to 120 chips"):
        run(posts="2♠ K♥", card="9♦", bet=150, pot=120)


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"posts": "2♠", "pot": 10}, "posts: expected two cards"),
        ({"posts": "2♠ 9♥", "card": "9♥", "bet": 5, "pot": 10}, "card 9♥ is dealt 2 times"),
        ({"posts": "2♠ 9♥", "bet": 5, "pot": 10}, "card: a bet needs the card"),
        ({"posts": "2♠ 9♥", "card": "5♦", "bet": 5}, "in-between needs the field 'pot'"),
        ({"posts": "2♠ 9♥", "card": "5♦", "bet": -5, "pot": 10}, "bet: expected a whole number of chips"),
        ({"posts": "7♠ 7♥", "card": "5♦", "bet": 5, "pot": 10}, "bet: no bet is made on a pair"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        IN_BETWEEN.run(inputs)


def test_explain():
    lines = IN_BETWEEN.explain({"posts": "4♠ J♥", "card": "9♦", "bet": 50, "pot": 400}, IN_BETWEEN.defaults)
    assert lines == ["Posts 4♠ J♥: 6 rank(s) strictly between", "Card turned: 9♦",
                     "win: the player wins 50, the pot holds 350"]


def test_check_reports_a_wrong_in_between_claim(tmp_path):
    page = tmp_path / "inbetween.md"
    page.write_text(
        "```deckgen\ngame: in-between\nposts: 4♠ J♥\ncard: J♦\nbet: 50\npot: 400\nexpect:\n  player_change: -50\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:8: in-between: player_change: expected -50, got -100"]


def test_joker_finish_takes_the_whole_pot():
    r = run(posts="4♠ Jk", pot=700, rules={"joker_finish": True})
    assert r == {"gap": 0, "outcome": "joker", "player_change": 700, "pot_after": 0}
    with pytest.raises(ExampleError, match="posts: a joker is only in the deck with the house rule joker_finish"):
        run(posts="4♠ Jk", pot=700)


# ------------------------------------------------------------------ Red Dog

from deckgen.engine.inbetween import RED_DOG  # noqa: E402


def red_dog(**inputs):
    rules = inputs.pop("rules", {})
    return RED_DOG.run(inputs, rules)


def test_red_dog_a_higher_card_of_the_same_suit_wins_even_money_from_the_pool():
    r = red_dog(hand="A♠ 9♥ 4♥ K♣ 2♦", stock_card="7♥", bet=5, pool=20)
    assert (r["beats"], [str(c) for c in r["beating_cards"]], r["outcome"]) == (True, ["9♥"], "win")
    assert (r["player_change"], r["pool_after"], r["hand_shown"]) == (5, 15, False)


def test_red_dog_a_higher_card_of_another_suit_does_not_beat():
    r = red_dog(hand="A♠ 9♥ 4♥ K♣ 2♦", stock_card="J♥", bet=5, pool=20)
    assert (r["beats"], r["outcome"], r["player_change"], r["pool_after"], r["hand_shown"]) == (
        False, "lose", -5, 25, True
    )


def test_red_dog_forfeit_costs_one_unit_and_hides_the_hand():
    r = red_dog(hand="3♠ 5♥ 4♥ 6♣ 2♦", forfeit=True, pool=20)
    assert (r["outcome"], r["player_change"], r["pool_after"], r["hand_shown"]) == ("forfeit", -1, 21, False)


def test_red_dog_bet_limits_and_hand_sizes():
    assert red_dog(hand="A♠ 9♥ 4♥ K♣ 2♦", stock_card="7♥", bet=20, pool=20)["pool_after"] == 0
    with pytest.raises(ExampleError, match="bet: expected 1 to 5 units"):
        red_dog(hand="A♠ 9♥ 4♥ K♣ 2♦", stock_card="7♥", bet=6, pool=20, rules={"max_bet": 5})
    assert red_dog(hand="A♠ 9♥ 4♥ K♣", players=9, stock_card="7♥", bet=2, pool=20)["beats"] is True
    with pytest.raises(ExampleError, match="hand: expected 4 cards for 8 players, got 5"):
        red_dog(hand="A♠ 9♥ 4♥ K♣ 2♦", players=8, stock_card="7♥", bet=2, pool=20)


def test_red_dog_betting_against_is_a_house_rule():
    with pytest.raises(ExampleError, match="bet_against: betting to lose needs the house rule"):
        red_dog(hand="A♠ 9♥ 4♥ K♣ 2♦", stock_card="J♥", bet=5, pool=20, bet_against=True)
    r = red_dog(hand="A♠ 9♥ 4♥ K♣ 2♦", stock_card="J♥", bet=5, pool=20, bet_against=True,
                rules={"bet_against_allowed": True})
    assert (r["outcome"], r["player_change"], r["hand_shown"]) == ("win", 5, True)


def test_red_dog_explain():
    assert RED_DOG.explain({"hand": "A♠ 9♥ 4♥ K♣ 2♦", "stock_card": "J♥", "bet": 5, "pool": 20}, RED_DOG.defaults) == [
        "Nothing in the hand beats J♥", "The player loses 5; the pool holds 25"
    ]
