"""Pinochle: the meld table, the count, a two-handed hand and its game, an auction bid and its settlement."""

from __future__ import annotations

import pytest

from deckgen.cards import Suit, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.pinochle import COUNTS, LAST_TRICK, PACK, card_points, meld, unit_value
from deckgen.engine.registry import get_game

MELD = get_game("pinochle-meld")
TWO = get_game("pinochle")
AUCTION = get_game("auction-pinochle")


def melds(hand: str, trump: str, rules: dict | None = None) -> dict:
    return MELD.run({"hand": hand, "trump": trump}, rules or {})


def test_the_three_pinochle_games_are_registered() -> None:
    assert MELD is not None and TWO is not None and AUCTION is not None


@pytest.mark.parametrize(
    ("hand", "trump", "expected", "points"),
    [
        ("A♥ 10♥ K♥ Q♥ J♥", "♥", ["flush"], 150),
        ("K♥ Q♥", "♥", ["royal marriage"], 40),
        ("K♣ Q♣", "♥", ["marriage in clubs"], 20),
        ("9♥ 9♥", "♥", ["dix", "dix"], 20),
        ("9♥", "♠", [], 0),
        ("A♠ A♥ A♦ A♣", "♠", ["100 aces"], 100),
        ("K♠ K♥ K♦ K♣", "♠", ["80 kings"], 80),
        ("Q♠ Q♥ Q♦ Q♣", "♠", ["60 queens"], 60),
        ("J♠ J♥ J♦ J♣", "♠", ["40 jacks"], 40),
        ("Q♠ J♦", "♣", ["pinochle"], 40),
        ("Q♠ Q♠ J♦ J♦", "♣", ["double pinochle"], 300),
        ("A♠ A♥ A♦ 10♣ 10♣", "♠", [], 0),  # three aces are no around
    ],
)
def test_each_meld_of_the_table(hand: str, trump: str, expected: list[str], points: int) -> None:
    assert melds(hand, trump) == {"melds": expected, "meld": points}


def test_a_card_serves_once_in_each_class() -> None:
    # K♥ and Q♥: in the flush (sequences) and in 80 kings / 60 queens (arounds); Q♠ in 60 queens and the pinochle
    hand = "A♥ 10♥ K♥ Q♥ J♥ K♠ K♦ K♣ Q♠ Q♦ Q♣ J♦"
    result = melds(hand, "♥")
    assert sorted(result["melds"]) == sorted(["flush", "80 kings", "60 queens", "pinochle", "marriage in spades",
                                              "marriage in diamonds", "marriage in clubs"])
    assert result["meld"] == 150 + 80 + 60 + 40 + 3 * 20


def test_the_flush_takes_its_king_and_queen_from_the_royal_marriage() -> None:
    assert melds("A♠ 10♠ K♠ Q♠ J♠", "♠")["melds"] == ["flush"]  # no royal marriage besides it
    assert melds("A♠ 10♠ K♠ K♠ Q♠ Q♠ J♠", "♠")["meld"] == 190  # a second pair makes one
    assert melds("A♠ 10♠ K♠ K♠ Q♠ J♠", "♠")["meld"] == 150  # a second king alone does not


def test_doubled_melds_twice_or_as_a_bonus() -> None:
    both = "A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ A♠ A♠ A♦ A♦ A♣ A♣"
    assert melds(both, "♥")["meld"] == 300 + 200
    assert melds(both, "♥", {"double_melds": "bonus"})["meld"] == 1500 + 1000
    assert melds("K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣", "♥", {"double_melds": "bonus"})["melds"][-1] == "double kings"
    assert melds("Q♠ Q♠ J♦ J♦", "♣", {"double_pinochle": 80})["meld"] == 80


def test_meld_reads_rules_of_any_pinochle_game() -> None:
    hand = parse_cards("Q♠ Q♠ J♦ J♦")
    assert [m.points for m in meld(hand, Suit.CLUBS, {"double_pinochle": 80, "target": 500})] == [80]


@pytest.mark.parametrize("counting", sorted(COUNTS))
def test_every_count_totals_250_with_the_last_trick(counting: str) -> None:
    assert card_points(list(PACK.elements()), counting) + LAST_TRICK == 250


def test_unit_values_by_band() -> None:
    assert [unit_value(b, "regular") for b in (250, 290, 300, 350, 700, 990)] == [2, 2, 3, 4, 11, 11]
    assert [unit_value(b, "bonus") for b in (250, 300, 350, 400, 650, 700)] == [2, 3, 5, 7, 25, 30]


# ---- two-handed

ANN = "A♠ 10♠ K♠ K♠ Q♠ J♠ 9♠ 9♠ A♥ 10♥ Q♥ J♥ J♥ 9♥ A♦ A♦ K♦ Q♦ Q♦ J♦ 9♦ 10♣ 10♣ K♣ J♣ 9♣"
BOB = "A♠ 10♠ Q♠ J♠ A♥ 10♥ K♥ K♥ Q♥ 9♥ 10♦ 10♦ K♦ J♦ 9♦ A♣ A♣ K♣ Q♣ Q♣ J♣ 9♣"


def two(rules: dict | None = None, **more) -> dict:
    inputs = {"taken": {"Ann": ANN, "Bob": BOB}, "last_trick": "Bob", **more}
    return TWO.run(inputs, rules or {})


def test_a_two_handed_hand_adds_meld_cards_and_the_last_trick() -> None:
    result = two(melds={"Ann": ["royal marriage", "100 aces"], "Bob": "pinochle"}, dix_turned="Bob")
    assert result["meld_points"] == {"Ann": 140, "Bob": 50}
    assert result["card_points"] == {"Ann": 122, "Bob": 118 + 10}
    assert result["score"] == {"Ann": 262, "Bob": 178}
    assert (result["winner"], result["target"]) == ("", 1000)


def test_declared_melds_take_the_names_the_meld_table_gives() -> None:
    declared = {"Ann": ["marriage in clubs", "Double  Aces", "double flush"], "Bob": ["40 jacks", "dix"]}
    assert two(melds=declared)["meld_points"] == {"Ann": 20 + 200 + 300, "Bob": 50}
    assert two({"double_melds": "bonus"}, melds=declared)["meld_points"]["Ann"] == 20 + 1000 + 1500
    with pytest.raises(ExampleError, match="'marriage in stars' is not a meld: expected one of flush, double flush"):
        two(melds={"Ann": ["marriage in stars"]})


def test_the_game_is_reached_exactly_and_a_count_can_keep_it_out_of_reach() -> None:
    assert two(before={"Ann": 878})["winner"] == "Ann"
    modern = two({"counting": "modern"}, before={"Ann": 878})
    assert (modern["totals"]["Ann"], modern["winner"]) == (998, "")


def test_both_past_the_game_raises_it_or_the_higher_total_wins() -> None:
    raised = two(before={"Ann": 900, "Bob": 900})
    assert (raised["winner"], raised["target"]) == ("", 1250)
    far = two(before={"Ann": 1200, "Bob": 1100})  # Ann 1322 and Bob 1228: past 1250 alone
    assert (far["winner"], far["target"]) == ("Ann", 1250)
    higher = two({"both_out": "higher"}, before={"Ann": 900, "Bob": 900})
    assert (higher["winner"], higher["target"]) == ("Bob", 1000)
    level = two({"both_out": "higher"}, before={"Ann": 906, "Bob": 900})  # 1028 each: play on
    assert (level["winner"], level["target"]) == ("", 1250)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"taken": {"Ann": ANN, "Bob": BOB.replace("9♣", "")}}, "the tricks hold 47 cards, expected the whole pack"),
        ({"taken": {"Ann": ANN, "Bob": BOB.replace("9♣", "9♠")}}, "9♠ is dealt more than twice"),
        ({"taken": {"Ann": ANN + " 2♣", "Bob": BOB}}, "'2♣' is not in a pinochle pack"),
        ({"melds": {"Ann": ["royal flush"]}}, "'royal flush' is not a meld"),
        ({"last_trick": "Cy"}, "last_trick: 'Cy' is not one of Ann and Bob"),
        ({"dix_turned": "Cy"}, "dix_turned: 'Cy'"),
        ({"before": {"Cy": 10}}, "before: expected the scores of Ann and Bob"),
    ],
)
def test_two_handed_errors_name_the_field(change: dict, message: str) -> None:
    inputs = {"taken": {"Ann": ANN, "Bob": BOB}, "last_trick": "Bob", **change}
    with pytest.raises(ExampleError, match=message):
        TWO.run(inputs, {})


# ---- auction

HAND = "A♥ 10♥ K♥ Q♥ J♥ 9♥ A♠ A♦ A♣ Q♠ J♦ 10♠ K♣ 9♣ 9♦ 10♦ J♣ Q♦"
BID = {
    "players": ["Ann", "Bob", "Cy"], "bidder": "Ann", "bid": 350, "trump": "♥", "hand": HAND,
    "widow": "10♠ Q♦ 9♦", "buried": "9♣ 9♦ J♣", "taken": "A♥ 9♥ 10♥ A♠ 9♠ K♠ A♦ J♦ 10♦ A♣ Q♣ 10♣ K♥ Q♥ J♥",
    "last_trick": True,
}


def auction(rules: dict | None = None, **change) -> dict:
    return AUCTION.run({**BID, **change}, rules or {})


def test_a_made_bid_collects_from_each_player() -> None:
    result = auction()
    assert (result["meld"], result["card_points"], result["total"]) == (300, 92 + 2 + 10, 404)
    assert (result["outcome"], result["unit"], result["settlement"]) == ("made", 4, {"Ann": 8, "Bob": -4, "Cy": -4})
    assert sum(result["settlement"].values()) == 0


def test_the_total_equal_to_the_bid_makes_it_and_ten_more_does_not() -> None:
    assert auction(bid=400, last_trick=True)["made"] is True  # 404
    short = auction(bid=410)
    assert (short["made"], short["outcome"]) == (False, "double bete")
    assert short["settlement"] == {"Ann": -20, "Bob": 10, "Cy": 10}  # twice 5 to each


def test_conceding_is_a_single_bete_paid_to_every_player_at_the_table() -> None:
    result = auction(conceded=True, players=["Ann", "Bob", "Cy", "Dee", "Eve"], taken=None)
    assert (result["outcome"], result["card_points"]) == ("single bete", 0)
    assert result["settlement"] == {"Ann": -16, "Bob": 4, "Cy": 4, "Dee": 4, "Eve": 4}


def test_spades_double_and_the_bonus_scale() -> None:
    spades = auction(trump="♠")  # the same cards with spades trumps: a smaller meld, still made
    assert spades["unit"] == 8
    assert auction({"spades_double": False}, trump="♠")["unit"] == 4
    assert auction({"scale": "bonus"})["settlement"]["Ann"] == 10
    conceded = auction(trump="♠", conceded=True, taken=None)  # named spades, then gave up: the single amount
    assert (conceded["unit"], conceded["settlement"]["Ann"]) == (4, -8)


def test_without_a_widow_the_bidder_holds_sixteen_cards_and_buries_none() -> None:
    result = auction(widow=None, buried=None, hand=HAND.replace(" J♣ Q♦", ""))
    assert result["meld"] == 300
    with pytest.raises(ExampleError, match=r"hand: expected the bidder's 16 cards \(16 dealt, no widow\), got 18"):
        auction(widow=None, buried=None)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bid": 355}, "bid: expected a bid of 250 or more in tens"),
        ({"bid": 200}, "bid: expected a bid of 250 or more"),
        ({"bidder": "Dee"}, "bidder: 'Dee' is not one of the players"),
        ({"players": ["Ann", "Bob"]}, "players: expected the names of everyone who settles"),
        ({"widow": "A♣ A♣ 9♠"}, "widow: the bidder takes the widow into the hand"),
        ({"buried": "9♣ 9♦"}, "buried: expected the 3 cards the bidder laid away, got 2"),
        ({"buried": "K♠ 9♦ J♣"}, "buried: the bidder lays away cards from the hand"),
        ({"taken": "A♥ 9♥"}, "taken: tricks of three cards, got 2"),
        ({"last_trick": "yes"}, "last_trick: expected true"),
        ({"trump": "x"}, "trump:"),
    ],
)
def test_auction_errors_name_the_field(change: dict, message: str) -> None:
    with pytest.raises(ExampleError, match=message):
        auction(**change)


def test_explain_and_summary_say_the_outcome() -> None:
    rules = AUCTION.resolve_rules()
    assert AUCTION.summary({**BID}, rules)[1] == "Bob and Cy pay Ann 4 each."
    assert AUCTION.explain({**BID, "conceded": True}, rules)[1] == "Ann concedes before play: single bete"
    two_rules = TWO.resolve_rules()
    said = TWO.summary({"taken": {"Ann": ANN, "Bob": BOB}, "last_trick": "Bob"}, two_rules)
    assert said[0].startswith("Ann melds nothing and counts 122 in tricks")
    assert said[1] == "Nobody reaches 1000: Ann has 122 and Bob has 128."


# ---- partnership auction pinochle

PARTNERS = get_game("partnership-auction-pinochle")
US = ("A♠ 10♠ K♠ Q♠ J♠ J♠ 9♠ 9♠ A♥ 10♥ K♥ K♥ Q♥ J♥ 9♥ 9♥ A♦ A♦ 10♦ K♦ Q♦ J♦ 9♦ "
      "A♣ 10♣ 10♣ K♣ Q♣ Q♣ J♣ 9♣ 9♣")  # 8 tricks, 150 in the classic count
THEM = "A♠ 10♠ K♠ Q♠ A♥ 10♥ Q♥ J♥ 10♦ K♦ Q♦ J♦ 9♦ A♣ K♣ J♣"  # 4 tricks, 90
HAND4 = {"bidders": "Us", "bid": 350, "melds": {"Us": ["flush", "pinochle"], "Them": ["100 aces", "marriage in clubs"]},
         "taken": {"Us": US, "Them": THEM}, "last_trick": "Us"}


def partners(rules: dict | None = None, **change: object) -> dict:
    return PARTNERS.run({**HAND4, **change}, rules or {})


def test_partnership_bidders_who_reach_the_bid_score_all_they_made() -> None:
    assert partners() == {"meld_points": {"Us": 190, "Them": 120}, "card_points": {"Us": 160, "Them": 90},
                          "made": True, "score": {"Us": 350, "Them": 210}, "totals": {"Us": 350, "Them": 210},
                          "winner": ""}
    assert partners(bid=200)["score"] == {"Us": 350, "Them": 210}  # everything made, not just the bid


def test_partnership_bidders_ten_short_lose_the_bid_even_below_zero() -> None:
    result = partners(bid=360)
    assert (result["made"], result["score"]) == (False, {"Us": -360, "Them": 210})
    assert partners(bid=360, before={"Us": 100})["totals"] == {"Us": -260, "Them": 210}


def test_partnership_a_side_without_a_trick_loses_its_meld() -> None:
    everything = US + " " + THEM
    result = partners(bid=250, taken={"Us": everything}, melds={"Us": ["royal marriage"], "Them": ["80 kings"]})
    assert result["meld_points"] == {"Us": 40, "Them": 0}
    assert result["card_points"] == {"Us": 250, "Them": 0}
    assert result["score"] == {"Us": 290, "Them": 0}
    # the bidders' own meld goes the same way: set, whatever they showed
    lost = partners(bidders="Them", bid=300, taken={"Us": everything}, melds={"Them": ["double flush"]})
    assert (lost["meld_points"]["Them"], lost["score"]) == (0, {"Us": 250, "Them": -300})


def test_partnership_bidders_count_first_and_the_others_add_nothing_when_they_go_out() -> None:
    result = partners(bid=350, before={"Us": 650, "Them": 990})
    assert (result["winner"], result["score"], result["totals"]) == ("Us", {"Us": 350, "Them": 0},
                                                                      {"Us": 1000, "Them": 990})
    short = partners(bid=350, before={"Us": 649, "Them": 990})  # one short of 1000: the others go out
    assert (short["winner"], short["totals"]) == ("Them", {"Us": 999, "Them": 1200})
    set_ = partners(bid=360, before={"Us": 990, "Them": 700})
    assert (set_["winner"], set_["totals"]) == ("", {"Us": 630, "Them": 910})


def test_partnership_house_rules_doubles_count_and_game() -> None:
    aces = {"melds": {"Us": ["double aces", "royal marriage"]}, "bid": 500}
    assert partners(**aces)["meld_points"]["Us"] == 1040  # the partnership table's bonus is the default
    assert partners({"double_melds": "twice"}, **aces)["score"]["Us"] == -500
    five = {"taken": {"Us": "A♠ A♠ 10♠ K♠ Q♠ J♠ 10♥ Q♥ Q♥ J♥ 9♥ 9♥ 10♦ J♦ 9♦ A♣ 10♣ K♣ J♣ J♣",
                      "Them": "10♠ K♠ Q♠ J♠ 9♠ 9♠ A♥ A♥ 10♥ K♥ K♥ J♥ A♦ A♦ 10♦ K♦ K♦ Q♦ Q♦ J♦ 9♦ A♣ 10♣ K♣ Q♣ Q♣ "
                              "9♣ 9♣"}, "last_trick": "Them"}
    assert partners(**five)["card_points"] == {"Us": 100, "Them": 150}
    assert partners({"counting": "simplified"}, **five)["card_points"] == {"Us": 95, "Them": 155}
    assert partners({"counting": "modern"}, **five)["card_points"] == {"Us": 90, "Them": 160}
    assert partners({"partnership_target": 300})["winner"] == "Us"
    assert partners({"lowest_bid": 250}, bid=250)["made"] is True


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bid": 90}, "bid: expected a bid of 100 or more in tens, got 90"),
        ({"bid": 355}, "bid: expected a bid of 100 or more in tens, got 355"),
        ({"bidders": "Me"}, r"bidders: 'Me' is not one of the sides \(Us and Them\)"),
        ({"sides": ["Us"]}, "sides: expected the two partnerships"),
        ({"last_trick": "Nobody"}, "last_trick: 'Nobody' is not one of the sides"),
        ({"taken": {"Us": US}}, "taken: the tricks hold 32 cards, expected the whole pack of 48"),
        ({"taken": {"Us": US + " A♠", "Them": THEM}}, r"taken: A♠ is dealt more than twice"),
        ({"taken": {"Us": US, "Cy": THEM}}, "taken: expected the cards each side took"),
        ({"melds": {"Us": ["straight"]}}, "melds.Us: 'straight' is not a meld"),
        ({"melds": {"Us": {"flush": 1}}}, "melds.Us: expected a list of melds"),
    ],
)
def test_partnership_errors_name_the_field(change: dict, message: str) -> None:
    with pytest.raises(ExampleError, match=message):
        partners(**change)


def test_partnership_a_side_without_a_trick_cannot_take_the_last_one() -> None:
    with pytest.raises(ExampleError, match="last_trick: Them took no tricks, so not the last one"):
        partners(taken={"Us": US + " " + THEM}, last_trick="Them")


def test_partnership_table_shows_the_partnership_doubles() -> None:
    from deckgen.engine.registry import get_table

    spec, table = get_table("partnership-pinochle-meld")
    rows = {row[0]: row[3] for row in table.build(spec.resolve_rules(), {}, lambda key, rules, work: work()).rows}
    assert rows["100 aces"] == "1000" and rows["Flush"] == "1500" and rows["Pinochle"] == "300"


def test_partnership_summary_says_who_counts_first() -> None:
    rules = PARTNERS.resolve_rules()
    said = PARTNERS.summary({**HAND4, "bid": 350, "before": {"Us": 650, "Them": 990}}, rules)
    assert said == ["Us bid 350 and make 350 (meld 190, cards 160): they score all of it, reach 1000 and win "
                    "before Them count."]
    assert PARTNERS.summary({**HAND4, "bid": 360}, rules) == [
        "Us bid 360 and make 350 (meld 190, cards 160): set, they lose 360; Them score their 210.",
        "Score: Us -360, Them 210."]
