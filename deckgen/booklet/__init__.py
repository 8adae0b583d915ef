"""Rules booklet: Markdown sources, example checks, PDF."""
