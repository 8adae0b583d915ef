"""A TOML syntax error, said in plain words with its line: what a person editing deck.toml did.

Python's TOML reader stops with texts such as "Cannot declare ('cards', 'JH') twice
(at line 19, column 10)" or "Illegal character '\\n'": true, but written for the
programmer. `explain_toml_error` turns the common ones into what happened and what
to do ("[cards.JH] appears twice (first at line 3); merge the two"), finding the
earlier line itself where that helps, and words any other one without Python's
quoting of tuples and characters.

>>> explain_toml_error('name = "Anna\\n', 'Illegal character \\'\\\\n\\' (at line 1, column 12)')
(1, 'a text in quotes is not closed on its line: end it with "')
"""

from __future__ import annotations

import ast
import re
import tomllib
from typing import Any

from deckgen.errors import ConfigError

__all__ = ["explain_toml_error", "parse_toml"]

_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _strip_comment(line: str) -> str:
    """A line without its # comment (a # inside quotes is kept)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


def _unclosed_multiline(lines: list[str]) -> tuple[int, str] | None:
    """(line, delimiter) of a text in triple quotes (\"\"\" or \'\'\') that the document never closes."""
    opened: tuple[int, str] | None = None
    for number, line in enumerate(lines, 1):
        if opened is not None:
            if opened[1] in line:
                rest = line[line.index(opened[1]) + 3:]
                opened = None
                line = rest  # the line goes on after the text ends (a comment, or nothing)
            else:
                continue
        code = _strip_comment(line)
        starts = [(code.find(d), d) for d in ('"""', "'''") if d in code]
        if starts:
            at, delimiter = min(starts)
            if delimiter not in code[at + 3:]:
                opened = (number, delimiter)
    return opened


def _key_parts(text: str) -> tuple[str, ...] | None:
    """'cards . "JH"' -> ('cards', 'JH'); None when it is not a plain dotted key."""
    parts = []
    for part in re.split(r"\s*\.\s*", text.strip()):
        if len(part) >= 2 and part[0] == part[-1] and part[0] in "\"'":
            parts.append(part[1:-1])
        elif _BARE.match(part):
            parts.append(part)
        else:
            return None
    return tuple(parts)


def _dotted(parts: tuple[str, ...]) -> str:
    """('cards', 'K♥') -> 'cards."K♥"', as deck.toml spells it."""
    return ".".join(p if _BARE.match(p) else f'"{p}"' for p in parts)


def _header(line: str) -> tuple[tuple[str, ...], bool] | None:
    """The table a line opens, and whether it is an [[array]] entry; None for other lines."""
    body = _strip_comment(line).strip()
    if body.startswith("[[") and body.endswith("]]"):
        parts = _key_parts(body[2:-2])
        return (parts, True) if parts else None
    if body.startswith("[") and body.endswith("]"):
        parts = _key_parts(body[1:-1])
        return (parts, False) if parts else None
    return None


def _first_header(lines: list[str], parts: tuple[str, ...], before: int) -> int | None:
    """The line number of the first [table] line naming `parts`, above line `before`."""
    for number, line in enumerate(lines[: before - 1], start=1):
        found = _header(line)
        if found is not None and found[0] == parts and not found[1]:
            return number
    return None


def _assigned_key(line: str) -> tuple[str, ...] | None:
    """The key a `key = value` line sets, as parts."""
    body = _strip_comment(line)
    if "=" not in body:
        return None
    return _key_parts(body.split("=", 1)[0])


def _first_assignment(lines: list[str], line_no: int) -> tuple[str, tuple[str, ...], int | None] | None:
    """For a key set twice at `line_no`: (where, the key, the line it was first set on). `where` is
    the table the line is in ('' at the top): for an [[array]] entry, this entry, not an earlier one."""
    key = _assigned_key(lines[line_no - 1])
    if key is None:
        return None
    where = ""
    opened = 0  # the line of the last header before `line_no` (0: the top of the file)
    for number, line in enumerate(lines[: line_no - 1], start=1):
        found = _header(line)
        if found is not None:
            where = f"this [[{_dotted(found[0])}]]" if found[1] else f"[{_dotted(found[0])}]"
            opened = number
    # every line after that header is in its section
    first = next((number for number in range(opened + 1, line_no) if _assigned_key(lines[number - 1]) == key), None)
    return where, key, first


def _plain(message: str) -> str:
    """Python's quoting out of a message: ('cards', 'JH') -> cards.JH, '\\n' -> a line break."""
    def tuple_words(match: re.Match[str]) -> str:
        try:
            value = ast.literal_eval(match.group(0))
        except (ValueError, SyntaxError):
            return match.group(0)
        return _dotted(tuple(str(v) for v in value)) if isinstance(value, tuple) else match.group(0)

    message = re.sub(r"\((?:'[^']*'(?:, )?)+,?\)", tuple_words, message)
    names = {"'\\n'": "a line break", "'\\t'": "a tab", "'\\r'": "a carriage return"}
    for quoted, words in names.items():
        message = message.replace(quoted, words)
    message = re.sub(r"'\\x([0-9a-f]{2})'", lambda m: f"the control character U+00{m.group(1).upper()}", message)
    return message[:1].lower() + message[1:]


def _character(escaped: str) -> str:
    """'\\x01' (as Python quotes it) -> 'an invisible control character (U+0001)'."""
    try:
        char = ast.literal_eval(f"'{escaped}'")
    except (ValueError, SyntaxError):
        return f"the character {escaped}"
    if len(char) == 1 and (ord(char) < 32 or ord(char) == 127):
        return f"an invisible control character (U+{ord(char):04X}, often pasted in with the text)"
    return f"the character {char}"


def explain_toml_error(text: str, error: str) -> tuple[int | None, str]:
    """(line, plain message) for tomllib's `error` on the document `text`.

    The line is None only when the message names no place in the file."""
    lines = text.split("\n")
    where = _WHERE.search(error)
    raw = error[: where.start()] if where else error
    line_no: int | None = None
    if where:
        line_no = int(where.group(1)) if where.group(1) else max(1, len(lines) - (lines[-1] == ""))
    line = lines[line_no - 1] if line_no and line_no <= len(lines) else ""
    stripped = _strip_comment(line).strip()

    declared = re.match(r"Cannot declare (\(.*\)) twice$", raw)
    if declared:
        try:
            parts = tuple(str(p) for p in ast.literal_eval(declared.group(1)))
        except (ValueError, SyntaxError):
            parts = ()
        if parts:
            name = _dotted(parts)
            first = _first_header(lines, parts, line_no or len(lines) + 1)
            if first is not None:
                return line_no, f"[{name}] appears twice (first at line {first}); merge the two"
            return line_no, (f"[{name}] is set up twice: once above by keys like {name}.something = ..., "
                             f"once here; keep one of the two")
    if raw == "Cannot overwrite a value" and line_no:
        found = _first_assignment(lines, line_no)
        if found is not None and "=" in stripped:
            table, dotted, first = found
            place = f" in {table}" if table else ""
            earlier = f" (first at line {first})" if first else ""
            return line_no, f"{_dotted(dotted)} is set twice{place}{earlier}; keep one"
        header = _header(line)
        if header is not None:
            return line_no, (f"[{_dotted(header[0])}] names a key that already has a value above; a table needs "
                             "a name of its own")
    if raw in ("Illegal character '\\n'", "Found invalid character '\\n'", "Unterminated string") \
            or (raw.startswith("Expected ") and raw[9:] in ("'\"'", "\"'\"", "\"'''\"")):
        if where and not where.group(1):  # at the end of the file: a text in triple quotes never closed,
            opened = _unclosed_multiline(lines)  # or a quote opened on the last line with one
            if opened is not None:
                return opened[0], f"a text in {opened[1]} opened here is never closed: end it with {opened[1]}"
            line_no = next((n for n in range(len(lines), 0, -1) if re.search("[\"']", lines[n - 1])), line_no)
            stripped = _strip_comment(lines[line_no - 1]).strip() if line_no else ""
        value = stripped.split("=", 1)[-1].lstrip()
        quote = "'" if value.startswith("'") or raw == "Expected \"'\"" else '"'
        return line_no, f"a text in quotes is not closed on its line: end it with {quote}"
    illegal = re.match(r"(?:Illegal|Found invalid) character '(.+)'$", raw)
    if illegal:
        return line_no, f"this line holds {_character(illegal.group(1))}, which TOML does not allow here; delete it"
    if raw in ("Unescaped '\\' in a string", "Invalid hex value", "Escaped character is not a Unicode scalar value"):
        return line_no, ('a backslash \\ in "..." starts an escape: write paths with / (images/me.jpg) '
                         "or in 'single quotes'")
    if raw == "Invalid value" and "=" in stripped:
        name, value = (part.strip() for part in stripped.split("=", 1))
        if not value:
            return line_no, f"{name} = has no value after it: write a value, e.g. {name} = \"...\""
        if re.match(r"^[^\"'\[{0-9+\-.]", value):
            return line_no, (f"the value of {name} needs quotes: {name} = \"{value}\" (only numbers, true and "
                             "false go without)")
        return line_no, f"the value of {name} is not a text in quotes, a number, true/false or a [list]"
    if raw == "Expected '=' after a key in a key/value pair":
        word = stripped.split()[0] if stripped.split() else stripped
        return line_no, (f"expected = after '{word}': each line is key = value, and a key is one word "
                         "(letters, digits, _ and -)")
    if raw == "Expected newline or end of document after a statement":
        return line_no, "more text after the value: put one key = value on each line (a comment starts with #)"
    if raw in ("Expected ']' at the end of a table declaration", "Expected ']]' at the end of an array declaration"):
        closing = "]]" if raw.endswith("array declaration") else "]"
        if closing not in stripped:
            return line_no, f"a table name is not closed: end the line with {closing}"
        return line_no, ('a table name holds only letters, digits, _ and - between its dots; put any other '
                         'name in quotes, e.g. [cards."K♥"]')
    if raw == "Invalid initial character for a key part":
        return line_no, "a key or table name is missing here, or starts with a character it cannot"
    if raw == "Invalid statement":
        return line_no, "this line is not a key = value, a [table] or a # comment"
    if raw == "Unclosed array":
        return line_no, "a list in [ ] is not closed: end it with ], with commas between its values"
    if raw == "Unclosed inline table":
        return line_no, "a table in { } is not closed on its line: end it with }, with commas between its keys"
    duplicate = re.match(r"Duplicate inline table key '(.*)'$", raw)
    if duplicate:
        return line_no, f"the key {duplicate.group(1)} appears twice in the same {{ ... }}; keep one"
    if raw == "Invalid date or datetime":
        return line_no, "this looks like a date but is not one; put it in quotes if it is text"
    return line_no, f"is not valid TOML: {_plain(raw)}"


def parse_toml(text: str, file: object) -> dict[str, Any]:
    """The TOML document `text` read from `file` (deck.toml, a template, a shop preset), or a
    ConfigError in plain words naming the file and the line: the one place a TOML syntax error
    is said, so every file deckgen reads tells a person the same thing.

    >>> parse_toml('name = "Anna\\n', "deck.toml")
    Traceback (most recent call last):
    ...
    deckgen.errors.ConfigError: deck.toml:1: a text in quotes is not closed on its line: end it with "
    """
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ConfigError(file, "", "is nested too deeply (tables or lists inside each other)") from None
    except tomllib.TOMLDecodeError as exc:
        line, message = explain_toml_error(text, str(exc))
        raise ConfigError(file, "", message, line=line) from None
    except ValueError as exc:  # a whole number longer than Python turns from text (4,300 digits)
        if "integer string conversion" not in str(exc):
            raise
        found = re.search(r"\d[\d_]{4000,}", text)
        line = text.count("\n", 0, found.start()) + 1 if found else None
        digits = sum(ch.isdigit() for ch in found.group()) if found else 0
        raise ConfigError(file, "", f"a number with {digits:,} digits; no value of a deck is anywhere near that large",
                          line=line) from None
