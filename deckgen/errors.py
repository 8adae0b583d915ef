"""deckgen's exceptions: one root, `DeckgenError`, and its kinds.

Everything deckgen raises on purpose is a `DeckgenError`, so a program that
uses deckgen as a library catches one class, and the command line catches it
once, prints its message on one line and exits with `exit_code` (2):

- `UserError`: bad input from a person (a file, a key of deck.toml, a flag);
  `ConfigError` (a deck.toml problem, naming file and key) and the booklet's
  `ExampleFailed` are kinds of it.
- `CardError`: a card token that is not a card, or a card dealt twice
  (`deckgen.cards` raises it; it is also a `ValueError`).
- `ExampleError`: a worked example's inputs or house rules are wrong (the rules
  engine raises it; it is also a `ValueError`).

What deckgen says and goes on with (a photo with too few pixels, a back that
shows which way up it is held) is a `DeckgenWarning`, the one root of its
warnings, said with `warn`. Inside `collected_warnings()` they are collected
for the caller (the build turns them into events); outside one they are
Python warnings. The collector is a context variable, so a preview drawn on a
worker thread collects its own, never another thread's.

>>> from deckgen.cards import parse_card
>>> try:
...     parse_card("ZZ")
... except DeckgenError as exc:
...     print(type(exc).__name__, exc.exit_code)
CardError 2
"""

from __future__ import annotations

import difflib
import unicodedata
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = [
    "BuildWarning", "CardError", "ConfigError", "DeckgenError", "DeckgenWarning", "ExampleError", "UserError", "UserErrorLines",
    "collected_warnings", "did_you_mean", "is_out_of_memory", "printable", "said_once", "unknown_choice", "warn", "warnings_to",
]


class DeckgenError(Exception):
    """The root of every error deckgen raises on purpose; the message is one line for a person."""

    #: the command line's exit status for this error
    exit_code = 2

    def lines(self) -> list[str]:
        """The message as the lines a person reads: one, or one per item of an error that is a list
        (the worked examples that failed, then what that stopped). Each is printed with `printable`,
        so only these breaks are line breaks."""
        return [str(self)]


class UserError(DeckgenError):
    """Bad input from the user (a file, a key, a token). The message names it and what was expected."""


class UserErrorLines(UserError):
    """A user error that is a list: one line per item (each failed worked example), then what it stopped."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = list(lines)
        super().__init__("\n".join(self._lines))

    def lines(self) -> list[str]:
        return list(self._lines)


class CardError(DeckgenError, ValueError):
    """A card token that is not a card, or a card used more often than the deck holds it.

    `token` is the text that was read, when there is one.
    """

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class ExampleError(DeckgenError, ValueError):
    """An example's inputs are wrong (bad field, bad card, impossible situation).

    The message is for a person and names the field or token; `field` is the key.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class ConfigError(UserError):
    """A problem in a settings file deckgen reads (deck.toml, a template's or a shop preset's TOML,
    formats.toml), worded for a person: file, key path or line, what was expected.

    Here rather than in `config` so that the renderers, which find some problems only
    while drawing (a text too long for its box), can name the key without importing config.
    """

    def __init__(self, file: object, key: str, message: str, line: int | None = None) -> None:
        self.file = str(file) if file else "deck.toml"
        self.key = key
        self.message = message
        self.line = line
        at = f"{self.file}:{line}" if line is not None else self.file
        where = f"{at}: {key}: " if key else f"{at}: "
        super().__init__(where + message)


class DeckgenWarning(UserWarning):
    """The root of what deckgen says and goes on with; the message is one line for a person."""


class BuildWarning(DeckgenWarning):
    """An option that builds but that a print shop or the eye will not like (no bleed, a DPI too high)."""


_SINK: ContextVar[Callable[[DeckgenWarning], None] | None] = ContextVar("deckgen_warnings", default=None)


def warn(warning: DeckgenWarning) -> None:
    """Say `warning` to whoever listens (`collected_warnings`, `warnings_to`), or as a Python warning
    when nobody does."""
    sink = _SINK.get()
    if sink is None:
        warnings.warn(warning, stacklevel=2)
    else:
        sink(warning)


@contextmanager
def warnings_to(sink: Callable[[DeckgenWarning], None]) -> Iterator[None]:
    """Send the warnings said inside the block to `sink`, as they are said (it may raise, to stop
    the work at the first of a kind). Nested blocks send to the innermost."""
    token = _SINK.set(sink)
    try:
        yield
    finally:
        _SINK.reset(token)


@contextmanager
def collected_warnings() -> Iterator[list[DeckgenWarning]]:
    """The warnings said inside the block, in order, for the caller to report (or to drop: a check
    that redraws what another step reports has nothing to add). Other libraries' Python warnings
    are left to Python's filters."""
    said: list[DeckgenWarning] = []
    with warnings_to(said.append):
        yield said


def said_once(said: Iterable[DeckgenWarning]) -> list[str]:
    """The messages of `said`, each once (a picture drawn for two packs warns twice), in order."""
    return list(dict.fromkeys(str(w) for w in said))


def did_you_mean(value: object, choices: Iterable[str]) -> str:
    """"did you mean 'wedding'? " when `value` is a near miss of one of `choices` (letter case
    ignored), else "": the one place every unknown key, name or choice finds its suggestion.

    >>> did_you_mean("weding", ["plain", "wedding"])
    "did you mean 'wedding'? "
    >>> did_you_mean("halloween", ["plain", "wedding"])
    ''
    """
    if not isinstance(value, str) or not value:
        return ""
    options = [str(c) for c in choices]
    by_lower = {c.lower(): c for c in reversed(options)}  # the first spelling wins
    close = difflib.get_close_matches(value.lower(), list(by_lower), n=1, cutoff=0.6)
    if not close or by_lower[close[0]] == value:
        return ""
    return f"did you mean '{by_lower[close[0]]}'? "


def unknown_choice(what: str, value: object, choices: Iterable[str], tail: str = "", *, of: str = "") -> str:
    """The one sentence for a value that is not one of a fixed set of names (a theme, a mode, a
    paper, a house rule): "unknown theme 'weding': did you mean 'wedding'? expected one of plain,
    ..., wedding". `of` says whose names they are ("for gin-rummy"); `tail` follows the list
    (" or a size in mm such as '300x450'"). The caller puts the file or key in front.

    >>> unknown_choice("house rule", "gin_bnus", ["gin_bonus", "knock_limit"], of="for gin-rummy")
    "unknown house rule 'gin_bnus' for gin-rummy: did you mean 'gin_bonus'? expected one of gin_bonus, knock_limit"
    >>> unknown_choice("player", "", ["Ann", "Bob"])
    'no player given: expected one of Ann, Bob'
    >>> unknown_choice("house rule", "x", [], of="for high-spade")
    "unknown house rule 'x' for high-spade: there is no house rule to choose from"
    """
    options = [str(c) for c in choices]
    shown = f"'{value}'" if isinstance(value, str) else repr(value)
    head = f"no {what} given" if value == "" else f"unknown {what} {shown}"
    if of:
        head += f" {of}"
    if not options:
        return f"{head}: there is no {what} to choose from{tail}"
    return f"{head}: {did_you_mean(value, options)}expected one of {', '.join(options)}{tail}"



def is_out_of_memory(exc: BaseException) -> bool:
    """Whether `exc` says the process ran out of memory: a MemoryError, or a library that could not be
    mapped into the memory left (an ImportError from the loader), which is no bug of deckgen's."""
    return isinstance(exc, MemoryError) or (isinstance(exc, ImportError) and (
        "failed to map segment" in str(exc) or "Cannot allocate memory" in str(exc)))


_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """`text` with every character a terminal would not show as itself written as an escape (`\\n`,
    `\\x1b`, `\\u202e`): a message carries file names and values from a customer's folder, and a
    newline, an ESC or a right-to-left override in one must not forge a line or recolour the terminal.
    Spaces of every width stay spaces.

    >>> print(printable("images/x.jpg\\nerror: all good"))
    images/x.jpg\\nerror: all good
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or unicodedata.category(ch) == "Zs" else _escaped(ch) for ch in text)


def _escaped(ch: str) -> str:
    code = ord(ch)
    if ch in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[ch]
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
