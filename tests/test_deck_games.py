"""The deck and its games fit each other: a short pack's own games are proposed by `init --profile`,
its booklet prints them with their worked examples checked, and a game the deck cannot play is one
warning line."""

from __future__ import annotations

import tomllib
import warnings
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.booklet.build import build_booklet
from deckgen.booklet.deckfit import deck_needed, fit, games_for
from deckgen.booklet.sources import load_source
from deckgen.cards import PROFILES
from deckgen.config import demo_config, load_config
from deckgen.houserules import rules_sources
from deckgen.errors import UserError
from deckgen.resolve import resolve_design
from deckgen.starter import deck_toml_text, init_deck

USUAL = ["poker", "gin-rummy", "bridge"]


def _source(name: str):
    return load_source(rules_sources()[name])


def _booklet_text(profile: str, games: list[str], out: Path) -> str:
    design = resolve_design(demo_config(overrides={"profile": profile, "booklet": {"games": games}}))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdf = build_booklet(design, out, imposed=())[0]
    assert [str(w.message) for w in caught if w.category.__name__ == "DeckMismatch"] == []
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


@pytest.mark.parametrize(
    ("profile", "games"),
    [
        ("pinochle-48", ["auction-pinochle", "partnership-auction-pinochle", "pinochle", "euchre", "sixty-six"]),
        ("euchre-24", ["euchre", "sixty-six"]),
        ("piquet-32", ["piquet", "euchre", "sixty-six"]),
        ("farmer-45", ["farmer", "euchre", "sixty-six"]),
        ("standard-54", USUAL),
        ("double-104", USUAL),
    ],
)
def test_each_profile_proposes_the_games_it_can_play(profile: str, games: list[str]) -> None:
    assert games_for(PROFILES[profile], USUAL) == games


def test_init_with_a_profile_writes_the_deck_and_its_games(tmp_path: Path) -> None:
    init_deck(tmp_path / "pin", profile="pinochle-48")
    deck = load_config(tmp_path / "pin" / "deck.toml")
    assert deck.booklet.games == ["auction-pinochle", "partnership-auction-pinochle", "pinochle", "euchre", "sixty-six"]
    assert tomllib.loads((tmp_path / "pin" / "deck.toml").read_text(encoding="utf-8"))["profile"] == "pinochle-48"
    # the usual deck keeps the usual games, commented, as before
    plain = deck_toml_text("Gift", "plain")
    assert 'profile = "standard-54"' in plain and '# games = ["poker", "gin-rummy", "bridge"]' in plain
    assert max(len(line) for line in deck_toml_text("Gift", "plain", "piquet-32").splitlines()) <= 100
    with pytest.raises(UserError, match=r"^--profile: unknown deck profile 'pinochle-49': did you mean 'pinochle-48'\?"):
        init_deck(tmp_path / "bad", profile="pinochle-49")
    assert not (tmp_path / "bad" / "deck.toml").exists()


def test_a_pinochle_deck_prints_both_pinochles_and_euchre_with_their_examples(tmp_path: Path) -> None:
    text = _booklet_text("pinochle-48", ["auction-pinochle", "pinochle", "euchre"], tmp_path)
    for title in ("Auction Pinochle", "Pinochle (two-handed)", "Euchre"):
        assert title in text
    # the meld table the engine computes, and sentences the engine wrote for checked examples
    assert "The meld" in text and "Double pinochle" in text
    assert "Bob and Cy pay Ann 4 each." in text
    assert "Ann reaches 1,010 and wins the game." in text
    assert "Us take all five tricks alone and score 4." in text
    assert "shuffle two copies" not in text and "take out" not in text  # the deck is the game's own


def test_a_euchre_deck_prints_euchre(tmp_path: Path) -> None:
    text = _booklet_text("euchre-24", ["euchre"], tmp_path)
    assert "Euchre" in text and "right bower" in text
    assert "Them made trumps and took two tricks: they are euchred" in text
    assert "take out" not in text


def test_a_piquet_deck_prints_piquet_euchre_and_sixty_six(tmp_path: Path) -> None:
    init_deck(tmp_path / "piq", profile="piquet-32")
    assert load_config(tmp_path / "piq" / "deck.toml").booklet.games == ["piquet", "euchre", "sixty-six"]
    text = _booklet_text("piquet-32", ["piquet", "euchre", "sixty-six"], tmp_path)
    assert "Piquet" in text and "Quatorze" in text and "rubicon" in text
    # sentences the engine wrote for checked examples, and the tables it computed
    assert "Ann wins every trick (capot); the deal scores Ann 163, Bob 0." in text
    assert "Bob is under 100, rubiconed: Ann wins 100 and both totals, 328." in text
    assert "Ann goes out with 66; Bob has only 32, schneider: 2 game points." in text
    assert "Euchre is played with 24 cards: take out this deck’s 7s and 8s." in text  # the booklet's typographic apostrophe
    assert "shuffle two copies" not in text


def test_a_game_the_deck_cannot_play_is_one_warning_line() -> None:
    euchre_deck = resolve_design(demo_config(overrides={"profile": "euchre-24"}))
    (warning,) = fit(euchre_deck, _source("pinochle")).warnings
    assert warning == ("Pinochle (two-handed) is played with 48 cards, this deck has 24: "
                       "the booklet says to shuffle two copies together")
    (warning,) = fit(euchre_deck, _source("gin-rummy")).warnings
    assert "\n" not in warning and "lacks 28 of the cards it needs" in warning
    # a standard deck plays euchre once its low cards are out: said in the chapter, no warning
    standard = resolve_design(demo_config())
    found = fit(standard, _source("euchre"))
    assert found.warnings == ()
    assert found.notes == ("Euchre is played with 24 cards: take out this deck's 2s to 8s and the jokers.",)
    assert fit(standard, _source("pinochle")).notes == (
        "Pinochle (two-handed) is played with 48 cards: shuffle two copies of this deck (54 cards) together "
        "and take out the 2s to 8s and the jokers.",
    )
    piquet = resolve_design(demo_config(overrides={"profile": "piquet-32"}))
    assert fit(piquet, _source("euchre")).notes == ("Euchre is played with 24 cards: take out this deck's 7s and 8s.",)


def test_games_lists_the_deck_each_game_needs() -> None:
    assert deck_needed(_source("pinochle")) == "pinochle-48"
    assert deck_needed(_source("euchre")) == "euchre-24"
    assert deck_needed(_source("piquet")) == "piquet-32"
    assert deck_needed(_source("sixty-six")) == "euchre-24"
    assert deck_needed(_source("canasta")) == "2 standard packs, 4 jokers"
    assert deck_needed(_source("gin-rummy")) == "standard-52"


def test_cli_init_profile_and_games_deck_column(run, tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, "init", "euchre-night", "--profile", "euchre-24")
    assert code == 0
    assert load_config(tmp_path / "euchre-night" / "deck.toml").booklet.games == ["euchre", "sixty-six"]
    code, _, err = run(tmp_path, "init", "x", "--profile", "tarot")
    assert (code, err.count("\n")) == (2, 1) and err.startswith("error: --profile: unknown deck profile 'tarot'")
    code, out, _ = run(tmp_path / "euchre-night", "games", columns=160)
    assert code == 0
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.startswith("│") and "│" in line[1:]}
    assert "pinochle-48" in rows["pinochle"] and "pinochle-48" in rows["auction-pinochle"]
    assert "euchre-24" in rows["euchre"] and "✓" in rows["euchre"]
