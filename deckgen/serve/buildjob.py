"""The full build for the page, run in a child process: `deckgen.build`'s events (the steps this
deck has, each step's progress, its warnings and the files it wrote) printed as one JSON object a line.

A child process keeps the server's own state out of the build (the faces are drawn on every
core in forked workers, which a threaded server must not fork) and lets the server stay up
whatever the build does. Run as `python -m deckgen.serve.buildjob DECK_DIR`.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError


def _say(**event: Any) -> None:
    print(json.dumps(event), flush=True)


def run_build(deck_dir: Path) -> int:
    """Build deck_dir/deck.toml into deck_dir/output through `deckgen.build`, as `deckgen build` run
    there does (incremental: what is current is kept), each event as one JSON line."""
    # late: this runs in a child process; the server that names it never loads the build
    from deckgen.config import load_config
    from deckgen.paths import check_output
    from deckgen.pipeline import (
        Advanced, Failed, Finished, Planned, StepCurrent, StepDone, StepStarted, Warned, build,
    )
    from deckgen.resolve import resolve_design

    os.chdir(deck_dir)

    def here(text: str) -> str:  # the page shows paths relative to the deck's folder
        return text.replace(f"{deck_dir}{os.sep}", "")

    try:
        deck = load_config(Path("deck.toml"))
        out = check_output(Path("output"), False, deck.base_dir)
        for event in build(resolve_design(deck), out):
            if isinstance(event, Planned):
                _say(steps=list(event.steps))
            elif isinstance(event, StepStarted):
                _say(step=event.step, total=event.total)
            elif isinstance(event, Advanced):
                _say(advance=event.step, item=event.item)
            elif isinstance(event, StepDone):
                _say(done=event.step, files=[str(p) for p in event.paths])
            elif isinstance(event, StepCurrent):
                _say(done=event.step, files=[], current=True)
            elif isinstance(event, Warned):
                _say(warning=here(event.message))
            elif isinstance(event, Failed):
                _say(error=here(" ".join(event.error.lines())))
                return 2
            elif isinstance(event, Finished):
                _say(finished=True, files={step: [str(p) for p in paths] for step, paths in event.written.items()})
        return 0
    except DeckgenError as exc:
        _say(error=here(str(exc)))
        return 2
    except Exception as exc:  # deckgen's own bug: said in one line, as the CLI does
        _say(error=f"deckgen failed unexpectedly ({type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''}); "
             "this is a bug in deckgen, not in your deck")
        return 1


if __name__ == "__main__":
    sys.exit(run_build(Path(sys.argv[1]).resolve()))
