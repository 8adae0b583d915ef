"""`deckgen serve` starting again on a deck folder: the faces found in its photos by the last run
(output/.cache/serve-faces.json) are used while the photos are unchanged, and looked for again when
a photo or the file is changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("skimage")

from PIL import Image  # noqa: E402
from serve_decks import make_deck  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from test_serve import BASE, PORT, wait_for_preview  # noqa: E402

import deckgen.render.photos as photos  # noqa: E402
from deckgen.serve.app import create_app  # noqa: E402
from deckgen.serve.facecache import FILE  # noqa: E402


def test_a_second_start_uses_the_faces_found_by_the_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = make_deck(tmp_path / "deck")
    looked: list[str] = []
    look = photos._look

    def counting(ref):  # type: ignore[no-untyped-def]
        looked.append(Path(ref.path).name)
        return look(ref)

    monkeypatch.setattr(photos, "_look", counting)
    photos.forget_faces()
    with TestClient(create_app(deck, port=PORT, watch=False, booklet=False), base_url=BASE) as client:
        wait_for_preview(client)
        assert client.app.state.preview.refresh() == []  # waits for the first refresh to have finished
        first = client.get("/preview/KH.png").content
    assert looked == ["kh.jpg"]
    kept = json.loads((deck / FILE).read_text())["photos"]
    assert list(kept) == ["images/kh.jpg"] and len(kept["images/kh.jpg"]["faces"]) == 1
    assert kept["images/kh.jpg"]["size"] == [512, 512]

    photos.forget_faces()  # a new process: nothing in memory
    with TestClient(create_app(deck, port=PORT, watch=False, booklet=False), base_url=BASE) as client:
        wait_for_preview(client)
        assert looked == ["kh.jpg"]  # not looked at again
        assert client.get("/preview/KH.png").content == first  # and drawn the same
        assert client.get("/api/card/KH").json()["faces"] == [kept["images/kh.jpg"]["faces"][0]]

        # the photo changed: looked at again, and the file says so
        Image.open(deck / "images" / "kh.jpg").transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(deck / "images" / "kh.jpg")
        assert client.app.state.preview.refresh() == ["KH"]
        assert looked == ["kh.jpg", "kh.jpg"]
        again = json.loads((deck / FILE).read_text())["photos"]["images/kh.jpg"]
        assert again["file"] != kept["images/kh.jpg"]["file"]
        assert again["faces"][0][0] == pytest.approx(1 - kept["images/kh.jpg"]["faces"][0][2], abs=0.02)  # mirrored


def test_a_damaged_faces_file_is_ignored_and_rewritten(tmp_path: Path) -> None:
    deck = make_deck(tmp_path / "deck")
    (deck / FILE).parent.mkdir(parents=True)
    (deck / FILE).write_text('{"code": [1], "photos": {"images/kh.jpg": {"file": "x", "faces": [[')
    photos.forget_faces()
    with TestClient(create_app(deck, port=PORT, watch=False, booklet=False), base_url=BASE) as client:
        state = wait_for_preview(client)
        assert state["error"] is None
        assert client.app.state.preview.refresh() == []  # waits for the first refresh to have finished
    assert list(json.loads((deck / FILE).read_text())["photos"]) == ["images/kh.jpg"]
