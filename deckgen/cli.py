"""The `deckgen` command: parse the arguments, call the library, report. Nothing else lives here."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any



def _stopped_while_starting(_signum: int, _frame: object) -> None:
    """Ctrl-C while the command's libraries are still being imported (its first few tenths of a
    second): nothing has been read or written yet, and main() is not yet there to say so."""
    sys.stderr.write("stopped: the output folder is as the last finished build left it (nothing is half-written)\n")
    sys.stderr.flush()
    os._exit(130)


# Only as the program (`deckgen`, `python -m deckgen.cli`), never when a program imports this module
_PROGRAM = __name__ == "__main__" or Path(sys.argv[0]).name == "deckgen"
_starting = signal.signal(signal.SIGINT, _stopped_while_starting) if _PROGRAM else None

import typer  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.markup import escape  # noqa: E402
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn  # noqa: E402
from rich.table import Table  # noqa: E402

from deckgen import __version__  # noqa: E402
from deckgen.config import DeckConfig, demo_config, load_config  # noqa: E402
from deckgen.design import Design  # noqa: E402
from deckgen.errors import DeckgenError, UserError, UserErrorLines, is_out_of_memory, printable, unknown_choice  # noqa: E402
from deckgen.pipeline.events import Advanced, Event, Failed, Finished, StepDone, StepStarted, Warned  # noqa: E402
from deckgen.render.pdfdate import PdfDate, pdf_date  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402
from deckgen.themes import theme_names  # noqa: E402

app = typer.Typer(
    name="deckgen",
    help=f"deckgen {__version__}: design a print-and-play deck: faces, backs, tin lid, print files and a verified "
    "rules booklet.\n\n"
    "Example: deckgen build   (in an empty folder, builds the built-in demo deck into output/)\n\n"
    "Your own deck: deckgen init mydeck && cd mydeck && deckgen build",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help text is literal: "[tin] dpi" must not be read as markup
)


def _print_version(asked: bool) -> None:
    if asked:
        console.print(f"deckgen {__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", "-V", help="Print deckgen's version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """The options every command shares (only --version for now)."""


def plain_console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A console that prints text as written: no `:name:` emoji codes (`deck.toml:100:` stays a line
    number) and no colouring of numbers or paths; user text is escaped before it meets markup."""
    return Console(stderr=stderr, width=width, emoji=False, highlight=False)


console = plain_console()
err_console = plain_console(stderr=True)


def shown(text: str) -> str:
    """User text (a message, a file name, a value) made safe to print through a console: control
    characters escaped, markup such as `[bold]` kept as text."""
    return escape(printable(text))

#: Progress callback handed to the library: advance(label) once per unit of work.
Advance = Callable[[str], None]

ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", "-c", help="deck.toml to build (default: ./deck.toml, else the built-in demo deck)."),
]
OutOption = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Folder to write into (default: output/ here; a link or a folder elsewhere only when named here)."),
]
AllowOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--allow-path",
        metavar="DIR",
        help="Also let deck.toml name files in this folder (repeatable); by default only files inside the deck's own folder are read.",
    ),
]
DpiOption = Annotated[int | None, typer.Option("--dpi", help="Override the DPI of the card images (default 300).")]


def load_deck(config: Path | None, dpi: int | None = None, allow: list[Path] | None = None) -> DeckConfig:
    """deck.toml given, or ./deck.toml, or the demo deck; --dpi overrides the file.

    A deck.toml here that is a broken link or a folder is an error, never the demo deck."""
    if dpi is not None and not 72 <= dpi <= 1200:
        raise UserError(f"--dpi: expected a resolution from 72 to 1200 (got {dpi})")
    for folder in allow or []:
        if not folder.is_dir():
            raise UserError(f"--allow-path {folder}: expected a folder that exists")
    overrides: dict[str, Any] = {"dpi": dpi} if dpi else {}
    if config is None and os.path.lexists("deck.toml"):
        config = Path("deck.toml")
    if config is None:
        err_console.print("[dim]No deck.toml here: using the built-in demo deck (deckgen init starts your own).[/dim]")
        return demo_config(overrides=overrides)
    return load_config(config, overrides, allow or [])


def output_folder(out: Path | None, deck: DeckConfig, allow: list[Path] | None = None) -> Path:
    """--out as given, or output/ here when it is a real folder inside the allowed places."""
    from deckgen.paths import check_output

    deck_dir = deck.base_dir if deck.source is not None else None
    return check_output(out if out is not None else Path("output"), out is not None, deck_dir, allow or [])


@contextmanager
def staged(out: Path, after_commit: Callable[[], None] | None = None) -> Iterator[Any]:
    """The build's staging folder (deckgen.steps.staged_build): the output changes only if it all succeeds."""
    from deckgen.steps import staged_build

    with staged_build(out, after_commit) as stage:
        yield stage


def load_house_rules(config: Path | None, allow: list[Path] | None = None) -> tuple[dict[str, dict[str, Any]], DeckConfig | None]:
    """The house rules `check`, `score` and `booklet` use: from --config, else ./deck.toml, else
    none; says which in one line (on stderr, so --json output stays clean)."""
    from deckgen.booklet.sources import house_rules_summary

    if config is None and os.path.lexists("deck.toml"):  # a broken link or a folder is an error, not "none"
        config = Path("deck.toml")
    if config is None:
        err_console.print("house rules: none, the usual rules (no deck.toml here; --config names one)", highlight=False)
        return {}, None
    deck = load_config(config, {}, allow or [])
    summary = house_rules_summary(deck.house_rules)
    err_console.print(
        f"house rules: {shown(summary) if summary else 'none, the usual rules'} (from {shown(str(config))})",
        highlight=False,
        soft_wrap=True,
    )
    return deck.house_rules, deck


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Advance]:
    """A progress bar on a terminal, silence elsewhere; yields advance(label)."""
    with _StepBars() as bars:
        bars.start(label, total)
        yield bars.advance


def report_written(what: str, paths: list[Path] | Path) -> None:
    """One line per step: `✓ faces: 54 files in output/cards`, or the file itself when there is one."""
    paths = [paths] if isinstance(paths, Path) else paths
    if not paths:
        return
    folders = {p.parent for p in paths}
    if len(paths) == 1:
        where = str(paths[0])
    elif len(folders) == 1:
        where = f"{len(paths)} files in {paths[0].parent}"
    else:
        where = f"{len(paths)} files in {', '.join(str(f) for f in sorted(folders))}"
    console.print(f"[green]✓[/green] {shown(what)}: {shown(where)}", highlight=False)


# ----------------------------------------------------------------- faces, build, init


def _report_warnings(caught: list[Any]) -> None:
    """Print warnings raised by a build step (a photo with too few pixels) as one line each."""
    for message in dict.fromkeys(str(item.message) for item in caught):  # a picture drawn twice warns once
        err_console.print(f"[yellow]warning:[/yellow] {shown(message)}", highlight=False, soft_wrap=True)


def _preflight(preflight: Callable[..., None], design: Design, **options: Any) -> None:
    """Run the build's preflight and print its warnings (letters a font cannot draw) one line each."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        preflight(design, **options)
    _report_warnings([w for w in caught if issubclass(w.category, UserWarning)])


@app.command()
def init(
    folder: Annotated[Path, typer.Argument(help="Folder for the new deck (created if needed).")] = Path("."),
    theme: Annotated[str, typer.Option("--theme", "-t", help=f"Occasion: {', '.join(theme_names())} (see `deckgen themes`).")] = "plain",
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing deck.toml.")] = False,
    name: Annotated[str | None, typer.Option("--name", "-n", help="The deck's name, printed under the ace of spades "
                                             "and on the lid (default: the folder's name).")] = None,
) -> None:
    """Start a deck: a commented deck.toml and an images/ folder for your photos.

    Example: deckgen init mydeck --theme wedding --name "Anna & Ben" && cd mydeck && deckgen build
    """
    from deckgen.starter import deck_name_for, init_deck

    written = init_deck(folder, theme, force, name)
    console.print(f"[green]✓[/green] wrote {shown(str(written[0]))} and {shown(str(folder / 'images'))}/", highlight=False)
    named = deck_name_for(folder) if name is None else name
    console.print(shown(f'  The deck is called "{named}": `name` in deck.toml sets it (the ace of spades, the lid); '
                        "[tin] title sets the lid's and the box's words instead"), highlight=False, soft_wrap=True)
    go = "deckgen build" if folder.resolve() == Path.cwd().resolve() else f"cd {folder} && deckgen build"
    console.print(f"  Edit deck.toml (every key is explained there), put photos in images/, then run: {shown(go)}",
                  highlight=False)


@app.command()
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
    import warnings

    from deckgen.steps import warn_dpi
    from deckgen.render.faces import build_faces

    deck = load_deck(config, dpi, allow_path)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    total = len(design.profile.unique_cards())
    with warnings.catch_warnings(record=True) as early:  # said before the work, with the time it will take
        warnings.simplefilter("always")
        warn_dpi(design)
    _report_warnings(list(early))
    with warnings.catch_warnings(record=True) as caught, staged(out) as stage:
        warnings.simplefilter("always")
        with progress_bar("faces", total) as advance:
            paths = stage.real_all(list(build_faces(design, stage.stage, advance, jobs=jobs).values()))
    _report_warnings([w for w in caught if issubclass(w.category, UserWarning)])
    report_written("faces", paths)
    _point_to_crop_review(out)


def _point_to_crop_review(out: Path) -> None:
    """The closing line of a build that placed photos: where to see what each card keeps of them."""
    from deckgen.render.faces import review_path

    review = review_path(out)
    if review.is_file():
        console.print(f"  Check the photo crops: {shown(str(review))} (the faces found, what each card keeps)",
                      highlight=False)


@app.command()
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

    if _PROGRAM:  # the build and its workers under DECKGEN_MEMORY_MB (1 GB); never a program that imports this
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
    with _StepBars() as bars:
        for event in events:
            if isinstance(event, StepStarted):
                bars.start(event.step, event.total)
            elif isinstance(event, Advanced):
                bars.advance(event.item)
            elif isinstance(event, StepDone):
                bars.stop()
                done[event.step] = event
            elif isinstance(event, Warned):
                err_console.print(f"[yellow]warning:[/yellow] {shown(event.message)}", highlight=False, soft_wrap=True)
            elif isinstance(event, Failed):
                raise event.error
            elif isinstance(event, Finished):
                finished = event
    if finished is None:
        return
    if finished.nothing_to_do and not done:
        console.print(f"Nothing to rebuild: the {finished.current_files} files in {shown(str(out))} are current "
                      "(--force rebuilds them all).", highlight=False)
        return
    for label in finished.written:
        step = done.get(label)
        if step is None:
            console.print(f"[dim]= {shown(label)}: current[/dim]", highlight=False)
        elif step.current == 0 or step.rebuilt == 0:
            report_written(label, list(step.paths))
        else:
            console.print(f"[green]✓[/green] {shown(label)}: {step.rebuilt} rebuilt, {step.current} current", highlight=False)
    everything = [p for paths in finished.written.values() for p in paths]
    preview = [p for p in everything if p.name == "contact-sheet.png"]
    sheets = [p.name for p in everything if p.name.startswith("sheets-") and p.suffix == ".pdf"]
    if preview:
        console.print(f"  Look at the whole deck: {shown(str(preview[0]))}", highlight=False)
    _point_to_crop_review(out)
    if sheets:
        console.print(
            f"  Print at home: {shown(' or '.join(sheets))} in {shown(str(out / 'print'))}, duplex, at 100 % "
            "(actual size); deckgen print --alignment-test checks your printer first.",
            highlight=False,
        )
    boxes = [p.name for p in everything if p.name.startswith("tuck-box-") and p.suffix == ".pdf"]
    if boxes:
        console.print(f"  The tuck box: {shown(' or '.join(boxes))} in {shown(str(out / 'box'))}, one side, at 100 %; "
                      "tuck-box.pdf is the print shop's die-cut file, tuck-box-die.svg its cutter's lines.", highlight=False)


class _StepBars:
    """One rich progress bar per build step on a terminal (a spinner for a step that cannot count
    its work), nothing elsewhere."""

    def __init__(self) -> None:
        self._progress: Progress | None = None
        self._task: Any = None
        self._label = ""

    def __enter__(self) -> _StepBars:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def start(self, label: str, total: int | None) -> None:
        self.stop()
        if not err_console.is_terminal:
            return
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        self._progress = Progress(*columns, console=err_console, transient=False)
        self._progress.start()
        self._label = label
        self._task = self._progress.add_task(label, total=total)

    def advance(self, item: str) -> None:
        if self._progress is not None:
            self._progress.update(self._task, advance=1, description=f"{self._label} {item}")

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.update(self._task, description=self._label)
            self._progress.stop()
            self._progress = None


# ----------------------------------------------------------------- backs, themes, tin


def _with_warnings(run: Callable[[], list[Path]]) -> list[Path]:
    """Run a renderer and print its warnings (an asymmetric back, a small photo) one line each."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        paths = run()
    said: set[str] = set()
    for item in caught:
        if issubclass(item.category, UserWarning) and str(item.message) not in said:
            said.add(str(item.message))  # a second pack repeats the first back's text: say it once
            err_console.print(f"[yellow]warning:[/yellow] {shown(str(item.message))}", highlight=False, soft_wrap=True)
    return paths


@app.command()
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

        from deckgen.themes import get_palette, get_template, palette_names, template_names

        table = Table(title="Back templates (\\[back] template = ...)")
        table.add_column("template", style="bold")
        table.add_column("pattern")
        table.add_column("looks like")
        for name in template_names():
            t = get_template(name)
            table.add_row(name, t.pattern, t.description)
        console.print(table)
        table = Table(title="Palettes (\\[back] palette = ...; or one colour: ground = \"#123456\")")
        table.add_column("palette", style="bold", no_wrap=True)
        table.add_column("paper ground ink accent", no_wrap=True)
        table.add_column("looks like")
        for name in palette_names():
            p = get_palette(name)
            colours = [getattr(p, r) for r in ("paper", "ground", "ink", "accent")]
            table.add_row(name, " ".join(f"[{c}]■[/]{c}" for c in colours), p.description)
        console.print(table)
        return
    from deckgen.steps import preflight_backs
    from deckgen.render.backs import build_backs

    deck = load_deck(config, dpi, allow_path)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    preflight_backs(design)  # a bad [back2] stops it before back.png is written
    with staged(out) as stage, progress_bar("backs", len(design.backs)) as advance:
        paths = stage.real_all(_with_warnings(lambda: build_backs(design, stage.stage, advance)))
    report_written("backs", paths)


@app.command()
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
    from deckgen.steps import preflight_lid
    from deckgen.render.tin import build_lid
    from deckgen.render.tuckbox import warn_if_not_in_tin

    deck = load_deck(config, allow=allow_path)
    date = pdf_date()  # once, for every PDF written (a bad SOURCE_DATE_EPOCH stops here, before any picture is drawn)
    out = output_folder(out, deck, allow_path)
    if dpi is not None:
        if not 72 <= dpi <= 1200:
            raise UserError(f"--dpi: expected a resolution from 72 to 1200 (got {dpi})")
        deck = deck.model_copy(update={"tin": deck.tin.model_copy(update={"dpi": dpi})})
    design = resolve_design(deck)
    preflight_lid(design)  # the lid's picture and fonts are read before lid.png is written
    _preflight(warn_if_not_in_tin, design)  # cards the tin cannot hold
    with staged(out) as stage:
        paths = stage.real_all(_with_warnings(lambda: build_lid(design, stage.stage, date=date)))
    report_written("tin lid", paths)


@app.command()
def box(config: ConfigOption = None, out: OutOption = None, allow_path: AllowOption = None) -> None:
    """Build the tuck box only, whatever [box] kind says: output/box/tuck-box.pdf (the print shop's
    die-cut file: 3 mm bleed, cut and fold lines as spot colours), tuck-box-die.svg (the cutter's
    lines alone, in mm, as named layers), tuck-box-a4.pdf and tuck-box-letter.pdf to print at home
    at 100 % (a box too big for one sheet on two, to glue), and tuck-box.png, a look at the net. It
    is sized from the card format and the deck: [box] card_thickness_mm and clearance_mm.

    Example: deckgen box --config mydeck/deck.toml
    """
    from dataclasses import replace

    from deckgen.steps import preflight_lid
    from deckgen.render.tuckbox import build_tuck_box, check_tuck_box

    deck = load_deck(config, allow=allow_path)
    date = pdf_date()  # once, for every PDF written (a bad SOURCE_DATE_EPOCH stops here, before any picture is drawn)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    design = replace(design, box=replace(design.box, kind="tuck"))
    preflight_lid(design)  # the front's label is the lid's: its picture and fonts are read first
    check_tuck_box(design)
    with staged(out) as stage:
        paths = stage.real_all(_with_warnings(lambda: build_tuck_box(design, stage.stage, date=date)))
    report_written("tuck box", paths)


@app.command()
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
    console.print(table)


# ----------------------------------------------------------------- print files


@app.command(name="print")
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
    from deckgen.render.printfiles import build_print_files, print_file_count, shop_preset, write_alignment_tests

    from deckgen.papers import paper_named

    if flip is not None and flip.lower() not in ("long", "short"):
        raise UserError(f"--flip: '{flip}' is not one of long, short")
    if paper is not None and paper.strip().lower() != "both":
        try:
            paper_named(paper)
        except ValueError as exc:
            raise UserError(f"--paper: {exc}") from None
    if gutter is not None and not 0 <= gutter <= 20:  # also refuses nan
        raise UserError(f"--gutter: {gutter:g} mm is not a gutter (expected 0 to 20 mm)")
    for flag, offset in (("--offset-x", offset_x), ("--offset-y", offset_y)):
        if offset is not None and not (abs(offset) <= 20):  # also refuses nan
            raise UserError(f"{flag}: {offset:g} mm is more than a printer is ever off (expected -20 to 20 mm)")
    if ink_limit is not None and not 150 <= ink_limit <= 400:
        raise UserError(f"--ink-limit: {ink_limit} % is not a total ink a press uses (expected 150 to 400)")
    if icc is not None and cmyk is False:
        raise UserError("--icc: a CMYK profile has no use with --rgb; leave one of them out")

    deck = load_deck(config, dpi, allow_path)
    date = pdf_date()  # once, for every PDF written (a bad SOURCE_DATE_EPOCH stops here, before any picture is drawn)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    options = design.print.with_overrides(
        paper=paper.strip().lower() if paper else None,
        flip=flip.lower() if flip else None,
        interleave=interleave,
        gutter_mm=gutter,
        cutter=cutter,
        rgb=None if cmyk is None else not cmyk,
        icc=icc,
        shop=shop,
        ink_limit=ink_limit,
        die_line=die_line,
    )
    if offset_x is not None or offset_y is not None:
        options = options.with_overrides(
            offset_mm=(offset_x if offset_x is not None else options.offset_mm[0], offset_y if offset_y is not None else options.offset_mm[1])
        )
    if preflight_only:
        from deckgen.render.shopcheck import check_for_shop

        findings = check_for_shop(design, options)
        for finding in findings:
            console.print(shown(str(finding)), highlight=False, soft_wrap=True)
        failed = sum(f.failed for f in findings)
        preset = shop_preset(design, options)
        console.print(f"{len(findings) - failed} passed, {failed} failed ({preset.name}: {shown(preset.title)})",
                      highlight=False, soft_wrap=True)
        raise typer.Exit(1 if failed else 0)
    if alignment_test:
        with staged(out) as stage:
            paths = stage.real_all(write_alignment_tests(design, stage.stage, options, date=date))
        report_written("alignment test", paths)
        console.print("  Print it duplex at 100 % and follow the steps on its front page.")
        return
    import warnings

    from deckgen.steps import preflight

    _preflight(preflight, design, booklet=False)  # faces and backs may be drawn first: their files are read now
    with warnings.catch_warnings(record=True) as caught, staged(out) as stage:
        warnings.simplefilter("always")
        with progress_bar("print files", print_file_count(design, options)) as advance:
            paths = stage.real_all(build_print_files(design, stage.stage, advance, options, date=date))
    _report_warnings([w for w in caught if issubclass(w.category, UserWarning)])
    report_written("print files", [p for p in paths if p.suffix in (".pdf", ".svg")])
    report_written("contact sheet", [p for p in paths if p.suffix == ".png"])
    console.print(f"  Print the sheets duplex at 100 % (actual size), flipping on the {options.flip} edge.")


# ----------------------------------------------------------------- check and score
# `score` is generic: every GameSpec of the engine gets `deckgen score <game>`; the
# first positional words fill the game's first input (poker: the hand). Add no
# per-game score commands: add inputs to the game's spec instead.


@app.command(
    epilog="Examples:\n\n  deckgen check rules/ docs/ README.md\n\n  deckgen check house-rules.md --json",
)
def check(
    paths: Annotated[list[Path], typer.Argument(help="Markdown files or folders (searched recursively).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print the results as a JSON list.")] = False,
    lint_words: Annotated[bool, typer.Option(
        "--lint", help="Also list hand categories a sentence introducing an example names outside a claim "
        "that the example's results do not hold (they do not fail the check).")] = False,
    config: ConfigOption = None,
    allow_path: AllowOption = None,
) -> None:
    """Recompute every ```deckgen worked example in Markdown files and report claims that are wrong."""
    import json

    from deckgen.booklet.check import check_paths, lint

    house_rules, _ = load_house_rules(config, allow_path)
    results = check_paths(paths, house_rules)
    failed = [r for r in results if not r.ok]
    notes = [n for r in results for n in lint(r)] if lint_words else []
    if json_output:
        print(json.dumps([r.as_dict() for r in results], ensure_ascii=False, indent=2))
    else:
        for result in failed:
            for failure in result.failures:
                print(printable(str(failure)))
        for note in notes:
            print(printable(str(note)))
        print(f"{len(results) - len(failed)} passed, {len(failed)} failed" + (f", {len(notes)} to look at" if lint_words else ""))
    raise typer.Exit(1 if failed else 0)


def _parse_score_args(spec: Any, words: list[str]) -> dict[str, Any]:
    """`A♠ K♠ --board "Q♠ J♠ 10♠" --wild [2]` -> inputs; values are read as YAML (lists, numbers)."""
    import yaml

    from deckgen.engine.base import ExampleError
    from deckgen.limits import safe_yaml

    fields = list(spec.inputs)
    inputs: dict[str, Any] = {}
    loose: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("--") and len(word) > 2:
            name, _, value = word[2:].partition("=")
            key = name.replace("-", "_")
            if key not in spec.inputs:
                key = name
            if key not in spec.inputs:
                raise ExampleError(f"unknown option '--{name}' for {spec.name} (expected: --{', --'.join(fields)})", name)
            if not value:
                if i + 1 >= len(words):
                    raise ExampleError(f"option '--{name}' needs a value", name)
                value = words[i + 1]
                i += 1
            try:
                inputs[key] = safe_yaml(value)
            except yaml.YAMLError:
                inputs[key] = value
            if inputs[key] is None:
                inputs[key] = value
        else:
            loose.append(word)
        i += 1
    if loose:
        if not fields or fields[0] in inputs:
            raise ExampleError(f"unexpected argument '{loose[0]}' for {spec.name}")
        inputs[fields[0]] = " ".join(loose)
    return inputs


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    epilog="Examples:\n\n"
    "  deckgen score poker 'A♠ K♠ Q♠ J♠ 10♠'\n\n"
    "  deckgen score poker 'A♥ K♣ 7♦ 2♠' --board 'Q♥ 9♥ 5♥ 3♥ T♣' --variant omaha\n\n"
    "  deckgen score gin-rummy --knocker '...' --defender '...' --rule undercut_bonus=20\n\n"
    "  deckgen score bridge 4H --vulnerable false --tricks 10 --json\n\n"
    "  deckgen score gin-rummy   (no inputs: lists the game's fields and house rules)",
)
def score(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game name, as in `deckgen games` (poker, gin-rummy, bridge ...).")],
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule for this call: NAME=VALUE (repeatable).")
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    config: ConfigOption = None,
    allow_path: AllowOption = None,
) -> None:
    """Score one hand or deal with the rules engine: give the game's inputs as --field VALUE.

    House rules come from --config, else ./deck.toml ([house_rules.<game>]); --rule changes one for this call."""
    import json

    import yaml
    from rich.table import Table

    from deckgen.booklet.check import show, to_plain
    from deckgen.booklet.sources import find_game, game_rules
    from deckgen.config import rules_sources
    from deckgen.limits import safe_yaml
    from deckgen.engine.base import ExampleError
    from deckgen.engine.registry import all_games

    spec = find_game(game)
    if spec is None:
        raise UserError(unknown_choice("game", game, sorted(set(all_games()) | set(rules_sources()))))
    words = list(ctx.args)
    if not words:
        table = Table(title=f"deckgen score {spec.name}: {spec.title}")
        table.add_column("input")
        table.add_column("what it is")
        for name, about in spec.inputs.items():
            table.add_row(f"--{name}" + (" (required)" if name in spec.required else ""), about)
        for p in spec.parameters:
            table.add_row(shown(f"--rule {p.name}={p.default}"), shown(f"{p.label}: {p.description}"))
        console.print(table)
        return
    overrides: dict[str, Any] = {}
    for item in rule or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise UserError(f"--rule '{item}': expected NAME=VALUE, e.g. --rule undercut_bonus=20")
        try:
            overrides[name.strip()] = safe_yaml(value)
        except yaml.YAMLError as exc:
            problem = str(getattr(exc, "problem", "") or "")
            if problem.startswith(("expected a finite number", "aliases", "nested more")):
                raise UserError(f"--rule '{item}': {problem}") from None
            raise UserError(f"--rule '{item}': the value is not readable; quote text, e.g. --rule 'name=text'") from None
    house_rules, _ = load_house_rules(config, allow_path)
    try:
        inputs = _parse_score_args(spec, words)
        file_name = game if game in rules_sources() else None
        rules = spec.resolve_rules(game_rules(spec, house_rules, file_name), overrides)
        result = spec.run(inputs, rules)
        explain = list(spec.explain(inputs, rules)) if spec.explain else []
    except ExampleError as exc:
        raise UserError(f"{spec.name}: {exc}") from None
    if json_output:
        out = {"game": spec.name, "inputs": to_plain(inputs), "rules": rules, "result": to_plain(result), "explain": explain}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return

    table = Table(title=spec.title, show_header=False)
    for q in spec.quantities:
        if q.name in result:
            table.add_row(q.name, shown(show(result[q.name], q.kind)))
    console.print(table)
    for line in explain:
        console.print(shown(line), highlight=False)


# ----------------------------------------------------------------- serve


@app.command()
def serve(
    folder: Annotated[Path, typer.Argument(help="The deck folder (the one with deck.toml; default: here).")] = Path("."),
    no_open: Annotated[bool, typer.Option("--no-open", help="Do not open the browser; just print the address.")] = False,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default 127.0.0.1, this computer only); another address lets other computers change the deck.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (default: a free one).")] = 0,
) -> None:
    """Design the deck in the browser: a live preview that follows deck.toml and the photos as you
    save them, a photo-crop editor (click a court or joker), theme and back lists, and a build button.

    Example: deckgen serve mydeck
    """
    from deckgen.serve.server import serve as run_server

    run_server(folder, host=host, port=port, open_browser=not no_open,
               say=lambda line: console.print(shown(line), highlight=False, soft_wrap=True))


# ----------------------------------------------------------------- booklet and games


@app.command()
def booklet(config: ConfigOption = None, out: OutOption = None, allow_path: AllowOption = None) -> None:
    """Build the rules booklet: output/booklet/rules-pocket.pdf (fits the tin) and A4/Letter imposed versions.

    Every worked example is recomputed with your house rules first; a wrong one stops
    the build with its file:line. Games, title, dedication: [booklet] in deck.toml.

    Example: deckgen booklet --config mydeck/deck.toml
    """
    import warnings

    from deckgen.booklet.build import POCKET_NAME, booklet_steps, build_booklet
    from deckgen.steps import house_rule_blame

    _, deck = load_house_rules(config, allow_path)
    deck = deck or load_deck(None)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    earlier = Path(out) / "booklet" / POCKET_NAME
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with staged(out) as stage, house_rule_blame(design), progress_bar("booklet", booklet_steps(design)) as advance:
                paths = stage.real_all(build_booklet(design, stage.stage, advance))
    except UserError as exc:
        if earlier.is_file():
            raise UserErrorLines([*exc.lines(), f"the booklet in {earlier.parent}/ is from an earlier build, not this one"]) from None
        raise
    _report_warnings([w for w in caught if issubclass(w.category, UserWarning)])
    report_written("rules booklet", paths)


@app.command()
def games(
    game: Annotated[str | None, typer.Argument(help="One game: show each of its house rules in full.")] = None,
    config: ConfigOption = None,
    allow_path: AllowOption = None,
) -> None:
    """List the games the booklet can print: players, ratings and house rules.

    Values shown are your deck's ([house_rules.<game>] in deck.toml); changed ones are marked.

    Example: deckgen games            (every game)

    Example: deckgen games gin-rummy  (one game's house rules, what each changes)
    """
    from rich.table import Table

    from deckgen.booklet.sources import active_rules, load_source
    from deckgen.config import rules_sources
    from deckgen.engine.base import Parameter, show_value

    def declared(source: Any) -> dict[str, Parameter]:
        """The house-rule parameters of a rules file's engine games, each once, as the engine declares them."""
        found: dict[str, Parameter] = {}
        for spec in source.engine_games:
            for param in spec.parameters:
                found.setdefault(param.name, param)
        return found

    deck = load_deck(config, allow=allow_path)
    sources = rules_sources()
    if game is not None:
        if game not in sources:
            raise UserError(unknown_choice("game", game, sources))
        source = load_source(sources[game])
        params = declared(source)
        table = Table(title=f"{source.title}: house rules (\\[house_rules.{game}] in deck.toml)", show_lines=True)
        for column in ("parameter", "your value", "usual", "what it changes"):
            table.add_column(column, style="bold" if column == "parameter" else None)
        for key, value in active_rules(source, deck.house_rules).items():
            param = params[key]
            value_text = shown(show_value(value)) + (" [yellow](changed)[/yellow]" if value != param.default else "")
            about = f"[bold]{shown(param.label)}[/bold]: {shown(param.description)}"
            table.add_row(key, value_text, shown(show_value(param.default)), about)
        console.print(table)
        if not table.rows:
            console.print(f"{source.title} has no house-rule parameters.")
        computed = [t for spec in source.engine_games for t in spec.tables]
        if computed:
            tables = Table(title=f"{source.title}: tables the engine computes (a ```deckgen-table block names one)")
            for column in ("table", "other keys", "what it prints"):
                tables.add_column(column, style="bold" if column == "table" else None)
            for t in computed:
                tables.add_row(t.name, shown(", ".join(f"{k}: {v}" for k, v in t.options.items())), shown(t.description))
            console.print(tables)
        return
    table = Table(title="Games (\\[booklet] games = \\[...] picks them; `deckgen games GAME` shows one in full)")
    # the game's name is what a person types: it never wraps; the ratings share one narrow column
    table.add_column("game", no_wrap=True)
    table.add_column("players")
    table.add_column("luck brains fun", no_wrap=True, justify="center")
    table.add_column("booklet", justify="center")
    table.add_column("house rules")
    for name, path in sources.items():
        source = load_source(path)
        ratings = source.meta.get("ratings") or {}
        params = declared(source)
        active = active_rules(source, deck.house_rules)
        changed = []
        for key, value in active.items():
            default = params[key].default
            if value != default:
                changed.append(f"{key} = {shown(show_value(value))} [yellow](usually {shown(show_value(default))})[/yellow]")
        summary = "\n".join(changed) if changed else (f"{len(active)}, all usual" if active else "(none)")
        table.add_row(
            f"[bold]{shown(name)}[/bold]\n{shown(source.title)}",
            str(source.meta.get("players", "")),
            "  ".join(str(ratings.get(k, "–")) for k in ("luck", "brains", "fun")),
            "✓" if name in deck.booklet.games else "",
            summary,
        )
    console.print(table)


@app.command()
def batch(
    orders: Annotated[Path, typer.Argument(help="The orders folder: one subfolder per order, each with its deck.toml.")],
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Orders built at once (default: every core).")] = None,
    out_root: Annotated[Path | None, typer.Option("--out-root", help="Write order X into DIR/X/ (default: X/output/).")] = None,
    shop: Annotated[str | None, typer.Option("--shop", help="Print-shop preset for every order (default: each deck's own).")] = None,
    order_timeout: Annotated[float | None, typer.Option("--order-timeout", min=1, help="Seconds an order may take; "
                                                        "past that it is stopped and reported (default: no limit).")] = None,
    memory_mb: Annotated[int | None, typer.Option("--memory-mb", min=64, help="Memory an order may take on top of "
                                                  "deckgen's own, in MB (default 4096).")] = 4096,
    force: Annotated[bool, typer.Option("--force", help="Rebuild every order, even those that are up to date.")] = False,
) -> None:
    """Build every order in a folder, several at once: a shop's day in one command.

    Each order builds as `deckgen build` would in its folder, in a process of its own: a bad, slow or
    huge order ends with its one line and the others go on. Run again, it rebuilds only the orders
    whose inputs changed and retries the failed ones. The report is ORDERS/batch-report.json; the exit
    code is 0 when every order built, 1 when any did not.

    Example: deckgen batch orders/ --jobs 2 --shop drivethrucards --order-timeout 600
    """
    from deckgen.render.shops import load_shop
    from deckgen.shop.batch import BatchOptions, OrderFinished, OrderStarted, find_orders, run_batch, write_report

    if shop is not None:
        load_shop(shop, Path.cwd())  # a preset that does not exist is one line now, not a row per order
    options = BatchOptions(jobs=jobs or os.cpu_count() or 1, out_root=out_root.absolute() if out_root else None,
                           shop=str(Path(shop).absolute()) if shop and shop.endswith(".toml") else shop,
                           order_timeout=order_timeout, memory_mb=memory_mb, force=force)
    total = len(find_orders(orders))
    results: list[Any] = []
    running: set[str] = set()
    started = time.monotonic()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=False, disable=not err_console.is_terminal) as progress:
        task = progress.add_task("orders", total=total)
        try:
            for event in run_batch(orders, options):
                if isinstance(event, OrderStarted):
                    running.add(event.order)
                elif isinstance(event, OrderFinished):
                    running.discard(event.result.order)
                    results.append(event.result)
                    if not event.result.ok:
                        err_console.print(f"[red]failed:[/red] {shown(event.result.order)}: {shown(event.result.error or '')}",
                                          highlight=False, soft_wrap=True)
                    progress.advance(task)
                failed = sum(not r.ok for r in results)
                progress.update(task, description=f"orders: {len(results) - failed} built, {failed} failed, "
                                                  f"{len(running)} running")
        except KeyboardInterrupt:
            write_report(orders, results, time.monotonic() - started)
            err_console.print(f"stopped: {len(results)} of {total} orders are done (see {shown(str(orders / 'batch-report.json'))}); "
                              "the running ones are as before. Run the same command again to build the rest.",
                              highlight=False, soft_wrap=True)
            raise typer.Exit(130) from None
    report = write_report(orders, results, time.monotonic() - started)
    table = Table(title=f"{len(results)} orders in {time.monotonic() - started:.0f} s")
    for column in ("order", "status", "time", "files", "preflight", "error"):
        table.add_column(column, overflow="fold")
    for r in sorted(results, key=lambda r: r.order):
        table.add_row(shown(r.order), shown(r.status), f"{r.seconds:.1f} s", str(len(r.files)), shown(r.preflight),
                      shown(r.error or ""))
    console.print(table)
    console.print(f"  The report: {shown(str(report))}", highlight=False)
    if any(not r.ok for r in results):
        raise typer.Exit(1)


# `deckgen queue`: the shop's job queue (deckgen/shop/queue.py; RQ and Redis, the optional extra 'queue')
queue_app = typer.Typer(name="queue", no_args_is_help=True, rich_markup_mode=None,
                        help="Build orders on several machines through a Redis job queue (pip install 'deckgen[queue]').\n\n"
                        "Example: deckgen queue submit /srv/orders --redis redis://queue.local:6379/0")
app.add_typer(queue_app)
RedisOption = Annotated[str, typer.Option("--redis", help="The Redis server, e.g. redis://queue.local:6379/0.")]


def _queue() -> Any:
    """deckgen.shop.queue, or the one line saying how to install what it needs."""
    import importlib

    try:
        queue = importlib.import_module("deckgen.shop.queue")
    except ImportError as exc:
        if (exc.name or "").split(".")[0] in ("rq", "redis"):
            raise UserError("deckgen queue needs Redis and RQ, which a plain install leaves out: "
                            "pip install 'deckgen[queue]'") from None
        raise
    return queue


@queue_app.command("submit")
def queue_submit(
    orders: Annotated[Path, typer.Argument(help="The orders folder (every worker must see it at this same path).")],
    redis: RedisOption,
    out_root: Annotated[Path | None, typer.Option("--out-root", help="Write order X into DIR/X/ (default: X/output/).")] = None,
    shop: Annotated[str | None, typer.Option("--shop", help="Print-shop preset for every order (default: each deck's own).")] = None,
    order_timeout: Annotated[float | None, typer.Option("--order-timeout", min=1, help="Seconds an order may take (at most the worker's).")] = None,
    memory_mb: Annotated[int | None, typer.Option("--memory-mb", min=64, help="Memory an order may take, in MB (at most the worker's).")] = None,
) -> None:
    """Queue one job per order of ORDERS; orders already queued or being built are left as they are.

    Example: deckgen queue submit /srv/orders --redis redis://queue.local:6379/0
    """
    from deckgen.render.shops import load_shop

    queue = _queue()
    if shop is not None:
        load_shop(shop, Path.cwd())  # a preset that does not exist is one line now, not a failed job per order
        if shop.endswith(".toml"):
            shop = str(Path(shop).absolute())
    done = queue.submit(queue.connect(redis), orders, out_root=out_root, shop=shop, order_timeout=order_timeout,
                        memory_mb=memory_mb)
    fresh = sum(s.queued for s in done)
    console.print(f"{fresh} orders queued" + (f", {len(done) - fresh} already queued or being built" if fresh < len(done) else ""),
                  highlight=False)


@queue_app.command("worker")
def queue_worker(
    redis: RedisOption,
    burst: Annotated[bool, typer.Option("--burst", help="Stop when no order is queued or being built.")] = False,
    orders: Annotated[Path | None, typer.Option("--orders", help="Build only orders inside this folder (recommended).")] = None,
    out_root: Annotated[Path | None, typer.Option("--out-root", help="Let jobs write order X into DIR/X/.")] = None,
    order_timeout: Annotated[float, typer.Option("--order-timeout", min=1, help="The most seconds a job may give an order.")] = 3600,
    memory_mb: Annotated[int, typer.Option("--memory-mb", min=64, help="The most memory a job may give an order, in MB.")] = 4096,
    heartbeat: Annotated[int, typer.Option("--heartbeat", min=1, max=300, help="Seconds between signs of life; an order "
                                           "of a worker silent for 3 of them is built again by another.")] = 10,
) -> None:
    """Build queued orders, one at a time, each in a contained process of its own (run one per core).

    Example: deckgen queue worker --redis redis://queue.local:6379/0 --orders /srv/orders
    """
    queue = _queue()
    for flag, folder in (("--orders", orders), ("--out-root", out_root)):
        if folder is not None and not folder.is_dir():
            raise UserError(f"{flag} {folder}: expected a folder that exists (every worker sees it at the same path)")
    settings = queue.WorkerSettings(orders=orders, out_root=out_root, order_timeout=order_timeout, memory_mb=memory_mb,
                                    heartbeat=heartbeat)
    queue.run_worker(queue.connect(redis), settings, burst=burst)


@queue_app.command("status")
def queue_status(redis: RedisOption) -> None:
    """Each order the queue knows: queued, building, built, up to date or failed (with its one line).

    Example: deckgen queue status --redis redis://queue.local:6379/0
    """
    queue = _queue()
    states = queue.order_states(queue.connect(redis))
    table = Table(title=f"{len(states)} orders")
    for column in ("order", "state", "time", "worker", "error"):
        table.add_column(column, overflow="fold")
    for s in states:
        table.add_row(shown(s.order), shown(s.state), "" if s.seconds is None else f"{s.seconds:.1f} s",
                      shown(s.worker or ""), shown(s.error or ""))
    console.print(table)


@queue_app.command("retry")
def queue_retry(redis: RedisOption) -> None:
    """Queue every failed order again.

    Example: deckgen queue retry --redis redis://queue.local:6379/0
    """
    queue = _queue()
    names = queue.retry_failed(queue.connect(redis))
    console.print(f"{len(names)} failed orders queued again" + (f": {', '.join(shown(n) for n in names)}" if names else ""),
                  highlight=False)


@app.command("version")
def version_command() -> None:
    """Print deckgen's version (the same as `deckgen --version`).

    Example: deckgen version
    """
    console.print(f"deckgen {__version__}", highlight=False)


def _out_of_memory() -> None:
    err_console.print("[bold red]error:[/bold red] this deck needs more memory than deckgen may use here; make "
                      "the photos smaller or the deck shorter. The output folder is unchanged.",
                      highlight=False, soft_wrap=True)
    sys.exit(2)


def main() -> None:
    """Entry point: a DeckgenError prints one line and exits with code 2, never a traceback."""
    if _starting is not None:  # from here on, Ctrl-C is a KeyboardInterrupt main() answers
        signal.signal(signal.SIGINT, _starting)
    try:
        code = app(standalone_mode=False)
        if code == 130:  # Typer's own answer to Ctrl-C: the command was interrupted
            raise KeyboardInterrupt
        if isinstance(code, int) and code:
            sys.exit(code)
    except DeckgenError as exc:
        first, *more = exc.lines()
        err_console.print(f"[bold red]error:[/bold red] {shown(first)}", highlight=False, soft_wrap=True)
        for line in more:
            err_console.print(shown(line), highlight=False, soft_wrap=True)
        sys.exit(exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        err_console.print("stopped: the output folder is as the last finished build left it (nothing is half-written)",
                          highlight=False, soft_wrap=True)
        sys.exit(130)
    except RecursionError:
        err_console.print("[bold red]error:[/bold red] an input is nested too deeply to read (lists or tables inside "
                          "each other thousands of times); flatten it", highlight=False, soft_wrap=True)
        sys.exit(2)
    except MemoryError:
        _out_of_memory()
    except typer.exceptions.TyperException as exc:  # usage errors (typer's own copy of click's)
        show = getattr(exc, "show", None)
        if callable(show):
            show()
        if type(exc).__name__ == "NoArgsIsHelpError":
            sys.exit(0)  # plain `deckgen` shows the help: not a mistake
        sys.exit(int(getattr(exc, "exit_code", 2)))
    except OSError as exc:  # the disk, not deckgen: a full disk, a read-only folder, --out naming a file
        from deckgen.fileio import shown_path

        where = shown_path(exc.filename) if exc.filename else "output"
        err_console.print(
            f"[bold red]error:[/bold red] {shown(str(where))}: cannot write there ({shown(exc.strerror or str(exc))})",
            highlight=False,
            soft_wrap=True,
        )
        sys.exit(2)
    except Exception as exc:  # deckgen's own bugs
        if is_out_of_memory(exc):
            _out_of_memory()  # a library that cannot be mapped into memory: out of memory, not a bug
        if os.environ.get("DECKGEN_DEBUG"):
            raise
        first = (str(exc).strip().splitlines() or [""])[0]
        err_console.print(
            f"[bold red]error:[/bold red] deckgen failed unexpectedly ({shown(type(exc).__name__)}: {shown(first)}). "
            "This is a bug in deckgen, not in your deck; run again with DECKGEN_DEBUG=1 to see the details "
            "for a bug report. Files already in place are complete.",
            highlight=False,
            soft_wrap=True,
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
