"""Napoleon settlement: every contract made and failed, the auction's rules, house-rule stakes."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.napoleon import SPEC
from deckgen.engine.registry import get_game


def run(**inputs) -> dict:
    rules = inputs.pop("rules", {})
    return SPEC.run(inputs, rules)


def test_registered():
    assert get_game("napoleon") is SPEC


@pytest.mark.parametrize(
    ("bid", "tricks", "contract", "made", "each"),
    [
        (2, 2, "2", True, 2),
        (2, 1, "2", False, -2),
        (3, 5, "3", True, 3),  # overtricks are worth nothing
        (4, 3, "4", False, -4),
        ("nap", 5, "nap", True, 10),
        (5, 4, "nap", False, -5),
        ("wellington", 5, "wellington", True, 10),
        ("wellington", 4, "wellington", False, -10),
        ("blucher", 5, "blucher", True, 10),
        ("Blücher", 3, "blucher", False, -20),
        ("misere", 0, "misère", True, 3),
        ("misère", 1, "misère", False, -3),
    ],
)
def test_settlement(bid, tricks, contract, made, each):
    result = run(bid=bid, tricks=tricks, players=5)
    assert result == {"contract": contract, "made": made, "per_opponent": each, "declarer": 4 * each}


def test_stakes_are_house_rules():
    assert run(bid="nap", tricks=5, players=4, rules={"nap_win": 12})["declarer"] == 36
    assert run(bid="wellington", tricks=5, players=3, rules={"wellington_win": 20})["per_opponent"] == 20
    assert run(bid="blucher", tricks=2, players=3, rules={"blucher_loss": 30})["declarer"] == -60
    assert run(bid="misere", tricks=0, players=4, rules={"misere_value": 4})["declarer"] == 12


def test_barred_bids():
    with pytest.raises(ExampleError, match=r"bid: misère is not allowed .*\(allow_misere\)"):
        run(bid="misere", tricks=0, players=4, rules={"allow_misere": False})
    with pytest.raises(ExampleError, match=r"bid: wellington is not allowed"):
        run(bid="wellington", tricks=5, players=4, rules={"allow_wellington": False})
    with pytest.raises(ExampleError, match=r"bid: blucher is not allowed"):
        run(bid="blucher", tricks=5, players=4, rules={"allow_blucher": False})


def test_auction_picks_the_contract():
    assert run(auction=["pass", 2, "misere", "nap", "wellington"], tricks=5, players=5)["contract"] == "wellington"
    assert run(auction=["pass", 3, "misere", "pass"], tricks=0, players=4)["contract"] == "misère"
    assert run(auction=["pass", "pass", "pass", 1], tricks=1, players=4) == {
        "contract": "1",
        "made": True,
        "per_opponent": 1,
        "declarer": 3,
    }


@pytest.mark.parametrize(
    ("auction", "message"),
    [
        (["pass", "wellington", "pass", "pass"], r"auction\[2\]: wellington can only be bid over a nap"),
        (["nap", "blucher", "pass", "pass"], r"auction\[2\]: blucher can only be bid over a wellington"),
        ([3, 2, "pass", "pass"], r"auction\[2\]: '2' does not beat the bid before it \(3\)"),
        ([4, "misere", "pass", "pass"], r"auction\[2\]: 'misere' does not beat the bid before it \(4\)"),
        (["pass", 1, "pass", "pass"], r"auction\[2\]: a bid of one is only for the dealer"),
        (["pass", 2, "pass", 1], r"auction\[4\]: a bid of one is only for the dealer"),
        (["pass", "pass", "pass", "pass"], "auction: everyone passed"),
        (["pass", 2, "pass"], r"auction: expected one call per player \(4\), got 3"),
        (["pass", "six", "pass", "pass"], r"auction\[2\]: 'six' is not a bid"),
    ],
)
def test_illegal_auctions(auction, message):
    with pytest.raises(ExampleError, match=message):
        run(auction=auction, tricks=3, players=4)


def test_dealer_one_is_a_house_rule():
    with pytest.raises(ExampleError, match=r"auction\[4\]: a bid of one"):
        run(auction=["pass", "pass", "pass", 1], tricks=1, players=4, rules={"dealer_may_bid_one": False})


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"bid": 2, "tricks": 6, "players": 4}, "tricks: expected the declarer's tricks, 0 to 5, got 6"),
        ({"bid": 2, "tricks": 2, "players": 9}, "players: expected a number of players from 2 to 8, got 9"),
        ({"bid": "7", "tricks": 2, "players": 4}, "bid: '7' is not a bid"),
        ({"tricks": 2, "players": 4}, "needs the field 'bid'"),
        ({"bid": 3, "auction": ["pass", 2, "pass", "pass"], "tricks": 2, "players": 4}, r"bid: '3' is not what the auction ends on \(2\)"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        SPEC.run(inputs)


def test_explain():
    assert SPEC.explain({"bid": "nap", "tricks": 4, "players": 4}, SPEC.defaults) == [
        "Nap needs 5 tricks; the declarer took 4: failed",
        "Declarer pays each of 3 opponents 5: declarer -15",
    ]
    assert SPEC.explain({"bid": 3, "tricks": 4, "players": 5}, SPEC.defaults)[0] == (
        "A bid of 3 needs 3 tricks; the declarer took 4: made"
    )


def test_deckgen_check_gives_file_and_line_of_a_wrong_claim(tmp_path):
    from deckgen.booklet.check import check_paths

    page = tmp_path / "wrong.md"
    page.write_text(
        "# Wrong\n\n```deckgen\ngame: napoleon\nbid: nap\ntricks: 4\nplayers: 4\nexpect:\n  made: false\n"
        "  declarer: -20\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:10: napoleon: declarer: expected -20, got -15"]


def test_bad_stake_is_named():
    with pytest.raises(ExampleError, match=r"rules.nap_win: expected a whole number of units, got 'ten'"):
        run(bid="nap", tricks=5, players=4, rules={"nap_win": "ten"})
