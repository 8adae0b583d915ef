"""Shops at scale: a batch over a folder of orders on this machine (`batch`), and one order's build
(`order`), which a queue worker runs too."""
