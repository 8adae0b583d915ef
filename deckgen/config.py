"""The deck.toml model: validated with pydantic, errors that name the file and the key.

Each table of deck.toml is one model class below. Unknown keys are errors (a
typo must never pass silently). Paths are relative to the folder of deck.toml
and are resolved to absolute paths on load.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, Field, ValidationError, field_validator, model_validator

from deckgen.cards import (
    CardError,
    DeckProfile,
    Rank,
    Suit,
    build_profile,
    get_profile,
    parse_card,
    parse_cards,
)
from deckgen.colour import normalise_colour
from deckgen.configtables import (
    BackConfig,
    BackText,
    BookletConfig,
    BoxConfig,
    CardConfig,
    CardOverride,
    Colours,
    CustomProfile,
    Faces,
    Letters,
    PadsConfig,
    PrintConfig,
    ReferenceConfig,
    Strict,
    TinConfig,
    _one_line,
)
from deckgen.errors import ConfigError, UserError, unknown_choice
from deckgen.formats import FormatSpec, format_problem, get_format
from deckgen.houserules import check_house_rules, fail
from deckgen.languages import language_names
from deckgen.limits import MAX_CARDS, MAX_FACES, data_problem
from deckgen.paths import check_folder_file, check_named_files, read_limited
from deckgen.resources import font_path
from deckgen.themes import theme_names
from deckgen.tomlerrors import parse_toml
from deckgen.units import DEFAULT_BLEED_MM, DEFAULT_CARD_DPI

__all__ = [
    "BackConfig", "BackText", "BookletConfig", "BoxConfig", "CardConfig", "CardOverride", "Colours", "ConfigError", "CustomProfile",
    "DeckConfig", "Faces", "PadsConfig", "PrintConfig", "ReferenceConfig", "TinConfig", "check_deck_files",
    "config_error_from_validation", "deck_files", "demo_config", "with_options", "load_config", "normalise_colour",
]


class DeckConfig(Strict):
    """The whole of deck.toml. `base_dir` is the folder paths are relative to (not a key)."""

    name: str = "deckgen demo deck"
    #: The index letters and the words printed on the cards, lid and box (templates/languages).
    language: str = "en"
    letters: Letters = Letters()
    profile: str | CustomProfile = "standard-54"
    dpi: int = Field(default=DEFAULT_CARD_DPI, ge=72, le=1200)
    bleed_mm: float = Field(default=DEFAULT_BLEED_MM, ge=0, le=10)
    #: A friendly spelling of [card] format: card_size = "poker".
    card_size: str | None = None
    card: CardConfig = CardConfig()
    font: Path | None = None
    theme: str = "plain"
    colours: Colours = Colours()
    faces: Faces = Faces()
    cards: dict[str, CardOverride] = {}
    back: BackConfig = BackConfig()
    back2: BackConfig | None = None
    tin: TinConfig = TinConfig()
    box: BoxConfig = BoxConfig()
    print: PrintConfig = PrintConfig()
    booklet: BookletConfig = BookletConfig()
    house_rules: dict[str, dict[str, Any]] = {}
    reference: ReferenceConfig = ReferenceConfig()
    pads: PadsConfig = PadsConfig()

    _name = field_validator("name")(classmethod(lambda cls, v: _one_line(v)))

    @field_validator("theme")
    @classmethod
    def _theme(cls, v: str) -> str:
        if v not in theme_names():
            raise ValueError(unknown_choice("theme", v, theme_names()))
        return v

    @field_validator("language")
    @classmethod
    def _language(cls, v: str) -> str:
        if v not in language_names():
            raise ValueError(unknown_choice("language", v, language_names()))
        return v

    @field_validator("house_rules")
    @classmethod
    def _house_rules(cls, v: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        return check_house_rules(v)

    base_dir: Path = Field(default_factory=Path.cwd, exclude=True)
    source: Path | None = Field(default=None, exclude=True)

    @field_validator("cards")
    @classmethod
    def _card_codes(cls, v: dict[str, CardOverride]) -> dict[str, CardOverride]:
        out: dict[str, CardOverride] = {}
        for code, override in v.items():
            try:
                card = parse_card(code)
            except CardError as exc:
                spelled = _code_from_words(code)
                if spelled is not None:
                    fail((code,), code, f"'{code}' is not a card code: did you mean [cards.{spelled}]? (a code is "
                          "rank then suit: KH, 10D, QS, JK1)", title="cards")
                fail((code,), code, f"{exc}; a card table is [cards.<code>], e.g. [cards.KH] or [cards.JK1]",
                      title="cards")
            key = card.code if not card.is_joker else f"JK{card.joker or 1}"
            if key in out:
                fail((code,), code, f"the card {key} is given twice (as two different spellings)", title="cards")
            out[key] = override
        return out

    @model_validator(mode="after")
    def _profile_exists(self) -> DeckConfig:
        """A bad profile is reported at its own key: profile, profile.base, profile.add[1] ..."""
        p = self.profile
        if isinstance(p, str):
            try:
                get_profile(p)
            except CardError as exc:
                fail(("profile",), p, str(exc), title="DeckConfig")
            return self
        try:
            get_profile(p.base)
        except CardError as exc:
            fail(("profile", "base"), p.base, str(exc), title="DeckConfig")
        for key in ("add", "remove"):
            for i, token in enumerate(getattr(p, key)):
                try:
                    parse_card(token)
                except CardError as exc:
                    fail(("profile", key, i), token, str(exc), title="DeckConfig")
        try:
            profile = self.deck_profile()
        except ValueError as exc:
            fail(("profile",), None, str(exc), title="DeckConfig")
        if not len(profile):
            fail(("profile",), None, "this removes every card: a deck needs at least one card", title="DeckConfig")
        if len(profile) > MAX_CARDS or len(profile.unique_cards()) > MAX_FACES:
            fail(("profile",), None, f"this deck has {len(profile)} cards ({len(profile.unique_cards())} different); "
                  f"deckgen makes decks of at most {MAX_CARDS} cards and {MAX_FACES} different faces",
                  title="DeckConfig")
        return self

    @model_validator(mode="after")
    def _card_format(self) -> DeckConfig:
        """The named format exists (a formats.toml beside deck.toml counts) and the sizes that
        result from it and [card]'s own values make a card a face can be laid out on."""
        if self.card_size is not None and not self._named_by_card_size and self.card.format != self._format_of_size:
            fail(("card_size",), self.card_size, f"says '{self._format_of_size}' but [card] format says "
                  f"'{self.card.format}': keep one of them", title="DeckConfig")
        try:
            get_format(self.format_name, self.base_dir)
        except KeyError as exc:
            if self._named_by_card_size:
                fail(("card_size",), self.card_size, exc.args[0], title="DeckConfig")
            fail(("card", "format"), self.format_name, exc.args[0], title="DeckConfig")
        spec = self.card_format()
        problem = format_problem(spec.width_mm, spec.height_mm, spec.corner_mm, spec.safe_mm)
        if problem is not None:
            name, message = problem
            if name not in self.card.model_fields_set:  # the named format's value fails with the user's others
                message += f"; the '{spec.name}' format's {name} does not suit the sizes in [card]: set {name} too"
            fail(("card", name), None, message, title="DeckConfig")
        return self

    @property
    def _format_of_size(self) -> str:
        """The format card_size names, as the format table spells it."""
        return (self.card_size or "").strip().lower()

    @property
    def _named_by_card_size(self) -> bool:
        """Whether the top-level card_size names the format ([card] format, when set, names it)."""
        return self.card_size is not None and "format" not in self.card.model_fields_set

    @property
    def format_name(self) -> str:
        """The named format deck.toml chose ([card] format, or card_size), else skat."""
        return self._format_of_size if self._named_by_card_size else self.card.format

    def card_format(self) -> FormatSpec:
        """The card's sizes: the named format with [card]'s own values over it. The bleed is
        [card] bleed_mm, else the top-level bleed_mm when given, else the format's."""
        spec = get_format(self.format_name, self.base_dir)
        own = {k: v for k, v in self.card.model_dump(exclude={"format"}).items() if v is not None}
        if "bleed_mm" not in own and "bleed_mm" in self.model_fields_set:
            own["bleed_mm"] = self.bleed_mm
        return spec.model_copy(update=own)

    def deck_profile(self) -> DeckProfile:
        """The profile this deck prints: a built-in one by name, or the custom table."""
        if isinstance(self.profile, str):
            return get_profile(self.profile)
        p = self.profile
        return build_profile(
            p.name, get_profile(p.base), add=parse_cards(p.add), remove=parse_cards(p.remove), jokers=p.jokers
        )

    def path(self, value: Path | None) -> Path | None:
        """A path from deck.toml, made absolute against the folder that holds deck.toml."""
        if value is None:
            return None
        return value if value.is_absolute() else (self.base_dir / value)


def _key_path(loc: tuple[Any, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts[-1:] = [f"{parts[-1]}[{item}]"] if parts else [f"[{item}]"]
        elif item in ("str", "CustomProfile") or str(item).startswith("function-"):
            continue
        else:
            parts.append(str(item))
    return ".".join(parts)


#: Which model describes the table at a key path (list indices as [*], card codes as *).
_TABLES: dict[str, type[BaseModel]] = {
    "": DeckConfig,
    "profile": CustomProfile,
    "colours": Colours,
    "faces": Faces,
    "letters": Letters,
    "cards.*": CardOverride,
    "back": BackConfig,
    "back2": BackConfig,
    "back.text[*]": BackText,
    "back2.text[*]": BackText,
    "tin": TinConfig,
    "box": BoxConfig,
    "card": CardConfig,
    "print": PrintConfig,
    "booklet": BookletConfig,
    "reference": ReferenceConfig,
    "pads": PadsConfig,
}
_NOT_KEYS = {"base_dir", "source"}


def _table_and_field(key: str) -> tuple[str, type[BaseModel] | None, str]:
    """'back.text[0].size' -> ('back.text[0]', BackText, 'size'): the table, its model, the last key."""
    table, _, name = key.rpartition(".")
    name = re.sub(r"\[\d+\]$", "", name)
    pattern = re.sub(r"\[\d+\]", "[*]", table)
    pattern = re.sub(r"^cards\.[^.]+$", "cards.*", pattern)
    return table, _TABLES.get(pattern), name


def _bounds(model: type[BaseModel] | None, name: str) -> str:
    """' from 72 to 1200' for a field with limits, '' when it has none."""
    info = model.model_fields.get(name) if model is not None else None
    if info is None:
        return ""
    low = high = None
    low_open = high_open = False
    # an optional field (`Zoom | None`) keeps its limits on the Annotated member of its union
    inner = [m for arg in get_args(info.annotation) for m in getattr(arg, "__metadata__", ())]
    limits = [*info.metadata, *inner, *(x for m in inner for x in getattr(m, "metadata", ()))]
    for item in limits:
        for attr, is_low, is_open in (("ge", True, False), ("gt", True, True), ("le", False, False), ("lt", False, True)):
            value = getattr(item, attr, None)
            if value is not None:
                if is_low:
                    low, low_open = value, is_open
                else:
                    high, high_open = value, is_open
    if low is not None and high is not None:
        if low_open:
            return f" more than {low:g} and at most {high:g}"
        return f" from {low:g} to {high:g}"
    if low is not None:
        return f" {'more than' if low_open else 'at least'} {low:g}"
    if high is not None:
        return f" {'below' if high_open else 'at most'} {high:g}"
    return ""


#: What a choice-valued key chooses, in words, where its name alone does not say it.
_CHOICE_WORDS = {"court_mode": "mode", "joker_mode": "mode", "kind": "box kind", "flip": "duplex flip"}


def _literal_choices(model: type[BaseModel] | None, name: str) -> list[str]:
    """The allowed values of a Literal-typed field ('mirrored', 'full'), else []."""
    info = model.model_fields.get(name) if model is not None else None
    if info is None:
        return []
    for arg in (info.annotation, *get_args(info.annotation)):
        if getattr(arg, "__origin__", None) is Literal or get_origin(arg) is Literal:
            return [str(a) for a in get_args(arg)]
    return []


#: A rank's name as its code ('queen' -> 'Q'), from the card words cards.py keeps, and the deuce.
_RANK_WORDS = {rank.singular: rank.label for rank in Rank} | {"deuce": Rank.TWO.label}
#: A suit's name in the singular as its letter ('heart' -> 'H').
_SUIT_WORDS = {suit.plural.removesuffix("s"): suit.letter for suit in Suit}


def _code_from_words(name: str) -> str | None:
    """'QueenH', 'king_of_hearts', 'TenOfSpades' -> QH, KH, 10S: a card written in words, as its code."""
    text = re.sub(r"[\s_\-]", "", name.lower())
    word = next((w for w in _RANK_WORDS if text.startswith(w)), None)
    if word is None:
        return None
    rest = text[len(word):].removeprefix("of")
    # a suit letter only in capitals (QueenH): 'Kings' is the kings, not the king of spades
    suit = rest.upper() if rest in ("h", "s", "d", "c") and name[-1].isupper() else _SUIT_WORDS.get(rest.removesuffix("s"))
    return _RANK_WORDS[word] + suit if suit else None


def _is_card_code(name: str) -> bool:
    """Whether a key is a card's code (KH, 10D, JK1): a table named so belongs under [cards]."""
    try:
        parse_card(name)
    except CardError:
        return False
    return True


def _is_whole(model: type[BaseModel] | None, name: str) -> bool:
    info = model.model_fields.get(name) if model is not None else None
    return info is not None and info.annotation in (int, int | None)


def _pick_error(errors: list[Any]) -> Any:
    """The error to show. For `profile` (a name or a table) show the one that fits what was written."""
    first = errors[0]
    loc = tuple(first.get("loc", ()))
    if loc[:1] == ("profile",) and len(errors) > 1:
        wrote_table = isinstance(first.get("input"), dict) or "CustomProfile" in loc
        for err in errors:
            if ("CustomProfile" in tuple(err.get("loc", ()))) == wrote_table:
                return err
    return first


def _message(err: Any, key: str) -> str:
    """pydantic's error, said for a person who is editing deck.toml."""
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    table, model, name = _table_and_field(key)
    if kind == "extra_forbidden":
        allowed = [k for k in (model.model_fields if model else {}) if k not in _NOT_KEYS]
        if isinstance(err.get("input"), dict) and table in ("", "card") and _is_card_code(name):
            what = f"[card] without the s sets the card size: {', '.join(allowed)}" if table else \
                "a card's own table is [cards.<code>]"
            return f"{name} is a card: did you mean [cards.{name}]? ({what})"
        array = re.sub(r"\[\d+\]$", "", table)
        where = f"[[{array}]]" if array != table else f"[{table}]" if table else "the top level"
        return unknown_choice("key", name, allowed, f" in {where}")
    if key == "profile" and kind in ("string_type", "model_type", "dict_type"):
        return 'expected a profile name in quotes, e.g. profile = "standard-52", or a [profile] table'
    if kind == "missing":
        array = re.sub(r"\[\d+\]$", "", table)
        where = f"every [[{array}]]" if array != table else f"[{table}]" if table else "deck.toml"
        return f"missing: {where} needs {name} = ..."
    range_ = _bounds(model, name)
    number = "a whole number" if _is_whole(model, name) else "a number"
    simple = {
        "string_type": "expected text in quotes",
        "bool_type": "expected true or false (without quotes)",
        "bool_parsing": "expected true or false (without quotes)",
        "list_type": "expected a list in square brackets, e.g. [\"a\", \"b\"]",
        "path_type": "expected a file name in quotes, relative to deck.toml",
        "int_type": f"expected a whole number{range_}",
        "int_parsing": f"expected a whole number{range_}",
        "int_from_float": f"expected a whole number{range_}",
        "float_type": f"expected a number{range_}",
        "float_parsing": f"expected a number{range_}",
        "string_too_long": f"expected at most {ctx.get('max_length')} characters",
        "too_long": f"expected at most {ctx.get('max_length')} entries",
        "finite_number": "expected a finite number; nan and inf are not allowed",
        "string_too_short": "expected some text, not an empty string",
        "literal_error": f"expected {ctx.get('expected')}",
    }
    choices = _literal_choices(model, name)
    if kind == "literal_error" and isinstance(err.get("input"), str) and choices:
        return unknown_choice(_CHOICE_WORDS.get(name, name.replace("_", " ")), err["input"], choices)
    if kind in simple:
        return simple[kind]
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        return f"expected {number}{range_}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a table: [{key}] on a line of its own, with its keys on the lines below"
    return str(err.get("msg", "invalid value")).removeprefix("Value error, ")


def config_error_from_validation(file: Path | str | None, exc: ValidationError) -> ConfigError:
    """Turn pydantic's first error into one readable line: file, key path, what was expected, what was got."""
    err = _pick_error(exc.errors())
    key = _key_path(tuple(err.get("loc", ())))
    message = _message(err, key)
    value = err.get("input")
    quoted = isinstance(value, str) and f"'{value}'" in message  # the message already shows it
    if err.get("type") not in ("missing", "extra_forbidden") and value is not None and not quoted:
        if not isinstance(value, dict):
            message += f" (got {value!r})"
    return ConfigError(file, key, message)


def load_config(path: Path, overrides: dict[str, Any] | None = None, allow: Sequence[Path] = ()) -> DeckConfig:
    """Read and validate deck.toml; every problem is a ConfigError naming file and key.

    Every file it names must lie inside its folder (or deckgen's package, or one of the
    `allow` folders) and be a regular file of a sensible size (deckgen.paths)."""
    path = Path(path)
    if path.is_symlink() and not path.exists():
        raise ConfigError(path, "", f"is a link to {os.readlink(path)}, which does not exist")
    try:
        check_folder_file(path, "config", allow)  # a link or hard link to another folder's deck.toml: never read
    except UserError as exc:
        raise ConfigError(path, "", str(exc).removeprefix(f"{path}: ")) from None
    try:
        raw = read_limited(path, "config")
    except FileNotFoundError:
        raise ConfigError(path, "", "file not found") from None
    except UserError as exc:
        raise ConfigError(path, "", str(exc).removeprefix(f"{path}: ")) from None
    except OSError as exc:
        raise ConfigError(path, "", f"cannot be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")  # -sig: Notepad's byte-order mark is fine
    except UnicodeDecodeError as exc:
        bad = raw[: exc.start].count(b"\n") + 1
        raise ConfigError(path, "", f"is not UTF-8 text (line {bad}); save it as UTF-8 in your editor") from None
    data = parse_toml(text, path)
    problem = data_problem(data)
    if problem is not None:
        raise ConfigError(path, *problem)
    for key, value in (overrides or {}).items():  # a table given ({"print": {"shop": ...}}) changes those keys of it
        data[key] = {**data[key], **value} if isinstance(value, dict) and isinstance(data.get(key), dict) else value
    try:
        config = DeckConfig.model_validate(data | {"base_dir": path.resolve().parent, "source": path})
    except ValidationError as exc:
        raise config_error_from_validation(path, exc) from None
    check_deck_files(config, allow)
    return config


def deck_files(deck: DeckConfig) -> list[tuple[str, str, list[Path]]]:
    """Every file deck.toml names: (key, kind, the paths it may mean), in the order of the file.

    A font may be a bundled file name or a path beside deck.toml: both candidates are listed.
    """
    found: list[tuple[str, str, list[Path]]] = []

    def add(key: str, kind: str, value: Path | str | None) -> None:
        if value is None:
            return
        candidates = [deck.path(Path(value))]
        if kind == "font":
            candidates.append(font_path(str(value)))
        found.append((key, kind, [p for p in candidates if p is not None]))

    add("font", "font", deck.font)
    add("faces.joker_image", "image", deck.faces.joker_image)
    for code, override in deck.cards.items():
        add(f"cards.{code}.image", "image", override.image)
    for name, back in (("back", deck.back), ("back2", deck.back2)):
        if back is None:
            continue
        add(f"{name}.image", "image", back.image)
        for i, text in enumerate(back.text or []):
            add(f"{name}.text[{i}].font", "font", text.font)
    add("tin.image", "image", deck.tin.image)
    add("tin.title_font", "font", deck.tin.title_font)
    add("tin.body_font", "font", deck.tin.body_font)
    add("print.icc", "icc", deck.print.icc)
    if deck.print.shop.endswith(".toml"):  # a shop's own preset file, beside deck.toml
        add("print.shop", "config", deck.print.shop)
    add("booklet.extra_rules", "rules", deck.booklet.extra_rules)
    return found


def check_deck_files(deck: DeckConfig, allowed: Sequence[Path] = ()) -> None:
    """Refuse a deck that names a file outside its boundary, or one that is not a regular file
    or is too large: a ConfigError naming deck.toml, the key and the path."""
    check_named_files(deck_files(deck), deck.base_dir, str(deck.source or "deck.toml"), allowed)


def with_options(deck: DeckConfig, options: Mapping[str, Any]) -> DeckConfig:
    """`deck` with the command line's values (`options`: a flag -> (deck.toml key, value), e.g.
    {"--gutter": ("print.gutter_mm", 2.0)}; None means not given) set through the same model as
    deck.toml's, so its limits are the flag's: a value out of range is one UserError naming the flag."""
    given = {flag: (key, value) for flag, (key, value) in options.items() if value is not None}
    if not given:
        return deck  # every command reads its deck through here: no flag given, nothing to copy
    changed = deck.model_copy(deep=True)
    for flag, (key, value) in given.items():
        *tables, name = key.split(".")
        model: BaseModel = changed
        for table in tables:
            model = getattr(model, table)
        try:
            setattr(model, name, value)  # validate_assignment: the field's own type and range
        except ValidationError as exc:
            err = _pick_error(exc.errors())
            message = _message(err, key)
            if err.get("type") not in ("missing", "extra_forbidden") and not isinstance(value, (dict, str)):
                message += f" (got {value:g})" if isinstance(value, float) else f" (got {value!r})"
            raise UserError(f"{flag}: {message}") from None
    return changed


def demo_config(base_dir: Path | None = None, overrides: dict[str, Any] | None = None) -> DeckConfig:
    """The built-in demo deck used when there is no deck.toml: every default, no user files."""
    try:
        return DeckConfig.model_validate(dict(overrides or {}) | {"base_dir": base_dir or Path.cwd()})
    except ValidationError as exc:
        raise config_error_from_validation("(built-in demo deck)", exc) from None
