"""The README's two set-up commands, as a newcomer copies them: the quick start builds the demo deck
in a fresh virtual environment from the folder the README says to stand in, and the test command is
the one CI runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from PIL import Image

REPO = Path(__file__).resolve().parent.parent

#: What a fresh clone holds that a copy of this work tree may have beside it (caches, builds, venvs).
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git", "output", ".venv", ".ci-venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
    ".hypothesis", ".mypy_cache", ".cache",
)


def quick_start_blocks() -> list[str]:
    """The first two code blocks of the README's "Quick start" section: the build, then the tests."""
    tokens = MarkdownIt("commonmark").parse((REPO / "README.md").read_text(encoding="utf-8"))
    blocks: list[str] = []
    section = None
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            section = tokens[i + 1].content
        elif token.type in ("code_block", "fence") and section == "Quick start":
            blocks.append(token.content)
    return blocks[:2]


def test_the_quick_start_has_the_two_commands():
    build, tests = quick_start_blocks()
    assert build.splitlines() == ["python3 -m venv .venv && . .venv/bin/activate", "pip install . && deckgen build"]
    assert tests.splitlines() == ["python3 -m venv .venv && . .venv/bin/activate", "pip install '.[test]' && pytest"]


def test_ci_runs_the_readme_test_command():
    """.ci/run installs '.[test]' into a fresh venv and runs pytest with pyproject's options, as the README's block."""
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m venv" in ci
    assert "pip install -q '.[test]'" in ci
    assert "\ntime pytest" in ci


@pytest.mark.slow
def test_the_quick_start_builds_the_demo_deck_in_a_fresh_venv(tmp_path):
    """The README's first block, verbatim, in a copy of the repository as a clone has it, with no
    deckgen on the PATH before: it must install deckgen and build the whole demo deck."""
    build, _ = quick_start_blocks()
    clone = tmp_path / "deckgen"
    shutil.copytree(REPO, clone, ignore=NOT_IN_A_CLONE)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    outside = Path(sys.prefix) / "bin"
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if Path(p) != outside)
    done = subprocess.run(["bash", "-e", "-c", build], cwd=clone, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    out = clone / "output"
    assert (clone / ".venv" / "bin" / "deckgen").is_file()
    cards = sorted(p.name for p in (out / "cards").glob("*.png") if p.stem != "back")
    assert len(cards) == 54, cards
    assert Image.open(out / "cards" / "AS.png").size == (768, 1146)  # 65 x 97 mm (59 x 91 and 3 mm of bleed) at 300 DPI
    assert (out / "preview" / "contact-sheet.png").is_file()
    assert (out / "booklet" / "rules-pocket.pdf").is_file()
    assert (out / "tin" / "lid.png").is_file()
