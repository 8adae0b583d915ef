"""Every face of a deck built at once (`build_faces`): checked first, drawn on every core in worker
processes, staged and renamed into place, the crop review written beside them, and the faces of
an earlier profile removed."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import as_completed
from pathlib import Path

from deckgen.cards import Card, CardError, parse_card
from deckgen.colourvision import ColourVisionWarning, face_colour_problems
from deckgen.design import Design
from deckgen.errors import warn
from deckgen.fileio import save_png
from deckgen.forked import worker_pool
from deckgen.render.cropreview import write_crop_review
from deckgen.render.facedraw import card_art
from deckgen.render.faces import check_faces, render_face
from deckgen.render.photocards import CropPlan, plan_card, plan_crops
from deckgen.render.photos import (
    PhotoWarning,
    detect_faces_with_copy,
    remember_faces,
)

__all__ = [
    "build_faces",
    "remove_stale_faces",
]


def _render_and_save(design: Design, card: Card, target: Path, plan: CropPlan | None) -> tuple[str, Path]:
    save_png(render_face(design, card, plan), target, design.card.dpi)
    return card.code, target


def build_faces(
    design: Design,
    out_dir: Path,
    advance: Callable[[str], None] | None = None,
    jobs: int | None = None,
    codes: set[str] | None = None,
    review: bool = True,
) -> dict[str, Path]:
    """Write out_dir/cards/<code>.png for every distinct card of the deck; returns code -> path.
    `codes` draws only those cards (an incremental build: the others are current) and returns
    their paths; `review=False` leaves the crop review as it is.

    The photos' faces are found first and every crop planned, so that each problem (a face cut
    by the trim, under a plate) is warned about once, and out_dir/preview/crops.png shows each
    photo with what its card keeps. Faces are drawn on `jobs` processes (default: every core; 1: in
    this process, with no worker) into a staging folder and moved
    into place only when every one has succeeded, so a bad photo or font leaves the previous
    faces untouched. Warns (PhotoWarning) about photos with too few pixels. The files are the
    same bytes whatever the number of processes.
    """
    for message in check_faces(design):
        warn(PhotoWarning(message))
    for message in face_colour_problems(design):  # suits a colour-blind player may mix up
        warn(ColourVisionWarning(message))
    every = design.profile.unique_cards()
    cards = [c for c in every if codes is None or c.code in codes]
    jobs = jobs or os.cpu_count() or 1
    pool = None
    if jobs > 1 and len(cards) >= 4:
        pool = worker_pool(min(jobs, len(cards)))  # its workers die with this process
    folder = Path(out_dir) / "cards"
    staging: Path | None = None
    try:
        if pool is not None:  # the faces of each photo, found on every core at once
            refs = list(dict.fromkeys(a.photo for a in (card_art(design, c) for c in cards) if a.photo is not None))
            for ref, (found, small) in zip(refs, pool.map(detect_faces_with_copy, refs)):
                remember_faces(ref, found, small)
        if review:
            plans = plan_crops(design)
        else:  # only the cards drawn now need their crops planned
            plans = {c.code: p for c in cards if (p := plan_card(design, c)) is not None}
        for code, plan in plans.items():
            if code not in {c.code for c in cards}:
                continue  # a current card's problems were said when it was drawn
            for problem in plan.problems + ((plan.note,) if plan.note else ()):
                warn(PhotoWarning(problem))
        folder.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".faces-", dir=folder))
        staged = {card.code: staging / f"{card.code}.png" for card in cards}
        if pool is None:
            for card in cards:
                _render_and_save(design, card, staged[card.code], plans.get(card.code))
                if advance:
                    advance(card.code)
        else:
            # the photo cards first: they take longest, so the workers finish together
            order = sorted(cards, key=lambda c: c.code not in plans)
            futures = [pool.submit(_render_and_save, design, card, staged[card.code], plans.get(card.code)) for card in order]
            for future in as_completed(futures):
                code, _ = future.result()
                if advance:
                    advance(code)
        targets = {card.code: folder / f"{card.code}.png" for card in every}
        for code, path in staged.items():
            os.replace(path, targets[code])
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    remove_stale_faces(folder, set(targets))
    if review:
        write_crop_review(design, plans, out_dir)
    return {card.code: targets[card.code] for card in cards}


def remove_stale_faces(folder: Path, codes: set[str]) -> list[Path]:
    """Delete face images left by an earlier build of another profile (a 2C.png after switching to
    euchre), so the folder holds exactly this deck's faces. Only files named like a card go."""

    removed = []
    for path in sorted(folder.glob("*.png")):
        try:
            card = parse_card(path.stem)
        except CardError:
            continue
        if card.code == path.stem and path.stem not in codes:
            path.unlink()
            removed.append(path)
    return removed
