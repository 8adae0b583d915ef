"""Team matches, cross-IMPs and Butler, against the WBF IMP scale written out as its bands."""

from __future__ import annotations

import random

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.bridge_teams import BUTLER, CROSS, MATCH, butler_datum, round_to
from deckgen.engine.registry import get_game

#: The WBF IMP scale as printed: (lowest difference, highest difference, IMPs).
WBF = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
    (3500, 3990, 23), (4000, 10**9, 24),
]


def wbf(difference: int) -> int:
    for low, high, n in WBF:
        if low <= abs(difference) <= high:
            return n if difference >= 0 else -n
    raise AssertionError(difference)


#: Scores a board can give (multiples of 10, as bridge scores are).
SCORES = [0, 50, 90, 110, 120, 140, 170, 200, 300, 400, 420, 450, 500, 620, 650, 800, 920, 1100, 1430, 1440, 2220, 7600]


def _score(rng: random.Random) -> int:
    return rng.choice(SCORES) * rng.choice((1, -1))


def test_registered():
    assert get_game("bridge-match") is MATCH and get_game("bridge-cross-imps") is CROSS and get_game("bridge-butler") is BUTLER


def test_match_totals_against_the_wbf_scale():
    rng = random.Random(32)
    for _ in range(300):
        boards = [[_score(rng), _score(rng)] for _ in range(rng.randint(1, 12))]
        r = MATCH.run({"boards": boards})
        expected = [wbf(a + b) for a, b in boards]
        assert r["board_imps"] == expected
        assert r["imps"] == sum(expected)
        assert r["imps_for"] - r["imps_against"] == r["imps"]


def test_cross_imps_against_the_wbf_scale_and_zero_sum():
    rng = random.Random(8)
    for _ in range(200):
        scores = {f"P{i}": _score(rng) for i in range(rng.randint(2, 9))}
        r = CROSS.run({"scores": scores})
        for p, s in scores.items():
            assert r["imps"][p] == sum(wbf(s - t) for q, t in scores.items() if q != p)
        assert sum(r["imps"].values()) == 0


def test_butler_against_the_wbf_scale():
    rng = random.Random(9)
    for _ in range(200):
        scores = {f"P{i}": _score(rng) for i in range(rng.randint(3, 9))}
        values = sorted(scores.values())
        kept = values[1:-1] if len(values) > 2 else values
        mean = sum(kept) / len(kept)
        datum = int(abs(mean) / 10 + 0.5) * 10 * (1 if mean >= 0 else -1)
        r = BUTLER.run({"scores": scores})
        assert r["datum"] == datum
        assert r["imps"] == {p: wbf(s - datum) for p, s in scores.items()}


def test_rounding_and_keeping_every_score():
    assert [round_to(x, 10) for x in (415, 414.9, -415, -5, 4.99)] == [420, 410, -420, -10, 0]
    assert butler_datum([100, 200, 600], 0, 10) == 300
    assert butler_datum([100, 200], 1, 10) == 150  # too few scores to leave any out


def test_bad_boards():
    with pytest.raises(ExampleError, match="board 1"):
        MATCH.run({"boards": [[420]]})
    with pytest.raises(ExampleError, match="whole number"):
        CROSS.run({"scores": {"A": "x", "B": 1}})
