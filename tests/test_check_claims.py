"""`deckgen check` on claims about some of the players of an example, with the real poker engine."""

from __future__ import annotations


def test_a_claim_about_one_player_is_checked_for_that_player_alone(tmp_path, run):
    """`names: {Ann: ...}` is about Ann: it holds without Bob, and a wrong one is reported for Ann alone."""
    block = "```deckgen\ngame: poker\nhands:\n  Ann: AS AH KS KH 2C\n  Bob: 3D 4D 8D 9D JD\nexpect:\n  names: {%s}\n```\n"
    (tmp_path / "right.md").write_text(block % 'Ann: "Two pair, aces and kings"', encoding="utf-8")
    (tmp_path / "wrong.md").write_text(block % 'Ann: "Three of a kind"', encoding="utf-8")
    (tmp_path / "nobody.md").write_text(block % 'Cy: "Three of a kind"', encoding="utf-8")
    code, out, _ = run(tmp_path, "check", "right.md", "wrong.md", "nobody.md")
    assert code == 1
    assert out.splitlines() == [
        "wrong.md:7: poker: names: expected {Ann: Three of a kind}, got {Ann: Two pair, aces and kings}",
        "nobody.md:7: poker: names: expected {Cy: Three of a kind}, got {Ann: Two pair, aces and kings, Bob: Flush, jack high}",
        "1 passed, 2 failed",
    ]
