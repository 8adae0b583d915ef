"""The date every PDF deckgen writes carries: 2000-01-01, or the moment SOURCE_DATE_EPOCH names.

A PDF says when it was made twice: in its Info dictionary (CreationDate, ModDate) and, in a
PDF/X print file, in its XMP metadata. A real clock would make every build's bytes different,
so deckgen writes a fixed date. The reproducible-builds convention lets a build name that date:
SOURCE_DATE_EPOCH, a whole number of seconds since 1970-01-01 00:00 UTC (what `date +%s`
prints), becomes the date of every file (in UTC), so a print shop sees when the deck was made
and the same inputs with the same SOURCE_DATE_EPOCH still give the same bytes.

The variable is read here and nowhere else in deckgen. (ReportLab reads it too when a canvas is
made; every canvas deckgen makes asks for this date first, so a bad value stops the build with
deckgen's message, and writes this date over ReportLab's own.) This module imports nothing
heavy: the build's cache reads it to key the files that carry the date.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckgen.errors import UserError

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["ENV", "PdfDate", "date_key", "pdf_date", "set_canvas_date"]

#: The environment variable of the reproducible-builds convention.
ENV = "SOURCE_DATE_EPOCH"
#: 2000-01-01 00:00:00 UTC: the date when SOURCE_DATE_EPOCH is not set (ReportLab's invariant date too).
FIXED_SECONDS = 946684800
#: The last moment a PDF date can spell (its year has four digits): 9999-12-31 23:59:59 UTC.
LAST_SECONDS = 253402300799

_WHOLE = re.compile(r"[0-9]+", re.ASCII)


@dataclass(frozen=True)
class PdfDate:
    """A moment in whole seconds since 1970 (UTC), in the two spellings a PDF needs."""

    seconds: int

    @property
    def info(self) -> str:
        """As the Info dictionary's CreationDate and ModDate spell it: D:20000101000000+00'00'."""
        return time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(self.seconds))

    @property
    def xmp(self) -> str:
        """As XMP's CreateDate, ModifyDate and MetadataDate spell it: 2000-01-01T00:00:00Z."""
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.seconds))


def set_canvas_date(canvas: Canvas, date: PdfDate) -> None:
    """Make a ReportLab canvas write `date` as its CreationDate and ModDate, whatever time it took itself."""
    canvas.setDateFormatter(lambda *_ymdhms: date.info)


def _given() -> str | None:
    """SOURCE_DATE_EPOCH as set, stripped; None when it is unset or empty (as ReportLab reads it)."""
    value = os.environ.get(ENV, "").strip()
    return value or None


def pdf_date(date: PdfDate | None = None) -> PdfDate:
    """The date to write into a PDF: `date` when the caller has one (the command's or build's, which
    every writer passes on as given, None included, to the places that write it), else now
    SOURCE_DATE_EPOCH when set, 2000-01-01 otherwise.

    Raises UserError (one line, naming the variable and what it must be) for any other value."""
    if date is not None:
        return date
    value = _given()
    if value is None:
        return PdfDate(FIXED_SECONDS)
    if not _WHOLE.fullmatch(value) or int(value) > LAST_SECONDS:
        shown = value if len(value) <= 40 else value[:40] + "..."
        raise UserError(
            f"{ENV}={shown!r}: expected a whole number of seconds since 1970-01-01 00:00 UTC, "
            "as `date +%s` prints (e.g. 1700000000), before the year 10000; or leave it unset"
        )
    return PdfDate(int(value))


def date_key(date: PdfDate | None = None) -> tuple[str, ...]:
    """What a build cache key adds for the files that carry the date: nothing for 2000-01-01 (with
    SOURCE_DATE_EPOCH unset the keys stay as they always were), the date otherwise (a changed date
    rebuilds them). `date`: the build's; by default read here."""
    seconds = pdf_date(date).seconds
    return () if seconds == FIXED_SECONDS else (f"pdf date {seconds}",)
