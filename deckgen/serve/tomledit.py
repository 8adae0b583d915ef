"""Change one key of deck.toml the way a person would: the rest of the file, comments and
layout included, stays byte for byte as it was (tomlkit keeps them).

The page asks for changes as (table, key, value); each is checked by loading the new text
exactly as `deckgen build` would before the file is replaced, so the page can never write a
deck.toml the command line refuses.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import tomlkit
from pydantic import ValidationError
from tomlkit.items import Table

from deckgen.config import DeckConfig, check_deck_files, config_error_from_validation
from deckgen.errors import ConfigError, UserError
from deckgen.fileio import write_bytes_atomic
from deckgen.limits import data_problem
from deckgen.paths import read_limited
from deckgen.tomlerrors import parse_toml

#: Where the page may write, and which keys there: a table (dotted, a card's as `cards.*`) and
#: its keys. Anything else is refused, so a request cannot rewrite the rest of the deck.
#: The back and lid pictures' keys are those of [back], [back2] and [tin].
PICTURE_KEYS = frozenset({"image", "image_mode", "image_focus", "image_zoom", "image_scale", "mirror_image"})
EDITABLE: dict[str, frozenset[str]] = {
    "": frozenset({"theme", "card_size"}),
    "card": frozenset({"format"}),
    "back": frozenset({"template", "palette"}) | PICTURE_KEYS,
    "back2": PICTURE_KEYS,
    "tin": PICTURE_KEYS - {"image_scale", "mirror_image"},
    "faces": frozenset({"court_mode", "joker_mode", "joker_image", "joker_focus", "joker_zoom", "fit"}),
    "cards.*": frozenset({"image", "focus", "zoom", "mode", "fit", "text"}),
}
#: One change the page asks for: (table, key, value); value None removes the key.
Change = tuple[str, str, Any]


def _pattern(table: str) -> str:
    return "cards.*" if table.startswith("cards.") and table.count(".") == 1 else table


def tidy(value: Any) -> Any:
    """Numbers the page sends, rounded as a person would write them (focus = [0.42, 0.3])."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, list):
        return [tidy(v) for v in value]
    return value


def apply_change(text: str, table: str, key: str, value: Any) -> str:
    """deck.toml's text with `[table] key = value` set (value None: the key removed), all else
    kept. A table that does not exist is added at the end of its parent (`[cards.KH]` after the
    other cards)."""
    if _pattern(table) not in EDITABLE or key not in EDITABLE[_pattern(table)]:
        raise UserError(f"deck.toml: {table + '.' if table else ''}{key}: not a key the page may change")
    doc = tomlkit.parse(text)
    container: Any = doc
    parts = table.split(".") if table else []
    for depth, part in enumerate(parts):
        if part not in container:
            if value is None:
                return text  # removing a key from a table that is not there: nothing to do
            if depth + 1 < len(parts):
                container[part] = tomlkit.table(is_super_table=True)
            else:
                fresh = tomlkit.table()
                fresh.add(key, tidy(value))
                fresh.add(tomlkit.nl())  # a blank line before whatever table follows
                container[part] = fresh
                return tomlkit.dumps(doc)
        container = container[part]
        if not isinstance(container, (Table, dict)):
            raise UserError(f"deck.toml: {'.'.join(parts[:depth + 1])}: expected a table")
    if value is None:
        if key in container:
            del container[key]
    else:
        container[key] = tidy(value)
    return tomlkit.dumps(doc)


def check_text(config: Path, text: str) -> DeckConfig:
    """The deck the new text describes, read as `load_config` reads a file: ConfigError naming the
    key when it is not a deck deckgen would build."""
    data = parse_toml(text, config)
    problem = data_problem(data)
    if problem is not None:
        raise ConfigError(config, *problem)
    try:
        deck = DeckConfig.model_validate(data | {"base_dir": config.resolve().parent, "source": config})
    except ValidationError as exc:
        raise config_error_from_validation(config, exc) from None
    check_deck_files(deck)
    return deck


def write_change(config: Path, table: str, key: str, value: Any) -> str:
    """Set one key in the deck.toml file (checked first; written whole or not at all); returns
    the new text."""
    return write_changes(config, [(table, key, value)])


#: One lock of this process per deck.toml (the server answers edits on several threads at once).
_writers: dict[Path, threading.Lock] = {}
_writers_guard = threading.Lock()


@contextmanager
def one_writer(config: Path) -> Iterator[None]:
    """Read-modify-write of deck.toml one at a time: twelve caption edits sent at once were each read
    from the same old text and written over each other, and only two or three were kept. A lock of
    this process per file, and (where the system has them) an exclusive lock on the deck folder, so
    another process editing the same deck waits too."""
    path = Path(os.path.abspath(config))
    with _writers_guard:
        lock = _writers.setdefault(path, threading.Lock())
    with lock:
        try:
            import fcntl  # Unix; elsewhere this process's lock is the only one
        except ImportError:
            yield
            return
        try:
            fd = os.open(path.parent, os.O_RDONLY)
        except OSError:
            yield
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # releases the folder's lock


def write_changes(config: Path, changes: list[Change]) -> str:
    """Set several keys in the deck.toml file at once: the new text is checked as a whole and
    written whole, or (one change refused) nothing is written. Returns the new text. The file is
    read, changed and written under `one_writer`, so edits made at the same time are all kept."""
    with one_writer(config):
        old = read_limited(config, "config").decode("utf-8-sig")
        new = old
        for table, key, value in changes:
            new = apply_change(new, table, key, value)
        if new != old:
            check_text(config, new)
            write_bytes_atomic(config, new.encode("utf-8"))
    return new
