"""`deckgen`'s entry point: every failure is one line and an exit code, never a traceback."""

from __future__ import annotations

import os
import signal
import sys
from typing import NoReturn

import typer

from deckgen import __version__
from deckgen.cli import common as ui
from deckgen.cli.common import shown
from deckgen.cli.program import PROGRAM, starting_handler
from deckgen.errors import (
    DeckgenError,
    is_out_of_memory,
)

__all__ = ["main", "version_command"]


@ui.app.command("version")
def version_command() -> None:
    """Print deckgen's version (the same as `deckgen --version`).

    Example: deckgen version
    """
    ui.console.print(f"deckgen {__version__}", highlight=False)


def _stopped() -> NoReturn:
    """Exit 130 after Ctrl-C. The build has unwound (its staging removed, its lock released) by the time
    this runs; as the program, the process ends here at once: an interpreter shutting down with a Ctrl-C
    just handled could end itself by SIGINT instead (exit -2, seen about once in twenty Ctrl-Cs a few
    tenths of a second into a build), which a shell or a shop's script would not read as "stopped"."""
    if PROGRAM:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    sys.exit(130)


def _out_of_memory() -> None:
    ui.err_console.print("[bold red]error:[/bold red] this deck needs more memory than deckgen may use here; make "
                      "the photos smaller or the deck shorter. The output folder is unchanged.",
                      highlight=False, soft_wrap=True)
    sys.exit(2)


def main() -> None:
    """Entry point: a DeckgenError prints one line and exits with code 2, never a traceback."""
    if starting_handler is not None:  # from here on, Ctrl-C is a KeyboardInterrupt main() answers
        signal.signal(signal.SIGINT, starting_handler)
    try:
        code = ui.app(standalone_mode=False)
        if code == 130:  # Typer's own answer to Ctrl-C: the command was interrupted
            raise KeyboardInterrupt
        if isinstance(code, int) and code:
            sys.exit(code)
    except DeckgenError as exc:
        first, *more = exc.lines()
        ui.err_console.print(f"[bold red]error:[/bold red] {ui.shown(first)}", highlight=False, soft_wrap=True)
        for line in more:
            ui.err_console.print(shown(line), highlight=False, soft_wrap=True)
        sys.exit(exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        ui.err_console.print("stopped: the output folder is as the last finished build left it (nothing is half-written)",
                          highlight=False, soft_wrap=True)
        _stopped()
    except RecursionError:
        ui.err_console.print("[bold red]error:[/bold red] an input is nested too deeply to read (lists or tables inside "
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
        ui.err_console.print(
            f"[bold red]error:[/bold red] {ui.shown(str(where))}: cannot write there ({ui.shown(exc.strerror or str(exc))})",
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
        ui.err_console.print(
            f"[bold red]error:[/bold red] deckgen failed unexpectedly ({ui.shown(type(exc).__name__)}: {ui.shown(first)}). "
            "This is a bug in deckgen, not in your deck; run again with DECKGEN_DEBUG=1 to see the details "
            "for a bug report. Files already in place are complete.",
            highlight=False,
            soft_wrap=True,
        )
        sys.exit(1)
