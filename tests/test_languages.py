"""A deck's language: the index letters (German A K D B, Swedish E K D Kn ...), the joker's word and the
words on the lid and box, from templates/languages; a deck's own [letters] over them. Measured on the
pixels of the faces of every format, in the print-shop file's text, and under the booklet's pictures."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from deckgen.buildcache import FileHashes, unit_keys
from deckgen.cards import parse_card
from deckgen.config import DeckConfig
from deckgen.design import Design, IndexDesign
from deckgen.errors import UserError
from deckgen.formats import format_names
from deckgen.languages import LETTER_KEYS, get_language, language_names
from deckgen.render.facedraw import text_mask
from deckgen.render.faces import render_face
from deckgen.render.indexlabels import column_widening, face_layout
from deckgen.resolve import resolve_design
from deckgen.resources import data_dir

DPI = 200
PAPER = (0xFF, 0xFD, 0xF8)


@lru_cache(maxsize=None)
def design(fmt: str = "skat", language: str = "en", dpi: int = DPI, **more: str) -> Design:
    data = {"card": {"format": fmt}, "dpi": dpi, "language": language, "base_dir": Path.cwd()}
    return resolve_design(DeckConfig.model_validate(data | more))


def ink(image: Image.Image) -> np.ndarray:
    return np.abs(np.asarray(image.convert("RGB")).astype(int) - np.array(PAPER)).sum(axis=2) > 120


def shape_of(mask: np.ndarray, size: tuple[int, int] = (24, 32)) -> np.ndarray:
    """The ink of a letter cut to its own box and brought to one size: a letter's shape, whatever its
    size and squeeze."""
    rows, cols = np.nonzero(mask)
    cut = mask[rows.min(): rows.max() + 1, cols.min(): cols.max() + 1]
    return np.asarray(Image.fromarray(cut.astype(np.uint8) * 255).resize(size, Image.Resampling.BILINEAR)) > 127


def rank_ink(d: Design, code: str) -> np.ndarray:
    """The ink of a face's rank: the index column from the top of the rank to just above its suit sign."""
    lay = face_layout(d)
    k, bleed = d.card.dpi / 25.4, d.card.box().bleed_px
    face = render_face(d, parse_card(code))
    rows = slice(round(bleed + (lay.index_top - 0.2 * lay.index_rank_cap) * k),
                 round(bleed + (lay.index_top + lay.index_rank_cap + 0.8 * lay.index_gap) * k))
    cols = slice(round(bleed + (lay.safe - 0.3) * k), round(bleed + (lay.safe + lay.index_max_w + 0.3) * k))
    return ink(face)[rows, cols]


def read_letter(d: Design, code: str, candidates: str) -> tuple[str, float]:
    """Which of the candidates the face's rank is, by the overlap of its shape with each letter set
    alone in the index face (the best match and its overlap, 1 = the same pixels)."""
    seen = shape_of(rank_ink(d, code))
    scores = {}
    for letter in candidates:
        alone = np.asarray(text_mask(d, letter, "index", 200)) > 127
        ref = shape_of(alone)
        scores[letter] = (seen & ref).sum() / (seen | ref).sum()
    best = max(scores, key=lambda x: scores[x])
    return best, scores[best]


def test_every_shipped_language_names_its_source_and_four_letters():
    root = data_dir("templates") / "languages"
    assert {"en", "de", "fr", "nl", "sv"} <= set(language_names())
    for code in language_names():
        data = tomllib.loads((root / f"{code}.toml").read_text(encoding="utf-8"))
        assert len(data["source"]) > 20 and data["name"]
        assert set(data["letters"]) == set(LETTER_KEYS)
    de, fr, nl, sv = (get_language(c) for c in ("de", "fr", "nl", "sv"))
    assert (de.ace, de.king, de.queen, de.jack) == ("A", "K", "D", "B")
    assert (fr.king, fr.queen, fr.jack) == ("R", "D", "V")
    assert (nl.ace, nl.king, nl.queen, nl.jack) == ("A", "H", "V", "B")
    assert (sv.ace, sv.king, sv.queen, sv.jack) == ("E", "K", "D", "Kn")


@pytest.mark.parametrize("fmt", format_names())
def test_a_german_deck_shows_a_k_d_b_on_every_format(fmt):
    """On the pixels of the index of the ace, king, queen and jack: each reads as the German letter set
    alone, better than as any other (the English Q and J among them)."""
    d = design(fmt, "de")
    for code, want in (("AS", "A"), ("KH", "K"), ("QD", "D"), ("JC", "B")):
        letter, overlap = read_letter(d, code, "AKDBQJ")
        assert letter == want and overlap > 0.8, (fmt, code, letter, overlap)


@pytest.mark.parametrize("fmt", ["skat", "mini"])
def test_the_english_deck_still_reads_a_k_q_j(fmt):
    d = design(fmt)
    for code, want in (("AS", "A"), ("KH", "K"), ("QD", "Q"), ("JC", "J")):
        assert read_letter(d, code, "AKDBQJ")[0] == want


@pytest.mark.parametrize("fmt", format_names())
def test_the_index_column_is_laid_out_for_the_widest_label(fmt):
    """Swedish Kn is wider than a 10: its column widens so that Kn is squeezed no more than a 10 is in
    the English deck, and the court frame keeps its air beside it; a language of single letters keeps
    the English column."""
    en, sv, de = design(fmt), design(fmt, "sv"), design(fmt, "de")
    assert face_layout(de) == face_layout(en).__class__.for_format(de.card, de.faces.index)
    assert face_layout(de).index_max_w == face_layout(en).index_max_w
    lay_en, lay_sv = face_layout(en), face_layout(sv)
    assert lay_sv.index_max_w > lay_en.index_max_w
    k = DPI / 25.4
    ten_w = rank_ink(en, "10S").any(axis=0).sum() / k
    kn_w = rank_ink(sv, "JS").any(axis=0).sum() / k
    ten_natural = text_mask(en, "10", "index", 100, -0.06).width
    kn_natural = text_mask(sv, "Kn", "index", 100, -0.06).width
    # each label's drawn width against its natural one: Kn no more squeezed than the 10
    assert kn_w / kn_natural >= ten_w / ten_natural - 0.03, (kn_w, ten_w)
    assert kn_w <= lay_sv.index_max_w + 2 / k
    # the frame stands INDEX_AIR beyond the wider column
    assert lay_sv.frame[0] - (lay_sv.safe + lay_sv.index_max_w) == pytest.approx(
        lay_en.frame[0] - (lay_en.safe + lay_en.index_max_w))


def test_the_vector_faces_of_the_print_files_set_the_german_letters():
    """The print PDFs draw each face from its vector shapes: the index's letters are text shapes, D on a
    queen and B on a jack, in the index column (the PDF's own text: the extended test below)."""
    from deckgen.render.pdfface import vector_face
    from deckgen.render.vectorshapes import TextShape

    d = design("skat", "de", 72)
    lay = face_layout(d)
    for code, want in (("QS", "D"), ("JH", "B"), ("KD", "K"), ("AC", "A")):
        texts = [s for s in vector_face(d, parse_card(code)).shapes if isinstance(s, TextShape)]
        corner = [t.text for t in texts if t.top_mm < lay.mid_y and abs(t.cx_mm - lay.index_x) < 0.01]
        assert corner == [want], (code, corner)


@pytest.mark.extended
def test_the_print_shop_file_prints_the_german_letters(tmp_path):
    """The print files agree with the PNGs: the print-shop PDF's face pages set D and B in their
    indices as text (read by pypdf), never Q or J; the contact sheet is made of the same PNGs."""
    from pypdf import PdfReader

    from deckgen.render.printfiles import build_print_files

    d = resolve_design(DeckConfig.model_validate({"dpi": 72, "language": "de", "profile": "euchre-24",
                                                  "base_dir": tmp_path}))
    build_print_files(d, tmp_path, options=d.print.with_overrides(paper="a4"))
    words = set()
    for page in PdfReader(tmp_path / "print" / "print-shop.pdf").pages:
        words.update(page.extract_text().split())
    assert {"A", "K", "D", "B", "9", "10"} <= words
    assert not {"Q", "J"} & words
    contact = Image.open(tmp_path / "preview" / "contact-sheet.png")
    assert contact.size[0] > 0  # built from output/cards, whose PNGs the pixel tests read


def test_the_booklet_names_its_cards_in_the_decks_letters(tmp_path):
    """Under the pictures of a worked example the names are in the letters the pictures print (D♠,
    not Q♠); the cards the outcome's words name, and the bridge diagram's ranks, too. The words stay English."""
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.booklet.build import CardPictures
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.pictures import CompassDiagram, Hand, HandsStrip, card_name
    from deckgen.booklet.styles import Palette, make_styles, register_fonts
    from deckgen.cards import parse_cards

    de = design("skat", "de", 72)
    pictures = CardPictures(de, None)
    assert pictures.index == de.faces.index
    assert card_name(parse_card("QS"), de.faces.index) == "D♠" and card_name(parse_card("QS")) == "Q♠"
    from deckgen.booklet.pictures import in_deck_letters

    said = "Ann's four of a kind, queens (Q♠ Q♥ Q♦ Q♣ K♦), beats Bob's (J♠ 10♥); the queen of spades"
    assert in_deck_letters(said, de.faces.index) == ("Ann's four of a kind, queens (D♠ D♥ D♦ D♣ K♦), beats Bob's "
                                                     "(B♠ 10♥); the queen of spades")
    assert in_deck_letters(said, design("skat").faces.index) == said
    hand = Hand("North", (tuple(parse_cards("AS KS QS JS 10H")),))
    assert CompassDiagram.suit_lines(hand, de.faces.index)[0] == ("♠", "A K D B")

    class Plain:
        """Card pictures as the booklet takes them, stored by ReportLab (no cache keys)."""
        index = de.faces.index
        shape = pictures.shape

        def __call__(self, card):
            from reportlab.lib.utils import ImageReader
            return ImageReader(render_face(de, card))

    register_fonts()
    layout = PageLayout()
    styles = make_styles(Palette(), layout.text_width, layout.text_height)
    strip = HandsStrip([Hand("Ann", (tuple(parse_cards("QS JH KD AC")),))], Plain(), styles)
    canvas = Canvas(str(tmp_path / "strip.pdf"), pagesize=(400, 300))
    strip.wrapOn(canvas, 380, 280)
    strip.drawOn(canvas, 10, 10)
    canvas.save()
    text = PdfReader(tmp_path / "strip.pdf").pages[0].extract_text()
    assert "D♠" in text and "B♥" in text and "Q♠" not in text, text


def test_deck_letters_win_over_the_languages_and_a_typo_names_its_key(tmp_path):
    d = design("skat", "fr", 72)
    assert (d.faces.index.ace, d.faces.index.king) == ("1", "R")
    own = resolve_design(DeckConfig.model_validate({"language": "fr", "letters": {"A": "A", "joker": "Joker"},
                                                    "base_dir": tmp_path}))
    assert (own.faces.index.ace, own.faces.index.queen, own.faces.index.joker) == ("A", "D", "JOKER")
    for bad, key in (({"letters": {"D": "Q"}}, "letters.D"), ({"letters": {"Q": "Dame"}}, "letters.Q"),
                     ({"language": "deu"}, "language"), ({"letters": {"joker": "J K"}}, "letters.joker")):
        (tmp_path / "deck.toml").write_text(_toml(bad), encoding="utf-8")
        from deckgen.config import load_config

        with pytest.raises(UserError) as caught:
            load_config(tmp_path / "deck.toml")
        message = str(caught.value)
        assert key in message and "\n" not in message, message


def _toml(data: dict) -> str:
    lines = []
    for key, value in data.items():
        if isinstance(value, dict):
            lines.append(f"[{key}]")
            lines.extend(f'{k} = "{v}"' for k, v in value.items())
        else:
            lines.append(f'{key} = "{value}"')
    return "\n".join(lines) + "\n"


def test_the_lid_box_and_back_words_follow_the_language():
    plain = design("skat", "de", 72)
    assert plain.lid.subtitle == "Spielkarten"
    birthday = resolve_design(DeckConfig.model_validate({"language": "nl", "theme": "birthday", "base_dir": Path.cwd()}))
    assert birthday.lid.subtitle == "Gefeliciteerd!" and birthday.back.texts[0].content == "Gefeliciteerd"
    # a person's own words are never translated
    own = resolve_design(DeckConfig.model_validate({"language": "de", "tin": {"subtitle": "Playing cards"},
                                                    "base_dir": Path.cwd()}))
    assert own.lid.subtitle == "Playing cards"


def test_a_language_change_rebuilds_the_faces_it_changes_and_no_other(tmp_path):
    """en -> de changes the queens' and jacks' faces (and the files made of every face), not the 2 to
    10, aces or kings; en -> sv widens the column, so every face; the backs stay as they were."""
    hashes = FileHashes()
    en, de, sv = (unit_keys(design("skat", lang, 72), hashes, code="x") for lang in ("en", "de", "sv"))
    changed = {k for k in en if en[k] != de[k]}
    faces = {k.split(":")[1] for k in changed if k.startswith("face:")}
    assert faces == {f"{r}{s}" for r in "QJ" for s in "CDHS"}
    assert {"booklet", "print files", "crop review", "tin lid"} <= changed  # the plain lid says Spielkarten
    assert "backs" not in changed
    assert all(en[k] != sv[k] for k in en if k.startswith("face:"))


def test_init_writes_the_languages_values(tmp_path, run):
    code, out, err = run(tmp_path, "init", "deck", "--language", "de")
    assert code == 0, out + err
    text = (tmp_path / "deck" / "deck.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert data["language"] == "de"
    assert '# Q = "D"' in text and '# J = "B"' in text
    d = resolve_design(DeckConfig.model_validate(data | {"base_dir": tmp_path / "deck"}))
    assert (d.faces.index.queen, d.faces.index.jack, d.lid.subtitle) == ("D", "B", "Spielkarten")
    code, out, err = run(tmp_path, "init", "other", "--language", "xx")
    assert code == 2 and "--language: unknown language 'xx'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "other" / "deck.toml").exists()


def test_the_index_design_reads_only_its_letters():
    index = IndexDesign(ace="1", king="R", queen="D", jack="V")
    assert index.labels == ("10", "1", "R", "D", "V")
    assert column_widening(design("skat", "fr", 72)) == 1.0


def test_the_preview_redraws_the_faces_a_language_changes():
    """`deckgen serve` redraws a face when its signature changes: a German queen, not a German seven."""
    from deckgen.serve.preview import booklet_signature, face_signature

    en, de = design("skat", "en", 72), design("skat", "de", 72)
    assert face_signature(en, parse_card("QS")) != face_signature(de, parse_card("QS"))
    assert face_signature(en, parse_card("7C")) == face_signature(de, parse_card("7C"))
    assert booklet_signature(en) != booklet_signature(de)  # the names under its pictures


def test_one_letter_is_never_wider_than_a_10_in_the_index_face():
    """Why only labels of two characters widen the column (and enter every face's key): in the bundled
    index face no capital A to Z, nor any shipped letter, is wider than a 10 set tight."""
    en = design("skat", "en", 72)
    ten = text_mask(en, "10", "index", 100, -0.06).width
    letters = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") | {getattr(get_language(c), a) for c in language_names()
                                                  for a in LETTER_KEYS.values()}
    for letter in sorted(x for x in letters if len(x) == 1):
        assert text_mask(en, letter, "index", 100).width <= ten, letter


def test_the_booklet_s_card_looks_name_the_cards_in_the_deck_s_letters():
    """The chapter's note on the one-eyed jacks names them as the deck's indices read (B♠ and B♥)."""
    from deckgen.booklet.deckfit import fit
    from deckgen.booklet.sources import load_source
    from deckgen.booklet.build import rules_path

    source = load_source(rules_path("poker", None, None))
    notes = " ".join(fit(design("skat", "de", 72), source).notes)
    assert "B♠ and B♥" in notes and "J♠" not in notes
