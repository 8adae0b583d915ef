"""Run the app: a socket on loopback and a free port, the address printed, the browser opened."""

from __future__ import annotations

import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

from deckgen.errors import UserError
from deckgen.serve.guard import LOOPBACK_NAMES, is_loopback


def open_socket(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0: a free one the system picks)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise UserError(f"--host {host} --port {port}: cannot listen there ({exc.strerror or exc})") from None
    sock.listen(128)
    sock.setblocking(False)
    return sock


def allowed_hosts(host: str, sock: socket.socket) -> set[str]:
    """The Host names a request may carry: loopback ones, and on another address that address
    (for 0.0.0.0, this machine's own addresses; never a name, which DNS rebinding could point here)."""
    hosts = set(LOOPBACK_NAMES)
    if not is_loopback(host):
        if host in ("0.0.0.0", "::"):
            try:
                hosts |= {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)}
            except OSError:
                pass
        else:
            hosts.add(host.strip("[]").lower())
    return hosts


def serve(folder: Path, host: str = "127.0.0.1", port: int = 0, open_browser: bool = True,
          say: Callable[[str], None] = print) -> None:
    """Serve the deck in `folder` until Ctrl-C."""
    folder = Path(folder).resolve()
    if not folder.is_dir():
        raise UserError(f"{folder}: expected a deck folder")
    if not (folder / "deck.toml").is_file():
        raise UserError(f"{folder}: no deck.toml here; start one with: deckgen init {folder}")
    if not 0 <= port <= 65535:
        raise UserError(f"--port: expected 0 to 65535 (got {port})")
    from deckgen.serve.preview import Preview  # late: a folder or port refused above loads nothing

    preview = Preview(folder)  # the first preview is drawn while the web libraries load
    threading.Thread(target=preview.refresh, name="first-preview", daemon=True).start()
    import uvicorn  # late: the web libraries load while the first preview is drawn

    from deckgen.serve.app import create_app  # late: as uvicorn

    sock = open_socket(host, port)
    port = sock.getsockname()[1]
    if not is_loopback(host):
        say(f"warning: listening on {host}: anyone who can reach this computer on port {port} can see and change "
            "this deck; use it only on a network you trust")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") or is_loopback(host) else host
    url = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
    app = create_app(folder, hosts=allowed_hosts(host, sock), port=port, preview=preview)
    say(f"deckgen serve: {url}  (the deck in {folder}; Ctrl-C stops)")
    if open_browser:
        threading.Timer(0.3, webbrowser.open, [url]).start()
    # Stopping waits for requests in flight at most 0.3 s: the page's event stream never ends by itself, and
    # every other request of this app is answered in milliseconds (a build runs on after its POST is answered)
    # (typed int by uvicorn, which passes it to asyncio.wait_for: a float is what it takes)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                           timeout_graceful_shutdown=0.3))  # type: ignore[arg-type]
    server.run(sockets=[sock])
