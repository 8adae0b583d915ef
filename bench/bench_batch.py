"""A shop's batch and queue (issue 33): orders per hour for N photo orders, built by `deckgen batch`
with one job and with two, and by two `deckgen queue worker --burst` processes on a Redis server, all
as whole processes, and the ratios (targets: two jobs at least 1.7 times one job on two cores; the
queue within 10 % of the batch with two jobs). Each order is a 54-card deck with real photos
(scikit-image's astronaut, coffee and cat) on its kings and jokers, its own name, at the DPI given
(300 by default, as a shop prints). Every run starts from orders without output. `--jobs N` is the
cores the batch uses (N orders at once, each on one core), a queue worker builds its order on one core.

    PYTHONPATH=$PWD /work/venv/bin/python bench/bench_batch.py [--orders 20] [--dpi 300] [--redis URL] [--runs 1,2,queue]

On a shared, loaded machine, measure a small run (e.g. --orders 4 --dpi 150): the CPU seconds per
order say what an order costs whatever the load, the wall figures and the ratios only what the
machine gave; the load average before and after each run is printed beside it. The runs start
`python -m deckgen.cli`, which imports deckgen from the current folder before PYTHONPATH: run it from
the checkout to be measured.

The queue run starts Debian's redis-server on a free loopback port (no persistence) unless --redis
names one (whose queue it empties first: FLUSHDB).

"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def make_orders(root: Path, count: int, dpi: int) -> None:
    import skimage.data
    from PIL import Image

    pictures = {"astronaut.png": skimage.data.astronaut(), "coffee.png": skimage.data.coffee(),
                "cat.png": skimage.data.chelsea()}
    for i in range(count):
        folder = root / f"order-{i + 1:03d}"
        (folder / "images").mkdir(parents=True)
        for name, pixels in pictures.items():
            Image.fromarray(pixels).save(folder / "images" / name)
        (folder / "deck.toml").write_text(
            f'name = "Order {i + 1}"\ndpi = {dpi}\n'
            '[cards.KH]\nimage = "images/astronaut.png"\n'
            '[cards.KS]\nimage = "images/coffee.png"\nmode = "full"\n'
            '[faces]\njoker_image = "images/cat.png"\n'
            '[booklet]\ngames = ["poker", "gin-rummy"]\n', encoding="utf-8")


def clean(root: Path) -> None:
    """Every order as it came in: no output yet."""
    for output in root.glob("*/output"):
        shutil.rmtree(output)


def batch(root: Path, jobs: int) -> tuple[float, float]:
    """One `deckgen batch --force` over the orders: (wall seconds, CPU seconds of it and its children)."""
    clean(root)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "deckgen.cli", "batch", str(root), "--jobs", str(jobs), "--force"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "200"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"deckgen batch failed: {done.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@contextmanager
def redis_server(url: str | None) -> Iterator[str]:
    """The Redis to use: the one named (emptied first), else redis-server of its own on a free port."""
    import redis

    if url:
        redis.Redis.from_url(url).flushdb()
        yield url
        return
    if shutil.which("redis-server") is None:
        raise SystemExit("the queue run needs redis-server (apt-get install redis-server) or --redis URL")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as folder:
        server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                   "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL)
        url = f"redis://127.0.0.1:{port}/0"
        try:
            for _ in range(200):
                try:
                    redis.Redis.from_url(url).ping()
                    break
                except redis.exceptions.ConnectionError:
                    time.sleep(0.05)
            yield url
        finally:
            server.terminate()
            server.wait(10)


def queue(root: Path, url: str, workers: int) -> tuple[float, float]:
    """`deckgen queue submit` of the orders and `workers` burst workers until they are done: (wall
    seconds, CPU seconds of them all)."""
    import redis

    from deckgen.shop.queue import order_states

    clean(root)
    command = [sys.executable, "-m", "deckgen.cli", "queue"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*command, "submit", str(root), "--redis", url], check=True, stdout=subprocess.DEVNULL)
    running = [subprocess.Popen([*command, "worker", "--redis", url, "--orders", str(root), "--burst"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(workers)]
    codes = [p.wait() for p in running]
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    states = order_states(redis.Redis.from_url(url))
    if any(codes) or len(states) != len([p for p in root.iterdir() if p.is_dir()]) or any(s.state != "built" for s in states):
        raise SystemExit(f"the queue did not build every order: {[(s.order, s.state, s.error) for s in states]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(run: str, wall: float, cpu: float, orders: int, load: float) -> None:
    """One run's line: wall and CPU seconds, CPU seconds per order, how many cores it kept busy on
    average, orders per hour, and the 1-minute load average before and after it."""
    print(f"{run}: {wall:7.1f} s wall, {cpu:7.1f} s CPU ({cpu / orders:5.1f} s an order, {cpu / wall:4.2f} cores busy), "
          f"{orders / wall * 3600:6.0f} orders per hour  (load {load:.1f} before, {os.getloadavg()[0]:.1f} after)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=20)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--redis", help="a Redis server for the queue run (default: a redis-server of its own)")
    parser.add_argument("--runs", default="1,2,queue", help="which runs, of 1 (one job), 2 (two jobs), queue")
    args = parser.parse_args()
    runs = set(args.runs.split(","))
    print(f"deckgen batch, {args.orders} photo orders at {args.dpi} DPI, {os.cpu_count()} cores, "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        root = Path(tmp)
        make_orders(root, args.orders, args.dpi)
        rates: dict[int, float] = {}  # by jobs; 0: the queue
        cpus: dict[int, float] = {}  # CPU seconds of the run, by jobs; 0: the queue
        for jobs in (1, 2):
            if str(jobs) not in runs:
                continue
            load = os.getloadavg()[0]
            wall, cpu = batch(root, jobs)
            cpus[jobs] = cpu
            rates[jobs] = args.orders / wall * 3600
            report(f"--jobs {jobs}", wall, cpu, args.orders, load)
        if "queue" in runs:
            with redis_server(args.redis) as url:
                load = os.getloadavg()[0]
                wall, cpu = queue(root, url, 2)
            rates[0] = args.orders / wall * 3600
            report("two queue workers", wall, cpu, args.orders, load)
        if 1 in rates and 2 in rates:
            ratio = rates[2] / rates[1]
            print(f"two jobs / one job: {ratio:.2f} (target at least 1.7: {'met' if ratio >= 1.7 else 'missed'}); "
                  f"CPU an order, two jobs / one job: {cpus[2] / cpus[1]:.2f}")
        if 0 in rates and 2 in rates:
            against = rates[0] / rates[2]
            print(f"two queue workers / batch with two jobs: {against:.2f} "
                  f"(target within 10 %: {'met' if abs(against - 1) <= 0.10 else 'missed'})")


if __name__ == "__main__":
    main()
