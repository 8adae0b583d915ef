"""The `deckgen` command: parse the arguments, call the library, report. Nothing else lives here.

The commands are grouped by what they make: `deck` (init, build, the pictures), `printing`,
`rules` (check, score, booklet, games) and `shop` (serve, batch); `common` holds what they share
and `main` is the entry point that turns every failure into one line and an exit code.
"""

from __future__ import annotations

# isort: off
from deckgen.cli import program  # noqa: F401 - first: Ctrl-C while the libraries load is answered at once
from deckgen.cli import deck, printing, rules, shop  # noqa: F401 - each registers its commands on the app
from deckgen.cli.common import app, plain_console
from deckgen.cli.main import main
# isort: on

__all__ = ["app", "main", "plain_console"]
