"""Score pads (`deckgen pads`, and a build step when [pads] games is set): printable score sheets
for the booklet's games whose columns and bonuses follow the deck's house rules.

`content` says what each pad holds, reading the engine's typed house rules the way the booklet
does; `sheet` draws a pad as a one-page PDF at 100 % scale in the theme's colours and fonts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from deckgen.design import Design
from deckgen.render.pdfdate import PdfDate

__all__ = ["pad_path", "pads_step", "write_pads"]


def pad_path(out_dir: Path, game: str, paper: str) -> Path:
    """Where a pad is written: out_dir/pads/<game>-<paper>.pdf."""
    return Path(out_dir) / "pads" / f"{game}-{paper}.pdf"


def write_pads(design: Design, out_dir: Path, games: Sequence[str], paper: str,
               date: PdfDate | None = None, advance: Callable[[str], None] | None = None) -> list[Path]:
    """Write each game's pad on `paper` (a4, letter, pocket); every pad is worked out before any
    file is written, so a house rule the engine refuses leaves the folder as it was."""
    from deckgen.pads.content import pad_for
    from deckgen.pads.sheet import write_pad

    pads = [pad_for(design, game) for game in games]
    written = []
    for pad in pads:
        target = pad_path(out_dir, pad.name, paper)
        target.parent.mkdir(parents=True, exist_ok=True)
        written.append(write_pad(pad, paper, target, title_font=design.booklet.title_font,
                                 body_font="DejaVuSansCondensed.ttf", colours=design.booklet.colours,
                                 deck=design.name, date=date))
        if advance:
            advance(target.name)
    return written


def pads_step(design: Design, out_dir: Path, advance: Callable[[str], None], date: PdfDate | None = None) -> list[Path]:
    """The build step: the pads of [pads] games on [pads] paper; pads on that paper an earlier build
    wrote and the deck no longer asks for are deleted (`deckgen pads` on another paper keeps its own)."""
    written = write_pads(design, out_dir, design.pads.games, design.pads.paper, date, advance)
    folder = Path(out_dir) / "pads"
    if folder.is_dir():
        keep = {p.name for p in written}
        for stale in sorted(folder.glob(f"*-{design.pads.paper}.pdf")):
            if stale.name not in keep:
                stale.unlink()
    return written


pads_step.units = lambda design: len(design.pads.games)  # type: ignore[attr-defined]
