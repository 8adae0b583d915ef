"""The tin lid: size at each DPI and bleed, DPI recorded, theme words and overrides, games, bad input."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from PIL import Image

from deckgen.colour import contrast
from deckgen.config import ConfigError, demo_config
from deckgen.houserules import game_titles
from deckgen.errors import UserError
from deckgen.render.backtext import two_lines
from deckgen.render.tin import build_lid, lid_box, render_lid
from deckgen.resolve import load_design, resolve_design
from deckgen.themes import get_palette, get_theme, theme_names


def deck(**overrides):
    """The demo deck's design with these deck.toml keys."""
    return resolve_design(demo_config(overrides=overrides))


def arr(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("RGB"), dtype=np.int16)


@pytest.mark.parametrize(
    ("dpi", "bleed", "size"),
    [(150, 0, (833, 591)), (150, 3, (868, 626)), (300, 0, (1665, 1181)), (300, 3, (1736, 1252))],
)
def test_lid_size(dpi, bleed, size):
    d = deck(tin={"dpi": dpi, "bleed_mm": bleed})
    assert lid_box(d).size == size
    assert render_lid(d).size == size


def test_lid_png_records_its_dpi(tmp_path):
    paths = build_lid(deck(), tmp_path)
    assert paths == [tmp_path / "tin" / "lid.png", tmp_path / "tin" / "lid.pdf"]
    with Image.open(paths[0]) as im:
        assert im.size == (833, 591)
        assert tuple(round(v) for v in im.info["dpi"]) == (150, 150)


@pytest.mark.parametrize("theme", theme_names())
def test_each_theme_renders_a_lid(theme):
    image = render_lid(deck(theme=theme, name="Anna & Ben"))
    a = arr(image)
    assert image.size == (833, 591)
    assert a.std() > 20  # a design, not a blank
    # inside the panel, left of the words: the lid palette's paper; the border outside it is not paper
    paper = get_palette(get_theme(theme).lid_palette).paper
    rgb = tuple(int(paper[i : i + 2], 16) for i in (1, 3, 5))
    assert image.getpixel((85, 295)) == rgb  # 14.4 mm in: the panel starts 11 mm in
    assert image.getpixel((20, 295)) != rgb


def test_themes_give_different_lids():
    lids = [arr(render_lid(deck(theme=t))) for t in theme_names()]
    for i in range(len(lids)):
        for j in range(i + 1, len(lids)):
            assert not np.array_equal(lids[i], lids[j])


def _text_pixels(image: Image.Image) -> int:
    """Dark-on-light lettering in the middle of the panel: pixels far from the panel colour."""
    a = arr(image)[150:440, 200:633]
    paper = np.median(a.reshape(-1, 3), axis=0)
    return int((np.abs(a - paper).max(axis=2) > 60).sum())


def test_title_and_subtitle_come_from_config_over_theme():
    base = render_lid(deck(theme="wedding", name="A"))
    longer = render_lid(deck(theme="wedding", name="Anna & Ben Forever"))
    assert _text_pixels(longer) > _text_pixels(base)
    own = render_lid(deck(theme="wedding", tin={"title": "A", "subtitle": ""}))
    assert _text_pixels(own) < _text_pixels(base)


def test_games_line_is_optional():
    without = render_lid(deck())
    with_games = render_lid(deck(tin={"show_games": True}))
    assert _text_pixels(with_games) > _text_pixels(without)


def test_game_titles_come_from_the_rules_front_matter():
    assert game_titles(["napoleon", "no-such-game"]) == ["Napoleon (Nap)", "No Such Game"]


def test_contrast_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


def test_lid_image_sits_on_the_left(tmp_path):
    photo = tmp_path / "red.png"
    Image.new("RGB", (300, 400), "#ff0000").save(photo)
    image = render_lid(deck(tin={"image": str(photo)}))
    a = arr(image)
    red = (a[..., 0] == 255) & (a[..., 1] == 0) & (a[..., 2] == 0)
    xs = np.nonzero(red.any(axis=0))[0]
    assert red.sum() > 10000
    assert xs.max() < 833 / 2


def test_rebuild_is_byte_identical(tmp_path):
    d = deck(theme="christmas", tin={"show_games": True, "bleed_mm": 3})
    a = [p.read_bytes() for p in build_lid(d, tmp_path / "a")]
    b = [p.read_bytes() for p in build_lid(d, tmp_path / "b")]
    assert a == b


@pytest.mark.parametrize(
    ("toml", "key", "expected"),
    [
        ("[tin]\ndpi = 20\n", "tin.dpi", "expected a whole number from 72 to 1200 (got 20)"),
        ("[tin]\nbleed_mm = -1\n", "tin.bleed_mm", "expected a number from 0 to 10 (got -1)"),
        ('[tin]\npalette = "gold"\n', "tin.palette", "unknown palette"),
        ('[tin]\nornament = "dragon"\n', "tin.ornament", "unknown ornament"),
        ('[tin]\ntitle_font = "font.doc"\n', "tin.title_font", "ending in .ttf"),
        ('[tin]\nlabel = "x"\n', "tin.label", "unknown key"),
        ("[tin]\nshow_games = \"yes please\"\n", "tin.show_games", "expected true or false (without quotes) (got 'yes please')"),
    ],
)
def test_bad_tin_config_names_file_and_key(bad_config, toml, key, expected):
    bad_config(toml, key, expected)


def test_title_too_long_for_the_lid_names_it(write_deck):
    title = "The-Grand-Annual-Family-Reunion-Poker-And-Gin-Championship-2026"
    path = write_deck(f'[tin]\ntitle = "{title}"\n')
    with pytest.raises(ConfigError) as info:
        render_lid(load_design(path))
    assert info.value.key == "tin.title"
    assert repr(title) in str(info.value)


def test_long_title_breaks_into_two_lines_before_shrinking():
    assert two_lines("The Henderson Family Christmas Reunion 2026") == "The Henderson Family\nChristmas Reunion 2026"
    one = render_lid(deck(tin={"title": "Grand Family Reunion", "subtitle": "", "ornament": "none"}))
    two = render_lid(deck(tin={"title": "The Henderson Family Christmas Reunion 2026", "subtitle": "",
                               "ornament": "none"}))
    rows = lambda im: int((np.abs(arr(im)[60:530, 100:733] - arr(im)[295, 80]).max(axis=2) > 60).any(axis=1).sum())
    # the two-line title stands taller than the one-line one (more rows with lettering)
    assert rows(two) > rows(one) * 1.4


def test_missing_lid_image_and_font_name_the_key(write_deck):
    path = write_deck('[tin]\nimage = "photos/us.jpg"\n')
    with pytest.raises(UserError, match=r": tin\.image: .*not found"):
        render_lid(load_design(path))
    path = write_deck('[tin]\ntitle_font = "fonts/None.ttf"\n')
    with pytest.raises(ConfigError) as info:
        render_lid(load_design(path))
    assert info.value.key == "tin.title_font"


def test_cli_tin_writes_lid_at_the_dpi_asked(write_deck, tmp_path, monkeypatch):
    from deckgen.cli import main

    path = write_deck('theme = "wedding"\n')
    monkeypatch.setattr(sys, "argv", ["deckgen", "tin", "--config", str(path), "--out", str(tmp_path / "o"),
                                      "--dpi", "100"])
    main()
    with Image.open(tmp_path / "o" / "tin" / "lid.png") as im:
        assert im.size == (555, 394)
        assert round(im.info["dpi"][0]) == 100


def test_cli_tin_bad_dpi_exits_2(write_deck, monkeypatch, capsys):
    from deckgen.cli import main

    path = write_deck("")
    monkeypatch.setattr(sys, "argv", ["deckgen", "tin", "--config", str(path), "--dpi", "5"])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    assert "--dpi" in capsys.readouterr().err


def _corner_colour(image: Image.Image) -> tuple[int, ...]:
    """The ground of the lid's border pattern, next to the panel's corner (the most common colour there)."""
    a = arr(image)[:40, :40].reshape(-1, 3)
    values, counts = np.unique(a, axis=0, return_counts=True)
    return tuple(int(v) for v in values[counts.argmax()])


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_lid_takes_the_back_palette_unless_tin_sets_its_own():
    """A person who picks navy-gold for the backs gets a navy-gold lid, not the theme's red one."""
    plain = render_lid(deck())
    navy = get_palette("navy-gold")
    own_back = render_lid(deck(back={"palette": "navy-gold"}))
    assert _corner_colour(own_back) in (_hex(navy.ground), _hex(navy.paper), _hex(navy.ink))
    assert _corner_colour(own_back) != _corner_colour(plain)
    both = render_lid(deck(back={"palette": "navy-gold"}, tin={"palette": "classic-red"}))
    assert np.array_equal(arr(both), arr(render_lid(deck(tin={"palette": "classic-red"}))))


# --------------------------------------------------------------------------- the lid's print file


def test_lid_pdf_boxes_bleed_and_die_line(tmp_path):
    import pikepdf

    from deckgen.render.tin import LID_DIE_LINE

    pdf = pikepdf.open(build_lid(deck(theme="wedding"), tmp_path)[1])
    (page,) = pdf.pages
    pt = 72 / 25.4
    assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, 147 * pt, 106 * pt], abs=0.01 * pt)
    assert [float(v) for v in page.BleedBox] == pytest.approx([0, 0, 147 * pt, 106 * pt], abs=0.01 * pt)
    assert [float(v) for v in page.TrimBox] == pytest.approx([3 * pt, 3 * pt, 144 * pt, 103 * pt], abs=0.01 * pt)
    assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4"
    (space,) = page.Resources.ColorSpace.values()
    assert space[0] == pikepdf.Name.Separation and space[1] == pikepdf.Name("/" + LID_DIE_LINE)
    xs, ys, curves, images, ops = [], [], 0, [], []
    die_line = False
    for operands, op in pikepdf.parse_content_stream(page):
        ops.append(str(op))
        if str(op) == "CS":  # the die line's stroke colour: its path follows
            die_line = page.Resources.ColorSpace[operands[0]][1] == pikepdf.Name("/" + LID_DIE_LINE)
        elif die_line and str(op) in ("m", "l", "c"):
            xs += [float(v) for v in operands[0::2]]
            ys += [float(v) for v in operands[1::2]]
            curves += str(op) == "c"
        elif str(op) == "Do":
            images.append(page.Resources.XObject[operands[0]])
        assert str(op) not in ("rg", "RG")
    assert curves == 4  # the tin's four rounded corners
    assert (min(xs), max(xs)) == pytest.approx((3 * pt, 144 * pt), abs=0.01)
    assert (min(ys), max(ys)) == pytest.approx((3 * pt, 103 * pt), abs=0.01)
    # the pattern, panel, ornament and words are vector shapes in CMYK and embedded text: no picture
    assert images == [] and "k" in ops and "BT" in ops
    for font in page.Resources.Font.values():
        assert "/FontFile2" in (font.DescendantFonts[0] if "/DescendantFonts" in font else font).FontDescriptor


@pytest.mark.parametrize("theme", theme_names())
def test_lid_ornaments_stay_clear_of_the_trim(theme):
    """Nothing but the plain ground within 2.5 mm of the edge: a cut that wanders cuts no ornament."""
    image = arr(render_lid(deck(theme=theme, tin={"bleed_mm": 3})))
    band = round((3 + 2.5) / 25.4 * 150)
    edges = np.concatenate([image[:band].reshape(-1, 3), image[-band:].reshape(-1, 3),
                            image[:, :band].reshape(-1, 3), image[:, -band:].reshape(-1, 3)])
    assert len(np.unique(edges, axis=0)) == 1


def test_lid_pdf_is_the_same_bytes_twice_and_another_lid_has_another_id(tmp_path):
    import pikepdf

    from deckgen.render.tin import write_lid_pdf

    wedding = deck(theme="wedding")
    first = write_lid_pdf(wedding, tmp_path / "a.pdf").read_bytes()
    assert write_lid_pdf(wedding, tmp_path / "b.pdf").read_bytes() == first
    other = write_lid_pdf(deck(theme="wedding", tin={"title": "Anna & Ben"}), tmp_path / "c.pdf")

    def document_id(path):
        return pikepdf.open(path).open_metadata()["xmpMM:DocumentID"]

    assert document_id(tmp_path / "a.pdf") != document_id(other)  # no picture: the shapes make the id


def test_a_long_title_wraps_and_stays_larger_than_its_subtitle():
    """The reviewer's long deck name came out smaller than the theme's subtitle under it."""
    from deckgen.render.vectorshapes import TextShape
    from deckgen.render.tin import LidVectors, draw_lid

    d = deck(theme="wedding", name="The Official Anna and Ben Featherstonehaugh Family Card Table Deck")
    words = [s for s in draw_lid(d, LidVectors()).over if isinstance(s, TextShape)]
    title = [s for s in words if s.text != "With love, on our wedding day"]
    subtitle = [s for s in words if s.text == "With love, on our wedding day"]
    assert [s.text for s in title] == ["The Official Anna and", "Ben Featherstonehaugh", "Family Card Table Deck"]
    assert len(subtitle) == 1
    # the subtitle's letters at most 0.8 of the title's (font sizes: cap heights over the fonts' cap ratios)
    assert subtitle[0].cap_mm / subtitle[0].cap_ratio <= 0.8 * title[0].cap_mm / title[0].cap_ratio + 0.01
    assert title[0].cap_mm > subtitle[0].cap_mm


def _room(point, edge_mm, radius_mm, inside):
    """Distance (mm) from a point (mm from the top-left trim corner) to a rounded rectangle's edge
    (inset edge_mm from the trim, corner radius radius_mm), positive on the asked side."""
    x, y = point
    c = edge_mm + radius_mm
    if x < c and y < c:
        d = radius_mm - np.hypot(c - x, c - y)
    else:
        d = min(x, y) - edge_mm
    return d if inside else -d


@pytest.mark.parametrize("corner_mm", [0, 4, 8, 12, 20, 30])
def test_the_lids_corner_ornaments_sit_inside_their_bands(corner_mm):
    """The classic band's medallion is inside the band (the trellis's outer edge and the panel's
    ring), CORNER_CLEAR_MM from both, its fleuron inside it; the panel's corner lozenge is inside the
    gap between the ring and the panel, LOZENGE_CLEAR_MM from both, on every tin corner radius.
    (The lozenge once sat on the panel's corner and crossed the ring.)"""
    from deckgen.render import tin

    corner = tin.lid_corner("classic", corner_mm)
    ring = (tin.RING_MM, tin.ring_radius_mm(corner_mm))
    ring_inside = (tin.RING_MM + tin.RING_WIDTH_MM, ring[1] - tin.RING_WIDTH_MM)
    panel = (tin.PANEL_INSET_MM, tin.panel_radius_mm(corner_mm))
    if corner_mm <= 8:
        assert corner.medallion is not None and corner.fleuron_mm > 2.5  # the tin's usual corner: room to spare
    if corner.medallion is not None:
        t, r = corner.medallion
        assert _room((t, t), *corner.band, inside=True) >= r + tin.CORNER_CLEAR_MM - 1e-9
        assert _room((t, t), *ring, inside=False) >= r + tin.CORNER_CLEAR_MM - 1e-9
        assert tin.FLEURON_REACH * corner.fleuron_mm + tin.CORNER_CLEAR_MM <= r
    t, h = corner.lozenge
    u, v = np.array([1, 1]) / 2 ** 0.5, np.array([-1, 1]) / 2 ** 0.5
    tips = [np.array([t, t]) + a * u + b * v for a, b in ((-h, 0), (0, 0.6 * h), (h, 0), (0, -0.6 * h))]
    for a, b in zip(tips, tips[1:] + tips[:1]):
        for f in np.linspace(0, 1, 21):
            p = a + f * (b - a)
            assert _room(p, *ring_inside, inside=True) >= tin.LOZENGE_CLEAR_MM - 1e-9, (corner_mm, p)
            assert _room(p, *panel, inside=False) >= tin.LOZENGE_CLEAR_MM - 1e-9, (corner_mm, p)


@pytest.mark.parametrize("theme", ["plain", "wedding"])
def test_the_lids_trellis_stops_at_the_corner_block_and_the_frames_line_runs_round(theme):
    """On the pixels, in all four corners: inside the classic band's corner block, outside its
    medallion, only the ground (the trellis once ran into the fleuron); and the frame's hairline
    is unbroken round the corner (the fleuron's disc once cut it short of the corner)."""
    from deckgen.render import tin

    d = deck(theme=theme)
    art = arr(render_lid(d)).astype(int)
    box = lid_box(d)
    ppm = box.dpi / 25.4
    left, top, right, bottom = box.trim_rect()
    ground = np.array(Image.new("RGB", (1, 1), d.lid.colours.ground).getpixel((0, 0)))
    accent = np.array(Image.new("RGB", (1, 1), d.lid.colours.accent).getpixel((0, 0)))
    corner = tin.lid_corner("classic", d.lid.corner_radius_mm)
    t, r = corner.medallion
    e, band_r = corner.band
    end = t + r + tin.CORNER_CLEAR_MM
    ring = (tin.RING_MM, tin.ring_radius_mm(d.lid.corner_radius_mm))
    margin = 1.5 / ppm  # a pixel and a half of antialiasing round every line
    field_r = max(d.lid.corner_radius_mm - 3.0, 1.0)
    hair = (3.0 + 1.9, field_r - 1.9)  # the hairline's middle: 1.8 to 2.0 mm inside the field
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        def px(x_mm, y_mm):
            x = left + x_mm * ppm if sx > 0 else right - x_mm * ppm
            y = top + y_mm * ppm if sy > 0 else bottom - y_mm * ppm
            return art[int(y), int(x)]

        stray = 0
        for x_mm in np.arange(e, end, 0.5 / ppm):
            for y_mm in np.arange(e, end, 0.5 / ppm):
                inside_block = (_room((x_mm, y_mm), e, band_r, inside=True) > margin and max(x_mm, y_mm) < end - margin
                                and _room((x_mm, y_mm), *ring, inside=False) > margin)
                off_medallion = np.hypot(x_mm - t, y_mm - t) > r + margin
                if inside_block and off_medallion:
                    stray += np.abs(px(x_mm, y_mm) - ground).max() > 30
        assert stray == 0, (theme, sx, sy, stray)
        # the hairline: from the middle of one side round the corner's arc to the other
        cx = hair[0] + hair[1]
        path = [(cx - hair[1] * np.cos(a), cx - hair[1] * np.sin(a)) for a in np.linspace(0, np.pi / 2, 40)]
        path += [(hair[0], y) for y in np.linspace(cx, 40, 40)] + [(x, hair[0]) for x in np.linspace(cx, 60, 40)]
        def on_line(x_mm, y_mm):  # a pixel within one of the point is nearer the accent than the ground
            return any(np.abs(p - accent).sum() < np.abs(p - ground).sum()
                       for p in (px(x_mm + dx / ppm, y_mm + dy / ppm) for dx in (-1, 0, 1) for dy in (-1, 0, 1)))

        near = [on_line(x, y) for x, y in path]
        assert all(near), (theme, sx, sy, [p for p, ok in zip(path, near) if not ok][:3])
