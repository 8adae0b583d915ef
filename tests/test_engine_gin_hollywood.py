"""Hollywood gin: which hands enter which of the three games, and each game scored as a gin game."""

from __future__ import annotations

import random

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.gin import play_game
from deckgen.engine.gin_hollywood import SPEC, columns, play_hollywood
from deckgen.engine.registry import get_game


def test_registered():
    assert get_game("gin-hollywood") is SPEC


def test_first_second_third_wins_open_the_games():
    hands = [("Ann", 10), ("Ann", 11), ("Bob", 5), ("Ann", 12), ("Bob", 6), ("Bob", 7)]
    entered = columns(hands, ["Ann", "Bob"], SPEC.defaults)
    assert entered[0] == hands
    assert entered[1] == [("Ann", 11), ("Ann", 12), ("Bob", 6), ("Bob", 7)]
    assert entered[2] == [("Ann", 12), ("Bob", 7)]


def test_a_finished_game_takes_no_more_entries_and_game_one_is_plain_gin():
    rng = random.Random(3)
    for _ in range(200):
        hands = []
        for _ in range(rng.randint(1, 30)):
            hands.append(None if rng.random() < 0.1 else (rng.choice(["Ann", "Bob"]), rng.randint(1, 60)))
        games = play_hollywood(["Ann", "Bob"], hands)
        # game 1 is exactly an ordinary game of the same hands, up to the hand that ends it
        plain: list = []
        for hand in hands:
            plain.append(hand)
            if play_game(["Ann", "Bob"], plain).finished:
                break
        assert games[0].totals == play_game(["Ann", "Bob"], plain).totals
        for g in games:
            # a finished game stopped at the hand that reached the target: before it, nobody had
            if g.finished:
                assert max(g.running[p][-1] for p in ("Ann", "Bob")) >= 100
                assert len(g.running["Ann"]) < 2 or max(g.running[p][-2] for p in ("Ann", "Bob")) < 100


def test_totals_add_the_finished_games():
    r = SPEC.run({"players": ["Ann", "Bob"], "hands": ["Ann 100", "Ann 100", "Ann 100"]})
    # each game: 100 x 2 (shutout) + 25 line + 100 game; game 1 has 1 hand, so 325 in each
    assert r["winners"] == ["Ann", "Ann", "Ann"]
    assert r["totals"] == {"Ann": 3 * (200 + 25 + 100), "Bob": 0}


def test_a_player_shut_out_of_game_one_starts_in_game_two():
    hands = [("Ann", 60), ("Ann", 50), ("Bob", 20), ("Bob", 30), ("Ann", 10)]
    entered = columns(hands, ["Ann", "Bob"], SPEC.defaults)
    assert entered[0] == [("Ann", 60), ("Ann", 50)]  # game 1 ends at Ann's 110
    assert entered[1] == [("Ann", 50), ("Bob", 20), ("Bob", 30), ("Ann", 10)]
    assert entered[2] == [("Bob", 30), ("Ann", 10)]


def test_more_than_three_games_at_once_is_a_house_rule():
    # Issue 36: Hollywood gin could not be scored beyond three games. The scheme extends as it
    # stands (each win lets its player into one more game; Hollywood is the three-game case): a
    # fourth game takes a player's fourth win and later ones.
    from deckgen.engine.gin_hollywood import SPEC as HOLLY

    hands = ["Ann 20", "Ann 20", "Ann 20", "Ann 20", "Bob 10"]
    three = HOLLY.run({"players": ["Ann", "Bob"], "hands": hands})
    assert "game_4" not in three and three["game_3"] == {"Ann": 40, "Bob": 0}
    four = HOLLY.run({"players": ["Ann", "Bob"], "hands": hands}, {"games": 4})
    assert four["game_1"] == {"Ann": 80, "Bob": 10} and four["game_4"] == {"Ann": 20, "Bob": 0}
    assert len(four["winners"]) == 4
    with pytest.raises(ExampleError, match="rules.games: expected at most 6"):
        HOLLY.run({"players": ["Ann", "Bob"], "hands": hands}, {"games": 7})
