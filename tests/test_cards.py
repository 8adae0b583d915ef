from collections import Counter

import pytest

from deckgen.cards import PROFILES, Card, CardError, Rank, Suit, build_profile, joker, parse_card, parse_cards


@pytest.mark.parametrize("token", ["10♥", "Th", "th", "10H", "10h", "tH", "T♥", "10♡"])
def test_every_ten_of_hearts_spelling_is_one_card(token):
    assert parse_card(token) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("token", "code"),
    [("A♠", "AS"), ("as", "AS"), ("KC", "KC"), ("q♦", "QD"), ("2s", "2S"), ("J♣", "JC"), ("9D", "9D")],
)
def test_codes(token, code):
    assert parse_card(token).code == code


@pytest.mark.parametrize(("token", "number"), [("Jk", 0), ("JK", 0), ("Joker", 0), ("jk1", 1), ("Jk2", 2)])
def test_jokers(token, number):
    card = parse_card(token)
    assert card.is_joker and card.joker == number
    assert card.code == f"JK{number or 1}"


@pytest.mark.parametrize("token", ["1♠", "Zx", "11H", "A", "♠", "10", "AX", "Jk10", ""])
def test_bad_tokens_are_quoted(token):
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert f"'{token}'" in str(info.value)
    assert info.value.token == token


def test_lists_split_on_spaces_and_commas():
    assert [c.code for c in parse_cards("A♠ K♥,10d ,  2c")] == ["AS", "KH", "10D", "2C"]
    assert parse_cards(["As", "Kh Qh"]) == parse_cards("As Kh Qh")


def test_str_round_trips():
    for card in PROFILES["standard-54"].cards:
        assert parse_card(str(card)) == card if not card.is_joker else parse_card(str(card)).is_joker


@pytest.mark.parametrize(
    ("name", "count", "distinct"),
    [
        ("standard-54", 54, 54),
        ("standard-52", 52, 52),
        ("piquet-32", 32, 32),
        ("euchre-24", 24, 24),
        ("pinochle-48", 48, 24),
        ("farmer-45", 45, 45),
        ("double-104", 104, 52),
        ("bezique-64", 64, 32),
        ("bezique-128", 128, 32),
    ],
)
def test_profile_counts(name, count, distinct):
    profile = PROFILES[name]
    assert len(profile) == count
    assert len(profile.unique_cards()) == distinct


def test_farmer_keeps_only_the_six_of_hearts():
    cards = PROFILES["farmer-45"].cards
    sixes = [c for c in cards if c.rank == Rank.SIX]
    assert sixes == [Card(Rank.SIX, Suit.HEARTS)]
    assert not any(c.rank == Rank.EIGHT for c in cards)


def test_pinochle_is_nine_to_ace_twice():
    counts = Counter(PROFILES["pinochle-48"].cards)
    assert set(counts.values()) == {2}
    assert {c.rank for c in counts} == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}


def test_piquet_and_euchre_ranks():
    assert {c.rank for c in PROFILES["piquet-32"].cards} == {Rank.ACE} | {Rank(v) for v in range(7, 14)}
    assert {c.rank for c in PROFILES["euchre-24"].cards} == {Rank.ACE} | {Rank(v) for v in range(9, 14)}


def test_custom_profile():
    p = build_profile("mine", PROFILES["standard-52"], remove=parse_cards("2s 2h"), jokers=3)
    assert len(p) == 53
    assert [c.code for c in p.cards if c.is_joker] == ["JK1", "JK2", "JK3"]
    assert Card(Rank.TWO, Suit.SPADES) not in p.cards


def test_joker_numbers_are_distinct_cards():
    assert joker(1) != joker(2)
    assert sorted([parse_card("Jk"), parse_card("As"), parse_card("2c")], key=lambda c: c.sort_key)[0].code == "AS"


def test_jokers_cannot_outnumber_the_packs():
    from deckgen.cards import check_unique

    check_unique(parse_cards("Jk Jk1 As"))
    with pytest.raises(CardError, match="3 jokers are dealt, but the deck holds 2"):
        check_unique(parse_cards("Jk Jk Jk1"))
    check_unique(parse_cards("Jk Jk Jk Jk"), copies=2)


def test_text_presentation_selector_is_ignored():
    assert parse_card("A♠\ufe0e") == parse_card("A♠\ufe0f") == parse_card("As")


def test_a_card_hashes_and_sorts_by_rank_and_suit_however_it_was_made():
    """Cards keep their hash and sort key from __post_init__; one unpickled from a state without them
    (an older deckgen's pickle) works them out as it is unpickled, equal to a parsed card's."""
    import copy
    import pickle

    from deckgen.cards import Card, Rank, Suit, joker, parse_card

    ace = parse_card("As")
    state = ace.__reduce_ex__(2)[2]
    old_state = {name: value for name, value in state.items() if not name.startswith("_")}
    assert old_state == {"rank": Rank.ACE, "suit": Suit.SPADES, "joker": 0}

    class OlderPickle:
        def __reduce__(self):
            return (Card.__new__, (Card,), old_state)

    bare = pickle.loads(pickle.dumps(OlderPickle()))
    assert type(bare) is Card
    for card in (bare, Card(Rank.ACE, Suit.SPADES), pickle.loads(pickle.dumps(ace)), copy.deepcopy(ace)):
        assert card == ace and hash(card) == hash(ace) and card.sort_key == ace.sort_key == (-14, -3, 0)
    assert len({ace, parse_card("A♠"), parse_card("a♤"), parse_card("Ah"), joker(), joker(1)}) == 4
    assert parse_card("Th") is parse_card("10♥")  # one object per card
