"""deckgen: a print-and-play deck designer with a verified rules booklet."""

__version__ = "0.1.0"
