"""Limit betting arithmetic: who put what into the pot, and which actions broke the limits.

The house standard of the seed collection: everyone antes, bets and raises
come in fixed steps (one chip in the early rounds, double from a later round
on), and a round allows a bet and at most three raises. Given the actions of a
hand, round by round, the `poker-betting` block gives each player's
contribution and the pot, and names every action that breaks those rules.
Illegal actions are still applied as written, so the arithmetic of a printed
example can be checked even where the example itself breaks a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
import re
from typing import Any, ClassVar

from deckgen.engine.base import ExampleError, GameSpec, Quantity, Record, Rules, rule, said_list

__all__ = [
    "Action",
    "blind_seats",
    "BETTING",
    "BettingRules",
    "GAMES",
    "Ledger",
    "PARAMETERS",
    "compute",
    "explain",
    "parse_action",
    "play",
]

@dataclass(frozen=True)
class BettingRules(Rules):
    """The house rules of a betting round: the ante and the limits."""

    game: ClassVar[str] = "poker-betting"
    ante: int = rule(
        25,
        "Ante",
        "What each player puts in before the deal.",
    )
    small_bet: int = rule(
        25,
        "Small bet",
        "The size of a bet or raise in the early rounds.",
    )
    big_bet: int = rule(
        50,
        "Big bet",
        "The size of a bet or raise from round `big_from` on (double the small bet).",
    )
    big_from: int = rule(
        2,
        "Big bet from round",
        "The first round played with the big bet (2 in draw; 5 in seven-card stud).",
    )
    max_raises: int = rule(
        3,
        "Raises per round",
        "Raises allowed in one round after the opening bet.",
    )
    fixed_limit: bool = rule(
        True,
        'Fixed limit',
        "Bets and raises must be exactly the round's size (false: any amount up to it).",
        phrases=("fixed-limit bets", "bets of any size up to the limit"),
    )


PARAMETERS = BettingRules.parameters()

_ACTION = re.compile(
    r"^\s*(?P<who>.+?)\s+(?P<verb>checks?|bets?|calls?|raises?|folds?)(?:\s+(?P<to>to\s+)?(?P<amount>\d+))?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Action:
    who: str
    verb: str  # check | bet | call | raise | fold
    amount: int | None
    to: bool  # `raise to N`: N is the player's total for the round
    text: str


@dataclass
class Ledger:
    """The state of a hand as actions are applied."""

    players: list[str]
    ante: int
    total: dict[str, int] = field(default_factory=dict)
    folded: set[str] = field(default_factory=set)
    round_totals: list[int] = field(default_factory=list)
    illegal: list[str] = field(default_factory=list)
    #: Each rule broken: (where, what was done wrong, why it is wrong or "").
    faults: list[tuple[str, str, str]] = field(default_factory=list)
    #: Each rule broken as the booklet's summary says it, in as few words: (where, clause).
    briefs: list[tuple[str, str]] = field(default_factory=list)

    def flag(self, where: str, action: Action | None, what: str, why: str = "", brief: str = "") -> None:
        """Note a rule broken; `brief` says it shorter for the summary (else "what (why)")."""
        if action is not None:
            tag = f"{where}: {action.text}"
            if tag not in self.illegal:
                self.illegal.append(tag)
        self.faults.append((where, what, why))
        self.briefs.append((where, brief or (f"{what} ({why})" if why else what)))

    @property
    def problems(self) -> list[str]:
        """Each rule broken in words: "round 2: Bob acts out of turn: Cy is next"."""
        return [": ".join(part for part in fault if part) for fault in self.faults]


def parse_action(text: Any, where: str) -> Action:
    """Read `Ann bets 25`, `Bob raise 25`, `Bob raise to 75`, `Cy call`, `Dee checks`, `Ed folds`."""
    match = _ACTION.match(str(text))
    if not match:
        raise ExampleError(
            f"{where}: '{text}' is not an action: expected '<player> check|bet N|call|raise N|raise to N|fold'",
            where,
        )
    verb = match["verb"].lower().rstrip("s")
    amount = int(match["amount"]) if match["amount"] else None
    if verb in ("bet", "raise") and amount is None:
        raise ExampleError(f"{where}: '{text}' needs an amount, e.g. '{match['who']} {verb} 25'", where)
    if verb in ("check", "fold") and amount is not None:
        raise ExampleError(f"{where}: '{text}': a {verb} has no amount", where)
    who = match["who"].strip()
    norm = f"{who} {verb}" + (f" to {amount}" if match["to"] else (f" {amount}" if amount is not None else ""))
    return Action(who, verb, amount, bool(match["to"]), norm)


def _rounds(inputs: Mapping[str, Any]) -> list[list[Action]]:
    raw = inputs.get("rounds")
    if not isinstance(raw, list) or not raw:
        raise ExampleError("rounds: expected a list of betting rounds, each a list of actions like 'Ann bet 25'", "rounds")
    rounds = []
    for i, rnd in enumerate(raw, 1):
        if isinstance(rnd, str):
            rnd = [a for a in re.split(r"[,;\n]", rnd) if a.strip()]
        if not isinstance(rnd, list):
            raise ExampleError(f"rounds[{i}]: expected a list of actions", f"rounds[{i}]")
        rounds.append([parse_action(a, f"round {i}") for a in rnd])
    return rounds


def _players(inputs: Mapping[str, Any], rounds: list[list[Action]]) -> list[str]:
    if inputs.get("players") is not None:
        given = inputs["players"]
        if not isinstance(given, (str, list)):
            raise ExampleError(f"players: expected a list of names, clockwise from the dealer's left, got {given!r}", "players")
        names = [p for p in re.split(r"[,\s]+", given) if p] if isinstance(given, str) else [str(p) for p in given]
        if len(set(names)) != len(names) or len(names) < 2:
            raise ExampleError("players: expected two or more different names, clockwise from the dealer's left", "players")
        for i, rnd in enumerate(rounds, 1):
            for a in rnd:
                if a.who not in names:
                    raise ExampleError(f"round {i}: '{a.who}' is not one of the players ({', '.join(names)})", f"round {i}")
        return names
    seen: dict[str, None] = {}
    for rnd in rounds:
        for a in rnd:
            seen.setdefault(a.who, None)
    return list(seen)


def _int_rule(value: Any, name: str) -> int:
    """`value`, the house rule `name`, as a whole number of chips (an ExampleError naming it when not)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExampleError(f"rules.{name}: expected a whole number of chips, not '{value}'", f"rules.{name}")
    return value


def blind_seats(players: Sequence[str]) -> tuple[str, str]:
    """Who posts the small and the big blind: the two players left of the dealer; heads up, the
    dealer (last in the list, which runs clockwise from the dealer's left) posts the small one."""
    if len(players) == 2:
        return players[1], players[0]
    return players[0], players[1]


def _blinds(inputs: Mapping[str, Any]) -> tuple[int, int] | None:
    raw = inputs.get("blinds")
    if raw is None:
        return None
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in raw)
        or raw[0] > raw[1]
    ):
        raise ExampleError(f"blinds: expected [small blind, big blind] in chips, e.g. [5, 10], got {raw!r}", "blinds")
    return raw[0], raw[1]


def play(inputs: Mapping[str, Any], rules: BettingRules | Mapping[str, Any] | None = None) -> Ledger:
    """Apply every round's actions in order, checking turn order, amounts and the raise cap."""
    house = BettingRules.of(rules)
    rounds = _rounds(inputs)
    players = _players(inputs, rounds)
    given_ante = inputs.get("ante")
    if given_ante is not None and (isinstance(given_ante, bool) or not isinstance(given_ante, int) or given_ante < 0):
        raise ExampleError(f"ante: expected a whole number of chips, got {given_ante!r}", "ante")
    ante = _int_rule(house.ante, "ante") if given_ante is None else given_ante
    small, big = _int_rule(house.small_bet, "small_bet"), _int_rule(house.big_bet, "big_bet")
    big_from, cap = _int_rule(house.big_from, "big_from"), _int_rule(house.max_raises, "max_raises")
    fixed = bool(house.fixed_limit)
    book = Ledger(players, ante, total=dict.fromkeys(players, ante))
    blinds = _blinds(inputs)
    for number, actions in enumerate(rounds, 1):
        where = f"round {number}"
        size = big if number >= big_from else small
        put = dict.fromkeys(players, 0)
        current = 0  # the amount each active player must have put in this round
        raises = -1  # the opening bet is not a raise
        acted: set[str] = set()  # who has acted in the round at all
        since: set[str] = set()  # who has acted since the last bet or raise
        before = sum(book.total.values())
        seat = None  # the last player to act: the turn passes to the next one who still has to
        if number == 1 and blinds is not None:
            # the blinds are live: the big blind is the round's opening bet, and the player on
            # its left acts first
            small_seat, big_seat = blind_seats(players)
            put[small_seat], put[big_seat] = blinds
            current, raises, seat = blinds[1], 0, big_seat

        def owes_a_turn(p: str) -> bool:
            """The seed's end of a round: it goes on while an active player has not acted since the
            last bet or raise, or has put in less than it; a bettor whom nobody raised has no turn left."""
            return p not in book.folded and (p not in since or put[p] < current)

        for action in actions:
            who = action.who
            if who in book.folded:
                book.flag(where, action, f"{who} has folded and cannot act")
                continue
            live = [p for p in players if p not in book.folded]
            if acted and (len(live) < 2 or not any(owes_a_turn(p) for p in live)):
                # "The betting round ends when either all the active players check, or all the other
                # active players call the last bet or raise, or there is only one active player remaining."
                book.flag(where, action, f"{who} acts after the round has ended", _why_ended(live, current))
            elif seat is not None:
                expected = _next_to_act(players, seat, owes_a_turn)
                if expected != who:
                    book.flag(where, action, f"{who} acts out of turn", f"{expected} is next")
            seat = who  # one report per wrong action; the turn then passes on from its player
            acted.add(who)
            since.add(who)
            owe = current - put[who]
            if action.verb == "check":
                if owe > 0:
                    book.flag(where, action, f"{who} cannot check facing a bet", f"{owe} to call")
            elif action.verb == "fold":
                book.folded.add(who)
            elif action.verb == "call":
                if action.amount is not None and action.amount != owe:
                    book.flag(where, action, f"{who} calls {action.amount}, but the call is {owe}")
                put[who] += owe
            else:  # bet or raise
                assert action.amount is not None  # a bet or raise always names its amount (read_action)
                raise_by = (action.amount - current) if action.to else action.amount
                if action.verb == "bet" and current > 0:
                    book.flag(where, action, f"{who} bets, but there is already a bet of {current}", "that is a raise")
                if action.verb == "raise" and current == 0:
                    book.flag(where, action, f"{who} raises, but nobody has bet", "that is a bet")
                kind = "bet" if current == 0 else "raise"
                if fixed and raise_by != size:
                    book.flag(where, action, f"{who}'s {kind} of {raise_by}", f"a {kind} in {where} is exactly {size}",
                              f"{who} {kind}s {raise_by}, not {size}")
                elif not fixed and not 0 < raise_by <= size:
                    book.flag(where, action, f"{who}'s {kind} of {raise_by}", f"the limit in {where} is {size}",
                              f"{who} {kind}s {raise_by}, over the limit of {size}" if raise_by > 0 else f"{who}'s {kind} adds nothing")
                if current > 0:
                    raises += 1
                    if raises > cap:
                        book.flag(where, action, f"{who}'s raise is raise number {raises} in {where}, but at most {cap} are allowed",
                                  brief=f"{who}'s raise is raise number {raises}, but at most {cap} are allowed")
                else:
                    raises = 0
                current += raise_by
                put[who] = current
                if raise_by > 0:
                    since = {who}  # everyone else has a turn again
        live = [p for p in players if p not in book.folded]
        if len(live) > 1:
            missing = [p for p in live if p not in acted]
            short = [p for p in live if put[p] < current]
            if missing:
                book.flag(where, None, f"the round ends before {said_list(missing)} {'acts' if len(missing) == 1 else 'act'}",
                          brief=f"{said_list(missing)} {'does' if len(missing) == 1 else 'do'} not act")
            for p in short:
                if p not in missing:
                    book.flag(where, None, f"the round ends with {p} owing {current - put[p]}")
        for p in players:
            book.total[p] += put[p]
        book.round_totals.append(sum(book.total.values()) - before)
    return book


def _next_to_act(players: Sequence[str], after: str, owes_a_turn: Callable[[str], bool]) -> str:
    """The first player clockwise after `after` who still has a turn in the round (see `play`)."""
    i = players.index(after)
    for step in range(1, len(players) + 1):
        p = players[(i + step) % len(players)]
        if owes_a_turn(p):
            return p
    return after


def _why_ended(live: Sequence[str], current: int) -> str:
    """Why a betting round is over, as the seed's house standard says it."""
    if len(live) < 2:
        return f"only {live[0]} is left" if live else "nobody is left"
    return "everyone else called the last bet" if current > 0 else "everyone checked"



def compute(inputs: Mapping[str, Any], rules: BettingRules | Mapping[str, Any]) -> dict[str, Any]:
    """Every quantity of a `poker-betting` block."""
    book = play(inputs, rules)
    return {
        "contributions": dict(book.total),
        "pot": sum(book.total.values()),
        "round_totals": list(book.round_totals),
        "active": [p for p in book.players if p not in book.folded],
        "legal": not book.problems,
        "illegal": list(book.illegal),
        "problems": list(book.problems),
    }


def explain(inputs: Mapping[str, Any], rules: BettingRules | Mapping[str, Any]) -> list[str]:
    """Round by round, what went in; then each player's total and every rule broken."""
    book = play(inputs, rules)
    lines = [f"Antes: {book.ante} each, {book.ante * len(book.players)} in all."] if book.ante else []
    blinds = _blinds(inputs)
    if blinds is not None:
        small_seat, big_seat = blind_seats(book.players)
        lines.append(f"Blinds: {small_seat} posts {blinds[0]}, {big_seat} posts {blinds[1]}; the blinds count in round 1.")
    for i, added in enumerate(book.round_totals, 1):
        lines.append(f"Round {i}: {added} more into the pot.")
    lines.append("In the pot: " + ", ".join(f"{p} {t}" for p, t in book.total.items()) + f"; pot {sum(book.total.values())}.")
    lines.extend(f"Not allowed: {p}." for p in book.problems)
    return lines


def summary(inputs: Mapping[str, Any], rules: BettingRules | Mapping[str, Any]) -> list[str]:
    """The pot in one sentence (where it came from, then each player's share), then every rule broken
    in a second, round by round: "Pot 1300 (antes of 25, then 400 and 750): P1 125, ... Round 1: ...;
    round 2: P5 raises 25, not 50." Terse so that six players, two rounds and three broken rules set
    in two lines of the pocket booklet's box."""
    book = play(inputs, rules)
    totals = [str(n) for n in book.round_totals]
    if book.ante:
        source = f"antes of {book.ante}, then {said_list(totals)}"  # the round totals leave the antes out
    else:
        source = f"rounds of {said_list(totals)}" if len(totals) > 1 else f"a round of {totals[0]}"
    blinds = _blinds(inputs)
    if blinds is not None:  # posted in round 1, so counted in its total
        source += f", blinds of {blinds[0]} and {blinds[1]} included"
    shares = ", ".join(f"{p} {t}" for p, t in book.total.items())
    sentences = [f"Pot {sum(book.total.values())} ({source}): {shares}."]
    rounds: dict[str, list[str]] = {}
    for where, clause in book.briefs:
        rounds.setdefault(where, []).append(clause)
    if rounds:  # one sentence for every rule broken, so the outcome is said in two
        broken = "; ".join(f"{where}: {'; '.join(clauses)}" for where, clauses in rounds.items())
        sentences.append(f"{broken[:1].upper()}{broken[1:]}.")
    return sentences


_DOES = {"check": "checks", "bet": "bets", "call": "calls", "raise": "raises", "fold": "folds"}


def records(inputs: Mapping[str, Any], rules: BettingRules | Mapping[str, Any]) -> list[Record]:
    """The betting as a player writes it down: a row per round, a column per player, each cell
    what that player did in the round in order ("raises 25, calls 50")."""
    rounds = _rounds(inputs)
    players = _players(inputs, rounds)
    rows = []
    for number, actions in enumerate(rounds, 1):
        done: dict[str, list[str]] = {p: [] for p in players}
        for a in actions:
            amount = "" if a.amount is None else (f" to {a.amount}" if a.to else f" {a.amount}")
            done.setdefault(a.who, []).append(_DOES[a.verb] + amount)
        rows.append((str(number), *(", ".join(done[p]) or "\u2013" for p in players)))
    return [Record(("rounds", "players"), ("Round", *players), tuple(rows))]


BETTING = GameSpec(
    name="poker-betting",
    title="Limit betting: contributions and the pot",
    inputs={
        "players": "names clockwise from the dealer's left (default: in the order they first act)",
        "ante": "each player's ante (default: the house rule `ante`)",
        "blinds": "[small, big]: blinds posted before round 1 by the two players left of the dealer (heads up: the dealer posts the small)",
        "rounds": "one list of actions per betting round: 'Ann bet 25', 'Bob raise 25', 'Cy call', 'Dee fold'",
    },
    quantities=(
        Quantity("contributions", "mapping", "each player's total in the pot, ante included"),
        Quantity("pot", "int", "the pot after the last round"),
        Quantity("round_totals", "list", "chips added in each round (antes not included)"),
        Quantity("active", "set", "players who have not folded"),
        Quantity("legal", "bool", "true when no action breaks the betting rules"),
        Quantity("illegal", "list", "the actions that break the rules, as 'round N: <action>'"),
        Quantity("problems", "list", "what is wrong with each of them, in words"),
    ),
    compute=compute,
    rules=BettingRules,
    required=("rounds",),
    explain=explain,
    summary=summary,
    records=records,
)

GAMES = [BETTING]
