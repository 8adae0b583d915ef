"""fork_map: the same results in the same order as one process, worked by forked copies."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from deckgen.cards import parse_card
from deckgen.engine.registry import get_game
from deckgen.forkmap import MIN_PER_PROCESS, fork_map

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork on this system: fork_map works in one process")

ROOT = Path(__file__).resolve().parents[1]


def _square_and_pid(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def _no_child_left() -> bool:
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_three_processes_give_the_results_in_order_each_run_from_its_own_process():
    results = fork_map(_square_and_pid, range(900), processes=3)
    assert [r for r, _ in results] == [x * x for x in range(900)]
    pids = [pid for _, pid in results]
    assert pids[:300] == [os.getpid()] * 300  # this process works the first run
    assert len(set(pids[300:600])) == len(set(pids[600:])) == 1
    assert len({pids[0], pids[300], pids[600]}) == 3
    assert _no_child_left()


def test_a_run_whose_copy_fails_is_worked_here_instead():
    parent = os.getpid()

    def fails_in_a_copy(x: int) -> tuple[int, int]:
        if os.getpid() != parent and x == 700:
            raise RuntimeError("only in the copy")
        return _square_and_pid(x)

    results = fork_map(fails_in_a_copy, range(900), processes=3)
    assert [r for r, _ in results] == [x * x for x in range(900)]
    assert {pid for _, pid in results[600:]} == {parent}  # the failed copy's whole run, here
    assert results[300][1] != parent  # the other copy's run still came from it
    assert _no_child_left()


def test_an_error_here_is_raised_and_leaves_no_copy_running():
    parent = os.getpid()

    def fails_here(x: int) -> int:
        if os.getpid() == parent and x == 5:
            raise ValueError("five")
        return x

    with pytest.raises(ValueError, match="five"):
        fork_map(fails_here, range(1000), processes=2)
    assert _no_child_left()


def test_left_to_itself_it_forks_only_for_long_lists_and_never_beside_another_thread():
    short = fork_map(_square_and_pid, range(MIN_PER_PROCESS - 1))
    assert {pid for _, pid in short} == {os.getpid()}
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        long = fork_map(_square_and_pid, range(10 * MIN_PER_PROCESS))
    finally:
        stop.set()
        other.join()
    assert {pid for _, pid in long} == {os.getpid()}


def test_cards_and_games_pickle_as_the_shared_objects():
    card = parse_card("10♥")
    again = pickle.loads(pickle.dumps(card))
    assert again == card and hash(again) == hash(card) and again is pickle.loads(pickle.dumps(card))
    joker = parse_card("Jk2")
    assert pickle.loads(pickle.dumps(joker)).joker == 2
    assert len(pickle.dumps([card] * 50)) <= len(pickle.dumps(card)) + 50 * 2 + 10  # its values once, then 2-byte references
    bridge = get_game("bridge")
    assert pickle.loads(pickle.dumps(bridge)) is bridge  # its lambdas are never pickled


def test_check_on_two_processes_gives_the_same_results_as_on_one(tmp_path):
    """In a fresh interpreter (one thread: the test runner's own threads are not forked)."""
    from deckgen.booklet.examples import find_blocks

    shipped = [b.text for name in ("poker", "gin-rummy", "bridge") for b in find_blocks((ROOT / "rules" / f"{name}.md").read_text(encoding="utf-8"))]
    texts = [t for t in shipped if "{{" not in t and "{%" not in t]  # those that need no house-rule template
    wrong = "game: poker\nhand: A♠ K♠ Q♠ J♠ 10♠\nexpect:\n  category: one pair\n"  # the last block, in the copy's run
    doc = tmp_path / "many.md"
    doc.write_text("".join(f"```deckgen\n{t}```\n\n" for t in ((texts * 20)[: 2 * MIN_PER_PROCESS] + [wrong])), encoding="utf-8")
    script = textwrap.dedent(
        f"""
        import json, sys
        from deckgen.booklet.check import check_paths
        one = [r.as_dict() for r in check_paths([{str(doc)!r}], processes=1)]
        two = [r.as_dict() for r in check_paths([{str(doc)!r}], processes=2)]
        assert len(one) == {2 * MIN_PER_PROCESS + 1}
        print(json.dumps([one == two, len(one), sum(not r["ok"] for r in one)]))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [True, 2 * MIN_PER_PROCESS + 1, 1]
