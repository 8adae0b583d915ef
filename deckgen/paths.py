"""The deck folder is the boundary: which files a deck may name, and where a build may write.

A shop builds folders its customers send. Every file deck.toml names (photos,
fonts, an ICC profile, a rules chapter) must, after following symbolic links,
lie inside the deck's folder or inside deckgen's own package, unless the person
running deckgen widens the boundary on purpose with `--allow-path DIR`. Only
regular files are read (never a FIFO, a device or a folder), each kind up to a
size limit (deckgen.limits.FILE_SIZE_LIMITS). The default output folder may not
be a symbolic link or lie outside those places; a folder given with `--out` is
the person's own choice and is used as given.
"""

from __future__ import annotations

import difflib
import errno
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from deckgen.errors import ConfigError, UserError
from deckgen.limits import FILE_SIZE_LIMITS
from deckgen.resources import _PACKAGE, data_dir

_KIND_WORDS = {
    "config": "a TOML",
    "image": "an image",
    "font": "a font",
    "icc": "an ICC profile",
    "rules": "a Markdown rules",
}


def package_roots() -> list[Path]:
    """deckgen's own files (bundled fonts, shipped rules and templates), resolved."""
    roots = [_PACKAGE]
    for name in ("rules", "templates", "assets"):
        try:
            roots.append(data_dir(name).resolve())
        except FileNotFoundError:
            continue
    return roots


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def as_written(path: Path | str, deck_dir: Path | None) -> str:
    """A file as a person wrote it in deck.toml: relative to the deck folder ('images/groom.jpg',
    '../shared/cat.jpg'), a bundled font or rules file by its name, anything else as given. Every
    message and warning that names a file of the deck says it this way.

    >>> as_written(Path("/decks/wed/images/groom.jpg"), Path("/decks/wed"))
    'images/groom.jpg'
    >>> as_written(Path("/decks/wed/../shared/cat.jpg"), Path("/decks/wed"))
    '../shared/cat.jpg'
    >>> as_written(Path("/elsewhere/cat.jpg"), Path("/decks/wed"))
    '/elsewhere/cat.jpg'
    """
    path = Path(path)
    if deck_dir is not None:
        try:
            return path.relative_to(deck_dir).as_posix()
        except ValueError:
            pass
    if path.is_absolute() and any(_inside(path, root) for root in package_roots()):
        return path.name
    return str(path)


#: How many names of a folder are looked through for a file that was not found (a cap for folders of
#: thousands of files: the suggestion is a kindness, not a search).
_LOOKED_AT = 5000


def _names(folder: Path) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            names: list[str] = []
            for entry in entries:
                if len(names) >= _LOOKED_AT:
                    break
                if entry.is_file():
                    names.append(entry.name)
    except OSError:
        return []
    return sorted(names)


def similar_file(path: Path, deck_dir: Path | None) -> Path | None:
    """The file a person most likely meant when `path` does not exist: the same name in another
    letter case, in its own folder, the deck folder or the deck's images/ folder (in that order), else
    a near miss of the name in its own folder or images/. Deterministic: names are compared sorted."""
    path = Path(path)
    folders = [path.parent]
    if deck_dir is not None:
        folders += [Path(deck_dir), Path(deck_dir) / "images"]
    listed: dict[Path, list[str]] = {}  # each folder's file names, listed once, in the order above
    for folder in folders:
        if folder not in listed and folder.is_dir():
            listed[folder] = _names(folder)
    wanted = path.name.casefold()
    for folder, names in listed.items():
        for name in names:
            if name.casefold() == wanted and folder / name != path:
                return folder / name
    seen = list(listed)
    near = seen[:1] + [f for f in seen[1:] if f.name == "images"]
    for folder in near:
        names = listed[folder]
        close = difflib.get_close_matches(wanted, [n.casefold() for n in names], n=1, cutoff=0.8)
        if close:
            return folder / next(n for n in names if n.casefold() == close[0])
    return None


def not_found(what: str, path: Path, deck_dir: Path | None) -> str:
    """'image file not found; did you mean "images/groom.jpg"?' (the hint when a file is near)."""
    other = similar_file(path, deck_dir)
    return f'{what} not found; did you mean "{as_written(other, deck_dir)}"?' if other else f"{what} not found"


@dataclass(frozen=True)
class Boundary:
    """The folders a deck may read from: its own folder, the allowed ones, deckgen's package."""

    deck_dir: Path
    allowed: tuple[Path, ...] = ()

    @classmethod
    def of(cls, deck_dir: Path, allowed: Iterable[Path] = ()) -> Boundary:
        return cls(Path(os.path.realpath(deck_dir)), tuple(Path(os.path.realpath(p)) for p in allowed))

    def roots(self) -> list[Path]:
        return [self.deck_dir, *self.allowed, *package_roots()]

    def contains(self, path: Path) -> bool:
        real = Path(os.path.realpath(path))
        return any(_inside(real, root) for root in self.roots())


#: Entries looked through for the other names of a hard-linked file; past this many, deckgen cannot
#: tell where the other names are and reads the file (a deck folder holds a few hundred files).
_LINK_SCAN_LIMIT = 50_000


class _LinkIndex:
    """How many names each hard-linked file has inside the boundary's own folders (the deck folder
    and the allowed ones, not deckgen's package), counted once, when a file with several names is
    first met; None for a file when the folders were too large to look through."""

    def __init__(self, boundary: Boundary) -> None:
        self.boundary = boundary
        self._counts: dict[tuple[int, int], int] | None = None
        self._complete = True

    def _scan(self) -> dict[tuple[int, int], int]:
        counts: dict[tuple[int, int], int] = {}
        seen = 0
        for root in (self.boundary.deck_dir, *self.boundary.allowed):
            stack = [str(root)]
            while stack:
                folder = stack.pop()
                try:
                    entries = list(os.scandir(folder))
                except OSError:
                    continue
                for entry in entries:
                    seen += 1
                    if seen > _LINK_SCAN_LIMIT:
                        self._complete = False
                        return counts
                    try:
                        info = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISDIR(info.st_mode):
                        stack.append(entry.path)
                    elif stat.S_ISREG(info.st_mode) and info.st_nlink > 1:
                        key = (info.st_dev, info.st_ino)
                        counts[key] = counts.get(key, 0) + 1
        return counts

    def names_inside(self, info: os.stat_result) -> int | None:
        if self._counts is None:
            self._counts = self._scan()
        if not self._complete:
            return None
        return self._counts.get((info.st_dev, info.st_ino), 0)


def hard_link_problem(path: Path, boundary: Boundary, index: _LinkIndex | None = None) -> str | None:
    """Why a file with several names (hard links) may not be read: some of its names lie outside
    the deck folder and the allowed ones, so it is another folder's file. None when it has one name,
    lies in deckgen's package, or where the folders are too large to tell."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_nlink <= 1:
        return None
    real = Path(os.path.realpath(path))
    if any(_inside(real, root) for root in package_roots()):
        return None  # an installer may link deckgen's own files to its cache
    inside = (index or _LinkIndex(boundary)).names_inside(info)
    if inside is None or inside >= info.st_nlink:
        return None
    return (f"is a hard link to a file outside the deck folder {boundary.deck_dir} (it has {info.st_nlink} names, "
            f"{inside} of them inside); copy the file into the deck folder, or run deckgen with --allow-path DIR "
            "to let it read from DIR")


def shortened(text: str, most: int = 80) -> str:
    """A long path as a message shows it: its start and its end, the middle left out.

    >>> shortened("images/" + "a" * 100 + ".jpg", 30)
    'images/aaaaaaaaaaa...aaaaa.jpg'
    """
    if len(text) <= most:
        return text
    head = (most - 3) * 2 // 3
    return f"{text[:head]}...{text[len(text) - (most - 3 - head):]}"


def name_problem(path: Path, deck_dir: Path | None = None) -> str | None:
    """Why the system cannot even look for `path`: a name or a whole path longer than it takes (a
    4,096-character path was reported as 'cannot write there'); None when it can."""
    try:
        os.lstat(path)
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            return None
    else:
        return None
    longest = max((len(os.fsencode(part)) for part in Path(path).parts), default=0)
    try:
        name_max = os.pathconf(Path(path).anchor or ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        name_max = 255
    what = (f"a name in it is {longest:,} bytes long; the system takes at most {name_max}" if longest > name_max
            else f"it is {len(os.fsencode(str(path))):,} bytes long, more than the system takes")
    return f"{shortened(as_written(path, deck_dir))}: cannot be read: {what}; shorten it"


def contained_problem(path: Path, boundary: Boundary, kind: str, index: _LinkIndex | None = None) -> str | None:
    """Why `path` may not be read as a deck's file of `kind`: outside the boundary (after following
    links), a hard link to a file outside it, not a regular file, or too large. None for a file
    that does not exist (the reader says 'not found' in its own words)."""
    too_long = name_problem(path, boundary.deck_dir)
    if too_long is not None:
        return too_long
    if not os.path.lexists(path):
        return None
    if not boundary.contains(path):
        return _outside_message(path, boundary)
    problem = file_problem(path, kind)
    if problem is not None:
        return f"{as_written(path, boundary.deck_dir)}: {problem}"
    problem = hard_link_problem(path, boundary, index)
    if problem is not None:
        return f"{as_written(path, boundary.deck_dir)}: {problem}"
    return None


def _what(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def file_problem(path: Path, kind: str) -> str | None:
    """Why `path` may not be read as a file of `kind` (not regular, too large), or None.

    A missing file is no problem here: the reader says 'not found' in its own words.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if not stat.S_ISREG(info.st_mode):
        return f"is {_what(info.st_mode)}; expected {_KIND_WORDS.get(kind, 'a')} file"
    limit = FILE_SIZE_LIMITS[kind]
    if info.st_size > limit:
        return (f"is {info.st_size / 1e6:,.1f} MB; {_KIND_WORDS.get(kind, 'a')} file may be at most "
                f"{limit / 1e6:,.0f} MB")
    return None


def read_limited(path: Path, kind: str) -> bytes:
    """The bytes of a regular file of at most the kind's size limit; UserError naming the file
    otherwise (FileNotFoundError passes through for the caller's own words)."""
    problem = file_problem(path, kind)
    if problem is not None:
        raise UserError(f"{path}: {problem}")
    limit = FILE_SIZE_LIMITS[kind]
    with open(path, "rb") as handle:  # the size is checked again as read: the file may grow meanwhile
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise UserError(f"{path}: {_KIND_WORDS.get(kind, 'a')} file may be at most {limit / 1e6:,.0f} MB")
    return data


def _outside_message(path: Path, boundary: Boundary) -> str:
    real = Path(os.path.realpath(path))
    via = f" (a link to {real})" if real != Path(os.path.abspath(path)) else ""
    return (f"{as_written(path, boundary.deck_dir)}{via} is outside the deck folder {boundary.deck_dir}; copy the file "
            "into the deck folder, "
            "or run deckgen with --allow-path DIR to let it read from DIR")


def check_named_files(named: Sequence[tuple[str, str, list[Path]]], base_dir: Path, source: str,
                      allowed: Sequence[Path] = ()) -> None:
    """Refuse a deck that names a file outside its boundary, or one that is not a regular file or is
    too large: a ConfigError naming `source`, the key and the path. `named` is (key, kind, the paths
    the key may mean), as `config.deck_files` lists a deck.toml's."""
    boundary = Boundary.of(base_dir, allowed)
    index = _LinkIndex(boundary)
    for key, kind, candidates in named:
        for path in candidates:
            problem = contained_problem(path, boundary, kind, index)
            if problem is not None:
                raise ConfigError(source, key, problem)


def check_folder_file(path: Path, kind: str, allowed: Sequence[Path] = ()) -> None:
    """Refuse a file deckgen reads from a deck folder by its own name (deck.toml, formats.toml) when
    it is a link to a file outside that folder (and the allowed ones), a hard link to one, not a
    regular file or too large: a UserError naming the file and where it leads, never its content."""
    path = Path(path)
    boundary = Boundary.of(Path(os.path.abspath(path)).parent, allowed)
    if os.path.lexists(path) and not boundary.contains(path):
        raise UserError(f"{path}: is a link to {os.path.realpath(path)}, outside the deck folder {boundary.deck_dir}; "
                        "copy the file into the deck folder, or run deckgen with --allow-path DIR to let it read from DIR")
    problem = contained_problem(path, boundary, kind)
    if problem is not None:
        raise UserError(f"{path}: {problem.removeprefix(as_written(path, boundary.deck_dir) + ': ')}")


def check_output(out: Path, explicit: bool, deck_dir: Path | None, allowed: Sequence[Path] = ()) -> Path:
    """The folder a build writes into, refused when it was not asked for by name and is a symbolic
    link or lies outside the current folder, the deck folder and the allowed ones."""
    out = Path(out)
    if explicit:
        return out
    if out.is_symlink():
        raise UserError(
            f"{out}: the output folder is a symbolic link (to {os.path.realpath(out)}); deckgen does not write "
            f"through it unless asked: remove the link, or name the folder with --out"
        )
    roots = [Path.cwd(), *([deck_dir] if deck_dir else []), *allowed]
    boundary = Boundary.of(roots[0], roots[1:])
    if not boundary.contains(out):
        raise UserError(
            f"{out}: the output folder resolves to {os.path.realpath(out)}, outside {boundary.deck_dir}; "
            "name the folder with --out to write there"
        )
    return out
