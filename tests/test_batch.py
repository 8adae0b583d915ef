"""`deckgen batch`: a folder of orders built on this machine, each order in a process of its own, bad
ones reported without stopping the rest, and a second run that rebuilds only what changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckgen.shop.batch import BatchOptions, OrderFinished, run_batch
from deckgen.starter import init_deck

#: Every file of a build, by its path in the output folder (the cache's records aside).
def outputs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and ".cache" not in p.relative_to(out).parts}


def order(root: Path, name: str, theme: str = "plain", games: str = '["golf"]') -> Path:
    """An order as `deckgen init` starts it, at 72 DPI with a short booklet (the tests' time goes to what
    the batch does, not to drawing)."""
    folder = root / name
    init_deck(folder, theme, name=name.title())
    config = folder / "deck.toml"
    text = config.read_text(encoding="utf-8").replace("\ndpi = 300\n", "\ndpi = 72\n")
    config.write_text(text + f"\n[booklet]\ngames = {games}\n", encoding="utf-8")
    return folder


@pytest.fixture
def orders(tmp_path: Path) -> Path:
    root = tmp_path / "orders"
    root.mkdir()
    order(root, "anna")
    broken = order(root, "broken")
    broken.joinpath("deck.toml").write_text('name = "x"\n[cards.KH]\nmode = "ful"\n', encoding="utf-8")
    (root / "empty").mkdir()
    (root / "notes.txt").write_text("not an order\n", encoding="utf-8")
    (root / "linked").symlink_to(root / "anna")
    return root


@pytest.mark.parametrize("more", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["one-good", "two-good"])
def test_a_batch_builds_the_good_orders_and_reports_each_bad_one(orders: Path, run, more: bool) -> None:
    """One good order and four bad ones (the slow run adds a wedding deck with a longer booklet)."""
    good = ["anna", "ben"] if more else ["anna"]
    if more:
        order(orders, "ben", theme="wedding", games='["poker", "gin-rummy"]')
    code, out, err = run(orders, "batch", ".", "--jobs", "2", columns=200)
    assert code == 1  # some orders failed
    report = json.loads((orders / "batch-report.json").read_text())
    rows = {row["order"]: row for row in report["orders"]}
    assert list(rows) == [*good, "broken", "empty", "linked", "notes.txt"]
    assert {name: row["status"] for name, row in rows.items()} == {
        **dict.fromkeys(good, "built"), "broken": "failed", "empty": "failed", "linked": "failed", "notes.txt": "failed"}
    assert rows["broken"]["error"] == ("deck.toml: cards.KH.mode: unknown mode 'ful': did you mean 'full'? "
                                       "expected one of mirrored, full")
    assert rows["empty"]["error"] == "no deck.toml in it; an order is a folder holding its deck.toml and photos"
    assert rows["linked"]["error"] == "is a link; an order is a folder of its own, not a link to one"
    assert rows["notes.txt"]["error"] == "is a file, not an order folder"
    assert report["counts"] == {"built": len(good), "up to date": 0, "failed": 4, "timed out": 0, "stopped": 0}
    assert len([f for f in rows["anna"]["files"] if f.startswith("cards/")]) == 55  # 54 faces and the back
    assert "failed: broken: deck.toml: cards.KH.mode: unknown mode 'ful'" in err
    assert f"{len(good) + 4} orders in" in out and "The report: batch-report.json" in out
    assert not (orders / "empty" / "output").exists() and not (orders / "broken" / "output").exists()

    # each good order's files are those `deckgen build` writes in its folder, byte for byte
    for name in good:
        alone = orders.parent / f"{name}-alone"
        shutil.copytree(orders / name, alone, ignore=shutil.ignore_patterns("output"))
        assert run(alone, "build")[0] == 0
        assert outputs(alone / "output") == outputs(orders / name / "output")

    # again: the good orders are up to date, the failed ones tried again
    code, _, _ = run(orders, "batch", ".", "--jobs", "2")
    assert code == 1
    rows = {row["order"]: row for row in json.loads((orders / "batch-report.json").read_text())["orders"]}
    assert {rows[name]["status"] for name in good} == {"up to date"}
    assert rows["anna"]["files"] == [] and rows["anna"]["seconds"] < 5
    assert rows["broken"]["status"] == "failed"


@pytest.mark.extended
def test_an_order_past_its_time_is_stopped_alone_and_builds_later(tmp_path: Path) -> None:
    root = tmp_path / "orders"
    root.mkdir()
    slow = order(root, "slow")
    slow.joinpath("deck.toml").write_text(slow.joinpath("deck.toml").read_text().replace("\ndpi = 72\n", "\ndpi = 600\n"))
    results = [e.result for e in run_batch(root, BatchOptions(jobs=1, order_timeout=1)) if isinstance(e, OrderFinished)]
    assert [(r.order, r.status, r.error) for r in results] == [
        ("slow", "timed out", "timed out after 1 s; its output is as before")]
    assert not (slow / "output" / "cards").exists()  # nothing half-written
    slow.joinpath("deck.toml").write_text(slow.joinpath("deck.toml").read_text().replace("\ndpi = 600\n", "\ndpi = 72\n"))
    results = [e.result for e in run_batch(root, BatchOptions(jobs=1)) if isinstance(e, OrderFinished)]
    assert [(r.order, r.status) for r in results] == [("slow", "built")]
    assert len(list((slow / "output" / "cards").glob("*.png"))) == 55


@pytest.mark.extended
def test_an_order_over_its_memory_fails_alone(tmp_path: Path) -> None:
    """A photo of 9,400 x 9,400 px (a small PNG of one colour, 265 MB decoded, under Pillow's pixel limit) in
    an order allowed 300 MB more than the batch's own: that order fails with its line (out of memory, or
    refused by the picture limits before it is decoded), and the order beside it builds."""
    from PIL import Image

    root = tmp_path / "orders"
    root.mkdir()
    order(root, "small")
    huge = order(root, "huge")
    Image.new("RGB", (9400, 9400), (180, 90, 60)).save(huge / "images" / "big.png")
    config = huge / "deck.toml"
    config.write_text(config.read_text().replace("\n[booklet]", '\n[cards.KH]\nimage = "images/big.png"\n\n[booklet]', 1))
    results = {e.result.order: e.result for e in run_batch(root, BatchOptions(jobs=2, memory_mb=300))
               if isinstance(e, OrderFinished)}
    assert results["small"].status == "built", results["small"].error
    assert results["huge"].status == "failed"
    assert "memory" in (results["huge"].error or "") or "big.png" in (results["huge"].error or ""), results["huge"].error
    assert not (huge / "output" / "cards").exists()


def test_bad_arguments_are_exit_2(tmp_path: Path, run) -> None:
    code, _, err = run(tmp_path, "batch", "nowhere")
    assert code == 2 and err == ("error: nowhere: expected a folder of orders (one subfolder per order, "
                                 "each with its deck.toml)\n")
    code, _, err = run(tmp_path, "batch", ".", "--shop", "kinkos")
    assert code == 2 and "kinkos" in err
