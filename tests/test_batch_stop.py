"""Ctrl-C in `deckgen batch`: the running order unwinds its build (nothing half-written, its output as
before, no staging folder or lock left), the report names it stopped, the batch says how to resume,
and the same command run again builds every order."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_batch import order

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.extended
def test_ctrl_c_stops_the_running_order_cleanly_and_says_how_to_resume(tmp_path: Path) -> None:
    root = tmp_path / "orders"
    root.mkdir()
    names = ["anna", "ben", "cleo"]
    for name in names:
        order(root, name)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]), "COLUMNS": "300"}
    command = [sys.executable, "-m", "deckgen.cli", "batch", ".", "--jobs", "1"]
    batch = subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # an order in the middle of its build: its staging folder is there
        deadline = time.monotonic() + 120
        while not list(root.glob("*/output/.staging-*")):
            assert batch.poll() is None and time.monotonic() < deadline, batch.communicate()
            time.sleep(0.02)
        os.kill(batch.pid, signal.SIGINT)  # what a terminal's Ctrl-C sends the batch (the orders have groups of their own)
        out, err = batch.communicate(timeout=60)
    finally:
        if batch.poll() is None:
            batch.kill()
            batch.wait()
    assert batch.returncode == 130, err
    assert "Traceback" not in err and "Traceback" not in out
    assert err.rstrip().endswith("Run the same command again to build the rest."), err
    report = json.loads((root / "batch-report.json").read_text(encoding="utf-8"))
    rows = {row["order"]: row for row in report["orders"]}
    stopped = [name for name, row in rows.items() if row["status"] == "stopped"]
    assert len(stopped) == 1 and set(rows) <= set(names), rows
    assert rows[stopped[0]]["error"] == "stopped before it was finished; its output is as before"
    assert f"stopped: {len(rows) - 1} of 3 orders are done, 1 stopped" in err, err
    assert {row["status"] for name, row in rows.items() if name not in stopped} <= {"built"}
    # nothing of the stopped build is left: no staging folder, no lock holder, no card of it
    assert not list(root.glob("*/output/.staging-*"))
    assert not (root / stopped[0] / "output" / "cards").exists()
    for name in names:
        if name not in rows:
            assert not (root / name / "output").exists()  # never started

    again = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    built_before = {name for name, row in rows.items() if row["status"] == "built"}
    rows = {row["order"]: row for row in json.loads((root / "batch-report.json").read_text(encoding="utf-8"))["orders"]}
    assert {name: row["status"] for name, row in rows.items()} == {
        name: "up to date" if name in built_before else "built" for name in names}
    assert all(len(list((root / name / "output" / "cards").glob("*.png"))) == 55 for name in names)
