"""The default tables shipped counted (deckgen/assets/tables/precomputed.json) agree with the engine."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from deckgen.booklet import tables
from deckgen.booklet.tables import PRECOMPUTED, TableCache, precomputed_key


def test_the_shipped_counts_are_read_for_the_default_tables() -> None:
    shipped = json.loads(PRECOMPUTED.read_text(encoding="utf-8"))
    assert any(k.startswith("poker-frequencies-7 ") for k in shipped)
    key = next(k for k in shipped if k.startswith("poker-frequencies-5 ") and '"wild": []' in k)
    assert sum(shipped[key].values()) == 2_598_960  # every five-card hand, counted once

    def never(*_args: object) -> dict[str, int]:
        raise AssertionError("a shipped count is not counted again")

    name, _, args = key.partition(" ")
    cache = TableCache(None)
    assert cache(name, json.loads(args), never) == shipped[key] and cache.hits == 1


def test_the_shipped_low_hole_card_wild_count_covers_every_deal() -> None:
    """Seven-card stud, lowest hole card wild: every deal of three hole and four up cards, once
    (the slow test below recounts each category)."""
    shipped = json.loads(PRECOMPUTED.read_text(encoding="utf-8"))
    counts = shipped[precomputed_key("poker-frequencies-7", {"cards": 7, "wild": ["low-hole"]})]
    assert sum(counts.values()) == comb(52, 3) * comb(49, 4) == 35 * comb(52, 7)
    assert counts["two pair"] == counts["high card"] == 0  # everyone holds a wild card


@pytest.mark.slow
def test_every_shipped_count_is_what_the_engine_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.booklet.build import build_booklet
    from deckgen.config import demo_config
    from deckgen.resolve import resolve_design

    shipped = json.loads(PRECOMPUTED.read_text(encoding="utf-8"))
    counted: dict[str, dict[str, int]] = {}
    original = TableCache.__call__

    def record(self, key, args, compute):  # type: ignore[no-untyped-def]
        result = original(self, key, args, compute)
        counted[precomputed_key(key, args)] = result
        return result

    monkeypatch.setattr(tables, "_shipped", lambda: {})
    monkeypatch.setattr(TableCache, "__call__", record)
    build_booklet(resolve_design(demo_config(overrides={"booklet": {"games": ["poker", "cribbage"]}})), tmp_path, imposed=())
    assert counted == shipped
