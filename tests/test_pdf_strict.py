"""Every PDF deckgen writes, read by strict readers that are not deckgen.

The demo deck built whole (print-shop file, home sheets, tin lid, booklets) and printed with each
shop preset (DriveThruCards with a die line and cutter sheets, MeinSpiel's two files), the duplex
alignment test, and a poker deck with a photo court in a tuck box: in every file, every resource a
content stream names is defined in that stream's own resources (pikepdf, always); Ghostscript reads
every page with -dPDFSTOPONERROR and MuPDF draws every page without a warning, where they are
installed (CI installs Debian's ghostscript and mupdf-tools; the tests skip, saying so, elsewhere).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pikepdf
import pytest
from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfgen.canvas import Canvas as ReportLabCanvas

from cli_run import run_cli  # tests/ is on sys.path, as pytest puts it
from pdf_strict import ghostscript_errors, mupdf_available, mupdf_warnings, stroke_widths, text_colours, undefined_resources
from photo_samples import astronaut

from deckgen.render.cmyk import XMP_FIELDS, add_output_intent, read_cmyk_profile
from deckgen.render.pdfcanvas import PRODUCER, Canvas

DPI = 72  # the pages' art is the same at any resolution; the checks read structure, not pixels

POKER_DECK = """\
name = "Strict poker"
card_size = "poker"
dpi = 72

[cards.KH]
image = "images/astronaut.png"
mode = "full"

[box]
kind = "tuck"
"""

#: Each build's commands (run into one output folder) and the PDFs they write, by path under it.
BUILDS = {
    "demo": ([("build", "--dpi", str(DPI))], [
        "print/print-shop.pdf", "print/sheets-a4.pdf", "print/sheets-letter.pdf", "tin/lid.pdf",
        "booklet/rules-pocket.pdf", "booklet/rules-pocket-imposed-a4.pdf", "booklet/rules-pocket-imposed-letter.pdf",
    ]),
    "drivethrucards": ([("print", "--dpi", str(DPI), "--shop", "drivethrucards", "--die-line", "--cutter", "--paper", "a4")], [
        "print/print-shop.pdf", "print/sheets-a4.pdf",
    ]),
    "meinspiel": ([("print", "--dpi", str(DPI), "--shop", "meinspiel", "--paper", "letter")], [
        "print/print-shop-faces.pdf", "print/print-shop-backs.pdf", "print/sheets-letter.pdf",
    ]),
    "alignment": ([("print", "--alignment-test", "--paper", "a4")], ["print/alignment-test-a4.pdf"]),
    "pads": ([("pads", "--paper", "pocket", "--game", "gin-rummy", "--game", "bridge", "--game", "cribbage")], [
        "pads/gin-rummy-pocket.pdf", "pads/bridge-pocket.pdf", "pads/cribbage-pocket.pdf",
    ]),
    "poker": ([("box",), ("print", "--paper", "a4")], [
        "print/print-shop.pdf", "print/sheets-a4.pdf", "box/tuck-box.pdf", "box/tuck-box-a4.pdf", "box/tuck-box-letter.pdf",
    ]),
}
FILES = [(build, name) for build, (_, names) in BUILDS.items() for name in names]


#: The builds every run checks; those of the shop presets (DriveThruCards' PDF/X-1a among them), the
#: alignment test and the poker deck in its tuck box run with the extended checks (pytest -m extended), as
#: CI runs them.
EVERY_RUN = ("demo",)


def _cases(*cases: tuple[object, ...]) -> list[object]:
    """(build, name, ...) cases as parameters, those of a build outside EVERY_RUN marked extended."""
    return [pytest.param(*case, id=f"{case[0]}:{case[1]}",
                         marks=() if case[0] in EVERY_RUN else (pytest.mark.extended,)) for case in cases]


class Built:
    """The builds' output folders, each built the first time a test asks for one of its files."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.done: set[str] = set()

    def file(self, build: str, name: str) -> Path:
        if build not in self.done:
            cwd = self.root
            if build == "poker":
                cwd = self.root / "poker-deck"
                (cwd / "images").mkdir(parents=True)
                astronaut().save(cwd / "images" / "astronaut.png")
                (cwd / "deck.toml").write_text(POKER_DECK, encoding="utf-8")
            for args in BUILDS[build][0]:
                code, out, err = run_cli(cwd, *args, "--out", str(self.root / build))
                assert code == 0, f"{build}: {' '.join(args)}: {out}{err}"
            self.done.add(build)
        path = self.root / build / name
        assert path.is_file(), f"{build} did not write {name}"
        return path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return Built(tmp_path_factory.mktemp("strict"))


def _file(built: Built, build: str, name: str) -> Path:
    return built.file(build, name)


@pytest.mark.parametrize(("build", "name"), _cases(*FILES))
def test_every_resource_a_content_stream_uses_is_its_own(built: Built, build: str, name: str) -> None:
    problems = undefined_resources(pikepdf.open(_file(built, build, name)))
    assert problems == []


@pytest.mark.ghostscript
@pytest.mark.parametrize(("build", "name"), _cases(*FILES))
def test_ghostscript_reads_every_page_and_stops_at_nothing(built: Built, build: str, name: str) -> None:
    if shutil.which("gs") is None:
        pytest.skip("no Ghostscript installed: the strict-reader tests need Debian's ghostscript (apt-get install ghostscript)")
    assert ghostscript_errors(_file(built, build, name)) == ""


@pytest.mark.mupdf
@pytest.mark.parametrize(("build", "name"), _cases(*FILES))
def test_mupdf_draws_every_page_without_a_warning(built: Built, build: str, name: str) -> None:
    if not mupdf_available():
        pytest.skip("no MuPDF installed: these tests need PyMuPDF or Debian's mupdf-tools (apt-get install mupdf-tools)")
    assert mupdf_warnings(_file(built, build, name)) == []


# ------------------------------------------------------------------ the form's resources, and the checker itself


def _form_pdf(canvas_class: type) -> pikepdf.Pdf:
    """A page drawing a form that sets an overprinting graphics state and strokes in a spot colour."""
    buffer = io.BytesIO()
    canvas = canvas_class(buffer, pagesize=(100, 100), invariant=1)
    canvas.beginForm("Art")
    canvas.setStrokeOverprint(True)
    canvas.setStrokeColor(CMYKColorSep(0, 1, 0, 0, spotName="CutContour", density=1))
    canvas.line(10, 10, 90, 90)
    canvas.endForm()
    canvas.setFillOverprint(True)  # the page's own gRLs0: another state than the form's
    canvas.doForm("Art")
    canvas.showPage()
    canvas.save()
    return pikepdf.open(io.BytesIO(buffer.getvalue()))


def test_a_form_carries_its_own_graphics_states_and_colour_spaces() -> None:
    pdf = _form_pdf(Canvas)
    page = pdf.pages[0]
    (form,) = page.Resources.XObject.values()
    states = form.Resources.ExtGState
    assert [dict(s.items()) for s in states.values()] == [{"/OP": True}]  # the form's stroke overprint, not the page's fill
    assert page.Resources.ExtGState[next(iter(states.keys()))].get("/op") is True  # the same name means another state there
    (space,) = form.Resources.ColorSpace.values()
    assert space[0] == pikepdf.Name.Separation and space[1] == pikepdf.Name("/CutContour")
    assert undefined_resources(pdf) == []


def test_the_checker_names_a_form_that_borrows_the_pages_resources() -> None:
    problems = undefined_resources(_form_pdf(ReportLabCanvas))  # ReportLab's own canvas, as deckgen used it before
    assert any(p.startswith("page 1 > form /FormXob.Art: /ExtGState /gRLs0 (gs)") for p in problems)
    assert any("/ColorSpace" in p and "(CS)" in p for p in problems)


# ------------------------------------------------------------------ metadata: one story in the Info and the XMP


def _xmp_fields(pdf: pikepdf.Pdf) -> dict[str, str]:
    """The XMP's properties that repeat Info entries, under the Info key each repeats."""
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        creators = meta.get("dc:creator")
        return {key: str(value) for key, value in (
            ("/Title", meta.get("dc:title")),
            ("/Author", "; ".join(creators) if creators else None),
            ("/Subject", meta.get("dc:description")),
            ("/Keywords", meta.get("pdf:Keywords")),
            ("/Creator", meta.get("xmp:CreatorTool")),
            ("/Producer", meta.get("pdf:Producer")),
        ) if value}


@pytest.mark.parametrize(("build", "name"), _cases(*FILES))
def test_info_and_xmp_agree_and_name_deckgen_and_its_version_as_producer(built: Built, build: str, name: str) -> None:
    pdf = pikepdf.open(_file(built, build, name))
    assert str(pdf.docinfo["/Producer"]) == PRODUCER
    if "/Metadata" not in pdf.Root:
        return  # a home-print file or a booklet: the Info dictionary alone, nothing to disagree with
    info = {key: str(pdf.docinfo[key]) for key in XMP_FIELDS if key in pdf.docinfo and str(pdf.docinfo[key])}
    assert _xmp_fields(pdf) == info


def test_the_producer_is_deckgen_and_the_installed_version() -> None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        assert PRODUCER == f"deckgen {version('deckgen')}"
    except PackageNotFoundError:  # a source folder never installed has no version to give
        assert PRODUCER == "deckgen"


@pytest.mark.parametrize(("standard", "version", "conformance"), [
    ("X-4", "PDF/X-4", None), ("X-1a", "PDF/X-1:2001", "PDF/X-1a:2001"), ("X-1a:2003", "PDF/X-1a:2003", None)])
def test_each_pdfx_standard_is_named_alike_in_the_info_and_the_xmp(standard: str, version: str, conformance: str | None) -> None:
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.docinfo["/Title"] = "Deck & co"
    pdf.docinfo["/Author"] = "deckgen"
    pdf.docinfo["/Subject"] = "print-shop file"
    pdf.docinfo["/Producer"] = PRODUCER
    add_output_intent(pdf, read_cmyk_profile(None), "Deck & co", "0" * 32, standard)  # type: ignore[arg-type]
    assert str(pdf.docinfo["/GTS_PDFXVersion"]) == version
    assert (str(pdf.docinfo["/GTS_PDFXConformance"]) if "/GTS_PDFXConformance" in pdf.docinfo else None) == conformance
    xmp = pdf.Root.Metadata.read_bytes().decode()
    assert f"GTS_PDFXVersion>{version}<" in xmp
    assert (f"GTS_PDFXConformance>{conformance}<" in xmp) if conformance else "GTS_PDFXConformance" not in xmp
    assert _xmp_fields(pdf) == {"/Title": "Deck & co", "/Author": "deckgen", "/Subject": "print-shop file", "/Producer": PRODUCER}


# ------------------------------------------------------------------ the press's thinnest line

#: The press files of the builds (and two home-print files), with the thinnest line each preset's
#: press holds (points); the tin lid, the tuck box and the home sheets go by deckgen's default.
PRESS_FILES = [("demo", "print/print-shop.pdf", 0.25), ("demo", "tin/lid.pdf", 0.25),
               ("drivethrucards", "print/print-shop.pdf", 0.25), ("meinspiel", "print/print-shop-faces.pdf", 0.5),
               ("meinspiel", "print/print-shop-backs.pdf", 0.5), ("poker", "print/print-shop.pdf", 0.25),
               ("poker", "box/tuck-box.pdf", 0.25), ("poker", "box/tuck-box-a4.pdf", 0.25),
               ("demo", "print/sheets-a4.pdf", 0.25)]  # the home sheets too: a home printer loses hairlines as well


@pytest.mark.parametrize(("build", "name", "thinnest"), _cases(*PRESS_FILES))
def test_no_line_of_a_press_file_is_thinner_than_its_press_holds(built: Built, build: str, name: str, thinnest: float) -> None:
    widths = stroke_widths(pikepdf.open(_file(built, build, name)))
    assert widths
    page, width = min(widths, key=lambda item: item[1])
    assert width >= thinnest - 1e-3, f"{name}: a {width:.3f} pt line on page {page}"


@pytest.mark.parametrize(("build", "name"), _cases(*[(b, n) for b, n, _ in PRESS_FILES if "print-shop" in n]))
def test_small_type_of_a_press_file_prints_in_at_most_two_inks(built: Built, build: str, name: str) -> None:
    shown = text_colours(pikepdf.open(_file(built, build, name)))
    small = [(page, size, fill) for page, size, fill in shown if size < 12]
    assert small or name.endswith("backs.pdf")  # the indices (a file of backs alone may have no small type)
    for page, size, fill in small:
        assert sum(1 for v in fill if v > 0) <= 2, f"page {page}: {size:.1f} pt type in {fill}"
    large = [fill for _, size, fill in shown if size >= 12]
    assert all(len(fill) == 4 for fill in large)  # larger type keeps its colour as the profile builds it
