"""The one exception type a user sees: the CLI prints its message and exits with code 2."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user (a file, a key, a token). The message names it and what was expected."""

    exit_code = 2
