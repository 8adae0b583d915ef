"""The one exception type a user sees: the CLI prints its message and exits with code 2."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user (a file, a key, a token). The message names it and what was expected."""

    exit_code = 2


class ConfigError(UserError):
    """A deck.toml problem, worded for a person: file, key path, what was expected.

    Here rather than in `config` so that the renderers, which find some problems only
    while drawing (a text too long for its box), can name the key without importing config.
    """

    def __init__(self, file: object, key: str, message: str) -> None:
        self.file = str(file) if file else "deck.toml"
        self.key = key
        self.message = message
        where = f"{self.file}: {key}: " if key else f"{self.file}: "
        super().__init__(where + message)
