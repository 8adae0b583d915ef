"""Reference cards ([reference] cards): what they say comes from the engine under the deck's house
rules, they fit the smallest card format, and they go into every print file after the jokers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image
from pypdf import PdfReader

from deckgen.booklet.tables import TableCache, TableMaker
from deckgen.config import load_config
from deckgen.errors import UserError
from deckgen.reference import reference_card, reference_texts
from deckgen.render.reference import MIN_TEXT_MM, layout_card, render_reference
from deckgen.resolve import load_design, resolve_design

ALL = '["poker-ranking", "cribbage-counting", "gin-scoring", "bridge-scoring"]'


def _design(write_deck, extra: str = "", head: str = ""):
    return load_design(write_deck(f'{head}\n[reference]\ncards = {ALL}\npoker_cards = 7\npoker_wild = ["2"]\n{extra}'))


def _rows(card) -> list[tuple[str, ...]]:
    return [row for section in card.sections for row in section.rows]


# one hand of each category, deuces wild: two neighbours never share a card
HANDS = {
    "five of a kind": "2C 9S 9H 9D 9C",
    "straight flush": "2D 5H 6H 7H 8H",
    "four of a kind": "2S KS KH KD 4C",
    "full house": "QS QH QD 3C 3D",
    "flush": "AH JH 8H 6H 4H",
    "straight": "9C TD JS QC KD",
    "three of a kind": "7S 7H 7D KC 4S",
    "two pair": "8S 8H 5D 5C AS",
    "one pair": "6S 6H JD 9C 3H",
    "high card": "KS JH 9D 4C 3S",
}


def test_the_poker_card_under_deuces_wild_prints_what_deckgen_check_confirms(write_deck, tmp_path, run):
    """The card's ranking, best first, is the one `deckgen check` confirms under deuces wild (a showdown
    of each hand with the next one down), and its counts are the booklet's poker-frequencies table for
    seven cards, deuces wild: the same engine call with the same house rules."""
    design = _design(write_deck)
    card = reference_card(design, "poker-ranking")
    assert "2 wild" in card.subtitle and "7-card" in card.subtitle
    rows = _rows(card)
    names = [row[0].lower() for row in rows]
    assert names[0] == "five of a kind"  # the wild-card ranking: five of a kind above a straight flush
    assert names == list(HANDS)
    table = TableMaker(dict(design.house_rules), TableCache(None))({"table": "poker-frequencies", "cards": 7, "wild": ["2"]})
    assert [row[:3] for row in table.rows] == rows
    assert sum(int(row[1].replace(",", "")) for row in rows) == 133_784_560  # C(52, 7)
    blocks = []
    for better, worse in zip(names, names[1:]):
        blocks.append(f"```deckgen\ngame: poker\nwild: [2]\nhands:\n  Ann: {HANDS[better]}\n  Bob: {HANDS[worse]}\n"
                      f"expect:\n  categories: {{Ann: {better}, Bob: {worse}}}\n  order: [Ann, Bob]\n```\n")
    (tmp_path / "ranking.md").write_text("\n".join(blocks), encoding="utf-8")
    code, out, _ = run(tmp_path, "check", "ranking.md")
    assert (code, out.splitlines()[-1]) == (0, f"{len(names) - 1} passed, 0 failed")


def test_a_changed_house_rule_changes_the_cards(write_deck):
    usual = {c.name: c for c in reference_texts(_design(write_deck))}
    house = ('[house_rules.gin-rummy]\ngin_bonus = 20\nknock_limit = 7\n[house_rules.cribbage]\nnobs_points = 2\n'
             'hand_flush_min = 5\n[house_rules.bridge]\nrubber_bonus = 600\n')
    changed = {c.name: c for c in reference_texts(_design(write_deck, house))}
    gin, gin2 = dict((r[0], r[-1]) for r in _rows(usual["gin-scoring"])), dict((r[0], r[-1]) for r in _rows(changed["gin-scoring"]))
    assert (gin["Gin"], gin2["Gin"]) == ("70", "65")  # the engine's worked gin hand: 45 + the bonus
    assert (gin["Knock with at most"], gin2["Knock with at most"]) == ("10", "7")
    crib, crib2 = dict(_rows(usual["cribbage-counting"])), dict(_rows(changed["cribbage-counting"]))
    assert (crib["His nobs"], crib2["His nobs"]) == ("1", "2")
    assert (crib["Flush, hand of one suit"], crib2["Flush, hand of one suit"]) == ("4", "none")
    assert (crib["5 5 5 J, the jack's 5 turned"], crib2["5 5 5 J, the jack's 5 turned"]) == ("29", "30")
    bridge, bridge2 = dict((r[0], r[1:]) for r in _rows(usual["bridge-scoring"])), dict((r[0], r[1:]) for r in _rows(changed["bridge-scoring"]))
    assert (bridge["Rubber 2-0 / 2-1"], bridge2["Rubber 2-0 / 2-1"]) == (("700", "500"), ("700", "600"))
    assert usual["poker-ranking"] == changed["poker-ranking"]


def test_config_names_the_key_of_a_bad_reference(bad_config):
    bad_config('[reference]\ncards = ["poker-odds"]\n', "reference.cards", "unknown reference card 'poker-odds'")
    bad_config('[reference]\npoker_wild = ["1"]\n', "reference.poker_wild", "1")
    bad_config('[reference]\npoker_cards = 6\n', "reference.poker_cards", "5")


def _ink_rows(image: Image.Image, paper: tuple[int, int, int]) -> np.ndarray:
    pixels = np.asarray(image.convert("RGB")).astype(int)
    return np.abs(pixels - np.array(paper)).sum(axis=2) > 60


@pytest.mark.parametrize("name", ["bridge-scoring", "cribbage-counting", "poker-ranking"])
def test_the_longest_cards_fit_the_smallest_format(write_deck, name):
    """On the mini format (44 x 63 mm, the smallest shipped) every word lies inside the safe area at
    a legible size, no two pieces of text overlap, and the pixels show no ink outside the frame."""
    design = _design(write_deck, head='card_size = "mini"')
    assert (design.card.width_mm, design.card.height_mm) == (44.0, 63.0)
    card = reference_card(design, name)
    layout = layout_card(design, card)
    assert layout.em_mm >= MIN_TEXT_MM
    left, top, right, bottom = layout.area
    slack = max(1.5, design.card.box().px(layout.em_mm) * 0.1)
    for piece in layout.pieces:
        l, t, r, b = piece.box
        assert left - slack <= l and r <= right + slack and top <= t and b <= bottom, piece
    boxes = sorted(p.box for p in layout.pieces)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5
            assert not overlap, (a, b)
    image = render_reference(design, card)
    ink = _ink_rows(image, tuple(int(design.faces.ink.paper[i:i + 2], 16) for i in (1, 3, 5)))
    box = design.card.box()
    trim_l, trim_t, trim_r, trim_b = (round(v) for v in box.trim_rect())
    assert not ink[:trim_t].any() and not ink[trim_b:].any() and not ink[:, :trim_l].any() and not ink[:, trim_r:].any()


def test_a_card_too_small_for_its_text_is_refused_with_its_name(write_deck, tmp_path, run):
    """Before the build writes anything: one line naming deck.toml, the key and the card, exit 2, no output."""
    head = '[card]\nformat = "mini"\nwidth_mm = 30\nheight_mm = 45\ncorner_mm = 3\nsafe_mm = 3'
    design = _design(write_deck, head=head)
    with pytest.raises(UserError, match="deck.toml: reference.cards: 'bridge-scoring' does not fit on a 30 x 45 mm card"):
        layout_card(design, reference_card(design, "bridge-scoring"))
    deck = write_deck(head + '\n[reference]\ncards = ["bridge-scoring"]\n')
    code, out, err = run(tmp_path, "build", "--config", str(deck))
    assert code == 2 and err.strip() == (
        f"error: {deck}: reference.cards: 'bridge-scoring' does not fit on a 30 x 45 mm card at a legible size "
        "(text of 1.9 mm); leave it out of [reference] cards or choose a larger card format")
    assert not (tmp_path / "output").exists()


def _contact_cells(contact: Image.Image) -> int:
    """How many pictures a contact sheet shows: runs of non-background columns in each band of rows."""
    pixels = np.asarray(contact.convert("L")).astype(int)
    ground = pixels[0, 0]  # the sheet around the cards
    busy_rows = (np.abs(pixels - ground) > 8).any(axis=1)
    cells, row = 0, 0
    while row < len(busy_rows):
        if not busy_rows[row]:
            row += 1
            continue
        end = row
        while end < len(busy_rows) and busy_rows[end]:
            end += 1
        columns = (np.abs(pixels[row:end] - ground) > 8).any(axis=0)
        cells += int(np.sum(columns[1:] & ~columns[:-1]) + columns[0])
        row = end
    return cells


def test_the_cards_go_into_every_print_file_after_the_jokers(write_deck, tmp_path, run):
    """54 + 2 cards: the print-shop file has 56 pages per side (the reference cards after the jokers,
    with the deck's back), the home sheets hold them, the contact sheet shows them, the tin counts them.
    (`deckgen print` draws what is missing: the faces, the backs and the reference cards.)"""
    deck = write_deck('dpi = 72\n[reference]\ncards = ["poker-ranking", "gin-scoring"]\n')
    code, out, err = run(tmp_path, "print", "--config", str(deck), "--paper", "a4")
    assert code == 0, out + err
    cards = tmp_path / "output" / "cards"
    assert {p.name for p in cards.glob("ref-*.png")} == {"ref-poker-ranking.png", "ref-gin-scoring.png"}
    with Image.open(cards / "ref-gin-scoring.png") as im, Image.open(cards / "AS.png") as ace:
        assert im.size == ace.size and im.info["dpi"] == ace.info["dpi"]
    shop = pikepdf.open(tmp_path / "output" / "print" / "print-shop.pdf")
    assert len(shop.pages) == 2 * 56
    # faces then backs: pages 55 and 56 are the reference cards: their paper and frame a picture of the
    # card's size, their words type (what the PNG says, line by line)
    design = load_design(deck)
    reader = PdfReader(tmp_path / "output" / "print" / "print-shop.pdf")
    for page, name in ((54, "poker-ranking"), (55, "gin-scoring")):
        xobjects = shop.pages[page].resources.XObject
        (image,) = [pikepdf.PdfImage(xobjects[key]) for key in xobjects.keys()]
        with Image.open(cards / f"ref-{name}.png") as im:
            assert im.size == (image.width, image.height)
        text = reader.pages[page].extract_text()
        card = reference_card(design, name)
        assert card.title in text and all(row[0] in text and row[-1] in text for row in _rows(card))
    sheets = pikepdf.open(tmp_path / "output" / "print" / "sheets-a4.pdf")
    assert len(sheets.pages) == 2 * 7  # 56 cards, 9 a sheet: 7 sheets of faces and backs
    assert "Poker hands" in PdfReader(tmp_path / "output" / "print" / "sheets-a4.pdf").pages[12].extract_text()
    assert (design.card_count, len(design.profile)) == (56, 54)
    # the tin holds the stack of all 56: at 0.77 mm a card, 54 fit its 42 mm and 56 do not
    thick = load_design(write_deck('[box]\ncard_thickness_mm = 0.77\n[reference]\ncards = ["poker-ranking", "gin-scoring"]\n'))
    assert (thick.card_count, (thick.tin_misfit() or "").split(" make a stack")[0]) == (56, "56 skat cards of 0.77 mm")
    assert load_design(write_deck('[box]\ncard_thickness_mm = 0.77\n')).tin_misfit() is None
    with Image.open(tmp_path / "output" / "preview" / "contact-sheet.png") as contact:
        assert _contact_cells(contact) == 56 + 1  # every face, the reference cards, the back


def test_a_changed_house_rule_makes_the_build_redraw_the_cards_and_the_print_files(write_deck):
    """The reference cards' unit of an incremental build, and the print files made from them, change with
    the house rules (which no other print file reads); the deck's other units stay current."""
    from deckgen.buildcache import unit_keys

    text = '[reference]\ncards = ["gin-scoring"]\n'
    before = unit_keys(load_design(write_deck(text)))
    after = unit_keys(load_design(write_deck(text + '[house_rules.gin-rummy]\ngin_bonus = 20\n')))
    changed = sorted(k for k in before if before[k] != after[k])
    assert changed == ["booklet", "booklet examples", "print files", "reference cards", "score pads"]


@pytest.mark.extended
def test_a_build_redraws_the_card_when_a_house_rule_changes(write_deck, tmp_path, run):
    deck = write_deck('dpi = 72\n[reference]\ncards = ["gin-scoring"]\n[print]\npaper = "a4"\n')
    code, out, err = run(tmp_path, "build", "--config", str(deck))
    assert code == 0, out + err
    card = tmp_path / "output" / "cards" / "ref-gin-scoring.png"
    before = card.read_bytes()
    deck.write_text(deck.read_text() + '[house_rules.gin-rummy]\ngin_bonus = 20\n', encoding="utf-8")
    code, out, err = run(tmp_path, "build", "--config", str(deck))
    assert code == 0, out + err
    assert "= faces: current" in out.splitlines() and "✓ reference cards: output/cards/ref-gin-scoring.png" in out.splitlines()
    assert card.read_bytes() != before


def test_a_shop_preset_s_deck_sizes_count_the_reference_cards(write_deck, tmp_path):
    """A preset with card_counts = [55] takes 54 cards and one reference card, and says why it refuses two."""
    from deckgen.render.shopcheck import _card_count
    from deckgen.render.shops import load_shop

    generic = (Path(__file__).resolve().parent.parent / "templates" / "shops" / "generic.toml").read_text(encoding="utf-8")
    (tmp_path / "shop55.toml").write_text(generic + "card_counts = [55]\n", encoding="utf-8")
    preset = load_shop("shop55.toml", tmp_path)
    one = load_design(write_deck('[reference]\ncards = ["poker-ranking"]\n[print]\nshop = "shop55.toml"\n'))
    assert [str(f) for f in _card_count(one, preset)] == ["ok    cards: 55 cards, a deck size the shop prints"]
    two = load_design(write_deck('[reference]\ncards = ["poker-ranking", "gin-scoring"]\n[print]\nshop = "shop55.toml"\n'))
    assert [str(f) for f in _card_count(two, preset)] == [
        "FAIL  cards: the 'shop55' preset takes decks of 55 cards and this deck has 56 (54 and 2 reference cards); "
        "change [reference] cards or the deck's profile, or the preset's card_counts"]
    assert _card_count(two, load_shop("generic", tmp_path)) == []


def test_each_pack_of_a_two_back_deck_has_its_reference_cards_with_its_back(write_deck):
    """A deck printed twice, once per back ([back2]), carries the reference cards after each pack's jokers."""
    from deckgen.render.printfiles import pair_cards

    design = load_design(write_deck('[back2]\ntemplate = "dots"\n[reference]\ncards = ["gin-scoring", "poker-ranking"]\n'))
    faces = {card.code: Path(f"{card.code}.png") for card in design.profile.unique_cards()}
    faces |= {"ref-gin-scoring": Path("ref-gin-scoring.png"), "ref-poker-ranking": Path("ref-poker-ranking.png")}
    paired = pair_cards(design, faces, [Path("back.png"), Path("back2.png")])
    assert len(paired) == 2 * 56
    assert [(c.name, c.back.name) for c in paired[53:56]] == [
        ("JK2", "back.png"), ("ref-gin-scoring", "back.png"), ("ref-poker-ranking", "back.png")]
    assert [(c.name, c.back.name) for c in paired[-3:]] == [
        ("JK2#2", "back2.png"), ("ref-gin-scoring#2", "back2.png"), ("ref-poker-ranking#2", "back2.png")]
