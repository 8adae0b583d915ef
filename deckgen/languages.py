"""The languages a deck's indices and printed words come in: one TOML file each under templates/languages.

A language gives the letters of the ace and the courts (German A K D B, French 1 R D V,
Swedish E K D Kn), the word down a joker's index and the translations of the English words
deckgen prints on the lid and the box (the themes' subtitles, 'Playing cards'). Each file
names its source. deck.toml picks one with `language = "de"` and may change any letter in
a `[letters]` table; `deckgen.resolve` merges the two into the design's `IndexDesign`.

>>> de = get_language("de")
>>> (de.ace, de.king, de.queen, de.jack), de.words["Playing cards"]
(('A', 'K', 'D', 'B'), 'Spielkarten')
>>> get_language("sv").jack
'Kn'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from deckgen.errors import UserError, unknown_choice
from deckgen.resources import data_dir
from deckgen.themes import TemplateDataError

__all__ = ["Language", "LETTER_KEYS", "MAX_LETTER_CHARS", "MAX_JOKER_CHARS", "check_letter", "get_language",
           "language_names"]

#: The keys of a [letters] table (here and in deck.toml) and the rank each names.
LETTER_KEYS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
#: An index letter is at most two characters (Kn): the column is laid out for the widest label.
MAX_LETTER_CHARS = 2
#: The joker's word runs down the column one letter a line.
MAX_JOKER_CHARS = 6


@dataclass(frozen=True)
class Language:
    """One language's index letters, joker word and printed words, and where they come from."""

    code: str
    name: str
    source: str
    ace: str
    king: str
    queen: str
    jack: str
    joker: str
    words: dict[str, str] = field(default_factory=dict, hash=False, compare=False)

    def word(self, english: str) -> str:
        """The translation of a word deckgen prints, or the word itself when the language has none."""
        return self.words.get(english, english)


def check_letter(value: object, key: str = "") -> str:
    """An index letter: one or two characters, printable, no space; ValueError saying what is expected."""
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_LETTER_CHARS or not value.isprintable() \
            or any(ch.isspace() for ch in value):
        raise ValueError(f"expected one or two letters for the index (such as \"D\" or \"Kn\"), not {value!r}")
    return value


def check_joker(value: object) -> str:
    """A joker's word: one to six letters (set down the column, one a line)."""
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_JOKER_CHARS or not value.isalpha():
        raise ValueError(f"expected a word of 1 to {MAX_JOKER_CHARS} letters for the joker's index, not {value!r}")
    return value


def _root() -> Path:
    return data_dir("templates") / "languages"


@lru_cache(maxsize=4)
def _languages(root: Path) -> dict[str, Language]:
    out: dict[str, Language] = {}
    for path in sorted(root.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise TemplateDataError(path, "", f"not a readable TOML file: {exc}") from None
        for key in ("name", "source", "joker"):
            if not isinstance(data.get(key), str) or not data[key].strip():
                raise TemplateDataError(path, key, "expected a text")
        letters = data.get("letters")
        if not isinstance(letters, dict) or set(letters) != set(LETTER_KEYS):
            raise TemplateDataError(path, "letters", "expected a table with A, K, Q and J")
        values = {}
        for key, attr in LETTER_KEYS.items():
            try:
                values[attr] = check_letter(letters[key])
            except ValueError as exc:
                raise TemplateDataError(path, f"letters.{key}", str(exc)) from None
        try:
            joker = check_joker(data["joker"])
        except ValueError as exc:
            raise TemplateDataError(path, "joker", str(exc)) from None
        words = data.get("words", {})
        if not isinstance(words, dict) or not all(isinstance(v, str) for v in words.values()):
            raise TemplateDataError(path, "words", "expected a table of English words and their translations")
        out[path.stem] = Language(path.stem, data["name"], data["source"], joker=joker, words=dict(words), **values)
    return out


def language_names() -> list[str]:
    """The codes of the shipped languages (en, de, fr ...), sorted."""
    return sorted(_languages(_root()))


def get_language(code: str) -> Language:
    """A shipped language by its code; an unknown code is a UserError listing the choices."""
    languages = _languages(_root())
    if code not in languages:
        raise UserError(unknown_choice("language", code, sorted(languages)))
    return languages[code]
