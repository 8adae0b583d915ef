"""deckgen's warnings: one root, said with `errors.warn`, heard by the listener of the thread saying them."""

from __future__ import annotations

import threading
import warnings

import pytest

from deckgen.errors import BuildWarning, DeckgenWarning, collected_warnings, said_once, warn, warnings_to
from deckgen.render.backs import AsymmetryWarning
from deckgen.render.photos import PhotoWarning


def test_a_warning_nobody_listens_for_is_a_python_warning() -> None:
    with pytest.warns(PhotoWarning, match="too few pixels"):
        warn(PhotoWarning("images/a.jpg: too few pixels"))


def test_a_listener_hears_each_warning_once_in_order_and_python_hears_none() -> None:
    with warnings.catch_warnings(record=True) as python, collected_warnings() as said:
        warnings.simplefilter("always")
        warn(BuildWarning("dpi = 1200: slow"))
        warn(PhotoWarning("a.jpg: small"))
        warn(BuildWarning("dpi = 1200: slow"))
    assert [type(w) for w in said] == [BuildWarning, PhotoWarning, BuildWarning]
    assert said_once(said) == ["dpi = 1200: slow", "a.jpg: small"]
    assert python == []


def test_the_innermost_listener_hears_and_the_outer_one_does_not() -> None:
    with collected_warnings() as outer:
        warn(AsymmetryWarning("first"))
        with collected_warnings() as inner:  # a check that redraws what another step says drops them
            warn(AsymmetryWarning("redrawn"))
        warn(AsymmetryWarning("last"))
    assert said_once(inner) == ["redrawn"]
    assert said_once(outer) == ["first", "last"]


def test_a_sink_may_stop_the_work_at_the_first_warning_of_a_kind() -> None:
    def stop_on_photos(warning: DeckgenWarning) -> None:
        if isinstance(warning, PhotoWarning):
            raise RuntimeError(f"stopped: {warning}")

    with pytest.raises(RuntimeError, match="stopped: b.jpg"), warnings_to(stop_on_photos):
        warn(BuildWarning("kept"))
        warn(PhotoWarning("b.jpg"))
        warn(BuildWarning("never said"))


def test_each_thread_hears_only_its_own_warnings() -> None:
    """What `deckgen serve` needs: a preview drawn on a worker thread while the main thread builds."""
    heard: dict[str, list[str]] = {}
    both_listening = threading.Barrier(2)

    def work(name: str) -> None:
        with collected_warnings() as said:
            both_listening.wait()
            for i in range(200):
                warn(BuildWarning(f"{name} {i}"))
        heard[name] = said_once(said)

    threads = [threading.Thread(target=work, args=(name,)) for name in ("preview", "build")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert heard == {name: [f"{name} {i}" for i in range(200)] for name in ("preview", "build")}


@pytest.mark.parametrize("kind", [PhotoWarning, AsymmetryWarning, BuildWarning])
def test_every_kind_is_a_deckgen_warning_and_a_user_warning(kind: type[Warning]) -> None:
    assert issubclass(kind, DeckgenWarning) and issubclass(kind, UserWarning)
