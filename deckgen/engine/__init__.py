"""The rules engine: pure functions over plain data, one module per game family."""
