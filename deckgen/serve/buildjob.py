"""The full build for the page, run in a child process: the steps of `deckgen build`, each
step's progress and the files it wrote printed as one JSON object a line.

A child process keeps the server's own state out of the build (the faces are drawn on every
core in forked workers, which a threaded server must not fork) and lets the server stay up
whatever the build does. Run as `python -m deckgen.serve.buildjob DECK_DIR`.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError


def _say(**event: Any) -> None:
    print(json.dumps(event), flush=True)


def run_build(deck_dir: Path) -> int:
    """Build deck_dir/deck.toml into deck_dir/output, as `deckgen build` run there does."""
    # late: this runs in a child process; the server that names it never loads the build
    from deckgen.build import STEPS, preflight, staged_build, step_units
    from deckgen.config import load_config
    from deckgen.paths import check_output
    from deckgen.render.pdfdate import pdf_date
    from deckgen.resolve import resolve_design

    os.chdir(deck_dir)
    shown: set[str] = set()

    def warn_all(caught: list[warnings.WarningMessage]) -> None:
        for item in caught:
            text = str(item.message).replace(f"{deck_dir}{os.sep}", "")
            if issubclass(item.category, UserWarning) and text not in shown:
                shown.add(text)
                _say(warning=text)

    try:
        deck = load_config(Path("deck.toml"))
        design = resolve_design(deck)
        date = pdf_date()  # once: every PDF of the build carries it
        out = check_output(Path("output"), False, deck.base_dir)
        _say(steps=[label for label, _ in STEPS])
        _say(step="checking", total=None)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            preflight(design)
        warn_all(caught)
        written: dict[str, list[str]] = {}
        with staged_build(out) as stage:
            for label, function in STEPS:
                total = step_units(function, design)
                _say(step=label, total=total)

                def advance(item: str, label: str = label) -> None:
                    _say(advance=label, item=item)

                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    paths = stage.real_all(list(function(design, stage.stage, advance, date=date)))
                warn_all(caught)
                written[label] = [str(p) for p in paths]
                _say(done=label, files=written[label])
        _say(finished=True, files=written)
        return 0
    except DeckgenError as exc:
        _say(error=str(exc).replace(f"{deck_dir}{os.sep}", ""))
        return 2
    except Exception as exc:  # deckgen's own bug: said in one line, as the CLI does
        _say(error=f"deckgen failed unexpectedly ({type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''}); "
             "this is a bug in deckgen, not in your deck")
        return 1


if __name__ == "__main__":
    sys.exit(run_build(Path(sys.argv[1]).resolve()))
