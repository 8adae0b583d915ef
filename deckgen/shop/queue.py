"""A shop's job queue on RQ and a real Redis: one JSON job per order, for workers on several machines
that see the orders folder at the same path.

- `submit` puts one job per entry of an orders folder on the queue (an order already queued or being
  built is left as it is; one built or failed before is queued again, and builds incrementally).
- `run_worker` builds them, one order at a time, each on the worker's `cores` (one unless told
  otherwise: a machine with N cores runs N workers). Each job runs in RQ's work horse (a fork of the worker that dies with
  it), which builds the order in the same contained child a batch uses (deckgen.shop.contained: its
  own process group, its memory limit and time limit, dead with its parent). A worker killed outright
  takes its order with it: the output folder stays as the last finished build left it, the folder's
  lock goes, and the job, whose heartbeat stops, is given back to the queue by another worker within
  a few heartbeats (RQ's StartedJobRegistry cleanup, which retries an abandoned job with retries left).
- `order_states` says each order's state and its one-line error; `retry_failed` queues the failed again.

What a worker trusts: the Redis names orders, nothing more. Jobs and results are JSON (RQ's
JSONSerializer), never pickles, and a job is run only if it names `perform_order` with five strings:
the order folder, the output folder, the preset and two limits. Those are checked against the
worker's own settings (the orders folder and output root it serves, its time and memory caps) before
anything is read; callbacks a job names are never called. The order's folder itself is untrusted
and contained as a batch's orders are.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

import redis
from rq import Queue, Retry, Worker
from rq.exceptions import DeserializationError, NoSuchJobError
from rq.job import Job, JobStatus, get_current_job
from rq.registry import FailedJobRegistry, FinishedJobRegistry, StartedJobRegistry
from rq.serializers import JSONSerializer

from deckgen.errors import DeckgenError, UserError
from deckgen.forked import child_start
from deckgen.shop.batch import find_orders
from deckgen.shop.contained import OrderLimits, build_contained, load_the_build

__all__ = ["JOB_FUNCTION", "QUEUE", "OrderFailed", "OrderJob", "OrderState", "RefusedJob", "WorkerSettings", "connect",
           "job_id", "order_states", "perform_order", "retry_failed", "run_worker", "submit"]

#: The queue's name in Redis, and the one function its jobs may name.
QUEUE = "deckgen-orders"
JOB_FUNCTION = "deckgen.shop.queue.perform_order"
#: Times a job is tried again after its worker died under it (an order's own failure is final).
RETRIES = 2
#: How long a finished or failed order's state is kept in Redis (a week: a shop's `status` after a weekend).
KEEP_SECONDS = 7 * 24 * 3600
#: A worker's caps when it is given none: what a job may ask for at most.
DEFAULT_TIMEOUT = 3600.0
DEFAULT_MEMORY_MB = 4096
_PRESET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


class RefusedJob(DeckgenError):
    """A job a deckgen worker does not run: it is not JSON, names another function, or names a folder or
    a setting outside what this worker serves."""


class OrderFailed(DeckgenError):
    """The order's own failure (its deck.toml, a limit, its time): its one line. Not retried."""


def shown_url(url: str) -> str:
    """The Redis URL as a message may show it: a password replaced by ***."""
    try:
        password = urlsplit(url).password
    except ValueError:
        return url
    return url.replace(f":{password}@", ":***@", 1) if password else url


def connect(url: str) -> redis.Redis:
    """A connection to the Redis at `url`, checked with a PING: an unreachable one is one line naming it."""
    try:
        conn = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=30)
    except ValueError as exc:
        raise UserError(f"--redis {shown_url(url)}: not a Redis address ({exc}); expected e.g. redis://host:6379/0") from None
    try:
        conn.ping()
    except redis.exceptions.RedisError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UserError(f"--redis {shown_url(url)}: cannot reach Redis there ({reason}); "
                        "is redis-server running at that address?") from None
    return conn


def _not_json(job: str) -> str:
    return f"job {job}: not a JSON job; refused, nothing of it was run"


class OrderJob(Job):
    """RQ's job, as a deckgen worker runs it: only `perform_order`, no callbacks, no webhooks, and an
    order's own failure (or a refused job) is never retried."""

    @property
    def func(self) -> Callable[..., Any]:
        try:
            name, instance = self.func_name, self.instance
        except DeserializationError:
            self._refuse(_not_json(self.id))
        if name != JOB_FUNCTION or instance is not None:
            self._refuse(f"job {self.id}: names {name!r}; a deckgen worker runs {JOB_FUNCTION} only")
        return perform_order

    def _refuse(self, line: str) -> NoReturn:
        self.meta.update(error=line, final=True)
        self.save_meta()
        raise RefusedJob(line)

    # A job's callbacks are names in Redis of functions to import and call: never called
    @property
    def success_callback(self) -> None:
        return None

    @property
    def failure_callback(self) -> None:
        return None

    @property
    def stopped_callback(self) -> None:
        return None

    def send_webhooks(self, status: str | JobStatus, *, exc_string: str | None = None) -> None:
        """A job's webhooks are addresses in Redis a worker would send requests to: never."""

    @property
    def should_retry(self) -> bool:
        return super().should_retry and not self.meta.get("final")


class OrderQueue(Queue):
    """RQ's queue, whose registry-cleaning lock lasts a minute, not fifteen: a worker killed while it
    cleaned does not keep the others from reclaiming a dead worker's order for long."""

    def acquire_maintenance_lock(self) -> bool:
        return bool(self.connection.set(self.registry_cleaning_key, 1, nx=True, ex=60))


def _queue(conn: redis.Redis) -> OrderQueue:
    return OrderQueue(QUEUE, connection=conn, serializer=JSONSerializer, job_class=OrderJob)


def job_id(folder: Path) -> str:
    """An order's job, named after its folder: submitting the folder again finds it."""
    return "deckgen-order-" + hashlib.sha256(str(Path(folder).absolute()).encode()).hexdigest()[:20]


@dataclass(frozen=True)
class Submitted:
    order: str
    job: str
    queued: bool  # False: already queued or being built, left as it is


def submit(conn: redis.Redis, root: Path, *, out_root: Path | None = None, shop: str | None = None,
           order_timeout: float | None = None, memory_mb: int | None = None) -> list[Submitted]:
    """One job per entry of the orders folder `root` (a bad one fails on the worker with its line)."""
    queue = _queue(conn)
    done = []
    for folder in find_orders(root):
        folder = folder.absolute()
        name = job_id(folder)
        try:
            if OrderJob.fetch(name, connection=conn, serializer=JSONSerializer).get_status() in (
                    JobStatus.QUEUED, JobStatus.STARTED, JobStatus.SCHEDULED, JobStatus.DEFERRED):
                done.append(Submitted(folder.name, name, False))
                continue
        except NoSuchJobError:
            pass
        args = (str(folder), str(out_root.absolute() / folder.name) if out_root else "", shop or "",
                "" if order_timeout is None else f"{order_timeout:g}", "" if memory_mb is None else str(memory_mb))
        queue.enqueue_call(JOB_FUNCTION, args=args, job_id=name, description=f"order {folder.name}",
                           timeout=-1 if order_timeout is None else int(order_timeout) + 120,
                           result_ttl=KEEP_SECONDS, failure_ttl=KEEP_SECONDS, meta={"order": folder.name},
                           retry=Retry(max=RETRIES))
        done.append(Submitted(folder.name, name, True))
    return done


@dataclass(frozen=True)
class WorkerSettings:
    """What a worker serves, fixed when it starts; every job is checked against it."""

    orders: Path | None = None  # only orders directly inside this folder (None: any order folder)
    out_root: Path | None = None  # a job may write into <out_root>/<order> (else only the order's own output/)
    order_timeout: float = DEFAULT_TIMEOUT  # the most a job may ask for
    memory_mb: int = DEFAULT_MEMORY_MB
    heartbeat: int = 10  # seconds between the worker's signs of life while it builds
    cores: int = 1  # the cores an order's build may keep busy (one order per worker: run one worker per core)
    pid: int = 0  # the worker's process (its horses die with it)

    def check(self, order: object, out: object, shop: object, timeout: object, memory_mb: object
              ) -> tuple[Path, Path | None, OrderLimits]:
        """The job's five strings as the order, its output folder and its limits; RefusedJob if one is
        not text, or names something this worker does not serve."""
        if not all(isinstance(a, str) and "\0" not in a for a in (order, out, shop, timeout, memory_mb)):
            raise RefusedJob("a job's arguments are five strings (order, output, preset, seconds, megabytes)")
        assert isinstance(order, str) and isinstance(out, str) and isinstance(shop, str)
        assert isinstance(timeout, str) and isinstance(memory_mb, str)
        folder = Path(order)
        if not folder.is_absolute() or folder.name in ("", ".", ".."):
            raise RefusedJob(f"{order}: an order is named by its folder's absolute path")
        if self.orders is not None and os.path.realpath(folder.parent) != os.path.realpath(self.orders):
            raise RefusedJob(f"{order}: not an order of {self.orders}, the orders folder this worker serves")
        target = None
        if out:
            if (self.out_root is None or Path(out).name != folder.name
                    or os.path.realpath(Path(out).parent) != os.path.realpath(self.out_root)):
                raise RefusedJob(f"{out}: this worker writes an order only into its own output/ "
                                 "(or into DIR/<order> of the --out-root DIR it was given)")
            target = Path(out)
        preset = shop or None
        if preset is not None and not _PRESET_NAME.fullmatch(preset):
            inside = self.orders is not None and Path(preset).is_absolute() and preset.endswith(".toml") and \
                Path(os.path.realpath(preset)).is_relative_to(os.path.realpath(self.orders))
            if not inside:
                raise RefusedJob(f"{preset}: a job names a print-shop preset by its name, or a .toml inside "
                                 "the orders folder this worker serves")
        try:
            seconds = min(float(timeout), self.order_timeout) if timeout else self.order_timeout
            megabytes = min(int(memory_mb), self.memory_mb) if memory_mb else self.memory_mb
        except ValueError:
            raise RefusedJob(f"{timeout!r}, {memory_mb!r}: expected seconds and megabytes") from None
        if not seconds > 0 or megabytes < 64:
            raise RefusedJob(f"{timeout!r}, {memory_mb!r}: expected seconds above 0 and at least 64 MB")
        return folder, target, OrderLimits(shop=preset, order_timeout=seconds, memory_mb=megabytes, cores=self.cores)


#: This worker's settings; the work horses are forks of the worker and see them.
_settings: WorkerSettings | None = None


def _final(line: str, result: dict[str, Any] | None = None) -> None:
    """Mark the running job's failure as the order's own: its line for `status`, and no retry."""
    job = get_current_job()
    if job is not None:
        job.meta.update(error=line, final=True, result=result)
        job.save_meta()


def perform_order(order: str, out: str, shop: str, timeout: str, memory_mb: str) -> dict[str, Any]:
    """The job: build one order in its contained child; its row (as JSON data) when it built, else
    OrderFailed with its one line. Runs only in a deckgen worker's work horse."""
    settings = _settings
    if settings is None:
        raise RefusedJob("deckgen's order jobs run in `deckgen queue worker` only")
    child_start(settings.pid)  # this work horse dies with its worker, and its order with it
    try:
        folder, target, limits = settings.check(order, out, shop, timeout, memory_mb)
    except RefusedJob as exc:
        _final(str(exc))
        raise
    result = build_contained(folder, target, limits)
    if result.ok:
        return result.as_dict()
    line = result.error or result.status
    _final(line, result.as_dict())
    raise OrderFailed(line)


class OrderWorker(Worker):
    """RQ's forking worker, with a heartbeat of a few seconds: an order of a worker that stopped beating
    for three of them is abandoned, and the next cleaning (every heartbeat) gives it back to the queue.
    In burst mode it stops only when no order is queued and none is being built by any worker, so a
    team of burst workers finishes the orders of one that died."""

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        return 3 * int(self.job_monitoring_interval)

    def handle_exception(self, job: Job, *exc_info: Any) -> None:
        """An order's own failure or a refused job is one line of the log; anything else, RQ's traceback."""
        if isinstance(exc_info[1], (OrderFailed, RefusedJob, DeserializationError)):
            line = _not_json(job.id) if isinstance(exc_info[1], DeserializationError) else str(exc_info[1])
            self.log.warning("Worker %s: order %s failed: %s", self.name, job.meta.get("order") or job.id, line)
            return
        super().handle_exception(job, *exc_info)

    def dequeue_job_and_maintain_ttl(self, timeout: int | None, max_idle_time: int | None = None) -> Any:
        while True:
            found = super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
            if found is not None or timeout is not None or self._stop_requested:
                return found
            queue = self.queues[0]  # being built, or taken by a worker that has not started it (or died first)
            if not self.connection.zcard(queue.started_job_registry.key) and not self.connection.llen(
                    queue.intermediate_queue.key):
                return None
            time.sleep(1)  # then look again; RQ's dequeue cleans the registries every heartbeat


def run_worker(conn: redis.Redis, settings: WorkerSettings, *, burst: bool = False) -> bool:
    """Build orders from the queue until stopped (SIGTERM or Ctrl-C: after the running order), or with
    `burst` until none is left. True if it built any."""
    global _settings
    load_the_build()
    _settings = WorkerSettings(orders=settings.orders.absolute() if settings.orders else None,
                               out_root=settings.out_root.absolute() if settings.out_root else None,
                               order_timeout=settings.order_timeout, memory_mb=settings.memory_mb,
                               heartbeat=settings.heartbeat, cores=settings.cores, pid=os.getpid())
    beat = max(1, int(settings.heartbeat))
    worker = OrderWorker([_queue(conn)], connection=conn, serializer=JSONSerializer, job_class=OrderJob,
                         queue_class=OrderQueue, job_monitoring_interval=beat, maintenance_interval=beat,
                         worker_ttl=beat + 15)
    return worker.work(burst=burst, logging_level="INFO")


@dataclass(frozen=True)
class OrderState:
    """An order's line of `deckgen queue status`."""

    order: str
    state: str  # queued, building, built, up to date, failed
    error: str | None = None
    worker: str | None = None
    seconds: float | None = None
    job: str = ""


def _state(job: OrderJob) -> OrderState:
    order = str(job.meta.get("order") or job.id)
    status = job.get_status(refresh=False)
    if status == JobStatus.QUEUED:
        return OrderState(order, "queued", job=job.id)
    if status == JobStatus.STARTED:
        return OrderState(order, "building", worker=job.worker_name, job=job.id)
    if status == JobStatus.FINISHED:
        result = job.return_value()
        row = result if isinstance(result, dict) else {}
        return OrderState(order, str(row.get("status", "built")), seconds=row.get("seconds"), job=job.id)
    if status == JobStatus.FAILED:
        error = job.meta.get("error")
        if not error:
            latest = job.latest_result()
            text = (latest.exc_string if latest is not None else None) or ""
            if "DeserializationError" in text:
                error = _not_json(job.id)
            elif "AbandonedJobError" in text:
                error = (f"its worker stopped before it was done, {RETRIES + 1} times; "
                         "`deckgen queue retry` queues it again")
            else:
                error = f"the job failed ({(text.strip().splitlines() or ['no reason given'])[-1]})"
        kept = job.meta.get("result")
        seconds = kept.get("seconds") if isinstance(kept, dict) else None
        return OrderState(order, "failed", error=str(error), seconds=seconds, job=job.id)
    return OrderState(order, str(status), job=job.id)


def order_states(conn: redis.Redis) -> list[OrderState]:
    """Every order the queue knows (queued, building, finished and failed in the last week), by name."""
    queue = _queue(conn)
    ids: list[str] = list(queue.get_job_ids())
    for registry in (StartedJobRegistry, FinishedJobRegistry, FailedJobRegistry):
        ids += registry(QUEUE, connection=conn, job_class=OrderJob, serializer=JSONSerializer).get_job_ids(cleanup=False)
    states = []
    for job in OrderJob.fetch_many(list(dict.fromkeys(ids)), connection=conn, serializer=JSONSerializer):
        if job is not None:
            states.append(_state(job))  # type: ignore[arg-type]
    return sorted(states, key=lambda s: (s.order, s.job))


def retry_failed(conn: redis.Redis) -> list[str]:
    """Queue every failed order again (with its retries back); the orders' names."""
    registry = FailedJobRegistry(QUEUE, connection=conn, job_class=OrderJob, serializer=JSONSerializer)
    names = []
    for name in registry.get_job_ids(cleanup=False):
        try:
            job = OrderJob.fetch(name, connection=conn, serializer=JSONSerializer)
        except NoSuchJobError:
            continue
        for key in ("error", "final", "result"):
            job.meta.pop(key, None)
        job.save_meta()
        job.retries_left = RETRIES
        registry.requeue(job)
        names.append(str(job.meta.get("order") or job.id))
    return sorted(names)
