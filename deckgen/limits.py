"""How much work a deck folder may ask for: every limit in one place, and the means to hold it.

A shop builds folders its customers send, so no input may run without bound: a
template that loops for ever or builds a gigabyte string, a YAML alias bomb, a
5,000-deep list, a deck of 100,000 cards. Each limit here is far above what a
real deck needs and ends in a one-line UserError that says the limit.
"""

from __future__ import annotations

import builtins
import functools
import math
import operator as op
import re
import signal
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import yaml

from deckgen.errors import UserError

# ----------------------------------------------------------------------------- the limits

#: Bytes a file of each kind may hold before deckgen refuses to read it.
FILE_SIZE_LIMITS: dict[str, int] = {
    "config": 1 << 20,  # deck.toml: 1 MB
    "image": 100 << 20,  # a photo: 100 MB (a 12-megapixel JPEG is 3-8 MB)
    "font": 50 << 20,  # a font: 50 MB (a CJK font is about 20 MB)
    "icc": 16 << 20,  # an ICC profile: 16 MB (FOGRA profiles are under 4 MB)
    "rules": 1 << 20,  # a rules chapter (Markdown): 1 MB, a few hundred pages
}
#: Bytes a photo may take while it is decoded and turned into the RGB a card is drawn from: its
#: pixels times what each takes in its mode and in the copies the conversion makes (see
#: `decoding_bytes`): 21 megapixels in RGB, 12.8 in RGBA (a card face is under 1.5 at 300 dpi; a
#: JPEG is measured at the reduced size it is decoded at). The whole build of a deck with such a
#: photo stays under 1 GB of address space (20 megapixels in RGB: 372 MB resident; 34: over 1 GB);
#: a 9,400 x 9,400 PNG of one colour (a few hundred KB on disk, under Pillow's own pixel limit)
#: took 1.2 GB in RGB, 2.2 GB in RGBA.
PHOTO_DECODING_BYTES = 256 << 20
#: The dpi above which a build warns that it prints nothing finer and takes far longer (shops print at 300).
PRINT_DPI_NEEDED = 600
#: Distinct cards (faces) a deck may have, and cards in all (a double deck of 108 is far below).
MAX_FACES = 300
MAX_CARDS = 600
#: Entries in [profile] add or remove.
MAX_PROFILE_ENTRIES = 600
#: Pages the pocket booklet may have.
MAX_BOOKLET_PAGES = 400
#: Tables and lists inside tables, in deck.toml, a YAML block or front matter.
MAX_NESTING = 32
#: A template: characters of output, loop iterations, digits of a number, calls deep, seconds.
TEMPLATE_MAX_OUTPUT = 2_000_000
TEMPLATE_MAX_ITERATIONS = 1_000_000
TEMPLATE_MAX_DIGITS = 1000
TEMPLATE_MAX_DEPTH = 50
TEMPLATE_SECONDS = 5.0
#: Characters one text value may grow to inside a template (a string repeated, a list joined).
TEMPLATE_MAX_VALUE = 1_000_000
#: Characters and items all the values one render makes may add up to (freed or not): a loop that
#: makes a megabyte each time round stops at 20 of them, not at the machine's memory.
TEMPLATE_MAX_MADE = 20_000_000


# ----------------------------------------------------------------------------- a whole build

#: Megabytes of address space `deckgen build` may use, it and each process it starts (a shop sets
#: DECKGEN_MEMORY_MB; 0 for no limit). The demo deck builds in 160 MB resident at 300 dpi and 450 MB
#: at 1200; past the limit the build ends in one line (out of memory), the output as it was.
BUILD_MEMORY_MB = 1024
#: Less than this and OpenBLAS, OpenCV and their threads cannot even start (150 MB: OpenBLAS gives up
#: with its own message); the demo deck builds within it.
MIN_BUILD_MEMORY_MB = 256


def limit_memory(environ: Mapping[str, str] | None = None) -> int | None:
    """Hold this process, and the workers it starts, to DECKGEN_MEMORY_MB (default BUILD_MEMORY_MB)
    of address space; returns the limit set, or None when there is none (0, or no such limit here).
    A tighter limit already set is kept."""
    import os

    environ = os.environ if environ is None else environ
    raw = environ.get("DECKGEN_MEMORY_MB", str(BUILD_MEMORY_MB)).strip()
    try:
        megabytes = int(raw)
    except ValueError:
        raise UserError(f"DECKGEN_MEMORY_MB={raw[:40]!r}: expected a whole number of megabytes (0: no limit)") from None
    if megabytes <= 0:
        return None
    if megabytes < MIN_BUILD_MEMORY_MB:  # below it the libraries' own start fails outside deckgen's hands
        raise UserError(f"DECKGEN_MEMORY_MB={megabytes}: expected at least {MIN_BUILD_MEMORY_MB} megabytes (0: no limit)")
    try:
        import resource
    except ImportError:  # not on this system: the build runs without
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = megabytes << 20
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    if soft != resource.RLIM_INFINITY and soft <= want:
        return int(soft)
    resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    return want


# ----------------------------------------------------------------------------- pictures


def decoding_bytes(mode: str, size: tuple[int, int]) -> int:
    """About the most memory decoding a picture of `mode` and `size` takes, up to the RGB copy a card
    is drawn from: Pillow keeps 1 byte a pixel for 1, L and P, 2 for 16-bit grey, 4 for every other
    mode (RGB too); then each step (turned upright, converted, composited over white for alpha,
    converted from a profile or from CMYK or 16 bits) makes another 4-byte copy."""
    stored = 1 if mode in ("1", "L", "P") else 2 if mode.startswith("I;16") else 4
    alpha = mode in ("RGBA", "LA", "PA", "RGBa", "La", "P")  # a palette may carry transparency
    copies = 4 if alpha else 2 if mode in ("RGB", "L", "1") else 3
    return size[0] * size[1] * (stored + 4 * copies)


def decoding_problem(mode: str, size: tuple[int, int]) -> str | None:
    """Why a picture may not be decoded (too much memory for its pixels and mode), or None; said
    before a pixel is decoded."""
    need = decoding_bytes(mode, size)
    if need <= PHOTO_DECODING_BYTES:
        return None
    return (f"image is too large to decode safely: {size[0]:,} x {size[1]:,} pixels in {mode} take about "
            f"{need / 1e6:,.0f} MB; at most {PHOTO_DECODING_BYTES / 1e6:,.0f} MB (scale it down to a few thousand "
            "pixels a side, as 8-bit RGB)")


# ----------------------------------------------------------------------------- data from files


def data_problem(data: Any, max_depth: int = MAX_NESTING) -> tuple[str, str] | None:
    """The first problem in parsed TOML/YAML data, as (key path, what is wrong), or None.

    Refuses NaN and infinity wherever a number is (no deck needs one, and each breaks
    arithmetic downstream) and nesting deeper than `max_depth`. Walks with its own
    stack, so depth itself can never overflow Python's.
    """
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, key, depth = stack.pop()
        if depth > max_depth:
            return key, f"nested more than {max_depth} tables or lists deep"
        if isinstance(value, float) and not math.isfinite(value):
            return key, f"expected a finite number (got {value}); nan and inf are not allowed"
        if isinstance(value, Mapping):
            for k, v in reversed(list(value.items())):
                stack.append((v, f"{key}.{k}" if key else str(k), depth + 1))
        elif isinstance(value, (list, tuple)):
            for i in range(len(value) - 1, -1, -1):
                stack.append((value[i], f"{key}[{i}]", depth + 1))
    return None


#: libyaml's loader when the C extension is built (much faster), else PyYAML's own; both give
#: the same node tree and marks, which `check_yaml_node` walks before anything is constructed.
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_RESOLVER = yaml.resolver.Resolver()  # what the safe loaders resolve tags with


@functools.lru_cache(maxsize=20_000)
def _node_tag(kind: Any, value: Any, implicit: Any) -> str:
    """The tag YAML's safe resolver gives a node of this kind, text and style."""
    tag: str = _RESOLVER.resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
    return tag


class YamlLoader(_BaseLoader):  # type: ignore[misc]
    """The safe loader, with each node's tag remembered by its kind, text and style: a block's `10`,
    `true` and card strings come back in every example, and matching them against YAML's regular
    expressions again was a third of composing a block. The tag depends on nothing else (the safe
    loader has no path resolvers), so the tree is the same."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._text = text

    def get_single_node(self) -> Any:
        """The document's node tree; nesting past MAX_NESTING is refused with deckgen's own message
        and mark, whichever PyYAML is installed. libyaml 0.2.6 (PyYAML 6.0.4's wheels) stops at
        its own depth (1,000) while scanning ahead, before the tree `check_yaml_node` walks exists."""
        try:
            return super().get_single_node()
        except yaml.MarkedYAMLError as exc:
            if "maximum nesting depth" not in str(exc.problem):
                raise
            raise _too_deep(self._text) from None

    if not _BaseLoader.yaml_path_resolvers:  # nothing to follow down the tree: skip the calls' work
        resolve = staticmethod(_node_tag)  # an lru look-up the parser calls with no Python frame

        def descend_resolver(self, current_node: Any, current_index: Any) -> None:
            return None

        def ascend_resolver(self) -> None:
            return None


_NOT_FINITE = {".nan", ".inf", "+.inf", "-.inf"}


def _too_deep(text: str) -> yaml.YAMLError:
    """The error `check_yaml_node` gives for `text`'s first node nested past MAX_NESTING, found by
    PyYAML's own parser (it has no depth limit and builds no tree: one event at a time)."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)) and depth >= MAX_NESTING:
            mark = event.start_mark if isinstance(event.start_mark, yaml.Mark) else None  # the pure parser's: a Mark
            return yaml.composer.ComposerError(None, None, f"nested more than {MAX_NESTING} levels deep", mark)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return yaml.composer.ComposerError(None, None, f"nested more than {MAX_NESTING} levels deep")


def check_yaml_node(node: Any) -> None:
    """Refuse a YAML node tree that uses an alias, nests deeper than MAX_NESTING or holds .nan/.inf.

    An alias (`*name`) lets a few lines stand for billions of values (the "billion laughs"
    bomb); worked examples and front matter never need one. In the composed tree an alias is
    a node met twice. Walks with its own stack; raises a YAML error carrying the line.
    """
    if node is None:
        return
    seen: set[int] = set()
    stack: list[tuple[Any, int]] = [(node, 1)]
    while stack:
        current, depth = stack.pop()
        if id(current) in seen:
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed here; write the value out in full", current.start_mark
            )
        if depth > MAX_NESTING:
            raise yaml.composer.ComposerError(None, None, f"nested more than {MAX_NESTING} levels deep", current.start_mark)
        if isinstance(current, yaml.ScalarNode):
            if current.tag == "tag:yaml.org,2002:float" and str(current.value).lower() in _NOT_FINITE:
                raise yaml.constructor.ConstructorError(
                    None, None, f"expected a finite number (got {current.value}); .nan and .inf are not allowed",
                    current.start_mark,
                )
            continue
        seen.add(id(current))
        # children pushed last to first, so the first problem in the text is the one reported
        if isinstance(current, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in reversed(current.value))
        elif isinstance(current, yaml.MappingNode):
            for key, value in reversed(current.value):
                stack.append((value, depth + 1))
                stack.append((key, depth + 1))


class _Unusual(Exception):
    """A node `plain_data` leaves to PyYAML's own constructor (and to `check_yaml_node`'s errors)."""


_STR, _SEQ, _MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
#: Scalar tags built by the safe constructor's own function, one call each; any other tag (a
#: timestamp, !!binary, !!set, a merge key `<<`, an unknown tag) sends the document the slow way.
_PLAIN_SCALARS = frozenset(
    {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"}
)


def plain_data(loader: Any, node: Any) -> Any:
    """The data of a composed document, as `loader.construct_document(node)` gives it, after
    `check_yaml_node` has passed it.

    Worked examples hold strings, numbers, yes/no, lists and mappings, so those are built in
    one walk that also holds the limits (no alias, no deep nesting, no .nan/.inf); a document
    with anything else, or one that breaks a limit, goes through `check_yaml_node` and PyYAML's
    constructor as before, so the data and every error message are the same either way.
    """
    if node is None:
        return None
    try:
        return _build(loader, node, 1, set())
    except _Unusual:
        check_yaml_node(node)
        try:
            return loader.construct_document(node)
        except (ValueError, TypeError, OverflowError):
            # a scalar YAML reads as a number but cannot turn into one (0b_, 0x): a YAML error with its line
            bad = _unreadable_scalar(loader, node)
            raise yaml.constructor.ConstructorError(
                None, None, f"{bad.value!r} looks like a number but is not one; put it in quotes if it is text",
                bad.start_mark) from None


def _unreadable_scalar(loader: Any, node: Any) -> Any:
    """The first scalar under `node` that PyYAML's constructor cannot read (else `node` itself)."""
    loader.constructed_objects, loader.recursive_objects = {}, {}  # what the failed attempt left half made
    stack = [node]
    while stack:
        current = stack.pop(0)
        if isinstance(current, yaml.ScalarNode):
            try:
                loader.construct_object(current, deep=True)
            except (ValueError, TypeError, OverflowError):
                return current
        elif isinstance(current, yaml.MappingNode):
            stack.extend(part for pair in current.value for part in pair)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
    return node


def _build(loader: Any, node: Any, depth: int, seen: set[int]) -> Any:
    if depth > MAX_NESTING:
        raise _Unusual
    kind = type(node)
    tag = node.tag
    if kind is yaml.ScalarNode:
        if tag == _STR:
            return node.value
        if tag not in _PLAIN_SCALARS:
            raise _Unusual
        if tag == "tag:yaml.org,2002:float" and str(node.value).lower() in _NOT_FINITE:
            raise _Unusual
        try:
            return loader.yaml_constructors[tag](loader, node)
        except Exception:  # e.g. int('0b_'): raised again by the slow way, after the limits are checked
            raise _Unusual from None
    if id(node) in seen:  # an alias: the same node met twice
        raise _Unusual
    seen.add(id(node))
    depth += 1
    scalar = yaml.ScalarNode
    if kind is yaml.MappingNode and tag == _MAP:
        data: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if type(key_node) is not scalar:
                raise _Unusual
            # a plain string (most keys and values) is taken as it is, without a call for it
            key = key_node.value if key_node.tag == _STR and depth <= MAX_NESTING else _build(loader, key_node, depth, seen)
            if type(value_node) is scalar and value_node.tag == _STR and depth <= MAX_NESTING:
                data[key] = value_node.value
            else:
                data[key] = _build(loader, value_node, depth, seen)
        return data
    if kind is yaml.SequenceNode and tag == _SEQ:
        return [
            child.value if type(child) is scalar and child.tag == _STR and depth <= MAX_NESTING else _build(loader, child, depth, seen)
            for child in node.value
        ]
    raise _Unusual


def compose_yaml(text: str) -> Any:
    """The node tree of a YAML text (marks give line numbers), checked by `check_yaml_node`."""
    loader = YamlLoader(text)
    try:
        node = loader.get_single_node()
        check_yaml_node(node)
        return node
    finally:
        loader.dispose()


def safe_yaml(text: str) -> Any:
    """yaml.safe_load, with aliases, deep nesting and .nan/.inf refused; raises yaml.YAMLError."""
    loader = YamlLoader(text)
    try:
        return plain_data(loader, loader.get_single_node())
    except RecursionError:
        raise yaml.YAMLError(f"nested more than {MAX_NESTING} levels deep") from None
    finally:
        loader.dispose()


# ----------------------------------------------------------------------------- templates


class TemplateLimit(UserError):
    """A template asked for more work than the limits allow; `line` is its template line when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def check_number(value: Any) -> Any:
    """A template's number: refused when it has more than TEMPLATE_MAX_DIGITS digits or is not finite."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value.bit_length() > TEMPLATE_MAX_DIGITS * 3.33:
        raise TemplateLimit(f"a number with more than {TEMPLATE_MAX_DIGITS} digits")
    if isinstance(value, float) and not math.isfinite(value):
        raise TemplateLimit("a number that is not finite (nan or infinity)")
    return value


#: What the render running on this thread has made so far (see TEMPLATE_MAX_MADE); no count outside one.
_made = threading.local()


def check_size(value: Any) -> Any:
    """A template's text or list: refused when longer than TEMPLATE_MAX_VALUE, or when it takes what
    the render has made past TEMPLATE_MAX_MADE."""
    if isinstance(value, (str, list, tuple, bytes)):
        if len(value) > TEMPLATE_MAX_VALUE:
            raise TemplateLimit(f"a value longer than {TEMPLATE_MAX_VALUE:,} characters or items")
        made = getattr(_made, "count", None)
        if made is not None:
            _made.count = made + len(value)
            if _made.count > TEMPLATE_MAX_MADE:
                raise TemplateLimit(f"values adding up to more than {TEMPLATE_MAX_MADE:,} characters or items")
    return check_number(value)


# Text made wider by a width, a count or a separator (center, ljust, format with a width, '%9d',
# indent, wordwrap, replace, join) is measured before it is made: the check after the call came
# after the memory was spent (`'x'.center(10**9)` took 1 GB first).

_PERCENT_FIELD = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([a-zA-Z%])")


def _percent_width(template: str) -> int:
    """What '%'-style fields' widths and precisions add to a text: '%1000000000d' adds a billion."""
    total = 0
    for width, precision, _kind in _PERCENT_FIELD.findall(template):
        if "*" in (width, precision):
            raise TemplateLimit("a '%' format whose width is given as '*' is not available in rules templates")
        total += int(width or 0) + int(precision or 0)
    return total


def _brace_width(template: str) -> int:
    """What '{}'-style fields' widths and precisions add: '{:>1000000000}' adds a billion."""
    import string  # late: only a template that formats text needs it

    total = 0
    for _text, _field, spec, _conversion in string.Formatter().parse(template):
        if not spec:
            continue
        if "{" in spec:
            raise TemplateLimit("a format field whose width is itself a field is not available in rules templates")
        total += sum(int(number) for number in re.findall(r"\d+", spec))
    return total


def _length(value: Any) -> int | None:
    try:
        return len(value)
    except TypeError:
        return None


def _argument(args: tuple[Any, ...], kwargs: Mapping[str, Any], index: int, name: str, default: Any) -> Any:
    return args[index] if len(args) > index else kwargs.get(name, default)


def widened_length(name: str, value: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any], as_filter: bool = False) -> int | None:
    """The length `name` (a str method, or with `as_filter` the filter of that name: its format is
    '%'-style, its join's value the items) would make of `value`,
    worked out before it runs; None when it widens nothing (or cannot be told beforehand)."""
    if name == "join":
        if as_filter:  # the join filter: value is the items, the first argument the separator
            items, separator = value, _argument(args, kwargs, 0, "d", "")
        else:  # str.join: value is the separator
            separator, items = value, _argument(args, kwargs, 0, "iterable", ())
        count = _length(items)
        return None if count is None else max(count - 1, 0) * len(str(separator))
    if not isinstance(value, str):
        if not as_filter:
            return None
        value = str(value)  # as the filter takes it
    size = len(value)
    if name in ("center", "ljust", "rjust", "zfill"):
        width = _argument(args, kwargs, 0, "width", 80)
        return max(size, width) if isinstance(width, int) else None
    if name == "expandtabs":
        tab = _argument(args, kwargs, 0, "tabsize", 8)
        return size + value.count("\t") * max(tab, 0) if isinstance(tab, int) else None
    if name in ("format", "format_map"):
        return size + (_percent_width(value) if as_filter else _brace_width(value))
    if name == "replace":
        old, new = _argument(args, kwargs, 0, "old", ""), _argument(args, kwargs, 1, "new", "")
        count = _argument(args, kwargs, 2, "count", -1)
        old, new = str(old), str(new)
        found = value.count(old) if old else size + 1
        if isinstance(count, int) and count >= 0:
            found = min(found, count)
        return size + found * max(len(new) - len(old), 0)
    if name == "indent":
        width = _argument(args, kwargs, 0, "width", 4)
        prefix = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
        lines: int = value.count("\n") + 1
        return size + lines * max(prefix, 0)
    if name == "wordwrap":
        width = _argument(args, kwargs, 0, "width", 79)
        wrap = _argument(args, kwargs, 2, "wrapstring", None)
        if not isinstance(width, int) or width < 1:
            return None  # Jinja refuses it itself, with its own words
        return size + (size // width + 1) * len(str(wrap) if wrap is not None else "\n")
    return None


def check_widening(name: str, value: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any], as_filter: bool = False) -> None:
    """Refuse, before it runs, a call that would make a text longer than TEMPLATE_MAX_VALUE."""
    length = widened_length(name, value, args, kwargs, as_filter)
    if length is not None and length > TEMPLATE_MAX_VALUE:
        raise TemplateLimit(f"{name}() would make a text of {length:,} characters; at most {TEMPLATE_MAX_VALUE:,}")


def _power_digits(base: Any, exponent: Any) -> float:
    """About how many decimal digits base ** exponent has (0 when small or not integers)."""
    if not isinstance(base, (int, float)) or not isinstance(exponent, (int, float)) or exponent <= 0:
        return 0.0
    magnitude = abs(base)
    if magnitude <= 1:
        return 0.0
    return float(exponent) * math.log10(magnitude)


def _size_of(value: Any) -> int:
    return len(value) if isinstance(value, (str, list, tuple, bytes)) else 0


def limited_binop(operator: str, left: Any, right: Any) -> Any:
    """Apply a template's arithmetic operator, refusing results too large to hold."""
    if operator == "**":
        if _power_digits(left, right) > TEMPLATE_MAX_DIGITS:
            raise TemplateLimit(f"{left!r} ** {right!r} has more than {TEMPLATE_MAX_DIGITS} digits")
        return check_number(left**right)
    if operator == "*":
        for seq, times in ((left, right), (right, left)):
            if _size_of(seq) and isinstance(times, int) and _size_of(seq) * times > TEMPLATE_MAX_VALUE:
                raise TemplateLimit(f"a value repeated to more than {TEMPLATE_MAX_VALUE:,} characters or items")
        if isinstance(left, int) and isinstance(right, int):
            if left.bit_length() + right.bit_length() > TEMPLATE_MAX_DIGITS * 3.33:
                raise TemplateLimit(f"a product with more than {TEMPLATE_MAX_DIGITS} digits")
        return check_size(left * right)
    functions = {"+": op.add, "-": op.sub, "/": op.truediv, "//": op.floordiv, "%": op.mod}
    if operator == "+" and _size_of(left) + _size_of(right) > TEMPLATE_MAX_VALUE:
        raise TemplateLimit(f"a value longer than {TEMPLATE_MAX_VALUE:,} characters or items")
    if operator == "%" and isinstance(left, str):
        raise TemplateLimit("'%' formatting of text is not available in rules templates; use the format filter")
    return check_size(functions[operator](left, right))


class IterationBudget:
    """Counts loop iterations across one template render; past the limit it raises."""

    def __init__(self, limit: int = TEMPLATE_MAX_ITERATIONS) -> None:
        self.limit = limit
        self.used = 0

    def spend(self, n: int = 1) -> None:
        self.used += n
        if self.used > self.limit:
            raise TemplateLimit(f"more than {self.limit:,} loop iterations")

    def range(self, *args: Any) -> Iterator[int]:
        """`range()` for templates: its items count against the budget as they are used."""
        for value in args:
            check_number(value)
        items = range(*args)
        if len(items) > TEMPLATE_MAX_VALUE:
            raise TemplateLimit(f"range() of more than {TEMPLATE_MAX_VALUE:,} items")
        return self._count(items)

    def _count(self, items: builtins.range) -> Iterator[int]:  # `range` here is the method above
        for item in items:
            self.spend()
            yield item


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise TemplateLimit if the block runs longer than `seconds` (wall clock).

    On the main thread of a Unix process an interval timer interrupts even a single long
    operation; elsewhere the block runs unguarded (other limits still hold).
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def _expired(_signum: int, _frame: Any) -> None:
        raise TemplateLimit(f"{what} took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, _expired)
    old_timer = signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if old_timer[0] > 0:  # an outer timer keeps what is left of its time
            signal.setitimer(signal.ITIMER_REAL, max(0.001, old_timer[0] - (time.monotonic() - start)))


def limited_environment(**options: Any) -> Any:
    """A sandboxed Jinja environment whose templates cannot run without bound.

    Arithmetic is checked (no 99999 ** 99999999, no 'x' * 10**10), `range` counts
    every iteration against a budget, filters cannot make a value longer than the
    limit, and `{% include %}`/`{% import %}` have nothing to load. Render with
    `render_limited`, which adds the output, recursion and time limits.
    """
    from jinja2.sandbox import SandboxedEnvironment  # late: every command reads these limits; only a rules template needs Jinja2

    class _Limited(SandboxedEnvironment):
        intercepted_binops = frozenset({"**", "*", "+", "-", "/", "//", "%"})
        limited_concat = staticmethod(limited_concat)

        def wrap_str_format(self, value: Any) -> Any:
            """str.format and format_map, which the sandbox hands out as its own function: measured first."""
            wrapped = super().wrap_str_format(value)
            if wrapped is None:
                return None
            text, name = value.__self__, value.__name__

            def measured(*args: Any, **kwargs: Any) -> Any:
                check_widening(name, text, args, kwargs)
                return check_size(wrapped(*args, **kwargs))

            return measured

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            return limited_binop(operator, left, right)

        depth = 0

        def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
            for value in list(args) + list(kwargs.values()):
                check_number(value)
            if __self.depth >= TEMPLATE_MAX_DEPTH:
                raise TemplateLimit(f"calls nested more than {TEMPLATE_MAX_DEPTH} deep (a macro that calls itself?)")
            owner = getattr(__obj, "__self__", None)
            if isinstance(owner, str):  # 'x'.center(10**9), '{:>1000000000}'.format(x): measured first
                check_widening(getattr(__obj, "__name__", ""), owner, args, kwargs)
            __self.depth += 1
            try:
                return check_size(super().call(__context, __obj, *args, **kwargs))
            finally:
                __self.depth -= 1

    env = _Limited(loader=_NoFiles(), **{"optimized": False, **options})
    env.code_generator_class = _unfolding_code_generator()
    env.globals.pop("lipsum", None)  # paragraphs of filler on request: nothing a rules chapter needs
    for name, function in list(env.filters.items()):
        env.filters[name] = _limited_filter(function, name)
    return env


def _unfolding_code_generator() -> Any:
    """Jinja's code generator without its constant folding: `{{ (''|center(999999))|wordwrap(1) }}`
    was worked out while the template compiled, outside every limit of a render. Every expression
    is now worked out when the template runs, inside them; `~` goes through the same size checks."""
    from jinja2 import nodes
    from jinja2.compiler import CodeGenerator

    class Unfolding(CodeGenerator):
        def _output_child_to_const(self, node: Any, frame: Any, finalize: Any) -> str:
            if isinstance(node, nodes.TemplateData):  # the template's own text: nothing to work out
                return super()._output_child_to_const(node, frame, finalize)
            raise nodes.Impossible()

        def visit_Concat(self, node: Any, frame: Any) -> None:
            self.write("environment.limited_concat((")
            for arg in node.nodes:
                self.visit(arg, frame)
                self.write(", ")
            self.write("))")

    return Unfolding


def limited_concat(parts: tuple[Any, ...]) -> str:
    """The `~` operator of a template: refused before it is made when longer than TEMPLATE_MAX_VALUE."""
    texts = [str(part) for part in parts]
    if sum(len(text) for text in texts) > TEMPLATE_MAX_VALUE:
        raise TemplateLimit(f"a value longer than {TEMPLATE_MAX_VALUE:,} characters or items")
    return check_size("".join(texts))  # type: ignore[no-any-return]


def _no_files_class() -> Any:
    from jinja2 import BaseLoader  # late: as in sandboxed_environment

    class NoFiles(BaseLoader):
        """Templates come from the rules file alone: `{% include %}` and `{% import %}` read nothing."""

        def get_source(self, environment: Any, template: str) -> Any:
            raise TemplateLimit(
                f"{{% include %}}, {{% import %}} and {{% extends %}} are not available in rules templates "
                f"(asked for '{template}'); write the text into this file"
            )

    return NoFiles


def _NoFiles() -> Any:  # noqa: N802
    return _no_files_class()()


#: Filters that make their text wider, by the str method (or rule) that measures them first.
_WIDENING_FILTERS = {"center": "center", "format": "format", "indent": "indent", "wordwrap": "wordwrap",
                     "replace": "replace", "join": "join"}


def _limited_filter(function: Any, name: str = "") -> Any:
    widening = _WIDENING_FILTERS.get(name)
    passed = getattr(function, "jinja_pass_arg", None)  # the environment or context Jinja passes first

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        for value in list(args[1:]) + list(kwargs.values()):  # args[0] may be the environment or context
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > TEMPLATE_MAX_VALUE:
                raise TemplateLimit(f"a filter argument larger than {TEMPLATE_MAX_VALUE:,}")
        if widening is not None:
            skip = 1 if passed is not None else 0
            if widening == "join" and len(args) > skip and _length(args[skip]) is None:
                # a generator's items, counted as they come (range is budgeted), so the join can be measured
                items = list(args[skip])
                check_size(items)
                args = (*args[:skip], items, *args[skip + 1:])
            if len(args) > skip:
                check_widening(widening, args[skip], tuple(args[skip + 1:]), kwargs, as_filter=True)
        result = function(*args, **kwargs)
        return check_size(result)

    return run


def render_limited(template: Any, context: Mapping[str, Any], seconds: float = TEMPLATE_SECONDS) -> str:
    """Render a template from `limited_environment` within every limit; TemplateLimit on breach.

    A recursion or memory failure inside the template is a TemplateLimit too, carrying
    the template line that was running.
    """
    budget = IterationBudget()
    pieces: list[str] = []
    size = 0
    outer = getattr(_made, "count", None)
    _made.count = 0
    try:
        with time_limit(seconds, "the template"):
            for piece in template.generate({**context, "range": budget.range}):
                size += len(piece)
                if size > TEMPLATE_MAX_OUTPUT:
                    raise TemplateLimit(f"the template's output is longer than {TEMPLATE_MAX_OUTPUT:,} characters")
                pieces.append(piece)
    except TemplateLimit as exc:
        exc.line = exc.line or template_line(exc)
        raise
    except RecursionError as exc:
        raise TemplateLimit("a macro calls itself too deeply", template_line(exc)) from None
    except MemoryError as exc:
        raise TemplateLimit("the template needs more memory than there is", template_line(exc)) from None
    finally:
        _made.count = outer
    return "".join(pieces)


def template_line(exc: BaseException) -> int | None:
    """The template line of a runtime error: Jinja maps its frames to `<template>` lines."""
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
