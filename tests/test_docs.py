"""The README and docs/ point only at files that are in the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def _links(path: Path) -> list[str]:
    """Every link and image target in a Markdown file (not the ones shown as code)."""
    found = []
    for token in MarkdownIt("commonmark").parse(path.read_text(encoding="utf-8")):
        for child in token.children or []:
            target = child.attrGet("href") or child.attrGet("src")
            if isinstance(target, str):
                found.append(target)
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_links_name_files_in_the_repository(doc: Path) -> None:
    local = [t for t in _links(doc) if not re.match(r"^[a-z][a-z0-9+.-]*:|^#", t)]
    for target in local:
        file = (doc.parent / target.split("#")[0]).resolve()
        assert file.is_relative_to(REPO), f"{doc.name}: {target} is outside the repository"
        assert file.exists(), f"{doc.name}: {target} does not exist"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_no_doc_sends_the_reader_outside_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert re.findall(r"\.\./[\w./-]+", text) == []
