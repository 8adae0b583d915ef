"""Page flow: what may be placed ahead of a box that waits for the next page, and what never is."""

from __future__ import annotations

from reportlab.platypus import CondPageBreak, KeepTogether, Paragraph, Spacer

from deckgen.booklet.pageflow import Heading, float_into_room
from deckgen.booklet.pdf import PageLayout
from deckgen.booklet.styles import Palette, make_styles


def _styles():  # type: ignore[no-untyped-def]
    layout = PageLayout()
    return make_styles(Palette(), layout.text_width, layout.text_height)


def _story(styles):  # type: ignore[no-untyped-def]
    """A box two thirds of a page tall, a short paragraph of its own section, then the next section."""
    box = KeepTogether([Spacer(1, 0.66 * styles.height)])
    own = Paragraph("A sentence that belongs to the box's own section.", styles.body)
    heading = Heading("End of the game", styles.h2, "End of the game", 1, "end")
    after = Paragraph("Deal again until one player is left.", styles.body)
    return box, own, heading, after


def test_the_next_section_never_starts_ahead_of_the_box_before_it() -> None:
    # cucumber, p. 90 of the all-games booklet: "End of the game" was printed before the chapter's last
    # example, which waited for the next page
    styles = _styles()
    box, _own, heading, after = _story(styles)
    story = [box, CondPageBreak(30), heading, after]
    assert float_into_room(story, 0.55 * styles.height, styles.height, styles.width) is False
    assert story == [box, story[1], heading, after]


def test_text_of_the_box_own_section_may_fill_the_room_it_leaves() -> None:
    styles = _styles()
    box, own, heading, after = _story(styles)
    guard = CondPageBreak(30)
    story = [box, own, guard, heading, after]
    assert float_into_room(story, 0.55 * styles.height, styles.height, styles.width) is True
    assert story == [own, box, guard, heading, after]


def test_a_heading_goes_on_with_a_table_too_short_to_split() -> None:
    # farmer's Scoring: the heading asked for room for the table's first five rows, the table (six rows,
    # so never five here and three over) moved on whole, and the heading stayed at the page's foot alone
    from deckgen.booklet.markdown import grid_table
    from deckgen.booklet.pageflow import TableFlow, TableGuard, keep_headings_with_boxes

    styles = _styles()
    rows = [[f"Result {i}", " ".join(["what happens then"] * 9)] for i in range(5)]
    table = TableFlow([grid_table(["Result", "What happens"], rows, styles), Spacer(1, 5)], styles)
    assert table.splittable and table.first_part < table.whole  # asked for less than it needs
    heading = Heading("Scoring", styles.h2, "Scoring", 1, "scoring")
    story = keep_headings_with_boxes([CondPageBreak(30), heading, table], styles)
    guard = story[0]
    assert isinstance(guard, TableGuard) and story[1:] == [heading, table]
    # room for the heading and the table's first rows, not for all of it: the heading goes on too
    room = guard.height + 5
    assert table.moves_whole(styles.width, room - guard.above)
    assert guard.wrap(styles.width, room) != (0, 0)
    # room for the whole table: the heading stays with it
    assert guard.wrap(styles.width, guard.above + table.whole + 1) == (0, 0)
