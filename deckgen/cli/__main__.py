"""`python -m deckgen.cli`: the `deckgen` command."""

from deckgen.cli import main

if __name__ == "__main__":
    main()
