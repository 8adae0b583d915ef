"""The files x checks table of issue 30: every PDF of the demo deck built with each shop preset (and of a
poker deck with a photo court in a tuck box), read by readers that are not deckgen.

For each file: Ghostscript -dPDFSTOPONERROR (exit code and anything it prints), MuPDF's warnings
drawing every page (PyMuPDF), resources used but not defined where the standard says (pikepdf,
tests/pdf_strict.py), the thinnest line as printed, and for the CMYK press files the most total ink
on Ghostscript's tiffsep separations at 150 dpi against the limit and deckgen's own figure (what
`deckgen print --preflight` prints).

Needs Ghostscript (apt-get install ghostscript) and PyMuPDF (pip install pymupdf).
Run: python3 bench/measure_preflight.py [--dpi 300] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pikepdf  # noqa: E402

from cli_run import run_cli  # noqa: E402
from pdf_strict import ghostscript_errors, mupdf_warnings, stroke_widths, undefined_resources  # noqa: E402
from test_ink_stack import separations_peak  # noqa: E402

from deckgen.config import demo_config, load_config  # noqa: E402
from deckgen.design import PrintOptions  # noqa: E402
from deckgen.render.printfiles import measure_shop_ink  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402

PRESETS = ("generic", "drivethrucards", "meinspiel")

POKER = """\
name = "Photo poker"
card_size = "poker"
dpi = {dpi}

[cards.KH]
image = "images/astronaut.png"
mode = "full"

[box]
kind = "tuck"
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    root = args.out or Path(tempfile.mkdtemp(prefix="deckgen-preflight-table-"))
    poker = root / "poker-deck"
    (poker / "images").mkdir(parents=True, exist_ok=True)
    from photo_samples import astronaut

    astronaut().save(poker / "images" / "astronaut.png")
    (poker / "deck.toml").write_text(POKER.format(dpi=args.dpi), encoding="utf-8")

    builds: list[tuple[str, Path, Path, list[str]]] = []  # (name, deck folder, output, shop presets measured)
    code, out, err = run_cli(root, "build", "--dpi", str(args.dpi), "--out", str(root / "demo-generic"))
    assert code == 0, out + err
    builds.append(("demo, generic (whole build)", root, root / "demo-generic", ["generic"]))
    for preset in PRESETS[1:]:
        target = root / f"demo-{preset}"
        code, out, err = run_cli(root, "print", "--dpi", str(args.dpi), "--shop", preset, "--out", str(target))
        assert code == 0, out + err
        builds.append((f"demo, {preset}", root, target, [preset]))
    code, out, err = run_cli(root, "print", "--alignment-test", "--out", str(root / "alignment"))
    assert code == 0, out + err
    builds.append(("alignment test", root, root / "alignment", []))
    for preset in ("generic", "drivethrucards"):
        target = root / f"poker-{preset}"
        for command in (("box",), ("print", "--shop", preset)):
            code, out, err = run_cli(poker, *command, "--out", str(target))
            assert code == 0, out + err
        builds.append((f"photo poker + tuck box, {preset}", poker, target, [preset]))

    print("| build | file | gs -dPDFSTOPONERROR | MuPDF warnings | undefined resources | thinnest line | "
          "max ink on tiffsep 150 dpi | deckgen's figure | limit |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for label, deck, folder, presets in builds:
        figures: dict[str, tuple[float, float]] = {}
        for preset in presets:
            design = resolve_design(load_config(deck / "deck.toml") if deck == poker else demo_config(overrides={"dpi": args.dpi}))
            with tempfile.TemporaryDirectory() as scratch:
                for file in measure_shop_ink(design, PrintOptions(shop=preset), Path(scratch)):
                    worst = file.worst
                    figures[file.name] = (worst.peak.percent if worst and worst.peak else 0.0, file.limit)
        for path in sorted(folder.rglob("*.pdf")):
            if "shop-cards" in path.parts:
                continue
            gs = ghostscript_errors(path)
            mupdf = mupdf_warnings(path)
            pdf = pikepdf.open(path)
            undefined = undefined_resources(pdf)
            widths = [w for _, w in stroke_widths(pdf)]
            cmyk = "/OutputIntents" in pdf.Root
            ink = f"{separations_peak(path):.1f} %" if cmyk else "(RGB)"
            ours, limit = figures.get(path.name, (None, None)) if path.parent.name == "print" else (None, None)
            thinnest = f"{min(widths):.2f} pt" if widths else "-"
            said = "exit 0, silent" if not gs else gs.splitlines()[0]
            print(f"| {label} | {path.relative_to(folder)} | {said} | {len(mupdf)} | {len(undefined)} | {thinnest} | {ink} | "
                  f"{f'{ours:.1f} %' if ours is not None else '-'} | {f'{limit:g} %' if limit else '-'} |")


if __name__ == "__main__":
    main()
