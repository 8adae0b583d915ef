"""Each game's `summary`: the outcome of one worked example in the exact plain sentences a player reads
in the booklet's box (the inputs are those of an example shipped in rules/, under the usual rules)."""

from __future__ import annotations

import pytest
import yaml

from deckgen.engine.registry import get_game

CASES = [
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
            "Ann adds 40 (50 in all), Bob adds 0 (30 in all) and Cy adds 5 (17 in all); Cy has the lowest score.",
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
]


@pytest.mark.parametrize(("game", "inputs", "sentences"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_summary_says_the_outcome_in_plain_sentences(game: str, inputs: str, sentences: list[str]) -> None:
    spec = get_game(game)
    assert spec is not None and spec.summary is not None
    data = yaml.safe_load(inputs.replace("\n        ", "\n"))
    assert spec.summary(data, spec.resolve_rules()) == sentences
