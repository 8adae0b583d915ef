"""`deckgen print --preflight`: the deck checked against a print shop's preset, one line per finding.

What a prepress operator would phone about, checked before the files go out:
the colour the file is in, the resolution of the cards and of every photo at
its printed size, the bleed, words and indices inside the safe zone, the total
ink the shop's profile gives, and the fonts (embeddable, every letter present);
for a deck in a tuck box, `deckgen.render.boxcheck` checks the box with this module's tools.
A FAIL is something the shop would send back; a warn is something deckgen
fixes itself in the print file (the ink limit, the preset's bleed) or that
the person should know.

Positions are measured on pixels: a text's extent is where the face or back
drawn with it differs from the same drawn without it, so the check follows
the renderers wherever they put things.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

import numpy as np
from PIL import Image, ImageChops
from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

from deckgen.colour import rgb_of
from deckgen.design import BackDesign, Design, FrozenMap, PhotoRef, Picture, PrintOptions
from deckgen.errors import UserError, collected_warnings
from deckgen.render.backs import back_picture_as_printed, load_image, picture_region, render_back, safe_keep
from deckgen.render.cmyk import flat_cmyk, ink_units, read_cmyk_profile, to_cmyk
from deckgen.render.facedraw import layout
from deckgen.render.photocards import photo_area_size, plan_card
from deckgen.render.faces import render_face
from deckgen.render.fonts import font_file, missing_glyphs, user_texts
from deckgen.render.inkstack import FileInk
from deckgen.render.photos import photo_size
from deckgen.render.framing import Fill, plan_fill
from deckgen.render.shops import ShopPreset
from deckgen.render.tin import LID_PDF_DPI, lid_picture_region
from deckgen.units import LID_BLEED_MM, PixelBox, mm_per_px, px_to_mm

Status = Literal["ok", "warn", "FAIL"]
#: The DPI the ink and position checks draw at: enough for 0.25 mm, quick for a whole deck.
CHECK_DPI = 100


@dataclass(frozen=True)
class Finding:
    status: Status
    topic: str
    message: str

    @property
    def failed(self) -> bool:
        return self.status == "FAIL"

    def __str__(self) -> str:
        return f"{self.status:<4}  {self.topic}: {self.message}"


def card_findings(deck: Design, options: PrintOptions, preset: ShopPreset) -> list[Finding]:
    """Every finding for the deck's cards, backs and lid with these print options (the tuck box's are
    `boxcheck`'s; `preflight.check_for_shop` asks both)."""
    ink_limit = options.ink_limit if options.ink_limit is not None else preset.ink_limit
    findings: list[Finding] = []
    findings += _colour(preset, options.rgb, options.icc)
    findings += _card_size(deck, preset)
    findings += _card_count(deck, preset)
    findings += _resolution(deck, preset)
    findings += _pictures(deck, preset)
    findings += _bleed(deck, preset)
    with collected_warnings():
        small = replace(deck, card=replace(deck.card, dpi=CHECK_DPI, bleed_mm=max(deck.card.bleed_mm, preset.bleed_mm)))
        faces, backs = _draw(small)
        findings += _safe_zone(deck, small, preset, faces)
        if not options.rgb:
            findings += _ink(faces, backs, ink_limit, options.icc)
    if not options.rgb:
        if preset.card_mismatch(deck.card.width_mm, deck.card.height_mm) is None:  # else no file is written to measure
            findings += _stacked_ink(deck, options)
        findings += _paper(deck, options.icc, ink_limit)
    findings += _fonts(deck)
    return findings


# --------------------------------------------------------------------------- colour, resolution, bleed


def _colour(preset: ShopPreset, rgb: bool, icc: Path | None) -> list[Finding]:
    if rgb:
        return [Finding("FAIL", "colour", f"the print-shop file is sRGB (--rgb or cmyk = false) but {preset.name} "
                                          f"asks for CMYK PDF/{preset.pdfx}")]
    try:
        profile = read_cmyk_profile(icc)
    except UserError as exc:
        return [Finding("FAIL", "colour", str(exc))]
    where = "shipped with deckgen" if icc is None else str(icc)
    return [Finding("ok", "colour", f"CMYK PDF/{preset.pdfx} (PDF {preset.pdf_version}) through "
                                    f"'{profile.description}' ({where})")]


def _resolution(deck: Design, preset: ShopPreset) -> list[Finding]:
    dpi = deck.card.dpi
    out: list[Finding] = []
    if dpi < preset.min_ppi:
        out.append(Finding("FAIL", "resolution", f"the cards are drawn at {dpi} DPI; {preset.name} asks for "
                                                 f"at least {preset.min_ppi} (set dpi = {preset.min_ppi} in deck.toml)"))
    uses: dict[Path, list[_PhotoUse]] = {}  # each photo file, with every card that prints it
    for card in deck.profile.unique_cards():
        art = deck.faces.art(card)
        plan = plan_card(deck, card, art)
        if art.photo is None or plan is None:
            continue
        area_px = photo_area_size(deck, art.mode)
        # the photo's pixels per inch where printed: the crop's width (zoom and fit included) over the area's
        ppi = dpi * (plan.window[2] - plan.window[0]) / area_px[0]
        size_mm = (px_to_mm(area_px[0], dpi), px_to_mm(area_px[1], dpi))
        uses.setdefault(art.photo.path, []).append(_PhotoUse(art.photo, card.code, ppi, size_mm, plan.zoom))
    low = [found for found in uses.values() if min(use.ppi for use in found) < preset.min_ppi]
    out += [Finding("FAIL", "photo", _low_photo(found, preset)) for found in low]
    if uses and not low:
        out.append(Finding("ok", "photo", f"{len(uses)} photo(s), all at {preset.min_ppi} ppi or more where printed"))
    return out


@dataclass(frozen=True)
class _PhotoUse:
    """A card that prints a photo: the deck.toml key that gives it, the card, and the photo's pixels
    per inch and printed size (mm) on that card at its zoom."""

    photo: PhotoRef
    code: str
    ppi: float
    size_mm: tuple[float, float]
    zoom: float


def _low_photo(uses: list[_PhotoUse], preset: ShopPreset) -> str:
    """One photo file printed below the preset's resolution somewhere: every card and key that uses
    it (fixing the file changes them all), grouped by the size it prints at, lowest resolution first:
    'cat.jpg is 451 x 300 px, below the 300 ppi generic asks for: 79 ppi for 65 x 97 mm on
    cards.QS.image and faces.joker_image (JK1, JK2); 186 ppi for 42 x 41 mm on cards.QH.image'."""
    groups: dict[tuple[int, str, str], list[_PhotoUse]] = {}
    for use in uses:
        zoom = f" at zoom {use.zoom:.3g}" if use.zoom != 1.0 else ""
        size = f"{use.size_mm[0]:.0f} x {use.size_mm[1]:.0f} mm"
        groups.setdefault((round(use.ppi), size, zoom), []).append(use)
    parts = []
    for (ppi, size, zoom), group in sorted(groups.items(), key=lambda item: min(u.ppi for u in item[1])):
        enough = " (enough)" if min(u.ppi for u in group) >= preset.min_ppi else ""
        parts.append(f"{ppi} ppi for {size}{zoom} on {_keys_of(group)}{enough}")
    photo = uses[0].photo
    pw, ph = photo_size(photo)
    return (f"{photo.shown} is {pw} x {ph} px, below the {preset.min_ppi} ppi {preset.name} asks for: "
            + "; ".join(parts))


def _keys_of(uses: list[_PhotoUse]) -> str:
    """The deck.toml keys of these uses, each with its cards unless the key names its one card."""
    codes: dict[str, list[str]] = {}
    for use in uses:
        codes.setdefault(use.photo.key, []).append(use.code)
    names = [key if len(cards) == 1 and key == f"cards.{cards[0]}.image" else f"{key} ({', '.join(cards)})"
             for key, cards in codes.items()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class _Placed:
    """A back's or the lid's picture where it prints: the deck.toml key, the picture, its mode and
    scale, the pixel box it is placed in and that box's pixels (trim, bleed, DPI)."""

    key: str
    picture: Picture
    region: tuple[int, int, int, int]
    box: PixelBox
    on_card: bool = True  # a back (the lid's picture sits on its panel, far from the trim)
    #: A card back's design and the deck's (source, corner, safe zone), so that its picture is
    #: framed as the back renderer frames it (round the words' plates); None for other pictures.
    back: tuple[BackDesign, str, float, float] | None = None


def _placed_pictures(deck: Design) -> list[_Placed]:
    """Every back and lid picture with the box it fills, measured as the renderers place them
    (a second back that repeats [back]'s picture is counted once)."""
    out: list[_Placed] = []
    seen: set[tuple[Path, tuple[int, int, int, int]]] = set()
    for back in deck.backs:
        item = _placed_back(deck, back)
        if item is None or (item.picture.photo.path, item.region) in seen:
            continue
        seen.add((item.picture.photo.path, item.region))
        out.append(item)
    lid = _placed_lid(deck)
    return out + ([lid] if lid is not None else [])


def _placed_back(deck: Design, back: BackDesign) -> _Placed | None:
    if back.picture is None:
        return None
    box = deck.card.box()
    corner = deck.card.corner_radius_mm
    return _Placed(back.picture.photo.key, back.picture, picture_region(back, box, corner), box,
                   back=(back, deck.source, corner, deck.card.safe_mm))


def _placed_lid(deck: Design) -> _Placed | None:
    lid = deck.lid
    if lid.picture is None:
        return None
    # measured in lid.pdf, the file a tin maker prints (the PNG has the same picture in millimetres)
    lid_box = replace(lid, dpi=max(lid.dpi, LID_PDF_DPI), bleed_mm=LID_BLEED_MM).box()
    return _Placed(lid.picture.photo.key, lid.picture, lid_picture_region(lid_box), lid_box, on_card=False)


def picture_fill(deck: Design, which: str) -> Fill | None:
    """How the picture of "back", "back2" or "lid" is cropped where it prints, as the renderers crop
    it (its window, faces and zoom); None when it has no picture or one that fits whole. The
    browser editor shows the zoom from it."""
    item = _placed_lid(deck) if which == "lid" else _placed_back(deck, deck.back_for(2 if which == "back2" else 1))
    if item is None or item.picture.mode != "fill":
        return None
    return _fill(item, deck.card.safe_mm)


def _printed_ppi(placed: _Placed, zoom: float = 1.0) -> tuple[float, float, float]:
    """The picture's pixels per inch where it prints, and its printed width and height in mm:
    fill covers the box (the crop's pixels spread over it, `zoom` times closer), fit is the whole
    picture scaled into it."""
    pw, ph = photo_size(placed.picture.photo)
    l, t, r, b = placed.region
    rw, rh = r - l, b - t
    if placed.picture.mode == "fill":
        enlarged = max(rw / pw, rh / ph) * zoom
        shown = (rw, rh)
    else:
        enlarged = min(rw / pw, rh / ph) * placed.picture.scale
        shown = (max(1, round(pw * enlarged)), max(1, round(ph * enlarged)))
    mm = mm_per_px(placed.box.dpi)
    return placed.box.dpi / enlarged, shown[0] * mm, shown[1] * mm


def _pictures(deck: Design, preset: ShopPreset) -> list[Finding]:
    """The backs' and lid's pictures: resolution where printed, and faces in a filled back that the
    trim or the safe zone would cut."""
    out: list[Finding] = []
    placed = _placed_pictures(deck)
    low = 0
    for item in placed:
        fill = _fill(item, deck.card.safe_mm) if item.picture.mode == "fill" else None
        ppi, width_mm, height_mm = _printed_ppi(item, fill.zoom if fill else 1.0)
        if ppi < preset.min_ppi:
            low += 1
            pw, ph = photo_size(item.picture.photo)
            zoom = f" at zoom {fill.zoom:.3g}" if fill and fill.zoom != 1.0 else ""
            out.append(Finding("FAIL", "picture", f"{item.key}: {item.picture.photo.shown} is {pw} x {ph} px "
                                                  f"for {width_mm:.0f} x {height_mm:.0f} mm{zoom}: {ppi:.0f} ppi, "
                                                  f"below the {preset.min_ppi} ppi {preset.name} asks for"))
        if fill is not None and item.on_card:
            out += _faces_near_trim(item, fill, preset)
    if placed and not low:
        out.append(Finding("ok", "picture", f"{len(placed)} back or lid picture(s), all at {preset.min_ppi} ppi "
                                            "or more where printed"))
    return out


def _fill(item: _Placed, deck_safe_mm: float) -> Fill:
    """A filled back or lid picture cropped as the renderer crops it (backs.place_picture): framed
    on the faces, with the automatic zoom, or round the focus; a card back's as the back renderer
    places it, clear of its words' plates (backs.place_back_picture)."""
    if item.back is not None:
        spec, source, corner, safe = item.back
        with collected_warnings():  # what the renderer warns about, the findings say their own way
            placed = back_picture_as_printed(source, spec, item.box, corner, safe)
        if placed is not None and placed.fill is not None:
            return placed.fill
    picture = item.picture
    l, t, r, b = item.region
    keep = safe_keep(item.region, item.box, deck_safe_mm) if item.on_card else (0.0, 0.0, 1.0, 1.0)
    return plan_fill(load_image(picture.photo).convert("RGB"), (r - l, b - t), picture.focus, keep, picture.zoom,
                     mm_per_px(item.box.dpi))


def _faces_near_trim(item: _Placed, fill: Fill, preset: ShopPreset) -> list[Finding]:
    """A back picture that fills the card, cropped as the renderer crops it (`fill`): any face found
    in it that comes closer to the trim than the preset's safe zone (a cut that wanders takes a chin)."""
    picture = item.picture
    l, t, r, b = item.region
    faces, window = fill.faces, fill.window
    if not faces:
        return []
    k = (r - l) / (window[2] - window[0])
    trim = item.box.trim_rect()
    worst: float | None = None
    for face in faces:
        fx0, fy0, fx1, fy1 = face.scaled(*fill.size)
        x0, y0 = l + (fx0 - window[0]) * k, t + (fy0 - window[1]) * k
        x1, y1 = l + (fx1 - window[0]) * k, t + (fy1 - window[1]) * k
        if x1 <= trim[0] or y1 <= trim[1] or x0 >= trim[2] or y0 >= trim[3] or y0 >= b:
            continue  # wholly in the bleed or in the half a mirrored back turns
        px = min(x0 - trim[0], y0 - trim[1], trim[2] - x1, trim[3] - y1)
        distance = px_to_mm(px, item.box.dpi)
        worst = distance if worst is None else min(worst, distance)
    if worst is None or worst >= preset.safe_mm - 0.3:
        return []
    where = "crosses the trim" if worst < 0 else f"comes {worst:.1f} mm from the trim"
    return [Finding("warn", "picture", f"{picture.photo.key}: a face in {picture.photo.shown} {where}; "
                                       f"{preset.name} keeps {preset.safe_mm:g} mm clear (set focus, or mode = \"fit\")")]


def _card_size(deck: Design, preset: ShopPreset) -> list[Finding]:
    """A preset made for some card sizes (card_sizes_mm) against the deck's format."""
    mismatch = preset.card_mismatch(deck.card.width_mm, deck.card.height_mm)
    if mismatch:
        return [Finding("FAIL", "card size", mismatch)]
    return [Finding("ok", "card size", f"{deck.card.width_mm:g} x {deck.card.height_mm:g} mm")]


def _card_count(deck: Design, preset: ShopPreset) -> list[Finding]:
    """A preset that prints decks of some sizes (card_counts) against the deck's cards, reference cards counted."""
    if not preset.card_counts:
        return []
    mismatch = preset.count_mismatch(deck.card_count, len(deck.reference.cards))
    if mismatch:
        return [Finding("FAIL", "cards", mismatch)]
    return [Finding("ok", "cards", f"{deck.card_count} cards, a deck size the shop prints")]


def _bleed(deck: Design, preset: ShopPreset) -> list[Finding]:
    bleed = deck.card.bleed_mm
    if bleed >= preset.bleed_mm:
        extra = "" if bleed == preset.bleed_mm else f" (the file is cut to the {preset.bleed_mm:g} mm it asks)"
        return [Finding("ok", "bleed", f"{bleed:g} mm on every side{extra}")]
    return [Finding("warn", "bleed", f"deck.toml has bleed_mm = {bleed:g}; {preset.name} asks for "
                                     f"{preset.bleed_mm:g} mm: the print-shop file is drawn with "
                                     f"{preset.bleed_mm:g} mm (from output/print/shop-cards/)")]


# --------------------------------------------------------------------------- drawing once for the rest


@dataclass(frozen=True)
class _Drawn:
    label: str
    image: Image.Image


def _draw(small: Design) -> tuple[list[_Drawn], list[_Drawn]]:
    faces = [_Drawn(card.code, render_face(small, card)) for card in small.profile.unique_cards()]
    backs = [_Drawn("back" if which == 1 else "back2", render_back(small, which, warn=False))
             for which in range(1, len(small.backs) + 1)]
    return faces, backs


def _trim_distance_mm(box: tuple[int, int, int, int], size: tuple[int, int], deck: Design) -> float:
    """How close a pixel box comes to the trim, in mm (negative: beyond it)."""
    b = deck.card.box().bleed_px
    l, t, r, btm = box
    w, h = size
    px = min(l - b, t - b, (w - b) - r, (h - b) - btm)
    return px_to_mm(px, deck.card.dpi)


def _difference_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    diff = np.asarray(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).max(axis=-1)
    ys, xs = np.nonzero(diff > 24)
    if xs.size == 0:
        return None
    return (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)


def _safe_zone(deck: Design, small: Design, preset: ShopPreset, faces: list[_Drawn]) -> list[Finding]:
    out: list[Finding] = []
    safe = preset.safe_mm
    lay = layout(deck)
    index_mm = min(lay.index_x - lay.index_max_w / 2, lay.index_top)
    if index_mm < safe - 0.05:
        out.append(Finding("FAIL", "safe zone", f"the indices start {index_mm:.1f} mm from the trim; "
                                                f"{preset.name} keeps {safe:g} mm clear"))
    # texts from deck.toml: where the face or back differs from the same drawn without the text
    by_code = {d.label: d.image for d in faces}
    choices = small.faces.cards
    for card in small.profile.unique_cards():
        override = choices.get(card.code)
        if override is None or not override.text:
            continue
        plain_faces = replace(small.faces, cards=FrozenMap({**choices, card.code: replace(override, text=None)}))
        box = _difference_box(by_code[card.code], render_face(replace(small, faces=plain_faces), card))
        if box is not None:
            out += _placed(f"cards.{card.code}.text", box, by_code[card.code].size, small, safe, preset)
    for which, back in enumerate(small.backs, start=1):
        key = "back" if which == 1 else "back2"
        from_table = back.own_texts or (which == 2 and back.key == "back" and small.back.own_texts)
        if not from_table or not back.texts:
            continue  # only texts written in deck.toml (a second pack without [back2] repeats [back]'s)
        drawn = render_back(small, which, warn=False)
        for i in range(len(back.texts)):
            fewer = replace(back, texts=tuple(t for j, t in enumerate(back.texts) if j != i))
            without = replace(small, back=fewer) if which == 1 else replace(small, back2=fewer)
            box = _difference_box(drawn, render_back(without, which, warn=False))
            if box is not None:
                out += _placed(f"{key}.text[{i}]", box, drawn.size, small, safe, preset)
    if not [f for f in out if f.failed]:
        out.append(Finding("ok", "safe zone", f"indices and texts at least {min(index_mm, safe):g} mm inside the trim"))
    return out


def _placed(key: str, box: tuple[int, int, int, int], size: tuple[int, int], deck: Design, safe: float,
            preset: ShopPreset) -> list[Finding]:
    distance = _trim_distance_mm(box, size, deck)
    if distance >= safe - 0.3:  # a pixel at the check's DPI
        return []
    where = "crosses the trim" if distance < 0 else f"comes {distance:.1f} mm from the trim"
    return [Finding("FAIL", "safe zone", f"{key} {where}; {preset.name} keeps {safe:g} mm clear (move it inwards)")]


# --------------------------------------------------------------------------- ink and fonts


def _ink(faces: list[_Drawn], backs: list[_Drawn], limit: int, icc: Path | None) -> list[Finding]:
    profile = read_cmyk_profile(icc)
    units = ink_units(limit)
    worst: list[tuple[float, str, float]] = []
    for drawn in faces + backs:
        pixels = np.asarray(to_cmyk(drawn.image, profile)).astype(np.int32).sum(axis=-1)
        over = float((pixels > units).mean())
        if over > 0:
            worst.append((over, drawn.label, float(pixels.max()) * 100 / 255))
    if not worst:
        return [Finding("ok", "ink", f"no colour goes over {limit} % total ink")]
    worst.sort(reverse=True)
    share, label, top = worst[0]
    return [Finding("warn", "ink", f"{len(worst)} card side(s) go over {limit} % through the profile (most: {label}, "
                                   f"{share:.1%} of it, up to {top:.0f} %); the print-shop file holds them at {limit} % "
                                   "by moving grey into black")]


#: The resolution the print-shop file is drawn at to measure its ink: its drawn art is the same at
#: any resolution, and a photo's darkest part, held to the limit, is as dark at this one.
INK_CHECK_DPI = 150


def _stacked_ink(deck: Design, options: PrintOptions) -> list[Finding]:
    """The print-shop file(s) written as `deckgen print` writes them (into a scratch folder), and the
    most ink each stacks anywhere, overprints included (inkstack.py), against the limit."""
    import tempfile

    from deckgen.render.printfiles import measure_shop_ink  # late: printfiles imports this module's neighbours

    drawn = replace(deck, card=replace(deck.card, dpi=min(deck.card.dpi, INK_CHECK_DPI)))
    with tempfile.TemporaryDirectory(prefix="deckgen-preflight-") as scratch, collected_warnings():
        files = measure_shop_ink(drawn, options, Path(scratch))
    return [finding for file in files for finding in (_file_ink(file), _file_lines(file))]


def _file_lines(file: FileInk) -> Finding:
    thinnest = file.thinnest_pt
    if thinnest is None:
        return Finding("ok", "lines", f"{file.name}: no drawn lines")
    raised = (f"; {file.raised_lines} line(s), counted page by page, that the design draws thinner are widened to the preset's "
              f"{file.min_line_pt:g} pt" if file.raised_lines else "")
    status: Literal["ok", "FAIL"] = "ok" if thinnest >= file.min_line_pt - 1e-6 else "FAIL"
    return Finding(status, "lines", f"{file.name}: the thinnest line is {thinnest:.2f} pt "
                                    f"(the preset's minimum: {file.min_line_pt:g} pt){raised}")


def _file_ink(file: FileInk) -> Finding:
    worst = file.worst
    if worst is None or worst.peak is None:
        return Finding("ok", "ink", f"{file.name}: no ink on any page")
    peak = worst.peak
    where = f"page {worst.page}, {worst.label}, {peak.x_mm:.1f} mm from the trim's left, {peak.y_mm:.1f} mm down"
    knocked = (f"; the deck's black knocked out of the colour under it in {file.knocked_out} place(s) where overprinting "
               f"would go over" if file.knocked_out else "")
    if peak.percent > file.limit + 0.5:
        return Finding("FAIL", "ink", f"{file.name}: up to {peak.percent:.1f} % total ink, over the {file.limit:g} % limit "
                                      f"(most at {where})")
    return Finding("ok", "ink", f"{file.name}: at most {peak.percent:.1f} % total ink with overprints, within the "
                                f"{file.limit:g} % limit (most at {where}){knocked}")


#: Below this (8-bit) a tint that is printed at all is faint enough to print unevenly (5 %).
EVEN_TINT = 13


def _paper(deck: Design, icc: Path | None, ink_limit: float) -> list[Finding]:
    """The paper colour of the faces and of each back as the print-shop file paints it (cmyk.flat_cmyk,
    the rule its vector writer follows): white, a tint too faint to print (left as paper: said, not
    warned), a faint tint a press may not hold evenly, or a tint it holds."""
    profile = read_cmyk_profile(icc)
    black = rgb_of(deck.faces.ink.black)
    sides = [("faces", "colours.background", deck.faces.ink.paper)]
    sides += [(f"{back.key}s" if len(deck.backs) > 1 else "backs", f"{back.key}.paper", back.colours.paper)
              for back in deck.backs]
    out: list[Finding] = []
    for side, key, colour in sides:
        rgb = rgb_of(colour)
        printed = flat_cmyk(rgb, profile, ink_limit, black)
        if max(printed) == 0:
            raw = flat_cmyk(rgb, profile, ink_limit, black, drop_faint=False)  # the tint the file leaves out
            if max(raw) == 0:
                out.append(Finding("ok", "paper", f"the {side}' paper {colour} is white: no ink"))
            else:
                out.append(Finding("ok", "paper", f"the {side}' paper {colour} would be {_percent(raw)}, too faint "
                                                  "for a press to hold: the print-shop file leaves it as white paper"))
        elif max(printed) < EVEN_TINT:
            out.append(Finding("warn", "paper", f"the {side}' paper {colour} prints as {_percent(printed)}: a tint "
                                                f"this faint may print blotchy; set {key} to white (#ffffff) or a "
                                                "stronger colour"))
        else:
            out.append(Finding("ok", "paper", f"the {side}' paper {colour} prints as {_percent(printed)}"))
    return out


def _percent(cmyk: Sequence[int] | np.ndarray) -> str:
    """8-bit C, M, Y, K as the percentages a prepress operator reads: "2/2/4/0 % CMYK"."""
    return "/".join(f"{int(v) * 100 / 255:.0f}" for v in cmyk) + " % CMYK"


def _fonts(deck: Design) -> list[Finding]:
    out: list[Finding] = []
    files: dict[Path, str] = {font_file(deck, role): "font" for role in ("index", "caption", "title")}
    texts = user_texts(deck)
    for _key, _text, path, font_key in texts:
        files.setdefault(Path(path), font_key)
    for path, key in sorted(files.items()):
        try:
            TTFontFile(str(path), validate=0)
        except TTFError as exc:
            out.append(Finding("FAIL", "font", f"{key}: {path.name} cannot be embedded in a PDF ({exc})"))
    for key, text, path, font_key in texts:
        missing = missing_glyphs(Path(path), text)
        if missing:
            out.append(Finding("FAIL", "font", f"{key}: {Path(path).name} has no glyph for "
                                               f"{', '.join(repr(c) for c in missing)} (set `{font_key}`)"))
    if not out:
        out.append(Finding("ok", "font", f"{len(files)} font(s), all embeddable, every letter present"))
    return out
