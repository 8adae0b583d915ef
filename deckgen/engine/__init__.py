"""The rules engine: pure functions over plain data, one module per game family.

Import a game's module and call it, with typed house rules or none for the usual ones:

>>> from deckgen.cards import parse_cards
>>> from deckgen.engine import gin
>>> gin.score_hand(parse_cards("AS 2S 3S 4H 4D 4C 7H 8H 9H 3C"), parse_cards("5S 6S QH QD QC 2D 10D 9C 10C JD")).points
49

`deckgen.engine.registry` finds every game; `deckgen.engine.base` says what a game is.
"""

__all__: list[str] = []
