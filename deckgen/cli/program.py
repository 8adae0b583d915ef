"""Whether this process is the `deckgen` program (not a program that imports deckgen), and what Ctrl-C
does while the command's libraries are still being imported. Imported first by `deckgen.cli`."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

__all__ = ["PROGRAM", "starting_handler"]


def stopped_while_starting(_signum: int, _frame: object) -> None:
    """Ctrl-C while the command's libraries are still being imported (its first few tenths of a
    second): nothing has been read or written yet, and main() is not yet there to say so."""
    sys.stderr.write("stopped: the output folder is as the last finished build left it (nothing is half-written)\n")
    sys.stderr.flush()
    os._exit(130)


# Only as the program (`deckgen`, `python -m deckgen.cli`), never when a program imports this module
PROGRAM = Path(sys.argv[0]).name in ("deckgen", "__main__.py", "-m")
starting_handler = signal.signal(signal.SIGINT, stopped_while_starting) if PROGRAM else None
