"""Strict checks of a PDF by readers that are not deckgen: what a prepress operator's tools would say.

`undefined_resources` walks every page, and every form XObject, tiling pattern, Type 3 glyph and
annotation appearance they reach, with pikepdf, and names each resource a content stream uses
(gs, Do, Tf, cs/CS, scn/SCN with a pattern, sh, BDC/DP with a named property list, an inline
image's colour space) that is not defined in that stream's own resources: a page's (inherited from
the page tree, as ISO 32000-1 7.7.3.4 allows) or the form's, pattern's or font's own (7.8.3), never
the page's on behalf of a form drawn on it.

`ghostscript_errors` and `mupdf_warnings` run the two strict readers; the tests that use them skip
(saying why) where the program is not installed.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pikepdf

#: The operators that name a resource, and the category it is looked up in.
_NAMED = {"gs": "/ExtGState", "Do": "/XObject", "Tf": "/Font", "sh": "/Shading"}
#: Colour spaces that need no entry in the resources.
_DEVICE_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern", "/G", "/RGB", "/CMYK"}


def _inherited_resources(page: pikepdf.Dictionary) -> pikepdf.Object | None:
    node: pikepdf.Object | None = page
    while node is not None:
        if "/Resources" in node:
            return node.Resources
        node = node.get("/Parent")
    return None


def _used_names(stream: pikepdf.Object) -> Iterator[tuple[str, str, str]]:
    """(category, name, operator) for every resource name the content of `stream` uses."""
    for instruction in pikepdf.parse_content_stream(stream):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            space = instruction.iimage.obj.get("/ColorSpace", instruction.iimage.obj.get("/CS"))
            if isinstance(space, pikepdf.Name) and str(space) not in _DEVICE_SPACES | {"/I", "/Indexed"}:
                yield "/ColorSpace", str(space), "BI"
            continue
        operands, op = instruction.operands, str(instruction.operator)
        if op in _NAMED and operands:
            yield _NAMED[op], str(operands[0]), op
        elif op in ("cs", "CS") and operands and str(operands[0]) not in _DEVICE_SPACES:
            yield "/ColorSpace", str(operands[0]), op
        elif op in ("scn", "SCN") and operands and isinstance(operands[-1], pikepdf.Name):
            yield "/Pattern", str(operands[-1]), op
        elif op in ("BDC", "DP") and len(operands) == 2 and isinstance(operands[1], pikepdf.Name):
            yield "/Properties", str(operands[1]), op


def undefined_resources(pdf: pikepdf.Pdf) -> list[str]:
    """One line per resource a content stream uses and its own resources do not define
    ('page 55 > form /FormXob.Back0: /ExtGState /gRLs0 (gs)'); empty for a correct file."""
    problems: list[str] = []
    seen: set[tuple[int, int]] = set()

    def check(where: str, stream: pikepdf.Object, resources: pikepdf.Object | None) -> None:
        if stream.is_indirect:
            if stream.objgen in seen:
                return
            seen.add(stream.objgen)
        resources = resources if isinstance(resources, pikepdf.Dictionary) else pikepdf.Dictionary()
        for category, name, op in _used_names(stream):
            table = resources.get(category)
            if not isinstance(table, pikepdf.Dictionary) or name not in table:
                problems.append(f"{where}: {category} {name} ({op}) is not in its resources")
        nested(where, resources)

    def nested(where: str, resources: pikepdf.Dictionary) -> None:
        """The forms, tiling patterns and Type 3 glyphs these resources hold: each with its own resources."""
        for name, xobject in (resources.get("/XObject") or {}).items():
            if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == pikepdf.Name.Form:
                check(f"{where} > form {name}", xobject, xobject.get("/Resources"))
        for name, pattern in (resources.get("/Pattern") or {}).items():
            if isinstance(pattern, pikepdf.Stream) and pattern.get("/PatternType") == 1:
                check(f"{where} > pattern {name}", pattern, pattern.get("/Resources"))
        for name, font in (resources.get("/Font") or {}).items():
            if font.get("/Subtype") == pikepdf.Name.Type3:
                for glyph, proc in font.CharProcs.items():
                    check(f"{where} > font {name} glyph {glyph}", proc, font.get("/Resources"))

    for number, page in enumerate(pdf.pages, start=1):
        resources = _inherited_resources(page.obj)
        where = f"page {number}"
        if "/Contents" in page.obj:
            check(where, page.obj, resources)  # pikepdf parses a page's content array as one stream
        elif isinstance(resources, pikepdf.Dictionary):
            nested(where, resources)
        for annotation in page.obj.get("/Annots") or []:
            for kind, appearance in (annotation.get("/AP") or {}).items():
                states = [appearance] if isinstance(appearance, pikepdf.Stream) else list(appearance.values())
                for state in states:
                    check(f"{where} > annotation {kind}", state, state.get("/Resources"))
    return problems


def assert_resources_defined(path: Path) -> None:
    problems = undefined_resources(pikepdf.open(path))
    assert not problems, f"{path.name}: {len(problems)} undefined resources, first: " + "; ".join(problems[:3])


# ------------------------------------------------------------------ the strict readers, where installed


def ghostscript_errors(path: Path) -> str:
    """What Ghostscript says reading every page of `path` and stopping at its first error
    (-dPDFSTOPONERROR); empty when it reads the file cleanly (exit 0, nothing printed)."""
    gs = shutil.which("gs")
    assert gs is not None
    done = subprocess.run([gs, "-q", "-dPDFSTOPONERROR", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)],
                          capture_output=True, text=True, timeout=600)
    said = (done.stdout + done.stderr).strip()
    return said if done.returncode != 0 or said else ""


def mupdf_warnings(path: Path) -> list[str]:
    """MuPDF's warnings and errors reading and drawing every page of `path` (PyMuPDF's log, where
    PyMuPDF is installed; else mutool's, whose own 'ICC support is not available' on a build without
    colour management says nothing of the file and is left out)."""
    try:
        import pymupdf
    except ImportError:
        mutool = shutil.which("mutool")
        assert mutool is not None
        done = subprocess.run([mutool, "draw", "-q", "-r", "9", "-o", "/dev/null", "-F", "pgm", str(path)],
                              capture_output=True, text=True, timeout=600)
        lines = [line for line in done.stderr.splitlines() if line.strip() and "ICC support is not available" not in line]
        return lines + ([f"mutool exited with {done.returncode}"] if done.returncode else [])
    pymupdf.TOOLS.mupdf_warnings(reset=True)
    pymupdf.TOOLS.mupdf_display_errors(False)
    try:
        with pymupdf.open(path) as doc:
            for page in doc:
                page.get_pixmap(dpi=9)
    finally:
        pymupdf.TOOLS.mupdf_display_errors(True)
    return [line for line in pymupdf.TOOLS.mupdf_warnings(reset=True).splitlines() if line.strip()]


def mupdf_available() -> bool:
    try:
        import pymupdf  # noqa: F401
    except ImportError:
        return shutil.which("mutool") is not None
    return True


def stroke_widths(pdf: pikepdf.Pdf) -> list[tuple[int, float]]:
    """(page number, width in points as printed) of every line stroked on every page and in the
    forms it draws: the line width times the scale of the transformation in force at the stroke."""
    out: list[tuple[int, float]] = []
    forms: dict[tuple[tuple[int, int], float], list[float]] = {}

    def walk(number: int, stream: pikepdf.Object, resources: pikepdf.Object, ctm: tuple[float, ...]) -> None:
        stack: list[tuple[tuple[float, ...], float]] = []
        width = 1.0
        for instruction in pikepdf.parse_content_stream(stream):
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                continue
            operands, op = instruction.operands, str(instruction.operator)
            if op == "q":
                stack.append((ctm, width))
            elif op == "Q" and stack:
                ctm, width = stack.pop()
            elif op == "cm":
                a, b, c, d, e, f = (float(v) for v in operands)
                A, B, C, D, E, F = ctm
                ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
            elif op == "w":
                width = float(operands[0])
            elif op in ("S", "s", "B", "B*", "b", "b*"):
                out.append((number, width * abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5))
            elif op == "Do":
                xobject = resources.XObject[operands[0]]
                if xobject.get("/Subtype") == pikepdf.Name.Form:
                    a, b, c, d, e, f = (float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                    A, B, C, D, E, F = ctm
                    inner = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
                    key = (xobject.objgen, round(abs(inner[0] * inner[3] - inner[1] * inner[2]), 9))
                    if key not in forms:  # a form's lines print on every page that draws it: read it once
                        before = len(out)
                        walk(number, xobject, xobject.get("/Resources", pikepdf.Dictionary()), inner)
                        forms[key] = [w for _, w in out[before:]]
                    else:
                        out.extend((number, w) for w in forms[key])

    for number, page in enumerate(pdf.pages, start=1):
        walk(number, page.obj, _inherited_resources(page.obj) or pikepdf.Dictionary(), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return out


def text_colours(pdf: pikepdf.Pdf) -> list[tuple[int, float, tuple[float, ...]]]:
    """(page number, type size in points as printed, fill colour operands) of every text-showing
    operator on every page and in the forms it draws, for DeviceCMYK fills (`k`)."""
    out: list[tuple[int, float, tuple[float, ...]]] = []
    seen: dict[tuple[int, int], list[tuple[float, tuple[float, ...]]]] = {}

    def walk(number: int, stream: pikepdf.Object, resources: pikepdf.Object, scale: float) -> None:
        stack: list[tuple[float, tuple[float, ...], float]] = []
        fill: tuple[float, ...] = ()
        size = 0.0
        for instruction in pikepdf.parse_content_stream(stream):
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                continue
            operands, op = instruction.operands, str(instruction.operator)
            if op == "q":
                stack.append((scale, fill, size))
            elif op == "Q" and stack:
                scale, fill, size = stack.pop()
            elif op == "cm":
                a, b, c, d = (float(v) for v in operands[:4])
                scale *= abs(a * d - b * c) ** 0.5
            elif op == "k":
                fill = tuple(float(v) for v in operands)
            elif op in ("g", "rg", "sc", "scn", "cs"):
                fill = ()
            elif op == "Tf":
                size = float(operands[1])
            elif op in ("Tj", "TJ", "'", '"') and fill:
                out.append((number, size * scale, fill))
            elif op == "Do":
                xobject = resources.XObject[operands[0]]
                if xobject.get("/Subtype") == pikepdf.Name.Form:
                    if xobject.objgen not in seen:
                        before = len(out)
                        walk(number, xobject, xobject.get("/Resources", pikepdf.Dictionary()), scale)
                        seen[xobject.objgen] = [(s, f) for _, s, f in out[before:]]
                    else:
                        out.extend((number, s, f) for s, f in seen[xobject.objgen])

    for number, page in enumerate(pdf.pages, start=1):
        walk(number, page.obj, _inherited_resources(page.obj) or pikepdf.Dictionary(), 1.0)
    return out
