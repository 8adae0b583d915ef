"""Raster and PDF rendering: faces, backs, tin lid, print files."""
