"""Page-flow rules: where a page may end, so that no heading, caption or box is left stranded.

A heading is never the last thing on a page: one CondPageBreak before a run of
headings asks for room for them and the start of what they introduce. A short
table moves whole to the next page; a long one may split between its rows.
"""

from __future__ import annotations

import re

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, ListFlowable, Paragraph, Spacer, Table
from reportlab.platypus.doctemplate import FrameBreak

from deckgen.booklet.boxes import SPACE_ABOVE, SPACE_BELOW, ExampleGroup, measured
from deckgen.booklet.rl import box_height, kept, row_heights, trial_split
from deckgen.booklet.styles import Styles


#: A box that does not fit where it falls moves whole to the next page; when that would leave
#: more than this share of the page empty, what follows it (a paragraph, a smaller box, a short
#: table, or the whole start of the next section) is placed first, into the room it leaves.
#: A little under half: the spacing around what ends a page is room too, and no page may end
#: up more than half empty.
FLOAT_EMPTY_SHARE = 0.45
#: A box that must wait for the next page and would leave more than this share of the page empty is
#: set shorter, or what follows it in its section that fits is placed first, into the room it leaves:
#: no page of examples is left more than a quarter empty when something after it can fill it.
FLOAT_ROOM_SHARE = 0.25
#: A table taller than this share of the page may split between its rows (its header repeated);
#: a shorter one moves whole to the next page.
SPLIT_TABLE_SHARE = 0.4
#: Rows a split table needs at the foot of a page: its header and three rows.
TABLE_FIRST_ROWS = 4
#: A table that would leave fewer rows than this for the next page moves on whole instead.
TABLE_LEAST_ROWS_OVER = 3
#: A heading never ends a page: it asks for this many lines of a paragraph after it (a paragraph
#: of up to `WHOLE_PARAGRAPH_LINES` lines whole, so no line is left behind alone).
HEADING_LEAD_LINES = 2
WHOLE_PARAGRAPH_LINES = 3
#: A paragraph of fewer lines than this between a heading and its example travels with them.
INTRO_PARAGRAPH_LINES = 6


class Heading(Paragraph):
    """A heading that the page template turns into a bookmark (and, at level 0, a contents line)."""

    def __init__(self, text: str, style: ParagraphStyle, title: str, level: int, key: str) -> None:
        super().__init__(text, style)
        self.outline_title = title
        self.outline_level = level
        self.outline_key = key


class TableFlow(KeepTogether):
    """A table with its title and note. A short one stays whole and moves to the next page when it
    must; a long one may split between its rows (the header row is repeated), so that it does not
    leave most of a page empty. `first_part` is the height it needs at the foot of a page."""

    def __init__(self, content: list[Flowable], styles: Styles) -> None:
        super().__init__(content)
        self.styles = styles
        #: The room what follows the table asks for on the page where the table ends (a heading with
        #: the box it introduces): set by `keep_headings_with_boxes`, 0 when nothing must follow at once.
        self.then_needs = 0.0
        self.whole = sum(box_height(f, styles.width) for f in content)
        self.splittable = bool(styles.height) and self.whole > SPLIT_TABLE_SHARE * styles.height
        self.first_part = self._first(TABLE_FIRST_ROWS) if self.splittable else self.whole

    def moves_whole(self, aW: float, aH: float) -> bool:
        """Whether the table, placed in `aH`, would move on whole to the next page rather than start here."""
        if self.whole <= aH:
            return False
        parts = trial_split(self, aW, aH)
        return bool(parts) and isinstance(parts[0], type(FrameBreak))  # FrameBreak is an instance

    def _first(self, rows_kept: int) -> float:
        """The height of the table's start with `rows_kept` rows (its header among them) and its title."""
        first = 0.0
        for f in kept(self):
            if isinstance(f, Table):
                rows = row_heights(f)
                return first + sum(rows[: min(len(rows), rows_kept)])
            first += box_height(f, self.styles.width)
        return first

    def split(self, aW: float, aH: float) -> list[Flowable]:
        body = kept(self)
        while body and isinstance(body[-1], Spacer):
            body.pop()  # the space after a table is not needed at the foot of a page
        if self.whole > aH and body != kept(self) and sum(box_height(f, aW) for f in body) <= aH:
            return body
        if not self.splittable or self.whole <= aH:
            return super().split(aW, aH)
        over = self._rows_left(aW, aH)
        if (
            self.whole <= self.styles.height
            and over < TABLE_LEAST_ROWS_OVER
            and aH >= max(self.first_part, FLOAT_EMPTY_SHARE * self.styles.height)
        ):
            # moving on whole would leave half the page empty: split a little higher, so that a few
            # rows (one alone only when more would leave no room on the next page for what follows
            # the table, a heading with its box, and so leave that page half empty) go over with the header
            for rows_over in self._rows_over_choices(aW, max(over, 1)):
                pushed = self._split_leaving(aW, aH, rows_over)
                if pushed:
                    return pushed
        if aH < self.first_part or (self.whole <= self.styles.height and over < TABLE_LEAST_ROWS_OVER):
            # too little room for its start, or only a row or two would go over: the table moves on whole
            return [FrameBreak()] + kept(self)
        if (
            self.then_needs
            and self.whole <= self.styles.height
            and aH < FLOAT_EMPTY_SHARE * self.styles.height
            and self._tail(aW, over) < FLOAT_EMPTY_SHARE * self.styles.height
            and self._tail(aW, over) + self.then_needs > self.styles.height
        ):
            # its end would be alone on the next page (what follows cannot join it there), leaving that
            # page half empty, where moving on whole leaves less than half of this one: it moves on whole
            return [FrameBreak()] + kept(self)
        parts = kept(self)
        if parts and isinstance(parts[0], Table):
            # a table without a title: ReportLab places the first part unsplit, so split the table here
            pieces: list[Flowable] = parts[0].split(aW, aH)
            if pieces:
                return pieces + parts[1:]
        return parts


    def _tail(self, aW: float, over: int) -> float:
        """The height of the table's end on the next page when `over` rows go there: the header row
        again, those rows, and what comes after the table (its note)."""
        parts = kept(self)
        at = next((i for i, f in enumerate(parts) if isinstance(f, Table)), None)
        if at is None or over <= 0:
            return 0.0
        rows = row_heights(parts[at]) or (parts[at].wrap(aW, 1e6) and row_heights(parts[at]))
        return rows[0] + sum(rows[len(rows) - over :]) + sum(_height(f, aW) for f in parts[at + 1 :])

    def _rows_over_choices(self, aW: float, least: int) -> list[int]:
        """How many rows to send over when the table is split higher than it must be: the usual
        `TABLE_LEAST_ROWS_OVER`; when the table's end with that many would leave too little room
        on the next page for what must follow it, the most rows (at least `least`) that leave it."""
        if not self.then_needs or not self.styles.height:
            return [TABLE_LEAST_ROWS_OVER]
        room = self.styles.height - self.then_needs
        if self._tail(aW, TABLE_LEAST_ROWS_OVER) <= room:
            return [TABLE_LEAST_ROWS_OVER]
        fewer = [k for k in range(TABLE_LEAST_ROWS_OVER - 1, least - 1, -1) if self._tail(aW, k) <= room]
        return fewer[:1] + [TABLE_LEAST_ROWS_OVER]

    def _split_leaving(self, aW: float, aH: float, over: int) -> list[Flowable]:
        """The table split so that its last `over` rows go to the next page (its header repeated),
        with at least `TABLE_FIRST_ROWS` on this one; nothing when it cannot be."""
        parts = kept(self)
        at = next((i for i, f in enumerate(parts) if isinstance(f, Table)), None)
        if at is None:
            return []
        table = parts[at]
        above = sum(box_height(f, aW) for f in parts[:at])
        rows = row_heights(table) or (table.wrap(aW, 1e6) and row_heights(table))
        keep = len(rows) - over
        if keep < TABLE_FIRST_ROWS:
            return []
        height = above + sum(rows[:keep]) + 0.5
        if height > aH:
            return []
        pieces: list[Flowable] = table.split(aW, height - above)
        if len(pieces) != 2:
            return []
        return [*parts[:at], pieces[0], FrameBreak(), pieces[1], *parts[at + 1 :]]

    def _rows_left(self, aW: float, aH: float) -> int:
        """How many of the table's rows would go over to the next page if it split in `aH`."""
        room = aH
        for f in kept(self):
            if isinstance(f, Table):
                rows = row_heights(f)
                fit = 0
                for h in rows:
                    if h > room:
                        break
                    room -= h
                    fit += 1
                return len(rows) - fit
            room -= box_height(f, aW)
        return 0


class HeadingGuard(CondPageBreak):
    """The room a run of headings asks for at the foot of a page: `height` for the headings with
    what travels with them (a short paragraph and the example `box` it introduces). When breaking
    here would leave more than half of the page empty, the box is set shorter if that lets it fit
    (`ExampleGroup.shorten_to`); else, with `least`, only the headings with their paragraph stay
    (the example going on to the next page)."""

    def __init__(self, height: float, least: float, page_height: float, box: ExampleGroup | None = None) -> None:
        super().__init__(height)
        self.least = least
        self.page_height = page_height
        self.box = box

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if availHeight < self.height and availHeight >= FLOAT_EMPTY_SHARE * self.page_height:
            if self.box is not None:
                now = measured(self.box.box, availWidth)
                if self.box.shorten_to(availWidth, now - (self.height - availHeight)):
                    self.height -= now - measured(self.box.box, availWidth)
                    return 0, 0
            if self.least and availHeight >= self.least:
                return 0, 0
        return super().wrap(availWidth, availHeight)


class TableGuard(CondPageBreak):
    """The room a heading or caption asks for with the table it introduces: `height` for them and the
    table's first rows, `above` of it theirs. Where that room is there but the table would still move on
    whole (too short to leave its first rows here and enough for the next page), the heading or caption
    goes on with it, never left behind alone."""

    def __init__(self, height: float, above: float, table: TableFlow) -> None:
        super().__init__(height)
        self.above = above
        self.table = table

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if availHeight >= self.height and self.table.moves_whole(availWidth, availHeight - self.above):
            return super().wrap(availWidth, self.height - 1)  # as if the room were short: a new page
        return super().wrap(availWidth, availHeight)


def table_guard(height: float, above: float, table: Flowable | None) -> CondPageBreak:
    """A CondPageBreak for `height`, that also asks a table after its text whether it would start there."""
    return TableGuard(height, above, table) if isinstance(table, TableFlow) else CondPageBreak(height)


def _lead_height(flow: Flowable, styles: Styles) -> float:
    """What must fit under a heading for it not to stand alone: a box or short table whole, a
    paragraph of up to three lines whole (it cannot split, leaving neither one line behind nor one
    alone over the page), the first two lines of a longer paragraph or of a list."""
    if isinstance(flow, TableFlow):
        return flow.first_part
    height = box_height(flow, styles.width)
    if isinstance(flow, (KeepTogether, Table)):
        return height
    two_lines = HEADING_LEAD_LINES * styles.body.leading + styles.body.spaceAfter
    if isinstance(flow, Paragraph) and height <= WHOLE_PARAGRAPH_LINES * flow.style.leading + 0.5:
        return height + flow.style.spaceAfter
    return min(height, two_lines)


def keep_headings_with_boxes(flows: list[Flowable], styles: Styles) -> list[Flowable]:
    """A heading (one, or several in a row) is never left alone at the foot of a page: one
    CondPageBreak before the run asks for room for the headings and the start of what follows
    (a worked example or a short table whole, the first lines of text)."""

    flows = [f for f in flows]
    out: list[Flowable] = []
    i = 0
    while i < len(flows):
        flow = flows[i]
        if not isinstance(flow, Heading):
            out.append(flow)
            i += 1
            continue
        # a run of headings with the CondPageBreaks each brings, then what they introduce
        while out and isinstance(out[-1], CondPageBreak):
            out.pop()  # the first heading's own guard: the one below replaces it
        j = i
        heads: list[Flowable] = []
        tail: CondPageBreak | None = None  # the tallest CondPageBreak after the last heading (a caption's own)
        while j < len(flows) and isinstance(flows[j], (Heading, CondPageBreak)):
            if isinstance(flows[j], Heading):
                heads.append(flows[j])
                tail = None
            elif tail is None or float(flows[j].height) >= float(tail.height):
                tail = flows[j]
            j += 1
        # the headings keep with what follows through the CondPageBreak below, not through
        # keepWithNext (which would move a heading and a whole long paragraph to the next page)
        for h in heads:
            h.keepWithNext = 0
        # a short paragraph between the headings and an example travels with them (unless the
        # three are taller than a page: then the paragraph stays with the headings, the box moves on)
        if (
            j + 1 < len(flows)
            and type(flows[j]) is Paragraph
            and isinstance(flows[j + 1], ExampleGroup)
            and box_height(flows[j], styles.width) < INTRO_PARAGRAPH_LINES * styles.body.leading
            and (
                not styles.height
                or sum(box_height(f, styles.width) + 4 for f in heads) + box_height(flows[j], styles.width)
                + flows[j + 1].height_now(styles.width) < styles.height
            )
        ):
            heads.append(flows[j])
            j += 1
        texts = [f for f in heads if isinstance(f, Paragraph)]
        heads_h = sum(
            box_height(f, styles.width) + f.style.spaceBefore + f.style.spaceAfter for f in texts
        ) + 4
        following = flows[j] if j < len(flows) else None
        needed = heads_h
        least = 0.0
        kept_box: ExampleGroup | None = None
        table: Flowable | None = None  # a table that starts under the headings (or under their caption)
        above = 0.0  # and the room the headings (and caption) above it take
        if isinstance(following, ExampleGroup):
            box = following.height_now(styles.width) - SPACE_BELOW
            if not styles.height or heads_h + box < styles.height:
                needed = heads_h + box  # the headings and the whole box, or all move on together
                kept_box = following
                if heads and type(heads[-1]) is Paragraph:
                    least = heads_h  # ... unless that leaves half a page empty: then the box goes on alone
            else:
                # heading and box never share one page: the heading starts a page and the box
                # follows it straight away, going over to the next page (its title row repeated)
                flows[j] = following.box
                needed = styles.height - 1
        elif tail is not None and tail.height:
            needed = heads_h + float(tail.height)
            if isinstance(tail, TableGuard):
                table, above = tail.table, heads_h + tail.above
        elif following is not None:
            needed = heads_h + _lead_height(following, styles)
            table, above = following, heads_h
            after = flows[j + 1] if j + 1 < len(flows) else None
            if (
                type(following) is Paragraph
                and isinstance(after, (TableFlow, KeepTogether))
                and box_height(following, styles.width) < 3 * styles.body.leading
                and (
                    box_height(following, styles.width) < 1.5 * styles.body.leading
                    or leads_in(following)
                )
            ):
                # a line, or two that lead into it, go where the table or box goes (two lines
                # complete in themselves may stay under their heading while the table goes on)
                needed = heads_h + box_height(following, styles.width) + following.style.spaceAfter
                table, above = after, needed
                needed += _lead_height(after, styles)
        if styles.height:
            needed = min(needed, styles.height - 1)
        before = out[-1] if out else None
        if isinstance(before, TableFlow):
            before.then_needs = needed  # the table's end leaves room for the headings and what they keep
        guarded = (least or kept_box is not None) and styles.height
        if guarded:
            out.append(HeadingGuard(needed, least, styles.height, kept_box))
        else:
            out.append(table_guard(needed, above, table) if table is not None and needed < styles.height - 1 else CondPageBreak(needed))
        out.extend(heads)
        i = j
    return out


#: How far ahead (in flowables) to look for something that fits the room.
FLOAT_LOOKAHEAD = 12


def leads_in(flow: Flowable) -> bool:
    """A paragraph that ends with a colon: it introduces what follows it and keeps with its start."""
    return type(flow) is Paragraph and re.sub(r"<[^>]*>", "", flow.text).rstrip().endswith(":")


def _whole(flow: Flowable) -> bool:
    """A flowable that moves whole to the next page rather than split (a box, a short table)."""
    if isinstance(flow, TableFlow):
        return not flow.splittable
    return isinstance(flow, KeepTogether)


def _movable(flow: Flowable) -> bool:
    """What may be placed before a box that has to wait: text, boxes and tables, not a heading or a break."""
    return isinstance(flow, (Paragraph, KeepTogether, Table, ListFlowable, Spacer)) and not isinstance(flow, Heading)


def _height(flow: Flowable, width: float) -> float:
    return box_height(flow, width) + getattr(flow, "spaceBefore", 0) + getattr(flow, "spaceAfter", 0)


def float_into_room(flowables: list[Flowable], room: float, page_height: float, width: float) -> bool:
    """When the first flowable must wait for the next page and would leave more than a quarter of this
    one empty (`FLOAT_ROOM_SHARE`), a box that fits set shorter (its words beside its cards) is
    set so; else move the flowables after it that fit the room in front of it: those of its own section,
    in their order. The next section's start never moves ahead of it (an example printed after the
    heading of the section that follows it would read as part of that section). Returns whether anything
    moved."""
    first = flowables[0]
    if not _whole(first) or room < FLOAT_ROOM_SHARE * page_height:
        return False
    need = box_height(first, width)
    if need <= room or need > page_height:
        return False
    if isinstance(first, ExampleGroup) and (first.fits_at_foot(width, room) or first.shorten_to(width, room - SPACE_ABOVE)):
        return False  # the box fits here without the space below it, or set shorter: nothing need move
    moved: list[int] = []
    space = room
    for k in range(1, min(len(flowables), FLOAT_LOOKAHEAD + 1)):
        flow = flowables[k]
        if isinstance(flow, Heading):
            break  # a section's start never goes ahead of the box before it: its examples come first
        if isinstance(flow, CondPageBreak):
            if moved == list(range(1, k)):
                moved.append(k)  # a caption's guard goes with the caption it guards
                continue
            break
        if not _movable(flow):
            break
        height = _height(flow, width)
        if height <= space:
            moved.append(k)
            space -= height
    # a lead-in (a paragraph ending with a colon) never moves without the start of what it introduces
    moved = [k for k in moved if not (leads_in(flowables[k]) and k + 1 < len(flowables) and k + 1 not in moved)]
    while moved and isinstance(flowables[moved[-1]], CondPageBreak):
        moved.pop()  # a guard whose caption stays behind stays behind too
    if not moved or all(isinstance(flowables[k], (Spacer, CondPageBreak)) for k in moved):
        return False
    rest = [f for k, f in enumerate(flowables) if k not in moved and k != 0]
    flowables[:] = [flowables[k] for k in moved] + [first] + rest
    return True
