"""Work done in a forked child process while this one goes on: the booklet beside the faces and
print files, the print-shop file beside the home sheets.

The child starts as a copy of this process (fork: nothing is pickled on the way in, everything
already computed is there), runs one function and sends back its result, the warnings it raised
and its error, if any, through a pipe. It dies with its parent (a killed build leaves no process
behind that would go on writing or hold the output folder's lock). Only where processes can be
forked and there is a second core (`can_fork`); elsewhere the caller runs the function itself.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
from collections.abc import Callable
from typing import Any

from deckgen.errors import UserError, collected_warnings, warn

__all__ = ["Forked", "can_fork", "child_start", "held_locks", "worker_pool"]


def can_fork() -> bool:
    """Whether work can go to a forked child that runs beside this process: a second core, fork, and
    this is the main thread (a server's worker threads never fork)."""
    return ((os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods()
            and threading.current_thread() is threading.main_thread())


#: File descriptors this process holds locks on (the output folder's, deckgen.staging.output_lock). A
#: forked child shares the lock while it keeps its copy, so every child closes them first: the lock
#: then goes with this process alone, and a build killed with its children still alive frees it at once.
held_locks: set[int] = set()


def _watch_parent(parent: int) -> None:
    """The portable fallback: a thread that ends this process once its parent is gone."""
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="deckgen-parent-watch", daemon=True).start()


def _die_with_parent(parent: int | None = None) -> None:
    """Ask Linux to kill this process when its parent dies (PR_SET_PDEATHSIG); elsewhere, or when the
    request fails, watch the parent from a thread. Given the `parent`'s number, a parent that died
    before the request took effect ends this process at once."""
    asked = False
    try:
        import ctypes  # only in a child, and only on Linux does it do anything
        import signal
        import sys

        if sys.platform.startswith("linux"):
            libc = ctypes.CDLL(None, use_errno=True)
            asked = libc.prctl(1, int(signal.SIGKILL)) == 0  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        asked = False
    if parent is None:
        return
    if os.getppid() != parent:
        os._exit(1)
    if not asked:
        _watch_parent(parent)


def child_start(parent: int) -> None:
    """What every child process of deckgen does first (a pool's initializer, a forked child): die
    with its parent, and let go of the locks it inherited."""
    _die_with_parent(parent)
    for fd in list(held_locks):
        try:
            os.close(fd)
        except OSError:
            pass
    held_locks.clear()


def worker_pool(max_workers: int) -> Any:
    """A process pool whose workers die with this process and hold none of its locks (forked where
    the system can, else spawned)."""
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(max_workers=max_workers, mp_context=multiprocessing.get_context(method),
                               initializer=child_start, initargs=(os.getpid(),))


def _portable_error(exc: BaseException) -> BaseException:
    """The error as it can cross the pipe: itself when it pickles and comes back, else its one line."""
    try:
        return pickle.loads(pickle.dumps(exc))  # type: ignore[no-any-return]
    except Exception:
        return UserError(str(exc)) if isinstance(exc, UserError) else RuntimeError(f"{type(exc).__name__}: {exc}")


def _child_main(conn: Any, function: Callable[[], Any], parent: int) -> None:
    child_start(parent)  # a parent that died before the request took effect ends it at once
    with collected_warnings() as said:
        try:
            outcome: tuple[str, object] = ("ok", function())
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent
            outcome = ("error", _portable_error(exc))
    try:
        conn.send((outcome, said))
        conn.close()
    finally:
        # straight out: no flushing of streams another thread of the parent may have held at the fork
        # (a progress bar's), no exit handlers of the parent's
        os._exit(0)


class Forked:
    """`function()` running in a forked child; `result()` waits for it, re-raises its error in this
    process and re-issues its warnings here (so the caller reports them as its own); `stop()` ends it."""

    def __init__(self, function: Callable[[], Any], what: str = "a child process") -> None:
        context = multiprocessing.get_context("fork")
        self.what = what
        self._conn, child_conn = context.Pipe(duplex=False)
        self._process = context.Process(target=_child_main, args=(child_conn, function, os.getpid()))
        self._process.start()
        child_conn.close()

    def result(self) -> Any:
        try:
            outcome, said = self._conn.recv()
        except EOFError:
            self._process.join()
            raise RuntimeError(f"{self.what} stopped (exit code {self._process.exitcode})") from None
        finally:
            self._conn.close()
        self._process.join()
        for warning in said:
            warn(warning)
        kind, value = outcome
        if kind == "error":
            raise value
        return value

    def stop(self) -> None:
        """End the child (the work failed elsewhere): the caller keeps nothing it wrote."""
        if self._process.is_alive():
            self._process.kill()
        self._process.join()
        self._conn.close()
