"""Cribbage pegging, his heels and the end of a game, against a brute force over every play order."""

from __future__ import annotations

import random

import pytest

from deckgen.cards import Card, Rank, Suit, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.cribbage_play import GAME_SPEC, PLAY_SPEC, peg_play
from deckgen.engine.registry import get_game

DECK = [Card(Rank(r), s) for r in range(2, 15) for s in Suit]


def play(hands: dict, cards: str, **rules) -> dict:
    return PLAY_SPEC.run({"hands": hands, "play": cards}, rules)


def test_registered():
    assert get_game("cribbage-play") is PLAY_SPEC
    assert get_game("cribbage-game") is GAME_SPEC


def test_fifteen_pair_and_go():
    # Ann leads 7, Bob 8 for fifteen 2; Ann 8 pairs (23) 2; Bob 10 can't go (33): go; Ann K? no: 33
    r = play({"Ann": "7♠ 8♥ K♣", "Bob": "8♦ 10♠ 9♣"}, "7♠ 8♦ 8♥ 10♠ K♣ 9♣")
    # 7 8 =15 (Bob 2), 8 =23 pair (Ann 2), 10 =33 no: Bob must play 9? 23+9=32 no, 23+10 no -> go
    assert r["counts"] == [7, 15, 23, 10, 20, 29]
    assert r["points"] == [0, 2, 3, 0, 0, 1]
    assert r["pegged"] == {"Ann": 3, "Bob": 3}
    assert r["goes"] == 1


def test_thirty_one_scores_two_and_no_go():
    r = play({"Ann": "K♠ Q♥ A♣", "Bob": "K♦ 10♠ 2♣"}, "K♠ K♦ Q♥ A♣ 10♠ 2♣")
    # K K pair 2 (Bob); Q 30 (Ann); Bob: can't (30+10, 30+2) -> Ann A 31 for 2
    assert r["counts"][:4] == [10, 20, 30, 31]
    assert r["points"][:4] == [0, 2, 0, 2]
    # new count led by Bob: 10, then 2 ... last card 1 to Bob
    assert r["points"][4:] == [0, 1]
    assert r["pegged"] == {"Ann": 2, "Bob": 3}


def test_runs_in_any_order_and_pair_royal():
    r = play({"Ann": "4♠ 6♥ 5♣", "Bob": "5♦ 3♣ A♠"}, "4♠ 5♦ 6♥ 3♣ 5♣ A♠")
    # 4, 9, 15 run of 3 + fifteen (5), 18 run of 4 (4), 23: 3 4 5 6 5 -> last 2 ranks 3,5 no run; 24 last card
    assert r["points"] == [0, 0, 5, 4, 0, 1]
    r2 = play({"Ann": "6♠ 6♥ A♣", "Bob": "6♦ 6♣ 2♠"}, "6♠ 6♦ 6♥ 6♣ A♣ 2♠")
    assert r2["points"][:4] == [0, 2, 6, 12]


def test_wrong_turn_and_passing_31_are_example_errors():
    with pytest.raises(ExampleError, match="Bob's turn"):
        play({"Ann": "7♠ 8♥", "Bob": "8♦ 10♠"}, "7♠ 8♥")
    with pytest.raises(ExampleError, match="nobody's hand"):
        play({"Ann": "7♠", "Bob": "8♦"}, "7♠ 9♦")


def test_his_heels_goes_to_the_dealer():
    r = PLAY_SPEC.run({"hands": {"Ann": "A♠", "Bob": "2♠"}, "play": "A♠ 2♠", "starter": "J♦"})
    assert r["heels"] == 2
    assert r["pegged"] == {"Ann": 0, "Bob": 3}


@pytest.mark.parametrize(
    "scores, expected",
    [
        ({"Ann": 121, "Bob": 91}, ("Ann", 1, "win")),
        ({"Ann": 121, "Bob": 90}, ("Ann", 2, "skunk")),
        ({"Ann": 60, "Bob": 122}, ("Bob", 3, "double skunk")),
        ({"Ann": 100, "Bob": 120}, ("", 0, "not over")),
    ],
)
def test_game_end_and_skunk_lines(scores, expected):
    r = GAME_SPEC.run({"scores": scores})
    assert (r["winner"], r["games"], r["result"]) == expected


def test_short_game_rule():
    r = GAME_SPEC.run({"scores": {"Ann": 61, "Bob": 30}}, {"game_points": 61, "skunk_line": 31, "double_skunk_line": 0})
    assert (r["winner"], r["games"], r["result"]) == ("Ann", 2, "skunk")


# ----------------------------------------------------------------------------- brute force


def _value(card: Card) -> int:
    r = 1 if card.rank == Rank.ACE else int(card.rank)
    return min(r, 10)


def _crib_rank(card: Card) -> int:
    return 1 if card.rank == Rank.ACE else int(card.rank)


def _oracle_points(seq: list[Card], count: int) -> int:
    """Points for the last card of seq, written independently: by brute set tests."""
    pts = 2 if count in (15, 31) else 0
    ranks = [_crib_rank(c) for c in seq]
    n = 0
    for k in range(len(ranks), 1, -1):
        if len(set(ranks[-k:])) == 1:
            n = k
            break
    pts += {0: 0, 2: 2, 3: 6, 4: 12}[n]
    for k in range(len(ranks), 2, -1):
        tail = ranks[-k:]
        if len(set(tail)) == k and max(tail) - min(tail) == k - 1:
            pts += k
            break
    return pts


def _all_plays(hands: dict[str, list[Card]]) -> list[tuple[list[Card], dict[str, int]]]:
    """Every legal play order with each player's pegging, by walking the game tree."""
    names = list(hands)
    out: list[tuple[list[Card], dict[str, int]]] = []

    def walk(left, count, seq, mover, last, laid, scores, passed):
        if not any(left.values()):
            s = dict(scores)
            if count != 31:
                s[last] += 1
            out.append((laid, s))
            return
        playable = [c for c in left[mover] if count + _value(c) <= 31]
        if playable:
            for c in playable:
                new_left = dict(left)
                new_left[mover] = [x for x in left[mover] if x != c]
                new_count = count + _value(c)
                new_seq = seq + [c]
                s = dict(scores)
                s[mover] += _oracle_points(new_seq, new_count)
                nxt = names[(names.index(mover) + 1) % len(names)]
                if new_count == 31:
                    if any(new_left.values()):
                        walk(new_left, 0, [], nxt, mover, laid + [c], s, 0)
                    else:
                        walk(new_left, new_count, new_seq, nxt, mover, laid + [c], s, 0)
                else:
                    walk(new_left, new_count, new_seq, nxt, mover, laid + [c], s, 0)
            return
        nxt = names[(names.index(mover) + 1) % len(names)]
        if passed + 1 < len(names):
            walk(left, count, seq, nxt, last, laid, scores, passed + 1)
            return
        # nobody can play: the go to the last player, a new count led by the one after them
        s = dict(scores)
        s[last] += 1
        walk(left, 0, [], names[(names.index(last) + 1) % len(names)], last, laid, s, 0)

    walk(hands, 0, [], names[0], names[0], [], {n: 0 for n in names}, 0)
    return out


def _random_hands(rng: random.Random, sizes: tuple[int, ...]) -> dict[str, list[Card]]:
    cards = rng.sample(DECK, sum(sizes))
    hands, start = {}, 0
    for i, size in enumerate(sizes):
        hands["ABC"[i]] = cards[start : start + size]
        start += size
    return hands


@pytest.mark.parametrize("sizes", [(2, 2), (3, 3), (4, 4), (3, 3, 3)])
def test_pegging_matches_brute_force_over_every_play_order(sizes):
    rng = random.Random(16 + sum(sizes))
    checked = 0
    for _ in range(40 if sum(sizes) < 8 else 12):
        hands = _random_hands(rng, sizes)
        # bias towards low cards so counts pass 31 only sometimes and goes happen
        for laid, expected in _all_plays(hands):
            pegs = peg_play(hands, laid)
            got = {n: 0 for n in hands}
            for p in pegs:
                got[p.player] += p.points
            assert got == expected, (hands, laid)
            checked += 1
    assert checked > 100


def test_brute_force_on_low_cards_with_goes():
    # small ranks make long counts, pairs and runs; tens and courts force goes
    hands = {"A": parse_cards("A♠ 2♥ 3♦ K♣"), "B": parse_cards("2♠ 3♥ 4♦ Q♣")}
    plays = _all_plays(hands)
    assert len(plays) > 50
    for laid, expected in plays:
        got = {n: 0 for n in hands}
        for p in peg_play(hands, laid):
            got[p.player] += p.points
        assert got == expected
