"""`deckgen init`, `build`, `cards`, `backs`, `tin`, `box` and `themes`: a deck and its pictures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from deckgen.cli import common as ui
from deckgen.cli.common import (
    AllowOption,
    ConfigOption,
    DpiOption,
    OutOption,
    StepBars,
    load_deck,
    output_folder,
    point_to_crop_review,
    preflight_said,
    progress_bar,
    report_warnings,
    report_written,
    shown,
    staged,
    with_warnings,
)
from deckgen.cli.program import PROGRAM
from deckgen.config import with_options
from deckgen.errors import (
    collected_warnings,
)
from deckgen.pipeline.events import (
    Advanced,
    Event,
    Failed,
    Finished,
    StepDone,
    StepStarted,
    Warned,
)
from deckgen.render.pdfdate import pdf_date
from deckgen.resolve import resolve_design
from deckgen.themes import theme_names


@ui.app.command()
def init(
    folder: Annotated[Path, typer.Argument(help="Folder for the new deck (created if needed).")] = Path("."),
    theme: Annotated[str, typer.Option("--theme", "-t", help=f"Occasion: {', '.join(theme_names())} (see `deckgen themes`).")] = "plain",
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing deck.toml.")] = False,
    name: Annotated[str | None, typer.Option("--name", "-n", help="The deck's name, printed under the ace of spades "
                                             "and on the lid (default: the folder's name).")] = None,
    profile: Annotated[str, typer.Option("--profile", "-p", help="The cards: standard-54 (default), standard-52, "
                                         "piquet-32, euchre-24, pinochle-48 ... The booklet gets the games this deck "
                                         "plays.")] = "standard-54",
    language: Annotated[str, typer.Option("--language", "-l", help="The indices' letters and the words on the lid and "
                                          "box: en, de, fr, nl, sv ... (templates/languages).")] = "en",
) -> None:
    """Start a deck: a commented deck.toml and an images/ folder for your photos.

    Example: deckgen init mydeck --theme wedding --name "Anna & Ben" && cd mydeck && deckgen build

    Example: deckgen init pinochle --profile pinochle-48   (the booklet: the pinochle games and euchre)
    """
    from deckgen.starter import deck_name_for, init_deck

    written = init_deck(folder, theme, force, name, profile.strip().lower(), language)
    ui.console.print(f"[green]✓[/green] wrote {shown(str(written[0]))} and {shown(str(folder / 'images'))}/", highlight=False)
    named = deck_name_for(folder, language) if name is None else name
    ui.console.print(shown(f'  The deck is called "{named}": `name` in deck.toml sets it (the ace of spades, the lid); '
                        "[tin] title sets the lid's and the box's words instead"), highlight=False, soft_wrap=True)
    go = "deckgen build" if folder.resolve() == Path.cwd().resolve() else f"cd {folder} && deckgen build"
    ui.console.print(f"  Edit deck.toml (every key is explained there), put photos in images/, then run: {shown(go)}",
                  highlight=False)


@ui.app.command()
def cards(
    config: ConfigOption = None,
    out: OutOption = None,
    dpi: DpiOption = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Processes to use (default: every core).")] = None,
    allow_path: AllowOption = None,
) -> None:
    """Build the card faces only: output/cards/<code>.png (AS, 10H, QD, JK1 ...).

    Each PNG is the card with its bleed, square-cornered, as print services ask: a 59 x 91 mm card
    with 3 mm bleed is 65 x 97 mm (768 x 1146 px at 300 DPI). The cut line and the rounded corners
    are inside it; bleed_mm = 0 in deck.toml gives the card at its cut size.

    Example: deckgen cards --dpi 600 --out print600
    """
    from deckgen.render.facebuild import build_faces
    from deckgen.steps import warn_dpi

    deck = load_deck(config, dpi, allow_path)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    total = len(design.profile.unique_cards())
    with collected_warnings() as early:  # said before the work, with the time it will take
        warn_dpi(design)
    report_warnings(early)
    with collected_warnings() as said, staged(out) as stage:
        with progress_bar("faces", total) as advance:
            paths = stage.real_all(list(build_faces(design, stage.stage, advance, jobs=jobs).values()))
    report_warnings(said)
    report_written("faces", paths)
    point_to_crop_review(out)


@ui.app.command()
def build(
    config: ConfigOption = None,
    out: OutOption = None,
    dpi: DpiOption = None,
    allow_path: AllowOption = None,
    force: Annotated[bool, typer.Option("--force", help="Rebuild every file, even those whose inputs did not change.")] = False,
) -> None:
    """Build everything: faces, backs, tin lid or tuck box, rules booklet and print files.

    With no deck.toml here (and no --config) it builds the built-in demo deck. Files whose
    inputs (deck.toml's settings, photos, fonts, house rules, deckgen itself) did not change
    since the last build are kept as they are; --force rebuilds them all.

    Example: deckgen build --config mydeck/deck.toml --out mydeck/output
    """
    from deckgen.limits import limit_memory
    from deckgen.pipeline import build as build_deck

    if PROGRAM:  # the build and its workers under DECKGEN_MEMORY_MB (1 GB); never a program that imports this
        limit_memory()
    deck = load_deck(config, dpi, allow_path)
    date = pdf_date()  # once: every PDF of the build carries it (a bad SOURCE_DATE_EPOCH stops here)
    out = output_folder(out, deck, allow_path)
    show_build(build_deck(resolve_design(deck), out, force=force, date=date), out)


def show_build(events: Iterator[Event], out: Path) -> None:
    """Print a build's events: a progress bar per step on a terminal, each warning as it comes, the
    files written once the build is committed, and where to look. A Failed event is raised, so the
    one error line and exit code 2 come from `main`, as for any other command."""
    done: dict[str, StepDone] = {}
    finished: Finished | None = None
    with StepBars() as bars:
        for event in events:
            if isinstance(event, StepStarted):
                bars.start(event.step, event.total)
            elif isinstance(event, Advanced):
                bars.advance(event.item)
            elif isinstance(event, StepDone):
                bars.stop()
                done[event.step] = event
            elif isinstance(event, Warned):
                ui.err_console.print(f"[yellow]warning:[/yellow] {shown(event.message)}", highlight=False, soft_wrap=True)
            elif isinstance(event, Failed):
                raise event.error
            elif isinstance(event, Finished):
                finished = event
    if finished is None:
        return
    if finished.nothing_to_do and not done:
        ui.console.print(f"Nothing to rebuild: the {finished.current_files} files in {shown(str(out))} are current "
                      "(--force rebuilds them all).", highlight=False)
        return
    for label in finished.written:
        step = done.get(label)
        if step is None:
            ui.console.print(f"[dim]= {shown(label)}: current[/dim]", highlight=False)
        elif step.current == 0 or step.rebuilt == 0:
            report_written(label, list(step.paths))
        else:
            ui.console.print(f"[green]✓[/green] {shown(label)}: {step.rebuilt} rebuilt, {step.current} current", highlight=False)
    everything = [p for paths in finished.written.values() for p in paths]
    preview = [p for p in everything if p.name == "contact-sheet.png"]
    sheets = [p.name for p in everything if p.name.startswith("sheets-") and p.suffix == ".pdf"]
    if preview:
        ui.console.print(f"  Look at the whole deck: {shown(str(preview[0]))}", highlight=False)
    point_to_crop_review(out)
    if sheets:
        ui.console.print(
            f"  Print at home: {shown(' or '.join(sheets))} in {shown(str(out / 'print'))}, duplex, at 100 % "
            "(actual size); deckgen print --alignment-test checks your printer first.",
            highlight=False,
        )
    boxes = [p.name for p in everything if p.name.startswith("tuck-box-") and p.suffix == ".pdf"]
    if boxes:
        ui.console.print(f"  The tuck box: {shown(' or '.join(boxes))} in {shown(str(out / 'box'))}, one side, at 100 %; "
                      "tuck-box.pdf is the print shop's die-cut file, tuck-box-die.svg its cutter's lines.", highlight=False)


@ui.app.command()
def backs(
    config: ConfigOption = None,
    out: OutOption = None,
    dpi: DpiOption = None,
    allow_path: AllowOption = None,
    list_: Annotated[bool, typer.Option("--list", help="List the back templates and palettes instead.")] = False,
) -> None:
    """Build the card backs only: output/cards/back.png (and back2.png for two packs).

    Example: deckgen backs --config mydeck/deck.toml
    """
    if list_:
        from rich.table import Table

        from deckgen.themes import (
            get_palette,
            get_template,
            palette_names,
            template_names,
        )

        table = Table(title="Back templates (\\[back] template = ...)")
        table.add_column("template", style="bold")
        table.add_column("pattern")
        table.add_column("looks like")
        for name in template_names():
            t = get_template(name)
            table.add_row(name, t.pattern, t.description)
        ui.console.print(table)
        table = Table(title="Palettes (\\[back] palette = ...; or one colour: ground = \"#123456\")")
        table.add_column("palette", style="bold", no_wrap=True)
        table.add_column("paper ground ink accent", no_wrap=True)
        table.add_column("looks like")
        for name in palette_names():
            p = get_palette(name)
            colours = [getattr(p, r) for r in ("paper", "ground", "ink", "accent")]
            table.add_row(name, " ".join(f"[{c}]■[/]{c}" for c in colours), p.description)
        ui.console.print(table)
        return
    from deckgen.render.backs import build_backs
    from deckgen.steps import preflight_backs

    deck = load_deck(config, dpi, allow_path)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    preflight_backs(design)  # a bad [back2] stops it before back.png is written
    with staged(out) as stage, progress_bar("backs", len(design.backs)) as advance:
        paths = stage.real_all(with_warnings(lambda: build_backs(design, stage.stage, advance)))
    report_written("backs", paths)


@ui.app.command()
def tin(
    config: ConfigOption = None,
    out: OutOption = None,
    dpi: Annotated[int | None, typer.Option("--dpi", help="Override [tin] dpi (default 150).")] = None,
    allow_path: AllowOption = None,
) -> None:
    """Build the tin-lid art only: output/tin/lid.png, 141 x 100 mm at 150 DPI unless [tin] says otherwise,
    and output/tin/lid.pdf, the tin maker's print file (3 mm bleed, CMYK, the die line as a spot colour).

    Example: deckgen tin --dpi 300
    """
    from deckgen.render.tin import build_lid
    from deckgen.render.tuckbox import warn_if_not_in_tin
    from deckgen.steps import preflight_lid

    deck = load_deck(config, allow=allow_path)
    date = pdf_date()  # once, for every PDF written (a bad SOURCE_DATE_EPOCH stops here, before any picture is drawn)
    out = output_folder(out, deck, allow_path)
    deck = with_options(deck, {"--dpi": ("tin.dpi", dpi)})
    design = resolve_design(deck)
    preflight_lid(design)  # the lid's picture and fonts are read before lid.png is written
    preflight_said(warn_if_not_in_tin, design)  # cards the tin cannot hold
    with staged(out) as stage:
        paths = stage.real_all(with_warnings(lambda: build_lid(design, stage.stage, date=date)))
    report_written("tin lid", paths)


@ui.app.command()
def box(config: ConfigOption = None, out: OutOption = None, allow_path: AllowOption = None) -> None:
    """Build the tuck box only, whatever [box] kind says: output/box/tuck-box.pdf (the print shop's
    die-cut file: 3 mm bleed, cut and fold lines as spot colours), tuck-box-die.svg (the cutter's
    lines alone, in mm, as named layers), tuck-box-a4.pdf and tuck-box-letter.pdf to print at home
    at 100 % (a box too big for one sheet on two, to glue), and tuck-box.png, a look at the net. It
    is sized from the card format and the deck: [box] card_thickness_mm and clearance_mm.

    Example: deckgen box --config mydeck/deck.toml
    """
    from dataclasses import replace

    from deckgen.render.tuckbox import build_tuck_box, check_tuck_box
    from deckgen.steps import preflight_lid

    deck = load_deck(config, allow=allow_path)
    date = pdf_date()  # once, for every PDF written (a bad SOURCE_DATE_EPOCH stops here, before any picture is drawn)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    design = replace(design, box=replace(design.box, kind="tuck"))
    preflight_lid(design)  # the front's label is the lid's: its picture and fonts are read first
    check_tuck_box(design)
    with staged(out) as stage:
        paths = stage.real_all(with_warnings(lambda: build_tuck_box(design, stage.stage, date=date)))
    report_written("tuck box", paths)


@ui.app.command()
def themes() -> None:
    """List the occasion themes: what each sets for the backs and the tin lid.

    Example: deckgen init mydeck --theme christmas
    """
    from rich.table import Table

    from deckgen.themes import get_theme, theme_names

    table = Table(title="Themes (theme = ... in deck.toml, or deckgen init --theme ...)")
    table.add_column("theme", style="bold", no_wrap=True)
    table.add_column("looks like")
    table.add_column("back")
    table.add_column("second pack")
    table.add_column("lid words")
    for name in theme_names():
        t = get_theme(name)
        table.add_row(
            name,
            t.description,
            f"{t.back_template}, {t.back_palette}" + (f", {t.back_ornament}" if t.back_ornament != "none" else ""),
            t.back2_palette,
            t.lid_subtitle,
        )
    ui.console.print(table)
