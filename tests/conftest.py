"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from deckgen.cli import main
from deckgen.config import ConfigError, load_config


@pytest.fixture
def run(monkeypatch, capsys) -> Callable[..., tuple[int, str, str]]:
    """`run(cwd, *args, columns=None)` runs `deckgen ARGS` in-process from `cwd` through main();
    returns (exit code, stdout, stderr). `columns` sets the terminal width tables are drawn at
    (what COLUMNS=... does for a separate process)."""

    def run_deckgen(cwd: Path, *args: str, columns: int | None = None) -> tuple[int, str, str]:
        monkeypatch.chdir(cwd)
        monkeypatch.setattr("sys.argv", ["deckgen", *args])
        if columns is not None:
            monkeypatch.setattr("deckgen.cli.console", Console(width=columns))
            monkeypatch.setattr("deckgen.cli.err_console", Console(stderr=True, width=columns))
        code = 0
        try:
            main()
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run_deckgen


@pytest.fixture
def write_deck(tmp_path) -> Callable[[str], Path]:
    """`write_deck(text)` writes `text` to tmp_path/deck.toml and returns its path."""

    def write(text: str) -> Path:
        path = tmp_path / "deck.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def bad_config(write_deck) -> Callable[[str, str, str], None]:
    """`bad_config(toml, key, expected)`: loading that deck.toml is a ConfigError on `key` whose
    message starts with the file and the key and says `expected`."""

    def check(toml: str, key: str, expected: str) -> None:
        path = write_deck(toml)
        with pytest.raises(ConfigError) as info:
            load_config(path)
        assert info.value.key == key
        assert str(info.value).startswith(f"{path}: {key}: ")
        assert expected in str(info.value)

    return check
