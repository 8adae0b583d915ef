"""What every command of `deckgen` shares: the Typer app, the consoles, the options, reading the deck,
the output folder, staging, progress bars and the one-line reports."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

from deckgen import __version__
from deckgen.config import DeckConfig, demo_config, load_config, with_options
from deckgen.design import Design
from deckgen.errors import (
    DeckgenWarning,
    UserError,
    collected_warnings,
    printable,
    said_once,
)

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
    for folder in allow or []:
        if not folder.is_dir():
            raise UserError(f"--allow-path {folder}: expected a folder that exists")
    if config is None and os.path.lexists("deck.toml"):
        config = Path("deck.toml")
    if config is not None:
        return with_options(load_config(config, None, allow or []), {"--dpi": ("dpi", dpi)})
    deck = with_options(demo_config(), {"--dpi": ("dpi", dpi)})  # a bad flag is said first, alone
    err_console.print("[dim]No deck.toml here: using the built-in demo deck (deckgen init starts your own).[/dim]")
    return deck


def output_folder(out: Path | None, deck: DeckConfig, allow: list[Path] | None = None) -> Path:
    """--out as given, or output/ here when it is a real folder inside the allowed places."""
    from deckgen.paths import check_output

    deck_dir = deck.base_dir if deck.source is not None else None
    return check_output(out if out is not None else Path("output"), out is not None, deck_dir, allow or [])


@contextmanager
def staged(out: Path, after_commit: Callable[[], None] | None = None) -> Iterator[Any]:
    """The build's staging folder (deckgen.staging.staged_build): the output changes only if it all succeeds."""
    from deckgen.staging import staged_build

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
    with StepBars() as bars:
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


def report_warnings(said: list[DeckgenWarning]) -> None:
    """Print what a build step said (a photo with too few pixels) as one line each, once each."""
    for message in said_once(said):  # a picture drawn twice warns once
        err_console.print(f"[yellow]warning:[/yellow] {shown(message)}", highlight=False, soft_wrap=True)


def preflight_said(preflight: Callable[..., None], design: Design, **options: Any) -> None:
    """Run the build's preflight and print its warnings (letters a font cannot draw) one line each."""
    with collected_warnings() as said:
        preflight(design, **options)
    report_warnings(said)


class StepBars:
    """One rich progress bar per build step on a terminal (a spinner for a step that cannot count
    its work), nothing elsewhere."""

    def __init__(self) -> None:
        self._progress: Progress | None = None
        self._task: Any = None
        self._label = ""

    def __enter__(self) -> StepBars:
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


def with_warnings(run: Callable[[], list[Path]]) -> list[Path]:
    """Run a renderer and print its warnings (an asymmetric back, a small photo) one line each."""
    with collected_warnings() as said:
        paths = run()
    report_warnings(said)  # a second pack repeats the first back's text: said once
    return paths


def point_to_crop_review(out: Path) -> None:
    """The closing line of a build that placed photos: where to see what each card keeps of them."""
    from deckgen.render.cropreview import review_path

    review = review_path(out)
    if review.is_file():
        console.print(f"  Check the photo crops: {shown(str(review))} (the faces found, what each card keeps)",
                      highlight=False)


