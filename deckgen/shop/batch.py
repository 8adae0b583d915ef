"""A shop's batch: every order in a folder built on this machine, each in a process of its own.

An order is a subfolder holding a deck.toml. Up to `jobs` orders are built at once, each by
`build_order` in a forked process that is also the leader of its own process group, so an order
that runs past its time is ended with everything it started (its face workers too), and one that
asks for too much memory fails alone (an address-space limit per order). A bad order is a row of
the report with its one line; the batch goes on. The builds are deckgen.build's: incremental (an
order built before and unchanged is up to date at once), all or nothing, locked per output folder,
so a batch killed at any moment and run again finishes the rest with the same bytes.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import resource
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from deckgen.errors import UserError
from deckgen.fileio import write_bytes_atomic
from deckgen.shop.order import FAILED, STOPPED, TIMED_OUT, OrderResult, build_order, order_problem

__all__ = ["REPORT", "BatchOptions", "OrderFinished", "OrderStarted", "find_orders", "run_batch", "write_report"]

#: The report a batch leaves in the orders folder.
REPORT = "batch-report.json"


@dataclass(frozen=True)
class BatchOptions:
    """What the shop sets once for a batch."""

    jobs: int = 1
    out_root: Path | None = None  # None: each order's own output/; else DIR/<order>/
    shop: str | None = None  # the print-shop preset for every order (None: each deck's own)
    order_timeout: float | None = None  # seconds an order may take
    memory_mb: int | None = None  # address space an order's process may take
    force: bool = False


@dataclass(frozen=True)
class OrderStarted:
    order: str


@dataclass(frozen=True)
class OrderFinished:
    result: OrderResult


def find_orders(root: Path) -> list[Path]:
    """Every entry of the orders folder but the report and hidden ones, by name: the subfolders are the
    orders, and a file or a link found there is a row of the report saying why it is not one."""
    root = Path(root)
    if not root.is_dir():
        raise UserError(f"{root}: expected a folder of orders (one subfolder per order, each with its deck.toml)")
    return sorted((p for p in root.iterdir() if p.name != REPORT and not p.name.startswith(".")), key=lambda p: p.name)


def _order(folder: Path, options: BatchOptions, conn: Connection) -> None:
    """The order's process: its own process group (a timeout ends all it started), its memory limit."""
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if options.memory_mb:  # on top of what the batch's own process holds, which the fork shares
        limit = _address_space() + options.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    out = None if options.out_root is None else options.out_root / folder.name
    try:
        result = build_order(folder, out, shop=options.shop, force=options.force)
    except KeyboardInterrupt:
        result = OrderResult(folder.name, STOPPED, error="stopped before it was finished; its output is as before")
    conn.send(result.as_dict())
    conn.close()


def _load_the_build() -> None:
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


@dataclass
class _Running:
    folder: Path
    process: Any
    conn: Connection
    started: float


def run_batch(root: Path, options: BatchOptions) -> Iterator[OrderStarted | OrderFinished]:
    """Build every order of `root`, `options.jobs` at a time, yielding each start and each result.
    Ctrl-C (KeyboardInterrupt) ends the running orders cleanly (their output folders stay as the last
    finished build left them), reports them as stopped, and is raised again."""
    orders = find_orders(root)
    if options.jobs < 1:
        raise UserError(f"--jobs: expected 1 or more (got {options.jobs})")
    _load_the_build()
    context = multiprocessing.get_context("fork")
    waiting = list(orders)
    running: list[_Running] = []
    try:
        while waiting or running:
            while waiting and len(running) < options.jobs:
                folder = waiting.pop(0)
                problem = order_problem(folder)
                if problem is not None:  # not an order at all: its row, without a process
                    yield OrderFinished(OrderResult(folder.name, FAILED, error=problem))
                    continue
                parent, child = context.Pipe(duplex=False)
                process = context.Process(target=_order, args=(folder, options, child), name=f"order {folder.name}")
                process.start()
                child.close()
                running.append(_Running(folder, process, parent, time.monotonic()))
                yield OrderStarted(folder.name)
            if not running:
                continue
            wait([r.conn for r in running] + [r.process.sentinel for r in running], timeout=0.2)
            for job in list(running):
                result = _finished(job, options)
                if result is not None:
                    running.remove(job)
                    yield OrderFinished(result)
    except BaseException:
        for job in running:  # Ctrl-C or a failure here: each running order unwinds its build and stops
            _signal_group(job.process, signal.SIGINT)
        for job in running:
            job.process.join(10)
            if job.process.is_alive():
                _signal_group(job.process, signal.SIGKILL)
                job.process.join()
        raise


def _finished(job: _Running, options: BatchOptions) -> OrderResult | None:
    """The order's result once its process has ended (or its time ran out: then it is ended); else None."""
    elapsed = time.monotonic() - job.started
    if job.conn.poll():
        try:
            data = job.conn.recv()
        except EOFError:
            data = None
        job.process.join()
        if data is not None:
            return OrderResult.from_dict(data)
    if job.process.is_alive():
        if options.order_timeout is None or elapsed <= options.order_timeout:
            return None
        _signal_group(job.process, signal.SIGKILL)  # the order and every process it started
        job.process.join()
        return OrderResult(job.folder.name, TIMED_OUT, seconds=round(elapsed, 2),
                           error=f"timed out after {options.order_timeout:g} s; its output is as before")
    job.process.join()
    code = job.process.exitcode
    why = "ran out of the memory an order may use" if code in (-signal.SIGKILL, -signal.SIGSEGV) else f"exit code {code}"
    return OrderResult(job.folder.name, FAILED, seconds=round(elapsed, 2),
                       error=f"the order's process stopped ({why}); its output is as before")


def _signal_group(process: Any, sig: int) -> None:
    """Signal the order's process group (the order and its workers), or the order alone if it has not
    made its group yet."""
    for send in (os.killpg, os.kill):
        try:
            send(process.pid, sig)
            return
        except (ProcessLookupError, PermissionError):
            continue


def write_report(root: Path, results: list[OrderResult], seconds: float) -> Path:
    """ORDERS/batch-report.json: a row per order (status, time, error, files, warnings, preflight), by name."""
    rows = sorted(results, key=lambda r: r.order)
    counts = {status: sum(r.status == status for r in rows) for status in ("built", "up to date", "failed", "timed out", "stopped")}
    report = {"orders": [r.as_dict() for r in rows], "counts": counts, "seconds": round(seconds, 2)}
    return write_bytes_atomic(Path(root) / REPORT, (json.dumps(report, ensure_ascii=False, indent=2) + "\n").encode())
