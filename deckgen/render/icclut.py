"""ICC v2 lut16 (`mft2`) profiles: read their tables, evaluate them, write a compact copy.

deckgen ships a CMYK output profile. The CC0 profile it comes from (Pascal de
Bruijn's "ISO Coated v2 300% (Amethyst)", made with ArgyllCMS from the FOGRA39
characterisation data) is 2.7 MB, almost all of it a 23^4 CMYK -> Lab table
and four 33^3 Lab -> CMYK tables; every PDF deckgen writes embeds the profile
as its output intent, so 2.4 MB more per file. `compact_profile` keeps every
second grid node of each table (the nodes kept are the source's own values, the
per-channel curves stay as they are) and writes one copy of each table that the
source has once per rendering intent; the result is about 7 % of the size.

`python -m deckgen.render.icclut SOURCE.icc OUT.icc` rebuilds the shipped file
from the source profile; `tests/test_cmyk_profile.py` measures what the
thinning costs in colour against the source.

The evaluator (`Lut16.apply`) interpolates multilinearly. LittleCMS uses
tetrahedral interpolation, so the two agree to a fraction of a unit, not to
the bit; it is for measuring tables (ink sums, black generation), not for
converting pictures: those go through LittleCMS (Pillow's ImageCms).
"""

from __future__ import annotations

import hashlib
import itertools
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

HEADER_SIZE = 128
#: The intents a v2 output profile has a pair of tables for (perceptual, relative colorimetric, saturation).
DEVICE_TO_PCS = ("A2B0", "A2B1", "A2B2")
PCS_TO_DEVICE = ("B2A0", "B2A1", "B2A2")


@dataclass(frozen=True)
class Lut16:
    """One lut16Type table: matrix, input curves, a grid of output values, output curves (all 16-bit)."""

    matrix: tuple[int, ...]  # 9 s15Fixed16 numbers, row by row
    input_curves: np.ndarray  # (inputs, entries) uint16
    grid: np.ndarray  # (points,) * inputs + (outputs,) uint16; the first input varies slowest
    output_curves: np.ndarray  # (outputs, entries) uint16

    @property
    def inputs(self) -> int:
        return int(self.input_curves.shape[0])

    @property
    def outputs(self) -> int:
        return int(self.output_curves.shape[0])

    @property
    def points(self) -> int:
        return int(self.grid.shape[0])

    @classmethod
    def parse(cls, data: bytes) -> Lut16:
        if data[:4] != b"mft2":
            raise ValueError(f"not a lut16 table (type {data[:4]!r})")
        inputs, outputs, points = data[8], data[9], data[10]
        matrix = struct.unpack(">9i", data[12:48])
        n_in, n_out = struct.unpack(">HH", data[48:52])
        offset = 52
        input_curves = np.frombuffer(data, ">u2", inputs * n_in, offset).reshape(inputs, n_in)
        offset += inputs * n_in * 2
        cells = points**inputs * outputs
        grid = np.frombuffer(data, ">u2", cells, offset).reshape((points,) * inputs + (outputs,))
        offset += cells * 2
        output_curves = np.frombuffer(data, ">u2", outputs * n_out, offset).reshape(outputs, n_out)
        return cls(matrix, input_curves.astype(np.uint16), grid.astype(np.uint16), output_curves.astype(np.uint16))

    def to_bytes(self) -> bytes:
        head = b"mft2" + bytes(4) + bytes([self.inputs, self.outputs, self.points, 0])
        head += struct.pack(">9i", *self.matrix)
        head += struct.pack(">HH", self.input_curves.shape[1], self.output_curves.shape[1])
        body = b"".join(a.astype(">u2").tobytes() for a in (self.input_curves, self.grid, self.output_curves))
        return head + body

    def every_second_node(self) -> Lut16:
        """The same table on a grid of every second node (33 -> 17, 23 -> 12): the nodes kept keep their values."""
        keep = slice(None, None, 2)
        grid = self.grid[(keep,) * self.inputs]
        if (self.points - 1) % 2:
            raise ValueError(f"a {self.points}-point grid has no node halfway between its ends")
        return Lut16(self.matrix, self.input_curves, np.ascontiguousarray(grid), self.output_curves)

    def node_outputs(self) -> np.ndarray:
        """What the table gives at each of its grid nodes (N x outputs, 0..1): the grid through the output curves."""
        cells = self.grid.reshape(-1, self.outputs).astype(np.float64) / 65535.0
        return np.stack([_curve(self.output_curves[o], cells[:, o]) for o in range(self.outputs)], axis=1)

    def apply(self, values: np.ndarray) -> np.ndarray:
        """Encoded inputs in 0..1 (N x inputs) -> encoded outputs in 0..1 (N x outputs)."""
        x = np.clip(np.asarray(values, dtype=np.float64), 0.0, 1.0)
        x = np.stack([_curve(self.input_curves[i], x[:, i]) for i in range(self.inputs)], axis=1)
        y = _multilinear(self.grid.astype(np.float64) / 65535.0, x)
        return np.stack([_curve(self.output_curves[o], y[:, o]) for o in range(self.outputs)], axis=1)


def _curve(table: np.ndarray, x: np.ndarray) -> np.ndarray:
    steps = np.linspace(0.0, 1.0, table.shape[0])
    curve: np.ndarray = np.interp(x, steps, table.astype(np.float64) / 65535.0)
    return curve


def _multilinear(grid: np.ndarray, x: np.ndarray) -> np.ndarray:
    dims = grid.ndim - 1
    points = grid.shape[0]
    position = x * (points - 1)
    base = np.minimum(np.floor(position).astype(np.int64), points - 2)
    frac = position - base
    out = np.zeros((x.shape[0], grid.shape[-1]))
    for corner in itertools.product((0, 1), repeat=dims):
        weight = np.ones(x.shape[0])
        index = []
        for d, c in enumerate(corner):
            weight *= frac[:, d] if c else 1.0 - frac[:, d]
            index.append(base[:, d] + c)
        out += weight[:, None] * grid[tuple(index)]
    return out


# --- the PCS encoding of a v2 lut16 table (ICC.1:2001-04, "legacy" 16-bit Lab)

def pcs_to_lab(pcs: np.ndarray) -> np.ndarray:
    """The 0..1 values a v2 lut16 table gives (L 100 = 0xFF00, a/b 0 = 0x8000) -> CIE Lab (D50)."""
    v = np.asarray(pcs, dtype=np.float64) * 65535.0
    return np.stack([v[:, 0] / 652.80, v[:, 1] / 256.0 - 128.0, v[:, 2] / 256.0 - 128.0], axis=1)


# --- whole profiles


@dataclass(frozen=True)
class Tag:
    signature: str
    data: bytes


def read_tags(profile: bytes) -> list[Tag]:
    """Every tag of a profile, in the order of its tag table (shared data is repeated per tag)."""
    (count,) = struct.unpack(">I", profile[HEADER_SIZE : HEADER_SIZE + 4])
    tags = []
    for i in range(count):
        sig, offset, size = struct.unpack(">4sII", profile[HEADER_SIZE + 4 + 12 * i : HEADER_SIZE + 16 + 12 * i])
        tags.append(Tag(sig.decode("latin-1"), profile[offset : offset + size]))
    return tags


def tag(profile: bytes, signature: str) -> bytes:
    for t in read_tags(profile):
        if t.signature == signature:
            return t.data
    raise KeyError(signature)


def lut(profile: bytes, signature: str) -> Lut16:
    return Lut16.parse(tag(profile, signature))


def text_type(text: str) -> bytes:
    return b"text" + bytes(4) + text.encode("ascii") + b"\0"


def desc_type(text: str) -> bytes:
    """A v2 textDescriptionType: the ASCII description, empty Unicode and ScriptCode parts."""
    ascii_ = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_ + bytes(4 + 4 + 2 + 1 + 67)


def write_profile(header: bytes, tags: list[Tag]) -> bytes:
    """A profile from a 128-byte header (size and ID fields are filled in) and its tags.

    Tags whose data are byte-for-byte equal share one copy, as the ICC format allows."""
    table_size = 4 + 12 * len(tags)
    offset = HEADER_SIZE + table_size
    placed: dict[bytes, tuple[int, int]] = {}
    entries = []
    blobs = []
    for t in tags:
        if t.data not in placed:
            placed[t.data] = (offset, len(t.data))
            padded = t.data + bytes(-len(t.data) % 4)
            blobs.append(padded)
            offset += len(padded)
        where, size = placed[t.data]
        entries.append(struct.pack(">4sII", t.signature.encode("latin-1"), where, size))
    body = struct.pack(">I", len(tags)) + b"".join(entries) + b"".join(blobs)
    total = HEADER_SIZE + len(body)
    head = bytearray(header[:HEADER_SIZE])
    head[0:4] = struct.pack(">I", total)
    head[84:100] = bytes(16)  # profile ID: v2 profiles leave it zero
    return bytes(head) + body


#: What the shipped profile says it is (its desc tag) and its copyright tag.
COMPACT_DESCRIPTION = "deckgen Coated FOGRA39 300% (CC0)"
COMPACT_COPYRIGHT = "CC0 1.0 Universal Public Domain Dedication"


def compact_profile(source: bytes, description: str = COMPACT_DESCRIPTION,
                    copyright_: str = COMPACT_COPYRIGHT) -> bytes:
    """A smaller copy of a v2 lut16 CMYK output profile: each table on every second grid node.

    Header, white and black points and the rendering intents' tables are the
    source's own (thinned); the gamut tag (`gamt`, used only for gamut warnings
    in proofing programs) and private tags are left out."""
    header = bytearray(source[:HEADER_SIZE])
    if header[16:20] != b"CMYK" or header[20:24] != b"Lab ":
        raise ValueError("the source is not a CMYK profile with a Lab connection space")
    header[4:8] = bytes(4)  # preferred CMM: none
    header[40:44] = bytes(4)  # primary platform: none
    header[48:56] = bytes(8)  # device manufacturer and model: none
    header[80:84] = b"dgen"  # creator
    by_sig = {t.signature: t.data for t in read_tags(source)}
    tags = [Tag("desc", desc_type(description)), Tag("cprt", text_type(copyright_)),
            Tag("wtpt", by_sig["wtpt"])]
    if "bkpt" in by_sig:
        tags.append(Tag("bkpt", by_sig["bkpt"]))
    for signature in DEVICE_TO_PCS + PCS_TO_DEVICE:
        tags.append(Tag(signature, Lut16.parse(by_sig[signature]).every_second_node().to_bytes()))
    return write_profile(bytes(header), tags)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m deckgen.render.icclut SOURCE.icc OUT.icc", file=sys.stderr)
        return 2
    source = Path(argv[0]).read_bytes()
    out = compact_profile(source)
    Path(argv[1]).write_bytes(out)
    print(f"{argv[0]}: {len(source)} bytes, sha256 {hashlib.sha256(source).hexdigest()}")
    print(f"{argv[1]}: {len(out)} bytes, sha256 {hashlib.sha256(out).hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
