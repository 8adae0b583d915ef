"""The crop review (output/preview/crops.png): each photo card beside what the build kept of its
photo, the faces found and the heads the framing keeps whole, so a person checks every crop at a
glance before printing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from deckgen.cards import Card
from deckgen.design import Design
from deckgen.fileio import save_png
from deckgen.render.facedraw import RGB, Art, card_art, layout
from deckgen.render.faces import render_face
from deckgen.render.fonts import load_font
from deckgen.render.framing import (
    Box,
    head_box,
)
from deckgen.render.photocards import CropPlan, zoom_key
from deckgen.render.photos import (
    small_copy,
)

__all__ = [
    "REVIEW_MAX_W",
    "REVIEW_TILE_H",
    "REVIEW_TILE_MIN_W",
    "ReviewTile",
    "crop_review",
    "mark_card",
    "review_card",
    "review_groups",
    "review_path",
    "review_tiles",
    "write_crop_review",
]


REVIEW_TILE_H = 300

REVIEW_MAX_W = 1900

REVIEW_TILE_MIN_W = 470

def review_groups(design: Design, plans: dict[str, CropPlan]) -> list[tuple[list[str], Art, CropPlan]]:
    """The tiles of the crop review: one per photo and crop, with the codes of the cards showing it
    (both jokers share one photo and one crop: one tile)."""
    groups: dict[tuple[Path, Box, str, str], tuple[list[str], Art, CropPlan]] = {}
    cards = {c.code: c for c in design.profile.unique_cards()}
    for code, plan in plans.items():
        art = card_art(design, cards[code])
        assert art.photo is not None
        key = (art.photo.path, plan.window, art.mode, art.fit)
        groups.setdefault(key, ([], art, plan))[0].append(code)
    return list(groups.values())

@dataclass(frozen=True)
class ReviewTile:
    """One tile of the crop review, and where in it the card is shown as it prints (`card_at`,
    the top-left of the trimmed card reduced `reduced` times), for the tests to hold it to the
    written card."""

    image: Image.Image
    codes: tuple[str, ...]
    card_at: tuple[int, int]
    reduced: int
    #: The line under it saying what the build chose (a mat, or a crop over one); "" when none.
    choice: str = ""
    #: Where the same card, marked (mark_card), sits in the tile.
    marked_at: tuple[int, int] = (0, 0)

def review_card(design: Design, card: Card, plan: CropPlan, cards_dir: Path | None = None) -> tuple[Image.Image, int]:
    """The card as it prints, trimmed, reduced a whole number of times (Pillow's box reduction) to
    fit the review's tile height, and that number: from the PNG the build wrote in `cards_dir`
    when there is one, else drawn as the build draws it."""
    written = Path(cards_dir) / f"{card.code}.png" if cards_dir is not None else None
    if written is not None and written.is_file():
        with Image.open(written) as im:
            image = im.convert("RGB")
    else:
        image = render_face(design, card, plan).convert("RGB")
    b = round(design.card.box().bleed_px)
    trimmed = image.crop((b, b, image.width - b, image.height - b))
    factor = max(1, -(-trimmed.height // REVIEW_TILE_H))
    return (trimmed.reduce(factor) if factor > 1 else trimmed), factor

def _choice_label(design: Design, card: Card, plan: CropPlan) -> str:
    """The review's line for what the build chose where the photo could not fill its place at zoom 1."""
    if plan.choice == "crop":
        return "a crop at zoom 1 keeps every head clear (chosen over a mat)"
    if plan.choice == "contain":
        sides = ", ".join(f"{n} {v:.1f} mm" for n, v in zip(("left", "top", "right", "bottom"), plan.mat_mm) if v >= 0.05)
        mat = "a designed mat in the deck's colours" if plan.mat_style == "theme" else "a mat of its edge colours"
        return f"the whole photo, everyone in it, on {mat}: {sides}"
    if plan.choice == "mat" or plan.zoom < 1.0:
        names = ("left", "top", "right", "bottom")
        sides = ", ".join(f"{names[i]} {plan.mat_mm[i]:.1f} mm" for i in range(4) if plan.mat_mm[i] >= 0.05)
        how = f"; {zoom_key(design, card)} = 1 crops instead" if plan.choice == "mat" else ""
        return f"{_mat_label(plan)}: {sides or 'under 0.1 mm'}{how}"
    return ""


def _mat_label(plan: CropPlan) -> str:
    """The review's words for the plan's mat: the photo's edge colours, or the designed one."""
    return "a designed mat in the deck's colours, an accent rule round the photo" if plan.mat_style == "theme" \
        else "mat of the photo's edge colours"

def _dashed(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, dash: int = 5,
            sides: tuple[bool, bool, bool, bool] = (True, True, True, True)) -> None:
    """A dashed rectangle (pixels), or those of its `sides` (left, top, right, bottom) asked for."""
    x0, y0, x1, y1 = box
    lines = ((y0, y1, x0, False), (x0, x1, y0, True), (y0, y1, x1, False), (x0, x1, y1, True))
    for a, b, fixed, across in (line for line, wanted in zip(lines, sides) if wanted):
        t = a
        while t < b:
            end = min(b, t + dash)
            draw.line((t, fixed, end, fixed) if across else (fixed, t, fixed, end), fill=colour, width=1)
            t += 2 * dash

def mark_card(design: Design, art: Art, plan: CropPlan, shown: Image.Image) -> Image.Image:
    """A copy of the trimmed card `shown` (at any size) marked with what the framing kept clear: the
    whole heads (yellow, red when warned about), the 4 mm safe zone (cyan, dashed) and the sides where
    the photo ends and its mat begins (magenta, dashed). The crop review's tiles and `deckgen serve`'s
    crop editor both show the card so."""
    lay = layout(design)
    marked = shown.convert("RGB")  # a copy
    draw = ImageDraw.Draw(marked)
    kx, ky = marked.width / lay.width, marked.height / lay.height

    def on_card(box: Box) -> Box | None:
        """A box in card mm on the marked card, within the trimmed card (the bleed is cut off);
        None when none of it is on the card."""
        x0, y0 = max(0.0, box[0]), max(0.0, box[1])
        x1, y1 = min(lay.width, box[2]), min(lay.height, box[3])
        if x1 <= x0 or y1 <= y0:
            return None
        return (x0 * kx, y0 * ky, x1 * kx - 1, y1 * ky - 1)

    every = (True, True, True, True)
    marks: list[tuple[Box | None, RGB, tuple[bool, bool, bool, bool] | None]] = [
        (on_card(lay.safe_box), (80, 220, 240), every)]
    if art.fit == "cover" and max(plan.mat_mm) > 0:  # where the photo ends and its mat begins
        area, mat = plan.area_mm, plan.mat_mm
        photo_mm = (area[0] + mat[0], area[1] + mat[1], area[2] - mat[2], area[3] - mat[3])
        sides = (mat[0] >= 0.05, mat[1] >= 0.05, mat[2] >= 0.05, mat[3] >= 0.05)
        marks.append((on_card(photo_mm), (240, 80, 220), sides))
        if art.mode == "mirrored":
            marks.append((on_card(lay.turned(photo_mm)), (240, 80, 220), (sides[2], sides[3], sides[0], sides[1])))
    heads = [head_box(f) for f in plan.faces_mm]
    if art.mode == "mirrored":
        heads += [lay.turned(h) for h in heads]
    marks += [(on_card(h), (235, 60, 50) if plan.problems else (250, 210, 40), None) for h in heads]
    for box, colour, dashed in marks:
        if box is not None and dashed is not None:
            _dashed(draw, box, colour, sides=dashed)
        elif box is not None:
            draw.rectangle(box, outline=colour, width=2)
    return marked

def review_tiles(design: Design, plans: dict[str, CropPlan], cards_dir: Path | None = None) -> list[ReviewTile]:
    """The crop review's tiles: one per photo placed (cards sharing a photo and its crop share a
    tile). Each shows the photo, dimmed outside the part the card keeps, that part outlined in green
    (the trim in white on `full` cards), the faces found in yellow (red when a warning names them);
    beside it the first card showing it as it prints (trimmed, mat and all: the written card,
    reduced); and that card again with the whole heads (yellow, red when warned about), the 4 mm
    safe zone (cyan, dashed) and where the photo ends and its mat begins (magenta, dashed). Under
    them the card codes, the file, the crop and the choice made."""
    groups = review_groups(design, plans)
    font = load_font(None, "caption", 22)
    small = load_font(None, "text", 17)
    cards = {c.code: c for c in design.profile.unique_cards()}
    tiles = []
    for codes, art, plan in groups:
        assert art.photo is not None
        photo = small_copy(art.photo, REVIEW_TILE_H)
        k = REVIEW_TILE_H / photo.height
        thumb = photo.resize((max(1, round(photo.width * k)), REVIEW_TILE_H), Image.Resampling.LANCZOS)
        s = thumb.width / plan.photo_px[0]
        win: Box = (plan.window[0] * s, plan.window[1] * s, plan.window[2] * s, plan.window[3] * s)
        pad, gap = 40, 24
        first = cards[codes[0]]
        shown, factor = review_card(design, first, plan, cards_dir)
        label = " ".join(codes)
        detail = f"{art.photo.path.name} · {art.mode} · {art.fit}"
        if plan.zoom != 1.0:
            detail += f" · zoom {plan.zoom:.3g}" + (" (auto)" if plan.auto else "")
        detail += f" · {len(plan.faces)} face{'s' if len(plan.faces) != 1 else ''}"
        if art.focus is not None:
            detail += f" · focus {art.focus[0]:g}, {art.focus[1]:g}"
        choice = _choice_label(design, first, plan)
        words = max(small.getlength(detail), small.getlength(choice) if choice else 0.0)
        pictures = thumb.width + 2 * gap + 2 * shown.width
        width = max(pictures + 2 * pad, REVIEW_TILE_MIN_W, round(words) + 2 * pad)  # as wide as its words
        canvas = Image.new("RGB", (width, REVIEW_TILE_H + 2 * pad + 84), (60, 60, 64))
        # the photo, dimmed outside the kept area
        dim = Image.blend(thumb, Image.new("RGB", thumb.size, (0, 0, 0)), 0.55)
        canvas.paste(dim, (pad, pad))
        cx0, cy0 = max(0, round(win[0])), max(0, round(win[1]))
        cx1, cy1 = min(thumb.width, round(win[2])), min(thumb.height, round(win[3]))
        if cx1 > cx0 and cy1 > cy0:
            canvas.paste(thumb.crop((cx0, cy0, cx1, cy1)), (pad + cx0, pad + cy0))
        draw = ImageDraw.Draw(canvas)
        offset = (pad, pad)

        def rect(box: Box, colour: RGB, width: int = 3) -> None:
            draw.rectangle((offset[0] + box[0], offset[1] + box[1], offset[0] + box[2], offset[1] + box[3]),
                           outline=colour, width=width)

        def clipped(box: Box) -> Box | None:
            """The part of a box on the photo; None when it holds the whole photo (fit = contain)."""
            c = (max(0.0, box[0]), max(0.0, box[1]), min(float(thumb.width), box[2]), min(float(thumb.height), box[3]))
            return None if c == (0.0, 0.0, float(thumb.width), float(thumb.height)) and box != c else c

        kept = clipped(win)
        rect(kept if kept is not None else (0.0, 0.0, float(thumb.width), float(thumb.height)), (60, 220, 90))
        if art.mode == "full" and kept is not None:
            area = plan.area_mm
            ax, ay = (win[2] - win[0]) / (area[2] - area[0]), (win[3] - win[1]) / (area[3] - area[1])
            trim = clipped((win[0] - area[0] * ax, win[1] - area[1] * ay,
                            win[0] + (design.card.width_mm - area[0]) * ax,
                            win[1] + (design.card.height_mm - area[1]) * ay))
            if trim is not None:
                rect(trim, (255, 255, 255), 1)
        for f in plan.faces:
            rect(f.scaled(thumb.width, thumb.height), (235, 60, 50) if plan.problems else (250, 210, 40), 2)
        # the card as it prints, then the same with what the framing kept clear
        card_at = (pad + thumb.width + gap, pad + (REVIEW_TILE_H - shown.height) // 2)
        canvas.paste(shown, card_at)
        marked_at = (card_at[0] + shown.width + gap, card_at[1])
        canvas.paste(mark_card(design, art, plan, shown), marked_at)
        draw.text((pad, pad + REVIEW_TILE_H + 10), label, font=font, fill=(255, 255, 255))
        if plan.problems:
            draw.text((pad + draw.textlength(label, font=font) + 14, pad + REVIEW_TILE_H + 10), "see the warnings",
                      font=font, fill=(255, 110, 100))
        draw.text((pad, pad + REVIEW_TILE_H + 38), detail, font=small, fill=(200, 200, 205))
        if choice:
            draw.text((pad, pad + REVIEW_TILE_H + 62), choice, font=small, fill=(240, 150, 230))
        tiles.append(ReviewTile(canvas, tuple(codes), card_at, factor, choice, marked_at))
    return tiles

def crop_review(design: Design, plans: dict[str, CropPlan], cards_dir: Path | None = None) -> Image.Image | None:
    """The crop review: its tiles (`review_tiles`) in rows, or None when no card shows a photo."""
    tiles = [t.image for t in review_tiles(design, plans, cards_dir)]
    if not tiles:
        return None
    # rows of tiles, no wider than REVIEW_MAX_W unless one tile is
    rows: list[list[Image.Image]] = [[]]
    for tile in tiles:
        if rows[-1] and sum(t.width for t in rows[-1]) + tile.width > REVIEW_MAX_W:
            rows.append([])
        rows[-1].append(tile)
    width = max(sum(t.width for t in row) for row in rows)
    height = sum(max(t.height for t in row) for row in rows)
    sheet = Image.new("RGB", (width, height), (60, 60, 64))
    y = 0
    for row in rows:
        x = 0
        for tile in row:
            sheet.paste(tile, (x, y))
            x += tile.width
        y += max(t.height for t in row)
    return sheet

def review_path(out_dir: Path) -> Path:
    """Where the crop review goes: output/preview/crops.png."""
    return Path(out_dir) / "preview" / "crops.png"

def write_crop_review(design: Design, plans: dict[str, CropPlan], out_dir: Path) -> Path | None:
    """Write the crop review when the deck places photos; remove an old one when it no longer does."""
    target = review_path(out_dir)
    sheet = crop_review(design, plans, Path(out_dir) / "cards")
    if sheet is None:
        target.unlink(missing_ok=True)
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    return save_png(sheet, target, 72)
