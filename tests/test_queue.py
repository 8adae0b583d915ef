"""`deckgen queue`: orders built by workers through a real Redis (Debian's redis-server, started here on a
free loopback port without persistence), JSON jobs only, and a worker killed mid-order whose order
another worker builds. The tests that need the queue extra (redis, rq) or redis-server are marked `redis`
(extended: CI runs them after the default suite); where either is missing they skip, saying which. The
default run holds those that need neither: the helps, and the line a plain install gives."""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_batch import order, outputs

REPO = Path(__file__).resolve().parent.parent


def _missing() -> str | None:
    if shutil.which("redis-server") is None:
        return "redis-server is not installed (apt-get install redis-server)"
    try:
        import redis  # noqa: F401
        import rq  # noqa: F401
    except ImportError:
        return "the queue extra is not installed (pip install '.[queue]')"
    return None


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A redis-server of its own on a free loopback port, nothing kept on disk; its URL."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    import redis

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tmp_path_factory.mktemp("redis")
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no", "--dir", str(folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(url).ping()
                break
            except redis.exceptions.ConnectionError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail(f"redis-server did not start on port {port}")
                time.sleep(0.05)
        yield url
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture
def redis_url(redis_server: str) -> str:
    import redis

    redis.Redis.from_url(redis_server).flushall()
    return redis_server


def worker(url: str, orders: Path, log: Path, *more: str) -> subprocess.Popen[bytes]:
    """`deckgen queue worker` as a process of its own, beating every second."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-m", "deckgen.cli", "queue", "worker", "--redis", url,
                                 "--orders", str(orders), "--heartbeat", "1", *more],
                                stdout=out, stderr=subprocess.STDOUT, env=env)


def burst(url: str, orders: Path, log: Path) -> None:
    process = worker(url, orders, log, "--burst")
    assert process.wait(60) == 0, log.read_text()


def states(url: str) -> dict[str, Any]:
    import redis

    from deckgen.shop.queue import order_states

    return {s.order: s for s in order_states(redis.Redis.from_url(url))}


@pytest.mark.redis
def test_a_worker_killed_mid_order_leaves_it_to_another_and_every_order_is_built_once(
        redis_url: str, tmp_path: Path, run) -> None:
    import redis
    from rq import Worker
    from rq.results import Result
    from rq.serializers import JSONSerializer

    from deckgen.shop.queue import RETRIES, OrderJob, job_id

    conn = redis.Redis.from_url(redis_url)
    root = tmp_path / "orders"
    root.mkdir()
    names = ["anna", "ben"]
    for name in names:
        order(root, name)
    reference = tmp_path / "batch"
    shutil.copytree(root, reference)
    code, out, _ = run(root, "queue", "submit", ".", "--redis", redis_url)
    assert (code, out) == (0, "2 orders queued\n")

    # burst workers: the one left waits for the orders other workers are building, and builds a dead one's
    log = tmp_path / "workers.log"
    workers = [worker(redis_url, root, log, "--burst"), worker(redis_url, root, log, "--burst")]
    try:
        # a worker in the middle of an order: its build's staging folder is there
        deadline = time.monotonic() + 30
        victim = None
        while victim is None:
            assert time.monotonic() < deadline, log.read_text()
            for name in names:
                job = OrderJob.fetch(job_id(root / name), connection=conn, serializer=JSONSerializer)
                if job.get_status() == "started" and list((root / name / "output").glob(".staging-*")):
                    found = [w for w in Worker.all(connection=conn) if w.name == job.worker_name]
                    if found:
                        victim = (name, found[0].pid)
                        break
            time.sleep(0.05)
        killed_order, pid = victim
        assert pid in [w.pid for w in workers]
        os.kill(pid, signal.SIGKILL)
        survivor = next(w for w in workers if w.pid != pid)
        assert survivor.wait(60) == 0, log.read_text()
    finally:
        for process in workers:
            if process.poll() is None:
                process.kill()
                process.wait(30)

    # every order built, each by exactly one finished build; the killed one again, by a retry
    assert {name: s.state for name, s in states(redis_url).items()} == dict.fromkeys(names, "built"), log.read_text()
    for name in names:
        job = OrderJob.fetch(job_id(root / name), connection=conn, serializer=JSONSerializer)
        assert [r.type for r in job.results()].count(Result.Type.SUCCESSFUL) == 1
        assert job.retries_left == (RETRIES - 1 if name == killed_order else RETRIES)
    assert not list(root.glob("*/output/.staging-*"))

    # the same bytes as `deckgen batch` of the same orders
    assert run(reference, "batch", ".", "--jobs", "2")[0] == 0
    for name in names:
        assert outputs(root / name / "output") == outputs(reference / name / "output"), name


@pytest.mark.redis
def test_jobs_are_json_and_a_pickled_or_foreign_job_is_refused_not_run(redis_url: str, tmp_path: Path, run) -> None:
    import redis
    from rq import Queue
    from rq.serializers import JSONSerializer

    from deckgen.shop.queue import JOB_FUNCTION, QUEUE, job_id

    conn = redis.Redis.from_url(redis_url)
    root = tmp_path / "orders"
    (root / "empty").mkdir(parents=True)
    assert run(root, "queue", "submit", ".", "--redis", redis_url)[0] == 0
    stored = zlib.decompress(conn.hget(f"rq:job:{job_id(root / 'empty')}", "data"))  # RQ keeps it compressed
    assert json.loads(stored) == [JOB_FUNCTION, None, [str(root / "empty"), "", "", "", ""], {}]

    # a pickle planted in the queue would make a folder as it is read; a JSON job names another function
    marker = tmp_path / "ran"

    class Planted:
        def __reduce__(self) -> tuple[Any, ...]:
            return (os.mkdir, (str(marker),))

    Queue(QUEUE, connection=conn).enqueue_call("os.mkdir", args=(str(marker),), job_id="planted-pickle",
                                               meta={"order": "planted-pickle"})
    conn.hset("rq:job:planted-pickle", "data", zlib.compress(pickle.dumps((Planted(), None, (), {}))))
    Queue(QUEUE, connection=conn, serializer=JSONSerializer).enqueue_call(
        "os.mkdir", args=(str(marker),), job_id="planted-json", meta={"order": "planted-json"})
    # callbacks and webhooks a job names: a function to import and call, an address to send a request to
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0)
    hook = json.dumps([{"url": f"http://127.0.0.1:{listener.getsockname()[1]}/", "job_status": "failed"}])
    for planted in ("planted-pickle", "planted-json", job_id(root / "empty")):
        conn.hset(f"rq:job:{planted}", mapping={"failure_callback_name": "os.abort", "webhooks": hook})

    burst(redis_url, root, tmp_path / "worker.log")
    assert not marker.exists()
    with pytest.raises(BlockingIOError):  # no worker called
        listener.accept()
    listener.close()
    found = states(redis_url)
    assert (found["empty"].state, found["empty"].error) == (
        "failed", "no deck.toml in it; an order is a folder holding its deck.toml and photos")
    assert (found["planted-pickle"].state, found["planted-pickle"].error) == (
        "failed", "job planted-pickle: not a JSON job; refused, nothing of it was run")
    assert (found["planted-json"].state, found["planted-json"].error) == (
        "failed", f"job planted-json: names 'os.mkdir'; a deckgen worker runs {JOB_FUNCTION} only")

    # a JSON job for this function naming a folder outside the orders the worker serves
    outside = tmp_path / "elsewhere"
    order(tmp_path, "elsewhere")
    Queue(QUEUE, connection=conn, serializer=JSONSerializer).enqueue_call(
        JOB_FUNCTION, args=(str(outside), "", "", "", ""), job_id="planted-folder", meta={"order": "planted-folder"})
    burst(redis_url, root, tmp_path / "worker.log")
    assert states(redis_url)["planted-folder"].error == (
        f"{outside}: not an order of {root}, the orders folder this worker serves")
    assert not (outside / "output").exists()


@pytest.mark.redis
def test_status_shows_each_order_with_its_line_and_retry_queues_the_failed_again(
        redis_url: str, tmp_path: Path, run) -> None:
    import redis
    from rq.serializers import JSONSerializer

    from deckgen.shop.queue import OrderJob, job_id

    root = tmp_path / "orders"
    broken = order(root, "broken")
    broken.joinpath("deck.toml").write_text('name = "x"\n[cards.KH]\nmode = "ful"\n', encoding="utf-8")
    (root / "notes.txt").write_text("not an order\n", encoding="utf-8")
    slow = order(root, "slow")
    slow.joinpath("deck.toml").write_text(slow.joinpath("deck.toml").read_text().replace("\ndpi = 72\n", "\ndpi = 600\n"))
    submit = ["queue", "submit", ".", "--redis", redis_url, "--order-timeout", "1"]
    assert run(root, *submit)[0] == 0
    assert run(root, *submit)[1] == "0 orders queued, 3 already queued or being built\n"
    code, out, _ = run(root, "queue", "status", "--redis", redis_url, columns=200)
    assert code == 0 and out.count("queued") == 3

    burst(redis_url, root, tmp_path / "worker.log")
    code, out, _ = run(root, "queue", "status", "--redis", redis_url, columns=220)
    assert code == 0
    line = "deck.toml: cards.KH.mode: unknown mode 'ful': did you mean 'full'? expected one of mirrored, full"
    assert line in out and "is a file, not an order folder" in out and out.count("failed") == 3
    assert "timed out after 1 s; its output is as before" in out
    assert not (slow / "output" / "cards").exists()  # nothing half-written
    for folder in (broken, slow):  # the order's own failure is not tried again
        job = OrderJob.fetch(job_id(folder), connection=redis.Redis.from_url(redis_url), serializer=JSONSerializer)
        assert len(job.results()) == 1

    broken.joinpath("deck.toml").write_text('name = "x"\n[cards.KH]\nmode = "mirored"\n', encoding="utf-8")
    code, out, _ = run(root, "queue", "retry", "--redis", redis_url)
    assert (code, out) == (0, "3 failed orders queued again: broken, notes.txt, slow\n")
    assert {s.state for s in states(redis_url).values()} == {"queued"}
    burst(redis_url, root, tmp_path / "worker.log")
    assert states(redis_url)["broken"].error == ("deck.toml: cards.KH.mode: unknown mode 'mirored': did you mean "
                                                "'mirrored'? expected one of mirrored, full")


@pytest.mark.redis  # needs the queue extra, not the server: with the extended checks, where CI installs the extra
def test_an_unreachable_redis_is_one_line_naming_it(tmp_path: Path, run) -> None:
    pytest.importorskip("rq", reason="the queue extra is not installed (pip install '.[queue]')")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens there once the probe is closed
    url = f"redis://:secret@127.0.0.1:{port}/0"
    for command in (["status"], ["retry"], ["submit", "."], ["worker", "--burst"]):
        code, out, err = run(tmp_path, "queue", *command, "--redis", url, columns=400)
        assert code == 2 and out == ""
        assert err.startswith(f"error: --redis redis://:***@127.0.0.1:{port}/0: cannot reach Redis there ("), err
        assert err.count("\n") == 1 and "secret" not in err
    code, _, err = run(tmp_path, "queue", "status", "--redis", "http://nowhere", columns=400)
    assert code == 2 and err.startswith("error: --redis http://nowhere: not a Redis address (")


def test_without_the_queue_extra_it_says_how_to_install_it(tmp_path: Path, run, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "rq", None)  # `import rq` fails as where it is not installed
    monkeypatch.delitem(sys.modules, "deckgen.shop.queue", raising=False)
    code, out, err = run(tmp_path, "queue", "status", "--redis", "redis://localhost:6379/0", columns=400)
    assert (code, out) == (2, "")
    assert err == "error: deckgen queue needs Redis and RQ, which a plain install leaves out: pip install 'deckgen[queue]'\n"


@pytest.mark.parametrize("command", ["submit", "worker", "status", "retry"])
def test_every_queue_command_help_shows_an_example(run, tmp_path: Path, command: str) -> None:
    code, out, _ = run(tmp_path, "queue", command, "--help")
    assert code == 0 and re.search(rf"Example: deckgen queue {command}\b", out), out


def test_the_queue_is_in_the_top_level_help(run, tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, "--help")
    assert code == 0 and re.search(r"^\s+queue\s", out, re.M), out
    code, out, _ = run(tmp_path, "queue", "--help")
    assert code == 0 and "Example: deckgen queue submit" in out


@pytest.mark.redis
def test_a_bad_preset_or_folder_is_one_line_before_redis_is_asked(tmp_path: Path, run) -> None:
    pytest.importorskip("rq", reason="the queue extra is not installed (pip install '.[queue]')")
    code, _, err = run(tmp_path, "queue", "submit", ".", "--redis", "redis://127.0.0.1:1/0", "--shop", "kinkos", columns=400)
    assert code == 2 and err.startswith("error: --shop: unknown preset 'kinkos'") and err.count("\n") == 1
    code, _, err = run(tmp_path, "queue", "worker", "--redis", "redis://127.0.0.1:1/0", "--orders", "nowhere", columns=400)
    assert (code, err) == (2, "error: --orders nowhere: expected a folder that exists (every worker sees it at the same path)\n")


@pytest.mark.redis  # needs the queue extra, not the server
def test_a_worker_builds_its_order_on_one_core_unless_given_more(tmp_path: Path, run, monkeypatch) -> None:
    """`--cores` is the worker's own setting, handed to each order's build; a job has no say in it."""
    pytest.importorskip("rq", reason="the queue extra is not installed (pip install '.[queue]')")
    from deckgen.shop import queue

    folder = tmp_path / "orders" / "anna"
    folder.mkdir(parents=True)
    assert queue.WorkerSettings().check(str(folder), "", "", "", "")[2].cores == 1
    assert queue.WorkerSettings(cores=3).check(str(folder), "", "", "60", "512")[2].cores == 3

    given: list[Any] = []
    monkeypatch.setattr(queue, "connect", lambda url: url)
    monkeypatch.setattr(queue, "run_worker", lambda conn, settings, burst: given.append(settings))
    for more, cores in (((), 1), (("--cores", "2"), 2)):
        code, _, err = run(tmp_path, "queue", "worker", "--redis", "redis://127.0.0.1:1/0", "--burst", *more)
        assert code == 0, err
        assert given.pop().cores == cores
    code, _, err = run(tmp_path, "queue", "worker", "--redis", "redis://127.0.0.1:1/0", "--cores", "0")
    assert code == 2 and "--cores" in err
