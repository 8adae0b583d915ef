"""The booklet and the deck it ships with: enough of the right cards, and the looks its rules use."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.booklet import deckfit
from deckgen.booklet.deckfit import fit
from deckgen.booklet.sources import load_source
from deckgen.config import demo_config
from deckgen.houserules import rules_sources
from deckgen.errors import UserError
from deckgen.resolve import resolve_design


def _design(**overrides):
    return resolve_design(demo_config(overrides=overrides or None))


def _source(name: str):
    return load_source(rules_sources()[name])


def test_the_drawn_jacks_show_the_one_eyed_jacks() -> None:
    """deckgen's drawn J♠ and J♥ are in profile (render/courts.py): the chapter says so, no warning."""
    found = fit(_design(), _source("poker"))
    assert found.warnings == ()
    assert found.notes == ("In this deck J♠ and J♥ are drawn in profile, one eye showing: the one-eyed jacks.",)


def test_drawn_looks_are_the_courts_drawn_in_profile() -> None:
    """DRAWN_LOOKS and the court drawings agree: a look is said to be drawn exactly when every card of it
    is drawn in profile (the two looks in profile), and the suicide king is not claimed."""
    from deckgen.render.courts import PROFILE, in_profile

    profiled = {name for name, look in deckfit.LOOKS.items() if look.drawn.startswith("in profile")}
    assert deckfit.DRAWN_LOOKS == profiled == {"one-eyed jacks", "one-eyed king"}
    for name in deckfit.DRAWN_LOOKS:
        assert all(in_profile(c.rank, c.suit) for c in deckfit.LOOKS[name].cards), name
    assert {(c.rank, c.suit) for n in deckfit.DRAWN_LOOKS for c in deckfit.LOOKS[n].cards} == set(PROFILE)
    assert "suicide king" not in deckfit.DRAWN_LOOKS


def test_drawn_jacks_that_face_front_do_not_show_the_one_eyed_jacks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the drawn courts all facing front, the chapter would name the cards, still without a warning."""
    monkeypatch.setattr(deckfit, "DRAWN_LOOKS", frozenset())
    found = fit(_design(), _source("poker"))
    assert found.warnings == ()
    assert found.notes == ("The one-eyed jacks are J♠ and J♥: in this deck they look like the other jacks, so tell them by their suits.",)


def test_photo_jacks_get_a_warning_naming_the_one_eyed_jacks() -> None:
    design = _design(cards={"JS": {"image": "ann.jpg"}, "JH": {"image": "bob.jpg"}})
    (warning,) = fit(design, _source("poker")).warnings
    assert warning.startswith("Poker relies on the one-eyed jacks (J♠ and J♥)")
    assert "J♠ and J♥ are photos in this deck" in warning
    # and the chapter names the cards instead of describing their look
    assert fit(design, _source("poker")).notes == (
        "The one-eyed jacks are J♠ and J♥: in this deck they look like the other jacks, so tell them by their suits.",)


def test_one_photo_jack_is_enough_for_the_warning_and_other_photos_are_not() -> None:
    """Poker makes the one-eyed jacks wild: a photo on J♥ alone hides the look (warned); photos on the
    two-eyed jacks and the queens leave the drawn J♠ and J♥ in profile (no warning)."""
    (warning,) = fit(_design(cards={"JH": {"image": "bob.jpg"}}), _source("poker")).warnings
    assert "one-eyed jacks" in warning and "J♥ is a photo in this deck" in warning
    others = fit(_design(cards={"JD": {"image": "a.jpg"}, "JC": {"image": "b.jpg"}, "QS": {"image": "c.jpg"}}), _source("poker"))
    assert others.warnings == ()
    assert others.notes == ("In this deck J♠ and J♥ are drawn in profile, one eye showing: the one-eyed jacks.",)


def test_a_look_the_courts_draw_is_said_and_not_warned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deckfit, "DRAWN_LOOKS", frozenset({"one-eyed jacks"}))
    drawn = fit(_design(), _source("poker"))
    assert drawn.warnings == ()
    assert drawn.notes == ("In this deck J♠ and J♥ are drawn in profile, one eye showing: the one-eyed jacks.",)
    # one photo among them and the table cannot see the look any more
    photo = fit(_design(cards={"JH": {"image": "bob.jpg"}}), _source("poker"))
    assert len(photo.warnings) == 1 and "J♥ is a photo in this deck" in photo.warnings[0]


def test_games_that_need_more_cards_say_how_many_copies_or_what_is_missing() -> None:
    demo = _design()  # 52 cards and two jokers
    assert fit(demo, _source("canasta")).notes == (
        "Canasta is played with 108 cards: shuffle two copies of this deck (54 cards) together.",
    )
    assert "104 cards" in fit(demo, _source("spite-and-malice")).warnings[0]
    assert fit(demo, _source("gin-rummy")) == deckfit.DeckFit()
    plain = _design(profile="standard-52")
    assert fit(plain, _source("canasta")).notes == ("This deck (52 cards) has no jokers: play Canasta with another pack.",)
    piquet = _design(profile="piquet-32")
    (note,) = fit(piquet, _source("gin-rummy")).notes
    assert note == "This deck (32 cards) lacks 20 of the cards it needs (2♠ 3♠ 4♠ 5♠ 6♠ 2♥ ...): play Gin Rummy with another pack."


def test_front_matter_that_cannot_be_read_is_one_line_naming_the_key(tmp_path: Path) -> None:
    bad = tmp_path / "g.md"
    bad.write_text("---\nname: g\nlooks: [three-eyed jacks]\n---\n# G\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"g.md:1: looks: .*three-eyed jacks.*one-eyed jacks"):
        fit(_design(), load_source(bad))
    bad.write_text("---\nname: g\ncards: {packs: two}\n---\n# G\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"g.md:1: cards: expected whole numbers"):
        fit(_design(), load_source(bad))
