"""`deckgen serve` (the browser designer) and `deckgen batch` (a shop's folder of orders)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from deckgen.cli import common as ui
from deckgen.cli.common import shown


@ui.app.command()
def serve(
    folder: Annotated[Path, typer.Argument(help="The deck folder (the one with deck.toml; default: here).")] = Path("."),
    no_open: Annotated[bool, typer.Option("--no-open", help="Do not open the browser; just print the address.")] = False,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default 127.0.0.1, this computer only); another address lets other computers change the deck.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (default: a free one).")] = 0,
) -> None:
    """Design the deck in the browser: a live preview that follows deck.toml and the photos as you
    save them, a photo-crop editor (click a court or joker), theme and back lists, and a build button.

    Example: deckgen serve mydeck
    """
    from deckgen.serve.server import serve as run_server

    run_server(folder, host=host, port=port, open_browser=not no_open,
               say=lambda line: ui.console.print(shown(line), highlight=False, soft_wrap=True))


@ui.app.command()
def batch(
    orders: Annotated[Path, typer.Argument(help="The orders folder: one subfolder per order, each with its deck.toml.")],
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Cores the batch uses, as make -j: N orders "
                                             "at once, each building on its share (default: every core).")] = None,
    out_root: Annotated[Path | None, typer.Option("--out-root", help="Write order X into DIR/X/ (default: X/output/).")] = None,
    shop: Annotated[str | None, typer.Option("--shop", help="Print-shop preset for every order (default: each deck's own).")] = None,
    order_timeout: Annotated[float | None, typer.Option("--order-timeout", min=1, help="Seconds an order may take; "
                                                        "past that it is stopped and reported (default: no limit).")] = None,
    memory_mb: Annotated[int | None, typer.Option("--memory-mb", min=64, help="Memory an order may take on top of "
                                                  "deckgen's own, in MB (default 4096).")] = 4096,
    force: Annotated[bool, typer.Option("--force", help="Rebuild every order, even those that are up to date.")] = False,
) -> None:
    """Build every order in a folder, several at once: a shop's day in one command.

    Each order builds as `deckgen build` would in its folder, in a process of its own: a bad, slow or
    huge order ends with its one line and the others go on. Run again, it rebuilds only the orders
    whose inputs changed and retries the failed ones. --jobs N keeps N cores busy: N orders at once,
    each building on one core (an order with fewer than N beside it, on more). The report is
    ORDERS/batch-report.json; the exit code is 0 when every order built, 1 when any did not.

    Example: deckgen batch orders/ --jobs 2 --shop drivethrucards --order-timeout 600
    """
    from deckgen.render.shops import load_shop
    from deckgen.shop.batch import (
        BatchOptions,
        OrderFinished,
        OrderStarted,
        find_orders,
        run_batch,
        write_report,
    )

    if shop is not None:
        load_shop(shop, Path.cwd())  # a preset that does not exist is one line now, not a row per order
    options = BatchOptions(jobs=jobs or os.cpu_count() or 1, out_root=out_root.absolute() if out_root else None,
                           shop=str(Path(shop).absolute()) if shop and shop.endswith(".toml") else shop,
                           order_timeout=order_timeout, memory_mb=memory_mb, force=force)
    total = len(find_orders(orders))
    results: list[Any] = []
    running: set[str] = set()
    started = time.monotonic()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("left"), TimeRemainingColumn())
    events = run_batch(orders, options)
    interrupted = False
    with Progress(*columns, console=ui.err_console, transient=False, disable=not ui.err_console.is_terminal) as progress:
        task = progress.add_task("orders", total=total)
        try:
            for event in events:
                if isinstance(event, OrderStarted):
                    running.add(event.order)
                elif isinstance(event, OrderFinished):
                    running.discard(event.result.order)
                    results.append(event.result)
                    if not event.result.ok:
                        ui.err_console.print(f"[red]failed:[/red] {shown(event.result.order)}: {shown(event.result.error or '')}",
                                          highlight=False, soft_wrap=True)
                    progress.advance(task)
                failed = sum(not r.ok for r in results)
                progress.update(task, description=f"orders: {len(results) - failed} built, {failed} failed, "
                                                  f"{len(running)} running")
        except KeyboardInterrupt:
            events.close()  # the running orders unwind their builds (at once when the interrupt came through it)
            interrupted = True
    if interrupted:
        _stopped(orders, results, sorted(running), total, time.monotonic() - started)
    report = write_report(orders, results, time.monotonic() - started)
    table = Table(title=f"{len(results)} orders in {time.monotonic() - started:.0f} s")
    for column in ("order", "status", "time", "files", "preflight", "error"):
        table.add_column(column, overflow="fold")
    for r in sorted(results, key=lambda r: r.order):
        table.add_row(shown(r.order), shown(r.status), f"{r.seconds:.1f} s", str(len(r.files)), shown(r.preflight),
                      shown(r.error or ""))
    ui.console.print(table)
    ui.console.print(f"  The report: {shown(str(report))}", highlight=False)
    if any(not r.ok for r in results):
        raise typer.Exit(1)


def _stopped(orders: Path, results: list[Any], stopped: list[str], total: int, seconds: float) -> NoReturn:
    """After Ctrl-C: the report with the orders that were running as stopped, how to resume, exit 130. As the
    program, the process ends at once, as main() ends a stopped build (an interpreter shutting down with a
    Ctrl-C just handled could end itself by SIGINT instead); main()'s own line about one output folder
    would not be the batch's."""
    from deckgen.cli.program import PROGRAM
    from deckgen.shop.batch import write_report
    from deckgen.shop.order import STOPPED, OrderResult

    done = len(results)
    results = results + [OrderResult(name, STOPPED, error="stopped before it was finished; its output is as before")
                         for name in stopped]
    report = write_report(orders, results, seconds)
    ui.err_console.print(f"stopped: {done} of {total} orders are done, {len(stopped)} stopped (see {shown(str(report))}); "
                         "the stopped ones are as before. Run the same command again to build the rest.",
                         highlight=False, soft_wrap=True)
    if PROGRAM:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    sys.exit(130)
