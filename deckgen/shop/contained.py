"""One order built in a contained child process: what a batch and a queue worker both run.

The child is forked from the caller (the renderers, the face finder and the booklet already loaded:
`load_the_build`), makes itself the leader of its own process group (so an order past its time is
ended with everything it started, its face workers too), dies with its parent (a batch or a worker
killed outright takes its orders with it: their output folders stay as their last finished build
left them and their locks go), and holds itself to an address-space limit (an order that asks for
too much memory fails alone). It builds with `build_order` and sends its row back as JSON bytes:
nothing an order's process says is unpickled by the process that started it.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import resource
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from deckgen.forked import child_start
from deckgen.shop.order import FAILED, STOPPED, TIMED_OUT, OrderResult, build_order

__all__ = ["OrderLimits", "OrderProcess", "build_contained", "load_the_build"]


@dataclass(frozen=True)
class OrderLimits:
    """What an order's process may take, and how it builds."""

    shop: str | None = None  # the print-shop preset (None: the deck's own)
    order_timeout: float | None = None  # seconds (None: no limit)
    memory_mb: int | None = None  # address space on top of the starting process's own (None: no limit)
    force: bool = False
    cores: int | None = 1  # processes the order's build may keep busy at once (None: every core)


def load_the_build() -> None:
    """Import the renderers, the face finder and the booklet once, here: every order's process is forked
    from this one and starts with them loaded (an order of a few cards starts at once), and its memory
    limit counts what the order itself takes, not the libraries all orders share."""
    import deckgen.booklet.build  # noqa: F401
    import deckgen.pipeline  # noqa: F401
    import deckgen.render.faces  # noqa: F401
    import deckgen.render.photos  # noqa: F401
    import deckgen.render.printfiles  # noqa: F401
    import deckgen.render.tuckbox  # noqa: F401

    import cv2  # noqa: F401  # the face finder's OpenCV, loaded by the first photo otherwise


def _address_space() -> int:
    """This process's address space in bytes (Linux: /proc/self/statm), 0 where it cannot be read."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def _order_main(folder: Path, out: Path | None, limits: OrderLimits, conn: Connection, parent: int) -> None:
    """The order's process: its own process group, dead with its parent, its memory limit."""
    os.setpgid(0, 0)
    child_start(parent)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if limits.memory_mb:  # on top of what the starting process holds, which the fork shares
        limit = _address_space() + limits.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        result = build_order(folder, out, shop=limits.shop, force=limits.force, cores=limits.cores)
    except KeyboardInterrupt:
        result = OrderResult(folder.name, STOPPED, error="stopped before it was finished; its output is as before")
    conn.send_bytes(json.dumps(result.as_dict()).encode())
    conn.close()


class OrderProcess:
    """An order building in its contained child. `result()` is its row once it has ended (or None while
    it runs; past its time it is ended and reported so); `stop()` ends it before it is done."""

    def __init__(self, folder: Path, out: Path | None, limits: OrderLimits) -> None:
        context = multiprocessing.get_context("fork")
        self.folder = Path(folder)
        self.limits = limits
        self.conn, child = context.Pipe(duplex=False)
        self.process: Any = context.Process(target=_order_main, args=(self.folder, out, limits, child, os.getpid()),
                                            name=f"order {self.folder.name}")
        self.process.start()
        child.close()
        self.started = time.monotonic()

    @property
    def waitables(self) -> list[Any]:
        """What `multiprocessing.connection.wait` watches for this order: its pipe and its process."""
        return [self.conn, self.process.sentinel]

    def result(self) -> OrderResult | None:
        """The order's row once its process has ended (or its time ran out: then it is ended); else None."""
        elapsed = time.monotonic() - self.started
        if self.conn.poll():
            try:
                data = json.loads(self.conn.recv_bytes())
            except (EOFError, ValueError):
                data = None
            self.process.join()
            if isinstance(data, dict):
                return OrderResult.from_dict(data)
        if self.process.is_alive():
            timeout = self.limits.order_timeout
            if timeout is None or elapsed <= timeout:
                return None
            self.signal(signal.SIGKILL)  # the order and every process it started
            self.process.join()
            return OrderResult(self.folder.name, TIMED_OUT, seconds=round(elapsed, 2),
                               error=f"timed out after {timeout:g} s; its output is as before")
        self.process.join()
        code = self.process.exitcode
        why = "ran out of the memory an order may use" if code in (-signal.SIGKILL, -signal.SIGSEGV) else f"exit code {code}"
        return OrderResult(self.folder.name, FAILED, seconds=round(elapsed, 2),
                           error=f"the order's process stopped ({why}); its output is as before")

    def signal(self, sig: int) -> None:
        """Signal the order's process group (the order and its workers), or the order alone if it has not
        made its group yet."""
        for send in (os.killpg, os.kill):
            try:
                send(self.process.pid, sig)
                return
            except (ProcessLookupError, PermissionError):
                continue

    def stop(self, grace: float = 10.0, *, interrupt: bool = True) -> None:
        """End the order before it is done: Ctrl-C to its group (its build unwinds, the output as before;
        `interrupt=False`: it has had its Ctrl-C already), then, if it is still running after `grace`
        seconds, SIGKILL."""
        if interrupt and self.process.is_alive():
            self.signal(signal.SIGINT)
        if self.process.is_alive():
            self.process.join(grace)
        if self.process.is_alive():
            self.signal(signal.SIGKILL)
        self.process.join()


def build_contained(folder: Path, out: Path | None, limits: OrderLimits) -> OrderResult:
    """Build one order in its contained child and wait for its row. Anything that ends this wait early (a
    signal, the caller's own timeout) ends the order too, its output as before."""
    order = OrderProcess(folder, out, limits)
    try:
        while True:
            wait(order.waitables, timeout=0.5)
            result = order.result()
            if result is not None:
                return result
    finally:
        order.stop(grace=2.0)
