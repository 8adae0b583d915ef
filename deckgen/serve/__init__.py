"""`deckgen serve`: the deck in a browser, with a live preview and a photo-crop editor.

A thin web layer over the same library calls as the command line: the preview is
drawn by the renderers at screen resolution (`preview`), the page's changes are
written into deck.toml keeping its comments (`tomledit`), uploads are checked as
photos before they are saved (`uploads`), a build runs the CLI's steps in a
child process (`buildjob`), and every request is checked against DNS rebinding
and cross-site writes (`guard`). `app` ties them together; `server` runs it.
"""

from __future__ import annotations

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> object:  # the web libraries are imported only when serving
    if name == "create_app":
        from deckgen.serve.app import create_app

        return create_app
    if name == "serve":
        from deckgen.serve.server import serve

        return serve
    raise AttributeError(name)
