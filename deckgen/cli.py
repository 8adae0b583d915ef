"""The `deckgen` command: parse the arguments, call the library, report. Nothing else lives here."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from deckgen.cards import CardError
from deckgen.config import DeckConfig, demo_config, load_config
from deckgen.errors import UserError

app = typer.Typer(
    name="deckgen",
    help="Design a print-and-play deck: faces, backs, tin lid, print files and a verified rules booklet.\n\n"
    "Example: deckgen build   (in an empty folder, builds the built-in demo deck into output/)",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)
console = Console()
err_console = Console(stderr=True)

#: Progress callback handed to the library: advance(label) once per unit of work.
Advance = Callable[[str], None]

ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", "-c", help="deck.toml to build (default: ./deck.toml, else the built-in demo deck)."),
]
OutOption = Annotated[Path, typer.Option("--out", "-o", help="Folder to write into.")]
DpiOption = Annotated[int | None, typer.Option("--dpi", help="Override the DPI of the card images (default 300).")]


def load_deck(config: Path | None, dpi: int | None = None) -> DeckConfig:
    """deck.toml given, or ./deck.toml, or the demo deck; --dpi overrides the file."""
    overrides: dict[str, Any] = {"dpi": dpi} if dpi else {}
    if config is None and Path("deck.toml").is_file():
        config = Path("deck.toml")
    if config is None:
        err_console.print("[dim]No deck.toml here: building the built-in demo deck.[/dim]")
        return demo_config(overrides=overrides)
    return load_config(config, overrides)


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Advance]:
    """A progress bar on a terminal, silence elsewhere; yields advance(label)."""
    if not err_console.is_terminal:
        yield lambda _label: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err_console, transient=False) as progress:
        task = progress.add_task(label, total=total)

        def advance(item: str) -> None:
            progress.update(task, advance=1, description=f"{label} {item}")

        yield advance
        progress.update(task, description=label)


def report_written(what: str, paths: list[Path] | Path) -> None:
    paths = [paths] if isinstance(paths, Path) else paths
    if not paths:
        return
    where = paths[0] if len(paths) == 1 else paths[0].parent
    console.print(f"[green]✓[/green] {what}: {len(paths)} file(s) in {where}")


# ----------------------------------------------------------------- faces, build, init


# ----------------------------------------------------------------- backs, themes, tin


# ----------------------------------------------------------------- print files


# ----------------------------------------------------------------- check and score


# ----------------------------------------------------------------- booklet and games


def main() -> None:
    """Entry point: a user error prints one line and exits with code 2, never a traceback."""
    try:
        app(standalone_mode=False)
    except (UserError, CardError) as exc:
        err_console.print(f"[bold red]error:[/bold red] {exc}", highlight=False, soft_wrap=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        err_console.print("aborted")
        sys.exit(1)
    except Exception as exc:  # click's usage errors
        import click

        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        raise


if __name__ == "__main__":
    main()
