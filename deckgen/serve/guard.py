"""What keeps a local web app local: requests only for this machine's own address, no writes
from another site, and files only from the deck folder's images/ and output/.

A page on any web site can make the browser send requests to 127.0.0.1; two checks stop it:
the Host header must name the address the app listens on (a DNS-rebinding page arrives
under its own host name), and an Origin or Sec-Fetch-Site header, which browsers add to
every cross-site request that could change something, must say the request came from the
app's own page.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})


def is_loopback(host: str) -> bool:
    """An address only this machine can reach."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def split_host(value: str) -> tuple[str, int | None]:
    """'127.0.0.1:8000' -> ('127.0.0.1', 8000); '[::1]:8000' -> ('::1', 8000)."""
    try:
        parts = urlsplit("//" + value)
        return (parts.hostname or "").lower(), parts.port
    except ValueError:
        return "", None


class LocalOnly:
    """ASGI middleware refusing (403) a request whose Host is not one of `hosts` on `port`, or
    whose Origin is not the app's own, or that a browser marks as sent from another site."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], port: int | None) -> None:
        self.app = app
        self.hosts = frozenset(h.lower().strip("[]") for h in hosts)
        self.port = port

    def allowed(self, host: str, port: int | None) -> bool:
        return host in self.hosts and (self.port is None or port == self.port)

    def problem(self, headers: dict[str, str]) -> str | None:
        host, port = split_host(headers.get("host", ""))
        if not self.allowed(host, port):
            return "refused: this address is only for the deckgen page on this computer (unexpected Host)"
        origin = headers.get("origin")
        if origin is not None:
            parts = urlsplit(origin)
            try:
                origin_port = parts.port or (80 if parts.scheme == "http" else None)
            except ValueError:
                origin_port = None
            if parts.scheme != "http" or not self.allowed((parts.hostname or "").lower(), origin_port):
                return "refused: a request from another site (unexpected Origin)"
        if headers.get("sec-fetch-site") == "cross-site":
            return "refused: a request from another site"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            problem = self.problem(headers)
            if problem is not None:
                if scope["type"] == "http":
                    await PlainTextResponse(problem, status_code=403)(scope, receive, send)
                else:
                    await send({"type": "websocket.close", "code": 1008})
                return
        await self.app(scope, receive, send)


def contained(root: Path, relative: str) -> Path | None:
    """The file `relative` names under `root`, links followed, or None when it leaves `root`
    (`..`, an absolute path, a link pointing out) or is not a regular file."""
    if not relative or "\x00" in relative or relative.startswith(("/", "\\")):
        return None
    real_root = os.path.realpath(root)
    real = os.path.realpath(os.path.join(real_root, relative))
    if os.path.commonpath([real_root, real]) != real_root or real == real_root:
        return None
    return Path(real) if os.path.isfile(real) else None
