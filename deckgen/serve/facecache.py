"""The faces found in a deck's photos, kept between runs of `deckgen serve`.

Finding the faces is a large part of drawing the first preview (about 0.2 s of CPU a photo);
the photos seldom change between two runs. `output/.cache/serve-faces.json` keeps, for each
photo (by its path in the deck folder, size and modification time), its pixel size and the
faces found, stamped with the size and time of the code that finds them: a changed photo or a
changed detector is looked at again. Only serve reads this file; a damaged or foreign one is
ignored and rewritten. Writing it is best effort (a read-only folder just means no cache).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from deckgen.cards import Card
from deckgen.design import Design, PhotoRef
from deckgen.fileio import write_bytes_atomic

FILE = Path("output") / ".cache" / "serve-faces.json"
#: At most this many photos are remembered (the newest kept), so the file stays small.
MAX_PHOTOS = 500


def _code_stamp() -> list[Any]:
    """The size and time of the modules whose change can change what is found."""
    from deckgen.render import facefind, photos  # late: the photo code loads in the first preview's thread

    return [1] + [[os.stat(m.__file__).st_size, os.stat(m.__file__).st_mtime_ns] for m in (facefind, photos)
                  if m.__file__]


def _file_stamp(path: Path) -> list[int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


def shows_photo(card: Card) -> bool:
    """A court or a joker: the cards a photo is drawn on."""
    return card.is_joker or (card.rank is not None and card.rank.is_court)


def face_photos(design: Design) -> list[PhotoRef]:
    """The photos of the courts and jokers (the faces are looked for in these; a back's or the
    lid's picture is framed by its own renderer)."""
    refs = [design.faces.art(card).photo for card in design.profile.unique_cards() if shows_photo(card)]
    return list(dict.fromkeys(r for r in refs if r is not None))


class FaceCache:
    """The file's entries for one deck folder: read once, written when something new was found."""

    def __init__(self, deck_dir: Path) -> None:
        self.deck_dir = deck_dir
        self.path = deck_dir / FILE
        self.code = _code_stamp()
        self.entries: dict[str, dict[str, Any]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("code") == self.code and isinstance(data.get("photos"), dict):
                self.entries = {k: v for k, v in data["photos"].items() if isinstance(v, dict)}
        except (OSError, ValueError):
            pass

    def _name(self, ref: PhotoRef) -> str | None:
        try:
            return Path(ref.path).resolve().relative_to(self.deck_dir).as_posix()
        except (OSError, ValueError):
            return None  # a photo outside the deck folder (--allow-path): not kept

    def remember(self, refs: Iterable[PhotoRef]) -> int:
        """Tell the photo code the faces kept for these photos (those unchanged since); returns how many."""
        from deckgen.render.facefind import FaceBox  # late: as in _code_stamp
        from deckgen.render.photos import remember_faces

        told = 0
        for ref in refs:
            name = self._name(ref)
            entry = self.entries.get(name) if name else None
            if entry is None or entry.get("file") != _file_stamp(Path(ref.path)):
                continue
            try:
                size = (int(entry["size"][0]), int(entry["size"][1]))
                faces = tuple(FaceBox(*(float(v) for v in box)) for box in entry["faces"])
            except (KeyError, TypeError, ValueError, IndexError):
                continue
            remember_faces(ref, (size, faces))
            told += 1
        return told

    def keep(self, refs: Iterable[PhotoRef]) -> None:
        """Write down the faces found in these photos (found already: the photo code keeps them in
        memory, so asking again costs nothing); the file is rewritten only when something changed."""
        from deckgen.render.photos import detect_faces  # late: as in _code_stamp

        changed = False
        for ref in refs:
            name = self._name(ref)
            stamp = _file_stamp(Path(ref.path))
            if name is None or stamp is None or (name in self.entries and self.entries[name].get("file") == stamp):
                continue
            try:
                size, faces = detect_faces(ref)
            except Exception:  # a damaged photo: the preview says so; nothing to keep
                continue
            self.entries.pop(name, None)
            self.entries[name] = {"file": stamp, "size": list(size),
                                  "faces": [[f.left, f.top, f.right, f.bottom] for f in faces]}
            changed = True
        if not changed:
            return
        kept = dict(list(self.entries.items())[-MAX_PHOTOS:])
        self.entries = kept
        try:
            write_bytes_atomic(self.path, json.dumps({"code": self.code, "photos": kept}, separators=(",", ":")).encode("utf-8"))
        except OSError:
            pass
