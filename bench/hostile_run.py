"""A hostile-folder run (issue 35): hundreds of spoiled deck folders, as a shop receives them, by category.

Every case is a copy of one good deck folder (built once), spoiled in one way, then a deckgen command
run on it as its own process under a 1 GB address-space limit and 20 s of CPU. A case counts as

- an escape when a file of another customer's folder (the canary) changed, appeared or went, a file
  named pwned* appeared anywhere, the canary's secret text was printed, or output/ holds a link;
- a crash when the exit code is neither the expected one (2 for a refused folder, 0 for one deckgen
  must build past, such as shipped staging), or stderr holds a traceback, 'failed unexpectedly', or
  more than one error line;
- over 1 GB or over 20 s from the process's peak resident memory and its wall time (a run that
  reaches the 1 GB limit ends in deckgen's "needs more memory" line, counted as a crash).

Then serve's parallel edits (12 at once, 3 rounds) and kill -9 of a build during its face pool (the next
build must get the folder within 5 s) are run, and a table by category is printed.

    PYTHONPATH=. python bench/hostile_run.py            # all (about 5 minutes on 2 cores)
    PYTHONPATH=. python bench/hostile_run.py --only templates
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from tests.test_hostile_decks import (  # noqa: E402
    CASES, CONTEXT_LINES, GOOD_TOML, REPO, _flat_png, _photo, fifo, hard_link, link, rules, sparse, then, toml, top,
)

MEMORY = 1 << 30
CPU = 20
SECRET = "hunter2"

Spoil = Callable[[Path, Path], None]


@dataclass(frozen=True)
class Probe:
    category: str
    name: str
    spoil: Spoil
    args: tuple[str, ...]
    expect: int = 2  # the exit code a correct deckgen gives


def _limits() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU, CPU))


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO), DECKGEN_LOCK_WAIT="0", COLUMNS="400")


def tree(folder: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        if path.is_symlink():
            found[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[rel] = "dir"
    return found


# ----------------------------------------------------------------------------- the probes


def _staging(lines: list[str], links: dict[str, str] | None = None, files: dict[str, bytes] | None = None) -> Spoil:
    """output/.staging-1-0 with a forged manifest, links and files in it (OUTSIDE: the canary folder)."""

    def spoil(d: Path, o: Path) -> None:
        stage = d / "output" / ".staging-1-0"
        (stage / "sub").mkdir(parents=True)
        for name, target in (links or {}).items():
            (stage / name).parent.mkdir(parents=True, exist_ok=True)
            (stage / name).symlink_to(target.replace("OUTSIDE", str(o)))
        for name, data in (files or {}).items():
            (d / name).parent.mkdir(parents=True, exist_ok=True)
            (d / name).write_bytes(data)
        text = "".join(line.replace("OUTSIDE", str(o)).replace("ROOT", str(o.parent)) + "\n" for line in lines)
        (stage / ".commit-manifest").write_text(text, encoding="utf-8")

    return spoil


def staging_probes() -> Iterator[Probe]:
    escapes = ["sub/../../../other-customer/deck.toml", "../../other-customer/deck.toml", "../deck.toml",
               "cards/../../../other-customer/pwned.png", "OUTSIDE/pwned-abs", "/tmp/pwned-abs",
               "L/../OUTSIDE/pwned-link", "L/deck.toml", "L2/..ROOT/pwned-root", "./../x", "cards//../../pwned",
               "sub/../../../../pwned-up", ".deckgen-build", ".staging-2-0/x", "cards/AS.png/../../../pwned"]
    links = {"L": "OUTSIDE", "L2": "/", "cards/AS.png": "OUTSIDE/deck.toml", "print": "OUTSIDE"}
    files = {"other-customer/deck.toml": b"pwned = true\n", "other-customer/pwned.png": b"pwned"}
    for i, line in enumerate(escapes):
        for command in ("tin", "cards", "backs"):
            yield Probe("staging (writes outside)", f"manifest-{i}-{command}", _staging([line], links, files),
                        (command,), expect=0)
    yield Probe("staging (writes outside)", "manifest-all-lines", _staging(escapes, links, files), ("tin",), expect=0)
    for name, target in links.items():
        yield Probe("staging (writes outside)", f"staged-link-{name}", _staging([name], {name: target}), ("tin",), expect=0)

    def lock_link(d: Path, o: Path) -> None:
        (d / "output" / ".deckgen-build").symlink_to(o / "deck.toml")

    def stage_link(d: Path, o: Path) -> None:
        (d / "output" / ".staging-5-0").symlink_to(o)

    yield Probe("staging (writes outside)", "lock-file-link", lock_link, ("tin",), expect=0)
    yield Probe("staging (writes outside)", "staging-folder-link", stage_link, ("tin",), expect=0)


def read_probes() -> Iterator[Probe]:
    keys = [("cards.QH.image", '[cards.QH]\nimage = "{p}"\n', "secret.png", ("cards",)),
            ("back.image", '[back]\nimage = "{p}"\n', "secret.png", ("backs",)),
            ("tin.image", '[tin]\nimage = "{p}"\n', "secret.png", ("tin",)),
            ("faces.joker_image", '[faces]\njoker_image = "{p}"\n', "secret.png", ("cards",)),
            ("back.text.font", '[[back.text]]\ncontent = "hi"\nfont = "{p}"\n', "secret.ttf", ("backs",)),
            ("tin.title_font", '[tin]\ntitle_font = "{p}"\n', "secret.ttf", ("tin",)),
            ("print.shop", '[print]\nshop = "{p}"\n', "shop.toml", ("cards",)),
            ("print.icc", '[print]\ncmyk = true\nicc = "{p}"\n', "secret.icc", ("print",))]
    for key, table, name, args in keys:
        suffix = Path(name).suffix
        yield Probe("reads outside", f"{key}-absolute", toml(table.format(p=f"OUTSIDE/{name}")), args)
        yield Probe("reads outside", f"{key}-dot-dot", toml(table.format(p=f"../other-customer/{name}")), args)
        yield Probe("reads outside", f"{key}-symlink", then(link(f"mine{suffix}", f"OUTSIDE/{name}"),
                                                            toml(table.format(p=f"mine{suffix}"))), args)
        yield Probe("reads outside", f"{key}-relative-symlink", then(link(f"mine{suffix}", f"../other-customer/{name}"),
                                                                     toml(table.format(p=f"mine{suffix}"))), args)
        yield Probe("reads outside", f"{key}-hard-link", then(hard_link(f"mine{suffix}", name),
                                                              toml(table.format(p=f"mine{suffix}"))), args)
        yield Probe("reads outside", f"{key}-linked-folder", then(link("linked", "OUTSIDE"),
                                                                  toml(table.format(p=f"linked/{name}"))), args)
    extra = 'games = ["golf"]\nextra_rules = "{p}"'
    for variant, spoil in (("absolute", lambda p: "OUTSIDE/secret.md"), ("dot-dot", lambda p: "../other-customer/secret.md")):
        yield Probe("reads outside", f"extra-rules-{variant}", _toml_text(extra.format(p=spoil(None))), ("booklet",))
    yield Probe("reads outside", "extra-rules-symlink", then(link("house.md", "OUTSIDE/secret.md"),
                                                             _toml_text(extra.format(p="house.md"))), ("booklet",))
    yield Probe("reads outside", "extra-rules-hard-link", then(hard_link("house.md", "secret.md"),
                                                               _toml_text(extra.format(p="house.md"))), ("booklet",))
    for command in ("cards", "build", "check", "booklet", "tin"):
        yield Probe("reads outside", f"deck-toml-symlink-{command}", link("deck.toml", "OUTSIDE/deck.toml"),
                    (command, "house.md") if command == "check" else (command,))
        yield Probe("reads outside", f"deck-toml-hard-link-{command}", hard_link("deck.toml", "deck.toml"),
                    (command, "house.md") if command == "check" else (command,))
        yield Probe("reads outside", f"formats-toml-symlink-{command}", link("formats.toml", "OUTSIDE/deck.toml"),
                    (command,) if command != "check" else ("cards",))
    yield Probe("reads outside", "formats-toml-hard-link", hard_link("formats.toml", "deck.toml"), ("cards",))
    yield Probe("reads outside", "formats-toml-sparse", sparse("formats.toml", 700 << 20), ("cards",))
    yield Probe("reads outside", "formats-toml-128mb", sparse("formats.toml", 128 << 20), ("cards",))
    yield Probe("reads outside", "formats-toml-fifo", fifo("formats.toml"), ("cards",))
    yield Probe("reads outside", "formats-toml-dev-zero", link("formats.toml", "/dev/zero"), ("cards",))
    yield Probe("reads outside", "check-docs-symlink", then(link("docs/secret.md", "OUTSIDE/secret.md"),
                                                            link("docs/linked", "OUTSIDE")), ("check", "docs"), expect=1)


def _toml_text(booklet: str) -> Spoil:
    def spoil(d: Path, o: Path) -> None:
        (d / "deck.toml").write_text(GOOD_TOML.replace('games = ["golf"]', booklet.replace("OUTSIDE", str(o))),
                                     encoding="utf-8")
    return spoil


TEMPLATES = [
    "{{ (''|center(999999))|wordwrap(1)|length }}", "{{ ('x'|center(999999))|wordwrap(2)|wordwrap(1) }}",
    "{{ 'x'.center(10**9) }}", "{{ 'x'.ljust(1500000000) }}", "{{ 'x'.rjust(10**9) }}", "{{ 'x'.zfill(10**9) }}",
    "{{ ('\\t' * 1000).expandtabs(10**6) }}", "{{ '{:>1000000000}'.format('x') }}", "{{ '{:.1000000000f}'.format(1.5) }}",
    "{{ '{0:{1}}'.format('x', 10**9) }}", "{{ '{x:>999999999}'.format_map({'x': 1}) }}", "{{ '%1000000000d'|format(1) }}",
    "{{ '%.1000000000f'|format(1.5) }}", "{{ '%*d'|format(10**9, 1) }}", "{{ 'a\\nb\\nc'|indent(' ' * 10**6) }}",
    "{{ ('x\\n' * 500000)|indent(10**6) }}", "{{ range(100000)|join('x' * 999999) }}", "{{ ('x' * 999999).join(['a'] * 999) }}",
    "{{ 'ab'.replace('', 'x' * 999999) }}", "{{ ('a' * 999999)|replace('a', 'bb') }}",
    "{% set ns = namespace(s=[]) %}{% for i in range(2000) %}{{ ns.s.append('x' * 1000000) }}{% endfor %}",
    "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}",
    "{% set ns = namespace(s='') %}{% for i in range(5000) %}{% set ns.s = ns.s ~ 'x' * 999 %}{% endfor %}",
    "{{ 'x' * 10**10 }}", "{{ 99999 ** 99999999 }}", "{{ range(10**9)|list }}", "{{ range(100000)|join * 1000 }}",
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(1) }}", "{{ 'x'|center(999999) ~ 'y'|center(999999) }}",
    "{{ [0] * 999999 * 999 }}", "{{ 10**1000 * 10**1000 }}",
    "{{ ('x' * 999999)|batch(999999, 'y')|list }}", "{{ lipsum(10**6) }}", "{% include '/etc/passwd' %}",
    "{{ ''.__class__.__mro__ }}", "{{ cycler.__init__.__globals__ }}",
]
RAISING = ["{{ 1/0 }}", "{{ 1 // 0 }}", "{{ 1 % 0 }}", "{{ ''.split('') }}", "{{ range(1, 10, 0) }}",
           "{{ 'x'|wordwrap(0) }}", "{{ '%s'|format }}", "{{ '%d'|format('x') }}", "{{ 'abc'.index('z') }}",
           "{{ {}['x'] }}", "{{ [][5] }}", "{{ int('x') }}", "{{ (1, 2)|first|attr('x') }}",
           "{{ 2.0 ** 99999 }}", "{{ '{'.format(1) }}", "{{ '{0}'.format() }}", "{{ [1, 'a']|sort }}",
           "{{ [1]|random(5) }}", "{{ 'x'|truncate(-5) }}", "{{ x }}", "{{ rules.nothing_here }}", "{% for %}",
           "{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}"]


#: Templates that stay inside every limit, built as they should be: a million items that are one empty
#: string (8 MB), Jinja's int filter answering 0 for what it cannot read, twenty brackets.
WITHIN = ["{{ (('x' * 999999).split('x'))|length }}", "{{ 'x'|int(base=99) }}", "{{ 'x'|center(999999)|length }}",
          "{{ ((((((((((((((((((((1)))))))))))))))))))) }}"]


def template_probes() -> Iterator[Probe]:
    for i, body in enumerate(TEMPLATES):
        yield Probe("templates (limits before work)", f"widening-{i}", rules(body + "\n"), ("booklet",))
    for i, body in enumerate(WITHIN):
        yield Probe("templates (limits before work)", f"within-{i}", rules(body + "\n"), ("booklet",), expect=0)
    for i, body in enumerate(RAISING):
        for command in ("booklet", "check"):
            args = (command,) if command == "booklet" else ("check", "house.md")
            yield Probe("templates (exceptions)", f"raising-{i}-{command}", rules(body + "\n"), args,
                        expect=2 if command == "booklet" else 1)


def _png(side: int, colour_type: int, bits: int = 8) -> Spoil:
    def spoil(d: Path, o: Path) -> None:
        (d / "images" / "photo.png").write_bytes(_flat_png(side, colour_type, bits))
    return spoil


def image_probes() -> Iterator[Probe]:
    for side in (7000, 8000, 9400):
        for colour_type, bits in ((2, 8), (6, 8), (0, 16), (2, 16), (6, 16)):
            for command in ("cards", "build"):
                yield Probe("images (pixel budget)", f"png-{side}-type{colour_type}-{bits}bit-{command}",
                            _png(side, colour_type, bits), (command,), expect=2)


def value_probes() -> Iterator[Probe]:
    huge = "1" + "0" * 5000
    for key in ("dpi", "bleed_mm"):
        yield Probe("numbers and text", f"{key}-5001-digits", top(f"{key} = {huge}\n"), ("cards",))
        yield Probe("numbers and text", f"{key}-float-5001-digits", top(f"{key} = {huge}.5\n"), ("cards",))
    for table, key in (("cards.QH", "zoom"), ("tin", "dpi"), ("card", "bleed_mm"), ("tin", "corner_radius_mm")):
        yield Probe("numbers and text", f"{table}.{key}-5001-digits", toml(f"[{table}]\n{key} = {huge}\n"), ("cards",))
    for text in ("Grand\\npa", "Grand\\rpa", "a\\u001b[31mred", "x\\u2028y", "ok\\nerror: all good, build finished"):
        safe = hashlib.sha256(text.encode()).hexdigest()[:8]
        yield Probe("numbers and text", f"caption-{safe}", toml(f'[cards.QH]\ntext = "{text}"\n'), ("cards",))
        yield Probe("numbers and text", f"name-{safe}", top(f'name = "{text}"\n'), ("cards",))
        yield Probe("numbers and text", f"tin-title-{safe}", toml(f'[tin]\ntitle = "{text}"\n'), ("tin",))
    for key, table in (("cards.QH.image", "[cards.QH]\nimage"), ("back.image", "[back]\nimage"), ("tin.image", "[tin]\nimage"),
                       ("font", None), ("extra", None)):
        long_name = "images/" + "a" * 4090 + ".png"
        deep = "images/" + "d/" * 2100 + "x.png"
        for variant, path in (("long-name", long_name), ("deep", deep)):
            if key == "font":
                yield Probe("numbers and text", f"font-{variant}", top(f'font = "{path[:-4]}.ttf"\n'), ("cards",))
            elif key == "extra":
                yield Probe("numbers and text", f"extra-rules-{variant}",
                            _toml_text(f'games = ["golf"]\nextra_rules = "{path[:-4]}.md"'), ("booklet",))
            else:
                yield Probe("numbers and text", f"{key}-{variant}", toml(f'{table} = "{path}"\n'),
                            ("tin",) if key == "tin.image" else ("backs",) if key == "back.image" else ("cards",))
    yield Probe("numbers and text", "dpi-1201", top("dpi = 1201\n"), ("cards",))


def test_suite_probes() -> Iterator[Probe]:
    for case in CASES:
        yield Probe("issue 18 cases (kept)", case.name, case.spoil, case.args)


# ----------------------------------------------------------------------------- running them


@dataclass
class Outcome:
    probe: Probe
    code: int
    wall: float
    peak_mb: float
    escape: str = ""
    crash: str = ""


def run_probe(probe: Probe, good: Path, root: Path, outside: Path, canary: dict[str, str]) -> Outcome:
    """`root`: the customers' folder; the spoiled copy is root/deck, beside the canary folder."""
    deck = root / "deck"
    if deck.exists():
        shutil.rmtree(deck)
    shutil.copytree(good, deck, symlinks=True)
    probe.spoil(deck, outside)
    start = time.monotonic()
    streams = root.parent / "streams"
    streams.mkdir(exist_ok=True)
    with open(streams / "stdout", "wb") as out_file, open(streams / "stderr", "wb") as err_file:
        proc = subprocess.Popen([sys.executable, "-m", "deckgen.cli", *probe.args], cwd=deck, env=_env(),
                                stdout=out_file, stderr=err_file, preexec_fn=_limits, start_new_session=True)
        timer = threading.Timer(60, lambda: os.killpg(proc.pid, signal.SIGKILL))
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)  # this process's own figures, not its workers'
        timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    out = (streams / "stdout").read_text(encoding="utf-8", errors="replace")
    err = (streams / "stderr").read_text(encoding="utf-8", errors="replace")
    peak = usage.ru_maxrss / 1024
    outcome = Outcome(probe, proc.returncode, wall, peak)
    problems = []
    if tree(outside) != canary:
        problems.append("the canary folder changed")
    if SECRET in out + err:
        problems.append("the canary's secret was printed")
    planted = deck / "other-customer"  # the folder's own bait (what a forged manifest would move)
    if [p for p in root.parent.rglob("pwned*") if planted not in p.parents] or Path("/tmp/pwned-abs").exists():
        problems.append("a pwned file appeared")
    if (deck / "output").is_dir() and [p for p in (deck / "output").rglob("*") if p.is_symlink()]:
        problems.append("output/ holds a link")
    outcome.escape = "; ".join(problems)
    lines = [line for line in err.splitlines() if line.strip() and not line.startswith(CONTEXT_LINES)
             and not line.startswith(("warning:", "waiting:", "  "))]
    crash = []
    if proc.returncode != probe.expect:
        crash.append(f"exit {proc.returncode}, expected {probe.expect}")
    for word in ("Traceback", "failed unexpectedly", "terminate called", "needs more memory than deckgen may use"):
        if word in err:
            crash.append(word)
    if probe.expect == 2 and len([line for line in lines if line.startswith("error:")]) != 1:
        crash.append(f"{len(lines)} error lines")
    outcome.crash = "; ".join(crash)
    if outcome.escape or outcome.crash:
        print(f"  !! {probe.category} / {probe.name}: {outcome.escape or ''} {outcome.crash or ''} "
              f"| {err.strip()[-300:]!r}", flush=True)
    return outcome


def serve_edits(rounds: int = 3) -> tuple[int, int]:
    """Twelve caption edits sent at once to a real server, `rounds` times: (edits sent, edits kept)."""
    import tomllib
    from concurrent.futures import ThreadPoolExecutor

    from serve_decks import make_deck
    from starlette.testclient import TestClient
    from test_serve import wait_for_preview

    from deckgen.serve.app import create_app

    courts = [rank + suit for suit in "HSDC" for rank in "KQJ"]
    sent = kept = 0
    with tempfile.TemporaryDirectory() as folder:
        deck = make_deck(Path(folder) / "deck")
        with TestClient(create_app(deck, port=8765, watch=False, booklet=False), base_url="http://127.0.0.1:8765") as client:
            wait_for_preview(client)  # before it, every edit is refused: deck.toml has not been read yet
            for round_ in range(rounds):
                def post(code: str) -> int:
                    return client.post(f"/api/card/{code}", json={"text": f"R{round_} {code}"},
                                       headers={"Origin": "http://127.0.0.1:8765"}).status_code

                with ThreadPoolExecutor(max_workers=12) as pool:
                    codes = list(pool.map(post, courts))
                sent += sum(1 for c in codes if c == 200)
                cards = tomllib.loads((deck / "deck.toml").read_text(encoding="utf-8"))["cards"]
                kept += sum(1 for c in courts if cards.get(c, {}).get("text") == f"R{round_} {c}")
    return sent, kept


def kills(times: int = 4) -> list[float]:
    """kill -9 of `deckgen cards` during its face pool, then the next build: seconds until it had the folder."""
    from test_containment import _alive, _children

    waits = []
    with tempfile.TemporaryDirectory() as folder:
        deck = Path(folder)
        (deck / "deck.toml").write_text('name = "Killed"\ndpi = 300\n', encoding="utf-8")
        env = dict(_env(), DECKGEN_LOCK_WAIT="5")
        for _ in range(times):
            main = subprocess.Popen([sys.executable, "-m", "deckgen.cli", "cards"], cwd=deck, env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            workers: set[int] = set()
            while not workers and main.poll() is None:
                workers = _children(main.pid)
                time.sleep(0.005)
            time.sleep(0.3)
            os.kill(main.pid, signal.SIGKILL)
            main.wait()
            start = time.monotonic()
            again = subprocess.run([sys.executable, "-m", "deckgen.cli", "tin"], cwd=deck, env=env, capture_output=True,
                                   text=True)
            waits.append(time.monotonic() - start if again.returncode == 0 else float("inf"))
            for pid in workers:
                if _alive(pid):
                    os.kill(pid, signal.SIGKILL)
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run only the categories whose name contains this")
    options = parser.parse_args()
    probes = [*staging_probes(), *read_probes(), *template_probes(), *image_probes(), *value_probes(),
              *test_suite_probes()]
    if options.only:
        probes = [p for p in probes if options.only in p.category]
    base = Path(tempfile.mkdtemp(prefix="hostile-run-"))
    try:
        root = base / "customers"
        good = root / "good"
        good.mkdir(parents=True)
        (good / "deck.toml").write_text(GOOD_TOML, encoding="utf-8")
        _photo(good / "images" / "photo.png")
        done = subprocess.run([sys.executable, "-m", "deckgen.cli", "build"], cwd=good, env=_env(), capture_output=True)
        assert done.returncode == 0, done.stderr
        outside = root / "other-customer"
        outside.mkdir()
        (outside / "secret.md").write_text(f"---\ntitle: Secret\n---\n\n# Secret\n\n{SECRET}\n", encoding="utf-8")
        _photo(outside / "secret.png")
        shutil.copy(REPO / "deckgen" / "assets" / "fonts" / "DejaVuSans.ttf", outside / "secret.ttf")
        shutil.copy(REPO / "deckgen" / "assets" / "fonts" / "DejaVuSans.ttf", outside / "secret.icc")
        (outside / "shop.toml").write_text(f'title = "{SECRET}"\n', encoding="utf-8")
        (outside / "deck.toml").write_text(f'password = "{SECRET}"\nname = "Their deck"\n', encoding="utf-8")
        canary = tree(outside)
        outcomes = []
        for i, probe in enumerate(probes):
            outcomes.append(run_probe(probe, good, root, outside, canary))
            if i % 50 == 49:
                print(f"  {i + 1} of {len(probes)} run", flush=True)
        table: dict[str, list[Outcome]] = defaultdict(list)
        for outcome in outcomes:
            table[outcome.probe.category].append(outcome)
        print(f"\n{'category':34} {'cases':>5} {'escapes':>7} {'crashes':>7} {'>1 GB':>5} {'>20 s':>5} {'max s':>6}")
        for category, rows in table.items():
            print(f"{category:34} {len(rows):>5} {sum(bool(r.escape) for r in rows):>7} {sum(bool(r.crash) for r in rows):>7} "
                  f"{sum(r.peak_mb > 1024 for r in rows):>5} {sum(r.wall > 20 for r in rows):>5} "
                  f"{max(r.wall for r in rows):>6.1f}")
        print(f"{'all':34} {len(outcomes):>5} {sum(bool(r.escape) for r in outcomes):>7} "
              f"{sum(bool(r.crash) for r in outcomes):>7} {sum(r.peak_mb > 1024 for r in outcomes):>5} "
              f"{sum(r.wall > 20 for r in outcomes):>5} {max(r.wall for r in outcomes):>6.1f}")
        print(f"largest resident memory of a run's main process: {max(r.peak_mb for r in outcomes):,.0f} MB (every run "
              f"under a {MEMORY >> 20} MB address-space limit; reaching it counts as a crash)")
        if not options.only:
            sent, kept = serve_edits()
            print(f"serve: {3 * 12} parallel caption edits sent (12 at once, 3 rounds), {sent} answered 200, "
                  f"{kept} kept ({sent - kept} lost)")
            waits = kills()
            print(f"kill -9 during the face pool, {len(waits)} times: the next build had the folder after "
                  + ", ".join(f"{w:.1f} s" for w in waits) + " (each a whole `deckgen tin`)")
    finally:
        shutil.rmtree(base, ignore_errors=True)
        Path("/tmp/pwned-abs").unlink(missing_ok=True)


if __name__ == "__main__":
    main()
