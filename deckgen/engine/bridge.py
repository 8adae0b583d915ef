"""Contract bridge scoring: one deal (duplicate or rubber), a rubber, IMPs and matchpoints.

The trick values and the undertrick, overtrick and IMP tables are those of the
Laws of Duplicate Bridge (2017) and the rubber-bridge laws; they are written out
once as named tables. The bonuses that groups do change (game, part
score, slams, the insult, the rubber bonuses) are house-rule parameters whose
defaults are the Laws' values.

The four games live in modules by concern, and this one gathers them, so callers
import from `deckgen.engine.bridge` as before:

- `bridge_rules`: the house rules of a deal, a rubber and matchpoints;
- `bridge_deal`: a contract, the Laws' tables, one deal's score and the booklet's tables;
- `bridge_rubber`: a rubber, deal by deal;
- `bridge_duplicate`: IMPs and matchpoints.

>>> score_deal(parse_contract("4♥"), vulnerable=False, tricks=10).score, imps(420)
(420, 9)
"""

from __future__ import annotations

from deckgen.engine.bridge_deal import (
    BRIDGE,
    Contract,
    DealScore,
    bonus_table,
    contract_points_table,
    contract_value,
    parse_contract,
    score_deal,
    undertrick_penalty,
    undertrick_table,
)
from deckgen.engine.bridge_duplicate import BRIDGE_IMPS, BRIDGE_MATCHPOINTS, imp_table, imps, matchpoints
from deckgen.engine.bridge_rubber import BRIDGE_RUBBER, RubberDeal, RubberResult, play_rubber
from deckgen.engine.bridge_rules import BridgeRules, MatchpointRules, RubberRules

__all__ = [
    "BRIDGE",
    "BRIDGE_IMPS",
    "BRIDGE_MATCHPOINTS",
    "BRIDGE_RUBBER",
    "GAMES",
    "BridgeRules",
    "Contract",
    "DealScore",
    "MatchpointRules",
    "RubberDeal",
    "RubberResult",
    "RubberRules",
    "bonus_table",
    "contract_points_table",
    "contract_value",
    "imp_table",
    "imps",
    "matchpoints",
    "parse_contract",
    "play_rubber",
    "score_deal",
    "undertrick_penalty",
    "undertrick_table",
]

GAMES = [BRIDGE, BRIDGE_RUBBER, BRIDGE_IMPS, BRIDGE_MATCHPOINTS]
