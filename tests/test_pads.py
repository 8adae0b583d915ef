"""Score pads (`deckgen pads`, [pads]): one page at the paper's size, the same bytes every time,
and the rules they print follow the deck's house rules."""

from __future__ import annotations

import pytest
from pypdf import PdfReader


def _text(path) -> str:
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    return " ".join(reader.pages[0].extract_text().split())


def test_the_gin_pad_follows_house_rules_gin(write_deck, tmp_path, run):
    """The usual bonuses, then this table's: the pad's words change with [house_rules.gin-rummy] and [house_rules.gin-game]."""
    deck = write_deck('[pads]\ngames = ["gin-rummy"]\n')
    code, out, err = run(tmp_path, "pads", "--config", str(deck))
    assert code == 0, out + err
    pad = tmp_path / "output" / "pads" / "gin-rummy-a4.pdf"
    usual = _text(pad)
    assert "Gin bonus 25, big gin bonus 31" in usual and "Knock with 10 or less" in usual
    assert "box bonus 25 for every hand won" in usual and "hands won x 25" in usual
    deck.write_text('[pads]\ngames = ["gin-rummy"]\n[house_rules.gin-rummy]\ngin_bonus = 20\nknock_limit = 7\n'
                    'undercut_on_tie = false\n[house_rules.gin-game]\nline_bonus = 20\ntarget = 250\n', encoding="utf-8")
    code, out, err = run(tmp_path, "pads", "--config", str(deck))
    assert code == 0, out + err
    ours = _text(pad)
    assert "Gin bonus 20, big gin bonus 31" in ours and "Knock with 7 or less" in ours
    assert "a tie on a knock scores nothing" in ours
    assert "Game to 250" in ours and "box bonus 20 for every hand won" in ours and "hands won x 20" in ours
    assert "Gin bonus 25" not in ours


def test_a_pad_is_one_page_at_its_paper_size_and_the_same_bytes_twice(write_deck, tmp_path, run):
    deck = write_deck('theme = "wedding"\n')
    sizes = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "pocket": (95.0, 135.0)}
    for paper, (w, h) in sizes.items():
        code, out, err = run(tmp_path, "pads", "--config", str(deck), "--paper", paper, "--game", "bridge", "--game", "gin-rummy")
        assert code == 0, out + err
        for game in ("bridge", "gin-rummy"):
            path = tmp_path / "output" / "pads" / f"{game}-{paper}.pdf"
            box = PdfReader(path).pages[0].mediabox
            assert (round(float(box.width) / 72 * 25.4, 1), round(float(box.height) / 72 * 25.4, 1)) == (w, h)
            assert PdfReader(path).trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    first = (tmp_path / "output" / "pads" / "bridge-pocket.pdf").read_bytes()
    run(tmp_path, "pads", "--config", str(deck), "--paper", "pocket", "--game", "bridge")
    assert (tmp_path / "output" / "pads" / "bridge-pocket.pdf").read_bytes() == first
    bridge = _text(tmp_path / "output" / "pads" / "bridge-a4.pdf")
    assert "We" in bridge and "They" in bridge and "the line" in bridge and "700 for two games to none" in bridge


def test_the_bridge_pad_follows_the_rubber_house_rules(write_deck, tmp_path, run):
    deck = write_deck('[house_rules.bridge]\nrubber_bonus = 600\nsmall_slam_bonus = 400\n')
    code, out, err = run(tmp_path, "pads", "--config", str(deck), "--game", "bridge")
    assert code == 0, out + err
    text = _text(tmp_path / "output" / "pads" / "bridge-a4.pdf")
    assert "600 for two to one" in text and "small 400" in text


@pytest.mark.parametrize(("args", "message"), [
    (("--paper", "a5"), "error: --paper: unknown paper 'a5': expected one of a4, letter, pocket"),
    (("--game", "pay-me"), "error: --game: unknown score pad 'pay-me': expected one of gin-rummy, bridge, cribbage, golf"),
])
def test_a_wrong_option_is_one_line_and_writes_nothing(tmp_path, run, args, message):
    code, out, err = run(tmp_path, "pads", *args)
    assert (code, err.strip()) == (2, message)
    assert not (tmp_path / "output" / "pads").exists()


def test_the_golf_pad_counts_the_cards_as_the_engine_does(write_deck, tmp_path, run):
    deck = write_deck('[house_rules.golf]\nking_points = -2\ntriple_minus = false\npair_scope = "anywhere"\n')
    code, out, err = run(tmp_path, "pads", "--config", str(deck), "--game", "golf", "--paper", "letter")
    assert code == 0, out + err
    text = _text(tmp_path / "output" / "pads" / "golf-letter.pdf")
    assert "king -2" in text and "A pair cancels anywhere in the square" in text
    assert "Three nines and a four score 13" in text  # the odd card counts plus: 9 + 4
    assert "Hole 9" in text and "Player 4" in text


def test_pads_in_deck_toml_are_checked(bad_config):
    bad_config('[pads]\ngames = ["pay-me"]\n', "pads.games", "unknown score pad 'pay-me'")
    bad_config('[pads]\npaper = "a5"\n', "pads.paper", "a4")


def test_the_build_has_a_pads_step_for_a_deck_with_pads_games(write_deck, tmp_path):
    """The build's "score pads" step writes the pads of [pads] games on [pads] paper and deletes a pad on
    that paper the deck no longer asks for; a deck without [pads] shows no such step."""
    from deckgen.pipeline.run import steps_for
    from deckgen.resolve import load_design
    from deckgen.steps import STEPS

    step = dict(STEPS)["score pads"]
    design = load_design(write_deck('[pads]\ngames = ["cribbage"]\npaper = "pocket"\n[house_rules.cribbage]\nnobs_points = 2\n'))
    assert "score pads" in steps_for(design)
    out = tmp_path / "output"
    (out / "pads").mkdir(parents=True)
    for old in ("bridge-pocket.pdf", "bridge-a4.pdf"):
        (out / "pads" / old).write_bytes(b"%PDF-1.4 an earlier build's")
    said: list[str] = []
    assert step(design, out, said.append) == [out / "pads" / "cribbage-pocket.pdf"]
    assert said == ["cribbage-pocket.pdf"]
    assert "His nobs 2" in _text(out / "pads" / "cribbage-pocket.pdf")
    assert sorted(p.name for p in (out / "pads").iterdir()) == ["bridge-a4.pdf", "cribbage-pocket.pdf"]
    assert "score pads" not in steps_for(load_design(write_deck("")))


@pytest.mark.extended
def test_the_build_writes_the_pads_of_pads_games(write_deck, tmp_path, run):
    deck = write_deck('dpi = 72\n[pads]\ngames = ["cribbage"]\npaper = "pocket"\n[print]\npaper = "a4"\n')
    code, out, err = run(tmp_path, "build", "--config", str(deck))
    assert code == 0, out + err
    assert "✓ score pads: output/pads/cribbage-pocket.pdf" in out.splitlines()
    assert "Flush: 4 cards in the hand" in _text(tmp_path / "output" / "pads" / "cribbage-pocket.pdf")
