"""Time `deckgen serve` as a person sees it, in a real browser (Debian's chromium through
Playwright): from starting the command to the whole deck on the page (target <= 5 s), and from
saving a changed KH photo to the new KH on the page (target <= 1 s on 2 cores).

The deck: the wedding theme, the astronaut (a real 512 x 512 photo) on KH and QH, and a
12-megapixel enlargement of it (a phone photo's size) on the jokers.

Run: python3 bench/bench_serve.py [--starts N] [--rounds N]
(each start is a fresh server on the same folder; from the second on, it finds the faces the
last run found in output/.cache/serve-faces.json, unless --cold)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from PIL import Image  # noqa: E402

from photo_samples import astronaut  # noqa: E402

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DECK = """\
# the bench's deck
name = "Bench"
theme = "wedding"

[faces]
joker_image = "images/big.jpg"

[cards.KH]
image = "images/kh.jpg"   # the photo the bench saves again and again
text = "Grandpa Joe"

[cards.QH]
image = "images/qh.jpg"
"""


def make_deck(folder: Path) -> None:
    (folder / "images").mkdir(parents=True)
    photo = astronaut()
    photo.save(folder / "images" / "kh.jpg", quality=90)
    photo.save(folder / "images" / "qh.jpg", quality=90)
    photo.resize((4000, 3000), Image.Resampling.BICUBIC).save(folder / "images" / "big.jpg", quality=90)
    (folder / "deck.toml").write_text(DECK, encoding="utf-8")


def cpu_seconds(pid: int) -> float:
    """User + system CPU a process has used (Linux /proc): the machine is shared, so this says
    what the work costs whatever else runs."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(deck: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], str, tuple[float, float]]:
    """`deckgen serve` started; returns it, its address and (seconds to listening, start time)."""
    started = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "deckgen.cli", "serve", str(deck), "--no-open"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert server.stdout is not None
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert match, line
    return server, match.group(0), (time.perf_counter() - started, started)


def stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=8, help="KH photo saves timed")
    parser.add_argument("--starts", type=int, default=3, help="start-ups timed (a fresh server each)")
    parser.add_argument("--cold", action="store_true",
                        help="forget the faces found by the last run before each start (the first start is always cold)")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("bench_serve needs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        deck = Path(tmp) / "deck"
        make_deck(deck)
        browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
        env = dict(os.environ, PYTHONPATH=str(REPO))
        starts: list[tuple[float, float, float, float]] = []  # (listening, whole deck, server CPU, load)
        kept = deck / "output" / ".cache" / "serve-faces.json"  # the faces found by the last run
        for n in range(args.starts):
            if args.cold:
                kept.unlink(missing_ok=True)
            warm = kept.is_file()
            server, url, listening = start(deck, env)
            try:
                page.goto(url)
                page.wait_for_function("document.querySelectorAll('figure img[data-shown]').length === 56",
                                       timeout=60000, polling=20)
                first = time.perf_counter() - listening[1]
                starts.append((listening[0], first, cpu_seconds(server.pid), os.getloadavg()[0]))
                print(f"start {n + 1} ({'faces kept by the last run' if warm else 'cold: no faces kept'}): "
                      f"listening {listening[0]:5.2f} s, whole deck shown {first:5.2f} s, "
                      f"server CPU {starts[-1][2]:.2f} s, load average {starts[-1][3]:.1f}")
            except BaseException:
                stop(server)
                raise
            if n + 1 < args.starts:
                stop(server)
        print(f"start to listening:              median {statistics.median(s[0] for s in starts):6.2f} s")
        print(f"start to the whole deck shown:   median {statistics.median(s[1] for s in starts):6.2f} s, "
              f"max {max(s[1] for s in starts):.2f} s over {len(starts)} starts   (target <= 5 s; 54 faces, back, lid); "
              f"server CPU median {statistics.median(s[2] for s in starts):.2f} s; load average "
              f"{min(s[3] for s in starts):.1f} to {max(s[3] for s in starts):.1f} on {os.cpu_count()} cores")
        try:
            photo = Image.open(deck / "images" / "kh.jpg").convert("RGB")
            times = []
            cpu_before = cpu_seconds(server.pid)
            for n in range(args.rounds):
                shown = page.get_attribute('figure[data-key="KH"] img', "data-shown")
                photo = photo.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
                saved = time.perf_counter()
                photo.save(deck / "images" / "kh.jpg", quality=90 - n % 3)
                page.wait_for_function(
                    f"document.querySelector('figure[data-key=\"KH\"] img').dataset.shown !== '{shown}'",
                    timeout=10000, polling=10)
                times.append(time.perf_counter() - saved)
                others = page.evaluate("[...document.querySelectorAll('figure img')].filter(i => i.dataset.shown !== '1')"
                                       ".map(i => i.closest('figure').dataset.key)")
                assert others == ["KH"], others  # only KH was drawn again
                time.sleep(0.3)
            cpu = (cpu_seconds(server.pid) - cpu_before) / len(times)
            print(f"KH photo saved to new KH shown:  median {statistics.median(times):.2f} s, "
                  f"max {max(times):.2f} s over {len(times)} saves   (target <= 1 s); server CPU {cpu:.2f} s a save")
            print(f"  (the folder watcher groups changes for up to 30 ms of quiet; cores: {os.cpu_count()})")
        finally:
            stop(server)
            browser.close()


if __name__ == "__main__":
    main()
