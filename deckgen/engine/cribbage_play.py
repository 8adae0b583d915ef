"""Cribbage beyond the show: the pegging during the play, his heels, and the end of a game.

The play is written as the cards in the order they were laid; the engine knows
whose card each is from the hands, works out every "go" itself (a player must
play when able) and pegs each card as it lands: fifteen, thirty-one, pairs,
runs among the latest cards of the count, the go and the last card.
`peg_play` is the one function that does this, so the worked examples, the
tests and the benchmark all share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, cards_field, name_or_nobody, rule, said_list, unique_cards
from deckgen.engine.cribbage import cribbage_rank, pip_value

LIMIT = 31  # the count may never pass this
FIFTEEN = 15
PAIR_POINTS = {2: 2, 3: 6, 4: 12}  # a pair, pair royal, double pair royal


@dataclass(frozen=True)
class Peg:
    """One card laid in the play and what it pegged; `reasons` name each part ('fifteen 2', 'go 1')."""

    player: str
    card: Card
    count: int
    points: int
    reasons: tuple[str, ...]


def _rank(card: Card) -> int:
    return cribbage_rank(card)


def card_points(sequence: Sequence[Card], count: int) -> list[tuple[str, int]]:
    """What the last card of `sequence` (the cards since the count began) pegs, before any go."""
    parts: list[tuple[str, int]] = []
    if count == FIFTEEN:
        parts.append(("fifteen", 2))
    if count == LIMIT:
        parts.append(("thirty-one", 2))
    ranks = [_rank(c) for c in sequence]
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    if same >= 2:
        parts.append(({2: "pair", 3: "pair royal", 4: "double pair royal"}[same], PAIR_POINTS[same]))
    for length in range(len(ranks), 2, -1):
        tail = sorted(ranks[-length:])
        if all(b - a == 1 for a, b in zip(tail, tail[1:])):
            parts.append((f"run of {length}", length))
            break
    return parts


def _can_play(hand: Sequence[Card], count: int) -> bool:
    return any(count + pip_value(_rank(c)) <= LIMIT for c in hand)


def peg_play(hands: Mapping[str, Sequence[Card]], play: Sequence[Card], go_point: int = 1) -> list[Peg]:
    """Peg a play: `hands` in turn order (the first leads), `play` the cards in the order laid.

    Raises ExampleError when a card is not the next player's, would pass 31, or comes after a
    player who could have played. A go (nobody can add a card) scores `go_point` to whoever laid
    the last card unless the count is 31; the last card of all scores it too.
    """
    order = list(hands)
    left = {name: list(cards) for name, cards in hands.items()}
    owner = {card: name for name, cards in hands.items() for card in cards}
    pegs: list[Peg] = []
    sequence: list[Card] = []
    count = 0
    turn = 0  # index into order of the player to lay the next card
    for step, card in enumerate(play, 1):
        if card not in owner:
            raise ExampleError(f"play: card {step} ({card}) is in nobody's hand", "play")
        # skip players who cannot play (they say go) until one can
        for _ in range(len(order)):
            if _can_play(left[order[turn]], count):
                break
            turn = (turn + 1) % len(order)
        mover = order[turn]
        if owner[card] != mover:
            raise ExampleError(
                f"play: card {step} ({card}) is {owner[card]}'s, but it is {mover}'s turn to play", "play"
            )
        if card not in left[mover]:
            raise ExampleError(f"play: card {step} ({card}) was played already", "play")
        value = pip_value(_rank(card))
        if count + value > LIMIT:
            raise ExampleError(f"play: card {step} ({card}) would take the count from {count} past 31", "play")
        left[mover].remove(card)
        count += value
        sequence.append(card)
        parts = card_points(sequence, count)
        all_out = not any(left.values())
        stuck = not any(_can_play(cards, count) for cards in left.values())
        if count != LIMIT and (stuck or all_out):
            parts.append(("last card" if all_out else "go", go_point))
        pegs.append(Peg(mover, card, count, sum(p for _, p in parts), tuple(f"{n} {p}" for n, p in parts)))
        turn = (turn + 1) % len(order)
        if count == LIMIT or stuck:
            # a new count starts with the player after the one who laid the last card
            count = 0
            sequence = []
    return pegs


# ------------------------------------------------------------ the end of a game


def game_result(scores: Mapping[str, int], rules: CribbageGameRules | Mapping[str, Any] | None = None) -> tuple[str | None, int, str]:
    """Winner (or None while nobody has reached the game), games won, and 'win', 'skunk' or 'double skunk'."""
    house = CribbageGameRules.of(rules)
    target = house.game_points
    skunk = house.skunk_line
    double = house.double_skunk_line
    winners = [name for name, s in scores.items() if s >= target]
    if len(winners) > 1:
        raise ExampleError("scores: only one player can reach the game hole; the game stops there", "scores")
    if not winners:
        return None, 0, "not over"
    losers = [s for name, s in scores.items() if name != winners[0]]
    best_loser = max(losers) if losers else target
    if best_loser < double:
        return winners[0], house.double_skunk_games, "double skunk"
    if best_loser < skunk:
        return winners[0], house.skunk_games, "skunk"
    return winners[0], 1, "win"


def _hands(inputs: Mapping[str, Any]) -> dict[str, list[Card]]:
    raw = inputs.get("hands")
    if not isinstance(raw, Mapping) or len(raw) < 2:
        raise ExampleError("hands: expected {name: cards} for two or more players, the one who leads first", "hands")
    hands = {str(name): cards_field(raw, name) for name in raw}
    for name, cards in hands.items():
        if any(c.is_joker for c in cards):
            raise ExampleError(f"hands: {name} holds a joker; cribbage has none", "hands")
    return hands


def _pegs(inputs: Mapping[str, Any], rules: CribbagePlayRules | Mapping[str, Any]) -> tuple[dict[str, list[Card]], list[Peg]]:
    house = CribbagePlayRules.of(rules)
    hands = _hands(inputs)
    play = cards_field(inputs, "play")
    starter = cards_field(inputs, "starter", required=False)
    unique_cards([c for cards in hands.values() for c in cards] + starter, where="hands and starter")
    return hands, peg_play(hands, play, house.go_point)


def compute(inputs: Mapping[str, Any], rules: CribbagePlayRules | Mapping[str, Any]) -> dict[str, Any]:
    """Points pegged by each player in the play (with his heels to the dealer), card by card."""
    house = CribbagePlayRules.of(rules)
    hands, pegs = _pegs(inputs, house)
    pegged = {name: 0 for name in hands}
    for peg in pegs:
        pegged[peg.player] += peg.points
    starter = cards_field(inputs, "starter", required=False)
    heels = 0
    if starter:
        if len(starter) != 1:
            raise ExampleError(f"starter: expected one card, got {len(starter)}", "starter")
        if starter[0].rank == Rank.JACK:
            heels = house.heels_points
            # the dealer is the last of the turn order: the player on the dealer's left leads
            pegged[list(hands)[-1]] += heels
    return {
        "pegged": pegged,
        "points": [p.points for p in pegs],
        "counts": [p.count for p in pegs],
        "heels": heels,
        "goes": sum(1 for p in pegs if any(r.startswith("go") for r in p.reasons)),
    }


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """One line per card that pegs, then each player's total."""
    hands, pegs = _pegs(inputs, rules)
    said = [f"{peg.player} {peg.card} to {peg.count} ({', '.join(peg.reasons)})" for peg in pegs if peg.points]
    lines = ["Pegging: " + "; ".join(said)] if said else ["Nothing is pegged"]
    result = compute(inputs, rules)
    if result["heels"]:
        lines.insert(0, f"The starter is a jack: {list(hands)[-1]}, the dealer, pegs {result['heels']} for his heels")
    totals = ", ".join(f"{name} {n}" for name, n in result["pegged"].items())
    lines.append(f"Pegged in all: {totals}")
    return lines


_COUNTS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _for(reason: str) -> str:
    """ "pair 2" as a player says it: "pair for 2"; a run scores its length, so "run of 3 3" is "run of three"."""
    what, _, points = reason.rpartition(" ")
    if not (what and points.isdigit()):
        return reason
    length = what.removeprefix("run of ")
    if length != what and length.isdigit() and int(length) == int(points) and int(points) in _COUNTS:
        return f"run of {_COUNTS[int(points)]}"
    return f"{what} for {points}"


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """What each player pegs, and for what, in one sentence; his heels first when the starter is a jack."""
    hands, pegs = _pegs(inputs, rules)
    result = compute(inputs, rules)
    parts = []
    for name, total in result["pegged"].items():
        # each card that pegs, then what for, as a scorer calls it: "8♥ pair for 2, 2♦ go for 1"
        why = [f"{p.card} {said_list([_for(r) for r in p.reasons])}" for p in pegs if p.points and p.player == name]
        parts.append(f"{name} pegs {total}" + (f" ({', '.join(why)})" if why else ""))
    heels = f"{list(hands)[-1]}, the dealer, pegs {result['heels']} for his heels; then " if result["heels"] else ""
    sentence = heels + "; ".join(parts)
    return [sentence[:1].upper() + sentence[1:] + "."]


def compute_game(inputs: Mapping[str, Any], rules: CribbageGameRules | Mapping[str, Any]) -> dict[str, Any]:
    raw = inputs.get("scores")
    if not isinstance(raw, Mapping) or len(raw) < 2:
        raise ExampleError("scores: expected {name: holes} for every player", "scores")
    scores: dict[str, int] = {}
    for name, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ExampleError(f"scores: {name}'s holes must be a whole number, got {value!r}", "scores")
        scores[str(name)] = value
    winner, games, result = game_result(scores, rules)
    return {"winner": name_or_nobody(winner), "games": games, "result": result}


def explain_game(inputs: Mapping[str, Any], rules: CribbageGameRules | Mapping[str, Any]) -> list[str]:
    house = CribbageGameRules.of(rules)
    r = compute_game(inputs, house)
    if not r["winner"]:
        return [f"Nobody has reached {house.game_points} yet: the game goes on"]
    plural = "game" if r["games"] == 1 else "games"
    how = "a plain win" if r["result"] == "win" else f"a {r['result']}"
    return [f"{r['winner']} reaches {house.game_points}: {how}, worth {r['games']} {plural}"]


def summary_game(inputs: Mapping[str, Any], rules: CribbageGameRules | Mapping[str, Any]) -> list[str]:
    """Who reaches the game hole, where the others stand against the skunk lines, and what the win is worth."""
    house = CribbageGameRules.of(rules)
    r = compute_game(inputs, house)
    scores = {str(n): v for n, v in inputs["scores"].items()}
    if not r["winner"]:
        standing = said_list([f"{n} on {v}" for n, v in scores.items()])
        return [f"Nobody has reached {house.game_points} yet ({standing}): the game goes on."]
    others = [n for n in scores if n != r["winner"]]
    standing = said_list([f"{n} on {scores[n]}" for n in others])
    games = f"{r['games']} game{'' if r['games'] == 1 else 's'}"
    if r["result"] == "win":
        return [f"{r['winner']} reaches {house.game_points} with {standing}: a plain win, worth {games}."]
    line = house.double_skunk_line if r["result"] == "double skunk" else house.skunk_line
    short = "short of" if len(others) == 1 else "both short of" if len(others) == 2 else "all short of"
    return [f"{r['winner']} reaches {house.game_points} with {standing}, {short} {line}: a {r['result']}, worth {games}."]


@dataclass(frozen=True)
class CribbagePlayRules(Rules):
    """The house rules of the play: the go and his heels."""

    game: ClassVar[str] = "cribbage-play"
    go_point: int = rule(
        1,
        'Points for a go',
        'What a go (or the last card) pegs.',
        minimum=0,
    )
    heels_points: int = rule(
        2,
        'Points for his heels',
        'What the dealer pegs when the starter is a jack (his heels).',
        minimum=0,
    )


@dataclass(frozen=True)
class CribbageGameRules(Rules):
    """The house rules of a game's end: its length and the skunk lines."""

    game: ClassVar[str] = "cribbage-game"
    game_points: int = rule(
        121,
        'Points for game',
        'Holes to win the game: 121, or 61 for the short game.',
        minimum=1,
    )
    skunk_line: int = rule(
        91,
        'Skunk line',
        'A loser short of this hole is skunked.',
        minimum=0,
    )
    double_skunk_line: int = rule(
        61,
        'Double skunk line',
        'A loser short of this hole is double-skunked.',
        minimum=0,
    )
    skunk_games: int = rule(
        2,
        'Games for a skunk',
        'Games a skunk counts as.',
        minimum=1,
    )
    double_skunk_games: int = rule(
        3,
        'Games for a double skunk',
        'Games a double skunk counts as.',
        minimum=1,
    )


PLAY_SPEC = GameSpec(
    name="cribbage-play",
    title="Cribbage: pegging during the play",
    inputs={
        "hands": "each player's cards for the play, {name: cards}, in turn order: the player who leads first, the dealer last",
        "play": "the cards in the order they were laid (goes are worked out)",
        "starter": "the starter (optional): a jack pegs his heels to the dealer",
    },
    quantities=(
        Quantity("pegged", "mapping", "each player's points from the play (and his heels)"),
        Quantity("points", "list", "what each card pegged, in the order laid"),
        Quantity("counts", "list", "the running count after each card"),
        Quantity("heels", "int", "points for his heels (a jack turned as the starter)"),
        Quantity("goes", "int", "how many times a go was scored (the last card not included)"),
    ),
    compute=compute,
    rules=CribbagePlayRules,
    required=("hands", "play"),
    explain=explain,
    summary=summary,
    card_inputs=("hands", "starter"),
)

GAME_SPEC = GameSpec(
    name="cribbage-game",
    title="Cribbage: the end of a game and skunks",
    inputs={"scores": "each player's holes when the game stops, {name: holes}"},
    quantities=(
        Quantity("winner", "str", "who reached the game hole (none while the game goes on)"),
        Quantity("games", "int", "games the win counts as (1, or more for a skunk)"),
        Quantity("result", "str", "'win', 'skunk', 'double skunk' or 'not over'"),
    ),
    compute=compute_game,
    rules=CribbageGameRules,
    required=("scores",),
    explain=explain_game,
    summary=summary_game,
)

GAMES = [PLAY_SPEC, GAME_SPEC]

__all__ = ["Peg", "card_points", "peg_play", "game_result", "PLAY_SPEC", "GAME_SPEC", "GAMES"]
