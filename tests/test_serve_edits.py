"""`deckgen serve`'s editor over HTTP: a court's or joker's caption, and the pictures on the back and
the tin lid. Each accepted edit changes only its own keys in deck.toml (comments kept) and redraws
only the parts that show it; each refused one says why and leaves deck.toml and the preview as
they were."""

from __future__ import annotations

import difflib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("skimage")

from photo_samples import astronaut, distant_portrait  # noqa: E402
from PIL import Image  # noqa: E402
from serve_decks import DECK_TOML, make_deck  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from test_serve import BASE, PORT, changed_lines, wait_for_preview  # noqa: E402

from deckgen.serve.app import create_app  # noqa: E402

ORIGIN = {"Origin": BASE}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path]]:
    """One server for the module (the first preview is the slow part); each test starts from the
    same deck.toml (see `deck`)."""
    deck = make_deck(tmp_path_factory.mktemp("edits") / "deck")
    with TestClient(create_app(deck, port=PORT, watch=False, booklet=False), base_url=BASE) as client:
        wait_for_preview(client)
        yield client, deck


@pytest.fixture
def deck(served: tuple[TestClient, Path]) -> Path:
    client, folder = served
    (folder / "deck.toml").write_text(DECK_TOML, encoding="utf-8")
    client.app.state.preview.refresh()
    return folder


@pytest.fixture
def client(served: tuple[TestClient, Path], deck: Path) -> TestClient:
    return served[0]


def versions(client: TestClient) -> dict[str, int]:
    return {p["key"]: p["version"] for p in client.get("/api/state").json()["parts"]}


def redrawn(before: dict[str, int], after: dict[str, int]) -> list[str]:
    return [key for key in after if after[key] != before.get(key)]


# ------------------------------------------------------------------ captions


def test_a_caption_edit_rewrites_only_that_line_and_redraws_only_that_card(client: TestClient, deck: Path) -> None:
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    old_png = client.get("/preview/KH.png").content
    response = client.post("/api/card/KH", json={"text": "Grandad & Nan"}, headers=ORIGIN)
    assert response.status_code == 200, response.text
    assert response.json()["text"] == "Grandad & Nan"
    after_text = (deck / "deck.toml").read_text()
    assert changed_lines(before_text, after_text) == ['-text = "Grandpa Joe"', '+text = "Grandad & Nan"']
    assert "# Grandpa on the king of hearts" in after_text and "# his best photo" in after_text
    assert redrawn(before, versions(client)) == ["KH"]
    assert client.get("/preview/KH.png").content != old_png
    assert client.get("/api/card/KH").json()["text"] == "Grandad & Nan"


def test_a_caption_on_a_court_and_a_joker_without_a_table_adds_one(client: TestClient, deck: Path) -> None:
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    assert client.post("/api/card/QD", json={"text": "Aunt May"}, headers=ORIGIN).status_code == 200
    assert client.post("/api/card/JK2", json={"text": "Our dog Rex"}, headers=ORIGIN).status_code == 200
    after_text = (deck / "deck.toml").read_text()
    assert changed_lines(before_text, after_text) == ["+[cards.QD]", '+text = "Aunt May"', "+",
                                                      "+[cards.JK2]", '+text = "Our dog Rex"', "+"]
    assert after_text.index("[cards.JK2]") < after_text.index("[back]")  # beside the other cards
    assert sorted(redrawn(before, versions(client))) == ["JK2", "QD"]
    assert client.get("/api/card/JK2").json()["text"] == "Our dog Rex"


def test_an_emptied_caption_removes_the_key(client: TestClient, deck: Path) -> None:
    before_text = (deck / "deck.toml").read_text()
    response = client.post("/api/card/KH", json={"text": "   "}, headers=ORIGIN)
    assert response.status_code == 200 and response.json()["text"] is None
    assert changed_lines(before_text, (deck / "deck.toml").read_text()) == ['-text = "Grandpa Joe"']


@pytest.mark.parametrize("body, said", [
    ({"text": "x" * 61}, "deck.toml: cards.KH.text: expected at most 60 characters"),
    ({"text": "Grandpa\nJoe"}, "text: a caption is one line of text, without line breaks or tabs"),
    ({"text": "Grandpa\tJoe"}, "text: a caption is one line of text, without line breaks or tabs"),
    ({"text": 5}, "text: expected the caption as text, or null to remove it"),
    ({"text": ["Grandpa"]}, "text: expected the caption as text, or null to remove it"),
    ({"caption": "Grandpa"}, "expected some of image, focus, zoom, mode, fit, text"),
    ({"text": "Grandpa", "zoom": 20}, "deck.toml: cards.KH.zoom:"),  # one change refused: none written
])
def test_a_caption_the_deck_would_refuse_is_not_written(client: TestClient, deck: Path, body: dict, said: str) -> None:
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    response = client.post("/api/card/KH", json=body, headers=ORIGIN)
    assert response.status_code == 400
    assert response.json()["error"].startswith(said)
    assert (deck / "deck.toml").read_text() == before_text
    assert versions(client) == before


def test_an_edit_to_a_deck_toml_with_a_syntax_error_names_the_line(client: TestClient, deck: Path) -> None:
    broken = DECK_TOML.replace('text = "Grandpa Joe"', 'text = "Grandpa Joe')  # the closing quote left out, line 11
    (deck / "deck.toml").write_text(broken, encoding="utf-8")
    response = client.post("/api/card/KH", json={"text": "Grandpa"}, headers=ORIGIN)
    assert response.status_code == 400
    assert response.json()["error"] == ('deck.toml:11: a text in quotes is not closed on its line: end it with " '
                                        "(fix deck.toml first: the page changes it only when it reads cleanly)")
    assert (deck / "deck.toml").read_text(encoding="utf-8") == broken


# ------------------------------------------------------------------ the back and lid pictures


def upload(client: TestClient, name: str) -> str:
    data = io.BytesIO()
    astronaut().transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(data, "JPEG", quality=85)
    response = client.post(f"/api/images?name={name}", content=data.getvalue(), headers=ORIGIN)
    assert response.status_code == 200, response.text
    return response.json()["image"]


def test_the_back_picture_is_picked_from_an_upload_and_only_the_back_is_redrawn(client: TestClient, deck: Path) -> None:
    assert client.get("/api/picture/back/photo").status_code == 404  # no picture yet
    image = upload(client, "Us at the lake.jpg")
    assert image == "images/Us-at-the-lake.jpg"
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    old_png = client.get("/preview/back.png").content
    response = client.post("/api/picture/back", json={"image": image, "mode": "fill"}, headers=ORIGIN)
    assert response.status_code == 200, response.text
    info = response.json()
    assert (info["image"], info["mode"], info["focus"], info["photo_px"]) == (image, "fill", None, [512, 512])
    assert len(info["faces"]) == 1 and image in info["images"]
    after_text = (deck / "deck.toml").read_text()
    assert changed_lines(before_text, after_text) == [f'+image = "{image}"', '+image_mode = "fill"']
    assert after_text.index("image_mode") > after_text.index("[back]")
    assert redrawn(before, versions(client)) == ["back"]
    assert client.get("/preview/back.png").content != old_png
    photo = client.get("/api/picture/back/photo")
    assert photo.headers["content-type"] == "image/jpeg" and Image.open(io.BytesIO(photo.content)).size == (512, 512)

    # the focus dragged, then the size of a fitted picture
    assert client.post("/api/picture/back", json={"focus": [0.25, 0.4]}, headers=ORIGIN).json()["focus"] == [0.25, 0.4]
    info = client.post("/api/picture/back", json={"mode": "fit", "scale": 0.6, "mirror": True}, headers=ORIGIN).json()
    assert (info["mode"], info["scale"], info["mirror"]) == ("fit", 0.6, True)
    assert changed_lines(before_text, (deck / "deck.toml").read_text()) == [
        f'+image = "{image}"', '+image_mode = "fit"', "+image_focus = [0.25, 0.4]", "+image_scale = 0.6",
        "+mirror_image = true"]
    # no picture again: the keys the page wrote stay but the image goes
    assert client.post("/api/picture/back", json={"image": None}, headers=ORIGIN).json()["image"] is None
    assert client.get("/api/picture/back/photo").status_code == 404


def test_a_filled_back_picture_shows_its_automatic_zoom_and_takes_one_set_by_hand(client: TestClient, deck: Path) -> None:
    distant_portrait(3600).save(deck / "images" / "far.jpg", quality=85)  # her face 1/20 of the photo's width
    before_text = (deck / "deck.toml").read_text()
    info = client.post("/api/picture/back", json={"image": "images/far.jpg", "mode": "fill"}, headers=ORIGIN).json()
    # deckgen's zoom: closer on her small face (as the back is drawn), the kept part round her
    assert info["auto_zoom"] is True and 1.6 < info["zoom"] < 1.9, info
    left, top, right, bottom = info["window"]
    (face,) = info["faces"]
    assert left < face[0] and face[2] < right and top < face[1] and face[3] < bottom
    auto_width, auto_zoom = right - left, info["zoom"]
    # a zoom set by hand is written as image_zoom, and the kept part follows it
    info = client.post("/api/picture/back", json={"zoom": 3}, headers=ORIGIN).json()
    assert info["auto_zoom"] is False and info["zoom"] == 3
    assert info["window"][2] - info["window"][0] == pytest.approx(auto_width * auto_zoom / 3, rel=0.01)
    assert changed_lines(before_text, (deck / "deck.toml").read_text()) == [
        '+image = "images/far.jpg"', '+image_mode = "fill"', "+image_zoom = 3"]
    # back to the automatic zoom: the key goes
    info = client.post("/api/picture/back", json={"zoom": None}, headers=ORIGIN).json()
    assert info["auto_zoom"] is True and info["window"][2] - info["window"][0] == pytest.approx(auto_width)
    assert "image_zoom" not in (deck / "deck.toml").read_text()


def test_the_zoom_slider_spans_every_zoom_deck_toml_allows(client: TestClient, deck: Path) -> None:
    from deckgen.zoom import AUTO_ZOOM_FLOOR, ZOOM_MAX

    # the editor's slider takes its ends from the server, which has them from deckgen/zoom.py
    assert '<input id="ed-zoom" type="range" min="0" max="0" step="1">' in client.get("/").text
    card = client.get("/api/card/KH").json()
    assert (card["zoom_min"], card["zoom_max"]) == (AUTO_ZOOM_FLOOR, ZOOM_MAX) == (0.85, 8.0)
    distant_portrait(1200).save(deck / "images" / "far.jpg", quality=85)
    client.post("/api/picture/back", json={"image": "images/far.jpg", "mode": "fill"}, headers=ORIGIN)
    for zoom in (AUTO_ZOOM_FLOOR, ZOOM_MAX):  # both ends are written as asked
        info = client.post("/api/picture/back", json={"zoom": zoom}, headers=ORIGIN).json()
        assert info["auto_zoom"] is False and info["zoom"] == zoom
        assert (info["zoom_min"], info["zoom_max"]) == (AUTO_ZOOM_FLOOR, ZOOM_MAX)
        assert f"image_zoom = {zoom}" in (deck / "deck.toml").read_text()
    # a card's zoom past 4 (the slider's old end), as a user types it into deck.toml
    info = client.post("/api/card/KH", json={"zoom": 6}, headers=ORIGIN).json()
    assert info["auto_zoom"] is False and info["zoom"] == 6 and "zoom = 6" in (deck / "deck.toml").read_text()


def test_the_lid_picture_adds_a_tin_table_and_redraws_only_the_lid(client: TestClient, deck: Path) -> None:
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    response = client.post("/api/picture/lid", json={"image": "images/kh.jpg"}, headers=ORIGIN)
    assert response.status_code == 200, response.text
    info = response.json()
    assert (info["image"], info["table"], info["mode"], info["scale"]) == ("images/kh.jpg", "tin", "fit", None)
    assert changed_lines(before_text, (deck / "deck.toml").read_text()) == ["+", "+[tin]", '+image = "images/kh.jpg"', "+"]
    assert redrawn(before, versions(client)) == ["lid"]
    lid = Image.open(io.BytesIO(client.get("/preview/lid.png").content))
    assert lid.size == (555, 394)  # 141 x 100 mm at 100 DPI (555.1 x 393.7 px), no bleed


def test_the_second_back_has_its_own_picture(client: TestClient, deck: Path) -> None:
    (deck / "deck.toml").write_text(DECK_TOML + '\n[back2]   # the second pack\npalette = "ruby"\n')
    client.app.state.preview.refresh()
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    assert "back2" in before
    response = client.post("/api/picture/back2", json={"image": "images/kh.jpg", "mode": "fill"}, headers=ORIGIN)
    assert response.status_code == 200, response.text
    assert (response.json()["image"], response.json()["table"]) == ("images/kh.jpg", "back2")
    after_text = (deck / "deck.toml").read_text()
    assert changed_lines(before_text, after_text) == ['+image = "images/kh.jpg"', '+image_mode = "fill"']
    assert after_text.endswith('[back2]   # the second pack\npalette = "ruby"\nimage = "images/kh.jpg"\nimage_mode = "fill"\n')
    assert redrawn(before, versions(client)) == ["back2"]


@pytest.mark.parametrize("which, body, said", [
    ("back", {"mode": "stretch"}, "deck.toml: back.image_mode: unknown image mode 'stretch': expected one of fill, fit"),
    ("back", {"scale": 2}, "deck.toml: back.image_scale: expected a number more than 0 and at most 1"),
    ("back", {"scale": 0}, "deck.toml: back.image_scale: expected a number more than 0 and at most 1"),
    ("back", {"focus": [2, 0]}, "deck.toml: back.image_focus: expected two fractions from 0 to 1"),
    ("back", {"image": "../deck.toml"}, "../deck.toml: expected a photo in this deck's images/ folder"),
    ("back", {"image": "/etc/passwd"}, "/etc/passwd: expected a photo in this deck's images/ folder"),
    ("back", {"image": "images/kh.jpg", "mode": "stretch"}, "deck.toml: back.image_mode:"),  # none written
    ("back", {"mirror": "yes"}, "mirror: expected true or false"),
    ("back", {"palette": "ruby"}, "expected some of image, mode, focus, scale, mirror"),
    ("back", [], "expected some of image, mode, focus, scale, mirror"),
    ("lid", {"scale": 0.5}, "expected some of image, mode, focus"),
    ("lid", {"mirror": True}, "expected some of image, mode, focus"),
    ("back2", {"image": "images/kh.jpg"}, "back2: this deck has one back; add a [back2] table to deck.toml for a second one"),
    ("front", {"image": "images/kh.jpg"}, "unknown picture 'front': expected one of back, back2, lid"),
])
def test_a_picture_edit_the_deck_would_refuse_is_not_written(client: TestClient, deck: Path, which: str,
                                                            body: object, said: str) -> None:
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    response = client.post(f"/api/picture/{which}", json=body, headers=ORIGIN)
    assert response.status_code == 400, response.text
    assert response.json()["error"].startswith(said)
    assert (deck / "deck.toml").read_text() == before_text
    assert versions(client) == before


def test_picture_edits_from_another_site_are_refused(client: TestClient, deck: Path) -> None:
    before_text = (deck / "deck.toml").read_text()
    response = client.post("/api/picture/back", json={"image": "images/kh.jpg"}, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403
    assert (deck / "deck.toml").read_text() == before_text


# ------------------------------------------------------------------ the card format


def test_the_card_format_picker_writes_card_format_and_redraws_at_the_new_size(client: TestClient, deck: Path) -> None:
    choices = client.get("/api/state").json()["choices"]
    assert choices["format"] == "skat"
    assert {"skat", "poker", "bridge", "tarot", "mini", "jumbo"} <= {f["name"] for f in choices["formats"]}
    poker = next(f for f in choices["formats"] if f["name"] == "poker")
    assert (poker["width_mm"], poker["height_mm"]) == (63, 88)
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    response = client.post("/api/deck", json={"key": "card.format", "value": "poker"}, headers=ORIGIN)
    assert response.status_code == 200, response.text
    assert response.json()["choices"]["format"] == "poker"
    assert changed_lines(before_text, (deck / "deck.toml").read_text()) == ["+", "+[card]", '+format = "poker"', "+"]
    # every face and the back drawn again; a poker deck goes in a tuck box, not the tin: its net replaces the lid
    after = versions(client)
    assert "lid" not in after and sorted(redrawn(before, after)) == sorted([k for k in before if k != "lid"] + ["box"])
    kh = Image.open(io.BytesIO(client.get("/preview/KH.png").content))
    assert kh.size == (272, 370)  # 63 x 88 mm + 3 mm bleed a side at 100 DPI: 271.7 x 370.1 px
    back = Image.open(io.BytesIO(client.get("/preview/back.png").content))
    assert back.size == (272, 370)
    box = Image.open(io.BytesIO(client.get("/preview/box.png").content))
    assert box.size == (710, 626)  # the net, 174.4 x 153 mm for 54 poker cards, + 3 mm bleed a side at 100 DPI
    assert client.get("/preview/lid.png").status_code == 404
    assert [p["label"] for p in client.get("/api/state").json()["parts"] if p["kind"] == "box"] == ["tuck box"]

    # [box] kind = "tin" asked for: the lid again
    text = (deck / "deck.toml").read_text()
    (deck / "deck.toml").write_text(text + '[box]\nkind = "tin"\n')
    assert sorted(client.app.state.preview.refresh()) == ["box", "lid"]  # the net gone, the lid drawn


def test_a_deck_that_names_its_format_with_card_size_keeps_that_spelling(client: TestClient, deck: Path) -> None:
    (deck / "deck.toml").write_text(DECK_TOML.replace('theme = "wedding"\n', 'theme = "wedding"\ncard_size = "poker"  # as the shop asked\n'))
    client.app.state.preview.refresh()
    before_text = (deck / "deck.toml").read_text()
    response = client.post("/api/deck", json={"key": "card.format", "value": "bridge"}, headers=ORIGIN)
    assert response.status_code == 200, response.text
    assert changed_lines(before_text, (deck / "deck.toml").read_text()) == [
        '-card_size = "poker"  # as the shop asked', '+card_size = "bridge"  # as the shop asked']


@pytest.mark.parametrize("value, said", [
    ("huge", "deck.toml: card.format: unknown card format 'huge': expected one of skat, poker"),
    (63, "deck.toml: card.format: expected text in quotes"),
])
def test_a_card_format_the_deck_would_refuse_is_not_written(client: TestClient, deck: Path, value: object, said: str) -> None:
    before_text, before = (deck / "deck.toml").read_text(), versions(client)
    response = client.post("/api/deck", json={"key": "card.format", "value": value}, headers=ORIGIN)
    assert response.status_code == 400
    assert response.json()["error"].startswith(said)
    assert (deck / "deck.toml").read_text() == before_text
    assert versions(client) == before


def test_the_booklet_is_built_again_for_another_card_shape(tmp_path: Path) -> None:
    """Its pictures of cards take the deck's proportions and corners; a caption alone does not rebuild it."""
    from deckgen.config import load_config
    from deckgen.resolve import resolve_design
    from deckgen.serve.preview import booklet_signature

    def signature(text: str) -> str:
        folder = make_deck(tmp_path / str(abs(hash(text))), text)
        return booklet_signature(resolve_design(load_config(folder / "deck.toml")))

    skat = signature(DECK_TOML)
    assert signature(DECK_TOML + '\n[card]\nformat = "poker"\n') != skat
    assert signature(DECK_TOML.replace("Grandpa Joe", "Grandad")) == skat


# ------------------------------------------------------------------ edits at the same time


COURTS = [rank + suit for suit in "HSDC" for rank in "KQJ"]


def test_twelve_caption_edits_sent_at_once_are_all_kept(client: TestClient, deck: Path) -> None:
    """Issue 35: twelve parallel edits were all answered 200 and only two or three were kept."""
    import tomllib
    from concurrent.futures import ThreadPoolExecutor

    def post(code: str) -> int:
        return client.post(f"/api/card/{code}", json={"text": f"Caption {code}"}, headers=ORIGIN).status_code

    with ThreadPoolExecutor(max_workers=len(COURTS)) as pool:
        codes = list(pool.map(post, COURTS))
    assert codes == [200] * len(COURTS)
    cards = tomllib.loads((deck / "deck.toml").read_text(encoding="utf-8"))["cards"]
    assert {code: cards.get(code, {}).get("text") for code in COURTS} == {code: f"Caption {code}" for code in COURTS}
    assert "# Grandpa on the king of hearts" in (deck / "deck.toml").read_text(encoding="utf-8")  # comments kept


def test_edits_written_from_many_threads_are_all_kept(tmp_path: Path) -> None:
    import tomllib
    from concurrent.futures import ThreadPoolExecutor

    from deckgen.serve.tomledit import write_changes

    config = tmp_path / "deck.toml"
    config.write_text('name = "Threads"  # kept\n', encoding="utf-8")
    with ThreadPoolExecutor(max_workers=12) as pool:
        list(pool.map(lambda code: write_changes(config, [(f"cards.{code}", "text", f"Caption {code}")]), COURTS))
    cards = tomllib.loads(config.read_text(encoding="utf-8"))["cards"]
    assert sorted(cards) == sorted(COURTS) and all(cards[c]["text"] == f"Caption {c}" for c in COURTS)
    assert config.read_text(encoding="utf-8").startswith('name = "Threads"  # kept\n')
