"""The tuck box's die line as SVG: the cutter's drawing, beside the print file.

A die maker or a cutting plotter reads vector lines, not a PDF's art. This file
has only the lines, in millimetres (the SVG's user unit is 1 mm, its width and
height are given in mm), on the same page as `tuck-box.pdf` (the net with 3 mm
bleed round it), so the two lie on each other exactly:

- layer `CutContour` (magenta, #ff00ff, solid): the outline, one closed path,
  the thumb notch and the tongues' round corners as true arcs;
- layer `Crease` (cyan, #00ffff, dashed): each fold line, one path each.

The names and colours are the spot colours of the print file. Both layers are
named for Inkscape and Illustrator (`inkscape:label`, `id`). Numbers are
written with 4 decimals at most, so the file is the same bytes every time.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from deckgen.render.tucknet import Line, TuckBoxNet

__all__ = ["CREASE_RGB", "CUT_RGB", "LINE_MM", "die_line_svg"]

#: The layers' screen colours: the alternates of the print file's spot colours.
CUT_RGB = "#ff00ff"
CREASE_RGB = "#00ffff"
#: The lines' width (mm): a hairline a plotter ignores and a person can see.
LINE_MM = 0.25
#: The crease lines' dashes (mm).
DASH_MM = (3.0, 2.0)


def _n(value: float) -> str:
    """A length in mm as the file writes it: at most 4 decimals, no trailing zeros."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def die_line_svg(net: TuckBoxNet, bleed_mm: float, title: str) -> bytes:
    """The SVG: a page of the net's size plus `bleed_mm` on every side, y down from its top-left corner."""
    width, height = net.size_mm[0] + 2 * bleed_mm, net.size_mm[1] + 2 * bleed_mm

    def xy(p: tuple[float, float]) -> str:
        return f"{_n(p[0] + bleed_mm)} {_n(height - (p[1] + bleed_mm))}"

    cut = [f"M {xy(net.start)}"]
    for op in net.outline:
        if isinstance(op, Line):
            cut.append(f"L {xy(op.to)}")
        else:  # y turns down in SVG: a turn counter-clockwise on the net is sweep 0 here
            large = 1 if abs(op.extent_deg) > 180 else 0
            sweep = 0 if op.extent_deg > 0 else 1
            cut.append(f"A {_n(op.radius)} {_n(op.radius)} 0 {large} {sweep} {xy(op.end)}")
    cut.append("Z")
    folds = "\n".join(f'    <path d="M {xy(a)} L {xy(b)}"/>' for a, b in net.folds)
    stroke = f'fill="none" stroke-width="{_n(LINE_MM)}" stroke-linejoin="round"'
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" \
width="{_n(width)}mm" height="{_n(height)}mm" viewBox="0 0 {_n(width)} {_n(height)}">
  <title>{escape(title)}</title>
  <desc>Die line of a tuck box, in mm, on the page of tuck-box.pdf ({_n(bleed_mm)} mm bleed round the net). \
Inside {_n(net.width_mm)} x {_n(net.height_mm)} x {_n(net.depth_mm)} mm. Layer CutContour: cut. Layer Crease: fold.</desc>
  <g id="CutContour" inkscape:groupmode="layer" inkscape:label={quoteattr("CutContour")} stroke="{CUT_RGB}" {stroke}>
    <path d="{' '.join(cut)}"/>
  </g>
  <g id="Crease" inkscape:groupmode="layer" inkscape:label={quoteattr("Crease")} stroke="{CREASE_RGB}" {stroke} \
stroke-dasharray="{_n(DASH_MM[0])} {_n(DASH_MM[1])}">
{folds}
  </g>
</svg>
"""
    return text.encode("utf-8")
