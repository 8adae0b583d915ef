"""`deckgen queue submit | worker | status | retry`: a shop's orders built on several machines through a
Redis job queue (deckgen/shop/queue.py on RQ; the optional extra `queue`: pip install 'deckgen[queue]')."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from deckgen.cli import common as ui
from deckgen.cli.common import shown
from deckgen.errors import UserError

__all__ = ["queue_app"]

queue_app = typer.Typer(name="queue", no_args_is_help=True, rich_markup_mode=None,
                        help="Build orders on several machines through a Redis job queue (pip install 'deckgen[queue]').\n\n"
                        "Example: deckgen queue submit /srv/orders --redis redis://queue.local:6379/0")
ui.app.add_typer(queue_app)
RedisOption = Annotated[str, typer.Option("--redis", help="The Redis server, e.g. redis://queue.local:6379/0.")]


def _queue() -> Any:
    """deckgen.shop.queue, or the one line saying how to install what it needs."""
    import importlib

    try:
        queue = importlib.import_module("deckgen.shop.queue")
    except ImportError as exc:
        if (exc.name or "").split(".")[0] in ("rq", "redis"):
            raise UserError("deckgen queue needs Redis and RQ, which a plain install leaves out: "
                            "pip install 'deckgen[queue]'") from None
        raise
    return queue


@queue_app.command("submit")
def queue_submit(
    orders: Annotated[Path, typer.Argument(help="The orders folder (every worker must see it at this same path).")],
    redis: RedisOption,
    out_root: Annotated[Path | None, typer.Option("--out-root", help="Write order X into DIR/X/ (default: X/output/).")] = None,
    shop: Annotated[str | None, typer.Option("--shop", help="Print-shop preset for every order (default: each deck's own).")] = None,
    order_timeout: Annotated[float | None, typer.Option("--order-timeout", min=1, help="Seconds an order may take (at most the worker's).")] = None,
    memory_mb: Annotated[int | None, typer.Option("--memory-mb", min=64, help="Memory an order may take, in MB (at most the worker's).")] = None,
) -> None:
    """Queue one job per order of ORDERS; orders already queued or being built are left as they are.

    Example: deckgen queue submit /srv/orders --redis redis://queue.local:6379/0
    """
    from deckgen.render.shops import load_shop

    queue = _queue()
    if shop is not None:
        load_shop(shop, Path.cwd())  # a preset that does not exist is one line now, not a failed job per order
        if shop.endswith(".toml"):
            shop = str(Path(shop).absolute())
    done = queue.submit(queue.connect(redis), orders, out_root=out_root, shop=shop, order_timeout=order_timeout,
                        memory_mb=memory_mb)
    fresh = sum(s.queued for s in done)
    ui.console.print(f"{fresh} orders queued" + (f", {len(done) - fresh} already queued or being built" if fresh < len(done) else ""),
                  highlight=False)


@queue_app.command("worker")
def queue_worker(
    redis: RedisOption,
    burst: Annotated[bool, typer.Option("--burst", help="Stop when no order is queued or being built.")] = False,
    orders: Annotated[Path | None, typer.Option("--orders", help="Build only orders inside this folder (recommended).")] = None,
    out_root: Annotated[Path | None, typer.Option("--out-root", help="Let jobs write order X into DIR/X/.")] = None,
    order_timeout: Annotated[float, typer.Option("--order-timeout", min=1, help="The most seconds a job may give an order.")] = 3600,
    memory_mb: Annotated[int, typer.Option("--memory-mb", min=64, help="The most memory a job may give an order, in MB.")] = 4096,
    heartbeat: Annotated[int, typer.Option("--heartbeat", min=1, max=300, help="Seconds between signs of life; an order "
                                           "of a worker silent for 3 of them is built again by another.")] = 10,
    cores: Annotated[int, typer.Option("--cores", min=1, help="Cores an order's build may keep busy (default 1: "
                                       "run one worker per core).")] = 1,
) -> None:
    """Build queued orders, one at a time, each in a contained process of its own on one core (run one
    worker per core, or give one worker more with --cores).

    Example: deckgen queue worker --redis redis://queue.local:6379/0 --orders /srv/orders
    """
    queue = _queue()
    for flag, folder in (("--orders", orders), ("--out-root", out_root)):
        if folder is not None and not folder.is_dir():
            raise UserError(f"{flag} {folder}: expected a folder that exists (every worker sees it at the same path)")
    settings = queue.WorkerSettings(orders=orders, out_root=out_root, order_timeout=order_timeout, memory_mb=memory_mb,
                                    heartbeat=heartbeat, cores=cores)
    queue.run_worker(queue.connect(redis), settings, burst=burst)


@queue_app.command("status")
def queue_status(redis: RedisOption) -> None:
    """Each order the queue knows: queued, building, built, up to date or failed (with its one line).

    Example: deckgen queue status --redis redis://queue.local:6379/0
    """
    queue = _queue()
    states = queue.order_states(queue.connect(redis))
    table = Table(title=f"{len(states)} orders")
    for column in ("order", "state", "time", "worker", "error"):
        table.add_column(column, overflow="fold")
    for s in states:
        table.add_row(shown(s.order), shown(s.state), "" if s.seconds is None else f"{s.seconds:.1f} s",
                      shown(s.worker or ""), shown(s.error or ""))
    ui.console.print(table)


@queue_app.command("retry")
def queue_retry(redis: RedisOption) -> None:
    """Queue every failed order again.

    Example: deckgen queue retry --redis redis://queue.local:6379/0
    """
    queue = _queue()
    names = queue.retry_failed(queue.connect(redis))
    ui.console.print(f"{len(names)} failed orders queued again" + (f": {', '.join(shown(n) for n in names)}" if names else ""),
                  highlight=False)
