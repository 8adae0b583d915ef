"""Measure a built rules booklet the way issue 12 asks: card-picture widths in example boxes,
distinct text sizes, pages more than half empty that are not a chapter's last, example
boxes split across pages, yes/no printed as a bare value and long numbers printed without
thousands separators, and (when it builds the booklet itself) how many sentences and
printed lines each example box's outcome takes. Needs PyMuPDF (`pip install pymupdf`; for
inspection only).

    python3 bench/measure_booklet.py [output/booklet/rules-pocket.pdf]
    python3 bench/measure_booklet.py --all-games [--keep DIR]   (builds the all-games booklet first)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MM = 72 / 25.4


def build_all_games(out: Path) -> Path:
    from deckgen.booklet.build import build_booklet
    from deckgen.config import demo_config
    from deckgen.houserules import rules_sources
    from deckgen.resolve import resolve_design

    import deckgen.booklet.boxes as boxes

    deck = resolve_design(demo_config(overrides={"booklet": {"games": list(rules_sources())}}))
    made: list[Any] = []
    example_box = boxes.example_box

    def recorded(view: Any, *args: Any, **kwargs: Any) -> Any:
        table = example_box(view, *args, **kwargs)
        made.append((view, table))
        return table

    groups: list[Any] = []
    group_init = boxes.ExampleGroup.__init__

    def kept_group(self: Any, *args: Any, **kwargs: Any) -> None:
        group_init(self, *args, **kwargs)
        groups.append(self)

    boxes.example_box = recorded  # type: ignore[assignment]
    boxes.ExampleGroup.__init__ = kept_group  # type: ignore[method-assign]
    try:
        start = time.perf_counter()
        build_booklet(deck, out, imposed=())
        print(f"built the all-games booklet in {time.perf_counter() - start:.1f} s")
    finally:
        boxes.example_box = example_box  # type: ignore[assignment]
        boxes.ExampleGroup.__init__ = group_init  # type: ignore[method-assign]
    placed = list({id(g): g for g in groups}.values())
    # the boxes as placed: a box set shorter to fit a page counts in its shorter form
    final = {id(g.view): g.box for g in placed}
    outcome_lines([(view, final.get(id(view), table)) for view, table in made])
    tight = sum(1 for g in placed if any(g.box is f for f in (getattr(g, "_forms", None) or [])))
    print(f"boxes set shorter (words beside, or lines of cards closer, names kept) to fit a page that would be left half empty: {tight}")
    return out / "booklet" / "rules-pocket.pdf"


def outcome_lines(made: list[Any]) -> None:
    """Sentences and printed lines of each box's outcome, as the boxes were laid out on the pages."""
    sentences: Counter[int] = Counter()
    lines: Counter[int] = Counter()
    longest: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    for view, table in made:
        para = getattr(table, "outcome", None)
        if para is None or getattr(para, "blPara", None) is None:
            continue
        seen[" ".join(view.sentences)] = len(para.blPara.lines)  # the last layout of each box counts
        sentences[len(view.sentences)] += 0
    by_text = {" ".join(v.sentences): v for v, _ in made}
    for text, count in seen.items():
        sentences[len(by_text[text].sentences)] += 1
        lines[count] += 1
        longest.append((count, text))
    longest.sort(key=lambda item: -item[0])
    from deckgen.booklet.pictures import HandsStrip

    strips = set()
    for view, table in made:
        for row in table._cellvalues:
            for value in row:
                for flow in value if isinstance(value, (list, tuple)) else [value]:
                    if isinstance(flow, HandsStrip):
                        strips.add(" ".join(view.sentences))
    layouts: dict[str, str] = {}
    for view, table in made:
        beside = len(table._colWidths) == 2
        under = beside and "outcome" in table.kinds
        layouts[" ".join(view.sentences)] = "under" if under else "beside" if beside else "below"
    print(f"example boxes: {len(seen)}")
    print(f"outcome beside the cards / under narrow cards / under or without cards: "
          f"{sum(v == 'beside' for v in layouts.values())} / {sum(v == 'under' for v in layouts.values())} / "
          f"{sum(v == 'below' for v in layouts.values())}")
    print(f"boxes with card pictures (each card's name printed with it): {len(strips)}")
    print(f"outcome sentences per box (sentences, boxes): {sorted((k, v) for k, v in sentences.items() if v)}")
    print(f"outcome lines per box (lines, boxes): {sorted(lines.items())}")
    for count, text in longest:
        if count >= 3:  # every box that prints three lines or more, longest first
            print(f"  {count} lines ({layouts.get(text, '?')}): {text[:100]}{'...' if len(text) > 100 else ''}")
    if "--under" in sys.argv:
        for text, where in layouts.items():
            if where == "under":
                print(f"  under narrow cards, {seen.get(text, '?')} lines: {text[:100]}")


def measure(pdf: Path) -> None:
    import pymupdf

    from deckgen.booklet.pdf import PageLayout

    layout = PageLayout()
    doc = pymupdf.open(pdf)
    # the pages carry a bleed: positions are measured from the trimmed page's top edge
    cut = doc[0].trimbox.y0 if len(doc) else 0.0
    top = cut + layout.top_mm * MM
    bottom_limit = cut + (layout.height_mm - layout.bottom_mm) * MM
    area = bottom_limit - top
    sizes: Counter[float] = Counter()
    widths: Counter[float] = Counter()
    heads: list[str] = []
    used: list[float] = []
    box_titles: list[tuple[list[str], list[str]]] = []
    for page in doc:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip():
                        sizes[round(span["size"], 1)] += 1
        lines = [l for l in page.get_text().splitlines() if l.strip()]
        head = ""
        # the running head is the first line drawn at the top margin
        for b in page.get_text("blocks"):
            if b[1] < top - 2 and b[4].strip():
                head = b[4].strip().splitlines()[0]
                break
        heads.append(head)
        lowest = top
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                y0, y1 = line["bbox"][1], line["bbox"][3]
                if y0 >= top - 2 and y1 <= bottom_limit + 2:  # not the running head, not the folio
                    lowest = max(lowest, y1)
        for info in page.get_image_info():
            x0, y0, x1, y1 = info["bbox"]
            lowest = max(lowest, min(y1, bottom_limit))
            w = (x1 - x0) / MM
            if w < 13:
                widths[round(w, 1)] += 1
        titles = []
        for d in page.get_drawings():
            r = d["rect"]
            lowest = max(lowest, min(r.y1, bottom_limit)) if r.y0 >= top - 2 else lowest
            fill = d.get("fill")
            if fill and d.get("type") == "f" and abs(r.width - layout.text_width) < 2 and r.height < 40:
                text = page.get_textbox(r).strip().replace("\n", " ")
                if text:
                    titles.append(text)
        box_titles.append((titles, lines))
        used.append((lowest - top) / area)
    n = len(doc)
    # body pages: not the cover (0), not the contents (from 1, the pages without a running head),
    # not the back (n-1)
    first_body = next((i for i in range(1, n) if heads[i]), n)
    half_empty = []
    for i in range(first_body, n - 1):
        chapter_end = i + 1 >= n - 1 or heads[i + 1] != heads[i]
        if used[i] < 0.5 and not chapter_end:
            half_empty.append(i + 1)
    split = []
    for i in range(first_body, n - 2):
        mine, nxt = box_titles[i][0], box_titles[i + 1][0]
        if mine and nxt and mine[-1] == nxt[0]:
            split.append(i + 1)
    print(f"{pdf}: {n} pages")
    print(f"card-picture widths (mm, count): {sorted(widths.items())}")
    print(f"distinct text sizes (pt): {len(sizes)}: {sorted(sizes)}")
    print(f"pages more than half empty that are not a chapter's last: {len(half_empty)} {half_empty}")
    print(f"example boxes split across pages (page where each starts): {len(split)} {split}")
    print(f"contents pages: {first_body - 1}")
    lead_ins(doc, first_body, top, bottom_limit)
    words(doc)


def lead_ins(doc: Any, first_body: int, top: float, bottom: float) -> None:
    """Pages whose last line of text ends with a colon: a lead-in cut off from the table or list it
    introduces (which starts on the next page)."""
    cut: list[int] = []
    for i in range(first_body, len(doc) - 1):
        last = (0.0, "")
        for block in doc[i].get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                text = "".join(span["text"] for span in line["spans"]).strip()
                if text and line["bbox"][1] >= top - 2 and line["bbox"][3] <= bottom + 2 and line["bbox"][3] >= last[0]:
                    last = (line["bbox"][3], text)
        if last[1].endswith(":"):
            cut.append(i + 1)
    print(f"lead-ins ending in ':' last on their page: {len(cut)} {cut}")


def words(doc: Any) -> None:
    """Two wording checks on the printed text: yes/no printed as a value ("Final no", "set to yes"),
    and long numbers printed without thousands separators (not a year: see deckgen.booklet.styles)."""
    import re

    from deckgen.booklet.styles import grouped

    bare: list[str] = []
    ungrouped: list[str] = []
    for number, page in enumerate(doc, start=1):
        text = " ".join(page.get_text().split())
        # "set to no" anywhere; else yes/no after a word, ending a fact (punctuation or the next fact's name)
        for m in re.finditer(r"set to (?:yes|no)\b|\b[\w’]+ (?:yes|no)\b(?=[),.;]| [A-Z]| ?$)", text):
            if m.group(0).split()[0] not in ("yes", "no"):  # "yes yes": the house-rule table's two columns
                bare.append(f"p. {number}: {m.group(0)}")
        for m in re.finditer(r"\S+ \d{4,}\S*", text):
            if grouped(m.group(0)) != m.group(0):
                ungrouped.append(f"p. {number}: {m.group(0)}")
    print(f"yes/no printed as a bare value: {len(bare)} {bare[:20]}")
    print(f"long numbers without thousands separators: {len(ungrouped)} {ungrouped[:8]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", nargs="?", type=Path)
    parser.add_argument("--all-games", action="store_true")
    parser.add_argument("--keep", type=Path, help="build the all-games booklet in this folder and keep it")
    parser.add_argument("--under", action="store_true", help="list the boxes whose outcome goes under narrow cards")
    args = parser.parse_args()
    if args.keep is not None:
        measure(build_all_games(args.keep))
    elif args.all_games or args.pdf is None:
        with tempfile.TemporaryDirectory() as tmp:
            measure(build_all_games(Path(tmp)))
    else:
        measure(args.pdf)


if __name__ == "__main__":
    main()
