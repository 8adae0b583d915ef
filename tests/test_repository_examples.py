"""Every worked example shipped with deckgen is right, and every rules source is well formed."""

from pathlib import Path

import pytest

from deckgen.booklet.check import check_paths
from deckgen.booklet.examples import find_blocks
from deckgen.booklet.sources import load_source
from deckgen.resources import data_dir

REPO = Path(__file__).resolve().parent.parent
RULES = sorted(data_dir("rules").glob("*.md"))
SECTIONS_IN_ORDER = ["Object", "Players and cards", "The deal", "Play", "Scoring", "Worked examples"]


def test_every_example_in_rules_docs_and_readme_passes():
    paths = [data_dir("rules"), REPO / "docs", REPO / "README.md"]
    results = check_paths([p for p in paths if p.exists()])
    failures = [str(f) for r in results for f in r.failures]
    assert failures == []
    assert len(results) >= 3 * len(RULES)


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_rules_source_front_matter(path):
    source = load_source(path)
    meta = source.meta
    for key in ("name", "title", "players", "deck", "ratings", "engine", "parameters"):
        assert key in meta, f"{path.name}: front matter lacks '{key}'"
    assert meta["name"] == path.stem
    assert set(meta["ratings"]) == {"luck", "brains", "fun"}
    assert all(1 <= int(v) <= 5 for v in meta["ratings"].values())
    engine_defaults = {}
    for spec in source.engine_games:
        engine_defaults.update(spec.defaults)
    documented = {k: v["default"] for k, v in (meta["parameters"] or {}).items()}
    assert documented == engine_defaults
    assert all(str(v.get("about", "")).strip() for v in (meta["parameters"] or {}).values())


@pytest.mark.parametrize("path", [p for p in RULES if load_source(p).meta.get("engine")], ids=lambda p: p.stem)
def test_rules_source_has_three_examples(path):
    source = load_source(path)
    assert len(find_blocks(source.body)) >= 3
