"""The cores a shop's batch uses: `--jobs N` keeps N cores busy (N orders at once, each order's build on
its share, passed to `deckgen.build(cores=...)`), a build on one core starts no process of its own, and
an order's files are the same bytes whatever the number of cores it was given."""

from __future__ import annotations

import multiprocessing.process
from pathlib import Path
from typing import Any

import pytest

from deckgen.errors import UserError
from deckgen.shop import batch as batch_module
from deckgen.shop.batch import BatchOptions, OrderFinished, order_cores, run_batch
from deckgen.shop.contained import OrderLimits
from deckgen.shop.order import BUILT, OrderResult, build_order

from test_batch import order, outputs


def test_an_order_is_given_its_share_of_the_batchs_cores() -> None:
    assert [order_cores(2, n) for n in (1, 2)] == [2, 1]
    assert [order_cores(4, n) for n in (1, 2, 3, 4)] == [4, 2, 1, 1]
    assert order_cores(1, 1) == 1
    assert order_cores(3, 0) == 3  # nothing else in flight: all of them


class _Recorded:
    """An order's process that ends at once, recording the cores it was given."""

    given: list[tuple[str, int | None]] = []

    def __init__(self, folder: Path, out: Path | None, limits: OrderLimits) -> None:
        self.folder = folder
        _Recorded.given.append((folder.name, limits.cores))

    @property
    def waitables(self) -> list[Any]:
        return []

    def result(self) -> OrderResult:
        return OrderResult(self.folder.name, BUILT)


@pytest.mark.parametrize(("jobs", "expected"), [
    (2, {"a": 1, "b": 1, "c": 1, "d": 1, "e": 2}),  # the last order, alone, has both cores
    (1, dict.fromkeys("abcde", 1)),
    (8, dict.fromkeys("abcde", 1)),  # five orders at once on eight cores: one each (8 // 5)
])
def test_a_batch_gives_each_order_the_cores_of_its_share(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         jobs: int, expected: dict[str, int]) -> None:
    for name in "abcde":
        (tmp_path / name).mkdir()
        (tmp_path / name / "deck.toml").write_text('name = "x"\n', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not an order, and not counted as one\n", encoding="utf-8")
    monkeypatch.setattr(batch_module, "OrderProcess", _Recorded)
    monkeypatch.setattr(batch_module, "load_the_build", lambda: None)
    monkeypatch.setattr(_Recorded, "given", [])
    rows = [e.result for e in run_batch(tmp_path, BatchOptions(jobs=jobs)) if isinstance(e, OrderFinished)]
    assert dict(_Recorded.given) == expected
    assert [r.order for r in rows if r.ok] == list("abcde")


@pytest.mark.parametrize("cores", [0, -1, 1.5, True])
def test_a_build_is_given_a_whole_number_of_cores(tmp_path: Path, cores: Any) -> None:
    from deckgen.pipeline import build

    with pytest.raises(UserError, match=r"^cores: expected a whole number of 1 or more"):
        build(None, tmp_path, cores=cores)  # type: ignore[arg-type]


@pytest.mark.extended
def test_an_order_on_one_core_starts_no_process_and_is_the_same_bytes_as_on_two(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A photo order (faces found and cropped, a tin lid, a booklet imposed on two papers, a print-shop
    file with a wider bleed than the deck's, home sheets) built with cores=1 and with cores=2: on one,
    no process is started (no face workers, no print-file or booklet child, no table counter); on two,
    where the machine has two cores, some are; the files are the same bytes."""
    from deckgen.forked import can_fork
    from photo_samples import astronaut

    folder = order(tmp_path, "photos", games='["golf", "poker"]')
    astronaut().save(folder / "images" / "face.png")
    config = folder / "deck.toml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "\n[booklet]", '\n[cards.KH]\nimage = "images/face.png"\n\n[cards.QS]\nimage = "images/face.png"\n'
        'mode = "full"\n\n[booklet]', 1) + '\n[print]\nshop = "drivethrucards"\n', encoding="utf-8")

    started: list[str] = []
    start = multiprocessing.process.BaseProcess.start

    def recorded(self: multiprocessing.process.BaseProcess) -> None:
        started.append(self.name)
        start(self)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", recorded)
    one = build_order(folder, tmp_path / "one", cores=1)
    assert (one.status, one.error) == (BUILT, None)
    assert started == []
    two = build_order(folder, tmp_path / "two", cores=2)
    assert (two.status, two.error) == (BUILT, None)
    if can_fork():
        assert started
    assert one.files == two.files and any(f.startswith("print/") for f in one.files)
    assert outputs(tmp_path / "one") == outputs(tmp_path / "two")
