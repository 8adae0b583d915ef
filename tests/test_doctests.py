"""The examples in docstrings run, so what the documentation shows stays true.

Giving a module examples? Add its name to DOCTESTED: this list is the one place.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

#: Modules whose docstrings carry `>>>` examples.
DOCTESTED = [
    "deckgen.booklet.styles",
    "deckgen.booklet.sources",
    "deckgen.booklet.views",
    "deckgen.cards",
    "deckgen.colour",
    "deckgen.colourvision",
    "deckgen.design",
    "deckgen.engine",
    "deckgen.engine.acedeucejack",
    "deckgen.engine.auldlangsyne",
    "deckgen.engine.baccarat",
    "deckgen.engine.bezique",
    "deckgen.engine.base",
    "deckgen.engine.blackjack",
    "deckgen.engine.booray",
    "deckgen.engine.bridge",
    "deckgen.engine.bridge_deal",
    "deckgen.engine.bridge_duplicate",
    "deckgen.engine.bridge_rules",
    "deckgen.engine.comet",
    "deckgen.engine.conquian",
    "deckgen.engine.cribbage",
    "deckgen.engine.cucumber",
    "deckgen.engine.euchre",
    "deckgen.engine.fortythieves",
    "deckgen.engine.gin",
    "deckgen.engine.golf",
    "deckgen.engine.hearts",
    "deckgen.engine.knockrummy",
    "deckgen.engine.liftsmoke",
    "deckgen.engine.loo",
    "deckgen.engine.michigan",
    "deckgen.engine.napoleon",
    "deckgen.engine.ofc",
    "deckgen.engine.payme",
    "deckgen.engine.pinochle",
    "deckgen.engine.piquet",
    "deckgen.engine.poker",
    "deckgen.engine.poker_home",
    "deckgen.engine.popejoan",
    "deckgen.engine.registry",
    "deckgen.engine.rummy",
    "deckgen.engine.sixtysix",
    "deckgen.engine.spitemalice",
    "deckgen.engine.spoilfive",
    "deckgen.engine.table",
    "deckgen.engine.whist",
    "deckgen.errors",
    "deckgen.formats",
    "deckgen.languages",
    "deckgen.paths",
    "deckgen.render.facelayout",
    "deckgen.render.indexlabels",
    "deckgen.render.parts",
    "deckgen.tomlerrors",
    "deckgen.units",
]


@pytest.mark.parametrize("name", DOCTESTED)
def test_docstring_examples_run(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    report = capsys.readouterr().out
    assert result.attempted > 0, f"{name} has no examples any more: take it off DOCTESTED"
    assert result.failed == 0, report


def test_every_module_with_examples_is_listed() -> None:
    package = Path(__file__).resolve().parent.parent / "deckgen"
    with_examples = {
        ".".join(path.relative_to(package.parent).with_suffix("").parts).removesuffix(".__init__")
        for path in package.rglob("*.py")
        if ">>> " in path.read_text(encoding="utf-8")
    }
    assert sorted(with_examples - set(DOCTESTED)) == []
