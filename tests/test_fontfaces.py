"""Fonts kept between runs (deckgen.fontfaces) are the fonts ReportLab reads itself."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from deckgen import fontfaces
from deckgen.resources import font_path


def _same(kept: TTFont, read: TTFont) -> None:
    face, fresh = kept.face.__dict__, read.face.__dict__
    assert sorted(face) == sorted(fresh)
    for key, value in fresh.items():
        if key == "_pdfScale":
            assert [face[key](v) for v in (0, 1, 750, 2048)] == [value(v) for v in (0, 1, 750, 2048)]
        else:
            assert face[key] == value and type(face[key]) is type(value), key
    assert sorted(kept.__dict__) == sorted(read.__dict__)
    assert kept.shapable == read.shapable and kept._asciiReadable == read._asciiReadable


def _pdf(font: TTFont) -> bytes:
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFont(font)
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    c.setFont(font.fontName, 12)
    c.drawString(20, 20, "Ann wins 16 — ♠♥ Ünïcödé")
    c.save()
    return buf.getvalue()


def test_the_version_in_use_was_checked() -> None:
    assert reportlab.Version in fontfaces.CHECKED_VERSIONS  # a new ReportLab: check _font and _face again


def test_a_kept_font_is_the_font_reportlab_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = font_path("DejaVuSansCondensed-Bold.ttf")
    first = fontfaces.tt_font("kept-a", path)  # read, and kept
    assert len(list((tmp_path / "deckgen" / "fonts").glob("*.marshal"))) == 1
    kept = fontfaces.tt_font("kept-b", path)
    read = TTFont("kept-b", str(path))
    _same(kept, read)
    _same(first, TTFont("kept-a", str(path)))
    assert _pdf(kept).replace(b"kept-b", b"kept-c") == _pdf(TTFont("kept-c", str(path)))


def test_a_damaged_entry_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = font_path("DejaVuSans.ttf")
    fontfaces.tt_font("damaged-a", path)
    (entry,) = (tmp_path / "deckgen" / "fonts").glob("*.marshal")
    entry.write_bytes(entry.read_bytes()[:-40] + b"x" * 40)
    _same(fontfaces.tt_font("damaged-b", path), TTFont("damaged-b", str(path)))
