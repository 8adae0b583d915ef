"""`deckgen.build`: the one build of a deck, as a stream of events.

The command line, `deckgen serve` and a batch worker all build through this: incremental (a
step whose inputs did not change since the last build is not run), the booklet in a child
process beside the other steps where there is a second core, every file deck.toml names read
and checked before anything is written, and all or nothing (the output folder changes only when
every step has succeeded; `deckgen.staging.staged_build`).

The steps call `advance(item)` deep inside the renderers, and a progress bar wants those as they
happen, while the build keeps running in the caller's own thread (its template time limit is a
timer signal, which only the main thread may set). So the build runs in a greenlet of the
caller's thread: each event switches back to the caller, who takes it as the next item of the
iterator, and the next `next()` switches the build on. A caller who stops early (or a Ctrl-C
while the caller holds the thread) throws the build out cleanly: its staging folder is removed,
the lock released, the output folder left as the last finished build made it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import greenlet

from deckgen.design import Design
from deckgen.errors import DeckgenError, DeckgenWarning, UserError, warnings_to
from deckgen.pipeline.events import (
    Advanced, Event, Failed, Finished, Planned, StepCurrent, StepDone, StepStarted, Warned,
)
from deckgen.render.pdfdate import PdfDate, pdf_date

__all__ = ["build", "steps_for"]

Emit = Callable[[Event], None]

#: Steps that write something only for one kind of [box]: the tin's lid, the tuck box's net.
_FOR_BOX = {"tin lid": "tin", "tuck box": "tuck"}


def steps_for(design: Design) -> tuple[str, ...]:
    """The labels of the steps that write this deck's files, in build order: a tin deck has no
    tuck box, a deck in a tuck box no tin lid (their steps still run, to remove what an earlier
    build of the other kind left); a deck without reference cards or score pads has no such step
    (it still runs, to remove what an earlier build left)."""
    from deckgen.steps import STEPS

    wanted = {"reference cards": bool(design.reference.cards), "score pads": bool(design.pads.games)}
    return tuple(label for label, _ in STEPS
                 if _FOR_BOX.get(label, design.box.kind) == design.box.kind and wanted.get(label, True))


def build(design: Design, out: Path | str, *, force: bool = False, date: PdfDate | None = None,
          cores: int | None = None) -> Iterator[Event]:
    """Build the deck `design` into the folder `out`, yielding what happens as it happens.

    The last event is `Finished` (the files are in place) or `Failed` (a mistake in the deck,
    nothing changed); an error that is not the deck's (a bug, a full disk) is raised. `force`
    rebuilds every file; `date` is the date the PDFs carry (default: SOURCE_DATE_EPOCH, else none).
    `cores` is how many processes the build may keep busy at once: None (the default) is every core
    of the machine; 1 builds in this process alone, with no worker process and no child beside it (a
    shop's batch of N orders on N cores gives each its one). The files are the same bytes whatever it is.

    For example (tests/test_pipeline.py runs the same)::

        design = deckgen.load_design("mydeck/deck.toml")
        for event in deckgen.build(design, "mydeck/output"):
            print(event)        # Planned(steps=('faces', 'backs', 'tin lid', 'booklet', 'print files'), ...)
    """
    if cores is not None and (isinstance(cores, bool) or not isinstance(cores, int) or cores < 1):
        raise UserError(f"cores: expected a whole number of 1 or more, or None for every core (got {cores!r})")
    return _stream(lambda emit: _build(design, Path(out), force, date, emit, cores))


def _stream(work: Callable[[Emit], None]) -> Iterator[Event]:
    """The events `work` emits, as an iterator: `work` runs in a greenlet of this thread, switched
    to by each `next()` and switching back with each event."""
    step: list[str | None] = [None]  # the step running, for a Failed event

    def emit(event: Event) -> None:
        if isinstance(event, StepStarted):
            step[0] = event.step
        parent = greenlet.getcurrent().parent
        assert parent is not None
        parent.switch(event)

    worker = greenlet.greenlet(lambda: work(emit))
    try:
        while True:
            worker.parent = greenlet.getcurrent()  # whoever asks for the next event gets it
            try:
                event = worker.switch()
            except DeckgenError as exc:
                yield Failed(exc, step[0])
                return
            if worker.dead:
                return
            yield event
    finally:
        if not worker.dead:  # the caller stopped listening: unwind the build (its staging goes)
            worker.throw(greenlet.GreenletExit)


@contextmanager
def _warnings_said(emit: Emit, step: str | None, said: set[str]) -> Iterator[None]:
    """The warnings the renderers say inside the block, sent as Warned events as they come, once each."""
    def say(warning: DeckgenWarning) -> None:
        text = str(warning)
        if text not in said:  # a picture drawn twice warns once
            said.add(text)
            emit(Warned(text, step))

    with warnings_to(say):
        yield


def _build(design: Design, out: Path, force: bool, date: PdfDate | None, emit: Emit, cores: int | None = None) -> None:
    from deckgen.buildcache import IncrementalBuild, interrupted

    date = pdf_date() if date is None else date  # once: every PDF of the build carries it
    steps = steps_for(design)
    if not force and out.is_dir() and not interrupted(out) and (check := IncrementalBuild(design, out, date=date)).all_current():
        # nothing to do, found without the renderers (numpy, OpenCV, ReportLab, pikepdf are not loaded)
        emit(Planned(steps, ()))
        for label in steps:
            emit(StepCurrent(label))
        emit(Finished(out, {}, check.current_files()))
        return
    from deckgen.staging import staged_build
    from deckgen.steps import STEPS, StepInChild, can_run_beside, preflight

    said: set[str] = set()
    written: dict[str, list[Path]] = {}
    plan: list[IncrementalBuild] = []
    beside: dict[str, StepInChild] = {}
    with staged_build(out, after_commit=lambda: plan[0].commit()) as stage:  # out/ changes only if every step succeeds
        plan.append(IncrementalBuild(design, out, force, date=date))  # read under the output folder's lock
        todo = [(label, function) for label, function in STEPS if not plan[0].step_is_current(label)]
        emit(Planned(steps, tuple(label for label, _ in todo if label in steps)))
        try:
            # the booklet in a child process, while the faces and print files are made; it writes only
            # into the staging folder, so it may start before the preflight (a failure throws it all away)
            labels_todo = [label for label, _ in todo]
            if any(can_run_beside(label, labels_todo, cores) for label in labels_todo):
                # the child draws the changed cards too: the faces in their photos are found once, here,
                # and those an earlier build found in unchanged photos are recalled, before it starts
                from deckgen.buildcache import look_for_faces, recall_found_faces

                recall_found_faces(design, stage.stage)
                look_for_faces(design, plan[0].stale_faces())
            for label, function in todo:
                if can_run_beside(label, labels_todo, cores):
                    beside[label] = StepInChild(function, design, stage.stage, date, cores)
            if todo:  # every file deck.toml names is read before anything is written
                labels = {label for label, _ in todo}
                # a booklet redrawn for a card picture: its examples were found right with these rules already
                with _warnings_said(emit, None, said):
                    preflight(design, booklet="booklet" in labels and not plan[0].examples_checked(),
                              faces=plan[0].stale_faces(), drawn=bool(labels & {"backs", "tin lid", "tuck box"}))
            for label, function in todo:
                if label not in beside:
                    # a step this deck does not have runs unseen (it removes what a build of the other [box] kind left)
                    step_emit = emit if label in steps else _unseen
                    with _warnings_said(emit, label, said):
                        paths = _run_incremental(plan[0], label, function, design, stage.stage, date, step_emit, cores)
                    written[label] = stage.real_all(paths)
                    if label in steps:
                        emit(StepDone(label, tuple(written[label]), *plan[0].counts(label)))
            for label, job in beside.items():
                emit(StepStarted(label, None))
                with _warnings_said(emit, label, said):
                    paths = list(job.result())
                plan[0].made(label, paths, stage.stage)
                written[label] = stage.real_all(paths)
                emit(StepDone(label, tuple(written[label]), *plan[0].counts(label)))
        finally:
            for job in beside.values():
                job.stop()
        if todo:
            plan[0].stage_record(stage.stage)
    for label in steps:
        if label not in written:
            emit(StepCurrent(label))
    emit(Finished(out, {label: tuple(written.get(label, ())) for label in steps}, plan[0].current_files()))


def _unseen(_event: Event) -> None:
    """Where a step this deck does not have sends its progress."""


def _run_step(label: str, function: Any, design: Design, out: Path, date: PdfDate, emit: Emit,
              cores: int | None = None) -> list[Path]:
    from deckgen.steps import step_units

    emit(StepStarted(label, step_units(function, design)))
    return list(function(design, out, lambda item: emit(Advanced(label, item)), date=date, cores=cores))


def _run_incremental(plan: Any, label: str, function: Any, design: Design, stage: Path, date: PdfDate,
                     emit: Emit, cores: int | None = None) -> list[Path]:
    """Run one step for the units the plan says are stale, dated the build's `date`, on at most `cores`
    cores; faces only for the stale cards."""
    if label != "faces":
        paths = _run_step(label, function, design, stage, date, emit, cores)
        plan.made(label, paths, stage)
        return paths
    from deckgen.buildcache import keep_found_faces, recall_found_faces
    from deckgen.render.facebuild import build_faces
    from deckgen.render.cropreview import review_path

    recall_found_faces(design, stage)  # faces found in unchanged photos by an earlier build
    codes = plan.stale_faces()
    review = "crop review" in plan.stale

    def faces(design: Design, out_dir: Path, advance: Callable[[str], None], date: PdfDate | None = None,
              cores: int | None = None) -> list[Path]:
        return list(build_faces(design, out_dir, advance, jobs=cores, codes=codes, review=review).values())

    faces.units = lambda _design: len(codes)  # type: ignore[attr-defined]
    paths = _run_step(label, faces, design, stage, date, emit, cores)
    keep_found_faces(design, stage)
    for path in paths:
        plan.made(f"face:{path.stem}", [path], stage)
    if review:
        crops = review_path(stage)
        plan.made("crop review", [crops] if crops.is_file() else [], stage)
    return paths
