"""Spite and Malice building: aces start piles, kings are wild, a queen finishes and clears a pile."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game
from deckgen.engine.spitemalice import SPEC, play


def test_registered():
    assert get_game("spite-and-malice") is SPEC


def test_a_pile_from_ace_to_queen_with_kings_anywhere():
    for king_at in range(12):
        piles = [0, 0, 0]
        for value in range(1, 13):
            assert play(piles, 13 if value - 1 == king_at else value, 0) == ""
        assert piles == [0, 0, 0]


def test_wrong_cards_and_places():
    piles = [5, 0, 0]
    assert "needs a 6" in play(piles, 7, 0)
    assert "start with an ace" in play(piles, 2, 1)
    assert "no building pile 4" in play(piles, 1, 3)
    assert piles == [5, 0, 0]


def test_fourth_pile_is_a_house_rule():
    assert SPEC.run({"plays": ["A on 4"]})["legal"] == [False]
    assert SPEC.run({"plays": ["A on 4"]}, {"building_piles": 4})["piles"] == [0, 0, 0, "A"]  # ranks as written (issue 36; it was 1)


def test_bad_inputs():
    with pytest.raises(ExampleError, match="not a play"):
        SPEC.run({"plays": ["3 onto 1"]})
    with pytest.raises(ExampleError, match="cleared"):
        SPEC.run({"piles": ["Q"]})


def test_piles_are_reported_as_ranks_and_old_numeric_claims_still_hold(tmp_path):
    # Issue 36: piles were written as ranks (J) but reported as numbers (11); inputs and outputs now
    # share the notation, and a claim written the old way keeps working.
    from deckgen.booklet.check import check_paths

    r = SPEC.run({"piles": ["10", 0, 0], "plays": ["J on 1", "A on 2"]})
    assert r["piles"] == ["J", "A", 0]
    page = tmp_path / "sm.md"
    for claim, ok in (("[J, A, 0]", True), ("[11, 1, 0]", True), ("[j, a, '-']", True), ("[Q, A, 0]", False)):
        page.write_text(f"```deckgen\ngame: spite-and-malice\npiles: [10, 0, 0]\nplays: [J on 1, A on 2]\n"
                        f"expect:\n  piles: {claim}\n```\n", encoding="utf-8")
        (result,) = check_paths([page])
        assert result.ok is ok, (claim, result.failures)
