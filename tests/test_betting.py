"""Limit betting arithmetic and the rules it checks (the seed's house betting standard)."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.betting import BETTING, parse_action

ROUND1 = ["P1 bet 25", "P2 raise 25", "P3 raise 25", "P4 raise 25", "P1 call 75", "P2 call 50", "P3 call 25"]


def run(rules=None, **inputs):
    return BETTING.run(inputs, rules)


def test_example_a_both_rounds_are_legal():
    out = run(
        players="P1 P2 P3 P4",
        rounds=[ROUND1, ["P1 bet 50", "P2 raise 50", "P3 raise 50", "P4 raise 50", "P1 call", "P2 call", "P3 call"]],
    )
    assert out["contributions"] == {"P1": 325, "P2": 325, "P3": 325, "P4": 325}
    assert out["pot"] == 1300
    assert out["round_totals"] == [400, 800]
    assert out["legal"] is True and out["illegal"] == [] and out["problems"] == []


def test_after_round_one_each_player_has_125_in():
    out = run(players=["P1", "P2", "P3", "P4"], rounds=[ROUND1])
    assert out["contributions"] == {"P1": 125, "P2": 125, "P3": 125, "P4": 125}
    assert out["pot"] == 500


def test_example_b_as_printed_breaks_two_rules():
    out = run(
        rounds=[
            ROUND1,
            ["P1 fold", "P2 check", "P3 bet 50", "P4 call 50", "P5 raise 25", "P6 raise 50", "P2 raise 50",
             "P3 fold", "P4 call 125", "P5 call 100", "P6 call 50"],
        ]
    )
    assert out["illegal"] == ["round 1: P1 call 75", "round 2: P5 raise 25"]
    assert out["problems"] == [
        "round 1: P1 acts out of turn: P5 is next",
        "round 1: the round ends before P5 and P6 act",
        "round 2: P5's raise of 25: a raise in round 2 is exactly 50",
    ]
    # the source's own total (300 each) holds only for players who were in round 1
    assert out["contributions"] == {"P1": 125, "P2": 300, "P3": 175, "P4": 300, "P5": 200, "P6": 200}
    assert sorted(out["active"]) == ["P2", "P4", "P5", "P6"]


def test_example_b_corrected():
    out = run(
        players="P1 P2 P3 P4 P5 P6",
        rounds=[
            ["P1 bet 25", "P2 raise 25", "P3 raise 25", "P4 raise 25", "P5 call", "P6 call", "P1 call", "P2 call", "P3 call"],
            ["P1 fold", "P2 check", "P3 bet 50", "P4 call", "P5 raise 50", "P6 raise 50", "P2 raise 50",
             "P3 fold", "P4 call", "P5 call", "P6 call"],
        ],
    )
    assert out["legal"] is True
    assert out["contributions"] == {"P1": 125, "P2": 325, "P3": 175, "P4": 325, "P5": 325, "P6": 325}
    assert out["pot"] == 1600


def test_a_fourth_raise_is_past_the_cap():
    out = run(rounds=[["A bet 25", "B raise 25", "C raise 25", "A raise 25", "B raise 25", "C call", "A call"]])
    assert out["illegal"] == ["round 1: B raise 25"]
    assert out["problems"] == ["round 1: B's raise is raise number 4 in round 1, but at most 3 are allowed"]
    assert out["contributions"] == {"A": 150, "B": 150, "C": 150}


def test_amount_limits_and_the_no_limit_house_rule():
    out = run(rounds=[["A bet 50", "B call"]])
    assert out["problems"] == ["round 1: A's bet of 50: a bet in round 1 is exactly 25"]
    loose = {"fixed_limit": False}
    assert run(loose, rounds=[["A bet 10", "B raise 25", "A call"]])["legal"] is True
    out = run(loose, rounds=[["A bet 10", "B raise 30", "A call"]])
    assert out["problems"] == ["round 1: B's raise of 30: the limit in round 1 is 25"]
    stud = {"big_from": 5}
    out = run(stud, rounds=[["A bet 25", "B call"]] * 4 + [["A bet 50", "B call"]])
    assert out["legal"] is True and out["pot"] == 50 + 4 * 50 + 100


def test_the_summary_says_each_broken_rule_in_a_short_clause_all_in_one_sentence():
    summary = BETTING.summary
    assert summary is not None
    rules = BETTING.resolve_rules({"fixed_limit": False})  # a house rule: any bet up to the limit
    said = summary({"players": "A B C", "rounds": [["A bet 25", "B raise 30", "C fold", "A call"],
                                                   ["A bet 75", "B raise 50", "C call"]]}, rules)
    assert said == [
        "Pot 385 (antes of 25, then 110 and 200): A 155, B 205, C 25.",
        "Round 1: B raises 30, over the limit of 25; round 2: A bets 75, over the limit of 50; C has folded and "
        "cannot act; the round ends with A owing 50.",
    ]
    no_ante = BETTING.resolve_rules({"ante": 0})
    said = summary({"rounds": [["A bet 25", "B raise 25", "C raise 25", "D raise 25", "A raise 25", "B call", "C call", "D call"]]},
                   no_ante)
    assert said == ["Pot 500 (a round of 500): A 125, B 125, C 125, D 125.",
                    "Round 1: A's raise is raise number 4, but at most 3 are allowed."]
    said = summary({"players": "A B C", "rounds": [["A bet 25", "B call"], ["A check", "B check"]]}, no_ante)
    assert said == ["Pot 50 (rounds of 50 and 0): A 25, B 25, C 0.", "Round 1: C does not act; round 2: C does not act."]


def test_example_b_as_printed_says_its_outcome_in_two_lines_of_the_booklet_box():
    """Six players, two rounds and three broken rules: the longest betting outcome shipped (rules/poker.md)
    sets in two lines of the pocket booklet's box (the earlier wording took three)."""
    from reportlab.platypus import Paragraph

    from deckgen.booklet.boxes import BOX_PADDING
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.styles import Palette, grouped, make_styles, markup

    assert BETTING.summary is not None
    rounds = [ROUND1, ["P1 fold", "P2 check", "P3 bet 50", "P4 call 50", "P5 raise 25", "P6 raise 50", "P2 raise 50",
                       "P3 fold", "P4 call 125", "P5 call 100", "P6 call 50"]]
    said = BETTING.summary({"rounds": rounds}, BETTING.resolve_rules({}))
    styles = make_styles(Palette(), PageLayout().text_width)
    outcome = Paragraph(" ".join(markup(grouped(s, figures=True), styles) for s in said), styles.cell)
    outcome.wrap(styles.width - 2 * BOX_PADDING, 1e6)
    assert len(outcome.blPara.lines) == 2, said


def test_turn_and_check_mistakes():
    # The seed's house standard (seed 001, "The betting round ends when ... all the other active
    # players call the last bet or raise"): A, whom nobody raised, has no turn left, so B's call
    # after his wrong check is his turn: one report, for the check (it said "A is next" too).
    out = run(rounds=[["A bet 25", "B check", "B call"]])
    assert out["problems"] == ["round 1: B cannot check facing a bet: 25 to call"]
    assert out["illegal"] == ["round 1: B check"] and out["contributions"] == {"A": 50, "B": 50}
    out = run(players="A B C", rounds=[["A bet 25", "B fold", "C call", "B call"]])
    assert out["illegal"] == ["round 1: B call"]
    out = run(rounds=[["A bet 25", "B raise 25"]])
    assert out["problems"] == ["round 1: the round ends with A owing 25"]
    out = run(rounds=[["A bet 25", "B call 50"]])
    assert out["problems"] == ["round 1: B calls 50, but the call is 25"]


def test_everyone_checks_leaves_the_pot_alone():
    out = run(rounds=[["A check", "B check", "C check"]], ante=10)
    assert out["pot"] == 30 and out["round_totals"] == [0] and out["legal"] is True


def test_raise_to_notation():
    out = run(rounds=[["A bet 25", "B raise to 50", "A call"]])
    assert out["legal"] is True and out["contributions"] == {"A": 75, "B": 75}


def test_bad_input_names_the_round_and_token():
    with pytest.raises(ExampleError, match="round 2: 'P1 shoves' is not an action"):
        run(rounds=[["P1 check", "P2 check"], ["P1 shoves"]])
    with pytest.raises(ExampleError, match="round 1: 'Zed' is not one of the players"):
        run(players="A B", rounds=[["Zed bet 25"]])
    with pytest.raises(ExampleError, match="needs an amount"):
        parse_action("A bet", "round 1")
    with pytest.raises(ExampleError, match="rules.ante: expected a whole number"):
        run({"ante": "lots"}, rounds=[["A check", "B check"]])


def test_explain_lines():
    lines = BETTING.explain({"players": "P1 P2 P3 P4", "rounds": [ROUND1]}, BETTING.defaults)
    assert lines == [
        "Antes: 25 each, 100 in all.",
        "Round 1: 400 more into the pot.",
        "In the pot: P1 125, P2 125, P3 125, P4 125; pot 500.",
    ]


def test_check_names_the_illegal_action_with_file_and_line(tmp_path):
    from deckgen.booklet.check import check_paths

    page = tmp_path / "house.md"
    page.write_text(
        "# Betting\n\n"
        "```deckgen\n"
        "game: poker-betting\n"
        "rounds:\n"
        "  - [P1 bet 25, P2 raise 25, P3 raise 25, P4 raise 25, P1 raise 25, P2 call, P3 call, P4 call]\n"
        "expect:\n"
        "  illegal: []\n"
        "  pot: 700\n"
        "```\n",
        encoding="utf-8",
    )
    results = check_paths([page])
    lines = [str(f) for r in results for f in r.failures]
    assert lines == [
        f"{page}:8: poker-betting: illegal: expected [], got [round 1: P1 raise 25]",
        f"{page}:9: poker-betting: pot: expected 700, got 600",
    ]


def test_max_raises_and_bet_sizes_are_house_rules():
    actions = [["A bet 10", "B raise 10", "C raise 10", "A raise 10", "B raise 10", "C call", "A call"]]
    rules = {"ante": 5, "small_bet": 10, "big_bet": 20, "max_raises": 4}
    out = run(rules, rounds=actions)
    assert out["legal"] is True and out["contributions"] == {"A": 55, "B": 55, "C": 55}
    out = run({**rules, "max_raises": 2}, rounds=actions)
    assert out["illegal"] == ["round 1: A raise 10", "round 1: B raise 10"]


# The seed's house betting standards (seed 001): "The players act in clockwise order around the
# table, continuing for as many circuits as are necessary, missing any players who have dropped
# out, until all active players have had a turn and the stakes of all the active players are
# equal", and "The betting round ends when either all the active players check, or all the other
# active players call the last bet or raise, or there is only one active player remaining."


def test_a_wrong_check_is_one_report_and_the_bettor_has_no_turn_left():
    # The case: after Ann bet 25, Bob check, Cy call, the engine also called Bob's call out
    # of turn, "Ann is next"; Ann, whom nobody raised, has no turn left, so Bob is next.
    out = run(players="Ann Bob Cy", rounds=[["Ann bet 25", "Bob check", "Cy call", "Bob call"]])
    assert out["problems"] == ["round 1: Bob cannot check facing a bet: 25 to call"]
    assert out["illegal"] == ["round 1: Bob check"]
    assert out["contributions"] == {"Ann": 50, "Bob": 50, "Cy": 50}


def test_after_a_raise_that_is_called_only_the_players_short_of_it_have_a_turn():
    # Bob raises; Cy checks facing it (wrong), Ann calls the raise: Bob, whose raise it is, has no
    # turn left, so Cy, still short, is next, and his call ends the round.
    out = run(players="Ann Bob Cy", rounds=[["Ann bet 25", "Bob raise 25", "Cy check", "Ann call", "Cy call"]])
    assert out["problems"] == ["round 1: Cy cannot check facing a bet: 50 to call"]
    assert out["contributions"] == {"Ann": 75, "Bob": 75, "Cy": 75}
    # a raise that everyone calls ends the round: the raiser acting again is after its end
    out = run(players="Ann Bob", rounds=[["Ann bet 25", "Bob raise 25", "Ann call", "Bob check"]])
    assert out["problems"] == ["round 1: Bob acts after the round has ended: everyone else called the last bet"]
    assert out["illegal"] == ["round 1: Bob check"]


def test_a_round_everyone_checked_is_over():
    out = run(players="A B", rounds=[["A check", "B check", "A bet 25", "B call"]])
    assert out["problems"] == ["round 1: A acts after the round has ended: everyone checked"]
    assert out["illegal"] == ["round 1: A bet 25"]  # applied as written, so B's call is his turn
    out = run(players="A B C", rounds=[["A bet 25", "B fold", "C fold", "A check"]])
    assert out["problems"] == ["round 1: A acts after the round has ended: only A is left"]


def test_out_of_turn_is_one_report_and_the_skipped_player_keeps_his_turn():
    # "Action out of turn ... they are committed to take that action when their proper turn comes":
    # C's call stands, one report; the turn passes on from C, and B, skipped, still has to act.
    out = run(players="A B C", rounds=[["A bet 25", "C call", "B call"]])
    assert out["problems"] == ["round 1: C acts out of turn: B is next"]
    assert out["contributions"] == {"A": 50, "B": 50, "C": 50}
    out = run(players="A B C", rounds=[["A bet 25", "C call"]])
    assert out["problems"] == ["round 1: C acts out of turn: B is next", "round 1: the round ends before B acts"]


def test_the_big_blind_keeps_its_option_when_everyone_calls():
    out = run(players="A B C", blinds=[5, 10], ante=0, rounds=[["C call", "A call", "B check"]])
    assert out["legal"] is True and out["contributions"] == {"A": 10, "B": 10, "C": 10}
