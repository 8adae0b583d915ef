"""CMYK for print shops: the output profile, sRGB -> CMYK pixels within an ink limit, PDF/X keys.

A shop that prints offset or on a digital press wants CMYK pixels and the
profile they were made for. deckgen ships one CMYK profile, "deckgen Coated
FOGRA39 300% (CC0)": offset on coated paper (the FOGRA39 characterisation, the
printing condition most shops that print cards accept), 300 % total ink, in
the public domain (CC0 1.0; where it comes from and how it was made:
deckgen/assets/icc/LICENSE-coated_fogra39_300_deckgen.txt). So a print-shop
file is CMYK PDF/X out of the box; `--icc` takes the shop's own profile instead.

The card images are sRGB (the renderers make them so and tag them). They are
converted with LittleCMS through Pillow's ImageCms (relative colorimetric
with black point compensation, the usual choice for press work), then two
prepress rules are applied to the CMYK numbers:

- the total ink (C+M+Y+K) is held at or under the limit (300 % unless the
  preset or the user says otherwise): grey is first moved from C, M and Y
  into K (grey component replacement), and what is still over is taken off
  C, M and Y evenly;
- a tint under 4 % in every channel (a cream "paper" colour, the palest
  highlight) is printed as paper white: a press cannot hold such dots, and a
  faint tint that comes and goes across a sheet looks worse than none.

The profile becomes the document's PDF/X output intent, with the version keys
in the document info and the XMP metadata. deckgen does not run a certified
PDF/X validator; `deckgen print --preflight` checks what it can.
"""

from __future__ import annotations

import hashlib
import io
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np
import pikepdf
from PIL import Image, ImageCms

from deckgen.design import CardFormat
from deckgen.errors import UserError
from deckgen.paths import read_limited
from deckgen.render.cardart import check_size
from deckgen.render.pdfcanvas import (
    EmbeddedImage,
    Placement,
    add_images,
    flatten_to_rgb,
    image_from_array,
)
from deckgen.render.pdfdate import PdfDate, pdf_date
from deckgen.resources import data_dir

if TYPE_CHECKING:
    from deckgen.design import PrintOptions

#: The CMYK profile inside the package (see its licence file beside it).
SHIPPED_PROFILE = "coated_fogra39_300_deckgen.icc"
#: The printing condition the shipped profile was made for: its name in the ICC registry and in words.
SHIPPED_CONDITION = ("FOGRA39", "Offset printing on coated paper (paper type 1 or 2) per ISO 12647-2:2004/Amd 1, "
                                "FOGRA39 characterisation data; profile limited to 300 % total ink")
DEFAULT_INK_LIMIT = 300
#: Below this, in every channel, a tint prints as paper (10 of 255: values up to 3.5 %).
MIN_DOT = 10

PdfX = Literal["X-4", "X-1a", "X-1a:2003"]


@dataclass(frozen=True)
class CmykProfile:
    """A CMYK output profile: its bytes (to embed) and its name (for the intent)."""

    path: Path
    data: bytes
    description: str
    #: (OutputConditionIdentifier, OutputCondition) of the PDF/X output intent: the registered
    #: printing condition for the shipped profile; "Custom" and the profile's own name for a shop's.
    condition: tuple[str, str] | None = None


def shipped_profile_path() -> Path:
    return data_dir("assets") / "icc" / SHIPPED_PROFILE


def read_cmyk_profile(path: Path | None = None) -> CmykProfile:
    """Read an ICC profile (the shipped one when `path` is None) and make sure it is CMYK."""
    shipped = path is None
    path = Path(path) if path is not None else shipped_profile_path()

    try:
        data = read_limited(path, "icc")  # a regular file of at most 16 MB: never /dev/zero or a pipe
    except FileNotFoundError:
        raise UserError(f"{path}: ICC profile not found (--icc expects the .icc file your print shop supplies)") from None
    except OSError as exc:
        raise UserError(f"{path}: ICC profile cannot be read ({exc.strerror or exc})") from None
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
    except (OSError, ImageCms.PyCMSError, TypeError) as exc:
        raise UserError(f"{path}: is not an ICC profile ({exc})") from None
    space = profile.xcolor_space.strip()
    if space != "CMYK":
        raise UserError(
            f"{path}: describes {space or 'unknown'} colour, not CMYK; --icc needs a CMYK output profile "
            "(the printing condition, e.g. a FOGRA or SWOP profile from your print shop)"
        )
    description = (profile.profile_description or path.stem).strip() or path.stem
    return CmykProfile(path, data, description, SHIPPED_CONDITION if shipped else None)


@lru_cache(maxsize=4)
def _transform(data: bytes) -> ImageCms.ImageCmsTransform:
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.ImageCmsProfile(io.BytesIO(data)),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def to_cmyk(rgb: Image.Image, profile: CmykProfile) -> Image.Image:
    """Convert an sRGB image to CMYK pixels through the profile (no ink rules applied)."""
    out = Image.new("CMYK", rgb.size)
    # the core transform only: Pillow's apply() also re-serialises the output profile into the
    # image's info each time (a hundredth of a second a call, and it fails for a few valid profiles
    # such as Ghostscript's ps_cmyk.icc); these pixels are written as numbers, never with a profile
    try:
        _transform(profile.data).transform.apply(rgb.getim(), out.getim())
    except OSError:
        pass  # as Pillow's apply() was used here: the pixels are what the transform made
    return out


def ink_units(limit_percent: float) -> int:
    """An ink limit in percent as the largest allowed C+M+Y+K sum of 8-bit values."""
    return int(limit_percent * 255 // 100)


def limit_ink(cmyk: np.ndarray, limit_percent: float) -> np.ndarray:
    """CMYK pixels (H x W x 4, uint8) with C+M+Y+K held at or under `limit_percent`.

    Grey is moved from C, M and Y into K first (each unit moved saves two of
    ink and keeps the colour close); whatever is still over comes off C, M and
    Y in proportion. K is never reduced: it carries the detail and the text.
    """
    limit = ink_units(limit_percent)
    total = cmyk.sum(axis=-1, dtype=np.uint16)
    over = total > limit
    if not over.any():
        return cmyk
    out = cmyk.copy()
    px = out[over].astype(np.int32)
    excess = px.sum(axis=1) - limit
    grey = px[:, :3].min(axis=1)
    moved = np.minimum(np.minimum(grey, 255 - px[:, 3]), (excess + 1) // 2)
    px[:, :3] -= moved[:, None]
    px[:, 3] += moved
    excess = px.sum(axis=1) - limit
    cmy = px[:, :3].sum(axis=1)
    still = excess > 0
    if still.any():
        keep = np.where(still, (cmy - excess) / np.maximum(cmy, 1), 1.0)
        px[:, :3] = np.floor(px[:, :3] * keep[:, None]).astype(np.int32)
    out[over] = px.astype(np.uint8)
    return out


def drop_faint_tints(cmyk: np.ndarray) -> np.ndarray:
    """Pixels whose every channel is under 4 % (MIN_DOT) become paper (no ink)."""
    pixels = np.asarray(cmyk, dtype=np.uint8)
    top = np.maximum(np.maximum(pixels[..., 0], pixels[..., 1]), np.maximum(pixels[..., 2], pixels[..., 3]))
    faint = (top < MIN_DOT) & (top > 0)  # every channel under MIN_DOT, some ink
    if not faint.any():
        return cmyk
    return np.where(faint[..., None], np.uint8(0), cmyk)


def max_total_ink(cmyk: np.ndarray) -> float:
    """The highest C+M+Y+K of any pixel, in percent."""
    return float(cmyk.astype(np.int32).sum(axis=-1).max(initial=0)) * 100 / 255


def press_cmyk(rgb: Image.Image, profile: CmykProfile, ink_limit: float = DEFAULT_INK_LIMIT,
               black: tuple[int, int, int] | None = None, drop_faint: bool = True) -> np.ndarray:
    """An sRGB image as the CMYK numbers deckgen prints: converted, ink-limited, faint tints dropped
    (`drop_faint=False`: kept, to say what was dropped).

    With `black` (the deck's black ink), drawn art (no photo) gets its greys in black alone:
    `black` itself is 100 % K, the paper 0 %, the anti-aliased edges between them K tints, so
    frames and lines print without coloured fringes however the press registers."""
    pixels = np.asarray(to_cmyk(rgb, profile))
    if black is not None:
        pixels = _greys_in_black(np.asarray(rgb.convert("RGB")), pixels, black)
    limited = limit_ink(pixels, ink_limit)
    return drop_faint_tints(limited) if drop_faint else limited


def flat_cmyk(rgb: tuple[int, int, int], profile: CmykProfile, ink_limit: float, black: tuple[int, int, int],
              drop_faint: bool = True) -> tuple[int, int, int, int]:
    """The CMYK numbers (0 to 255) a flat colour of drawn art is printed in: the colours of the
    print-shop file's vector shapes (a face's or a back's paper, a pattern's lines, the words).

    The deck's `black` (and pure black) is 100 % K; any other colour is what press_cmyk makes of
    it as drawn art: a grey in black alone, held to the ink limit, and a tint under MIN_DOT in every
    channel left as paper. `deckgen print --preflight` asks the same, so what it says of a paper
    colour is what the file does with it (`drop_faint=False`: the tint it leaves as paper)."""
    if tuple(rgb) in (tuple(black), (0, 0, 0)):
        return (0, 0, 0, 255)
    pixel = press_cmyk(Image.new("RGB", (1, 1), tuple(rgb)), profile, ink_limit, black, drop_faint)[0, 0]
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]), int(pixel[3]))


#: A pixel whose R, G and B differ by no more than this is a grey (the deck's black is a little blue).
GREY_SPREAD = 10


def _greys_in_black(rgb: np.ndarray, cmyk: np.ndarray, black: tuple[int, int, int]) -> np.ndarray:
    r, g, b = (rgb[..., i] for i in range(3))
    hi = np.maximum(np.maximum(r, g), b)
    lo = np.minimum(np.minimum(r, g), b)
    grey = (hi - lo) <= max(GREY_SPREAD, max(black) - min(black) + 2)  # uint8: hi >= lo, no wrap
    if not grey.any():
        return cmyk
    level = (r.astype(np.uint16) + g + b) // 3
    dark = sum(black) / 3
    table = np.clip((255.0 - np.arange(256)) / max(255.0 - dark, 1.0) * 255.0 + 0.5, 0, 255).astype(np.uint8)
    out = np.where(grey[..., None], np.uint8(0), cmyk)
    out[..., 3] = np.where(grey, table[level], cmyk[..., 3])
    return out


def cmyk_images(
    paths: Sequence[Path], geometry: CardFormat, profile: CmykProfile, ink_limit: float = DEFAULT_INK_LIMIT,
    drawn: dict[str, tuple[Image.Image, tuple[int, int, int] | None]] | None = None,
) -> dict[str, EmbeddedImage]:
    """Every distinct card image converted to press CMYK and ready to embed, keyed by path;
    `drawn` gives some of them from memory instead (a face without its vector parts), each with
    the black its greys are printed in (None for a face with a photo: a photo keeps its rich shadows)."""
    out: dict[str, EmbeddedImage] = {}
    for path in paths:
        key = str(path)
        if key in out:
            continue
        if drawn is not None and key in drawn:
            picture, black = drawn[key]
            out[key] = image_from_array(press_cmyk(flatten_to_rgb(picture), profile, ink_limit, black))
            continue
        check_size(path, geometry)
        try:
            with Image.open(path) as im:
                im.load()
                rgb = flatten_to_rgb(im)
        except OSError as exc:
            raise UserError(f"{path}: is not a readable image ({exc})") from None
        out[key] = image_from_array(press_cmyk(rgb, profile, ink_limit))
    return out


def document_id(profile: CmykProfile, images: dict[str, EmbeddedImage], extra: str = "") -> str:
    """A UUID derived from the content, so the same deck gives the same file."""
    digest = hashlib.sha256(profile.data + extra.encode())
    for key in sorted(images):
        digest.update(images[key].data)
    return str(uuid.UUID(bytes=digest.digest()[:16], version=5))


#: (Info GTS_PDFXVersion, Info GTS_PDFXConformance or None) for each standard.
PDFX_KEYS: dict[str, tuple[str, str | None]] = {
    "X-4": ("PDF/X-4", None),
    "X-1a": ("PDF/X-1:2001", "PDF/X-1a:2001"),
    # ISO 15930-4: the version key alone names the conformance; PDF 1.4 or earlier, no transparency
    "X-1a:2003": ("PDF/X-1a:2003", None),
}


#: The Info dictionary's entries the XMP repeats (ISO 16684-1 / PDF/X: the two must agree).
XMP_FIELDS = ("/Title", "/Author", "/Subject", "/Keywords", "/Creator", "/Producer")


def _xmp(info: dict[str, str], doc_id: str, standard: PdfX, date: PdfDate) -> bytes:
    """The XMP packet: the Info dictionary's `info` (XMP_FIELDS, read from the file) in their XMP
    properties, the dates, the document's ID and the PDF/X keys."""
    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    version, conformance = PDFX_KEYS[standard]
    if standard == "X-4":
        pdfx = f"   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>\n"
    else:
        pdfx = f"   <pdfx:GTS_PDFXVersion>{version}</pdfx:GTS_PDFXVersion>\n"
        if conformance:
            pdfx += f"   <pdfx:GTS_PDFXConformance>{conformance}</pdfx:GTS_PDFXConformance>\n"
    fields = ""
    if info.get("/Author"):
        fields += f"   <dc:creator><rdf:Seq><rdf:li>{esc(info['/Author'])}</rdf:li></rdf:Seq></dc:creator>\n"
    if info.get("/Subject"):
        fields += (f"   <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">{esc(info['/Subject'])}</rdf:li></rdf:Alt>"
                   "</dc:description>\n")
    if info.get("/Keywords"):
        fields += f"   <pdf:Keywords>{esc(info['/Keywords'])}</pdf:Keywords>\n"
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{esc(info.get("/Title", ""))}</rdf:li></rdf:Alt></dc:title>
{fields}   <dc:format>application/pdf</dc:format>
   <xmp:CreateDate>{date.xmp}</xmp:CreateDate>
   <xmp:ModifyDate>{date.xmp}</xmp:ModifyDate>
   <xmp:MetadataDate>{date.xmp}</xmp:MetadataDate>
   <xmp:CreatorTool>{esc(info.get("/Creator", ""))}</xmp:CreatorTool>
   <pdf:Producer>{esc(info.get("/Producer", ""))}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{doc_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{doc_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
{pdfx}  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode("utf-8")


def add_output_intent(pdf: pikepdf.Pdf, profile: CmykProfile, title: str, doc_id: str, standard: PdfX = "X-4",
                      date: PdfDate | None = None) -> None:
    """Attach the profile as the PDF/X output intent, and the PDF/X keys in the info and XMP metadata;
    the XMP carries `date` (the build's, the one in the Info dictionary; by default SOURCE_DATE_EPOCH's,
    see pdfdate.pdf_date)."""
    icc = pikepdf.Stream(pdf, profile.data)
    icc.N = 4
    identifier, condition = profile.condition or ("Custom", profile.description)
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(identifier),
        OutputCondition=pikepdf.String(condition),
        RegistryName=pikepdf.String("http://www.color.org"),
        Info=pikepdf.String(profile.description),
        DestOutputProfile=pdf.make_indirect(icc),
    )
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
    version, conformance = PDFX_KEYS[standard]
    pdf.docinfo[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String(version)
    if conformance:
        pdf.docinfo[pikepdf.Name.GTS_PDFXConformance] = pikepdf.String(conformance)
    pdf.docinfo[pikepdf.Name.Trapped] = pikepdf.Name("/False")
    info = {key: str(pdf.docinfo[key]) for key in XMP_FIELDS if key in pdf.docinfo}
    info.setdefault("/Title", title)
    metadata = pikepdf.Stream(pdf, _xmp(info, doc_id, standard, pdf_date(date)))
    metadata.Type = pikepdf.Name.Metadata
    metadata.Subtype = pikepdf.Name.XML
    pdf.Root.Metadata = pdf.make_indirect(metadata)


def print_art_pdf(vector_pdf: bytes, pictures: dict[str, Image.Image], pages: Sequence[Sequence[Placement]],
                  options: PrintOptions, title: str, date: PdfDate | None) -> pikepdf.Pdf:
    """A print file of drawn art (the tin lid, the tuck box): the pictures painted under the vector
    layer (or where it placed them, pdfcanvas.draw_image_here), as press CMYK with the profile as the PDF/X-4 output intent, or as sRGB when the deck
    asks for RGB print files ([print] cmyk = false or --rgb). `date`: the vector layer's, for the XMP."""
    if options.rgb:
        plain = {key: image_from_array(np.asarray(flatten_to_rgb(picture))) for key, picture in pictures.items()}
        return add_images(vector_pdf, plain, pages)
    profile = read_cmyk_profile(options.icc)
    limit = options.ink_limit or DEFAULT_INK_LIMIT
    images = {key: image_from_array(press_cmyk(flatten_to_rgb(picture), profile, limit))
              for key, picture in pictures.items()}
    pdf = add_images(vector_pdf, images, pages, pikepdf.Name.DeviceCMYK)
    drawing = hashlib.sha256(vector_pdf).hexdigest()  # a drawn lid has no picture: its shapes tell it apart
    add_output_intent(pdf, profile, title, document_id(profile, images, title + drawing), "X-4", date=date)
    return pdf


# --------------------------------------------------------------------------- small type and fine lines

#: The most inks small type and fine lines are printed in: more would need the plates to register
#: to a fraction of a stroke (a 2 % cyan dot at the edge of a red index).
FINE_INKS = 2


@lru_cache(maxsize=4)
def _lab_transforms(data: bytes) -> tuple[ImageCms.ImageCmsTransform, ImageCms.ImageCmsTransform]:
    """sRGB -> Lab and the profile's CMYK -> Lab (relative colorimetric, as the press conversion)."""
    lab = ImageCms.createProfile("LAB")
    return (
        ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB",
                                renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC),
        ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(data)), lab, "CMYK", "LAB",
                                renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC),
    )


def _lab(pixels: Image.Image, transform: ImageCms.ImageCmsTransform) -> np.ndarray:
    out = Image.new("LAB", pixels.size)
    try:
        transform.transform.apply(pixels.getim(), out.getim())
    except OSError:
        pass
    lab = np.asarray(out).astype(np.float64)
    lab[..., 0] *= 100 / 255  # Pillow's 8-bit Lab: L 0-255, a and b offset by 128
    lab[..., 1:] -= 128
    return lab


#: The steps (of 255) the two-ink search tries in each ink.
_FINE_STEP = 5


def fine_cmyk(cmyk: tuple[int, int, int, int], rgb: tuple[int, int, int], profile: CmykProfile,
              ink_limit: float) -> tuple[int, int, int, int]:
    """`cmyk` (a flat colour as the press file prints it) in at most FINE_INKS inks, for small type
    and fine lines: unchanged when it already is; else the two-ink build, within the ink limit, whose
    colour through the profile is nearest (CIE 1976 Delta E) to the sRGB colour `rgb`."""
    if sum(1 for v in cmyk if v) <= FINE_INKS:
        return cmyk
    return _fine_cmyk(tuple(rgb), profile.data, ink_limit)


@lru_cache(maxsize=256)
def _fine_cmyk(rgb: tuple[int, int, int], data: bytes, ink_limit: float) -> tuple[int, int, int, int]:
    to_lab, cmyk_lab = _lab_transforms(data)
    target = _lab(Image.new("RGB", (1, 1), rgb), to_lab)[0, 0]
    levels = np.arange(0, 256, _FINE_STEP, dtype=np.int32)
    levels[-1] = 255
    a, b = np.meshgrid(levels, levels, indexing="ij")
    candidates = []
    for i in range(4):
        for j in range(i + 1, 4):
            block = np.zeros(a.shape + (4,), dtype=np.int32)
            block[..., i], block[..., j] = a, b
            candidates.append(block.reshape(-1, 4))
    pixels = np.concatenate(candidates)
    pixels = pixels[pixels.sum(axis=1) <= ink_units(ink_limit)]
    lab = _lab(Image.fromarray(pixels.astype(np.uint8).reshape(1, -1, 4), "CMYK"), cmyk_lab)[0]
    best = pixels[int(np.argmin(((lab - target) ** 2).sum(axis=1)))]
    return (int(best[0]), int(best[1]), int(best[2]), int(best[3]))
