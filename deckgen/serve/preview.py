"""The deck drawn at screen resolution, kept up to date part by part.

`Preview.refresh()` reads deck.toml as the build does, resolves the design, and
compares each part's inputs (a face's photo, crop, caption and inks; a back's
resolved design; the lid's) with what the last preview was drawn from; only the
parts whose inputs changed are drawn again (one court when its photo is saved,
the backs when [back] changes). A photo's inputs include its file's modification
time and size, so an edited photo counts as changed. When deck.toml cannot be
read, or a part cannot be drawn, the one-line message the command line would print
is kept in `error` and the last good pictures stay.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PIL import Image

from deckgen.cards import Card
from deckgen.config import DeckConfig, load_config
from deckgen.design import Design, PhotoRef
from deckgen.errors import DeckgenError, collected_warnings, said_once
from deckgen.reads import back_files, back_reads, box_files, box_reads, face_files, face_reads, lid_files, lid_reads
from deckgen.resolve import resolve_design
from deckgen.serve.facecache import FaceCache, face_photos, shows_photo

#: Screen resolution of the preview: a 59 x 91 mm card with bleed is 256 x 382 px.
PREVIEW_DPI = 100
#: How often a long refresh shows what it has drawn so far, in seconds.
PROGRESS_S = 0.4


@dataclass
class Part:
    """One picture of the preview: a face, a back or the lid."""

    key: str  # "KH", "JK1", "back", "back2", "lid" or "box"
    kind: str  # "face", "back", "lid" (the tin's) or "box" (a tuck box's net)
    label: str
    signature: str = ""
    version: int = 0
    png: bytes = b""
    size: tuple[int, int] = (0, 0)
    warnings: list[str] = field(default_factory=list)
    photo: bool = False  # a face that can carry a photo (a court or a joker)


def _stamp(path: Path | None) -> tuple[int, int] | None:
    """A file's (modification time, size): part of a picture's inputs, so an edit counts."""
    if path is None:
        return None
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


def face_signature(design: Design, card: Card) -> str:
    """What a face is drawn from (`reads.face_reads`, as the build keys it) and its files' stamps."""
    return repr([face_reads(design, card), [_stamp(p) for p in face_files(design, card)]])


def back_signature(design: Design, which: int) -> str:
    return repr([back_reads(design, which), [_stamp(p) for p in back_files(design, which)]])


def lid_signature(design: Design) -> str:
    """The lid's design and files, and whether the cards go in the tin (said beside the lid)."""
    return repr([lid_reads(design), [_stamp(p) for p in lid_files(design)]])


def render_tin_lid(design: Design) -> Image.Image:
    """The tin's lid, with the build's warning when the deck's cards do not go in the tin."""
    from deckgen.render.tin import render_lid
    from deckgen.render.tuckbox import check_box  # the build's own check: cards the tin cannot hold

    check_box(design)
    return render_lid(design)


def box_signature(design: Design) -> str:
    return repr([box_reads(design), [_stamp(p) for p in box_files(design)]])


def render_box_net(design: Design) -> Image.Image:
    """The tuck box's net with its cut and fold lines, as `deckgen build` previews it in box/tuck-box.png."""
    from deckgen.render.tuckbox import draw_net_lines, render_tuck_art, tuck_net  # the build's own look at the net

    net = tuck_net(design)
    return draw_net_lines(net, render_tuck_art(design, net, dpi=design.lid.dpi), design.lid.dpi)


def booklet_signature(design: Design) -> str:
    """Everything the booklet reads: its games, title, dedication and own chapter, the theme's
    booklet colours and fonts, the house rules, the deck's name, the card's shape (its pictures of
    cards take the deck's proportions and corners), the index (the cards' names under them follow
    its letters), and the rules files' stamps."""
    from deckgen.booklet.build import rules_path  # late: the booklet's modules load only to draw the booklet

    files: list[Path | None] = [design.booklet.extra_rules]
    for game in design.booklet.games:
        try:
            files.append(rules_path(game, None, design.config_file))
        except DeckgenError:
            files.append(None)  # an unknown game: the booklet build says so
    shape = (design.card.width_mm, design.card.height_mm, design.card.corner_radius_mm)
    return repr([design.booklet, design.house_rules, design.name, shape, design.faces.index,
                 [_stamp(p) for p in files]])


@dataclass
class BookletPages:
    """The pocket booklet's pages at screen resolution, from the last booklet that built."""

    pages: list[tuple[bytes, tuple[int, int]]] = field(default_factory=list)
    version: int = 0
    signature: str = ""  # the inputs of the last attempt, good or not: a failure is not retried
    error: str | None = None
    busy: bool = False
    last_build_s: float = 0.0


#: pdfium is not thread-safe: one document at a time in this process.
_PDFIUM = threading.Lock()


def pdf_pages_png(pdf: bytes, dpi: int = PREVIEW_DPI) -> list[tuple[bytes, tuple[int, int]]]:
    """Each page of a PDF drawn at `dpi`, as PNG bytes and pixel size."""
    import pypdfium2 as pdfium  # late: only the booklet's pages are drawn from a PDF

    images = []
    with _PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            for page in document:
                bitmap = page.render(scale=dpi / 72)
                images.append(bitmap.to_pil().copy())
                bitmap.close()
                page.close()
        finally:
            document.close()
    return [(png_bytes(image), image.size) for image in images]


def at_preview_dpi(design: Design, dpi: int = PREVIEW_DPI) -> Design:
    """The same design drawn small: cards and lid at `dpi`."""
    return replace(design.at_dpi(dpi), lid=replace(design.lid, dpi=dpi))


def png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)  # screen pictures: fast beats small
    return out.getvalue()


def unexpected(exc: BaseException) -> str:
    """The command line's one line for deckgen's own bug."""
    first = (str(exc).strip().splitlines() or [""])[0]
    return (f"deckgen failed unexpectedly ({type(exc).__name__}: {first}). This is a bug in deckgen, not in your "
            "deck; run `deckgen build` with DECKGEN_DEBUG=1 to see the details for a bug report")


class Preview:
    """The preview of one deck folder; `refresh()` is safe to call from any thread.

    `booklet=False`: the pocket booklet is never built (no child process, its state stays empty), for
    a caller that shows only the cards, the backs and the lid; `deckgen serve` always builds it."""

    def __init__(self, deck_dir: Path, dpi: int = PREVIEW_DPI, booklet: bool = True) -> None:
        self.deck_dir = Path(deck_dir).resolve()
        self.config = self.deck_dir / "deck.toml"
        self.dpi = dpi
        self.parts: dict[str, Part] = {}
        self.error: str | None = None
        self.name = ""
        self.deck: DeckConfig | None = None  # the last deck.toml that read cleanly
        self.design: Design | None = None
        self.generation = 0  # goes up whenever anything the page shows changes
        self.last_refresh_s = 0.0
        self._lock = threading.Lock()
        self.booklet = BookletPages()
        self._booklet_wanted = ""  # the booklet inputs of the last deck.toml that read cleanly
        self._booklet_lock = threading.Lock()
        self._booklet_dir = (tempfile.TemporaryDirectory(prefix="deckgen-serve-booklet-", ignore_cleanup_errors=True)
                             if booklet else None)
        self._booklet_child: subprocess.Popen[str] | None = None
        self._closed = False
        self._looker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="preview-faces")
        self._face_cache: FaceCache | None = None
        #: Called (from the drawing thread) every PROGRESS_S while a long refresh draws, so the page
        #: fills in as the faces are drawn instead of all at once.
        self.on_progress: Callable[[], None] | None = None

    def shown(self, message: str) -> str:
        """A message as the command line run in the deck folder prints it: paths relative to it."""
        return message.replace(f"{self.deck_dir}{os.sep}", "")

    def refresh(self) -> list[str]:
        """Read deck.toml again and draw the parts whose inputs changed; returns their keys."""
        with self._lock:
            started = time.perf_counter()
            changed = self._refresh()
            self.last_refresh_s = time.perf_counter() - started
            return changed

    def _refresh(self) -> list[str]:
        before = self.error
        try:
            deck = load_config(self.config)
            design = resolve_design(deck)
            photos = face_photos(design)
            looking = self._look_ahead(design, photos)  # begun before the renderers are imported
            small = at_preview_dpi(design, self.dpi)
            wanted = self._wanted(design)
        except DeckgenError as exc:
            self.error = self.shown(str(exc))
            if self.error != before:
                self.generation += 1
            return []
        except RecursionError:
            self.error = "deck.toml: is nested too deeply to read (tables or lists inside each other)"
            self.generation += 1
            return []
        except Exception as exc:  # deckgen's own bug: said in one line, as the CLI does; the server goes on
            self.error = unexpected(exc)
            self.generation += 1
            return []
        self.deck, self.design, self.name = deck, design, design.name
        changed: list[str] = []
        error = None
        shown_at = time.perf_counter()
        # a part the deck no longer has (a card the profile dropped, the lid of a deck now in a tuck box) goes
        # first: a progress report during the drawing below must never show it beside its replacement
        for key in [k for k in self.parts if k not in wanted]:
            del self.parts[key]
            changed.append(key)
        for key, (kind, label, signature, draw, photo) in wanted.items():
            if self._closed:  # the server is stopping: it must not wait for the rest of the deck to be drawn
                return changed
            part = self.parts.get(key) or Part(key, kind, label, photo=photo)
            part.label, part.photo = label, photo
            if part.signature != signature:
                try:
                    if key in looking:
                        wait([looking[key]])  # its photo's faces found (a failure is said by draw itself)
                    with collected_warnings() as said:  # this thread's own: the collector is per thread
                        image = draw(small)
                except DeckgenError as exc:  # a damaged photo, a text too long: the old picture stays
                    error = error or self.shown(str(exc))
                    self.parts[key] = part
                    continue
                except Exception as exc:  # deckgen's own bug: the old picture stays, the server goes on
                    error = error or unexpected(exc)
                    self.parts[key] = part
                    continue
                part.png, part.size = png_bytes(image), image.size
                part.signature = signature
                part.version += 1
                part.warnings = [self.shown(message) for message in said_once(said)]
                changed.append(key)
            self.parts[key] = part
            if self.on_progress is not None and time.perf_counter() - shown_at > PROGRESS_S:
                self.generation += 1
                self.on_progress()
                shown_at = time.perf_counter()
        self.parts = {key: self.parts[key] for key in wanted}
        self.error = error
        if changed or self.error != before:
            self.generation += 1
        if self.booklet.version == 0 and not self.booklet.busy and self.on_progress is not None:
            self.on_progress()  # the first preview: the page has every picture before the booklet's imports
        if self._face_cache is not None:
            self._face_cache.keep(photos)
        self._want_booklet(design)  # after the pictures: its child process would slow the first preview
        return changed

    def _look_ahead(self, design: Design, photos: list[PhotoRef]) -> dict[str, Future[Any]]:
        """Start finding the faces in the photos of the faces about to be drawn, in a thread beside
        the drawing (the detector and the JPEG decoder let go of the interpreter), so that on two
        cores the renderers load and the pip cards are drawn while the courts' photos are looked at.
        The first time, the faces the last run found are taken first (`facecache`). Returns, by part
        key, what the drawing of that part must wait for."""
        from deckgen.render.photos import detect_faces  # late: loads in this thread, beside the looks (see above)

        if self._face_cache is None:  # the first preview: the faces found by the last run, where still true
            self._face_cache = FaceCache(self.deck_dir)
            self._face_cache.remember(photos)
        by_photo: dict[Any, Future[Any]] = {}
        waits: dict[str, Future[Any]] = {}
        for card in design.profile.unique_cards():
            part = self.parts.get(card.code)
            ref = design.faces.art(card).photo if shows_photo(card) else None
            if ref is None or (part is not None and part.signature == face_signature(design, card)):
                continue
            if ref not in by_photo:
                by_photo[ref] = self._looker.submit(detect_faces, ref)
            waits[card.code] = by_photo[ref]
        return waits

    # ------------------------------------------------------------------ the booklet

    def _want_booklet(self, design: Design) -> None:
        """Start the booklet in the background when what it reads changed (one build at a time;
        a change made while it builds is built after it)."""
        if self._booklet_dir is None:  # made with booklet=False: no booklet is built
            return
        try:
            self._booklet_wanted = booklet_signature(design)
        except Exception:  # an unreadable rules file: the booklet build says it in its own words
            self._booklet_wanted = repr(time.time())
        with self._booklet_lock:
            if self._closed or self.booklet.busy or self._booklet_wanted == self.booklet.signature:
                return
            self.booklet.busy = True
        threading.Thread(target=self._booklet_loop, name="booklet-preview", daemon=True).start()

    def _booklet_loop(self) -> None:
        while True:
            wanted = self._booklet_wanted
            self._build_booklet(wanted)
            with self._booklet_lock:
                finished = self._booklet_wanted in (self.booklet.signature, wanted)
                if finished:
                    self.booklet.busy = False
            if self._closed:
                break
            self.generation += 1
            if self.on_progress is not None:
                self.on_progress()
            if finished:
                break

    def close(self) -> None:
        """Stop a booklet being built and remove its work folder (the server is stopping)."""
        with self._booklet_lock:
            self._closed = True
            child = self._booklet_child
        if child is not None and child.poll() is None:
            child.kill()
            child.wait()
        self._looker.shutdown(wait=False, cancel_futures=True)
        if self._booklet_dir is not None:
            self._booklet_dir.cleanup()

    def _build_booklet(self, wanted: str) -> None:
        """Build the pocket booklet as `deckgen booklet` does, in a child process, and draw its pages;
        on an error the last good pages stay and the error is the command line's one line."""
        assert self._booklet_dir is not None  # _want_booklet starts a build only for a preview that builds it
        started = time.perf_counter()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in [str(Path(__file__).resolve().parents[2]), env.get("PYTHONPATH", "")] if p)
        try:
            with self._booklet_lock:
                if self._closed:
                    return
                child = self._booklet_child = subprocess.Popen(
                    [sys.executable, "-m", "deckgen.serve.bookletjob", str(self.deck_dir), self._booklet_dir.name],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            stdout, stderr = child.communicate()
            if self._closed:
                return
            lines = [line for line in stdout.splitlines() if line.startswith("{")]
            result = json.loads(lines[-1]) if lines else {"error": (stderr.strip().splitlines() or ["(no message)"])[-1]}
            if "pdf" in result:
                pages = pdf_pages_png(Path(result["pdf"]).read_bytes(), self.dpi)
                self.booklet.pages, self.booklet.error = pages, None
                self.booklet.version += 1
                self.booklet.signature = result["signature"]
            else:
                self.booklet.error = self.shown(result["error"])
                self.booklet.signature = wanted
        except Exception as exc:  # the server goes on; the last good pages stay
            self.booklet.error = unexpected(exc)
            self.booklet.signature = wanted
        self.booklet.last_build_s = time.perf_counter() - started

    def _wanted(self, design: Design) -> dict[str, tuple[str, str, str, Any, bool]]:
        """Each part the deck shows: key -> (kind, label, signature, draw(small deck), photo-able)."""
        # late: the renderers load in the first preview's thread, while the web libraries load (server.serve)
        from deckgen.render.backs import render_back
        from deckgen.render.faces import render_face

        wanted: dict[str, tuple[str, str, str, Any, bool]] = {}
        for card in design.profile.unique_cards():
            wanted[card.code] = ("face", card.code, face_signature(design, card),
                                 lambda d, c=card: render_face(d, c), shows_photo(card))
        for which in (1, 2) if design.two_backs else (1,):
            key = "back" if which == 1 else "back2"
            wanted[key] = ("back", "back" if which == 1 else "second back", back_signature(design, which),
                           lambda d, w=which: render_back(d, w), False)
        if design.box.kind == "tuck":  # the deck goes in a printed box, not the tin: its net instead of the lid
            wanted["box"] = ("box", "tuck box", box_signature(design), render_box_net, False)
        else:
            wanted["lid"] = ("lid", "tin lid", lid_signature(design), render_tin_lid, False)
        return wanted

    def state(self) -> dict[str, Any]:
        """What the page needs to show: every part's version and size, the error, the deck's name."""
        return {
            "generation": self.generation,
            "name": self.name,
            "error": self.error,
            "parts": [
                {"key": p.key, "kind": p.kind, "label": p.label, "version": p.version, "width": p.size[0],
                 "height": p.size[1], "warnings": p.warnings, "photo": p.photo}
                for p in list(self.parts.values())  # a copy: the drawing thread may be adding parts
            ],
            "booklet": {
                "version": self.booklet.version, "error": self.booklet.error, "busy": self.booklet.busy,
                "pages": [{"page": i, "width": size[0], "height": size[1]}
                          for i, (_png, size) in enumerate(list(self.booklet.pages), start=1)],
            },
        }
