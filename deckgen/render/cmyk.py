"""The CMYK print-shop PDF: card images converted through the print shop's ICC profile, with an output intent.

Printers that take PDF/X-4 want CMYK pixels and the profile they were made for.
deckgen ships no proprietary profile: the user passes the one their printer
supplies (`--icc`). The images (sRGB, as the renderers make them) are converted
with LittleCMS through Pillow's ImageCms (relative colorimetric with black point
compensation, the usual choice for press proofs), stored as DeviceCMYK, and the
profile is attached as the document's PDF/X output intent, with the PDF/X-4
version key in the document info and the XMP metadata. It is written to be
PDF/X-4 in spirit; deckgen does not run a preflight validator.
"""

from __future__ import annotations

import hashlib
import io
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pikepdf
from PIL import Image, ImageCms

from deckgen.errors import UserError
from deckgen.render.cardart import CardArt, CardGeometry, check_size
from deckgen.render.pdfcanvas import EmbeddedImage, flatten_to_rgb, image_from_array, save_pdf
from deckgen.render.printshop import build_print_shop

XMP_DATE = "2000-01-01T00:00:00Z"


@dataclass(frozen=True)
class CmykProfile:
    """An output profile read from the user's file: its bytes (to embed) and its name (for the intent)."""

    path: Path
    data: bytes
    description: str


def read_cmyk_profile(path: Path) -> CmykProfile:
    """Read an ICC profile and make sure it describes a CMYK printing condition."""
    path = Path(path)
    try:
        data = path.read_bytes()
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
            f"{path}: describes {space or 'unknown'} colour, not CMYK; --cmyk needs a CMYK output profile "
            "(the printing condition, e.g. a FOGRA or SWOP profile from your print shop)"
        )
    description = (profile.profile_description or path.stem).strip() or path.stem
    return CmykProfile(path, data, description)


def _transform(profile: CmykProfile) -> ImageCms.ImageCmsTransform:
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.ImageCmsProfile(io.BytesIO(profile.data)),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def to_cmyk(rgb: Image.Image, transform: ImageCms.ImageCmsTransform) -> Image.Image:
    """Convert an RGB image to CMYK pixels through the transform."""
    out = Image.new("CMYK", rgb.size)
    try:
        transform.apply(rgb, out)
    except OSError:
        # Pillow re-serialises the output profile after converting the pixels; a few valid
        # profiles (Ghostscript's ps_cmyk.icc) fail only that last step. The pixels are done.
        pass
    return out


def cmyk_images(paths: Sequence[Path], geometry: CardGeometry, profile: CmykProfile) -> dict[str, EmbeddedImage]:
    """Every distinct card image converted to CMYK and ready to embed, keyed by path."""
    transform = _transform(profile)
    out: dict[str, EmbeddedImage] = {}
    for path in paths:
        key = str(path)
        if key in out:
            continue
        check_size(path, geometry)
        try:
            with Image.open(path) as im:
                im.load()
                rgb = flatten_to_rgb(im)
        except OSError as exc:
            raise UserError(f"{path}: is not a readable image ({exc})") from None
        out[key] = image_from_array(np.asarray(to_cmyk(rgb, transform)))
    return out


def _xmp(title: str, document_id: str) -> bytes:
    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{esc(title)}</rdf:li></rdf:Alt></dc:title>
   <dc:format>application/pdf</dc:format>
   <xmp:CreateDate>{XMP_DATE}</xmp:CreateDate>
   <xmp:ModifyDate>{XMP_DATE}</xmp:ModifyDate>
   <xmp:MetadataDate>{XMP_DATE}</xmp:MetadataDate>
   <xmp:CreatorTool>deckgen</xmp:CreatorTool>
   <pdf:Producer>deckgen</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode("utf-8")


def add_output_intent(pdf: pikepdf.Pdf, profile: CmykProfile, title: str, document_id: str) -> None:
    """Attach the profile as the PDF/X output intent, and the PDF/X-4 keys in the info and XMP metadata."""
    icc = pikepdf.Stream(pdf, profile.data)
    icc.N = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String("Custom"),
        OutputCondition=pikepdf.String(profile.description),
        Info=pikepdf.String(profile.description),
        DestOutputProfile=pdf.make_indirect(icc),
    )
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
    pdf.docinfo[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String("PDF/X-4")
    pdf.docinfo[pikepdf.Name.Trapped] = pikepdf.Name("/False")
    metadata = pikepdf.Stream(pdf, _xmp(title, document_id))
    metadata.Type = pikepdf.Name.Metadata
    metadata.Subtype = pikepdf.Name.XML
    pdf.Root.Metadata = pdf.make_indirect(metadata)


def write_cmyk_print_shop(
    cards: Sequence[CardArt],
    geometry: CardGeometry,
    target: Path,
    icc: Path,
    *,
    interleave: bool = False,
    title: str = "deckgen deck",
) -> Path:
    """Write output/print/print-shop-cmyk.pdf: the print-shop layout with CMYK images and an output intent."""
    profile = read_cmyk_profile(icc)
    paths = [p for card in cards for p in (card.face, card.back)]
    images = cmyk_images(paths, geometry, profile)
    pdf = build_print_shop(
        cards, geometry, interleave=interleave, title=title, images=images, colour_space=pikepdf.Name.DeviceCMYK
    )
    digest = hashlib.sha256(profile.data)
    for key in sorted(images):
        digest.update(images[key].data)
    document_id = str(uuid.UUID(bytes=digest.digest()[:16], version=5))
    add_output_intent(pdf, profile, title, document_id)
    return save_pdf(pdf, target)
