"""TrueType fonts for ReportLab without reading every glyph again in every process.

ReportLab reads a whole font before it sets a word: every glyph's width and place, the character
map (a few hundredths of a second for one DejaVu font; the booklet uses six, the print files
three). What it reads depends on nothing but the font file's bytes and ReportLab's own code, so
it is kept in the user's cache folder (`$XDG_CACHE_HOME/deckgen/fonts`, else `~/.cache/...`) as
plain data (marshal: numbers, strings, lists and dicts, never code), under the file's SHA-256
and ReportLab's version, with a checksum (`fileio.write_cached`): a damaged or edited entry is
read again from the font. The font's own bytes are never kept there: they are read from the
font file each time (to hash them). Only for the ReportLab versions whose font object this module
was checked against (`CHECKED_VERSIONS`); with any other the font is read as ReportLab does.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace, TTFNameBytes

from deckgen.fileio import read_cached, write_cached

__all__ = ["CHECKED_VERSIONS", "tt_font"]

#: ReportLab versions whose TTFont and TTFontFace this module builds exactly as their constructors do
#: (tests/test_fontfaces.py compares them with fonts ReportLab read itself).
CHECKED_VERSIONS = ("5.1.0",)
_FORMAT = 1
#: The face's attributes that are names (ReportLab's bytes that remember their text).
_NAMES = ("name", "familyName", "styleName", "fullName", "uniqueFontID")


def cache_folder() -> Path:
    """Where parsed fonts are kept: the user's cache folder."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "deckgen" / "fonts"


def tt_font(name: str, path: Path | str) -> TTFont:
    """`TTFont(name, path)`, the same font, from the kept reading when there is one."""
    if reportlab.Version not in CHECKED_VERSIONS:
        return TTFont(name, str(path))
    try:
        data = Path(path).read_bytes()
    except OSError:
        return TTFont(name, str(path))  # ReportLab says what is wrong with the file
    digest = hashlib.sha256(data).hexdigest()
    inputs = f"{digest}/{reportlab.Version}/{_FORMAT}"
    target = cache_folder() / f"{digest[:32]}.marshal"
    kept = read_cached(target, inputs)
    if kept is not None:
        try:
            return _font(name, _face(marshal.loads(kept), data, str(path)))
        except (ValueError, EOFError, TypeError, KeyError, AttributeError):
            pass  # read the font again below
    font = TTFont(name, str(path))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_cached(target, marshal.dumps(_plain(font.face)), inputs)
    except OSError:
        pass  # no cache folder to write to: the next process reads the font again
    return font


def _plain(face: TTFontFace) -> dict[str, Any]:
    """The face's reading as plain data: without the font's bytes and the scale function."""
    kept = {k: v for k, v in face.__dict__.items() if k not in ("_ttf_data", "_pdfScale")}
    for key in _NAMES:
        if isinstance(kept.get(key), bytes):
            kept[key] = bytes(kept[key])
    return kept


def _face(kept: dict[str, Any], data: bytes, filename: str) -> TTFontFace:
    """A TTFontFace as TTFontFace(filename) makes it, from its plain reading and the font's bytes."""
    if not isinstance(kept, dict) or not isinstance(kept.get("unitsPerEm"), int):
        raise ValueError("not a kept font")
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(kept)
    for key in _NAMES:
        if isinstance(kept.get(key), bytes):
            setattr(face, key, TTFNameBytes(kept[key]))
    face._ttf_data = data
    face.filename = filename
    units = kept["unitsPerEm"]
    if units == 1000:  # as TTFontFile.extractInfo sets it
        face._pdfScale = lambda x: x
    else:
        _1000mult = 1000 / units
        face._pdfScale = lambda x: x * _1000mult
    return face


def _font(name: str, face: TTFontFace) -> TTFont:
    """A TTFont as TTFont(name, filename) makes it, around a face already read."""
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = True and not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob)
    return font
