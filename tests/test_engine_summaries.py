"""Each game's `summary`: the outcome of one worked example in the exact plain sentences a player reads
in the booklet's box (the inputs are those of an example shipped in rules/, under the usual rules)."""

from __future__ import annotations

import pytest
import yaml

from deckgen.engine.registry import get_game

CASES = [
    (  # players who tie below the winner are said together, with the hand they share
        "poker",
        """
        hands:
          Ann: J♠ J♥ A♦ 9♣ 3♠
          Bob: J♣ J♦ A♠ 8♣ 7♠
          Cy: K♠ 10♠ 9♦ 3♦ 2♠
          Dee: K♥ 10♥ 9♥ 3♣ 2♥
        """,
        ["Ann’s one pair, jacks (J♠ J♥ A♦ 9♣ 3♠), beats Bob’s one pair, jacks (J♦ J♣ A♠ 8♣ 7♠), "
         "and Cy and Dee, who tie with high card."],
    ),
    (
        "poker",
        """
        hands:
          Ann: J♠ J♥ A♦ 9♣ 3♠
          Cy: K♠ 10♠ 9♦ 3♦ 2♠
          Dee: K♥ 10♥ 9♥ 3♣ 2♥
        """,
        ["Ann’s one pair, jacks, beats Cy and Dee, who tie with high card, king."],
    ),
    (
        "poker-betting",
        """
        rules: {ante: 25, small_bet: 25, big_bet: 50, big_from: 2, max_raises: 3, fixed_limit: true}
        rounds:
          - [P1 bet 25, P2 raise 25, P3 raise 25, P4 raise 25, P1 call 75, P2 call 50, P3 call 25]
          - [P1 fold, P2 check, P3 bet 50, P4 call 50, P5 raise 25, P6 raise 50, P2 raise 50, P3 fold, P4 call 125, P5 call 100, P6 call 50]
        """,
        [
            "Pot 1300 (antes of 25, then 400 and 750): P1 125, P2 300, P3 175, P4 300, P5 200, P6 200.",
            "Round 1: P1 acts out of turn (P5 is next); P5 and P6 do not act; round 2: P5 raises 25, not 50.",
        ],
    ),
    (
        "poker-betting",
        """
        rules: {small_bet: 10, big_bet: 20, big_from: 3, max_raises: 3, fixed_limit: true}
        players: [Sam, Bea, Cy, Dee]
        ante: 0
        blinds: [5, 10]
        rounds:
          - [Cy call, Dee raise 10, Sam call, Bea call, Cy call]
          - [Sam check, Bea check, Cy bet 10, Dee call, Sam fold, Bea call]
        """,
        ["Pot 110 (rounds of 80 and 30, blinds of 5 and 10 included): Sam 20, Bea 30, Cy 30, Dee 30."],
    ),
    (
        "kalooki",
        """
        opening: [Jk 2♦ 3♦, 9♣ 9♥ Jk]
        """,
        ["The first meld is worth 33, short of the 51 needed to open."],
    ),
    (
        "kalooki",
        """
        hands: {Ann: "", Bob: Jk A♠ K♦, Cy: 3♠ 4♠}
        scores: {Bob: 110, Cy: 140}
        """,
        [
            "Ann goes out; Bob is caught with 46 (156 in all) and Cy with 7 (147 in all).",
            "Bob reaches 150 and is out of the game.",
        ],
    ),
    (
        "continental",
        """
        players: 5
        groups: [3♠ 4♠ 5♠ 6♠ Jk, 9♥ 10♥ J♥ Q♥, Q♦ K♦ A♦, 6♣ 7♣ 8♣]
        """,
        [
            "The fifteen cards go out in runs of 5, 4, 3 and 3.",
            "Each of the 4 other players pays 3 (1, plus 2 for the joker): the winner collects 12.",
        ],
    ),
    (
        "continental",
        """
        groups: [3♠ 4♠ 5♠ 6♠ 7♠, 9♥ 10♥ J♥ Q♥ K♥, 4♦ 5♦ 6♦ 7♦ 8♦]
        """,
        [
            "This hand cannot go out: runs of 5, 5 and 5 cards are not a shape that goes out "
            "(3+3+3+3+3, 4+4+4+3 or 5+4+3+3)."
        ],
    ),
    (
        "five-hundred-rum",
        """
        melds: {Ann: [A♠ 2♠ 3♠, K♥ K♦ K♣], Bob: [10♦ J♦ Q♦]}
        laid_off: {Ann: [4♠ onto A♠ 2♠ 3♠]}
        hands: {Ann: "", Bob: A♥ 9♣}
        """,
        ["Ann goes out with 40 melded and laid off; Bob melds 30, is caught with 24 and scores 6."],
    ),
    (
        "five-hundred-rum",
        """
        melds: {Dee: [8♣ 8♦ 8♥ 8♠, 5♥ 6♥ 7♥, 9♠ 10♠ J♠], Eve: [2♦ 3♦ 4♦]}
        hands: {Dee: "", Eve: K♣ Q♣ 5♠}
        scores: {Dee: 430, Eve: 460}
        """,
        [
            "Dee goes out with 79 melded (509 in all); Eve melds 9, is caught with 25 and loses 16 (444 in all).",
            "Dee passes 500 and wins.",
        ],
    ),
    (
        "canasta",
        """
        sides:
          We: {melds: [8♠ 8♥ 8♦ 8♣ 8♠ 8♥ 8♦, 5♠ 5♥ 2♦, 3♠ 3♣ 3♠], out: concealed}
          They: {red_threes: 2, hands: K♠ K♦ 9♥ 6♣}
        """,
        [
            "We go out concealed with 815: 700 in bonuses and 115 melded.",
            "They lose 235: 200 for red threes with no meld and 35 left in hand.",
        ],
    ),
    (
        "canasta-sheet",
        """
        deals: [{We: 520, They: -30}, {We: 1210, They: 885}, {We: -250, They: 1765}]
        """,
        [
            "After each of the 3 deals, We have 520, 1730 and 1480; They have -30, 855 and 2620.",
            "For the next first meld We need 50 and They need 90.",
        ],
    ),
    (
        "pay-me",
        """
        deal: 5
        players: {Ann: K♦ 7♣ 2♠, Bob: "", Cy: 4♥}
        scores: {Ann: 10, Bob: 30, Cy: 12}
        """,
        [
            "In the 7-card deal, 7s, 2s and jokers are wild.",
            "Ann adds 40 (50 in all), Bob 0 (30), Cy 5 (17): Cy has the lowest score.",
        ],
    ),
    (
        "pay-me",
        """
        hand_size: 7
        melds: [4♥ 2♠ 2♦ 7♥]
        """,
        ["In the 7-card deal, 7s, 2s and jokers are wild.", "4♥ 2♠ 2♦ 7♥ is not a legal meld."],
    ),
    (
        "pay-me-layoff",
        """
        deal: 5
        melds: [8♥ 9♥ 10♥, 5♠ 5♦ 5♣]
        hands: {Ann: J♥ Q♥ 4♣ 6♦, Cy: K♥ 5♥ 9♠}
        """,
        [
            "Ann lays off Q♥ J♥ and counts 10; Cy lays off K♥ 5♥ and counts 10.",
            "The melds end as 8♥ 9♥ 10♥ J♥ Q♥ K♥ and 5♠ 5♦ 5♣ 5♥.",
        ],
    ),
    (
        "napoleon",
        """
        bid: nap
        tricks: 4
        players: 4
        """,
        ["The declarer goes nap and takes only 4 tricks, so pays each of the 3 opponents 5, 15 in all."],
    ),
    (
        "napoleon",
        """
        rules: {allow_wellington: true}
        auction: [pass, 2, nap, wellington, pass]
        tricks: 5
        players: 5
        """,
        ["The declarer bids Wellington and takes all 5 tricks: each of the 4 opponents pays 10, 40 in all."],
    ),
    (
        "pitch",
        """
        rules: {game_tie: none, game_values: {10: 10, A: 4, K: 3, Q: 2, J: 1}}
        trump: ♠
        bidder: Us
        bid: 3
        low_from: Them
        won:
          Us: A♠ 3♠ 9♥ 4♥ K♦ 2♦ J♠ 5♣ 10♦ 6♦ 8♣ 7♣
          Them: 2♠ 9♠ 10♥ Q♥ 3♣ 4♣ K♣ 5♥ Q♦ 7♦ J♥ 8♦
        """,
        [
            "Us take high (A♠) and jack (J♠); Them take low (2♠); game is tied at 18 and goes to nobody.",
            "Us bid 3 and are set back 3; Them score 1.",
        ],
    ),
    (
        "golf",
        """
        rules: {pair_scope: column, king_points: 0, court_points: 10}
        layouts: {Ann: 5♠ 9♥ 5♦ 9♣, Bob: K♠ A♥ K♦ 2♣, Cy: J♠ Q♣ 4♦ 6♥}
        totals: {Ann: 4, Bob: 1, Cy: 0}
        """,
        ["Ann’s square scores 0, Bob’s 3 and Cy’s 30.", "Ann and Bob tie for the lowest total, 4."],
    ),
    (
        "scotch-whist",
        """
        trumps: ♥
        honours: {We: J♥ 10♥, They: A♥ K♥ Q♥}
        cards: {We: 20, They: 16}
        scores: {We: 20, They: 35}
        """,
        [
            "We score 23 (21 for J♥ 10♥, 2 for 20 cards), 43 in all; They 9 for A♥ K♥ Q♥, 44.",
            "Both pass 41; They win.",
        ],
    ),
    (
        "auction-bridge",
        """
        contract: 2♠X
        tricks: 9
        honours: 4+1
        """,
        [
            "2♠ doubled is made with 9 tricks: 3 odd tricks score 54 below the line, a game.",
            "Above the line the declarer’s side adds 190: 100 for the double and 90 for honours 4+1.",
        ],
    ),
    (
        "old-maid",
        """
        hands: {Ann: "", Bob: 3♠ 3♣, Cy: Q♠}
        """,
        [
            "Ann has no cards left; Bob lays down 3♠ 3♣ and keeps nothing; Cy has no pair and keeps Q♠.",
            "Only one card is left unpaired: Cy is the Old Maid.",
        ],
    ),
    (
        "ace-deuce-jack",
        """
        cards: 5♠ J♦ 9♥
        bets: {Ann: 5, Bob: 3}
        """,
        [
            "The J♦ shows, so the banker takes every bet and wins 8.",
            "A player wins 44.71% of rounds; the banker’s edge is 10.59%.",
        ],
    ),
    (
        "in-between-split",
        """
        rules: {split_cost: 50, burn_multiplier: 2}
        pair: 7♠ 7♥
        spreads:
          - {partner: K♦, bet: 100, card: 10♣}
          - {partner: 2♣, bet: 50, card: 7♦}
        pot: 400
        """,
        [
            "Splitting 7♠ 7♥ costs 50; 7♠ and K♦ win 100; 7♥ and 2♣ make a double burn, paying 100.",
            "In all the player pays 50 and the pot holds 450.",
        ],
    ),
    (
        "crazy-eights",
        """
        top: 8♠
        suit: ♥
        hand: 8♦ 5♥ K♠ 2♣
        """,
        ["On 8♠, with hearts to follow, 8♦ and 5♥ may be played."],
    ),
    (
        "beleaguered-castle",
        """
        foundations: A♠ A♥ A♦ A♣
        moves: [2♠ home, 3♠ home, 9♥ on 10♣, 9♥ on J♣, 5♦ home]
        """,
        [
            "2♠ home, 3♠ home and 9♥ on 10♣ are allowed; 9♥ on J♣ is not (9♥ is not one rank below J♣), "
            "nor 5♦ home (5♦ does not follow A♦ on its foundation).",
            "6 of the 52 cards are home.",
        ],
    ),
    (
        "four-seasons",
        """
        base: 7
        foundations: 6♠ 6♥ 6♦ 5♣
        moves: [6♣ home]
        """,
        ["6♣ home is allowed.", "All 52 cards are home: the patience is won."],
    ),
    (
        "spite-and-malice",
        """
        piles: [7, 0, 0]
        plays: [8 on 1, 9 on 1, 10 on 1, J on 1, K on 1]
        """,
        [
            "8 on pile 1, 9 on pile 1, 10 on pile 1, J on pile 1 and K on pile 1 are allowed.",
            "The building piles are now all empty; one pile was finished and cleared.",
        ],
    ),
    (
        "bridge-matchpoints",
        """
        scores: {Pair 1: 420, Pair 2: 450, Pair 3: 420, Pair 4: -50, Pair 5: 170}
        """,
        [
            "A score earns 2 for each score it beats and 1 for each tie: the top is 8.",
            "Pair 2 (450) scores 8, Pair 1 and Pair 3 (420) 5 each, Pair 5 (170) 2 and Pair 4 (-50) 0.",
        ],
    ),
    (
        "brag-hands",
        """
        rules: {stake: 1}
        players:
          Ann: [J♠ Q♠ K♠, 7♥ 7♦ 2♣, A♦ 9♣ 4♥]
          Bob: [5♣ 6♦ 7♠, 10♦ 10♣ 3♥, K♣ 8♥ 6♥]
        """,
        ["Ann wins the first and third hands and Bob the second: nobody scoops, so the pot grows to 4."],
    ),
    (
        "cribbage-play",
        """
        hands: {Ann: A♠ 2♠, Bob: 3♠ 4♠}
        play: A♠ 3♠ 2♠ 4♠
        starter: J♦
        """,
        [
            "Bob, the dealer, pegs 2 for his heels; then Ann pegs 3 (2♠ run of three); "
            "Bob pegs 7 (4♠ run of four and last card for 1)."
        ],
    ),
    (
        "bridge-imps",
        """
        difference: 420
        """,
        ["A gain of 420 points is in the 370–420 band of the scale: +9 IMPs."],
    ),
    (
        "bridge-imps",
        """
        difference: -4500
        """,
        ["A loss of 4,500 points is at the top of the scale (4,000 and more): -24 IMPs."],
    ),
    (
        "cribbage-game",
        """
        scores: {Ann: 121, Bob: 88}
        """,
        ["Ann reaches 121 with Bob on 88, short of 91: a skunk, worth 2 games."],
    ),
    (
        "cribbage-game",
        """
        scores: {Ann: 121, Bob: 50, Cy: 40}
        """,
        ["Ann reaches 121 with Bob on 50 and Cy on 40, both short of 61: a double skunk, worth 3 games."],
    ),
    (
        "cribbage-game",
        """
        scores: {Ann: 100, Bob: 95}
        """,
        ["Nobody has reached 121 yet (Ann on 100 and Bob on 95): the game goes on."],
    ),
    (
        "guts-bump",
        """
        hands: {Ann: K♠ K♥ 5♦, Bob: 3♣ 7♦ 7♣}
        blind: A♠ Q♥ 9♦
        pot: 150
        """,
        [
            "Bob’s three sevens beats Ann’s pair of kings and the blind hand’s ace high: Bob takes the pot of 150.",
            "Ann pays 100 into the next pot, which holds 100.",
        ],
    ),
    (
        "guts-bump",
        """
        hands: {Ann: K♠ K♥ 5♦, Bob: K♣ K♦ 5♣}
        blind: A♠ Q♥ 9♦
        pot: 150
        """,
        [
            "Ann and Bob tie with the same pair of kings: nobody takes the pot of 150.",
            "Ann and Bob pay 100 each; with the 150 that stays, the next pot holds 350.",
        ],
    ),
    (
        "guts-bump",
        """
        hands: {Ann: K♠ K♥ 5♦}
        blind: A♠ Q♥ 9♦
        pot: 150
        """,
        [
            "Ann’s pair of kings beats the blind hand’s ace high: Ann takes the pot of 150.",
            "Ann stayed in alone and beat the blind hand: the game is over.",
        ],
    ),
    (
        "red-dog",
        """
        hand: A♠ 9♥ 4♥ K♣ 2♦
        stock_card: 7♥
        bet: 5
        pool: 20
        """,
        ["9♥ beats the 7♥: the player takes 5, and the pool drops to 15."],
    ),
    (
        "red-dog",
        """
        hand: A♠ 9♥ 4♥ K♣ 2♦
        stock_card: J♥
        bet: 5
        pool: 20
        """,
        ["The hand has no heart higher than the J♥: the player loses 5, and the pool grows to 25."],
    ),
    (
        "red-dog",
        """
        hand: A♠ 9♥ 4♥ K♣ 2♦
        forfeit: true
        pool: 20
        """,
        ["The player throws the hand in unseen and pays 1: the pool holds 21."],
    ),
    (
        "stud-first",
        """
        showing: {Ann: K♠ 7♦, Bob: 4♥ 4♣, Cy: A♦ Q♠}
        """,
        ["Bob’s pair of fours beats Cy’s ace-queen and Ann’s king-seven: Bob bets first."],
    ),
    (
        "stud-first",
        """
        showing: {Ann: K♠ 7♦, Bob: K♥ 7♣, Cy: 5♦ Q♠}
        """,
        ["Ann and Bob show the same king-seven; Ann, the first of them clockwise from the dealer’s left, bets first."],
    ),
    (
        "stud-first",
        """
        rules: {first_round: low}
        showing: {Ann: K♠, Bob: 2♥, Cy: 2♦}
        """,
        [
            "Cy’s 2♦ is the lowest card showing (on a tie of ranks, clubs are lowest, then diamonds, hearts "
            "and spades): Cy brings it in."
        ],
    ),
]


@pytest.mark.parametrize(("game", "inputs", "sentences"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_summary_says_the_outcome_in_plain_sentences(game: str, inputs: str, sentences: list[str]) -> None:
    spec = get_game(game)
    assert spec is not None and spec.summary is not None
    data = yaml.safe_load(inputs.replace("\n        ", "\n"))
    rules = spec.resolve_rules(data.pop("rules", None))
    assert spec.summary(data, rules) == sentences


def test_every_game_says_its_outcome_in_its_own_summary() -> None:
    """No game falls back on joining its `explain` lines: each words its booklet outcome itself."""
    from deckgen.engine.registry import all_games

    assert [name for name, spec in all_games().items() if spec.summary is None] == []
