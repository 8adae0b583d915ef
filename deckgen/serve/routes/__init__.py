"""The routes of `deckgen serve`, by what they serve: each module's `routes(session)` lists its own,
and its handlers are functions of the session (deckgen.serve.session) and the request."""
