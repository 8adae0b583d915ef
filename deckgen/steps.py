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

import errno
import hashlib
import hmac
import importlib
import itertools
import os
import re
import secrets
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TextIO
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from deckgen.design import Design, FontRef, PhotoRef
from deckgen.errors import BuildWarning, ConfigError, DeckgenWarning, UserError, collected_warnings, warn, warnings_to
from deckgen.fileio import shown_path, write_bytes_atomic
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
        from deckgen.reference import check_reference  # the engine's figures: loaded when a deck has such cards

        check_reference(design)  # a house rule the engine refuses, a card too small for its words
    if booklet:
        from deckgen.booklet.build import extra_rules_file  # the booklet's modules: loaded where used

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
    from deckgen.render.fonts import missing_glyphs, user_texts  # renderer: loaded where used

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
    from deckgen.booklet.build import check_chapter, checked_shipped, read_own_chapter, rules_path
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


# ----------------------------------------------------------------------------- staging, commit, lock
#
# A build never writes into the output folder directly. It writes into a staging folder
# inside it (output/.staging-<pid>-<n>/) that starts as a copy of the output made of hard
# links, so a step sees the previous build's files (the cache, the faces the print files
# are made from) exactly where it expects them, and replaces them by writing a new file
# under the same name (fileio writes a temporary file and renames it, which breaks the
# link: the output's own copy is untouched). Only when every step has succeeded is the
# staging folder committed: its list of files is written to a manifest, then each new or
# changed file is renamed into the output folder and each file the build removed is
# deleted there. A kill during the commit leaves the manifest, and the next build finishes
# the commit before it starts; a kill or failure at any earlier moment leaves the output
# folder exactly as the last good build left it, and the next build deletes the staging
# folder. An incremental build can keep a record of each output's inputs beside it
# (a file under output/.cache, staged and committed with everything else).

STAGING_PREFIX = ".staging-"
MANIFEST = ".commit-manifest"
PID_FILE = ".deckgen-build"
#: Seconds a second build into the same folder waits for the first before it gives up.
LOCK_WAIT_SECONDS = float(os.environ.get("DECKGEN_LOCK_WAIT", "60"))
_counter = itertools.count()


def _is_leftover(name: str) -> bool:
    """A file or folder only an interrupted build leaves: never part of a finished build."""
    return name.startswith(STAGING_PREFIX) or (name.startswith(".") and name.endswith(".tmp")) or name.startswith(".faces-")


def _walk_files(root: Path) -> Iterator[Path]:
    """Every regular file under root (relative), not following links, skipping build leftovers
    and the lock's process file."""
    stack = [Path(".")]
    while stack:
        rel = stack.pop()
        try:
            entries = sorted(os.scandir(root / rel), key=lambda e: e.name)
        except (FileNotFoundError, NotADirectoryError):
            continue
        for entry in entries:
            if _is_leftover(entry.name) or (rel == Path(".") and entry.name in (PID_FILE, MANIFEST)):
                continue
            if entry.is_dir(follow_symlinks=False):
                stack.append(rel / entry.name)
            elif entry.is_file(follow_symlinks=False):
                yield rel / entry.name


def _snapshot(out: Path, stage: Path) -> None:
    """Make `stage` hold the same files as `out`, as hard links (copies where links fail)."""
    stage.mkdir()
    for rel in _walk_files(out):
        target = stage / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(out / rel, target, follow_symlinks=False)
        except OSError:
            shutil.copy2(out / rel, target, follow_symlinks=False)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _real_dir(out: Path, rel: Path) -> None:
    """Make out/rel a real folder: a link or a file in its way (inside the output) is removed
    first, so a commit never writes through a link a deck folder shipped."""
    current = out
    for part in rel.parts:
        current = current / part
        if current.is_symlink() or (current.exists() and not current.is_dir()):
            current.unlink()
        if not current.exists():
            current.mkdir()


# ----------------------------------------------------------------------------- the manifest, signed
#
# Nothing in an output folder is trusted as an instruction: a deck folder a shop receives may
# ship an output/ of its own. A commit's manifest is signed (HMAC-SHA256) with a key kept outside
# every deck folder, in this user's state folder, and the signature covers the output folder's
# real path and the staging folder's name: only a manifest a deckgen build of this user wrote for
# this very folder is replayed. Every path it names must be a plain relative path whose every
# component, in the staging folder, is a real folder or (the last) a regular file, never a link.
# Staging that fails any of this is thrown away, not replayed.

MANIFEST_HEADER = "deckgen-commit 1"
_KEY_BYTES = 32
_key_cache: list[bytes | None] = []


def _key_path() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "deckgen" / "commit.key"


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
            return None
        key = os.read(fd, 4 * _KEY_BYTES)
    finally:
        os.close(fd)
    return key if len(key) >= _KEY_BYTES else None


def commit_key() -> bytes | None:
    """This user's key for signing commit manifests (made once, readable by this user only), or
    None where none can be kept: then an interrupted commit is thrown away, never replayed."""
    if _key_cache:
        return _key_cache[0]
    path = _key_path()
    key = _read_key(path)
    if key is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd, tmp = tempfile.mkstemp(prefix=".commit.key.", dir=path.parent)
            try:
                os.write(fd, secrets.token_bytes(_KEY_BYTES))
                os.fsync(fd)
            finally:
                os.close(fd)
            try:
                os.link(tmp, path)  # the first process to make the key wins; the others read it
            except FileExistsError:
                pass
            finally:
                os.unlink(tmp)
        except OSError:
            pass
        key = _read_key(path)
    _key_cache[:] = [key]
    return key


def _signature(key: bytes, out: Path, stage: Path, body: bytes) -> str:
    message = b"\0".join((MANIFEST_HEADER.encode(), os.fsencode(os.path.realpath(out)), os.fsencode(stage.name), body))
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _manifest_bytes(out: Path, stage: Path, files: Sequence[Path]) -> bytes:
    body = "".join(f"{rel.as_posix()}\n" for rel in files).encode("utf-8")
    key = commit_key()
    signature = _signature(key, out, stage, body) if key is not None else "unsigned"
    return f"{MANIFEST_HEADER}\n{signature}\n".encode() + body


def _plain_rel(line: str) -> Path | None:
    """The relative path a manifest line names, or None unless it is plain: relative, no '.', '..'
    or empty component, not a build leftover or the lock's process file."""
    if not line or "\0" in line or line.startswith("/"):
        return None
    parts = line.split("/")
    if any(part in ("", ".", "..") or _is_leftover(part) for part in parts) or parts[0] in (PID_FILE, MANIFEST):
        return None
    return Path(*parts)


def _regular_inside(root: Path, rel: Path) -> bool:
    """Whether root/rel is a regular file reached through real folders only: no component is a link."""
    current = root
    for i, part in enumerate(rel.parts):
        current = current / part
        try:
            mode = os.lstat(current).st_mode
        except OSError:
            return False
        last = i == len(rel.parts) - 1
        if not (stat.S_ISREG(mode) if last else stat.S_ISDIR(mode)):
            return False
    return True


def trusted_manifest(out: Path, stage: Path) -> list[Path] | None:
    """The files an interrupted commit of `stage` was moving into `out`, when its manifest is one a
    build of this user wrote for this folder and every path in it is plain; else None."""
    key = commit_key()
    if key is None:
        return None
    try:
        fd = os.open(stage / MANIFEST, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(MAX_MANIFEST_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_MANIFEST_BYTES:
        return None
    header, _, rest = data.partition(b"\n")
    signature, _, body = rest.partition(b"\n")
    if header.decode("ascii", "replace") != MANIFEST_HEADER:
        return None
    if not hmac.compare_digest(signature, _signature(key, out, stage, body).encode()):
        return None
    try:
        lines = body.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        return None
    files = [_plain_rel(line) for line in lines if line]
    if any(rel is None for rel in files):
        return None
    return [rel for rel in files if rel is not None]


#: A manifest longer than this was not written by a build (a deck of cards is a few hundred files).
MAX_MANIFEST_BYTES = 16 << 20


def _commit(out: Path, stage: Path, wanted: list[Path] | None = None) -> None:
    """Make the output folder hold exactly the staged files. Safe to run again after a kill.
    `wanted`: the files of a manifest already written and checked (a commit being finished)."""
    if wanted is None:
        wanted = sorted(_walk_files(stage), key=str)
        write_bytes_atomic(stage / MANIFEST, _manifest_bytes(out, stage, wanted))
        _fsync_dir(stage)
    touched: set[Path] = set()
    for rel in wanted:
        source, target = stage / rel, out / rel
        if not os.path.lexists(source):
            continue  # moved by the commit that was interrupted
        if not _regular_inside(stage, rel):
            continue  # never a link, never through one: only a regular file the build wrote moves
        if os.path.lexists(target) and not target.is_symlink() and os.path.samefile(source, target):
            continue  # unchanged: the staged file is the output's own, linked
        _real_dir(out, rel.parent)
        if target.is_symlink() or target.is_dir():
            shutil.rmtree(target) if target.is_dir() and not target.is_symlink() else target.unlink()
        os.replace(source, target)
        touched.add(target.parent)
    keep = set(wanted)
    for rel in list(_walk_files(out)):
        if rel not in keep:
            (out / rel).unlink()
            touched.add((out / rel).parent)
    _remove_leftovers(out, keep_stage=None)
    for folder in touched:
        _fsync_dir(folder)
    _remove_empty_dirs(out, {rel.parent for rel in wanted})


def _remove_empty_dirs(out: Path, keep: set[Path]) -> None:
    """Folders an earlier build made that now hold nothing (a stale cache of an older design)."""
    for folder, dirs, files in os.walk(out, topdown=False):
        rel = Path(folder).relative_to(out)
        if rel == Path(".") or any(part.startswith(STAGING_PREFIX) for part in rel.parts):
            continue
        if not dirs and not files and not any(rel == k or rel in k.parents for k in keep):
            try:
                os.rmdir(folder)
            except OSError:
                pass


def _remove_leftovers(out: Path, keep_stage: Path | None) -> None:
    """Delete what interrupted builds left: staging folders, temporary files, face folders,
    links the output folder must not hold."""
    for folder, dirs, files in os.walk(out):
        here = Path(folder)
        for name in list(dirs):
            path = here / name
            if path == keep_stage:
                dirs.remove(name)
            elif _is_leftover(name):
                if path.is_symlink():  # a link with a leftover's name: the link goes, never what it names
                    path.unlink(missing_ok=True)
                else:
                    shutil.rmtree(path, ignore_errors=True)
                dirs.remove(name)
        for name in files:
            if name.startswith(".") and name.endswith(".tmp"):
                try:
                    (here / name).unlink()
                except OSError:
                    pass


def recover(out: Path) -> None:
    """Finish a commit a kill interrupted, when this user's build signed its manifest for this folder
    (see trusted_manifest), then remove every leftover of an interrupted build. Staging that is a
    link, or whose manifest is missing, unsigned, signed for another folder or names a path that is
    not plain, is thrown away unread."""
    out = Path(out)
    for stage in sorted(out.glob(STAGING_PREFIX + "*")):
        if stage.is_symlink() or not stage.is_dir():
            continue
        wanted = trusted_manifest(out, stage)
        if wanted is not None:
            _commit(out, stage, wanted)  # every step had succeeded: the build is finished, not undone
    _remove_leftovers(Path(out), keep_stage=None)  # a killed build's process file is overwritten by the lock


class BuildBusy(UserError):
    """Another deckgen process is building into the same output folder."""


@contextmanager
def output_lock(out: Path, wait: float | None = None, made: Sequence[Path] = ()) -> Iterator[None]:
    """One build at a time per output folder: an exclusive lock on the folder itself.

    A second build waits for the first (saying so) up to `wait` seconds, then stops with
    a one-line error naming the process that holds the folder. The lock goes with the
    process: a killed build never leaves the folder locked. `made`: the folders this build
    made (the output folder and parents it needed, deepest first); if the build fails they
    are removed again, each only while empty, before the lock is let go, and a build that
    was waiting for the folder makes it anew instead of writing into a folder no longer there.
    """
    import fcntl  # here, not at the top: Unix only, and only a build that writes takes the lock

    from deckgen.forked import held_locks

    wait = LOCK_WAIT_SECONDS if wait is None else wait
    fd = os.open(out, os.O_RDONLY)
    held_locks.add(fd)  # every child process closes its copy (deckgen.forked.child_start)
    try:
        deadline = time.monotonic() + wait
        said = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                if _same_folder(fd, out):
                    break
                # the build that held it failed and removed the folder it had made: make it again
                held_locks.discard(fd)
                os.close(fd)
                fd = -1
                made = [*itertools.takewhile(lambda f: not f.exists(), (out, *out.parents)), *made]
                try:
                    out.mkdir(parents=True, exist_ok=True)
                    fd = os.open(out, os.O_RDONLY)
                    held_locks.add(fd)
                except OSError as exc:
                    raise UserError(f"{out}: cannot write there ({exc.strerror or exc})") from None
                continue
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise
            holder = _holder(out)
            if holder == "a process" and time.monotonic() < deadline - wait + 1.0:
                time.sleep(0.05)  # the holder writes its process number just after it takes the lock
                continue
            if time.monotonic() >= deadline:
                raise BuildBusy(
                    f"{out}: another deckgen build ({holder}) is writing into this folder; wait for it to "
                    "finish, or build into another folder with --out"
                )
            if not said:
                print(f"waiting: another deckgen build ({holder}) is writing into {out}", file=sys.stderr)
                said = True
            time.sleep(0.1)
        try:
            _write_pid(out)
        except OSError as exc:
            raise UserError(f"{out}: cannot write there ({exc.strerror or exc})") from None
        try:
            yield
        finally:
            try:
                (out / PID_FILE).unlink()
            except FileNotFoundError:
                pass
    except BaseException:
        _remove_empty(made)  # before the lock is let go: a build waiting for the folder sees it gone
        raise
    finally:
        if fd >= 0:
            held_locks.discard(fd)
            os.close(fd)  # releases the lock


def _same_folder(fd: int, out: Path) -> bool:
    """Whether the folder opened as `fd` is still the one at `out` (not removed, not replaced)."""
    try:
        here = os.stat(out)
    except OSError:
        return False
    opened = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (opened.st_dev, opened.st_ino)


def _write_pid(out: Path) -> None:
    """This process's number in the lock's process file; a file or link of that name is replaced,
    never written through (an output folder may ship a link there)."""
    path = out / PID_FILE
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        os.write(fd, f"{os.getpid()}\n".encode())
    finally:
        os.close(fd)


def _holder(out: Path) -> str:
    try:
        fd = os.open(out / PID_FILE, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return "a process"
    try:
        pid = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return "a process"
    finally:
        os.close(fd)
    return f"process {pid}" if pid.isdigit() else "a process"


@dataclass(frozen=True)
class Staged:
    """A build in progress: steps write under `stage`; `out` is where the files will be."""

    out: Path
    stage: Path

    def real(self, path: Path) -> Path:
        """The output path of a file written in the staging folder (for messages and reports)."""
        try:
            return self.out / Path(path).relative_to(self.stage)
        except ValueError:
            return Path(path)

    def real_all(self, paths: list[Path]) -> list[Path]:
        return [self.real(p) for p in paths]


@contextmanager
def staged_build(out: Path, after_commit: Callable[[], None] | None = None) -> Iterator[Staged]:
    """Lock the output folder, finish or clear what an interrupted build left, and hand out a
    staging folder; commit it when the block succeeds, throw it away when it does not.
    `after_commit` runs once the commit is done, still under the lock (the incremental build's
    record of what is current is written there, never before the files it describes).

    Errors that name a file in the staging folder are reworded to name the real output file. A
    build that fails leaves no folder it made (the output folder and any parent it needed), as
    long as nothing else was put in it meanwhile; a folder that was there stays.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: cannot write there (Not a directory); --out names a folder")
    made = list(itertools.takewhile(lambda f: not f.exists(), (out, *out.parents)))  # deepest first
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot write there ({exc.strerror or exc})") from None
    with output_lock(out, made=made):
        recover(out)
        stage = out / f"{STAGING_PREFIX}{os.getpid()}-{next(_counter)}"
        staged = Staged(out, stage)
        try:
            _snapshot(out, stage)
            yield staged
        except BaseException as exc:
            shutil.rmtree(stage, ignore_errors=True)
            _reword(exc, staged)
            raise
        _commit(out, stage)
        shutil.rmtree(stage, ignore_errors=True)
        if after_commit is not None:
            after_commit()


def _remove_empty(folders: Sequence[Path]) -> None:
    """Remove the `folders` (deepest first) a failed build made, each only while it is empty."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:  # not empty (another build's files, or a file put there), or gone: left as it is
            return


def _reword(exc: BaseException, staged: Staged) -> None:
    """Name the real output file, never the staging one, in an error's message."""
    stage = str(staged.stage)
    if isinstance(exc, OSError) and exc.filename is not None:
        exc.filename = str(staged.real(Path(shown_path(exc.filename))))
    if exc.args and isinstance(exc.args[0], str) and stage in exc.args[0]:
        exc.args = (exc.args[0].replace(stage, str(staged.out)), *exc.args[1:])


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
