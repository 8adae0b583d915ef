"""The pocket booklet for the page's preview, built in a child process: the same
`build_booklet` call `deckgen booklet` makes, without the imposed sheets, written into a
work folder the server owns (never the deck's output/). Prints one JSON line: the PDF's
path and the booklet inputs it was built from, or the one-line error the command line gives.

A child process, because the booklet takes a second or more of pure Python: in the server's
own process it would hold up the faces. Run as
`python -m deckgen.serve.bookletjob DECK_DIR WORK_DIR`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from deckgen.errors import DeckgenError, collected_warnings


def run_booklet(deck_dir: Path, work_dir: Path) -> int:
    # late: this runs in a child process; the server that names it never loads the booklet
    from deckgen.booklet.build import build_booklet
    from deckgen.steps import house_rule_blame
    from deckgen.config import load_config
    from deckgen.resolve import resolve_design
    from deckgen.serve.preview import booklet_signature, unexpected

    try:
        design = resolve_design(load_config(deck_dir / "deck.toml"))
        signature = booklet_signature(design)
        with collected_warnings():  # the build says them; the preview shows the pages
            with house_rule_blame(design, repeat=False):
                paths = build_booklet(design, work_dir, imposed=())
    except DeckgenError as exc:
        print(json.dumps({"error": str(exc)}), flush=True)
        return 2
    except Exception as exc:  # deckgen's own bug: one line, as the CLI says it
        print(json.dumps({"error": unexpected(exc)}), flush=True)
        return 1
    print(json.dumps({"pdf": str(paths[0]), "signature": signature}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run_booklet(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()))
