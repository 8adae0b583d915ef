"""A long list of independent pure computations shared among this machine's cores.

`deckgen check` of a document with a thousand worked examples spends its time in the
rules engine, one example after another, on one core. The examples do not depend on each
other, so the list is cut into runs: this process works the first run while forked copies
of it work the others and send their results back pickled. A fork starts in about a
millisecond with everything already imported and read (no second start-up), and the
results are those of the same function on the same input, in the same order.

Only where `os.fork` exists (not on Windows) and only for lists long enough to pay for the
fork and the pickling; a copy that fails in any way has its run worked here instead, so a
result never depends on whether it came from a copy.
"""

from __future__ import annotations

import os
import pickle
import signal
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["MIN_PER_PROCESS", "fork_map", "usable_cores"]

T = TypeVar("T")
R = TypeVar("R")

#: Fewer items than this per process and the work stays in one process: forking, pickling
#: and reading back cost about as much as 100 worked examples save.
MIN_PER_PROCESS = 150


def usable_cores() -> int:
    """The cores this process may run on (a container's limit, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity call (macOS)
        return os.cpu_count() or 1


def fork_map(function: Callable[[T], R], items: Sequence[T], processes: int | None = None) -> list[R]:
    """`[function(item) for item in items]`, worked by up to `processes` processes (default: one per
    usable core, and at least MIN_PER_PROCESS items for each).

    `function` must be pure (its result depends on the item alone, and it changes nothing this
    process needs to see) and its results must pickle. With `processes` left out, this runs in
    one process when another thread is running (a fork copies only the calling thread, and a
    lock another thread held would stay locked in the copy for ever).
    """
    if processes is None:
        processes = 1 if threading.active_count() > 1 else min(usable_cores(), len(items) // MIN_PER_PROCESS)
    processes = min(processes, len(items))
    if processes < 2 or not hasattr(os, "fork"):
        return [function(item) for item in items]
    size = -(-len(items) // processes)
    runs = [items[start : start + size] for start in range(0, len(items), size)]
    children: list[tuple[int, int, Sequence[T]]] = []  # pid, pipe, the run it works
    try:
        for run in runs[1:]:
            children.append((*_start(function, run), run))
        results = [function(item) for item in runs[0]]
        while children:
            pid, pipe, run = children[0]
            payload = _read_all(pipe)
            children.pop(0)
            os.close(pipe)
            os.waitpid(pid, 0)
            results.extend(_results(payload, function, run))
    except BaseException:  # an interrupt, or the function failed here: no copy is left behind
        for pid, pipe, _ in children:
            os.close(pipe)  # a copy still writing gets a broken pipe and leaves
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
        raise
    return results


def _start(function: Callable[[T], R], run: Sequence[T]) -> tuple[int, int]:
    """Fork a copy that works `run` and writes its pickled results to a pipe; the pid and the pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read
    # the copy: whatever happens, it leaves by os._exit (no atexit handlers, no buffers flushed twice)
    try:
        os.close(read)
        try:
            payload = pickle.dumps([function(item) for item in run], protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:  # noqa: BLE001 - the parent works this run itself
            payload = b""
        with os.fdopen(write, "wb") as pipe:
            pipe.write(payload)
    finally:
        os._exit(0)


def _read_all(pipe: int) -> bytes:
    chunks = []
    while chunk := os.read(pipe, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _results(payload: bytes, function: Callable[[T], R], run: Sequence[T]) -> list[R]:
    """A copy's results, or the run worked here when the copy sent none (it failed or was killed)."""
    if payload:
        try:
            results: list[R] = pickle.loads(payload)
        except Exception:  # noqa: BLE001 - a truncated payload: work the run here
            pass
        else:
            if len(results) == len(run):
                return results
    return [function(item) for item in run]
