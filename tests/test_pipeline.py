"""deckgen.build, the library's one build: its events in order, an incremental second build, a
mistake in the deck as a Failed event, and a caller that stops listening halfway."""

from __future__ import annotations

from pathlib import Path

import pytest

import deckgen
from deckgen.errors import DeckgenError
from deckgen.config import demo_config
from deckgen.pipeline import (
    Advanced, Failed, Finished, Planned, StepCurrent, StepDone, StepStarted, Warned, steps_for,
)
from deckgen.resolve import resolve_design
from deckgen.starter import init_deck


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_a_build_yields_its_steps_in_order_then_nothing_to_do(tmp_path: Path) -> None:
    design = resolve_design(demo_config(overrides={"dpi": 72}))
    out = tmp_path / "output"
    events = list(deckgen.build(design, out))
    assert events[0] == Planned(("faces", "backs", "tin lid", "booklet", "print files"),
                                ("faces", "backs", "tin lid", "booklet", "print files"))
    started = [e for e in events if isinstance(e, StepStarted)]
    # in build order; the booklet comes last where it was drawn beside the others (a second core)
    assert [e.step for e in started if e.step != "booklet"] == ["faces", "backs", "tin lid", "print files"]
    assert sum(e.step == "booklet" for e in started) == 1
    faces = next(e for e in started if e.step == "faces")
    assert faces.total == 54 == sum(isinstance(e, Advanced) and e.step == "faces" for e in events)
    done = {e.step: e for e in events if isinstance(e, StepDone)}
    assert len(done["faces"].paths) == 54 and (done["faces"].rebuilt, done["faces"].current) == (54, 0)
    assert all(p.is_file() for e in done.values() for p in e.paths)  # committed: where the event says they are
    finished = events[-1]
    assert isinstance(finished, Finished) and not finished.nothing_to_do
    assert list(finished.written) == list(steps_for(design)) and finished.written["faces"] == done["faces"].paths
    assert not any(isinstance(e, (Warned, Failed, StepCurrent)) for e in events)

    again = list(deckgen.build(design, out))
    assert again[0] == Planned(steps_for(design), ())
    assert [e.step for e in again if isinstance(e, StepCurrent)] == list(steps_for(design))
    assert isinstance(again[-1], Finished) and again[-1].nothing_to_do and again[-1].current_files > 60


def test_a_mistake_in_the_deck_is_the_last_event_and_writes_nothing(tmp_path: Path) -> None:
    init_deck(tmp_path / "deck")
    config = tmp_path / "deck" / "deck.toml"
    config.write_text(config.read_text(encoding="utf-8") + '\n[cards.KH]\nimage = "images/missing.jpg"\n', encoding="utf-8")
    from deckgen.config import load_config

    try:
        design = resolve_design(load_config(config))
    except DeckgenError as exc:  # a missing photo is found when deck.toml is read
        assert "missing.jpg" in str(exc)
        return
    events = list(deckgen.build(design, tmp_path / "out"))
    assert isinstance(events[-1], Failed) and "missing.jpg" in events[-1].message
    assert not (tmp_path / "out" / "cards").exists()


@pytest.mark.extended
def test_a_caller_that_stops_listening_leaves_the_output_as_it_was(tmp_path: Path) -> None:
    design = resolve_design(demo_config(overrides={"dpi": 72}))
    out = tmp_path / "output"
    list(deckgen.build(design, out))
    before = _files(out)
    changed = resolve_design(demo_config(overrides={"dpi": 72, "name": "Another Deck"}))
    events = deckgen.build(changed, out, force=True)
    for event in events:
        if isinstance(event, Advanced) and event.item:  # the first face drawn: stop here
            break
    events.close()  # type: ignore[attr-defined]
    assert _files(out) == before
    assert not [p for p in out.iterdir() if p.name.startswith(".staging")]
