"""`deckgen print`: the print-shop file, the home sheets, the alignment test and the preflight."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from deckgen.cli import common as ui
from deckgen.cli.common import (
    AllowOption,
    ConfigOption,
    DpiOption,
    OutOption,
    load_deck,
    output_folder,
    preflight_said,
    progress_bar,
    report_warnings,
    report_written,
    shown,
    staged,
)
from deckgen.config import with_options
from deckgen.errors import (
    UserError,
    collected_warnings,
    unknown_choice,
)
from deckgen.render.pdfdate import pdf_date
from deckgen.resolve import resolve_design


@ui.app.command(name="print")
def print_files(
    config: ConfigOption = None,
    out: OutOption = None,
    dpi: DpiOption = None,
    allow_path: AllowOption = None,
    paper: Annotated[str | None, typer.Option("--paper", help="Home-print sheets on a4, letter, a3, legal, tabloid, both, or any size in mm such as 300x450 (default: [print] paper, else both).")] = None,
    gutter: Annotated[float | None, typer.Option("--gutter", help="Space between cards on the home sheets, in mm; each card keeps its bleed up to half of it (default: cards touch, unless a full-photo card runs to its edge; then as much as fits).")] = None,
    cutter: Annotated[bool | None, typer.Option("--cutter/--no-cutter", help="Registration marks on the face sheets and an SVG of the cut paths for a Silhouette- or Cricut-style cutter.")] = None,
    flip: Annotated[str | None, typer.Option("--flip", help="How your printer turns the sheet for duplex: long (default) or short edge.")] = None,
    offset_x: Annotated[float | None, typer.Option("--offset-x", help="Move the backs right by this many mm (negative: left); read it off --alignment-test.")] = None,
    offset_y: Annotated[float | None, typer.Option("--offset-y", help="Move the backs up by this many mm (negative: down); read it off --alignment-test.")] = None,
    interleave: Annotated[bool | None, typer.Option("--interleave/--no-interleave", help="Print-shop PDF as face, back, face, back (default: all faces, then all backs).")] = None,
    cmyk: Annotated[bool | None, typer.Option("--cmyk/--rgb", help="Print-shop file in CMYK PDF/X (default) or in sRGB for a shop that asks for RGB.")] = None,
    icc: Annotated[Path | None, typer.Option("--icc", help="Your print shop's CMYK ICC profile (default: the FOGRA39 coated profile deckgen ships).")] = None,
    shop: Annotated[str | None, typer.Option("--shop", help="Print-shop preset: generic (default), meinspiel, drivethrucards, or a path to your shop's .toml.")] = None,
    ink_limit: Annotated[int | None, typer.Option("--ink-limit", help="Highest total ink C+M+Y+K in percent (default: the preset's, 300 for generic).")] = None,
    die_line: Annotated[bool | None, typer.Option("--die-line/--no-die-line", help="Draw the cut path (CutContour spot colour, 5 mm corners) on the print-shop file.")] = None,
    preflight_only: Annotated[bool, typer.Option("--preflight", help="Only check the deck against the shop preset: one line per finding, exit 1 on a failure.")] = False,
    alignment_test: Annotated[bool, typer.Option("--alignment-test", help="Write only a one-sheet duplex test to read your printer's offsets from.")] = False,
) -> None:
    """Print files: print-shop PDF (CMYK PDF/X, one card per page, with bleed), home-print sheets with duplex backs, contact sheet.

    Print the sheets duplex at 100 % (actual size). If the backs land beside their faces,
    print --alignment-test once and pass the offsets it shows.

    Example: deckgen print --alignment-test   (once, to measure your printer)

    Example: deckgen print --paper a4 --offset-x 0.5 --offset-y -1

    Example: deckgen print --shop drivethrucards --preflight

    Example: deckgen print --icc ISOcoated_v2_300_eci.icc --ink-limit 280
    """
    from deckgen.render.printfiles import (
        build_print_files,
        print_file_count,
        shop_preset,
        write_alignment_tests,
    )

    if icc is not None and cmyk is False:
        raise UserError("--icc: a CMYK profile has no use with --rgb; leave one of them out")

    deck = with_options(load_deck(config, dpi, allow_path), {  # the limits and words of deck.toml's [print]
        "--paper": ("print.paper", paper), "--flip": ("print.flip", flip.lower() if flip else None),
        "--interleave": ("print.interleave", interleave), "--gutter": ("print.gutter_mm", gutter),
        "--cutter": ("print.cutter", cutter), "--cmyk": ("print.cmyk", cmyk), "--ink-limit": ("print.ink_limit", ink_limit),
        "--die-line": ("print.die_line", die_line), "--offset-x": ("print.offset_x_mm", offset_x),
        "--offset-y": ("print.offset_y_mm", offset_y),
    })
    date = pdf_date()  # once, for every PDF written (a bad SOURCE_DATE_EPOCH stops here, before any picture is drawn)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    # files named on the command line are the caller's, relative to here (deck.toml's are relative to it,
    # inside its folder): they are read, and refused with their flag, where the files are made
    options = design.print.with_overrides(icc=icc, shop=shop)
    if preflight_only:
        from deckgen.render.preflight import check_for_shop

        findings = check_for_shop(design, options)
        for finding in findings:
            ui.console.print(shown(str(finding)), highlight=False, soft_wrap=True)
        failed = sum(f.failed for f in findings)
        preset = shop_preset(design, options)
        ui.console.print(f"{len(findings) - failed} passed, {failed} failed ({preset.name}: {shown(preset.title)})",
                      highlight=False, soft_wrap=True)
        raise typer.Exit(1 if failed else 0)
    if alignment_test:
        with staged(out) as stage:
            paths = stage.real_all(write_alignment_tests(design, stage.stage, options, date=date))
        report_written("alignment test", paths)
        ui.console.print("  Print it duplex at 100 % and follow the steps on its front page.")
        return
    from deckgen.steps import preflight

    preflight_said(preflight, design, booklet=False)  # faces and backs may be drawn first: their files are read now
    with collected_warnings() as said, staged(out) as stage:
        with progress_bar("print files", print_file_count(design, options)) as advance:
            paths = stage.real_all(build_print_files(design, stage.stage, advance, options, date=date))
    report_warnings(said)
    report_written("print files", [p for p in paths if p.suffix in (".pdf", ".svg")])
    report_written("contact sheet", [p for p in paths if p.suffix == ".png"])
    ui.console.print(f"  Print the sheets duplex at 100 % (actual size), flipping on the {options.flip} edge.")


@ui.app.command()
def pads(
    config: ConfigOption = None,
    out: OutOption = None,
    paper: Annotated[str | None, typer.Option("--paper", help="a4, letter or pocket (default: [pads] paper, else a4).")] = None,
    game: Annotated[list[str] | None, typer.Option(
        "--game", help="A game to make a pad for: gin-rummy, bridge, cribbage or golf; repeat it for more "
        "(default: [pads] games, else the booklet's games that have a pad).")] = None,
    allow_path: AllowOption = None,
) -> None:
    """Write score pads: output/pads/<game>-<paper>.pdf, one page each, to print at 100 %.

    Their columns and bonuses follow your [house_rules] (the gin pad's knock limit, gin and box
    bonuses; the bridge pad's rubber bonuses), in the deck's theme.

    Example: deckgen pads --game gin-rummy --paper letter
    """
    from deckgen.configtables import PAD_GAMES
    from deckgen.pads import write_pads
    from deckgen.pads.sheet import PAD_PAPERS

    if paper is not None and paper.strip().lower() not in PAD_PAPERS:
        raise UserError(f"--paper: {unknown_choice('paper', paper, PAD_PAPERS)}")
    for name in game or []:
        if name not in PAD_GAMES:
            raise UserError(f"--game: {unknown_choice('score pad', name, PAD_GAMES)}")
    deck = load_deck(config, allow=allow_path)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    chosen = (paper or design.pads.paper).strip().lower()
    games_asked = list(game or design.pads.games or [g for g in design.booklet.games if g in PAD_GAMES])
    if not games_asked:
        raise UserError(f"--game: the booklet has no game with a score pad; name one of {', '.join(PAD_GAMES)}")
    with staged(out) as stage:
        paths = stage.real_all(write_pads(design, stage.stage, games_asked, chosen))
    report_written("score pads", paths)

