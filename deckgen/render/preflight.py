"""`deckgen print --preflight`: every finding for a deck against a print shop's preset.

The cards, backs and lid are `shopcheck`'s to measure, the tuck box `boxcheck`'s
(with `shopcheck`'s tools); this module asks both, in the order they are printed.
"""

from __future__ import annotations

from deckgen.design import Design, PrintOptions
from deckgen.render.boxcheck import box_findings
from deckgen.render.shopcheck import Finding, card_findings
from deckgen.render.shops import load_shop

__all__ = ["Finding", "check_for_shop"]


def check_for_shop(deck: Design, options: PrintOptions) -> list[Finding]:
    """Every finding for the deck with these print options: its cards', then its box's."""
    preset = load_shop(options.shop, deck.base_dir)
    return card_findings(deck, options, preset) + box_findings(deck, preset)
