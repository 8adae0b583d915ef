"""Claims in the prose: `[full house]{=categories.Ann}` says a fact about a worked example.

A sentence that introduces or describes an example may state what the example shows (a
hand's category, who wins, a split, a total). Written as an inline claim, the bracketed
words are printed as they are and checked against the example's own results, exactly as a
claim under `expect` is: a wrong word fails `deckgen check` and the build at its file:line.

    Ann's [full house]{=categories.Ann} beats Bob's [flush]{=categories.Bob}.

`{=quantity}` names one of the game's quantities; `{=quantity.key}` one entry of a quantity
that maps names to values (`categories.Ann`, `payouts.Bob`). A claim belongs to the nearest
worked example after it in the same section (before the next heading), or, when the section
has none after it, to the nearest one before it.

Like the example fences (`deckgen.booklet.chapter`), every claim of a source is tagged with
its source line before the house rules are filled in (`{=categories.Ann @42}`), so a claim
that a template writes inside `{% if %}` still knows the line it came from. The tag never
reaches the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it.token import Token

__all__ = ["Claim", "claims_in", "tag_claims", "untagged"]

#: A claim's key as written: `{=winners}`, `{=categories.Ann}`, `{=payouts.Ann Lee}`.
_KEY = r"(?P<quantity>[A-Za-z_][\w-]*)(?:\.(?P<entry>[^{}@\n]+?))?"
#: The key part, as the source has it (before tagging).
_SOURCE_KEY = re.compile(r"\{=\s*" + _KEY + r"\s*\}")
#: A whole claim in rendered text, tagged with its source line.
_CLAIM = re.compile(r"\[(?P<text>[^\[\]]*)\]\{=\s*" + _KEY + r"\s*@(?P<line>\d+)\}")
#: A key left over (no `[words]` before it), tagged.
_STRAY = re.compile(r"\{=\s*(?P<key>[^{}@]*?)\s*@(?P<line>\d+)\}")
_FENCE = re.compile(r"^(?:[ \t]*>)*[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?[ \t]*(`{3,}|~{3,})(.*)$")
_CODE_SPAN = re.compile(r"(`+)(?:.*?[^`])?\1(?!`)")


@dataclass
class Claim:
    """One inline claim: the words printed, the quantity (and entry) they state, the source line."""

    line: int
    text: str
    quantity: str
    entry: str | None = None
    #: Why the claim cannot be read (a key with no words before it), if it cannot.
    error: str | None = None
    #: The text token that prints `text` (the booklet rewrites it when house rules change the outcome).
    token: Token | None = field(default=None, repr=False, compare=False)

    @property
    def key(self) -> str:
        return f"{self.quantity}.{self.entry}" if self.entry is not None else self.quantity

    def reword(self, words: str) -> None:
        """Print `words` in place of the claim's text (keeping a lower-case start lower case)."""
        if self.token is None:
            return
        if self.text[:1].islower() and words[:1].isupper() and not words[1:2].isupper():
            words = words[:1].lower() + words[1:]
        self.token.content = words


def tag_claims(body: str, first_line: int) -> str:
    """`body` with each claim key of its prose tagged with its file line (`{=winners @42}`).

    Lines inside fenced blocks, and code spans, are left alone: a claim shown as code in a
    page about claims is not a claim."""
    lines = body.split("\n")
    open_fence: str | None = None
    for i, text in enumerate(lines):
        match = _FENCE.match(text)
        if open_fence is not None:
            if match and match[1][0] == open_fence[0] and len(match[1]) >= len(open_fence) and not match[2].strip():
                open_fence = None
            continue
        if match is not None:
            open_fence = match[1]
            continue
        if "{=" not in text:
            continue
        line = first_line + i
        parts: list[str] = []
        at = 0
        for span in _CODE_SPAN.finditer(text):
            parts.append(_tag(text[at : span.start()], line))
            parts.append(span.group(0))
            at = span.end()
        parts.append(_tag(text[at:], line))
        lines[i] = "".join(parts)
    return "\n".join(lines)


def _tag(text: str, line: int) -> str:
    return _SOURCE_KEY.sub(lambda m: m.group(0)[:-1].rstrip() + f" @{line}}}", text)


_TAG = re.compile(r"(\{=[^{}@\n]*?) @\d+\}")


def untagged(text: str) -> str:
    """`text` without the line tags (an indented code block showing a claim, which stays as written)."""
    return _TAG.sub(r"\1}", text) if "{=" in text else text


def claims_in(inline: Token) -> list[Claim]:
    """The claims of one inline token, taken out of its text: each claim's words become a text
    token of their own (the claim keeps it), the keys and tags are gone. A key without words
    before it is returned as a Claim with an `error`."""
    children = inline.children or []
    if not any(c.type == "text" and "{=" in c.content for c in children):
        return []
    merged = _merged_text(children)
    claims: list[Claim] = []
    out: list[Token] = []
    for child in merged:
        if child.type != "text" or "{=" not in child.content:
            out.append(child)
            continue
        text = child.content
        at = 0
        for match in _CLAIM.finditer(text):
            if match.start() > at:
                out.append(_text_token(_strays(text[at : match.start()], claims)))
            token = _text_token(match["text"])
            out.append(token)
            entry = match["entry"].strip() if match["entry"] else None
            claims.append(Claim(int(match["line"]), match["text"], match["quantity"], entry, token=token))
            at = match.end()
        if at < len(text):
            out.append(_text_token(_strays(text[at:], claims)))
    for before, piece in zip(out, out[1:]):
        # an apostrophe just after a claim ("[Bob]{=winner}'s") is one, not an opening quote: the
        # typography that tells them apart sees each piece alone
        if piece.type == "text" and before.type == "text" and piece.content[:1] == "'" and before.content[-1:].isalnum():
            piece.content = "\u2019" + piece.content[1:]
    inline.children = out
    claims.sort(key=lambda c: c.line)
    return claims


def _strays(text: str, claims: list[Claim]) -> str:
    """`text` without the tagged keys no claim took (each one reported as a claim that cannot be read)."""

    def stray(match: re.Match[str]) -> str:
        key = match["key"]
        claims.append(
            Claim(int(match["line"]), "", key, error=f"'{{={key}}}' states nothing: write the words it checks "
                  f"in brackets just before it, as in '[full house]{{={key}}}'")
        )
        return ""

    return _STRAY.sub(stray, text)


def _merged_text(children: list[Token]) -> list[Token]:
    """Runs of text and soft line breaks as one text token each (a claim's words may wrap)."""
    out: list[Token] = []
    run = False  # the last token of `out` is a text token made here
    for child in children:
        if child.type in ("text", "softbreak") and run:
            out[-1].content += child.content if child.type == "text" else " "
        elif child.type == "text":
            out.append(_text_token(child.content))
            run = True
        else:
            out.append(child)
            run = False
    return out


def _text_token(content: str) -> Token:
    return Token("text", "", 0, content=content)
