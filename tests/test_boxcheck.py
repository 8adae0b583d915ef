"""`deckgen print --preflight` on a tuck box: the net against the print-shop page and the home papers,
the lettering's distance from the folds and the cut (measured on pixels), and the art's and the
pictures' resolution where they print on the box."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from deckgen.render.boxcheck import box_findings
from deckgen.render.shops import load_shop
from deckgen.resolve import load_design


def findings(write_deck, text: str, shop: str = "generic") -> list[str]:
    path = write_deck(text)
    return [str(f) for f in box_findings(load_design(path), load_shop(shop, path.parent))]


def test_a_poker_box_passes_and_says_its_page_papers_and_distances(write_deck) -> None:
    assert findings(write_deck, 'name = "Ann & Bo"\ntheme = "wedding"\n[card]\nformat = "poker"\n') == [
        "ok    box: tuck-box.pdf: one 180.4 x 159 mm page, the 174.4 x 153 mm net and 3 mm bleed; cut on CutContour, "
        "folds on Crease, the die line in tuck-box-die.svg",
        "ok    box paper: the net (180.4 x 159 mm with its bleed) fits on one A4 sheet",
        "ok    box paper: the net (180.4 x 159 mm with its bleed) fits on one Letter sheet",
        "ok    box safe zone: the box's words at least 4 mm from its folds and cut edges; the closest 5.8 mm",
        "ok    box resolution: the box's art is shapes and text"]


def test_a_jumbo_box_is_two_sheets_on_a4_and_the_shops_larger_bleed_is_said(write_deck) -> None:
    said = findings(write_deck, '[card]\nformat = "jumbo"\n', "drivethrucards")
    assert said[:3] == [
        "warn  box: tuck-box.pdf has 3 mm bleed round the net; drivethrucards asks for 3.175 mm",
        # 226.4 x 197.4 mm + 6 mm; the pieces 147.4 x 179.4 and 91 x 163.2 mm + 6 mm
        "warn  box paper: the net (232.4 x 203.4 mm with its bleed) is too big for one A4 sheet: it is printed in two "
        "pieces (153.4 x 185.4 mm and 97 x 169.2 mm) to glue together",
        "ok    box paper: the net (232.4 x 203.4 mm with its bleed) fits on one Letter sheet"]


def test_names_on_narrow_sides_closer_than_the_shops_safe_margin_fail(write_deck) -> None:
    """24 cards make 7.2 mm sides; with the card's safe margin at 2 mm the name is drawn 2.5 mm from the
    folds, under the 4 mm the generic preset keeps; with the card's 4 mm the sides carry no name."""
    text = 'name = "Ann & Bo"\nprofile = "euchre-24"\n[card]\nformat = "poker"\nsafe_mm = {}\n[print]\npaper = "a4"\n'
    said = findings(write_deck, text.format(2))
    assert [s for s in said if "safe zone" in s] == [
        f"FAIL  box safe zone: the name on the {side} side comes 2.5 mm from its folds; generic keeps 4 mm clear"
        for side in ("left", "right")]
    assert [s for s in findings(write_deck, text.format(4)) if "safe zone" in s] == [
        "ok    box safe zone: the box's words at least 4 mm from its folds and cut edges; the closest 15.2 mm"]  # the front's words: no names


def test_pictures_on_the_box_are_measured_where_they_print(write_deck, tmp_path: Path) -> None:
    """A 120 x 90 px picture: on the front, fitted into 55 x 31.3 mm (the front less 5 mm a side, above the
    label): 41.7 x 31.3 mm, 73 ppi; filling the 65 x 90 mm back panel and its 3 mm bleed (71 x 96 mm):
    96 / 90 mm a pixel, 24 ppi."""
    Image.new("RGB", (120, 90), (200, 30, 30)).save(tmp_path / "small.png")
    said = findings(write_deck, '[card]\nformat = "poker"\n[tin]\nimage = "small.png"\n'
                                '[back]\nimage = "small.png"\nimage_mode = "fill"\n')
    assert [s for s in said if "resolution" in s] == [
        "FAIL  box resolution: tin.image: small.png prints 42 x 31 mm on the box's front: 73 ppi, below the 300 ppi "
        "generic asks for",
        "FAIL  box resolution: back.image: small.png prints 71 x 96 mm on the box's back: 24 ppi, below the 300 ppi "
        "generic asks for"]


def test_a_tin_deck_has_no_box_findings(write_deck) -> None:
    assert findings(write_deck, 'name = "Ann & Bo"\n') == []
