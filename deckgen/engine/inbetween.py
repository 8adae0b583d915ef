"""Betting one card against the pot: In Between, and the older Red Dog that shares its casino name.

In Between (Acey-Deucey, Yablon): one bet on whether a third card falls strictly
between two posts.

The two posts are dealt face up. Consecutive posts (a "runner") leave no card
between them, so no bet is made; a pair of posts may be split for a fee. Otherwise
the player bets from the table limit up to what is in the pot: a card strictly
between wins the bet from the pot, a card outside loses it to the pot, and a card
of the same rank as a post loses twice the bet (the "double burn").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, bool_field, cards_field, rule, said_list, unique_cards

__all__ = [
    "GAMES",
    "IN_BETWEEN",
    "InBetweenRules",
    "RED_DOG",
    "RED_DOG_MAX_PLAYERS",
    "RedDogRules",
    "beating_cards",
    "compute",
    "explain",
    "post_values",
    "red_dog_compute",
    "red_dog_explain",
]


def post_values(posts: list[Card], first_ace_low: bool) -> tuple[int, int]:
    """The posts as numbers: an ace is 14, except a first-post ace the player calls low (1)."""
    first, second = (int(c.rank) for c in posts)  # type: ignore[arg-type]
    if posts[0].rank == Rank.ACE and first_ace_low:
        first = 1
    return first, second


def _bet_limit(inputs: Mapping[str, Any], rules: InBetweenRules | Mapping[str, Any], pot: int) -> int:
    house = InBetweenRules.of(rules)
    opened = bool_field(inputs, "table_open", True)
    return min(int(house.open_max_bet if opened else house.first_round_max_bet), pot)


def _whole(inputs: Mapping[str, Any], name: str, default: int | None = None) -> int:
    value = inputs.get(name, default)
    if value is None:
        raise ExampleError(f"in-between needs the field '{name}'", name)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ExampleError(f"{name}: expected a whole number of chips (0 or more), got '{value}'", name)
    return value


def compute(inputs: Mapping[str, Any], rules: InBetweenRules | Mapping[str, Any]) -> dict[str, Any]:
    """Gap between the posts, the outcome of the third card, and the chips that move."""
    house = InBetweenRules.of(rules)
    posts = cards_field(inputs, "posts")
    if len(posts) != 2:
        raise ExampleError(f"posts: expected two cards, got {len(posts)}", "posts")
    third = cards_field(inputs, "card", required=False)
    if len(third) > 1:
        raise ExampleError("card: expected one card, the card turned between the posts", "card")
    unique_cards(posts + third, where="in-between")
    if "pot" not in inputs and "players" in inputs:
        pot = int(house.ante) * _whole(inputs, "players")  # a fresh game: one ante each
    else:
        pot = _whole(inputs, "pot")
    bet = _whole(inputs, "bet", 0)
    if any(c.is_joker for c in posts + third):
        if not house.joker_finish:
            raise ExampleError("posts: a joker is only in the deck with the house rule joker_finish", "posts")
        # the joker finish: whoever is dealt the joker takes the whole pot
        return {"gap": 0, "outcome": "joker", "player_change": pot, "pot_after": 0}
    ace_low = bool_field(inputs, "ace_low", False)
    if ace_low and posts[0].rank != Rank.ACE:
        raise ExampleError("ace_low: only an ace as the first post can be called low", "ace_low")
    low, high = sorted(post_values(posts, ace_low))
    gap = max(high - low - 1, 0)
    change, outcome = 0, ""
    if low == high:
        split = inputs.get("split", False)
        outcome = "split" if split else "pair"
        change = -int(house.split_cost) if split else 0
        if bet:
            raise ExampleError("bet: no bet is made on a pair of posts; split them or pass", "bet")
    elif gap == 0:
        outcome, change = "runner", -int(house.runner_penalty)
        if bet:
            raise ExampleError("bet: no bet is allowed on consecutive posts (a runner)", "bet")
    else:
        limit = _bet_limit(inputs, house, pot)
        if not 1 <= bet <= limit:
            raise ExampleError(f"bet: expected 1 to {limit} chips (the table limit or the pot), got {bet}", "bet")
        if not third:
            raise ExampleError("card: a bet needs the card turned between the posts", "card")
        value = int(third[0].rank)  # type: ignore[arg-type]
        if third[0].rank in (posts[0].rank, posts[1].rank):
            outcome, change = "double burn", -int(house.burn_multiplier) * bet
        elif low < value < high:
            outcome, change = "win", bet
        else:
            outcome, change = "lose", -bet
    return {"gap": gap, "outcome": outcome, "player_change": change, "pot_after": pot - change}


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The posts, the card and what it does to the player and the pot."""
    r = compute(inputs, rules)
    posts = cards_field(inputs, "posts")
    if r["outcome"] == "joker":
        return [f"The joker is dealt: the player takes the whole pot of {r['player_change']}"]
    lines = [f"Posts {format_cards(posts)}: {r['gap']} rank(s) strictly between"]
    if "card" in inputs:
        lines.append(f"Card turned: {format_cards(cards_field(inputs, 'card'))}")
    sign = "wins" if r["player_change"] > 0 else "pays"
    lines.append(f"{r['outcome']}: the player {sign} {abs(r['player_change'])}, the pot holds {r['pot_after']}")
    return lines


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The spread, the card and what it does to the player and the pot, in one sentence."""
    r = compute(inputs, rules)
    if r["outcome"] == "joker":
        return [f"The joker is dealt: the player takes the whole pot of {r['player_change']}."]
    a, b = cards_field(inputs, "posts")[:2]
    spread = f"{a} and {b} leave {r['gap']} {'rank' if r['gap'] == 1 else 'ranks'} between them"
    if "card" not in inputs:
        change = r["player_change"]
        paid = f", so the player {'wins' if change > 0 else 'pays'} {abs(change)}" if change else ""
        what = {"runner": " (a runner)", "pair": " (a pair: no bet)", "split": " (a pair, split)"}.get(str(r["outcome"]), "")
        return [f"{spread[:1].upper()}{spread[1:]}{what}{paid}; the pot holds {r['pot_after']}."]
    card = format_cards(cards_field(inputs, "card"))
    said = {
        "win": f"the {card} falls between, so the player wins {r['player_change']}",
        "lose": f"the {card} falls outside, so the player pays {-r['player_change']}",
        "double burn": f"the {card} matches a post, a double burn: the player pays {-r['player_change']}",
    }.get(str(r["outcome"]), f"{r['outcome']}: the player {'wins' if r['player_change'] > 0 else 'pays'} {abs(r['player_change'])}")
    return [f"{spread[:1].upper()}{spread[1:]}; {said}, and the pot holds {r['pot_after']}."]


@dataclass(frozen=True)
class InBetweenRules(Rules):
    """The house rules of in-between: bets, posts, splits, the ante and the joker."""

    game: ClassVar[str] = "in-between"
    first_round_max_bet: int = rule(
        100,
        "Largest bet in the first round",
        "The most a player may bet before the dealer opens the table.",
    )
    open_max_bet: int = rule(
        500,
        "Largest bet once the table is open",
        "The most a player may bet once the dealer has opened the table (never more than the pot).",
    )
    burn_multiplier: int = rule(
        2,
        "Cost of hitting a post",
        "A third card matching a post costs this many times the bet.",
    )
    runner_penalty: int = rule(
        0,
        "Penalty for consecutive posts",
        "What a player pays the pot when the posts are consecutive.",
    )
    split_cost: int = rule(
        50,
        "Cost of splitting a pair",
        "What a player pays the pot to split a pair of posts into two new spreads.",
        minimum=0,
    )
    ante: int = rule(
        100,
        'Ante',
        "Each player's ante into the pot at the start of a game.",
    )
    joker_finish: bool = rule(
        False,
        "A joker ends the game",
        "A joker joins the deck after three rounds; the player dealt it takes the pot.",
        phrases=("a joker ends the game", "no joker in the deck"),
    )


IN_BETWEEN = GameSpec(
    name="in-between",
    title="In Between",
    inputs={
        "posts": "the two cards dealt face up, first post first",
        "ace_low": "true when the first post is an ace and the player calls it low (default false: high)",
        "card": "the third card, turned between the posts",
        "bet": "the player's bet in chips (none on a runner or a pair)",
        "pot": "chips in the pot before the bet",
        "players": "instead of pot, at the start of a game: the number of players, who each ante",
        "table_open": "false during the first round, when the lower bet limit applies (default true)",
        "split": "true when the player pays to split a pair of posts (default false)",
    },
    phrases={
        "ace_low": ("first ace called low", "first ace called high"),
        "table_open": ("after the first round", "first round"),
        "split": ("pair split", "pair not split"),
    },
    quantities=(
        Quantity("gap", "int", "how many ranks lie strictly between the posts"),
        Quantity("outcome", "str", "win, lose, double burn, runner, pair (passed), split or joker"),
        Quantity("player_change", "int", "the player's gain (positive) or payment (negative) in chips"),
        Quantity("pot_after", "int", "the pot after the bet is settled"),
    ),
    compute=compute,
    rules=InBetweenRules,
    explain=explain,
    summary=summary,
    card_inputs=("posts", "card"),
)

# ------------------------------------------------------------------ Red Dog (high-card pool)

RED_DOG_MAX_PLAYERS = 10


def beating_cards(hand: list[Card], stock_card: Card) -> list[Card]:
    """The cards of the hand that beat the stock card: the same suit and a higher rank."""
    return [c for c in hand if c.suit == stock_card.suit and c.rank > stock_card.rank]  # type: ignore[operator]


def red_dog_compute(inputs: Mapping[str, Any], rules: RedDogRules | Mapping[str, Any]) -> dict[str, Any]:
    """Whether the hand beats the stock card, and what the bet (or the forfeit) does to the pool."""
    house = RedDogRules.of(rules)
    players = _whole(inputs, "players", 4)
    if not 2 <= players <= RED_DOG_MAX_PLAYERS:
        raise ExampleError(f"players: expected 2 to {RED_DOG_MAX_PLAYERS} players, got {players}", "players")
    size = int(house.large_table_cards) if players >= int(house.large_table) else 5
    hand = cards_field(inputs, "hand")
    if len(hand) != size or any(c.is_joker for c in hand):
        raise ExampleError(f"hand: expected {size} cards for {players} players, got {len(hand)}", "hand")
    stock = cards_field(inputs, "stock_card", required=False)
    if len(stock) > 1 or any(c.is_joker for c in stock):
        raise ExampleError("stock_card: expected the one card turned from the stock", "stock_card")
    unique_cards(hand + stock, where="red-dog")
    pool = _whole(inputs, "pool")
    forfeit = inputs.get("forfeit", False)
    against = inputs.get("bet_against", False)
    if not isinstance(forfeit, bool) or not isinstance(against, bool):
        raise ExampleError("forfeit, bet_against: expected true or false", "forfeit")
    if against and not house.bet_against_allowed:
        raise ExampleError("bet_against: betting to lose needs the house rule bet_against_allowed", "bet_against")
    beats = beating_cards(hand, stock[0]) if stock else []
    if forfeit:
        cost = int(house.forfeit_cost)
        return {"beats": None, "beating_cards": [], "outcome": "forfeit", "player_change": -cost,
                "pool_after": pool + cost, "hand_shown": False}
    if not stock:
        raise ExampleError("stock_card: a bet needs the card turned from the stock", "stock_card")
    limit = min(pool, int(house.max_bet)) if int(house.max_bet) else pool
    bet = _whole(inputs, "bet")
    if not 1 <= bet <= limit:
        raise ExampleError(f"bet: expected 1 to {limit} units (the pool or the house limit), got {bet}", "bet")
    won = bool(beats) != against
    change = bet if won else -bet
    return {
        "beats": bool(beats),
        "beating_cards": beats,
        "outcome": "win" if won else "lose",
        "player_change": change,
        "pool_after": pool - change,
        "hand_shown": against or not won,
    }


def red_dog_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """What beat the stock card (or did not), and the money."""
    r = red_dog_compute(inputs, rules)
    if r["outcome"] == "forfeit":
        return [f"The player pays {-r['player_change']} to the pool and throws the hand in unseen"]
    stock = format_cards(cards_field(inputs, "stock_card"))
    lines = [f"{format_cards(r['beating_cards'])} beat{'s' if len(r['beating_cards']) == 1 else ''} {stock}"
             if r["beats"] else f"Nothing in the hand beats {stock}"]
    sign = "takes" if r["player_change"] > 0 else "loses"
    lines.append(f"The player {sign} {abs(r['player_change'])}; the pool holds {r['pool_after']}")
    return lines


def red_dog_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """Which card beats the stock card (or that none does), and what the bet does to the pool."""
    r = red_dog_compute(inputs, rules)
    if r["outcome"] == "forfeit":
        return [f"The player throws the hand in unseen and pays {-r['player_change']}: the pool holds {r['pool_after']}."]
    stock = cards_field(inputs, "stock_card")[0]
    beats = r["beating_cards"]
    if beats:
        higher = f"{said_list([str(c) for c in beats])} beat{'s' if len(beats) == 1 else ''} the {stock}"
    else:
        higher = f"the hand has no {stock.suit.name.lower()[:-1] if stock.suit else 'card'} higher than the {stock}"
    against = ", betting against the hand," if inputs.get("bet_against", False) else ""
    won = r["player_change"] > 0
    money = f"the player{against} {'takes' if won else 'loses'} {abs(r['player_change'])}"
    pool = f"the pool {'drops' if won else 'grows'} to {r['pool_after']}"
    sentence = f"{higher}: {money}, and {pool}."
    return [sentence[:1].upper() + sentence[1:]]


@dataclass(frozen=True)
class RedDogRules(Rules):
    """The house rules of red dog: bets, forfeits and the size of the hands."""

    game: ClassVar[str] = "red-dog"
    max_bet: int = rule(
        0,
        "Largest bet",
        "The most a player may bet; 0 means anything up to the whole pool.",
    )
    forfeit_cost: int = rule(
        1,
        "Cost of throwing in",
        "What a player pays the pool to throw in the hand without betting.",
    )
    large_table: int = rule(
        8,
        "Players at a large table",
        "From this many players on, the hands are smaller.",
    )
    large_table_cards: int = rule(
        4,
        "Cards each at a large table",
        "Cards dealt to each player at a large table.",
    )
    bet_against_allowed: bool = rule(
        False,
        "Betting against allowed",
        "Whether a player may bet that the hand will not beat the card.",
        phrases=("betting against allowed", "no betting against"),
    )


RED_DOG = GameSpec(
    name="red-dog",
    title="Red Dog (high-card pool)",
    inputs={
        "hand": "the player's cards: 5, or 4 at a large table",
        "players": "players at the table, 2 to 10 (default 4): decides the hand size",
        "stock_card": "the top card of the stock, turned after the bet",
        "bet": "units bet, 1 up to the pool (or the house limit)",
        "pool": "units in the pool before the bet",
        "forfeit": "true when the player pays the forfeit instead of betting (default false)",
        "bet_against": "true when the player bets NOT to beat the card (house rule; default false)",
    },
    phrases={
        "forfeit": ("forfeit paid", "no forfeit"),
        "bet_against": ("bets not to beat the card", "bets to beat the card"),
    },
    quantities=(
        Quantity("beats", "bool", "true when the hand holds a higher card of the stock card's suit"),
        Quantity("beating_cards", "cards", "the cards that would beat it"),
        Quantity("outcome", "str", "win, lose or forfeit"),
        Quantity("player_change", "int", "the player's gain (positive) or loss (negative) in units"),
        Quantity("pool_after", "int", "the pool after the bet is settled"),
        Quantity("hand_shown", "bool", "whether the whole hand must be shown to the table"),
    ),
    compute=red_dog_compute,
    rules=RedDogRules,
    explain=red_dog_explain,
    summary=red_dog_summary,
    card_inputs=("hand", "stock_card"),
)

GAMES = [IN_BETWEEN, RED_DOG]
