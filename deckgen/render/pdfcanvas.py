"""Reproducible PDFs: a ReportLab canvas for the vector layer, pikepdf for images and the final save.

Why two libraries: ReportLab draws text (with embedded, subset fonts) and lines
well, but it stores images as raw Flate data, usually base85-encoded, and it
can only avoid that through a process-wide setting. Card images are the bulk of
a print file, so they are added afterwards with pikepdf as lossless Flate
streams with the PNG predictor: a PNG's own compressed data goes in unchanged
(no decoding, no loss, no recompression), which keeps files small and fast.

Everything here is deterministic: ReportLab runs in invariant mode with fixed
metadata (its date is pdfdate's: 2000-01-01, or SOURCE_DATE_EPOCH), and pikepdf saves with an /ID derived from the content. The same
inputs give the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pikepdf
from PIL import Image, UnidentifiedImageError
from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas as _ReportLabCanvas

from deckgen.errors import UserError
from deckgen.fileio import atomic_path
from deckgen.render.pdfdate import PdfDate, pdf_date, set_canvas_date
from deckgen.resources import font_path
from deckgen.units import mm_to_pt

if TYPE_CHECKING:  # numpy is loaded where pixels are turned into a stream: the booklet's pictures never are
    import numpy as np

CREATOR = "deckgen"


def _producer() -> str:
    """'deckgen 0.1.0': deckgen and its version from the installed package's metadata (plain 'deckgen'
    when it runs from a source folder that was never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"{CREATOR} {version('deckgen')}"
    except PackageNotFoundError:
        return CREATOR


#: The Producer every PDF deckgen writes names, in its Info dictionary and its XMP alike.
PRODUCER = _producer()
BODY_FONT = "DejaVuSans.ttf"

Matrix = tuple[float, float, float, float, float, float]


class Canvas(_ReportLabCanvas):  # type: ignore[misc]
    """ReportLab's canvas, with form XObjects that carry every resource their content names.

    ReportLab gives a form (beginForm ... endForm) the fonts and the forms it calls, but not the
    graphics states (`/gRLs0 gs`: overprint, opacity), the colour spaces (a Separation die line) or
    the shadings its content uses: those stay on the page, where the PDF standard does not look for
    a form's resources (ISO 32000 7.8.3). A strict reader (Ghostscript -dPDFSTOPONERROR, MuPDF) then
    stops or skips the state, and a lenient one borrows the page's resource of the same name, which
    ReportLab numbers afresh inside each form, so it can mean another state. Every canvas deckgen
    draws on is this one (see also `canvasmaker` for the booklet's Platypus documents)."""

    def endForm(self, **extra_attributes: object) -> None:
        name = self._formData[0]
        shadings = dict(self._shadingUsed)  # the form's own: ReportLab's endForm drops them
        super().endForm(**extra_attributes)
        form = self._doc.idToObject[pdfdoc.xObjectName(name)]
        resources = pdfdoc.PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        if form.ExtGState:
            resources.ExtGState = form.ExtGState
        resources.setShading(shadings)
        resources.setColorSpace(getattr(form, "_colorsUsed", {}))
        form.Resources = resources


def new_canvas(
    buffer: io.BytesIO, page_mm: tuple[float, float], title: str, subject: str = "", pdf_version: str = "1.6",
    date: PdfDate | None = None,
) -> Canvas:
    """A ReportLab canvas that writes the same bytes for the same drawing (invariant mode, fixed metadata,
    `date`: the build's; by default pdfdate.pdf_date's, read here before ReportLab reads SOURCE_DATE_EPOCH
    itself, so a bad value gets deckgen's message)."""
    date = pdf_date(date)
    major, minor = version_key(pdf_version)
    canvas = Canvas(
        buffer,
        pagesize=(mm_to_pt(page_mm[0]), mm_to_pt(page_mm[1])),
        invariant=1,
        pageCompression=1,
        pdfVersion=(major, minor),
        # a TrueType initial font: otherwise ReportLab names Helvetica on every page, unembedded
        initialFontName=register_font(BODY_FONT),
    )
    set_canvas_date(canvas, date)
    canvas.setTitle(title)
    canvas.setAuthor(CREATOR)
    canvas.setCreator(CREATOR)
    canvas.setProducer(PRODUCER)
    canvas.setSubject(subject)
    return canvas


def register_font(filename: str) -> str:
    """Register a shipped TrueType font with ReportLab (embedded as a subset) and return its name."""
    name = "deckgen-" + Path(filename).stem
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(font_path(filename))))
    return name


def register_font_file(path: Path) -> str:
    """Register any TrueType font file (a shipped one, or the deck's own) and return its name;
    the name carries a digest of the path, so two files of the same name stay apart."""
    name = _registered_names.get(path)
    if name is None:
        name = _registered_names[path] = _register_font_file(path)
    return name


#: The name each font file was registered under in this process (ReportLab keeps a registered font
#: for good; a face's words ask for their font hundreds of times a file).
_registered_names: dict[Path, str] = {}


def _register_font_file(path: Path) -> str:
    resolved = Path(path).resolve()
    if resolved == font_path(resolved.name).resolve():
        return register_font(resolved.name)
    name = f"deckgen-{resolved.stem}-{hashlib.sha256(str(resolved).encode()).hexdigest()[:8]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(resolved)))
    return name


# --------------------------------------------------------------------------- images


@dataclass(frozen=True)
class EmbeddedImage:
    """An image ready to become a PDF image stream: already Flate-compressed with the PNG predictor."""

    width: int
    height: int
    colors: int  # 1 gray, 3 RGB, 4 CMYK
    data: bytes  # zlib stream of PNG-filtered rows

    @property
    def colour_space(self) -> str:
        return {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}[self.colors]


def _png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    chunks: list[tuple[bytes, bytes]] = []
    pos = 8
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        chunks.append((kind, data[pos + 8 : pos + 8 + length]))
        pos += 12 + length
        if kind == b"IEND":
            break
    return chunks


def _passthrough_png(data: bytes) -> EmbeddedImage | None:
    """The PNG's own compressed rows when PDF can use them as they are (8-bit RGB or gray, not interlaced)."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    chunks = _png_chunks(data)
    if not chunks or chunks[0][0] != b"IHDR":
        return None
    width, height, depth, colour_type, _comp, _filter, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if depth != 8 or interlace != 0 or colour_type not in (0, 2):
        return None
    idat = b"".join(body for kind, body in chunks if kind == b"IDAT")
    return EmbeddedImage(width, height, 1 if colour_type == 0 else 3, idat)


def image_from_png(path: Path) -> EmbeddedImage:
    """A card image file as a lossless PDF image; transparency is flattened onto white."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return image_from_png_bytes(data, str(path))


def image_from_png_bytes(data: bytes, name: str = "a picture") -> EmbeddedImage:
    """An image file's bytes as a lossless PDF image: a PNG's compressed rows as they are when PDF
    can use them, else decoded (transparency flattened onto white); `name` is for the error."""
    direct = _passthrough_png(data)
    if direct is not None:
        return direct
    try:
        with Image.open(io.BytesIO(data)) as im:
            im.load()
            rgb = flatten_to_rgb(im)
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        raise UserError(f"{name}: is not a readable image ({exc})") from None
    import numpy as np

    return image_from_array(np.asarray(rgb))


def flatten_to_rgb(im: Image.Image) -> Image.Image:
    """Any Pillow image as opaque RGB; transparent parts become white paper."""
    if im.mode == "RGB":
        return im
    if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
        rgba = im.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    return im.convert("RGB")


def image_from_array(pixels: np.ndarray) -> EmbeddedImage:
    """An 8-bit HxW, HxWx3 or HxWx4 (CMYK) array as a Flate stream with PNG 'Up' prediction."""
    import numpy as np

    arr = np.ascontiguousarray(pixels, dtype=np.uint8)
    height, width = arr.shape[:2]
    colors = 1 if arr.ndim == 2 else arr.shape[2]
    rows = arr.reshape(height, width * colors)
    up = rows.copy()
    up[1:] -= rows[:-1]  # wraps modulo 256, as the PNG Up filter wants
    framed = np.empty((height, width * colors + 1), dtype=np.uint8)
    framed[:, 0] = 2  # filter type Up on every row
    framed[:, 1:] = up
    return EmbeddedImage(width, height, colors, zlib.compress(framed.tobytes(), 6))


def _image_stream(pdf: pikepdf.Pdf, image: EmbeddedImage, colour_space: pikepdf.Object | None) -> pikepdf.Stream:
    stream = pikepdf.Stream(pdf, image.data)
    stream.Type = pikepdf.Name.XObject
    stream.Subtype = pikepdf.Name.Image
    stream.Width = image.width
    stream.Height = image.height
    stream.BitsPerComponent = 8
    stream.ColorSpace = colour_space if colour_space is not None else pikepdf.Name(image.colour_space)
    stream.Filter = pikepdf.Name.FlateDecode
    stream.DecodeParms = pikepdf.Dictionary(
        Predictor=15, Colors=image.colors, BitsPerComponent=8, Columns=image.width
    )
    return stream


@dataclass(frozen=True)
class Placement:
    """One image drawn on a page: `matrix` maps the image's unit square to page points; optional clip (points)."""

    key: str
    matrix: Matrix
    clip: tuple[float, float, float, float] | None = None  # x, y, width, height
    #: Already painted in the vector layer by `draw_image_here` (between shapes drawn under and over
    #: it); add_images only gives the page the image it names.
    inline: bool = False


def inline_name(key: str) -> str:
    """The resource name an image painted inside the vector layer goes by: a digest of its whole key
    (two keys of one file never share a name: `attach_images` refuses it). A key must stay the same
    from build to build for the same bytes: a card and a size ('QH@136px'), a part ('lid photo'), or
    the image's content (`content_key`); never a path, whose staging folder changes each build."""
    return "Pic" + hashlib.sha256(key.encode()).hexdigest()[:12]


def content_key(image: EmbeddedImage) -> str:
    """A key for an image by what it shows (its size, colours and compressed rows): the same for the
    same pixels whatever file or folder they came from, different for any other."""
    digest = hashlib.sha256(f"{image.width}x{image.height}x{image.colors}:".encode() + image.data).hexdigest()
    return f"image {digest}"


def draw_image_here(canvas: Canvas, placement: Placement) -> None:
    """Paint an image at this point of the vector layer (over what is drawn so far, under what comes
    next); add_images, given the same placement, attaches the image itself."""
    ops = ["q"]
    if placement.clip is not None:
        ops.append(" ".join(_fmt(v) for v in placement.clip) + " re W n")
    ops.append(" ".join(_fmt(v) for v in placement.matrix) + f" cm /{inline_name(placement.key)} Do")
    ops.append("Q")
    canvas.addLiteral("\n".join(ops))


def _fmt(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def add_images(
    vector_pdf: bytes,
    images: dict[str, EmbeddedImage],
    pages: Sequence[Sequence[Placement]],
    colour_space: pikepdf.Object | None = None,
) -> pikepdf.Pdf:
    """Open the ReportLab layer and paint the images underneath its drawing, page by page.

    Each distinct image is stored once however many pages use it.
    """
    return attach_images(pikepdf.open(io.BytesIO(vector_pdf)), images, pages, colour_space)


def attach_images(
    pdf: pikepdf.Pdf,
    images: dict[str, EmbeddedImage],
    pages: Sequence[Sequence[Placement]],
    colour_space: pikepdf.Object | None = None,
) -> pikepdf.Pdf:
    """`add_images` on a PDF already open: a placement per image per page (an inline one only gives
    the page the image its vector layer names)."""
    if len(pdf.pages) != len(pages):
        raise ValueError(f"{len(pdf.pages)} pages drawn but {len(pages)} pages of images given")
    painted = {p.key for page in pages for p in page if p.inline}
    if len({inline_name(key) for key in painted}) < len(painted):
        raise ValueError("two images painted in the vector layer would go by one name")
    streams: dict[str, pikepdf.Stream] = {}
    names: dict[str, pikepdf.Name] = {}
    for key in sorted({p.key for page in pages for p in page}):
        names[key] = pikepdf.Name(f"/Card{len(names)}")
        streams[key] = pdf.make_indirect(_image_stream(pdf, images[key], colour_space))
    for page, placements in zip(pdf.pages, pages):
        if not placements:
            continue
        ops: list[str] = []
        for p in placements:
            if p.inline:
                page.add_resource(streams[p.key], pikepdf.Name.XObject, pikepdf.Name("/" + inline_name(p.key)))
                continue
            ops.append("q")
            if p.clip is not None:
                ops.append(" ".join(_fmt(v) for v in p.clip) + " re W n")
            ops.append(" ".join(_fmt(v) for v in p.matrix) + f" cm {names[p.key]} Do")
            ops.append("Q")
            page.add_resource(streams[p.key], pikepdf.Name.XObject, names[p.key])
        if ops:
            page.contents_add(pikepdf.Stream(pdf, ("\n".join(ops) + "\n").encode("ascii")), prepend=True)
    return pdf


_SUBSET_NAME = re.compile(r"^/[A-Z]{6}\+(.+)$")


def name_font_subsets(pdf: pikepdf.Pdf) -> None:
    """Give each embedded font subset a tag of its own, six capitals from a digest of its glyphs.

    ReportLab's invariant mode names every subset AAAAAA+, in every file: a shop that imposes
    several of our files on one sheet would find different subsets under one name, and a RIP may
    then draw one font's letters with another's glyphs. A digest keeps the same bytes for the same file."""
    for font in pdf.objects:
        if not isinstance(font, pikepdf.Dictionary) or font.get("/Type") != pikepdf.Name.Font:
            continue
        descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else None
        holder = descendant if descendant is not None else font
        descriptor = holder.get("/FontDescriptor")
        match = _SUBSET_NAME.match(str(font.get("/BaseFont", "")))
        if descriptor is None or match is None:
            continue
        program = next((descriptor[k] for k in ("/FontFile2", "/FontFile3", "/FontFile") if k in descriptor), None)
        if program is None:
            continue
        digest = hashlib.sha256(bytes(program.read_raw_bytes()) + match.group(1).encode("utf-8")).digest()
        name = pikepdf.Name("/" + "".join(chr(65 + b % 26) for b in digest[:6]) + "+" + match.group(1))
        font.BaseFont = name
        descriptor.FontName = name
        if descendant is not None:
            descendant.BaseFont = name


def version_key(pdf_version: str) -> tuple[int, ...]:
    """A PDF version ("1.5") as numbers, to compare versions by ("1.10" is newer than "1.9")."""
    return tuple(int(part) for part in pdf_version.split("."))


def save_pdf(pdf: pikepdf.Pdf, target: Path, pdf_version: str = "1.6") -> Path:
    """Save deterministically (content-derived /ID, no dates added) and atomically.

    Object streams (smaller files) need PDF 1.5; a PDF 1.3 file (PDF/X-1a) is saved without them."""
    modern = version_key(pdf_version) >= (1, 5)
    version = {"min_version": pdf_version} if modern else {"force_version": pdf_version}
    name_font_subsets(pdf)
    # QPDF writes into memory and Python writes the file: QPDF writing a file itself aborted the whole
    # process (SIGABRT, 'terminate called after throwing QPDFSystemError') on a full disk, leaving the
    # staging folder behind; a full disk is now an OSError naming the file, like any other
    buffer = io.BytesIO()
    pdf.save(
        buffer,
        deterministic_id=True,
        compress_streams=True,
        object_stream_mode=pikepdf.ObjectStreamMode.generate if modern else pikepdf.ObjectStreamMode.disable,
        **version,  # type: ignore[arg-type]
    )
    with atomic_path(target) as tmp:
        tmp.write_bytes(buffer.getbuffer())
    return Path(target)


def canvas_bytes(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    """Finish the ReportLab layer and hand back its bytes."""
    canvas.save()
    return buffer.getvalue()


# --------------------------------------------------------------------------- spot-colour lines

#: The spot colour cutters and print shops read as "cut here"; its alternate is 100 % magenta.
CUT_CONTOUR = "CutContour"


def draw_die_line(
    canvas: Canvas,
    rect_pt: tuple[float, float, float, float],
    radius_pt: float,
    name: str = CUT_CONTOUR,
    width_pt: float = 0.25,
) -> None:
    """Stroke a rounded rectangle (x, y, width, height) in a Separation colour named `name`,
    overprinting, so the shop's RIP sees it as a die line and it never knocks out the art."""
    with spot_stroke(canvas, name, width_pt=width_pt):
        x, y, w, h = rect_pt
        canvas.roundRect(x, y, w, h, radius_pt, stroke=1, fill=0)


@contextmanager
def spot_stroke(
    canvas: Canvas, name: str = CUT_CONTOUR, cmyk: tuple[float, float, float, float] = (0, 1, 0, 0),
    width_pt: float = 0.25,
) -> Iterator[None]:
    """Inside the block, lines are stroked in the overprinting Separation colour `name` (its
    alternate `cmyk` is what a viewer shows): a die line, a crease line, never part of the art."""
    canvas.saveState()
    canvas.setStrokeColor(CMYKColorSep(*cmyk, spotName=name, density=1))
    canvas.setStrokeOverprint(True)
    canvas.setLineWidth(width_pt)
    yield
    canvas.restoreState()
