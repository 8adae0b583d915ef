"""The date in every PDF: 2000-01-01, or the moment SOURCE_DATE_EPOCH names (the reproducible-builds
convention), in the Info dictionary and the XMP metadata alike; the same bytes for the same date."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from deckgen.buildcache import booklet_layout_key, unit_keys
from deckgen.config import demo_config
from deckgen.design import CardFormat
from deckgen.errors import UserError
from deckgen.render.alignment import write_alignment_test
from deckgen.render.cardart import CardArt
from deckgen.render.cmyk import shipped_profile_path
from deckgen.render.pdfdate import pdf_date
from deckgen.render.printshop import write_cmyk_print_shop
from deckgen.render.sheets import PAPERS
from deckgen.resolve import resolve_design
from deckgen.units import card_box

#: 2023-11-14 22:13:20 UTC
EPOCH = "1700000000"
GEOMETRY = CardFormat(dpi=36, bleed_mm=3.0)  # the smallest card the print file takes: only its dates are read


def one_card(folder: Path) -> list[CardArt]:
    size = card_box(GEOMETRY.dpi, GEOMETRY.bleed_mm).size
    paths = []
    for side, colour in (("face", (200, 40, 40)), ("back", (40, 40, 200))):
        Image.new("RGB", size, colour).save(folder / f"{side}.png")
        paths.append(folder / f"{side}.png")
    return [CardArt("AS", paths[0], paths[1])]


def dates(path: Path) -> tuple[set[str], dict[str, str]]:
    """The Info dictionary's CreationDate and ModDate, and the dates of the XMP metadata by name."""
    with pikepdf.open(path) as pdf:
        info = {str(pdf.docinfo[key]) for key in ("/CreationDate", "/ModDate")}
        xmp = pdf.Root.Metadata.read_bytes().decode() if "/Metadata" in pdf.Root else ""
    return info, dict(re.findall(r"<xmp:(\w+Date)>([^<]*)<", xmp))


def xmp_dates(value: str) -> dict[str, str]:
    return {"CreateDate": value, "ModifyDate": value, "MetadataDate": value}


def test_source_date_epoch_is_the_print_files_date_in_info_and_xmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = one_card(tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    plain = write_cmyk_print_shop(cards, GEOMETRY, tmp_path / "plain.pdf", shipped_profile_path())
    assert dates(plain) == ({"D:20000101000000+00'00'"}, xmp_dates("2000-01-01T00:00:00Z"))

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    first = write_cmyk_print_shop(cards, GEOMETRY, tmp_path / "a.pdf", shipped_profile_path())
    second = write_cmyk_print_shop(cards, GEOMETRY, tmp_path / "b.pdf", shipped_profile_path())
    assert dates(first) == ({"D:20231114221320+00'00'"}, xmp_dates("2023-11-14T22:13:20Z"))
    assert first.read_bytes() == second.read_bytes()  # reproducible: the same date, the same bytes
    assert first.read_bytes() != plain.read_bytes()


def test_the_booklet_and_its_imposition_carry_the_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.booklet.impose import impose
    from deckgen.booklet.pdf import Cover, PageLayout, build_pocket_pdf
    from deckgen.booklet.styles import Palette

    monkeypatch.setenv("SOURCE_DATE_EPOCH", " 1700000000 ")  # spaces around it, as ReportLab allows too
    pocket = tmp_path / "pocket.pdf"
    build_pocket_pdf(pocket, Cover(deck_name="Dated", title="Dated rules"), lambda styles: [], Palette(), PageLayout())
    impose(pocket, tmp_path / "imposed.pdf", "a4")
    assert dates(pocket)[0] == dates(tmp_path / "imposed.pdf")[0] == {"D:20231114221320+00'00'"}


def test_a_booklet_build_dates_the_pocket_and_its_imposition_with_the_date_it_was_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the build reads the date once and hands it down: the files carry it, whatever the variable says later
    from deckgen.booklet.impose import impose
    from deckgen.booklet.pdf import Cover, PageLayout, build_pocket_pdf
    from deckgen.booklet.styles import Palette
    from deckgen.render.pdfdate import PdfDate

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1600000000")
    pocket = tmp_path / "pocket.pdf"
    given = PdfDate(1700000000)
    build_pocket_pdf(pocket, Cover(deck_name="Dated", title="Dated rules"), lambda styles: [], Palette(), PageLayout(),
                     date=given)
    impose(pocket, tmp_path / "imposed.pdf", "a4", given)
    assert dates(pocket)[0] == dates(tmp_path / "imposed.pdf")[0] == {"D:20231114221320+00'00'"}


def test_a_build_dates_every_pdf_it_writes_with_the_date_it_was_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `deckgen build` reads the date once and hands it to every step: no writer reads the variable again
    from dataclasses import replace

    from deckgen.render.pdfdate import PdfDate
    from deckgen.steps import STEPS, run_steps

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1600000000")  # what a writer reading it itself would find
    given = PdfDate(1700000000)
    # a small deck makes every kind of PDF as a big one does: 12 cards (as many as a tuck box takes),
    # a plain back, one short chapter in the booklet
    small = {"base": "euchre-24", "remove": ["9s", "9h", "9d", "9c", "10s", "10h", "10d", "10c", "jd", "jc", "qd", "qc"]}
    tin = resolve_design(demo_config(overrides={"profile": small, "back": {"template": "solid"},
                                                "booklet": {"games": ["old-maid"]}, "print": {"paper": "a4"}})).at_dpi(30)
    tuck = replace(tin, box=replace(tin.box, kind="tuck"))
    written = run_steps(tin, tmp_path / "tin", date=given)
    written.update(run_steps(tuck, tmp_path / "tuck", [("tuck box", dict(STEPS)["tuck box"])], date=given))
    pdfs = {path.name: dates(path) for paths in written.values() for path in paths if path.suffix == ".pdf"}
    assert sorted(pdfs) == ["lid.pdf", "print-shop.pdf", "rules-pocket-imposed-a4.pdf", "rules-pocket-imposed-letter.pdf",
                            "rules-pocket.pdf", "sheets-a4.pdf", "tuck-box-a4.pdf", "tuck-box.pdf"]
    assert {name: info for name, (info, _xmp) in pdfs.items()} == {name: {"D:20231114221320+00'00'"} for name in pdfs}
    # the press files (CMYK PDF/X) say it in their XMP too
    assert {name: xmp for name, (_info, xmp) in pdfs.items() if xmp} == {
        name: xmp_dates("2023-11-14T22:13:20Z") for name in ("lid.pdf", "print-shop.pdf", "tuck-box.pdf")}


@pytest.mark.parametrize("value", ["abc", "1.5", "-1", "1_700_000_000", "99999999999999"])
def test_a_source_date_epoch_that_is_not_whole_seconds_is_refused(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    with pytest.raises(UserError, match=rf"^SOURCE_DATE_EPOCH={re.escape(repr(value))}: expected a whole number of "
                                         r"seconds since 1970-01-01 00:00 UTC"):
        write_alignment_test(tmp_path / "a.pdf", PAPERS["a4"])
    assert not (tmp_path / "a.pdf").exists()


def test_a_bad_value_stops_the_booklet_before_anything_is_laid_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # ReportLab reads SOURCE_DATE_EPOCH itself whenever a canvas is made, measuring ones too: it must not be first
    from deckgen.booklet.pdf import Cover, PageLayout, build_pocket_pdf
    from deckgen.booklet.styles import Palette

    asked: list[object] = []
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "2023-11-14")
    with pytest.raises(UserError, match=r"^SOURCE_DATE_EPOCH='2023-11-14': expected a whole number of seconds"):
        build_pocket_pdf(tmp_path / "p.pdf", Cover(deck_name="D", title="D"), lambda styles: asked.append(styles) or [],
                         Palette(), PageLayout())
    assert asked == [] and not (tmp_path / "p.pdf").exists()


def test_an_invalid_source_date_epoch_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cli_run import run_cli  # tests/ is on sys.path, as pytest puts it

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    code, out, err = run_cli(tmp_path, "print", "--alignment-test", "--out", str(tmp_path / "out"))
    assert code == 2
    assert "Traceback" not in out + err
    assert " ".join(err.split()).endswith("error: SOURCE_DATE_EPOCH='yesterday': expected a whole number of seconds since "
                                     "1970-01-01 00:00 UTC, as `date +%s` prints (e.g. 1700000000), before the year "
                                     "10000; or leave it unset")
    assert err.count("error:") == 1
    assert not list((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("command", ["tin", "box", "print"])
def test_a_command_that_writes_pdfs_stops_on_a_bad_date_before_drawing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    from cli_run import run_cli  # tests/ is on sys.path, as pytest puts it

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1.5")
    code, out, err = run_cli(tmp_path, command, "--out", str(tmp_path / "out"))
    assert code == 2 and "Traceback" not in out + err and err.count("error:") == 1
    assert "SOURCE_DATE_EPOCH='1.5': expected a whole number of seconds" in " ".join(err.split())
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.*"))  # no PNG drawn first


def test_a_set_date_changes_the_keys_of_the_files_that_carry_it(monkeypatch: pytest.MonkeyPatch) -> None:
    design = resolve_design(demo_config())
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    plain, layout = unit_keys(design), booklet_layout_key(design)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "")  # empty is unset: the keys stay as they always were
    assert unit_keys(design) == plain and booklet_layout_key(design) == layout
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    dated = unit_keys(design)
    assert booklet_layout_key(design) != layout  # the kept booklet layout holds the date: not reused
    changed = {unit for unit in plain if dated[unit] != plain[unit]}
    assert changed == {"tin lid", "tuck box", "booklet", "score pads", "print files"}  # PNGs carry no date: faces stay current
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000001")
    assert unit_keys(design)["booklet"] != dated["booklet"]
    assert pdf_date().xmp == "2023-11-14T22:13:21Z"
