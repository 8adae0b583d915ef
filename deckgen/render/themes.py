"""Moved to `deckgen.themes` (config and the renderers both read it, so it lives outside render/).

This name stays an alias of that module, for code written against the old path.
"""

import sys

from deckgen import themes as _themes

sys.modules[__name__] = _themes
