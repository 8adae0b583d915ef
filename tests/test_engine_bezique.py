"""Rubicon bezique: each declaration's value, the brisques, the rubicon and the game's score."""

from __future__ import annotations

import pytest

from deckgen.cards import PROFILES, Suit, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.bezique import RUBICON, RubiconRules, declaration, rubicon_deal
from deckgen.engine.registry import get_game

ANN = ["K♥ Q♥", "A♥ 10♥ K♥ Q♥ J♥", "Q♠ J♦ Q♠ J♦", "A♠ A♦ A♦ A♣", "A♣ 10♣ K♣ Q♣ J♣", "K♠ K♦ K♦ K♣", "Q♠ Q♦ Q♥ Q♣", "K♦ Q♦"]
BOB = ["carte blanche", "Q♠ J♦", "A♦ 10♦ K♦ Q♦ J♦", "J♣ J♠ J♦ J♥", "A♠ A♥ A♥ A♣", "Q♠ J♦ Q♠ J♦"]


def deal(ann=ANN, bob=BOB, last="Ann", brisques=None, rules=None, trump="♥") -> dict:
    inputs = {"trump": trump, "last_trick": last, "declared": {"Ann": ann, "Bob": bob}}
    if brisques is not None:
        inputs["brisques"] = brisques
    return RUBICON.run(inputs, rules or {})


def test_registered_with_its_deck():
    assert get_game("rubicon-bezique") is RUBICON
    profile = PROFILES["bezique-128"]
    assert (len(profile), profile.copies, len(profile.unique_cards())) == (128, 4, 32)


@pytest.mark.parametrize(
    ("cards", "trump", "named"),
    [
        ("K♥ Q♥", Suit.HEARTS, ("royal marriage", 40)),
        ("K♠ Q♠", Suit.HEARTS, ("marriage", 20)),
        ("A♥ 10♥ K♥ Q♥ J♥", Suit.HEARTS, ("royal sequence", 250)),
        ("J♣ Q♣ K♣ 10♣ A♣", Suit.HEARTS, ("sequence", 150)),
        ("Q♠ J♦", None, ("bezique", 40)),
        ("Q♠ J♦ Q♠ J♦", None, ("double bezique", 500)),
        ("Q♠ Q♠ Q♠ J♦ J♦ J♦", None, ("triple bezique", 1500)),
        ("Q♠ J♦ Q♠ J♦ Q♠ J♦ Q♠ J♦", None, ("quadruple bezique", 4500)),
        ("A♠ A♠ A♦ A♣", None, ("four aces", 100)),
        ("K♥ K♥ K♥ K♥", None, ("four kings", 80)),
        ("Q♠ Q♦ Q♥ Q♣", None, ("four queens", 60)),
        ("J♣ J♠ J♦ J♥", None, ("four jacks", 40)),
    ],
)
def test_each_declaration(cards, trump, named):
    assert declaration(parse_cards(cards), trump) == named
    assert declaration("carte blanche", None) == ("carte blanche", 50)


@pytest.mark.parametrize("cards", ["K♥ Q♠", "A♥ 10♥ K♥ Q♥ 9♥", "Q♠ J♦ Q♠", "A♠ A♦ A♣", "9♠ 9♥ 9♦ 9♣", "Q♠ J♦ K♦ Q♦"])
def test_what_is_not_a_combination(cards):
    with pytest.raises(ExampleError, match=r"is not a combination: expected a marriage"):
        declaration(parse_cards(cards), Suit.HEARTS)


def test_a_game_over_the_rubicon_scores_the_difference_in_hundreds_and_500():
    result = deal(ANN, BOB + ["K♣ Q♣", "K♠ Q♠", "Q♥ Q♦ Q♦ Q♠", "K♥ Q♥"])
    assert result["points"] == {"Ann": 1250, "Bob": 1020}
    assert (result["winner"], result["rubiconed"], result["brisques_counted"]) == ("Ann", False, False)
    assert (result["game_score"], result["scores"]) == (700, {"Ann": 700, "Bob": 0})
    whole = deal(ANN, BOB + ["K♣ Q♣", "K♠ Q♠", "Q♥ Q♦ Q♦ Q♠", "K♥ Q♥"], rules={"drop_fractions": False})
    assert whole["game_score"] == 730
    bigger = deal(ANN, BOB + ["K♣ Q♣", "K♠ Q♠", "Q♥ Q♦ Q♦ Q♠", "K♥ Q♥"], rules={"game_bonus": 1000})
    assert bigger["game_score"] == 1200


def test_brisques_lift_a_player_over_the_rubicon_and_then_both_count():
    result = deal(brisques={"Ann": 18, "Bob": 14})
    assert result["points"] == {"Ann": 1250, "Bob": 880}
    assert (result["brisques_counted"], result["totals"], result["rubiconed"]) == (True, {"Ann": 1430, "Bob": 1020}, False)
    assert result["game_score"] == 1400 - 1000 + 500
    # twelve brisques are not enough: rubiconed, the winner takes both scores, 1000 and 320
    short = deal(brisques={"Ann": 20, "Bob": 11})
    assert (short["brisques_counted"], short["rubiconed"]) == (False, True)
    assert short["game_score"] == 1200 + 800 + 1000 + 320
    with pytest.raises(ExampleError, match="^brisques: needed to see whether Bob escapes the rubicon"):
        deal()


def test_brisques_can_turn_the_winner_round():
    # Bob is under the rubicon on points, but his brisques lift him over it and past Ann
    result = deal(["Q♠ J♦ Q♠ J♦", "A♥ 10♥ K♥ Q♥ J♥", "A♠ A♦ A♦ A♣", "K♥ Q♥", "K♠ K♦ K♦ K♣"], BOB, brisques={"Ann": 4, "Bob": 28})
    assert result["points"] == {"Ann": 1020, "Bob": 880}
    assert (result["totals"], result["winner"], result["game_score"]) == ({"Ann": 1060, "Bob": 1160}, "Bob", 600)


def test_a_tie_is_broken_by_the_brisques_or_is_a_drawn_game():
    ann = ["Q♠ J♦ Q♠ J♦", "A♥ 10♥ K♥ Q♥ J♥", "A♠ A♦ A♦ A♣", "K♥ Q♥"]
    bob = ["Q♠ J♦ Q♠ J♦", "A♣ 10♣ K♣ Q♣ J♣", "K♠ K♦ K♦ K♣", "Q♠ Q♦ Q♥ Q♣", "J♣ J♠ J♦ J♥", "K♦ Q♦", "Q♠ J♦", "carte blanche"]
    result = deal(ann, bob, brisques={"Ann": 18, "Bob": 14})
    assert result["points"] == {"Ann": 940, "Bob": 940}
    assert (result["totals"], result["winner"], result["game_score"]) == ({"Ann": 1120, "Bob": 1080}, "Ann", 600)
    drawn = deal(ann, bob, brisques={"Ann": 16, "Bob": 16})
    assert (drawn["winner"], drawn["game_score"], drawn["scores"]) == ("", 0, {"Ann": 0, "Bob": 0})
    with pytest.raises(ExampleError, match="^brisques: needed to break the tie"):
        deal(ann, bob)


def test_the_largest_game_and_the_winner_under_the_rubicon_too():
    result = deal(["Q♠ J♦ Q♠ J♦ Q♠ J♦ Q♠ J♦"], [], brisques={"Ann": 20, "Bob": 12}, trump="♠")
    assert (result["combinations"], result["rubiconed"]) == ({"Ann": ["quadruple bezique"], "Bob": []}, True)
    assert result["scores"] == {"Ann": 4500 + 1000 + 320, "Bob": 0}
    small = deal(["K♥ Q♥"], ["K♠ Q♠"], last="Bob", brisques={"Ann": 16, "Bob": 16})
    assert (small["points"], small["winner"], small["game_score"]) == ({"Ann": 40, "Bob": 70}, "Bob", 1320)


def test_typed_rules_explain_and_summary():
    inputs = {"trump": "♥", "last_trick": "Ann", "declared": {"Ann": ["K♥ Q♥"], "Bob": ["carte blanche"]},
              "brisques": {"Ann": 10, "Bob": 10}}
    assert rubicon_deal(inputs, RubiconRules(rubicon_bonus=500))["game_score"] == 0 + 0 + 500 + 320
    assert RUBICON.explain(inputs, RUBICON.defaults) == [
        "Ann: royal marriage 40, last trick 50 = 90", "Bob: carte blanche 50 = 50",
        "Bob is rubiconed (under 1000): Ann scores 1320",
    ]
    assert RUBICON.summary(inputs, RUBICON.defaults) == [
        "Ann scores 90 in declarations and the last trick; Bob scores 50 in declarations.",
        "Bob is under 1,000 even with the brisques, rubiconed: Ann scores both totals, 1,000 and 320 for the brisques, 1,320.",
    ]
    (record,) = RUBICON.records(inputs, RUBICON.defaults)
    assert record.rows == (("Ann", "royal marriage 40, last trick 50", "10", "90"), ("Bob", "carte blanche 50", "10", "50"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"declared": {"Ann": ["K♥ Q♥"]}}, "declared: expected the two players"),
        ({"declared": {"Ann": "K♥ Q♥", "Bob": []}}, "declared.Ann: expected a list of combinations"),
        ({"declared": {"Ann": ["K♥ Q♥ 5♥"], "Bob": []}}, r"declared.Ann: 5♥ is not in a piquet pack"),
        ({"declared": {"Ann": ["Q♠ J♦ Q♠ J♦ Q♠ J♦ Q♠ J♦ Q♠ J♦"], "Bob": []}}, "declared.Ann: card Q♠ is dealt 5 times"),
        ({"declared": {"Ann": ["Jk Q♠"], "Bob": []}}, "declared.Ann: bezique is played without jokers"),
        ({"last_trick": "Cy"}, r"last_trick: 'Cy' is not one of the players \(Ann and Bob\)"),
        ({"trump": "x"}, "trump: 'x' is not a suit"),
        ({"brisques": {"Ann": 20, "Bob": 13}}, "brisques: expected whole numbers of at most 32 in all"),
        ({"brisques": {"Ann": 20}}, "brisques: expected how many aces and tens each of Ann and Bob took"),
    ],
)
def test_bad_inputs(change, message):
    inputs = {"trump": "♥", "last_trick": "Ann", "declared": {"Ann": ["K♥ Q♥"], "Bob": []}, "brisques": {"Ann": 1, "Bob": 1}}
    with pytest.raises(ExampleError, match=message):
        RUBICON.run(inputs | change)


def test_the_bezique_deck_proposes_rubicon_bezique_and_a_piquet_deck_is_told_to_take_four():
    from deckgen.booklet.deckfit import deck_needed, fit, games_for
    from deckgen.booklet.sources import load_source
    from deckgen.config import demo_config
    from deckgen.houserules import rules_sources
    from deckgen.resolve import resolve_design

    assert games_for(PROFILES["bezique-128"], ["poker", "gin-rummy", "bridge"])[0] == "rubicon-bezique"
    source = load_source(rules_sources()["rubicon-bezique"])
    assert deck_needed(source) == "bezique-128"
    piquet = resolve_design(demo_config(overrides={"profile": "piquet-32"}))
    assert fit(piquet, source).warnings == (
        "Rubicon Bezique is played with 128 cards, this deck has 32: the booklet says to shuffle four copies together",)


# ----------------------------------------------------------------------------- two-handed bezique

from deckgen.engine.bezique import BEZIQUE, BeziqueRules, bezique_deal  # noqa: E402

ANN2 = ["7♦", "Q♠ J♦", "K♦ Q♦", "A♠ A♥ A♦ A♣"]
BOB2 = ["Q♠ J♦ Q♠ J♦", "A♦ 10♦ K♦ Q♦ J♦", "K♣ Q♣", "7♦"]


def two(ann=ANN2, bob=BOB2, last="Bob", brisques=None, before=None, rules=None, trump="♦") -> dict:
    inputs = {"trump": trump, "last_trick": last, "declared": {"Ann": ann, "Bob": bob},
              "brisques": brisques or {"Ann": 9, "Bob": 7}}
    if before is not None:
        inputs["before"] = before
    return BEZIQUE.run(inputs, rules or {})


def test_two_handed_deal_scores_declarations_brisques_and_the_last_trick():
    assert get_game("bezique") is BEZIQUE
    assert PROFILES["bezique-64"].copies == 2 and len(PROFILES["bezique-64"]) == 64
    assert two() == {
        "combinations": {"Ann": ["seven of trumps", "bezique", "royal marriage", "four aces"],
                         "Bob": ["double bezique", "royal sequence", "marriage", "seven of trumps"]},
        "points": {"Ann": 190, "Bob": 790},
        "deal": {"Ann": 280, "Bob": 860},
        "totals": {"Ann": 280, "Bob": 860},
        "winner": "",
    }
    assert two(rules={"last_trick": 50})["points"]["Bob"] == 830


def test_two_handed_game_to_the_target():
    result = two(before={"Ann": 640, "Bob": 720})
    assert (result["totals"], result["winner"]) == ({"Ann": 920, "Bob": 1580}, "Bob")
    assert two(before={"Ann": 640, "Bob": 720}, rules={"target": 2000})["winner"] == ""
    both = two(["K♥ Q♥"], ["Q♠ J♦ Q♠ J♦"], last="Ann", brisques={"Ann": 4, "Bob": 6}, before={"Ann": 950, "Bob": 900},
               trump="♣")
    assert (both["deal"], both["totals"], both["winner"]) == ({"Ann": 70, "Bob": 560}, {"Ann": 1020, "Bob": 1460}, "Bob")
    level = two(["K♥ Q♥"], ["K♠ Q♠"], last="Ann", brisques={"Ann": 0, "Bob": 1}, before={"Ann": 1000, "Bob": 1000},
                trump="♣")
    assert (level["totals"], level["winner"]) == ({"Ann": 1030, "Bob": 1030}, "")
    assert bezique_deal({"trump": "♠", "last_trick": "Ann", "declared": {"Ann": [], "Bob": []},
                         "brisques": {"Ann": 0, "Bob": 0}}, BeziqueRules(last_trick=0))["deal"] == {"Ann": 0, "Bob": 0}


@pytest.mark.parametrize(
    ("declared", "message"),
    [
        (["A♣ 10♣ K♣ Q♣ J♣"], "is not a combination: expected a marriage .*, the sequence in trumps"),
        (["Q♠ J♦ Q♠ J♦ Q♠ J♦"], "declared.Ann: card Q♠ is dealt 3 times"),
        (["carte blanche"], "declared: carte blanche belongs to rubicon bezique"),
        (["7♦", "7♦", "7♦"], "declared.Ann: card 7♦|the seven of trumps is scored 3 times"),
        (["7♣"], "'7♣' is not a combination"),
    ],
)
def test_two_handed_bad_declarations(declared, message):
    with pytest.raises(ExampleError, match=message):
        two(declared, [])


def test_the_seven_of_trumps_scores_nothing_at_rubicon():
    with pytest.raises(ExampleError, match=r"'7♥' is not a combination: expected a marriage"):
        declaration(parse_cards("7♥"), Suit.HEARTS)
    with pytest.raises(ExampleError, match="^bezique needs the field 'brisques'"):
        BEZIQUE.run({"trump": "♥", "last_trick": "Ann", "declared": {"Ann": [], "Bob": []}})
