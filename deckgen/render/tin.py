"""The tin lid: 141 x 100 mm art at 150 DPI by default, matching the deck's theme, and its print file.

The lid is a framed label: the theme's back pattern in a border, a light
panel with the ornament, the title and subtitle, optionally a picture and the
names of the games in the booklet. The lid is seen one way up, so unlike a back
it needs no half-turn symmetry.

The tin's corners are rounded (`[tin] corner_radius_mm`), so the border's
pattern, frame and corner ornaments sit inside a safe area LID_SAFE_MM in from
the trim whose corners follow that radius; outside it a plain band of the
pattern's ground runs out through the bleed, so a cut that wanders shows no
paper and cuts no ornament. `lid.pdf` is what a tin maker prints from: the art
with 3 mm bleed at 300 ppi or more, TrimBox and BleedBox, CMYK PDF/X-4 like
the print-shop file, and the die line (the trim with the tin's corners) as a
separate overprinting spot colour.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

from deckgen.config import ConfigError, DeckConfig, game_titles
from deckgen.colour import contrast
from deckgen.fileio import save_png
from deckgen.render.backs import whole_pixel_box, fit_text, load_image, place_image, resolve_font
from deckgen.render.patterns import Colours, Geometry, SnapDraw, draw_ornament, draw_pattern, field_rect
from deckgen.themes import get_palette, get_template, get_theme
from deckgen.units import LID_BLEED_MM, LID_SAFE_MM, TIN_HEIGHT_MM, TIN_WIDTH_MM, PixelBox, mm_to_pt, tin_box

__all__ = [
    "build_lid",
    "lid_box",
    "render_lid",
    "write_lid_pdf",
]
#: The die line's spot colour on the lid's print file.
LID_DIE_LINE = "Dieline"
#: The lowest resolution of the lid's print file, whatever the PNG's DPI.
LID_PDF_DPI = 300

Advance = Callable[[str], None]

#: The panel's distance from the trim line, and the gaps inside it (mm).
PANEL_INSET_MM = 11.0
PANEL_PAD_MM = 5.0
TITLE_MM, TITLE_MIN_MM = 10.0, 4.0
SUBTITLE_MM, SUBTITLE_MIN_MM = 5.2, 2.8
GAMES_MM, GAMES_MIN_MM = 3.4, 2.2


def lid_box(deck: DeckConfig) -> PixelBox:
    """The lid's pixel box from [tin] dpi and bleed_mm."""
    return tin_box(deck.tin.dpi, deck.tin.bleed_mm)


def _strongest(background: str, *candidates: str) -> str:
    return max(candidates, key=lambda c: contrast(c, background))


def _blame(own: str | None, theme_text: str, key: str) -> str:
    """The key to name when a lid text does not fit: the person's own [tin] text, else `name`
    when the theme's words are made of the deck's name (they never wrote tin.title)."""
    return key if own is not None or "{name}" not in theme_text else "name"


def _text_layer(deck: DeckConfig, text: str, font_name: str | None, default_font: str, size_mm: float, min_mm: float,
                max_w: float, key: str, ppm: float, dpi: int, colour: str, blame: str | None = None) -> Image.Image:
    """One line of lid lettering, shrunk to the width if need be, on a transparent tile. A text
    that cannot fit is blamed on `blame` (the key the person wrote, e.g. `name`), else on `key`."""
    font_key = "tin.title_font" if key == "tin.title" else "tin.body_font"
    key = blame or key
    font_file = resolve_font(deck, font_name, default_font, font_key)
    try:
        font = fit_text(deck, text, font_file, size_mm * ppm, min_mm * ppm, max_w, size_mm * ppm * 4, key, dpi,
                        font_key)
        one_line_size = font.size
    except ConfigError:
        one_line_size = 0
    if one_line_size < size_mm * ppm * 0.75 and "\n" not in text and " " in text:
        # a long line reads better as two balanced lines at a larger size
        two = _two_lines(text)
        try:
            font2 = fit_text(deck, two, font_file, size_mm * ppm, min_mm * ppm, max_w, size_mm * ppm * 4, key, dpi,
                             font_key)
        except ConfigError:
            font2 = None
        if font2 is not None and font2.size > one_line_size * 1.15:
            text, font, one_line_size = two, font2, font2.size
    if one_line_size == 0:  # neither fits: report the one-line attempt
        font = fit_text(deck, text, font_file, size_mm * ppm, min_mm * ppm, max_w, size_mm * ppm * 4, key, dpi,
                        font_key, hint="shorten it")
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    spacing = round(font.size * 0.2)
    left, top, right, bottom = whole_pixel_box(probe.multiline_textbbox((0, 0), text, font=font, align="center",
                                                                 spacing=spacing))
    tile = Image.new("RGBA", (right - left + 2, bottom - top + 2), (0, 0, 0, 0))
    ImageDraw.Draw(tile).multiline_text((1 - left, 1 - top), text, font=font, fill=colour, align="center",
                                        spacing=spacing)
    return tile


def _two_lines(text: str) -> str:
    """Split at the space that makes the two lines closest in length."""
    words = text.split(" ")
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


def render_lid(deck: DeckConfig) -> Image.Image:
    """The lid art as an RGB image with bleed: border pattern, panel, ornament, words, picture."""
    cfg = deck.tin
    theme = get_theme(deck.theme)
    box = lid_box(deck)
    palette = get_palette(cfg.palette or deck.back.palette or theme.lid_palette)  # a lid that matches the user's back
    c = Colours(palette.paper, palette.ground, palette.ink, palette.accent)
    ornament = cfg.ornament or theme.lid_ornament
    ppm = box.dpi / 25.4
    ss = 3 if box.dpi <= 300 else 2 if box.dpi <= 600 else 1
    W, H = box.size
    left, top, right, bottom = box.trim_rect()

    # border: the back template's pattern over the whole lid, then the panel
    template = get_template(deck.back.template or theme.back_template)
    geo = Geometry(size=(W * ss, H * ss), ppm=ppm * ss,
                   trim=(left * ss - 0.5, top * ss - 0.5, right * ss - 0.5, bottom * ss - 0.5),
                   corner_mm=cfg.corner_radius_mm)
    params = dict(template.params) | {"margin_mm": LID_SAFE_MM}
    big = draw_pattern(template.pattern, geo, params, c, "none", medallion_mm=0)
    # outside the safe area (its corners follow the tin's): the pattern's ground, out through the bleed
    field, radius = field_rect(geo, params)
    outside = Image.new("L", big.size, 255)
    SnapDraw(outside).rounded_rectangle(field, radius=radius, fill=0)
    big.paste(c.ground, mask=outside)
    draw = SnapDraw(big)
    panel = (
        (left + PANEL_INSET_MM * ppm) * ss, (top + PANEL_INSET_MM * ppm) * ss,
        (right - PANEL_INSET_MM * ppm) * ss, (bottom - PANEL_INSET_MM * ppm) * ss,
    )
    k = ppm * ss
    draw.rounded_rectangle((panel[0] - 2.2 * k, panel[1] - 2.2 * k, panel[2] + 2.2 * k, panel[3] + 2.2 * k),
                           radius=4.2 * k, fill=c.ground, outline=c.accent, width=max(1, round(0.5 * k)))
    draw.rounded_rectangle(panel, radius=3 * k, fill=c.paper, outline=c.accent, width=max(1, round(0.35 * k)))
    draw.rounded_rectangle((panel[0] + 1.2 * k, panel[1] + 1.2 * k, panel[2] - 1.2 * k, panel[3] - 1.2 * k),
                           radius=2 * k, outline=c.accent, width=max(1, round(0.15 * k)))
    for x, y in ((panel[0], panel[1]), (panel[2], panel[1]), (panel[0], panel[3]), (panel[2], panel[3])):
        draw.polygon([(x, y - 2.4 * k), (x + 1.6 * k, y), (x, y + 2.4 * k), (x - 1.6 * k, y)], fill=c.accent,
                     outline=c.ground)

    # on the panel the theme's colours are used for contrast against paper
    readable = [col for col in (c.accent, c.ink, c.ground) if contrast(col, c.paper) >= 2.0]
    on_panel = Colours(c.paper, c.paper, _strongest(c.paper, c.ground, c.ink, c.accent),
                       readable[0] if readable else _strongest(c.paper, c.accent, c.ink, c.ground))
    if ornament == "suits":  # the suits in the deck's own red and black
        on_panel = Colours(c.paper, c.paper, deck.colours.black, deck.colours.red)
    ink = _strongest(c.paper, c.ground, c.accent, c.ink)
    soft = c.accent if contrast(c.accent, c.paper) >= 2.5 else ink

    inner = (panel[0] / ss + PANEL_PAD_MM * ppm, panel[1] / ss + PANEL_PAD_MM * ppm,
             panel[2] / ss - PANEL_PAD_MM * ppm, panel[3] / ss - PANEL_PAD_MM * ppm)
    text_area = inner
    picture = None
    if cfg.image is not None:
        img = load_image(deck, cfg.image, "tin.image")
        pic_w = (inner[2] - inner[0]) * 0.42
        region = (round(inner[0]), round(inner[1]), round(inner[0] + pic_w), round(inner[3]))
        picture = place_image(img, region, cfg.image_mode, cfg.image_focus)
        text_area = (inner[0] + pic_w + 4 * ppm, inner[1], inner[2], inner[3])

    # the stack: ornament, title, rule, subtitle, games, centred in the text area
    width = text_area[2] - text_area[0]
    name = deck.name.strip() or "Playing cards"
    title = (cfg.title if cfg.title is not None else theme.lid_title).replace("{name}", name)
    subtitle = (cfg.subtitle if cfg.subtitle is not None else theme.lid_subtitle).replace("{name}", name)
    blocks: list[tuple[str, Image.Image | float]] = []
    has_ornament = ornament != "none"
    orn_r = 9.5 * ppm if picture is None else 7.0 * ppm
    if has_ornament:
        blocks.append(("ornament", orn_r * 2))
    if title:
        blocks.append(("title", _text_layer(deck, title, cfg.title_font, theme.title_font, TITLE_MM, TITLE_MIN_MM,
                                            width, "tin.title", ppm, box.dpi, ink,
                                            _blame(cfg.title, theme.lid_title, "tin.title"))))
    if title and subtitle:
        blocks.append(("rule", 1.2 * ppm))
    if subtitle:
        blocks.append(("subtitle", _text_layer(deck, subtitle, cfg.body_font, theme.body_font, SUBTITLE_MM,
                                               SUBTITLE_MIN_MM, width, "tin.subtitle", ppm, box.dpi, soft,
                                               _blame(cfg.subtitle, theme.lid_subtitle, "tin.subtitle"))))
    if cfg.show_games:
        games = "  ·  ".join(game_titles(deck.booklet.games))
        if games:
            blocks.append(("games", _text_layer(deck, games, cfg.body_font, theme.body_font, GAMES_MM, GAMES_MIN_MM,
                                                width, "tin.show_games", ppm, box.dpi, ink)))
    gap = 3.2 * ppm
    heights = [b if isinstance(b, float) else b.height for _, b in blocks]
    total = sum(heights) + gap * max(len(blocks) - 1, 0)
    if total > text_area[3] - text_area[1]:
        raise ConfigError(deck.source or "deck.toml", "tin", "the lid's title, subtitle and games do not fit "
                          "together on the lid; shorten them or set show_games = false")
    cx = (text_area[0] + text_area[2]) / 2
    y = (text_area[1] + text_area[3]) / 2 - total / 2
    placements: list[tuple[Image.Image, tuple[int, int]]] = []
    for (kind, block), height in zip(blocks, heights):
        if kind == "ornament":
            draw_ornament(draw, ornament, (cx * ss, (y + height / 2) * ss), orn_r * ss, on_panel)
        elif kind == "rule":
            mid = (y + height / 2) * ss
            half = min(width * 0.28, 30 * ppm) * ss
            draw.line([(cx * ss - half, mid), (cx * ss - 2.4 * k, mid)], fill=soft, width=max(1, round(0.2 * k)))
            draw.line([(cx * ss + 2.4 * k, mid), (cx * ss + half, mid)], fill=soft, width=max(1, round(0.2 * k)))
            draw.polygon([(cx * ss, mid - 1.1 * k), (cx * ss + 1.4 * k, mid), (cx * ss, mid + 1.1 * k),
                          (cx * ss - 1.4 * k, mid)], fill=soft)
        else:
            assert isinstance(block, Image.Image)
            placements.append((block, (round(cx - block.width / 2), round(y))))
        y += height + gap

    lid = (big.reduce(ss) if ss > 1 else big).convert("RGBA")
    if picture is not None:
        placed, origin = picture
        frame = ImageDraw.Draw(lid)
        pad = max(1, round(0.5 * ppm))
        frame.rectangle((origin[0] - pad, origin[1] - pad, origin[0] + placed.width + pad - 1,
                         origin[1] + placed.height + pad - 1), fill=on_panel.accent)
        lid.alpha_composite(placed, origin)
    for tile, origin in placements:
        lid.alpha_composite(tile, origin)
    return lid.convert("RGB")


def write_lid_pdf(deck: DeckConfig, target: Path) -> Path:
    """out_dir/tin/lid.pdf: the lid with 3 mm bleed, TrimBox and BleedBox, the die line as a spot colour;
    CMYK PDF/X-4 through the deck's print profile (sRGB when [print] cmyk = false)."""
    import io

    import pikepdf

    from deckgen.render.cmyk import add_output_intent, document_id, press_cmyk, read_cmyk_profile
    from deckgen.render.pdfcanvas import (
        Placement, add_images, canvas_bytes, draw_die_line, image_from_array, new_canvas, save_pdf,
    )

    import numpy as np

    cfg = deck.tin
    art = deck.model_copy(update={"tin": cfg.model_copy(update={"dpi": max(cfg.dpi, LID_PDF_DPI),
                                                                "bleed_mm": LID_BLEED_MM})})
    image = render_lid(art)
    b = LID_BLEED_MM
    page_mm = (TIN_WIDTH_MM + 2 * b, TIN_HEIGHT_MM + 2 * b)
    width_pt, height_pt = mm_to_pt(page_mm[0]), mm_to_pt(page_mm[1])
    buffer = io.BytesIO()
    title = f"{deck.name}: tin lid"
    canvas = new_canvas(buffer, page_mm, title, "tin-lid print file: trim and bleed boxes set, die line as a spot colour")
    canvas.setTrimBox((mm_to_pt(b), mm_to_pt(b), mm_to_pt(b + TIN_WIDTH_MM), mm_to_pt(b + TIN_HEIGHT_MM)))
    canvas.setBleedBox((0, 0, width_pt, height_pt))
    draw_die_line(canvas, (mm_to_pt(b), mm_to_pt(b), mm_to_pt(TIN_WIDTH_MM), mm_to_pt(TIN_HEIGHT_MM)),
                  mm_to_pt(cfg.corner_radius_mm), name=LID_DIE_LINE)
    canvas.showPage()
    if deck.print.cmyk:
        profile = read_cmyk_profile(deck.path(deck.print.icc))
        images = {"lid": image_from_array(press_cmyk(image, profile, deck.print.ink_limit or 300))}
        pdf = add_images(canvas_bytes(canvas, buffer), images, [[Placement("lid", (width_pt, 0, 0, height_pt, 0, 0))]],
                         pikepdf.Name.DeviceCMYK)
        add_output_intent(pdf, profile, title, document_id(profile, images, "lid"), "X-4")
    else:
        images = {"lid": image_from_array(np.asarray(image))}
        pdf = add_images(canvas_bytes(canvas, buffer), images, [[Placement("lid", (width_pt, 0, 0, height_pt, 0, 0))]])
    return save_pdf(pdf, target)


def build_lid(deck: DeckConfig, out_dir: Path, advance: Advance | None = None) -> list[Path]:
    """Write out_dir/tin/lid.png (the lid's DPI recorded in the file) and out_dir/tin/lid.pdf, its print file."""
    image = render_lid(deck)
    path = save_png(image, Path(out_dir) / "tin" / "lid.png", deck.tin.dpi)
    if advance is not None:
        advance("lid.png")
    pdf = write_lid_pdf(deck, Path(out_dir) / "tin" / "lid.pdf")
    if advance is not None:
        advance("lid.pdf")
    return [path, pdf]


build_lid.units = lambda deck: 2  # type: ignore[attr-defined]
