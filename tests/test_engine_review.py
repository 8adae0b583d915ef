"""Independent review checks of the rules engine against values the engine's authors did not choose.

Each check names its source of truth: the Laws of Duplicate Bridge 2017 (Law 77 scoring
table, Law 78B IMP scale), the Laws of Rubber Bridge (Law 77/78), standard gin rummy
scoring and the seed 000 text, standard cribbage counting, and the house-rules seeds
001/002/004. Reference implementations here are written from the tables, not from the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, product

import pytest

from deckgen.booklet.check import check_paths
from deckgen.cards import parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.bridge import BRIDGE, BRIDGE_IMPS, BRIDGE_RUBBER, imps
from deckgen.engine.gin import deadwood
from deckgen.engine.poker import evaluate
from deckgen.engine.registry import get_game

# ====================================================================== bridge
# Law 77 written out as the printed table gives it (cumulative undertricks), not as per-trick steps.
_CUM_DOUBLED_NV = [0, 100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]
_CUM_DOUBLED_V = [0, 200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]


def _ref_deal(level: int, strain: str, dbl: int, vul: bool, tricks: int) -> dict[str, int]:
    need = level + 6
    if tricks < need:
        down = need - tricks
        if dbl == 0:
            pen = down * (100 if vul else 50)
        else:
            pen = (_CUM_DOUBLED_V if vul else _CUM_DOUBLED_NV)[down] * dbl
        return {"score": -pen, "contract_points": 0, "overtrick_points": 0, "undertrick_points": -pen, "bonus_points": 0}
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    cp = per * level + (10 if strain == "NT" else 0)
    cp *= (1, 2, 4)[dbl]
    over = tricks - need
    if dbl == 0:
        op = over * per
    else:
        op = over * (200 if vul else 100) * dbl
    bonus = (300 if not vul else 500) if cp >= 100 else 50
    if level == 6:
        bonus += 750 if vul else 500
    if level == 7:
        bonus += 1500 if vul else 1000
    bonus += 50 * dbl
    return {"score": cp + op + bonus, "contract_points": cp, "overtrick_points": op, "undertrick_points": 0, "bonus_points": bonus}


@pytest.mark.parametrize("strain", ["C", "D", "H", "S", "NT"])
def test_bridge_every_cell_of_the_duplicate_table(strain: str) -> None:
    # Source: Laws of Duplicate Bridge 2017, Law 77 (every level, doubling, vulnerability, 0-13 tricks).
    for level in range(1, 8):
        for dbl, suffix in enumerate(("", "X", "XX")):
            for vul in (False, True):
                for tricks in range(14):
                    got = BRIDGE.run({"contract": f"{level}{strain}{suffix}", "vulnerable": vul, "tricks": tricks})
                    want = _ref_deal(level, strain, dbl, vul, tricks)
                    assert {k: got[k] for k in want} == want, (level, strain, suffix, vul, tricks)


@pytest.mark.parametrize(
    ("contract", "vul", "tricks", "score"),
    [
        # Published duplicate scores (ACBL score table / Law 77), chosen independently of the engine's tests.
        ("1NT", False, 7, 90), ("2NT", False, 8, 120), ("3NT", False, 9, 400), ("3NT", True, 9, 600),
        ("3NT", False, 10, 430), ("4♣", False, 10, 130), ("5♣", False, 11, 400), ("5♦", True, 11, 600),
        ("4♠", True, 10, 620), ("4♠", True, 11, 650), ("1NTX", False, 7, 180), ("1NTX", True, 7, 180),
        ("1NTX", False, 8, 280), ("1NTX", True, 8, 380), ("2♥X", False, 8, 470), ("2♥X", True, 8, 670),
        ("3♣X", False, 9, 470), ("1NTXX", False, 7, 560), ("1NTXX", True, 7, 760), ("2♣XX", False, 8, 560),
        ("6NT", False, 12, 990), ("6NT", True, 12, 1440), ("7NT", False, 13, 1520), ("7NT", True, 13, 2220),
        ("7♣", True, 13, 2140), ("7NTXX", True, 13, 2980), ("6♥X", True, 12, 1660), ("1♣", False, 13, 190),
        ("7NTXX", False, 0, -7000), ("7NTXX", True, 0, -7600), ("7NTX", True, 0, -3800), ("7NTX", False, 0, -3500),
        ("4♠X", False, 6, -800), ("4♠X", False, 5, -1100), ("3NTX", False, 6, -500), ("3NTXX", True, 6, -1600),
        ("4♥", True, 6, -400), ("4♥", False, 6, -200),
    ],
)
def test_bridge_published_scores(contract: str, vul: bool, tricks: int, score: int) -> None:
    assert BRIDGE.run({"contract": contract, "vulnerable": vul, "tricks": tricks})["score"] == score


def test_bridge_imp_scale_every_boundary() -> None:
    # Source: Law 78B IMP scale, each band's low and high edge (differences are multiples of 10).
    bands = [(0, 10), (20, 40), (50, 80), (90, 120), (130, 160), (170, 210), (220, 260), (270, 310), (320, 360),
             (370, 420), (430, 490), (500, 590), (600, 740), (750, 890), (900, 1090), (1100, 1290), (1300, 1490),
             (1500, 1740), (1750, 1990), (2000, 2240), (2250, 2490), (2500, 2990), (3000, 3490), (3500, 3990)]
    for n, (lo, hi) in enumerate(bands):
        for d in (lo, hi):
            assert imps(d) == n and imps(-d) == -n, d
            assert BRIDGE_IMPS.run({"difference": d})["imps"] == n
    for d in (4000, 4010, 7600):
        assert imps(d) == 24 and imps(-d) == -24


def _rubber(deals: list, rules: dict | None = None) -> dict:
    return BRIDGE_RUBBER.run({"deals": deals}, rules)


def test_bridge_rubber_two_games_to_none_700() -> None:
    # Laws of Rubber Bridge Law 77: rubber won 2-0 = 700; doubled 2♥ making counts 120 below (a game) + 50 insult.
    r = _rubber(["NS 2♥X 8", "NS 3NT 10"])
    assert r["below_line"] == {"NS": 120 + 100, "EW": 0}
    assert r["above_line"] == {"NS": 50 + 30 + 700, "EW": 0}
    assert r["rubber_bonus"] == 700 and r["finished"]


def test_bridge_rubber_two_games_to_one_500_and_vulnerable_penalties() -> None:
    # Law 77: 2-1 rubber = 500; EW vulnerable (one game) doubled down 2 = 500 to NS.
    r = _rubber(["NS 4♠ 10", "EW 3NT 9", "EW 4♥X 8", "NS 5♦ 11"])
    assert r["games"] == {"NS": 2, "EW": 1}
    assert r["rubber_bonus"] == 500
    assert r["above_line"] == {"NS": 500 + 500, "EW": 0}
    assert r["totals"] == {"NS": 120 + 100 + 1000, "EW": 100}


def test_bridge_rubber_part_scores_combine_and_are_wiped_by_a_game() -> None:
    # Law 77: part scores accumulate towards game; a game by either side ends the opponents' part score.
    r = _rubber(["NS 2♠ 8", "EW 4♥ 10", "NS 1NT 7"])
    assert r["games"] == {"NS": 0, "EW": 1}
    assert not r["finished"]
    # unfinished: EW 300 for the game; NS 100 for the part score (40) in the open game; NS's 60 is dead.
    assert r["unfinished_bonus"] == {"NS": 100, "EW": 300}
    assert r["totals"] == {"NS": 60 + 40 + 100, "EW": 120 + 300}


def test_bridge_rubber_honours_count_for_defenders_too() -> None:
    # Law 77: honours score to whichever side holds them, 150 for four aces at no trumps.
    r = _rubber([{"by": "NS", "contract": "3NT", "tricks": 8, "honours": 150}])
    assert r["above_line"] == {"NS": 150, "EW": 50}
    r = _rubber([{"by": "NS", "contract": "4♠", "tricks": 10, "honours": -100}])
    assert r["above_line"] == {"NS": 300, "EW": 100}  # EW hold the honours; NS get 300 for a game (unfinished)


def test_bridge_rubber_slam_bonus_needs_vulnerability_from_a_game() -> None:
    # Law 77: small slam 500 not vulnerable, 750 vulnerable (after the side has won a game).
    r = _rubber(["NS 6♠ 12"])
    assert r["above_line"]["NS"] == 500 + 300  # the slam, then 300 for the game of an unfinished rubber
    r = _rubber(["NS 3NT 9", "NS 6♠ 12"])
    assert r["above_line"]["NS"] == 750 + 700


# ====================================================================== gin rummy
GIN = get_game("gin-rummy")
GIN_GAME = get_game("gin-game")


def _gin_value(card) -> int:
    return 1 if card.rank.label == "A" else min(int(card.rank), 10)


def _gin_low(card) -> int:
    return 1 if card.rank.label == "A" else int(card.rank)


def _gin_melds(cards):
    """Every set (3-4 of a rank) and run (3+ in a suit, aces low) in the cards."""
    melds = []
    for size in (3, 4):
        for group in combinations(cards, size):
            if len({c.rank for c in group}) == 1:
                melds.append(frozenset(group))
    for size in range(3, len(cards) + 1):
        for group in combinations(cards, size):
            if len({c.suit for c in group}) != 1:
                continue
            lows = sorted(_gin_low(c) for c in group)
            if lows == list(range(lows[0], lows[0] + size)):
                melds.append(frozenset(group))
    return melds


def _brute_deadwood(cards) -> int:
    """All partitions into sets (3-4 of a rank) and runs (3+ in a suit, aces low), by plain recursion."""
    cards = list(cards)
    melds = _gin_melds(cards)
    best = sum(_gin_value(c) for c in cards)

    def go(start: int, used: frozenset) -> None:
        nonlocal best
        best = min(best, sum(_gin_value(c) for c in cards if c not in used))
        for k in range(start, len(melds)):
            if not melds[k] & used:
                go(k + 1, used | melds[k])

    go(0, frozenset())
    return best


def test_gin_deadwood_matches_a_brute_force_on_crowded_hands() -> None:
    # Source: seed 000's meld definition; hands drawn from 6 ranks x 4 suits so melds overlap a lot.
    rng = random.Random(20261122)
    pool = parse_cards("A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣ Q♠ Q♥ K♠ K♥ J♠ J♥")
    for _ in range(150):
        hand = rng.sample(pool, 10)
        assert deadwood(hand) == _brute_deadwood(hand), hand


def _gin(knocker: str, defender: str, **rules) -> dict:
    return GIN.run({"knocker": knocker, "defender": defender}, rules or None)


def test_gin_seed_knock_8_against_10_scores_2() -> None:
    # Seed 000: "if a player knocks with 8, and the defender has 10 deadwood points ... 2 points".
    r = _gin("3♠ 4♠ 5♠ 7♥ 7♦ 7♣ J♣ Q♣ K♣ 8♦", "A♥ 2♥ 3♥ 9♠ 9♥ 9♦ 4♣ 5♣ 6♣ 10♦")
    assert (r["knocker_deadwood"], r["defender_deadwood"], r["outcome"], r["points"]) == (8, 10, "knock", 2)


def test_gin_layoff_chain_and_a_fourth_king() -> None:
    # Seed 000: the defender lays a king off on three kings; a chain 7♣ then 8♣ goes onto 4♣ 5♣ 6♣.
    r = _gin("4♣ 5♣ 6♣ K♠ K♥ K♦ 2♥ 3♥ 4♥ A♠", "7♣ 8♣ K♣ Q♦ Q♥ J♠ 9♦ 10♥ 5♦ 2♠")
    assert sorted(map(str, r["layoffs"])) == sorted(["7♣", "8♣", "K♣"])
    assert (r["knocker_deadwood"], r["defender_deadwood"], r["points"]) == (1, 56, 55)


def test_gin_and_big_gin_allow_no_layoffs() -> None:
    # Seed 000: gin = 25 + the opponent's whole deadwood, no lay-off; big gin 31 + deadwood.
    r = _gin("A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 9♣ 10♣ J♣ Q♣", "K♠ K♥ K♦ 5♥ 6♥ 7♥ 8♠ 5♠ 2♦ 4♠")
    assert (r["outcome"], r["defender_deadwood"], r["layoffs"], r["points"]) == ("gin", 19, [], 44)
    r = _gin("A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 9♣ 10♣ J♣ Q♣ K♣", "K♠ K♥ K♦ 5♥ 6♥ 7♥ 8♠ 5♠ 2♦ 4♠")
    assert (r["outcome"], r["points"]) == ("big gin", 31 + 19)


def test_gin_undercut_and_tie() -> None:
    # Seed 000: undercut when the defender's deadwood is lower or equal: 25 + the difference.
    r = _gin("3♠ 4♠ 5♠ 7♥ 7♦ 7♣ J♣ Q♣ K♣ 9♦", "A♥ 2♥ 3♥ 9♠ 9♥ 9♣ 4♣ 5♣ 6♣ 5♦")
    assert (r["outcome"], r["scorer"], r["points"]) == ("undercut", "defender", 25 + 4)
    r = _gin("3♠ 4♠ 5♠ 7♥ 7♦ 7♣ J♣ Q♣ K♣ 9♦", "A♥ 2♥ 3♥ 9♠ 9♥ 9♣ 4♣ 5♣ 6♣ 10♦")  # 9 against 10
    assert (r["outcome"], r["points"]) == ("knock", 1)
    r = _gin("3♠ 4♠ 5♠ 7♥ 7♦ 7♣ J♣ Q♣ K♣ 9♦", "A♥ 2♥ 3♥ 10♠ 10♥ 10♣ 4♣ 5♣ 6♣ 9♠")
    assert (r["outcome"], r["points"]) == ("undercut", 25)
    r = _gin("3♠ 4♠ 5♠ 7♥ 7♦ 7♣ J♣ Q♣ K♣ 9♦", "A♥ 2♥ 3♥ 10♠ 10♥ 10♣ 4♣ 5♣ 6♣ 9♠", undercut_on_tie=False)
    assert (r["outcome"], r["points"]) == ("knock", 0)


def test_gin_shared_card_and_aces_low() -> None:
    # Seed 000: 7♦ goes in the set or the run, not both; Q-K-A is not a run; an ace counts 1.
    assert deadwood(parse_cards("7♣ 7♠ 7♦ 8♦ 9♦ A♥ 2♥ 3♥ K♠ K♣")) == 7 + 7 + 10 + 10
    assert deadwood(parse_cards("Q♠ K♠ A♠")) == 21
    assert deadwood(parse_cards("A♠ 2♠ 3♠")) == 0


def test_gin_game_totals_and_shutout() -> None:
    # Seed 000: game bonus 100, 25 per hand won, a shutout doubles the hand points before the line bonus.
    r = GIN_GAME.run({"players": ["Ann", "Bob"], "hands": ["Ann 30", "Bob 12", "draw", "Ann 45", "Bob 9", "Ann 26"]})
    assert r["totals"] == {"Ann": 101 + 3 * 25 + 100, "Bob": 21 + 2 * 25}
    r = GIN_GAME.run({"players": ["Ann", "Bob"], "hands": ["Ann 30", "draw", "Ann 45", "Ann 26"]})
    assert r["shutout"] and r["totals"] == {"Ann": 2 * 101 + 3 * 25 + 100, "Bob": 0}


# ====================================================================== cribbage
CRIB = get_game("cribbage")


def _ref_crib(hand, starter, crib: bool) -> int:
    """Standard cribbage count written independently: longest runs by subset search, flush, nobs."""
    cards = list(hand) + [starter]
    low = [1 if c.rank.label == "A" else int(c.rank) for c in cards]
    val = [min(r, 10) for r in low]
    pts = 0
    for k in range(2, 6):
        for idx in combinations(range(5), k):
            if sum(val[i] for i in idx) == 15:
                pts += 2
    pts += sum(2 for i, j in combinations(range(5), 2) if low[i] == low[j])
    for k in (5, 4, 3):
        runs = [idx for idx in combinations(range(5), k) if sorted(low[i] for i in idx) == list(range(min(low[i] for i in idx), min(low[i] for i in idx) + k))]
        if runs:
            pts += k * len(runs)
            break
    if len({c.suit for c in cards}) == 1:
        pts += 5
    elif not crib and len({c.suit for c in hand}) == 1:
        pts += 4
    pts += any(c.rank.label == "J" and c.suit == starter.suit for c in hand)
    return pts


def _crib(hand: str, starter: str, crib: bool = False) -> int:
    return CRIB.run({"hand": hand, "starter": starter, "crib": crib})["score"]


@pytest.mark.parametrize(
    ("hand", "starter", "score"),
    [
        # Standard cribbage: the well-known counts.
        ("5♠ 5♥ 5♦ J♣", "5♣", 29),  # the perfect hand
        ("5♠ 5♥ 5♦ 5♣", "J♦", 28),
        ("4♠ 5♥ 6♦ 6♣", "4♥", 24),  # double-double run 4-4-5-6-6
        ("7♠ 7♥ 8♦ 8♣", "9♥", 24),
        ("3♠ 3♥ 3♦ 3♣", "9♥", 24),
        ("5♠ 5♥ J♦ J♣", "5♦", 23),  # 7 fifteens 14, pairs 8, his nobs J♦ 1
        ("A♠ 3♥ 7♦ Q♣", "K♠", 0),
        ("2♥ 4♥ 6♥ 8♥", "10♠", 4),  # 4-card flush only: all values even, so no fifteen
        ("J♠ Q♠ K♠ 10♠", "5♠", 5 + 4 + 2 * 4 + 1),  # 5-card flush, run of 4, four fifteens, nobs J♠
    ],
)
def test_cribbage_known_hands(hand: str, starter: str, score: int) -> None:
    h, s = parse_cards(hand), parse_cards(starter)[0]
    assert _ref_crib(h, s, False) == score
    assert _crib(hand, starter) == score


def test_cribbage_crib_needs_five_for_a_flush() -> None:
    # Standard cribbage: a four-card flush counts in the hand, not in the crib.
    assert _crib("2♥ 4♥ 6♥ 8♥", "K♠") - _crib("2♥ 4♥ 6♥ 8♥", "K♠", crib=True) == 4
    assert _crib("2♥ 4♥ 6♥ 8♥", "K♥", crib=True) == _ref_crib(parse_cards("2♥ 4♥ 6♥ 8♥"), parse_cards("K♥")[0], True)


def test_cribbage_matches_an_independent_counter_on_random_deals() -> None:
    deck = parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ "
                       "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")
    rng = random.Random(7)
    for n in range(3000):
        five = rng.sample(deck, 5)
        crib = n % 3 == 0
        got = CRIB.run({"hand": five[:4], "starter": five[4:], "crib": crib})["score"]
        assert got == _ref_crib(five[:4], five[4], crib), (five, crib)


# ====================================================================== poker
POKER = get_game("poker")


def _p(**inputs) -> dict:
    return POKER.run(inputs)


@pytest.mark.parametrize(
    ("hand", "category", "name"),
    [
        # Seed 001, Kings and Low Man: "A-3-3-7-9 = 3 Aces ... Q-10-K-2-2 = 4 Qs" (aces high, never low).
        ("A♠ 3♥ 3♦ 7♣ 9♠", "three of a kind", "Three of a kind, aces"),
        ("Q♠ 10♥ K♦ 2♣ 2♠", "four of a kind", "Four of a kind, queens"),
        ("2♠ 3♥ 4♦ 5♣ 7♠", "straight", "Straight, seven high"),  # the 2 is low man: fills the 6
        ("K♠ K♥ K♦ K♣ 2♠", "five of a kind", "Five of a kind, aces"),  # four kings and the low man
    ],
)
def test_poker_kings_and_low_man(hand: str, category: str, name: str) -> None:
    r = _p(hand=hand, wild=["K", "lowest"])
    assert (r["category"], r["name"]) == (category, name)


@pytest.mark.parametrize(
    ("hand", "category", "name"),
    [
        # Seed 001, Acey Deucey One-Eyed Jack: aces, deuces, J♠ and J♥ wild; five of a kind is the top hand.
        ("A♠ 2♥ J♠ J♥ 5♦", "five of a kind", "Five of a kind, fives"),
        ("A♠ A♥ A♦ A♣ 2♥", "five of a kind", "Five of a kind, aces"),
        ("J♦ J♣ 9♥ J♠ J♥", "four of a kind", "Four of a kind, jacks"),  # two-eyed jacks are natural
        ("A♠ 2♥ 3♥ 4♥ 6♥", "straight flush", "Straight flush, seven high"),
        ("A♠ 2♥ J♦ 10♦ 5♦", "flush", "Flush, ace high"),
        ("K♦ Q♣ 7♥ 4♠ 3♠", "high card", "High card, king"),
    ],
)
def test_poker_acey_deucey_one_eyed_jack(hand: str, category: str, name: str) -> None:
    r = _p(hand=hand, wild=["A", "2", "J♠", "J♥"])
    assert (r["category"], r["name"]) == (category, name)


def test_poker_five_of_a_kind_beats_a_royal_flush() -> None:
    # Seed 001: five of a kind is the highest hand when cards are wild.
    r = _p(hands={"Ann": "A♥ K♥ Q♥ J♥ 10♥", "Bob": "3♠ 3♥ 3♦ 3♣ 2♠"}, wild=["2"])
    assert r["winners"] == ["Bob"]


def test_poker_omaha_hilo_qualifying_lows_and_odd_chips() -> None:
    # Standard Omaha hi-lo: 8-or-better low, exactly two hole cards; the odd chip of the split goes high.
    board = "4♥ 5♦ 8♣ J♠ 9♥"
    r = _p(hands={"A": "A♠ 2♠ K♦ K♣", "B": "A♥ 3♥ Q♦ Q♣", "C": "7♠ 7♥ 9♦ 10♣"}, board=board, variant="omaha-hilo", pot=101)
    assert (r["winners"], r["low_winners"], r["low"]) == (["C"], ["A"], "Eight-five low")
    assert r["payouts"] == {"A": 50, "B": 0, "C": 51}
    # Quartered: two identical lows share the low half.
    r = _p(hands={"A": "A♠ 2♠ K♦ K♣", "B": "A♥ 2♥ Q♦ Q♣", "C": "7♠ 7♥ 9♦ 10♣"}, board=board, variant="omaha-hilo", pot=100)
    assert r["payouts"] == {"A": 25, "B": 25, "C": 50}
    # No low: three board cards of 8 or less are needed; here only two (2, 3), so the high takes all.
    r = _p(hands={"A": "A♠ 4♠ K♦ K♣", "B": "7♠ 7♥ 6♦ 6♣"}, board="2♥ 3♦ J♣ Q♠ K♥", variant="omaha-hilo", pot=60)
    assert (r["low_winners"], r["payouts"]) == ([], {"A": 60, "B": 0})
    # A pair in the low cards does not qualify: A-A hole with 2-3-... board still needs two distinct low hole cards.
    r = _p(hands={"A": "A♠ A♥ K♦ K♣", "B": "9♠ 9♥ 9♦ 10♣"}, board="2♥ 3♦ 4♣ Q♠ K♥", variant="omaha-hilo", pot=10)
    assert r["low_winners"] == []


def test_poker_odd_chip_goes_left_of_the_button() -> None:
    # Robert's Rules of Poker: the odd chip goes to the first winner clockwise from the button.
    r = _p(hands={"A": "2♠ 7♦", "B": "3♥ 8♣", "C": "4♦ 9♣"}, board="A♠ K♠ Q♠ J♠ 10♠", variant="holdem", pot=10, button="A")
    assert r["payouts"] == {"A": 3, "B": 4, "C": 3}
    r = _p(hands={"A": "2♠ 7♦", "B": "3♥ 8♣", "C": "4♦ 9♣"}, board="A♠ K♠ Q♠ J♠ 10♠", variant="holdem", pot=11, button="B")
    assert r["payouts"] == {"A": 4, "B": 3, "C": 4}


def test_poker_seed_incomplete_hands() -> None:
    # Seed 001: 8-8-K beats 8-8-6-2 beats 8-8-6; 10 beats 9-5 beats 9-3-2 beats 9-3 beats 9.
    hands = {"a": "8♠ 8♥ K♦", "b": "8♦ 8♣ 6♦ 2♣", "c": "8♠ 8♥ 6♣"}
    order = [POKER.run({"hand": h})["name"] for h in hands.values()]
    chain = ["8♠ 8♥ K♦", "8♦ 8♣ 6♦ 2♣", "8♠ 8♥ 6♣", "10♠", "9♠ 5♥", "9♠ 3♥ 2♦", "9♠ 3♥", "9♠"]
    keys = [evaluate(c).key for c in chain]
    assert keys[:3] == sorted(keys[:3], reverse=True) and len(set(keys[:3])) == 3
    assert keys[3:] == sorted(keys[3:], reverse=True) and len(set(keys[3:])) == 5
    assert order[0] == "One pair, eights"


def _partitions(cards):
    """Every way of choosing disjoint melds (deadwood = the rest)."""
    melds = _gin_melds(cards)
    out = []

    def go(start, chosen, used):
        out.append(list(chosen))
        for k in range(start, len(melds)):
            if not melds[k] & used:
                go(k + 1, chosen + [melds[k]], used | melds[k])

    go(0, [], frozenset())
    return out


def _layoff_closure(knocker_melds, loose):
    """Lay off everything that fits, repeatedly (a card laid on a run extends it for the next)."""
    runs, sets = [], []
    for m in knocker_melds:
        if len({c.rank for c in m}) == 1:
            if len(m) == 3:
                sets.append(next(iter(m)).rank)
        else:
            suit = next(iter(m)).suit
            lows = [_gin_low(c) for c in m]
            runs.append([suit, min(lows), max(lows)])
    loose = set(loose)
    laid = set()
    changed = True
    while changed:
        changed = False
        for c in sorted(loose - laid, key=str):
            # a card that fits a run goes there (it may let the next card follow); else on a set
            for run in runs:
                if c.suit == run[0] and _gin_low(c) in (run[1] - 1, run[2] + 1):
                    run[1], run[2] = min(run[1], _gin_low(c)), max(run[2], _gin_low(c))
                    laid.add(c); changed = True
                    break
            else:
                if c.rank in sets:
                    laid.add(c); changed = True
    return laid


def _brute_knock(knocker, defender):
    parts = _partitions(knocker)
    dws = [sum(_gin_value(c) for c in knocker if not any(c in m for m in p)) for p in parts]
    kdw = min(dws)
    best_for_knocker = None
    defender_loose = [set(defender) - set().union(*q) for q in _partitions(defender)]  # each way to meld
    for p, dw in zip(parts, dws):
        if dw != kdw:
            continue
        ddw = min(sum(_gin_value(c) for c in loose - _layoff_closure(p, loose)) for loose in defender_loose)
        best_for_knocker = ddw if best_for_knocker is None else max(best_for_knocker, ddw)
    return kdw, best_for_knocker


def test_gin_knock_and_layoffs_match_a_brute_force() -> None:
    # Seed 000: the defender melds and lays off (chains included) to leave the least deadwood; the
    # knocker shows whichever least-deadwood melding leaves the defender the most.
    rng = random.Random(2026)
    pool = parse_cards("A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣ 6♠ 6♥ 6♦ 6♣ 7♠ 7♥ 7♦ 7♣")
    checked = 0
    while checked < 60:
        deal = rng.sample(pool, 20)
        knocker, defender = deal[:10], deal[10:]
        kdw, ddw = _brute_knock(knocker, defender)
        if kdw == 0 or kdw > 10:
            continue
        r = GIN.run({"knocker": knocker, "defender": defender})
        assert (r["knocker_deadwood"], r["defender_deadwood"]) == (kdw, ddw), (knocker, defender)
        checked += 1


# ---------------------------------------------------------------- poker: wild cards against a brute force
def _ref_key5(cards):
    """(category, tiebreak...) of five (rank, suit) pairs; categories 0 high card ... 9 five of a kind."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda x: (x[1], x[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    distinct = len(counts) == 5
    flush = distinct and len({s for _, s in cards}) == 1
    high = None
    if distinct:
        if ranks[0] - ranks[4] == 4:
            high = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            high = 5
    if shape[0] == 5:
        return (9, order[0])
    if high and flush:
        return (8, high)
    if shape[0] == 4:
        return (7, *order)
    if shape[:2] == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if high:
        return (4, high)
    if shape[0] == 3:
        return (3, *order)
    if shape[:2] == [2, 2]:
        return (2, *order)
    if shape[0] == 2:
        return (1, *order)
    return (0, *ranks)


def _ref_wild_key(naturals, n_wild):
    best = None
    suits = {s for _, s in naturals}
    for ranks in product(range(2, 15), repeat=n_wild):
        # a wild card joins the naturals' suit when they share one (only a flush cares), else any other suit
        suit = next(iter(suits)) if len(suits) == 1 else "x"
        key = _ref_key5(list(naturals) + [(r, suit) for r in ranks])
        if best is None or key > best:
            best = key
    return best


_REF_CATEGORIES = ["high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
                   "four of a kind", "straight flush", "five of a kind"]


@pytest.mark.parametrize("wild", [["Jk"], ["2"], ["A", "2", "J♠", "J♥"], ["K", "lowest"]])
def test_poker_wild_hands_match_a_brute_force(wild: list[str]) -> None:
    # Seed 001 wild-card games: a wild card takes whatever value makes the best hand; five of a kind on top.
    deck = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ "
                       "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣")
    deck_sm = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ A♥ K♥ Q♥ J♥ 10♥ 2♥ A♦ K♦ 2♦ 3♦ 4♦ 5♦ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣")
    if "Jk" in wild:
        deck = deck + parse_cards("Jk1 Jk2")
        deck_sm = deck_sm + parse_cards("Jk1 Jk2")
    rng = random.Random(hash(tuple(wild)) & 0xFFFF)
    keys = []
    for n in range(400):
        hand = rng.sample(deck if n % 2 else deck_sm, 5)
        is_wild = []
        for c in hand:
            is_wild.append(c.is_joker or (c.rank.label in wild) or (str(c) in wild))
        if "lowest" in wild:
            low = min((int(c.rank) for c, w in zip(hand, is_wild) if not w), default=None)
            is_wild = [w or (low is not None and int(c.rank) == low) for c, w in zip(hand, is_wild)]
        naturals = [(int(c.rank), c.suit) for c, w in zip(hand, is_wild) if not w]
        if len(hand) - len(naturals) > 3:
            continue
        ref = _ref_wild_key(naturals, len(hand) - len(naturals))
        got = evaluate(hand, wild=wild)
        assert got.category == _REF_CATEGORIES[ref[0]], (hand, got, ref)
        keys.append((ref, got.key))
    # the engine orders hands exactly as the reference does
    for (ra, ga), (rb, gb) in zip(keys, keys[1:]):
        assert (ra > rb) - (ra < rb) == (ga > gb) - (ga < gb)


# ====================================================================== robustness of `deckgen check`
def test_check_reports_numbers_as_cards_and_text_as_rule_numbers(tmp_path) -> None:
    # EXAMPLES.md: a block that does not parse is a failure with its own file:line, and the check keeps
    # going. YAML reads `starter: 5` as a number and `king_points: ten` as text; both used to crash the run.
    page = tmp_path / "blocks.md"
    page.write_text(
        "```deckgen\ngame: cribbage\nhand: 5♠ 5♥ 5♦ J♣\nstarter: 5\nexpect:\n  score: 29\n```\n\n"
        "```deckgen\ngame: golf\nlayout: 3♠ 3♥ 3♦ K♣\nrules: {king_points: ten}\nexpect:\n  score: -3\n```\n\n"
        "```deckgen\ngame: cucumber\ntrick: {Ann: 2♠, Cy: J♦}\ncucumbers: Cy\nexpect:\n  taker: Cy\n```\n\n"
        "```deckgen\ngame: poker-betting\nante: lots\nrounds:\n  - [P1 bet 25, P2 call 25]\nexpect:\n  pot: 100\n```\n\n"
        "```deckgen\ngame: bridge\ncontract: 4H\nvulnerable: false\ntricks: 10\nexpect:\n  score: 420\n```\n",
        encoding="utf-8",
    )
    results = check_paths([page])
    messages = [(f.line, f.message) for r in results for f in r.failures]
    assert [r.ok for r in results] == [False, False, False, False, True]
    assert messages[0] == (4, "starter: '5' is not a card: expected a rank (A K Q J 10 ... 2, or T) followed by a suit "
                              "(♠ ♥ ♦ ♣ or S H D C), or a joker (Jk, Jk1, Joker)")
    assert messages[1] == (12, "rules.king_points: expected a whole number, got 'ten'")
    assert messages[2][1] == "cucumbers: expected a list of names, got 'Cy'"
    assert messages[3][1] == "ante: expected a whole number of chips, got 'lots'"


@pytest.mark.parametrize(
    ("game", "inputs", "message"),
    [
        ("gin-rummy", {"knocker": 7, "defender": "A♠"}, "knocker: '7' is not a card"),
        ("poker", {"hands": {"Ann": 5}}, "hands.Ann: '5' is not a card"),
        ("ofc-hand", {"top": {"a": 1}, "middle": "", "bottom": ""}, "top: expected cards written as one string"),
        ("pitch", {"trump": "♠", "bidder": "Us", "bid": 2, "won": {"Us": 3, "Them": "2♠"}}, "won.Us: '3' is not a card"),
    ],
)
def test_cards_given_as_numbers_or_mappings_are_named(game: str, inputs: dict, message: str) -> None:
    with pytest.raises(ExampleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        get_game(game).run(inputs)


# ====================================================================== the smaller games, against the seeds
def _run(game: str, inputs: dict, rules: dict | None = None) -> dict:
    return get_game(game).run(inputs, rules)


def test_golf_seed_001_values() -> None:
    # Seed 001: numerals face value, J/Q 10, K 0, a pair 0, "3-3-3-K would be -3".
    assert _run("golf", {"layout": "3♠ 3♥ 3♦ K♣"})["score"] == -3
    assert _run("golf", {"layout": "A♠ 2♥ J♦ Q♣"})["score"] == 1 + 2 + 10 + 10
    assert _run("golf", {"layout": "7♠ K♥ 7♦ 9♣"})["score"] == 9  # the sevens pair in the left column
    assert _run("golf", {"layout": "Q♠ Q♥ Q♦ 4♣"})["score"] == -10 + 4


@pytest.mark.parametrize("deal", range(1, 12))
def test_pay_me_wild_rank_follows_the_deal(deal: int) -> None:
    # Seed 002: deal 1 has 3 cards and 3s wild ... deal 9 (11 cards) jacks, 10 queens, 11 kings; 2s and jokers always.
    want = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][deal - 1]
    r = _run("pay-me", {"deal": deal})
    assert r["hand_size"] == deal + 2
    assert sorted(r["wild_ranks"]) == sorted(["2", want, "Jk"])


def test_pay_me_deadwood_and_meld_limits() -> None:
    # Seed 002: wild 15, K-8 10, 7-A 5; at most half a meld wild; no two wilds side by side in a run.
    assert _run("pay-me", {"deal": 9, "deadwood": "J♠ 2♥ Jk K♦ 8♣ 7♠ A♥"})["deadwood_points"] == 15 * 3 + 10 + 10 + 5 + 5
    ok = lambda m: _run("pay-me", {"hand_size": 7, "melds": [m]})["melds_valid"]  # noqa: E731
    assert ok("4♥ Jk 6♥ Jk") and ok("9♣ 9♥ Jk") and ok("Jk 2♠ 4♥ 5♥")
    assert not ok("4♥ Jk Jk") and not ok("4♥ 2♠ 2♦ 7♥") and not ok("4♥ 7♥ Jk Jk")


def test_ace_deuce_jack_odds() -> None:
    # Seed 002: "the house edge ... is just a shade over 10%": C(40,3)/C(52,3) = 9880/22100.
    r = _run("ace-deuce-jack", {"cards": "3♠ 9♥ K♦", "bets": {"A": 5, "B": 2}})
    assert (r["player_win_chance"], r["house_edge"], r["banker_net"]) == ("44.71%", "10.59%", -7)
    assert _run("ace-deuce-jack", {"cards": "3♠ J♥ K♦", "bets": {"A": 5}})["payouts"] == {"A": -5}


@pytest.mark.parametrize(
    ("bid", "tricks", "each"),
    # Seed 004: a bid pays 1 a trick each way; nap wins 10, loses 5; wellington loses 10, blucher 20; misère 3.
    [("2", 2, 2), ("4", 3, -4), ("nap", 5, 10), ("nap", 4, -5), ("wellington", 5, 10), ("wellington", 4, -10),
     ("blucher", 5, 10), ("blucher", 3, -20), ("misère", 0, 3), ("misère", 1, -3)],
)
def test_napoleon_settlement(bid: str, tricks: int, each: int) -> None:
    r = _run("napoleon", {"bid": bid, "tricks": tricks, "players": 5})
    assert (r["per_opponent"], r["declarer"]) == (each, 4 * each)


def test_napoleon_misere_ranks_between_three_and_four() -> None:
    # Seed 004: misère "ranks between bids of three and four".
    assert _run("napoleon", {"auction": ["3", "misère", "pass", "pass"], "tricks": 0, "players": 4})["contract"] == "misère"
    with pytest.raises(ExampleError):
        _run("napoleon", {"auction": ["4", "misère", "pass", "pass"], "tricks": 0, "players": 4})


def test_rummy_settlement_seed_004() -> None:
    # Seed 004: courts 10, aces 1, others pips; by the ten, "rounded up to the nearest ten".
    hands = {"Bob": "K♠ 7♥ A♦", "Cy": "2♣ 3♣"}
    assert _run("rummy", {"winner": "Ann", "hands": hands})["payments"] == {"Ann": 0, "Bob": 18, "Cy": 5}
    assert _run("rummy", {"winner": "Ann", "hands": hands}, {"rate": "ten"})["payments"] == {"Ann": 0, "Bob": 2, "Cy": 1}


def test_pitch_game_count_and_set_back() -> None:
    # Seed 002: game counts 10=10, A=4, K=3, Q=2, J=1; a side that fails is set back its bid.
    r = _run("pitch", {"trump": "♠", "bidder": "Us", "bid": 3,
                       "won": {"Us": "A♠ J♠ 10♥ K♦ 4♦ 5♦", "Them": "2♠ Q♣ 10♣ 10♦ 3♦ 6♦"}, "before": {"Us": 19, "Them": 20}})
    assert r["game_points"] == {"Us": 18, "Them": 22}
    assert (r["high"], r["low"], r["jack"], r["game"]) == ("Us", "Them", "Us", "Them")
    assert r["score"] == {"Us": -3, "Them": 2} and r["winner"] == ""


def test_farmer_tie_breaks_and_side_pot() -> None:
    # Seed 002: among 16s the 6♥ wins; without 16, lower hands pay the closest, a split remainder goes to the farm.
    r = _run("farmer", {"hands": {"A": "10♠ 6♥", "B": "9♠ 7♦", "C": "K♦ 5♣ A♠", "D": "Q♠ 9♦"}, "farmer": "D"})
    assert r["farm_winner"] == "A" and r["net"] == {"A": 3, "B": -1, "C": -1, "D": -1}
    r = _run("farmer", {"hands": {"A": "10♠ 5♥", "B": "9♠ 3♦ 3♣", "C": "K♦ 4♣ A♠", "D": "Q♠ 4♦", "E": "J♣ 2♠ 2♣"}, "farmer": "E"})
    assert r["closest"] == ["A", "B", "C"] and r["farm"] == 5 + 2


def test_cucumber_penalties_and_cucumber_reset() -> None:
    # Seed 002: the last of the highest rank takes the trick and its value; others of that rank take it off
    # (not below zero); over 21 draws a cucumber and drops to the next-highest active score.
    r = _run("cucumber", {"trick": {"A": "9♠", "B": "K♦", "C": "K♠", "D": "3♣"}, "scores": {"A": 5, "B": 4, "C": 19, "D": 12}})
    assert (r["taker"], r["penalty"]) == ("C", 13)
    assert r["changes"] == {"A": 0, "B": -4, "C": 13, "D": 0}
    assert r["totals"] == {"A": 5, "B": 0, "C": 12, "D": 12} and r["cucumbers"] == ["C"]


def test_ofc_royalties_standard_table() -> None:
    # Standard OFC royalties (seed 002 table for the five-card rows; 66=1 ... AA=9 and 222=10 ... AAA=22 on top).
    r = _run("ofc-hand", {"top": "Q♠ Q♥ 4♦", "middle": "A♥ K♥ 8♥ 6♥ 3♥", "bottom": "9♥ 9♦ 9♣ 2♠ 2♣"})
    assert (r["top_royalty"], r["middle_royalty"], r["bottom_royalty"], r["fantasyland"]) == (7, 8, 6, True)
    r = _run("ofc-hand", {"top": "A♠ A♥ A♦", "middle": "K♠ K♥ K♦ K♣ 2♦", "bottom": "8♣ 9♣ 10♣ J♣ Q♣"})
    assert (r["top_royalty"], r["middle_royalty"], r["bottom_royalty"], r["royalties"]) == (22, 20, 15, 57)
    assert r["stays_in_fantasyland"]
    # A top pair that outranks the middle's same pair on the kicker fouls (QQ5 over QQ432).
    assert _run("ofc-hand", {"top": "Q♠ Q♥ 5♦", "middle": "Q♦ Q♣ 4♦ 3♣ 2♠", "bottom": "2♥ 5♥ 8♥ J♥ K♥"})["fouled"]


def test_in_between_outcomes() -> None:
    # In Between: strictly between wins the bet, outside loses it, a post's rank costs double.
    base = {"posts": "3♠ 9♥", "pot": 200, "bet": 10}
    assert _run("in-between", base | {"card": "5♦"})["player_change"] == 10
    assert _run("in-between", base | {"card": "K♦"})["player_change"] == -10
    assert _run("in-between", base | {"card": "9♦"})["player_change"] == -20
    assert _run("in-between", {"posts": "3♠ 4♥", "pot": 200})["outcome"] == "runner"


def test_pay_me_earlier_score_must_be_a_number() -> None:
    # EXAMPLES.md: a wrong input is a failure naming the field, never a crash of `deckgen check`.
    with pytest.raises(ExampleError, match="scores: Ann's earlier score must be a whole number, got 'x'"):
        _run("pay-me", {"deal": 1, "players": {"Ann": "4♠"}, "scores": {"Ann": "x"}})


def test_poker_wild_frequency_tables_match_the_published_counts() -> None:
    # Published five-card tables (Wikipedia "Poker probability"): one fully wild joker in 53 cards, and deuces wild.
    from deckgen.cards import Rank
    from deckgen.engine.poker_counts import hand_frequencies

    assert hand_frequencies(5, ("Jk",)) == {
        "five of a kind": 13, "straight flush": 204, "four of a kind": 3120, "full house": 6552, "flush": 7804,
        "straight": 20532, "three of a kind": 137280, "two pair": 123552, "one pair": 1268088, "high card": 1302540,
    }
    assert hand_frequencies(5, (Rank.TWO,)) == {
        "five of a kind": 672, "straight flush": 2552, "four of a kind": 31552, "full house": 12672, "flush": 14472,
        "straight": 62232, "three of a kind": 355080, "two pair": 95040, "one pair": 1225008, "high card": 799680,
    }
