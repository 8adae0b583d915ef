"""Incremental builds: what each output of `deckgen build` was made from, and whether it is current.

An output is made by a *unit* of work: one card face (`face:KH`), the crop review, the backs,
the tin lid, the booklet, the print files. Each unit has a *key*: a hash of the parts of the
resolved design it reads, the content of every file it reads (photos, fonts, ICC profile,
shop preset, rules sources), the house rules and deckgen's own code. `unit_keys(design)` is a
plain function of the design and the files, so the live designer can ask "what changed" too.

The record (`output/.cache/build-record.json`) says, per unit, the key it was built with and
the size and modification time of each file it wrote, as the output folder held them after
the commit. The full record is written only after the staged build has been committed,
atomically, and carries a checksum of its own text; the record staged and committed with the
outputs holds only the units that were current (the rebuilt ones are missing from it). So it
never says an output is current when it is not:

- a build killed between the commit and the full record leaves a record without the units it
  rebuilt: they are rebuilt again (their files are also newer than any earlier stamp);
- a record that was edited, damaged or written by another version fails its checksum or its
  code stamp and is ignored: everything is rebuilt;
- an output edited or deleted by hand no longer matches its stamp: its unit is rebuilt.

File contents are hashed once and remembered by (size, modification time), so a build with
nothing changed reads no photo.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from deckgen import __version__
from deckgen.design import Design
from deckgen.reads import back_files, back_reads, box_files, box_reads, face_files, face_reads, lid_files, lid_reads
from deckgen.render.pdfdate import PdfDate, date_key

__all__ = ["RECORD", "BuildRecord", "IncrementalBuild", "interrupted", "canonical", "code_stamp", "design_files", "face_keys", "unit_keys", "units_of_step"]

#: Where the record lives, relative to the output folder.
RECORD = Path(".cache") / "build-record.json"
_FORMAT = 1

Stamp = tuple[int, int]  # (size, modification time in ns)


# ----------------------------------------------------------------------------- keys


def canonical(value: Any, base: Path | None = None) -> Any:
    """The design (or a part of it) as plain JSON data with a fixed order: the same design always
    gives the same text. Paths inside `base` (the deck folder) are written relative to it, so a
    deck folder moved or copied with its output stays current. Raises TypeError for a value it
    cannot spell out, rather than fall back on a repr that could hold a memory address."""
    return _canonical(value, base, {})


#: The canonical form of each dataclass and mapping already spelled out in one round of keys, by id,
#: with the value itself (held, so its id cannot be taken by another object while the memo lives).
Memo = dict[int, tuple[Any, Any]]


def _relative(path: Path, base: Path | None) -> str:
    if base is not None:
        try:
            return "./" + Path(path).relative_to(base).as_posix()
        except ValueError:
            pass
    return str(path)


def _canonical(value: Any, base: Path | None, memo: Memo) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, enum.Enum):
        return [type(value).__name__, _canonical(value.value, base, memo)]
    if isinstance(value, Path):
        return ["path", _relative(value, base)]
    if isinstance(value, (list, tuple)):
        return [_canonical(v, base, memo) for v in value]
    if isinstance(value, (set, frozenset)):
        return ["set", sorted(json.dumps(_canonical(v, base, memo), sort_keys=True) for v in value)]
    seen = memo.get(id(value))
    if seen is not None and seen[0] is value:
        return seen[1]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _canonical(getattr(value, f.name), base, memo) for f in dataclasses.fields(value)}
        out: Any = [type(value).__name__, fields]
    elif isinstance(value, Mapping):
        out = ["map", sorted([str(k), _canonical(v, base, memo)] for k, v in value.items())]
    else:
            raise TypeError(f"cannot spell out a {type(value).__name__} for a build key")
    memo[id(value)] = (value, out)  # the design is frozen: the same object spells out the same way
    return out


def _paths_in(value: Any) -> Iterable[Path]:
    """Every Path inside a (canonical) value."""
    if isinstance(value, list):
        if len(value) == 2 and value[0] == "path" and isinstance(value[1], str):
            yield Path(value[1])
            return
        for item in value:
            yield from _paths_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _paths_in(item)


def design_files(design: Design) -> list[Path]:
    """Every regular file the design names (photos, fonts, the ICC profile, extra rules, deck.toml),
    the shop preset when it is a file of the deck, and the rules sources of the booklet's games."""
    files = {p for p in _paths_in(canonical(design)) if p.is_file()}
    shop = design.base_dir / design.print.shop
    if shop.is_file():
        files.add(shop)
    from deckgen.resources import data_dir

    for game in design.booklet.games:
        source = data_dir("rules") / f"{game}.md"
        if source.is_file():
            files.add(source)
    return sorted(files)


def _digest(base: Path, *parts: Any, memo: Memo | None = None) -> str:
    """The key of `parts`; `memo` shares the spelling out of a design's parts among the keys of one round."""
    memo = {} if memo is None else memo
    text = json.dumps([_canonical(p, base, memo) for p in parts], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def code_stamp() -> str:
    """deckgen's version and the size and time of every file of its code and shipped data: an
    edited renderer or rules source makes every record stale."""
    from deckgen.resources import data_dir

    roots = [Path(__file__).resolve().parent]
    for name in ("rules", "templates"):
        try:
            roots.append(data_dir(name))
        except FileNotFoundError:
            pass
    h = hashlib.sha256(__version__.encode())
    for root in dict.fromkeys(roots):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                st = os.stat(os.path.join(folder, name))
                h.update(f"{os.path.join(folder, name)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


#: Content hashes this process already worked out, by (path, size, modification time): the print
#: step asks for the faces' keys again after the plan did, and must not read every photo twice.
_HASHED: dict[tuple[str, int, int], str] = {}


class FileHashes:
    """Content hashes of input files, remembered by (size, modification time) from the last record."""

    def __init__(self, known: Mapping[str, list[Any]] | None = None) -> None:
        self.known = dict(known or {})
        self.used: dict[str, list[Any]] = {}

    def __call__(self, path: Path) -> str:
        key = str(path)
        st = os.stat(path)
        old = self.known.get(key)
        seen = _HASHED.get((key, st.st_size, st.st_mtime_ns))
        if old and old[0] == st.st_size and old[1] == st.st_mtime_ns:
            digest = str(old[2])
        elif seen is not None:
            digest = seen
        else:
            h = hashlib.sha256()
            with open(path, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    h.update(block)
            digest = h.hexdigest()
        _HASHED[(key, st.st_size, st.st_mtime_ns)] = digest
        self.used[key] = [st.st_size, st.st_mtime_ns, digest]
        return digest


def _hashes_of(paths: Iterable[Path | None], hashes: FileHashes, base: Path) -> list[list[str]]:
    return [[_relative(p, base), hashes(p)] for p in sorted({p for p in paths if p is not None and p.is_file()})]


def _common_face(design: Design, hashes: FileHashes, code: str, memo: Memo) -> str:
    faces = design.faces
    return _digest(design.base_dir, code, design.name, design.source, design.card, design.profile, faces.ink,
                   faces.court_mode, faces.joker_mode, faces.fit, _hashes_of([faces.font], hashes, design.base_dir),
                   memo=memo)


def face_keys(design: Design, hashes: FileHashes | None = None, code: str | None = None,
              cards: Iterable[Any] | None = None, *, memo: Memo | None = None) -> dict[str, str]:
    """The key of each card's face, by card code: the design parts the face reads, its photo's bytes,
    deckgen's code. Anything made from one face alone (its print-file parts, its pictures) can be
    kept under this key. `cards` (the deck's own by default) may name cards the deck lacks (a
    booklet example dealing a 2 from a euchre deck)."""
    hashes = hashes or FileHashes()
    code = code or code_stamp()
    base = design.base_dir
    memo = {} if memo is None else memo
    return {card.code: _digest(base, code, face_reads(design, card), _hashes_of(face_files(design, card), hashes, base),
                               memo=memo)
            for card in (design.profile.unique_cards() if cards is None else cards)}


def unit_keys(design: Design, hashes: FileHashes | None = None, code: str | None = None,
              date: PdfDate | None = None) -> dict[str, str]:
    """The key of every unit of the build: `face:<code>` per card, `crop review`, `backs`,
    `tin lid`, `booklet`, `print files`. A key changes exactly when something its output is
    made from changed (the parts of the design it reads, the files, deckgen's code, the date of
    the units that write a PDF: the build's `date`, by default read here)."""
    hashes = hashes or FileHashes()
    code = code or code_stamp()
    base = design.base_dir
    memo: Memo = {}  # the design's parts are spelled out once for all the keys below

    def key(*parts: Any) -> str:
        return _digest(base, *parts, memo=memo)

    keys: dict[str, str] = {f"face:{c}": k for c, k in face_keys(design, hashes, code, memo=memo).items()}
    photo_cards = []
    for card in design.profile.unique_cards():
        art = design.faces.art(card)
        if art.photo is not None:
            photo_cards.append((card.code, art, _hashes_of([art.photo.path], hashes, base)))
    keys["crop review"] = key(_common_face(design, hashes, code, memo), design.faces.index, photo_cards)
    backs = range(1, len(design.backs) + 1)
    keys["backs"] = key(code, [back_reads(design, which) for which in backs],
                        _hashes_of([f for which in backs for f in back_files(design, which)], hashes, base))
    dated = date_key(date)  # the units that write a PDF carry SOURCE_DATE_EPOCH's date, when it is set
    keys["tin lid"] = key(code, lid_reads(design), _hashes_of(lid_files(design), hashes, base), *dated)
    keys["tuck box"] = key(code, box_reads(design), _hashes_of(box_files(design), hashes, base), *dated)
    everything = _hashes_of(design_files(design), hashes, base)  # paths spelled out absolute: a memo of its own
    faces_keys = sorted(v for k, v in keys.items() if k.startswith("face:"))
    whole = dataclasses.replace(design, config_file=None)  # where deck.toml is does not change a picture
    keys["booklet"] = key(code, whole, everything, faces_keys, *dated)
    # what the booklet's worked examples are checked from (the preflight skips them when it holds)
    extra = design.booklet.extra_rules
    keys[EXAMPLES] = key(code, design.booklet, design.house_rules, _hashes_of([extra], hashes, base))
    # a copy only digested, never drawn: without the booklet and house rules, which no print file shows
    unbooked = dataclasses.replace(whole, booklet=None, house_rules={})  # type: ignore[arg-type]
    # the score pads: their games and paper, the house rules they print, the theme's colours and fonts
    keys["score pads"] = key(code, design.name, design.pads, design.house_rules, design.booklet.colours,
                             design.booklet.title_font, *dated)
    # the reference cards are drawn in the faces' style from the engine's figures under the house rules
    keys["reference cards"] = key(code, design.name, design.source, design.card, design.faces.ink, design.reference,
                                  design.house_rules, _hashes_of([design.faces.font], hashes, base))
    keys["print files"] = key(code, unbooked, everything, faces_keys, keys["backs"], keys["tin lid"], keys["reference cards"], *dated)
    return keys


def booklet_layout_key(design: Design, rules_files: Iterable[Path] = (), date: PdfDate | None = None) -> str:
    """The booklet's key less the pixels of its card pictures: what its layout (every page, with its
    pictures named but not stored) is made from. A replaced photo leaves it as it is; the deck's
    files other than its photos, the rules sources (`rules_files` too), deckgen's code and a set
    SOURCE_DATE_EPOCH (the laid-out file carries its date: the build's `date`, by default read here)
    change it."""
    hashes, base = FileHashes(), design.base_dir
    photos = {Path(ref.path).resolve() for ref in _photo_refs(design)}
    files = [p for p in [*design_files(design), *rules_files] if Path(p).resolve() not in photos]
    whole = dataclasses.replace(design, config_file=None)
    return _digest(base, code_stamp(), "booklet layout", whole, _hashes_of(files, hashes, base), *date_key(date))


#: A unit with no file of its own: the booklet's worked examples, found right by the booklet step.
EXAMPLES = "booklet examples"


def units_of_step(label: str, keys: Mapping[str, str]) -> list[str]:
    """The units a build step makes (the faces step makes every face and the crop review; the booklet
    step the booklet and the check of its examples)."""
    if label == "faces":
        return [k for k in keys if k.startswith("face:")] + ["crop review"]
    if label == "booklet" and label in keys:
        return [label, EXAMPLES]
    return [label] if label in keys else []


# ----------------------------------------------------------------------------- the record


def _stamp(path: Path) -> list[int] | None:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


class BuildRecord:
    """What the last committed build made: per unit its key and the stamps of its files."""

    def __init__(self, out: Path, units: dict[str, dict[str, Any]] | None = None,
                 files: dict[str, list[Any]] | None = None, code: str = "") -> None:
        self.out = Path(out)
        self.units = units or {}
        self.files = files or {}
        self.code = code

    @classmethod
    def read(cls, out: Path, code: str) -> BuildRecord:
        """The record of `out`, or an empty one when it is missing, damaged, edited or from other code."""
        empty = cls(out, code=code)
        try:
            data = json.loads((Path(out) / RECORD).read_text(encoding="utf-8"))
            body, checksum = data["body"], data["checksum"]
            if checksum != _checksum(body) or body.get("format") != _FORMAT or body.get("code") != code:
                return empty
            units, files = body["units"], body["files"]
            if not isinstance(units, dict) or not isinstance(files, dict):
                return empty
            for unit in units.values():
                if not isinstance(unit.get("key"), str) or not isinstance(unit.get("outputs"), dict):
                    return empty
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return empty
        return cls(out, units, files, code)

    def current(self, unit: str, key: str) -> bool:
        """Built with this key, and every file it wrote is still the one the build left."""
        old = self.units.get(unit)
        if old is None or old["key"] != key:
            return False
        return all(_stamp(self.out / rel) == stamp for rel, stamp in old["outputs"].items())

    def write(self, keys: Mapping[str, str], outputs: Mapping[str, list[Path]], hashes: FileHashes) -> None:
        """Record, after the commit, each unit's key and the stamps its files now have in `out`.
        A unit whose file is missing is left out (it will be rebuilt)."""
        units: dict[str, dict[str, Any]] = {}
        for unit, paths in outputs.items():
            stamps = {}
            for path in paths:
                rel = Path(path).relative_to(self.out).as_posix() if Path(path).is_absolute() else Path(path).as_posix()
                stamps[rel] = _stamp(self.out / rel)
            if unit in keys and all(s is not None for s in stamps.values()):
                units[unit] = {"key": keys[unit], "outputs": stamps}
        body = {"format": _FORMAT, "code": self.code, "units": units, "files": hashes.used}
        text = json.dumps({"checksum": _checksum(body), "body": body}, sort_keys=True, indent=0)
        target = self.out / RECORD
        target.parent.mkdir(parents=True, exist_ok=True)
        from deckgen.fileio import write_bytes_atomic  # Pillow: not needed to find that nothing changed

        write_bytes_atomic(target, text.encode("utf-8"))
        self.units = units


def _checksum(body: Any) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


# ----------------------------------------------------------------------------- one build


class IncrementalBuild:
    """The plan of one `deckgen build`: which units are stale, and afterwards what to record.

    Made inside the staging lock (after an interrupted commit has been finished), so the record
    and the files it describes are the ones the build will start from. `date`: the build's (see `unit_keys`)."""

    def __init__(self, design: Design, out: Path, force: bool = False, date: PdfDate | None = None) -> None:
        self.out = Path(out)
        self.code = code_stamp()
        self.record = BuildRecord(self.out, code=self.code) if force else BuildRecord.read(self.out, self.code)
        self.hashes = FileHashes(self.record.files)
        self.keys = unit_keys(design, self.hashes, self.code, date)
        self.stale = {unit for unit, key in self.keys.items() if not self.record.current(unit, key)}
        self.outputs: dict[str, list[str]] = {}

    def all_current(self) -> bool:
        return not self.stale

    def current_files(self) -> int:
        """How many output files the record vouches for (for the closing line of a build that did nothing)."""
        return sum(len(unit["outputs"]) for name, unit in self.record.units.items() if name not in self.stale)

    def step_is_current(self, label: str) -> bool:
        return not any(unit in self.stale for unit in units_of_step(label, self.keys))

    def stale_faces(self) -> set[str]:
        return {unit.removeprefix("face:") for unit in self.stale if unit.startswith("face:")}

    def counts(self, label: str) -> tuple[int, int]:
        """(rebuilt, current) units of a step, for the closing lines."""
        units = [u for u in units_of_step(label, self.keys) if u not in ("crop review", EXAMPLES)]
        rebuilt = sum(1 for u in units if u in self.stale)
        return rebuilt, len(units) - rebuilt

    def made(self, unit: str, paths: Iterable[Path], stage: Path) -> None:
        """A unit was rebuilt in the staging folder: its files, relative to the output folder."""
        self.outputs[unit] = [Path(p).relative_to(stage).as_posix() for p in paths]
        if unit == "booklet":
            self.outputs[EXAMPLES] = []  # a booklet is only written once its examples are right

    def examples_checked(self) -> bool:
        """Whether the booklet's worked examples were found right by a build with the same inputs."""
        return EXAMPLES not in self.stale

    def _carried(self) -> dict[str, list[Path]]:
        return {unit: [Path(p) for p in self.record.units[unit]["outputs"]]
                for unit in self.keys if unit not in self.stale and unit in self.record.units}

    def stage_record(self, stage: Path) -> None:
        """Before the commit: a record in the staging folder that names only the units that were
        current, so a kill after the commit and before `commit()` cannot vouch for rebuilt files."""
        BuildRecord(Path(stage), code=self.code).write(self.keys, self._carried(), self.hashes)

    def commit(self) -> None:
        """Write the full record: call only once the staged build has been committed (under its lock)."""
        outputs = {**self._carried(), **{u: [Path(p) for p in ps] for u, ps in self.outputs.items()}}
        self.record.write(self.keys, outputs, self.hashes)


def interrupted(out: Path) -> bool:
    """Whether an interrupted build left anything in `out` (a staging folder, an unfinished commit,
    the process file of a build that may be running): then only a locked build may judge it."""
    try:
        names = os.listdir(out)
    except OSError:
        return True
    return any(name.startswith((".staging-", ".deckgen-build")) for name in names)


# ----------------------------------------------------------------------------- faces found in photos

#: The faces found in each photo, by the photo's content hash (finding them is most of a photo card's time).
FOUND = Path(".cache") / "faces-found.json"
#: The small copy of each photo the faces were found on (the crop review draws its tile from it), by the
#: photo's content hash: an unchanged photo is not decoded again when another one changed.
SMALL = Path(".cache") / "faces-found"


def _small_name(digest: str) -> str:
    return f"{digest[:32]}.png"


def _photo_refs(design: Design) -> list[Any]:
    refs = [design.faces.art(card).photo for card in design.profile.unique_cards()]
    return list(dict.fromkeys(ref for ref in refs if ref is not None and Path(ref.path).is_file()))


def recall_found_faces(design: Design, out: Path) -> int:
    """Before the faces step: tell the photo code the faces an earlier build found in photos whose
    bytes have not changed, so it does not look again (the crop review plans every photo). Returns
    how many photos were recalled. A damaged, edited or older-code file is ignored."""
    from deckgen.fileio import read_cached
    from deckgen.render.facefind import FaceBox
    from deckgen.render.photos import known_faces, remember_faces

    stamp = code_stamp()  # it walks the package: once here, not once a photo
    data = read_cached(Path(out) / FOUND, stamp)
    if data is None:
        return 0
    try:
        kept = json.loads(data.decode("utf-8"))
        recalled = 0
        hashes = FileHashes()
        for ref in _photo_refs(design):
            digest = hashes(Path(ref.path))
            entry = kept.get(digest)
            if entry is None or known_faces(ref) is not None:
                continue
            (w, h), boxes = entry
            remember_faces(ref, ((int(w), int(h)), tuple(FaceBox(*map(float, box)) for box in boxes)),
                           _recall_small(Path(out) / SMALL / _small_name(digest), stamp))
            recalled += 1
    except (ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError):
        return 0
    return recalled


def _recall_small(path: Path, stamp: str) -> Any:
    """The small copy kept at `path` (a lossless PNG: the very pixels the look kept) under the code
    `stamp`, or None."""
    import io

    from PIL import Image

    from deckgen.fileio import read_cached

    data = read_cached(path, stamp)
    if data is None:
        return None
    try:
        with Image.open(io.BytesIO(data), formats=("PNG",)) as im:
            im.load()
            return im.copy() if im.mode == "RGB" else None
    except (OSError, SyntaxError, ValueError):
        return None


def look_for_faces(design: Design, codes: set[str]) -> None:
    """Find the faces in the photos of the cards `codes` now, in this process, so a child process forked
    afterwards (the booklet, which draws those cards too) knows them and does not look again. A photo
    that cannot be read is left alone here: the preflight names it in its own words."""
    from deckgen.render.photos import detect_faces

    for card in design.profile.unique_cards():
        ref = design.faces.art(card).photo if card.code in codes else None
        if ref is not None and Path(ref.path).is_file():
            try:
                detect_faces(ref)
            except Exception:  # noqa: BLE001 - reported by the preflight, which runs next
                pass


def keep_found_faces(design: Design, out: Path) -> None:
    """After the faces step: keep the faces found in the deck's photos (those this process knows)."""
    from deckgen.fileio import read_cached, write_cached
    from deckgen.render.photos import known_faces, known_small

    target = Path(out) / FOUND
    stamp = code_stamp()  # it walks the package: once here, not once a photo
    try:
        old = json.loads((read_cached(target, stamp) or b"{}").decode("utf-8"))
        old = old if isinstance(old, dict) else {}
    except (ValueError, UnicodeDecodeError):
        old = {}
    hashes = FileHashes()
    kept: dict[str, Any] = {}
    smalls = Path(out) / SMALL
    for ref in _photo_refs(design):
        digest = hashes(Path(ref.path))
        found = known_faces(ref)
        if found is not None:
            size, boxes = found
            kept[digest] = [list(size), [[b.left, b.top, b.right, b.bottom] for b in boxes]]
            small = known_small(ref)
            if small is not None and read_cached(smalls / _small_name(digest), stamp) is None:
                import io

                buffer = io.BytesIO()
                small.save(buffer, format="PNG", compress_level=1)
                smalls.mkdir(parents=True, exist_ok=True)
                write_cached(smalls / _small_name(digest), buffer.getvalue(), stamp)
        elif digest in old:  # not looked at in this build: what an earlier one found still holds
            kept[digest] = old[digest]
    if kept:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_cached(target, json.dumps(kept, sort_keys=True).encode("utf-8"), stamp)
    if smalls.is_dir():  # the copies of photos no longer in the deck (or changed) go
        names = {_small_name(d) for d in kept}
        for path in smalls.iterdir():
            if path.name.removesuffix(".sha256") not in names:
                path.unlink(missing_ok=True)
