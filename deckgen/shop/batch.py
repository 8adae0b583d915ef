"""A shop's batch: every order in a folder built on this machine, each in a process of its own.

An order is a subfolder holding a deck.toml. `jobs` is the number of cores the batch keeps busy, as
make -j's: up to `jobs` orders are built at once, and each order's build is given its share of the
cores (`order_cores`: one each when `jobs` orders run; more for an order that starts with fewer than
`jobs` orders building or waiting beside it, as in a batch of one order), passed to deckgen.build, which sizes its face workers, its print-file
and booklet processes to it. So N orders keep N cores busy, not N times the machine's. Each is built by
`build_order` in a contained child (deckgen.shop.contained, which a queue worker uses too): a forked
process that is also the leader of its own process group, so an order that runs past its time is
ended with everything it started (its face workers too), and one that asks for too much memory
fails alone (an address-space limit per order). A bad order is a row of
the report with its one line; the batch goes on. The builds are deckgen.build's: incremental (an
order built before and unchanged is up to date at once), all or nothing, locked per output folder,
so a batch killed at any moment and run again finishes the rest with the same bytes.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Generator
from dataclasses import dataclass, replace
from multiprocessing.connection import wait
from pathlib import Path

from deckgen.errors import UserError
from deckgen.fileio import write_bytes_atomic
from deckgen.shop.contained import OrderLimits, OrderProcess, load_the_build
from deckgen.shop.order import FAILED, OrderResult, order_problem

__all__ = ["REPORT", "BatchOptions", "OrderFinished", "OrderStarted", "find_orders", "order_cores", "run_batch",
           "write_report"]

#: The report a batch leaves in the orders folder.
REPORT = "batch-report.json"
#: Seconds the running orders of a stopped batch have to unwind their builds before they are killed.
STOP_GRACE = 10.0


@dataclass(frozen=True)
class BatchOptions:
    """What the shop sets once for a batch."""

    jobs: int = 1  # the cores the batch uses: orders at once, each with its share
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


def order_cores(jobs: int, in_flight: int) -> int:
    """The cores an order starting now is given when the batch uses `jobs` cores and `in_flight` orders
    (this one among them) will be building at once: its share, at least one."""
    return max(1, jobs // max(1, in_flight))


def run_batch(root: Path, options: BatchOptions) -> Generator[OrderStarted | OrderFinished, None, None]:
    """Build every order of `root`, `options.jobs` at a time, yielding each start and each result.
    Ctrl-C (KeyboardInterrupt), or closing the iterator, ends the running orders cleanly: each is sent
    Ctrl-C, its build unwinds (its staging removed, its output folder as its last finished build left
    it, its lock released), and after `STOP_GRACE` seconds one still running is killed (its output is
    as before all the same: the next build clears what it left). The interrupt is then raised again;
    the caller reports the orders it saw start and not finish as stopped."""
    orders = find_orders(root)
    if options.jobs < 1:
        raise UserError(f"--jobs: expected 1 or more (got {options.jobs})")
    load_the_build()
    limits = OrderLimits(shop=options.shop, order_timeout=options.order_timeout, memory_mb=options.memory_mb,
                         force=options.force)
    waiting = list(orders)
    builds = {folder for folder in orders if order_problem(folder) is None}  # those that will have a process
    running: list[OrderProcess] = []
    try:
        while waiting or running:
            while waiting and len(running) < options.jobs:
                folder = waiting.pop(0)
                problem = order_problem(folder)
                if problem is not None:  # not an order at all: its row, without a process
                    yield OrderFinished(OrderResult(folder.name, FAILED, error=problem))
                    continue
                out = None if options.out_root is None else options.out_root / folder.name
                in_flight = min(options.jobs, len(running) + 1 + sum(f in builds for f in waiting))
                cores = order_cores(options.jobs, in_flight)
                running.append(OrderProcess(folder, out, replace(limits, cores=cores)))
                yield OrderStarted(folder.name)
            if not running:
                continue
            wait([w for r in running for w in r.waitables], timeout=0.2)
            for job in list(running):
                result = job.result()
                if result is not None:
                    running.remove(job)
                    yield OrderFinished(result)
    except BaseException:
        for job in running:  # Ctrl-C or a failure here: each running order unwinds its build and stops
            job.signal(signal.SIGINT)
        deadline = time.monotonic() + STOP_GRACE
        for job in running:
            job.stop(max(0.0, deadline - time.monotonic()), interrupt=False)
        raise


def write_report(root: Path, results: list[OrderResult], seconds: float) -> Path:
    """ORDERS/batch-report.json: a row per order (status, time, error, files, warnings, preflight), by name."""
    rows = sorted(results, key=lambda r: r.order)
    counts = {status: sum(r.status == status for r in rows) for status in ("built", "up to date", "failed", "timed out", "stopped")}
    report = {"orders": [r.as_dict() for r in rows], "counts": counts, "seconds": round(seconds, 2)}
    return write_bytes_atomic(Path(root) / REPORT, (json.dumps(report, ensure_ascii=False, indent=2) + "\n").encode())
