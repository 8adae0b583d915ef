"""Contract bridge: every scoring rule of one deal, a rubber, IMPs and matchpoints, with exact numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckgen.engine.base import ExampleError
from deckgen.engine.bridge import (
    BRIDGE,
    BRIDGE_IMPS,
    BRIDGE_MATCHPOINTS,
    BRIDGE_RUBBER,
    Contract,
    imps,
    parse_contract,
)


def deal(contract: str, vulnerable: bool, tricks: int, **extra: object) -> dict:
    rules = extra.pop("rules", None)
    return BRIDGE.run({"contract": contract, "vulnerable": vulnerable, "tricks": tricks, **extra}, rules)


def score(contract: str, vulnerable: bool, tricks: int, **extra: object) -> int:
    return deal(contract, vulnerable, tricks, **extra)["score"]


# ------------------------------------------------------------------ the required figures


def test_the_issue_figures() -> None:
    assert score("4♥", False, 10) == 420
    assert score("2♠X", False, 8) == 470
    assert score("1♣XX", False, 7) == 230
    assert score("6♠", True, 12) == 1430
    assert score("4♠X", True, 7) == -800
    assert BRIDGE_IMPS.run({"difference": 420}) == {"imps": 9}


# ------------------------------------------------------------------ contract notation


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4♥", Contract(4, "H", 0)),
        ("3NT", Contract(3, "NT", 0)),
        ("3n", Contract(3, "NT", 0)),
        ("6SX", Contract(6, "S", 1)),
        ("2♣XX", Contract(2, "C", 2)),
        ("7 nt xx", Contract(7, "NT", 2)),
        ("1d", Contract(1, "D", 0)),
    ],
)
def test_contract_notation(text: str, expected: Contract) -> None:
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["8♥", "0NT", "4X", "4♥XXX", "4 hearts", ""])
def test_bad_contracts_quote_the_token(text: str) -> None:
    with pytest.raises(ExampleError, match=f"contract: '{text}' is not a contract"):
        parse_contract(text)


# ------------------------------------------------------------------ trick values and bonuses


def test_trick_values_by_strain() -> None:
    assert deal("2♣", False, 8)["contract_points"] == 40
    assert deal("2♦", False, 8)["contract_points"] == 40
    assert deal("2♥", False, 8)["contract_points"] == 60
    assert deal("2♠", False, 8)["contract_points"] == 60
    assert deal("2NT", False, 8)["contract_points"] == 70
    assert deal("3NT", False, 9)["contract_points"] == 100


def test_part_score_and_game_bonuses() -> None:
    assert score("2♥", False, 8) == 60 + 50
    assert score("3NT", False, 9) == 100 + 300
    assert score("3NT", True, 9) == 100 + 500
    assert score("5♦", True, 11) == 100 + 500
    assert score("4♦", True, 10) == 80 + 50  # 80 is short of game
    # Doubling counts towards game: 2♥X is 120 below the line.
    assert deal("2♥X", True, 8)["bonus_points"] == 500 + 50


def test_overtricks_undoubled_doubled_redoubled() -> None:
    assert deal("2♣", False, 10)["overtrick_points"] == 40
    assert deal("3NT", True, 11)["overtrick_points"] == 60
    assert deal("2♣X", False, 10)["overtrick_points"] == 200
    assert deal("2♣X", True, 10)["overtrick_points"] == 400
    assert deal("2♣XX", False, 10)["overtrick_points"] == 400
    assert deal("2♣XX", True, 10)["overtrick_points"] == 800
    # 1NTX is 80 below the line: a part score (50), however many overtricks.
    assert score("1NTX", True, 9) == 80 + 400 + 50 + 50


def test_slams_and_insult() -> None:
    assert score("6♠", False, 12) == 180 + 300 + 500
    assert score("7♥", False, 13) == 210 + 300 + 1000
    assert score("7NT", True, 13) == 220 + 500 + 1500
    assert score("7NTXX", True, 13) == 880 + 500 + 1500 + 100
    # A slam bid only as a game earns no slam bonus.
    assert score("4♠", False, 12) == 120 + 60 + 300
    assert deal("1♣X", False, 7)["bonus_points"] == 50 + 50


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "penalty"),
    [
        ("4♠", False, 9, 50),
        ("4♠", False, 6, 200),
        ("4♠", True, 9, 100),
        ("4♠", True, 5, 500),
        ("4♠X", False, 9, 100),
        ("4♠X", False, 8, 300),
        ("4♠X", False, 7, 500),
        ("4♠X", False, 6, 800),
        ("4♠X", False, 4, 1400),
        ("4♠X", True, 9, 200),
        ("4♠X", True, 8, 500),
        ("4♠X", True, 6, 1100),
        ("4♠XX", False, 9, 200),
        ("4♠XX", False, 6, 1600),
        ("4♠XX", True, 9, 400),
        ("4♠XX", True, 7, 1600),
        ("7NTX", True, 0, 3800),
    ],
)
def test_undertrick_table(contract: str, vulnerable: bool, tricks: int, penalty: int) -> None:
    got = deal(contract, vulnerable, tricks)
    assert got["undertrick_points"] == got["score"] == -penalty
    assert got["made"] is False and got["contract_points"] == got["bonus_points"] == 0


def test_bonuses_are_house_rules() -> None:
    assert score("6♠", True, 12, rules={"small_slam_bonus_vul": 1000}) == 180 + 500 + 1000
    assert score("2♥", False, 8, rules={"part_score_bonus": 0}) == 60
    assert score("1♣XX", False, 7, rules={"insult_bonus": 25}) == 80 + 50 + 50


@given(
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
    st.booleans(),
    st.integers(0, 13),
)
def test_parts_add_up_and_more_tricks_never_score_less(
    level: int, strain: str, dbl: str, vulnerable: bool, tricks: int
) -> None:
    got = deal(f"{level}{strain}{dbl}", vulnerable, tricks)
    assert got["score"] == sum(
        got[k] for k in ("contract_points", "overtrick_points", "undertrick_points", "bonus_points", "honour_points")
    )
    assert got["made"] == (tricks >= level + 6) == (got["score"] > 0)
    if tricks < 13:
        assert deal(f"{level}{strain}{dbl}", vulnerable, tricks + 1)["score"] > got["score"]


# ------------------------------------------------------------------ rubber scoring of one deal


def test_rubber_deal_has_no_game_bonus_but_honours() -> None:
    got = deal("4♥", False, 10, scoring="rubber", honours=100)
    assert got == {
        "score": 220,
        "made": True,
        "contract_points": 120,
        "overtrick_points": 0,
        "undertrick_points": 0,
        "bonus_points": 0,
        "honour_points": 100,
    }
    assert score("3NT", False, 8, scoring="rubber", honours=-150) == -50 - 150
    assert score("6♠", True, 12, scoring="rubber") == 180 + 750


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"honours": 100}, "honours: honours only score in rubber bridge"),
        ({"scoring": "rubber", "honours": 120}, "honours: expected 100 or 150"),
        ({"scoring": "chicago"}, "scoring: expected duplicate or rubber, got 'chicago'"),
    ],
)
def test_bad_deal_fields(extra: dict, message: str) -> None:
    with pytest.raises(ExampleError, match=message):
        deal("4♥", False, 10, **extra)


def test_honours_at_no_trumps_are_the_four_aces() -> None:
    with pytest.raises(ExampleError, match="at no trumps only the four aces count"):
        deal("3NT", False, 9, scoring="rubber", honours=100)


@pytest.mark.parametrize(("tricks", "vulnerable"), [(14, False), (-1, False), ("ten", False), (10, "yes")])
def test_bad_tricks_and_vulnerability(tricks: object, vulnerable: object) -> None:
    with pytest.raises(ExampleError, match="tricks: expected|vulnerable: expected true or false"):
        deal("4♥", vulnerable, tricks)  # type: ignore[arg-type]


def test_missing_field() -> None:
    with pytest.raises(ExampleError, match="bridge needs the field 'vulnerable'"):
        BRIDGE.run({"contract": "4♥", "tricks": 10})


def test_explain() -> None:
    assert BRIDGE.explain({"contract": "4♠X", "vulnerable": True, "tricks": 7}, BRIDGE.defaults) == [
        "4♠X (vulnerable, doubled): 7 tricks of 10, down 3",
        "Undertricks: 800 to the defenders",
        "Score: -800 to the declaring side",
    ]
    assert BRIDGE.explain({"contract": "6♠", "vulnerable": True, "tricks": 13}, BRIDGE.defaults)[1:] == [
        "contract 180 + overtricks 30 + game 500 + small slam 750",
        "Score: +1460 to the declaring side",
    ]


def test_wrong_claim_differs() -> None:
    """A deliberately wrong example: 4♥ made is not 450 (that would give the overtrick to a made-exactly contract)."""
    assert score("4♥", False, 10) != 450


# ------------------------------------------------------------------ a rubber


def rubber(deals: list, **rules: object) -> dict:
    return BRIDGE_RUBBER.run({"deals": deals}, rules)


def test_rubber_two_games_to_none() -> None:
    got = rubber(["NS 4♥ 11", "EW 2♦ 8", "NS 3NT 9"])
    assert got["games"] == {"NS": 2, "EW": 0}
    assert got["finished"] is True and got["rubber_winner"] == "NS" and got["rubber_bonus"] == 700
    assert got["below_line"] == {"NS": 120 + 100, "EW": 40}
    assert got["above_line"] == {"NS": 30 + 700, "EW": 0}
    assert got["totals"] == {"NS": 950, "EW": 40}
    assert got["deal_scores"] == [150, 40, 100]
    assert (got["winner"], got["margin"]) == ("NS", 910)


def test_rubber_two_games_to_one_vulnerability_and_part_scores() -> None:
    # EW make 2♠ (60) then NS make 4♠ (game, wiping EW's part score for the next game);
    # EW, now not vulnerable, make 3NT; NS vulnerable go down 2 in 4♥ undoubled (200);
    # EW vulnerable make 2♥ + 2♣ (60 + 40): game and rubber, 500.
    got = rubber(["EW 2♠ 8", "NS 4♠ 10", "EW 3NT 9", "NS 4♥ 8", "EW 2♥ 8", "EW 2♣ 8"])
    assert got["games"] == {"NS": 1, "EW": 2}
    assert got["rubber_winner"] == "EW" and got["rubber_bonus"] == 500
    assert got["below_line"] == {"NS": 120, "EW": 60 + 100 + 60 + 40}
    assert got["above_line"] == {"NS": 0, "EW": 200 + 500}
    assert got["deal_scores"] == [60, 120, 100, -200, 60, 40]


def test_rubber_doubled_contract_counts_towards_game_and_slams_by_vulnerability() -> None:
    got = rubber(["NS 2♥X 8", {"by": "S", "contract": "6♠", "tricks": 12, "honours": 150}])
    # 2♥X is 120 below: game. Then NS are vulnerable: small slam 750, honours 150, rubber 700.
    assert got["below_line"] == {"NS": 120 + 180, "EW": 0}
    assert got["above_line"] == {"NS": 50 + 750 + 150 + 700, "EW": 0}
    assert got["deal_scores"] == [170, 180 + 750 + 150]


def test_unfinished_rubber_bonuses() -> None:
    got = rubber(["NS 4♠ 10", "EW 1NT 7", "pass"])
    assert got["finished"] is False and got["rubber_winner"] == "" and got["rubber_bonus"] == 0
    assert got["unfinished_bonus"] == {"NS": 300, "EW": 100}
    assert got["totals"] == {"NS": 120 + 300, "EW": 40 + 100}
    both = rubber(["NS 1♣ 7", "EW 1♦ 7"], unfinished_part_score_bonus=50)
    assert both["unfinished_bonus"] == {"NS": 50, "EW": 50}


def test_defenders_hold_honours_and_take_penalties() -> None:
    got = rubber([{"by": "EW", "contract": "4♠X", "tricks": 8, "honours": -100}])
    assert got["above_line"] == {"NS": 300 + 100, "EW": 0}
    assert got["deal_scores"] == [-400]


def test_rubber_explain_follows_each_deal() -> None:
    deals = ["NS 2♥ 9", "EW 3NT 10", {"by": "NS", "contract": "2♠", "tricks": 8, "honours": 100}, "EW 4♠X 8", "pass"]
    assert BRIDGE_RUBBER.explain({"deals": [*deals, "EW 5♣ 11"]}, BRIDGE_RUBBER.defaults) == [
        "1. NS 2♥, 9 tricks: 60 below, 30 above",
        "2. EW 3NT, 10 tricks: 100 below, 30 above; game EW",
        "3. NS 2♠, 8 tricks: 60 below; honours 100 to NS",
        "4. EW 4♠X (vul), 8 tricks: down 2, 500 to NS",
        "5. passed out",
        "6. EW 5♣ (vul), 11 tricks: 100 below; game EW, rubber 700",
        "Below the line: NS 120 · EW 200",
        "Above the line: NS 630 · EW 730",
        "EW win the rubber 2–0 at deal 6: bonus 700",
        "Totals: NS 750 · EW 930",
    ]


def test_rubber_errors() -> None:
    with pytest.raises(ExampleError, match="deals: deal 3 comes after the rubber ended at deal 2"):
        rubber(["NS 4♥ 10", "NS 3NT 9", "EW 1♣ 7"])
    with pytest.raises(ExampleError, match="deals: deal 1: 'XY' is not a side"):
        rubber(["XY 4♥ 10"])
    with pytest.raises(ExampleError, match="deals: deal 2: '4♥' should be side, contract and tricks"):
        rubber(["NS 4♥ 10", "4♥"])
    with pytest.raises(ExampleError, match="deals: deal 1: unknown field 'vul'"):
        rubber([{"by": "N", "contract": "4♥", "tricks": 10, "vul": True}])
    with pytest.raises(ExampleError, match="deals: deal 1: '9♥' is not a contract"):
        rubber(["NS 9♥ 10"])


def test_rubber_bonus_parameters() -> None:
    assert rubber(["NS 4♥ 10", "NS 3NT 9"], rubber_bonus_fast=1000)["rubber_bonus"] == 1000
    assert rubber(["NS 2♥ 8", "NS 2♥ 8"], game_points=120)["games"] == {"NS": 1, "EW": 0}


# ------------------------------------------------------------------ IMPs and matchpoints


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4),
        (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9),
        (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13),
        (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15), (1300, 16), (1490, 16), (1500, 17),
        (1740, 17), (1750, 18), (1990, 18), (2000, 19), (2240, 19), (2250, 20), (2490, 20), (2500, 21),
        (2990, 21), (3000, 22), (3490, 22), (3500, 23), (3990, 23), (4000, 24), (7600, 24),
        (-420, -9), (-1430, -16),
    ],
)  # fmt: skip
def test_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def test_imps_block() -> None:
    assert BRIDGE_IMPS.explain({"difference": 420}, {}) == ["A difference of 420 lies in the band 370–420: +9 IMPs"]
    with pytest.raises(ExampleError, match="difference: expected a whole number of points, got 'lots'"):
        BRIDGE_IMPS.run({"difference": "lots"})


def test_matchpoints() -> None:
    got = BRIDGE_MATCHPOINTS.run({"scores": [420, 420, 450, 170, -50]})
    assert got == {"matchpoints": [5, 5, 8, 2, 0], "top": 8, "percent": [62.5, 62.5, 100.0, 25.0, 0.0]}
    named = BRIDGE_MATCHPOINTS.run({"scores": {"Ann-Bob": 620, "Cy-Di": 170, "Ed-Flo": 620}})
    assert named["matchpoints"] == {"Ann-Bob": 3, "Cy-Di": 0, "Ed-Flo": 3}
    half = BRIDGE_MATCHPOINTS.run({"scores": [100, 100, 50]}, {"win_points": 1, "tie_points": 0.5})
    assert half["matchpoints"] == [1.5, 1.5, 0] and half["top"] == 2


def test_matchpoint_errors() -> None:
    with pytest.raises(ExampleError, match="scores: 'x' is not a score"):
        BRIDGE_MATCHPOINTS.run({"scores": [100, "x"]})
    with pytest.raises(ExampleError, match="scores: expected at least two scores"):
        BRIDGE_MATCHPOINTS.run({"scores": [100]})


# ------------------------------------------------------------------ through `deckgen check` and `deckgen score`


def test_check_reports_wrong_bridge_examples_with_file_and_line(tmp_path) -> None:
    from deckgen.booklet.check import check_paths

    path = tmp_path / "wrong.md"
    path.write_text(
        "```deckgen\ngame: bridge\ncontract: 4♥\nvulnerable: false\ntricks: 10\nexpect:\n  score: 450\n```\n\n"
        "```deckgen\ngame: bridge-imps\ndifference: 420\nexpect:\n  imps: 10\n```\n\n"
        "```deckgen\ngame: bridge-rubber\ndeals: [NS 4♥ 10, NS 3NT 9]\nexpect:\n  rubber_bonus: 500\n```\n\n"
        "```deckgen\ngame: bridge-matchpoints\nscores: [100, 50]\nexpect:\n  matchpoints: [1, 0]\n```\n",
        encoding="utf-8",
    )
    failures = [str(f) for r in check_paths([path]) for f in r.failures]
    assert failures == [
        f"{path}:7: bridge: score: expected 450, got 420",
        f"{path}:14: bridge-imps: imps: expected 10, got 9",
        f"{path}:21: bridge-rubber: rubber_bonus: expected 500, got 700",
        f"{path}:28: bridge-matchpoints: matchpoints: expected [1, 0], got [2, 0]",
    ]


def test_score_command(run, tmp_path) -> None:
    import json

    base = ["score", "bridge", "--contract", "6S", "--vulnerable", "true"]
    code, out, err = run(tmp_path, *base, "--tricks", "12", "--json")
    assert code == 0, err
    assert json.loads(out)["result"]["score"] == 1430
    code, _, err = run(tmp_path, *base, "--tricks", "14")
    assert code == 2
    assert "tricks: expected the declaring side's tricks, 0 to 13, got 14" in err
    assert "Traceback" not in err


def test_game_threshold_is_a_house_rule_in_both_scorings() -> None:
    # With game at 120 trick points, 4♥ (120) is still game and 3NT (100) is a part score.
    assert score("4♥", False, 10, rules={"game_points": 120}) == 120 + 300
    assert score("3NT", False, 9, rules={"game_points": 120}) == 100 + 50
    assert BRIDGE.explain({"contract": "3NT", "vulnerable": False, "tricks": 9}, BRIDGE.resolve_rules({"game_points": 120}))[
        1
    ] == "contract 100 + part score 50"
