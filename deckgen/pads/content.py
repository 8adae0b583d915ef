"""What each score pad holds, from the engine's typed house rules under the deck's [house_rules]
(the booklet's layering: defaults, [house_rules.<rules file>], [house_rules.<game>])."""

from __future__ import annotations

from typing import Any

from deckgen.design import Design
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game
from deckgen.engine.table import number
from deckgen.errors import UserError
from deckgen.pads.sheet import Pad

__all__ = ["PADS", "pad_for"]


def _rules(design: Design, game: str, file_name: str) -> dict[str, Any]:
    from deckgen.booklet.sources import game_rules  # the booklet's own layering of [house_rules]

    spec = get_game(game)
    assert spec is not None, game
    try:
        return spec.resolve_rules(game_rules(spec, design.house_rules, file_name))
    except ExampleError as exc:
        raise UserError(f"{design.source}: house_rules.{file_name}: {exc}") from None


def gin_pad(design: Design) -> Pad:
    """Two players' hand points and running totals; the knock limit and bonuses in the head, the
    game's end (game bonus, a box bonus per hand won, the shutout) at the foot."""
    hand = _rules(design, "gin-rummy", "gin-rummy")
    game = _rules(design, "gin-game", "gin-rummy")
    tie = "a tie on a knock is an undercut" if hand["undercut_on_tie"] else "a tie on a knock scores nothing"
    rules = (
        f"Knock with {hand['knock_limit']} or less deadwood. Knock: the difference. "
        f"Undercut bonus {hand['undercut_bonus']}; {tie}. Gin bonus {hand['gin_bonus']}, "
        f"big gin bonus {hand['big_gin_bonus']}, each on top of the other's deadwood.",
        f"Game to {game['target']}: game bonus {game['game_bonus']}, box bonus {game['line_bonus']} for every hand won, "
        f"all doubled (x {game['shutout_multiplier']}) when the loser scored no hand.",
    )
    columns = (("Player 1", "Points"), ("Player 1", "Total"), ("Player 2", "Points"), ("Player 2", "Total"))
    foot = (
        ("Boxes", f"hands won x {game['line_bonus']}"),
        ("Game", f"+ {game['game_bonus']} to who reached {game['target']}"),
        ("Shutout", f"x {game['shutout_multiplier']} if the other won no hand"),
        ("Final", "total, boxes and game bonus"),
    )
    return Pad("gin-rummy", "Gin rummy", rules, columns, foot)


def bridge_pad(design: Design) -> Pad:
    """A rubber: We and They, bonuses above the line, trick points below, the rubber's bonuses at the foot."""
    rubber = _rules(design, "bridge-rubber", "bridge")
    rules = (
        f"Below the line: trick points bid and made; 100 make a game. Above: overtricks, undertricks, "
        f"honours, slams (small {number(rubber['small_slam_bonus'])}, vulnerable {number(rubber['small_slam_bonus_vul'])}; "
        f"grand {number(rubber['grand_slam_bonus'])}, vulnerable {number(rubber['grand_slam_bonus_vul'])}), "
        f"made doubled {number(rubber['insult_bonus'])}.",
        f"Rubber: {number(rubber['rubber_bonus_fast'])} for two games to none, {number(rubber['rubber_bonus'])} for two "
        f"to one. Unfinished: {number(rubber['unfinished_game_bonus'])} for a game, "
        f"{number(rubber['unfinished_part_score_bonus'])} for a part score.",
    )
    foot = (
        ("Rubber bonus", f"{number(rubber['rubber_bonus_fast'])} (2-0) or {number(rubber['rubber_bonus'])} (2-1)"),
        ("Total", "above and below the line"),
    )
    return Pad("bridge", "Bridge: a rubber", rules, (("We", ""), ("They", "")), foot, above=9, first_column="",
               numbered=False, line_label="the line")


def cribbage_pad(design: Design) -> Pad:
    """Two players' hand, crib and pegging by deal with running totals, to the 121 of the game."""
    rules = _rules(design, "cribbage", "cribbage")
    text = (f"Flush: {rules['hand_flush_min']} cards in the hand, {rules['crib_flush_min']} in the crib. "
            f"His nobs {rules['nobs_points']}. Game: 121.",)
    columns = (("Player 1", "Pegging"), ("Player 1", "Show"), ("Player 1", "Total"),
               ("Player 2", "Pegging"), ("Player 2", "Show"), ("Player 2", "Total"))
    return Pad("cribbage", "Cribbage", text, columns, (("Winner", ""),), first_column="Deal")


def golf_pad(design: Design) -> Pad:
    """Four players' points by hole, low wins; the head gives the cards' values as the engine counts them."""
    from deckgen.cards import parse_card
    from deckgen.engine.golf import card_points, square_score

    rules = _rules(design, "golf", "golf")
    value = {label: card_points(parse_card(code), rules) for label, code in
             (("ace", "AS"), ("two", "2S"), ("ten", "10S"), ("jack or queen", "QS"), ("king", "KS"))}
    where = "in a column" if rules["pair_scope"] == "column" else "anywhere in the square"
    trips = square_score([parse_card(c) for c in ("9S", "9H", "9D", "4C")], rules)
    text = (f"Ace {value['ace']}, two {value['two']}, numbers their value (ten {value['ten']}), "
            f"jack or queen {value['jack or queen']}, king {value['king']}. A pair cancels {where}. "
            f"Three nines and a four score {trips}. Low total wins; ante {number(rules['ante'])} each.",)
    columns = tuple((f"Player {n}", "") for n in range(1, 5))
    return Pad("golf", "Golf", text, columns, (("Total", "lowest wins the pot"),), first_column="Hole")


PADS = {"gin-rummy": gin_pad, "bridge": bridge_pad, "cribbage": cribbage_pad, "golf": golf_pad}


def pad_for(design: Design, game: str) -> Pad:
    """The pad of `game` for this deck, or a UserError naming the games that have one."""
    if game not in PADS:
        raise UserError(f"pads: no score pad for '{game}'; expected one of {', '.join(PADS)}")
    return PADS[game](design)
