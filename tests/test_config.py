"""deck.toml: defaults, every profile, overrides, and errors that name the file and the key."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from deckgen.cards import Rank, Suit, parse_card
from deckgen.config import ConfigError, DeckConfig, demo_config, load_config, normalise_colour
from deckgen.errors import UserError
from deckgen.starter import deck_toml_text


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    return str(info.value)


def test_defaults():
    deck = demo_config()
    assert (deck.dpi, deck.bleed_mm, deck.profile) == (300, 3.0, "standard-54")
    assert deck.colours.red == "#c8102e" and deck.colours.four_colour is False
    assert (deck.faces.court_mode, deck.faces.joker_mode) == ("mirrored", "mirrored")
    assert len(deck.deck_profile()) == 54


@pytest.mark.parametrize(
    ("profile", "count", "unique"),
    [
        ("standard-54", 54, 54),
        ("standard-52", 52, 52),
        ("piquet-32", 32, 32),
        ("euchre-24", 24, 24),
        ("pinochle-48", 48, 24),
        ("farmer-45", 45, 45),
        ("double-104", 104, 52),
    ],
)
def test_profiles_from_deck_toml(tmp_path, profile, count, unique):
    deck = load_config(write(tmp_path, f'profile = "{profile}"\n'))
    cards = deck.deck_profile()
    assert len(cards) == count
    assert len(cards.unique_cards()) == unique


def test_profile_contents(tmp_path):
    farmer = load_config(write(tmp_path, 'profile = "farmer-45"\n')).deck_profile().cards
    sixes = [c for c in farmer if c.rank == Rank.SIX]
    assert sixes == [parse_card("6H")]
    assert not [c for c in farmer if c.rank == Rank.EIGHT]
    pinochle = load_config(write(tmp_path, 'profile = "pinochle-48"\n')).deck_profile().cards
    counts = Counter(pinochle)
    assert set(counts.values()) == {2}
    assert {c.rank for c in counts} == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    piquet = load_config(write(tmp_path, 'profile = "piquet-32"\n')).deck_profile().cards
    assert min(int(c.rank) for c in piquet) == 7
    std = load_config(write(tmp_path, 'profile = "standard-54"\n')).deck_profile().cards
    assert [c.code for c in std if c.is_joker] == ["JK1", "JK2"]


def test_custom_profile(tmp_path):
    deck = load_config(
        write(tmp_path, '[profile]\nbase = "standard-52"\nremove = ["2C", "2d", "2♥"]\nadd = []\njokers = 3\n')
    )
    cards = deck.deck_profile().cards
    assert len(cards) == 52 - 3 + 3
    assert parse_card("2S") in cards and parse_card("2C") not in cards
    assert [c.code for c in cards if c.is_joker] == ["JK1", "JK2", "JK3"]


def test_bad_custom_profile_card_is_quoted(tmp_path):
    message = error_of(tmp_path, '[profile]\nremove = ["2C", "1X"]\n')
    assert message.startswith(f"{tmp_path / 'deck.toml'}: ")
    assert "'1X' is not a card" in message


def test_unknown_profile(tmp_path):
    message = error_of(tmp_path, 'profile = "tarot-78"\n')
    assert "unknown deck profile 'tarot-78': expected one of standard-54, standard-52" in message


def test_paths_are_relative_to_deck_toml(tmp_path):
    (tmp_path / "sub").mkdir()
    path = tmp_path / "sub" / "deck.toml"
    path.write_text('font = "fonts/x.ttf"\n[cards.KH]\nimage = "images/k.jpg"\n[faces]\njoker_image = "/abs/j.png"\n')
    deck = load_config(path)
    assert deck.path(deck.cards["KH"].image) == tmp_path / "sub" / "images" / "k.jpg"
    assert deck.path(deck.font) == tmp_path / "sub" / "fonts" / "x.ttf"
    assert deck.path(deck.faces.joker_image) == Path("/abs/j.png")


def test_card_codes_in_any_notation_are_normalised(tmp_path):
    deck = load_config(write(tmp_path, '[cards."q♥"]\ntext = "Mum"\n[cards.th]\ntext = "Ten"\n[cards.Jk2]\ntext = "Two"\n'))
    assert set(deck.cards) == {"QH", "10H", "JK2"}


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ('colour = "red"\n', "colour", "unknown key 'colour': did you mean 'colours'?"),
        ("[colours]\nred = 'crimsonish'\n", "colours.red", "'crimsonish' is not a colour"),
        ("[colours]\nblack = '#12345'\n", "colours.black", "is not a colour"),
        ("[faces]\ncourt_mode = 'tiled'\n", "faces.court_mode", "unknown mode 'tiled': expected one of mirrored, full"),
        ("[cards.ZZ]\ntext = 'x'\n", "cards.ZZ", "'ZZ' is not a card"),
        ("[cards.QH]\nfocus = [1.5, 0.2]\n", "cards.QH.focus", "expected two fractions from 0 to 1"),
        ("[cards.QH]\nimgae = 'x.jpg'\n", "cards.QH.imgae", "unknown key 'imgae': did you mean 'image'? expected one of image, mode, focus, zoom, fit, mat, text in [cards.QH]"),
        ("dpi = 20\n", "dpi", "expected a whole number from 72 to 1200 (got 20)"),
        ("bleed_mm = -1\n", "bleed_mm", "expected a number from 0 to 10 (got -1)"),
        ("dpi = 'high'\n", "dpi", "expected a whole number from 72 to 1200 (got 'high')"),
        ("[faces]\njoker_focus = [0.5]\n", "faces.joker_focus", "expected two fractions from 0 to 1"),
        # an optional key says its limits as a required one does (it used to say "expected a number (got 20)")
        ("[back]\nimage_zoom = 20\n", "back.image_zoom", "expected a number from 0.85 to 8 (got 20)"),
        ("[tin]\nimage_zoom = 'big'\n", "tin.image_zoom", "expected a number from 0.85 to 8 (got 'big')"),
    ],
)
def test_errors_name_file_and_key(tmp_path, text, key, words):
    message = error_of(tmp_path, text)
    assert message.startswith(f"{tmp_path / 'deck.toml'}: {key}: "), message
    assert words in message
    assert "\n" not in message


def test_not_toml_and_missing_file(tmp_path):
    message = error_of(tmp_path, "name = \n")
    assert message == f"{tmp_path / 'deck.toml'}:1: name = has no value after it: write a value, e.g. name = \"...\""
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.toml")


def test_colours():
    assert normalise_colour("navy") == "#1b2a4a"
    assert normalise_colour("#ABC") == "#aabbcc"
    assert normalise_colour(" #C8102E ") == "#c8102e"
    with pytest.raises(ValueError, match="'#ggg' is not a colour"):
        normalise_colour("#ggg")


def test_overrides_beat_the_file(tmp_path):
    deck = load_config(write(tmp_path, "dpi = 300\n"), {"dpi": 150})
    assert deck.dpi == 150


def test_init_template_is_valid_and_matches_the_defaults(tmp_path):
    text = deck_toml_text("Gift deck", "plain")
    data = tomllib.loads(text)
    assert data["name"] == "Gift deck"
    deck = load_config(write(tmp_path, text))
    default = demo_config()
    assert deck.colours == default.colours
    assert deck.faces == default.faces
    assert (deck.dpi, deck.bleed_mm, deck.profile, deck.theme) == (300, 3.0, "standard-54", "plain")
    # the commented card examples are valid once uncommented (images aside: they are the user's)
    block = text[text.index("# [cards.KH]") : text.index("# The card back.")]
    lines = [line.removeprefix("#").strip() for line in block.splitlines()]
    cards = tomllib.loads("\n".join(line for line in lines if not line.startswith("image")))
    extra = DeckConfig.model_validate(cards | {"faces": {"court_mode": "full"}})
    assert extra.cards["KH"].text == "Grandpa Joe" and extra.cards["KH"].focus == (0.5, 0.3)
    assert extra.cards["QH"].mode == "full"


def test_suits_and_ranks_are_the_ones_the_deck_prints():
    deck = demo_config()
    cards = deck.deck_profile().unique_cards()
    assert {c.suit for c in cards if not c.is_joker} == set(Suit)
    assert {c.rank for c in cards if not c.is_joker} == set(Rank)


def test_a_byte_order_mark_is_fine_and_other_encodings_are_named(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_bytes("\ufeffname = \"Café\"\n".encode("utf-8"))
    assert load_config(path).name == "Café"
    path.write_bytes("# ok\nname = \"Café\"\n".encode("cp1252"))
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value) == f"{path}: is not UTF-8 text (line 2); save it as UTF-8 in your editor"


# ------------------------------------------------------------------ the reviewer's common mistakes, word for word

THEMES = "plain, anniversary, birthday, christmas, game-night, wedding"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # a card's table without the s of [cards]
        ('[card.KH]\nimage = "images/groom.jpg"\n',
         "card.KH: KH is a card: did you mean [cards.KH]? ([card] without the s sets the card size: format, "
         "width_mm, height_mm, corner_mm, bleed_mm, safe_mm)"),
        ('[QS]\ntext = "Mum"\n', "QS: QS is a card: did you mean [cards.QS]? (a card's own table is [cards.<code>])"),
        # a card written in words
        ('[cards.QueenH]\ntext = "Anna"\n', "cards.QueenH: 'QueenH' is not a card code: did you mean [cards.QH]? (a code "
                                          "is rank then suit: KH, 10D, QS, JK1)"),
        ('[cards.king_of_hearts]\ntext = "Ben"\n', "cards.king_of_hearts: 'king_of_hearts' is not a card code: did you "
                                                 "mean [cards.KH]? (a code is rank then suit: KH, 10D, QS, JK1)"),
        # a near miss of a choice, for every kind of choice
        ('theme = "weding"\n', f"theme: unknown theme 'weding': did you mean 'wedding'? expected one of {THEMES}"),
        ('[cards.QH]\nmode = "ful"\n', "cards.QH.mode: unknown mode 'ful': did you mean 'full'? expected one of mirrored, full"),
        ('[faces]\nfit = "covr"\n', "faces.fit: unknown fit 'covr': did you mean 'cover'? expected one of cover, contain, "
                                   "contain-plain"),
        ('[back]\nimage_mode = "fitt"\n', "back.image_mode: unknown image mode 'fitt': did you mean 'fit'? expected one of "
                                         "fill, fit"),
        ('[box]\nkind = "tuk"\n', "box.kind: unknown box kind 'tuk': did you mean 'tuck'? expected one of tin, tuck"),
        ('[print]\nflip = "lng"\n', "print.flip: unknown duplex flip 'lng': did you mean 'long'? expected one of long, short"),
        ('[print]\npaper = "a44"\n', "print.paper: unknown paper 'a44': did you mean 'a4'? expected one of a4, letter, a3, "
                                    "legal, tabloid or a size in mm such as '300x450'"),
        ('profile = "standrd-52"\n', "profile: unknown deck profile 'standrd-52': did you mean 'standard-52'? expected one "
                                    "of standard-54, standard-52, piquet-32, euchre-24, pinochle-48, farmer-45, double-104, bezique-64, "
                                    "bezique-128"),
        ('[back]\npalette = "navy-gld"\n', "back.palette: unknown palette 'navy-gld': did you mean 'navy-gold'? expected "
                                          "one of classic-red, classic-blue, navy-gold, ivory-gold, sage-gold, christmas-red, "
                                          "christmas-green, confetti, party-pink, ruby, silver, felt, midnight, mono"),
        ('theme = "halloween"\n', f"theme: unknown theme 'halloween': expected one of {THEMES}"),  # nothing near: no guess
        # TOML syntax, in plain words with the line
        ('[cards.JH]\ntext = "a"\n\n[tin]\ntitle = "x"\n[cards.JH]\nimage = "x.jpg"\n',
         ":6: [cards.JH] appears twice (first at line 1); merge the two"),
        ('name = "Anna & Ben"\n[cards.KH]\ntext = "Ben\n', ':3: a text in quotes is not closed on its line: end it with "'),
        ("name = 'Anna\n", ":1: a text in quotes is not closed on its line: end it with '"),
        # a text in triple quotes never closed: its own line, not the last line holding a quote
        ('[back]\ntext = """Anna\n& Ben\n\n[cards.KH]\nmode = "full"\n',
         ':2: a text in """ opened here is never closed: end it with """'),
        ("[back]\ntext = '''Anna\n", ":2: a text in ''' opened here is never closed: end it with '''"),
        ('[back]\ntext = """Anna"""\n[tin]\ntitle = "x\n', ':4: a text in quotes is not closed on its line: end it with "'),
        ('[cards.KH]\ntext = "a"\nimage = "b.jpg"\ntext = "c"\n', ":4: text is set twice in [cards.KH] (first at line 2); keep one"),
        ('[[back.text]]\ncontent = "a"\n[[back.text]]\ncontent = "b"\ncontent = "c"\n',
         ":5: content is set twice in this [[back.text]] (first at line 4); keep one"),
        ('name = "x"\n[name]\n', ":2: [name] names a key that already has a value above; a table needs a name of its own"),
        ('theme = wedding\n', ':1: the value of theme needs quotes: theme = "wedding" (only numbers, true and false go without)'),
        ('[back]\nimage = "C:\\photos\\us.jpg"\n',
         ":2: a backslash \\ in \"...\" starts an escape: write paths with / (images/me.jpg) or in 'single quotes'"),
        ('joker image = "x.jpg"\n',
         ":1: expected = after 'joker': each line is key = value, and a key is one word (letters, digits, _ and -)"),
        ('[cards.KH\ntext = "a"\n', ":1: a table name is not closed: end the line with ]"),
        ('name = "a\x01"\n', ":1: this line holds an invisible control character (U+0001, often pasted in with the text), "
                             "which TOML does not allow here; delete it"),
        ('cards.JH.text = "a"\n[cards.JH]\n', ":2: [cards.JH] is set up twice: once above by keys like "
                                              "cards.JH.something = ..., once here; keep one of the two"),
    ],
)
def test_common_mistakes_are_said_word_for_word(tmp_path, text, said):
    where = str(tmp_path / "deck.toml")
    assert error_of(tmp_path, text) == where + (said if said.startswith(":") else f": {said}")


def test_toml_errors_never_show_python_quoting():
    from deckgen.tomlerrors import explain_toml_error

    line, said = explain_toml_error("a = 1\n", "Cannot mutate immutable namespace ('cards', 'K♥') (at line 1, column 3)")
    assert (line, said) == (1, 'is not valid TOML: cannot mutate immutable namespace cards."K♥"')


# ------------------------------------------------------------------ the deck.toml `deckgen init` writes


def _template_keys(text: str) -> set[tuple[str, str]]:
    """(table, key) for every key the template sets or shows commented out; a table's header counts as
    its key in the table above ([tin] is the key tin at the top level). Card tables are 'cards.*' and
    [[back.text]] is 'back.text[*]', as config names its tables."""
    found: set[tuple[str, str]] = set()
    table = active = ""
    for raw in text.splitlines():
        line = raw.lstrip("#").strip()
        commented = raw.lstrip().startswith("#")
        if raw.strip() and not commented:
            table = active  # a live line: back in the table the file is really in
        head = re.match(r"^(\[\[?)\s*([A-Za-z0-9_.\-<>]+)\s*\]\]?", line)
        if head:
            parts = re.sub(r"^cards\.[^.]+", "cards.*", head.group(2)).split(".")
            table = ".".join(parts) + ("[*]" if head.group(1) == "[[" else "")
            active = table if not commented else active
            found.update((".".join(parts[:i]), parts[i]) for i in range(len(parts)))
            continue
        key = re.match(r"^([A-Za-z_0-9]+)\s*=", line)  # [letters] keys are capitals (Q = "D")
        if key:
            found.add((table, key.group(1)))
    return found


def test_the_init_template_shows_every_key_of_every_table():
    """Every key the config models accept is in the deck.toml `deckgen init` writes, in its own
    table, so that a person reading it sees all there is ([back2] says it takes [back]'s keys)."""
    from deckgen.config import _NOT_KEYS, _TABLES
    from deckgen.starter import deck_toml_text

    shown = _template_keys(deck_toml_text())
    missing = [
        f"{table or '(top level)'}: {key}"
        for table, model in _TABLES.items()
        if not table.startswith("back2")  # the same model as [back]; the template says so
        for key in model.model_fields
        if key not in _NOT_KEYS and (table, key) not in shown
    ]
    assert missing == []
    assert "same keys as [back]" in deck_toml_text()


def test_the_init_images_readme_asks_for_the_pixels_the_build_checks(tmp_path):
    from deckgen.render.photocards import photo_area_size
    from deckgen.resolve import load_design
    from deckgen.starter import init_deck

    init_deck(tmp_path / "gift")
    design = load_design(tmp_path / "gift" / "deck.toml")
    assert (photo_area_size(design, "mirrored"), photo_area_size(design, "full")) == ((470, 484), (768, 1146))
    assert (tmp_path / "gift" / "images" / "README.txt").read_text().splitlines()[5:7] == [
        "A photo for the mirrored layout should be at least 470 x 484 pixels, one for",
        "the full-card layout at least 768 x 1146 pixels (at 300 DPI); smaller photos",
    ]


def test_a_formats_toml_beside_deck_toml_says_its_toml_mistake_the_same_way(tmp_path):
    (tmp_path / "formats.toml").write_text('[mine]\nwidth_mm = 60\nheight_mm = "90\n')
    with pytest.raises(UserError) as info:
        load_config(write(tmp_path, '[card]\nformat = "mine"\n'))
    assert str(info.value) == f'{tmp_path / "formats.toml"}:3: a text in quotes is not closed on its line: end it with "'


def test_a_house_rule_value_near_one_of_its_choices_gets_the_same_hint():
    from deckgen.engine.rummy import units
    from deckgen.errors import ExampleError

    with pytest.raises(ExampleError) as info:
        units(37, {"rate": "pont"})
    assert str(info.value) == "rules.rate: unknown value 'pont': did you mean 'point'? expected one of point, ten"


@pytest.mark.parametrize(("text", "said"), [
    ('[cards.JK3]\ntext = "x"\n', "cards.JK3: the 'standard-54' deck has no card JK3; its jokers are JK1 and JK2"),
    ('profile = "standard-52"\n[cards.JK1]\ntext = "x"\n', "cards.JK1: the 'standard-52' deck has no card JK1; it has no jokers"),
])
def test_a_joker_the_deck_lacks_names_the_jokers_it_has(tmp_path, text, said):
    from deckgen.render.faces import check_faces
    from deckgen.resolve import load_design

    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        check_faces(load_design(path))
    assert str(info.value) == f"{path}: {said}"


# ------------------------------------------------------------------ command-line values through the model


@pytest.mark.parametrize(
    ("flag", "key", "value", "message"),
    [
        ("--dpi", "dpi", 50, "--dpi: expected a whole number from 72 to 1200 (got 50)"),
        ("--dpi", "tin.dpi", 5000, "--dpi: expected a whole number from 72 to 1200 (got 5000)"),
        ("--gutter", "print.gutter_mm", 30.0, "--gutter: expected a number from 0 to 20 (got 30)"),
        ("--offset-y", "print.offset_y_mm", -20.5, "--offset-y: expected a number from -20 to 20 (got -20.5)"),
        ("--ink-limit", "print.ink_limit", 149, "--ink-limit: expected a whole number from 150 to 400 (got 149)"),
        ("--flip", "print.flip", "sideways", "--flip: unknown duplex flip 'sideways': expected one of long, short"),
    ],
)
def test_a_command_line_value_has_the_limits_of_its_deck_toml_key(flag, key, value, message) -> None:
    """The limits live once, in the model: a flag out of range is refused in the words deck.toml's key
    would be, naming the flag."""
    from deckgen.config import demo_config, with_options

    with pytest.raises(UserError) as caught:
        with_options(demo_config(), {flag: (key, value)})
    assert str(caught.value) == message


def test_command_line_values_in_range_are_set_and_the_deck_given_is_left_alone() -> None:
    from deckgen.config import demo_config, with_options

    deck = demo_config()
    changed = with_options(deck, {"--dpi": ("dpi", 600), "--gutter": ("print.gutter_mm", 2.5), "--cutter": ("print.cutter", None)})
    assert (changed.dpi, changed.print.gutter_mm, changed.print.cutter) == (600, 2.5, deck.print.cutter)
    assert (deck.dpi, deck.print.gutter_mm) == (300, None)
