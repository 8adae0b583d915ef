"""The build, as an ordered list of steps (`deckgen.build`, the library's build, runs them all, in order).

Each step is (label, function). The function takes the resolved design
(`deckgen.design.Design`), the output folder, an `advance(item)` callback
(called once per unit of work, for the progress bar) and the build's `date`
(pdfdate.PdfDate, read once, so every PDF of one build carries the same date)
and the `cores` it may use (None: every core of the machine; 1: this process
alone, no worker process and no child beside it; a shop's batch gives each order
its share) and returns the paths it wrote; the files are the same bytes whatever
`cores` is. A step may carry a `units` attribute,
`units(design) -> int`, telling the progress bar how many times it will call
`advance`; without it the bar just pulses.

Other parts of deckgen append their steps (backs and tin lid, print files,
booklet) to STEPS in the order they must run; faces come first because print
files are made from the face PNGs.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from deckgen.design import Design, FontRef, PhotoRef
from deckgen.errors import (
    BuildWarning,
    ConfigError,
    DeckgenWarning,
    UserError,
    collected_warnings,
    warn,
    warnings_to,
)
from deckgen.paths import as_written
from deckgen.render.pdfdate import PdfDate, pdf_date

# The renderers (numpy, OpenCV, ReportLab, pikepdf) are imported by the functions that use them:
# `deckgen booklet` and a build's booklet process need this module's staging, not the renderers.

__all__ = [
    "STEPS",
    "preflight",
    "run_steps",
]

Advance = Callable[[str], None]


class StepFunction(Protocol):
    """A build step: writes into out_dir, calls advance per unit of work, dates its PDFs `date`, and
    uses at most `cores` processes at once (None: every core)."""

    def __call__(self, design: Design, out_dir: Path, advance: Advance, date: PdfDate | None = None,
                 cores: int | None = None) -> list[Path]: ...


def faces_step(design: Design, out_dir: Path, advance: Advance, date: PdfDate | None = None,
               cores: int | None = None) -> list[Path]:
    """All the card faces, on `cores` cores (default every one): out_dir/cards/<code>.png (PNGs: no date)."""
    from deckgen.render.facebuild import build_faces  # renderer: loaded where used

    return list(build_faces(design, out_dir, advance, jobs=cores).values())


def _face_count(design: Design) -> int:
    return len(design.profile.unique_cards())


faces_step.units = _face_count  # type: ignore[attr-defined]


def lid_step(design: Design, out_dir: Path, advance: Advance, date: PdfDate | None = None,
             cores: int | None = None) -> list[Path]:
    """The tin lid, for a deck that goes in the tin ([box] kind); a tuck-box deck has none (one process:
    `cores` does not matter)."""
    from deckgen.render.tin import build_lid  # renderer: loaded where used
    from deckgen.render.tuckbox import remove_stale  # renderer: loaded where used

    if design.box.kind != "tin":
        remove_stale(Path(out_dir), "tin", ("lid.png", "lid.pdf"))
        return []
    return build_lid(design, out_dir, advance, date=date)


lid_step.units = lambda design: 2 if design.box.kind == "tin" else 0  # type: ignore[attr-defined]


def _loaded_when_run(module: str, name: str, doc: str, dated: bool = True, parallel: bool = False) -> StepFunction:
    """The step `module.name`, imported only when it runs or its progress is counted: a build that
    makes the booklet in a child process, or a command that needs none of the renderers, starts
    sooner. Its `units` are the real step's. A step that writes no PDF (not `dated`) is not given the
    date; only a step that starts processes of its own (`parallel`) is given the `cores` it may use."""

    def real() -> Callable[..., list[Path]]:
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]

    def step(design: Design, out_dir: Path, advance: Advance, date: PdfDate | None = None,
             cores: int | None = None) -> list[Path]:
        options: dict[str, object] = {"date": date} if dated else {}
        if parallel:
            options["cores"] = cores
        return real()(design, out_dir, advance, **options)

    step.__doc__, step.__name__ = doc, name
    step.units = lambda design: real().units(design)  # type: ignore[attr-defined]
    return step


booklet_step = _loaded_when_run("deckgen.booklet.build", "booklet_step", "The rules booklet (deckgen.booklet.build).",
                                parallel=True)
backs_step = _loaded_when_run("deckgen.render.backs", "build_backs", "The card backs: out_dir/cards/back.png (and back2.png).",
                              dated=False)
tuck_box_step = _loaded_when_run("deckgen.render.tuckbox", "build_tuck_box",
                                 "The tuck box, for a deck that goes in one ([box] kind); a tin deck has none.")
reference_step = _loaded_when_run("deckgen.reference", "reference_step",
                                  "The reference cards ([reference] cards): out_dir/cards/ref-<name>.png.")
pads_step = _loaded_when_run("deckgen.pads", "pads_step", "The score pads ([pads] games): out_dir/pads/<game>-<paper>.pdf.")
print_files_step = _loaded_when_run("deckgen.render.printfiles", "print_step",
                                    "The print files: print-shop PDF, home sheets, contact sheet.", parallel=True)

#: The build, in order. Append (label, function) to add a step.
STEPS: list[tuple[str, StepFunction]] = [
    ("faces", faces_step),
    ("backs", backs_step),
    ("tin lid", lid_step),
    ("tuck box", tuck_box_step),
    ("booklet", booklet_step),
    ("score pads", pads_step),
    ("reference cards", reference_step),
    ("print files", print_files_step),  # keep last: it is made from the faces and backs
]


def step_units(function: StepFunction, design: Design) -> int | None:
    """How many times a step will call advance, when it says so; None when unknown."""
    units = getattr(function, "units", None)
    return int(units(design)) if callable(units) else None


def run_steps(
    design: Design,
    out_dir: Path,
    steps: list[tuple[str, StepFunction]] | None = None,
    advance_for: Callable[[str, StepFunction], Advance] | None = None,
    date: PdfDate | None = None,
    cores: int | None = None,
) -> dict[str, list[Path]]:
    """Run the steps in order (all of STEPS by default); returns label -> paths written.

    `advance_for(label, function)` gives each step its progress callback; a
    step's failure stops the build there, and what earlier steps wrote stays.
    Every step gets `date` (by default read once here) and `cores` (default: every core).
    """
    date = pdf_date(date)
    written: dict[str, list[Path]] = {}
    for label, function in steps if steps is not None else STEPS:
        advance = advance_for(label, function) if advance_for else (lambda _item: None)
        written[label] = list(function(design, Path(out_dir), advance, date=date, cores=cores))
    return written


def _check_font(design: Design, font: FontRef) -> None:
    from deckgen.render.backs import _truetype  # renderer: loaded where used
    from deckgen.render.fonts import resolve_font  # renderer: loaded where used

    _truetype(resolve_font(design.source, font), 40, design.source, font.key)


def preflight(design: Design, booklet: bool = True, faces: set[str] | None = None, drawn: bool = True) -> None:
    """Find what would stop the build before it writes anything: every file deck.toml names
    (photos decoded in full, so a truncated download is found here; fonts; the ICC profile;
    the booklet's extra rules), the backs and the lid drawn in memory (a text too long for
    its box), and the booklet's worked examples recomputed with the house rules. The first
    problem raises a UserError naming deck.toml and the key, so a bad [back] cannot stop
    the build after the faces have been replaced. Costs well under a second.
    `booklet=False` leaves out the booklet's files and examples (for `deckgen print`). An incremental
    build names the `faces` whose photos it will draw (the others' are unchanged since they were read)
    and says whether the backs or the lid will be `drawn`."""
    from deckgen.render.cmyk import read_cmyk_profile  # renderer: loaded where used
    from deckgen.render.faces import check_faces  # renderer: loaded where used
    from deckgen.render.shops import load_shop  # renderer: loaded where used
    from deckgen.render.tuckbox import check_box  # renderer: loaded where used

    check_faces(design)  # the deck's font, card codes the deck lacks, photo headers
    if faces is None:
        photos = [choice.photo for choice in design.faces.cards.values()] + [design.faces.joker_photo]
    else:
        photos = [design.faces.art(card).photo for card in design.profile.unique_cards() if card.code in faces]
    _open_images(photos + (_back_images(design) + _lid_images(design) if drawn else []))
    _check_back_fonts(design)
    _check_lid_fonts(design)
    _warn_missing_glyphs(design)
    warn_dpi(design)
    if design.card.bleed_mm == 0:
        warn(BuildWarning(f"{design.source}: bleed_mm = 0: a print shop will ask for bleed (usually 3 mm); the print-shop "
                      "file is drawn with its preset's bleed, the home sheets have none to spare"))
    try:
        load_shop(design.print.shop, design.base_dir, key="x")
    except UserError as exc:
        raise ConfigError(design.source, "print.shop", str(exc).removeprefix("x: ")) from None
    if not design.print.rgb and design.print.icc is not None:
        try:
            read_cmyk_profile(design.print.icc)
        except ConfigError:
            raise
        except UserError as exc:
            raise ConfigError(design.source, "print.icc", str(exc)) from None
    if drawn:
        _draw_in_memory(design)
        check_box(design)  # a tuck box drawn small; cards the tin cannot hold, said
    if design.reference.cards:
        from deckgen.reference import (
            check_reference,  # the engine's figures: loaded when a deck has such cards
        )

        check_reference(design)  # a house rule the engine refuses, a card too small for its words
    if booklet:
        from deckgen.booklet.build import (
            extra_rules_file,  # the booklet's modules: loaded where used
        )

        _check_examples(design, extra_rules_file(design))


#: Seconds one core takes to draw a card face at 300 dpi (a drawn face; photos take longer), measured
#: on a shared 2-core host: 24 faces at 1200 dpi took 21 s. The time grows with the pixels, as dpi squared.
FACE_SECONDS_AT_300 = 0.11


def dpi_cost(dpi: int, faces: int, cores: int | None = None) -> float:
    """About how many seconds drawing `faces` card faces at `dpi` takes on `cores` cores."""
    cores = max(1, min(cores or os.cpu_count() or 1, faces))
    return faces * (dpi / 300) ** 2 * FACE_SECONDS_AT_300 / cores


def warn_dpi(design: Design) -> None:
    """A dpi past what print needs prints nothing finer, and costs its square in time and file size: said, with the time."""
    from deckgen.limits import PRINT_DPI_NEEDED

    dpi = design.card.dpi
    if dpi <= PRINT_DPI_NEEDED:
        return
    faces = len(design.profile.unique_cards())
    warn(BuildWarning(f"{design.source}: dpi = {dpi}: print shops print cards at 300 dpi ({PRINT_DPI_NEEDED} at most); at {dpi} "
                  f"each face has {(dpi / 300) ** 2:.0f} times the pixels, so the {faces} faces take about "
                  f"{dpi_cost(dpi, faces):,.0f} s to draw (about {dpi_cost(300, faces):,.0f} s at 300) and the print "
                  "files grow as much; set dpi = 300 unless the shop asks for more"))


def preflight_backs(design: Design) -> None:
    """The part of `preflight` that `deckgen backs` needs: the backs' pictures and fonts read,
    and every back drawn in memory, so a bad [back2] stops it before back.png is written."""
    _open_images(_back_images(design))
    _check_back_fonts(design)
    _draw_in_memory(design, lid=False)


def preflight_lid(design: Design) -> None:
    """The part of `preflight` that `deckgen tin` needs: the lid's picture and fonts read, and
    the lid drawn in memory, before lid.png is written."""
    _open_images(_lid_images(design))
    _check_lid_fonts(design)
    _draw_in_memory(design, backs=False)


def _back_images(design: Design) -> list[PhotoRef | None]:
    return [back.picture.photo if back.picture else None for back in design.backs]


def _lid_images(design: Design) -> list[PhotoRef | None]:
    return [design.lid.picture.photo if design.lid.picture else None]


def _open_images(photos: list[PhotoRef | None]) -> None:
    """Decode each picture deck.toml names once, in full; the first bad one raises naming its key."""
    from deckgen.render.photos import open_photo  # renderer: loaded where used

    seen: set[Path] = set()
    for photo in photos:
        if photo is not None and photo.path not in seen:
            seen.add(photo.path)
            open_photo(photo, draft_size=(64, 64))


def _check_back_fonts(design: Design) -> None:
    for back in design.backs:
        if back.own_texts:
            for text in back.texts:
                _check_font(design, text.font)


def _check_lid_fonts(design: Design) -> None:
    _check_font(design, design.lid.title_font)
    _check_font(design, design.lid.body_font)


def _warn_missing_glyphs(design: Design) -> None:
    """Warn (the build goes on) for each text from deck.toml with letters its font cannot draw:
    they would print as empty boxes."""
    from deckgen.render.fonts import (  # renderer: loaded where used
        missing_glyphs,
        user_texts,
    )

    said: set[tuple[str, Path, tuple[str, ...]]] = set()
    for key, text, font, font_key in user_texts(design):
        missing = tuple(missing_glyphs(font, text))
        if not missing or (key, font, missing) in said:
            continue  # the deck's name on the ace and on the lid, in one font: said once
        said.add((key, font, missing))
        chars = ", ".join(repr(ch) for ch in missing)
        one = len(missing) == 1
        what = ("it would print as an empty box", "it") if one else ("they would print as empty boxes", "them")
        warn(BuildWarning(f"{design.source}: {key}: the font {as_written(font, design.base_dir)} has no glyph for "
                      f"{chars}; {what[0]} "
                      f"(set `{font_key}` to a font that has {what[1]})"))


def _draw_in_memory(design: Design, backs: bool = True, lid: bool = True) -> None:
    """Draw the backs and the lid without saving them; their warnings are left to the real steps."""
    from deckgen.render.backs import render_back  # renderer: loaded where used
    from deckgen.render.tin import render_lid  # renderer: loaded where used

    with collected_warnings():
        if backs:
            for which in range(1, len(design.backs) + 1):
                render_back(design, which, warn=False)
        if lid:
            render_lid(design)


def _check_examples(design: Design, extra: Path | None) -> None:
    """Recompute the booklet's worked examples with the deck's house rules, as the booklet will."""
    from deckgen.booklet.build import (
        check_chapter,
        checked_shipped,
        read_own_chapter,
        rules_path,
    )
    from deckgen.booklet.sources import load_source

    house = design.house_rules
    with house_rule_blame(design, repeat=False):  # examples left out are said once, by the booklet step
        # each shipped chapter is checked once in this process: the booklet step reuses these
        chapters = [checked_shipped(load_source(rules_path(g, None, design.config_file)), house).chapter
                    for g in design.booklet.games]
        if extra is not None:
            check_chapter(read_own_chapter(extra, house, chapters), house)


#: A shipped example refused by a house-rule value: "... (rules.knock_limit: expected ...) [file:line]".
_REFUSED_RULE = re.compile(r"\(rules\.(?P<key>\w+): (?P<message>expected [^)]*)\) \[(?P<file>.+):(?P<line>\d+)\]$")


@contextmanager
def house_rule_blame(design: Design, repeat: bool = True) -> Iterator[None]:
    """A house-rule value the engine refuses outright (`knock_limit = -5`: "expected a whole number
    of at least 0") is the deck's mistake: a ConfigError at its deck.toml key, not a notice pointing
    into deckgen's package. Examples left out for other reasons are warned about again after the
    block when `repeat`; otherwise they are dropped."""
    from deckgen.booklet.build import ExampleLeftOut

    kept: list[DeckgenWarning] = []

    def sort(warning: DeckgenWarning) -> None:
        match = _REFUSED_RULE.search(str(warning)) if isinstance(warning, ExampleLeftOut) else None
        if match is not None:  # said at once: the build stops here, before any picture is drawn
            key = match["key"]
            for table, values in design.house_rules.items():
                if isinstance(values, dict) and key in values:
                    where = f"{Path(match['file']).name}:{match['line']} cannot be worked out with it"
                    raise ConfigError(design.source, f"house_rules.{table}.{key}",
                                      f"{match['message']} (the worked example at {where})")
        kept.append(warning)

    with warnings_to(sort):
        yield
    for warning in kept:
        if repeat or not isinstance(warning, ExampleLeftOut):
            warn(warning)


# ----------------------------------------------------------------------------- a step beside the others
#
# The booklet reads no file another step writes (it draws its own small card pictures), and the
# other steps read nothing it writes, so on a machine with two cores it runs in a child process
# while the faces and print files are made: the build takes as long as the longer of the two,
# not their sum. The child writes into the same staging folder; its paths, its warnings and its
# error (if any) come back through a pipe. It dies with its parent (a killed build leaves no
# process behind that would go on writing or hold the output folder's lock).

#: Steps that may run in a child process beside the others.
INDEPENDENT_STEPS = ("booklet",)


class StepInChild:
    """A build step running in a forked child process (deckgen.forked); `result()` waits for it,
    re-raises its error in this process and re-issues its warnings here."""

    def __init__(self, function: StepFunction, design: Design, out_dir: Path, date: PdfDate,
                 cores: int | None = None) -> None:
        from deckgen.forked import Forked

        out_dir = Path(out_dir)
        self._job = Forked(lambda: [Path(p) for p in function(design, out_dir, lambda _item: None, date=date, cores=cores)],
                           "the booklet's process")

    def result(self) -> list[Path]:
        return list(self._job.result())

    def stop(self) -> None:
        """End the child (the build failed elsewhere): nothing it wrote is kept."""
        self._job.stop()


def can_run_beside(label: str, todo: list[str], cores: int | None = None) -> bool:
    """Whether a step goes to a child process: it is independent, something else runs meanwhile,
    the build may use a second core (`cores`: None is every core of the machine), there is one, and
    processes can be forked here."""
    from deckgen.forked import can_fork

    return label in INDEPENDENT_STEPS and len(todo) > 1 and (cores is None or cores > 1) and can_fork()
