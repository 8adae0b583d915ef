"""`deckgen serve` over HTTP, with the framework's test client: the guard against other sites and
other folders, uploads checked as photos, edits that keep deck.toml's comments, a broken
deck.toml shown as the command line's one-line error while the last preview stays."""

from __future__ import annotations

import difflib
import io
import shutil
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("skimage")

from PIL import Image  # noqa: E402
from serve_decks import DECK_TOML, make_deck  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from deckgen.serve.app import create_app  # noqa: E402
from deckgen.serve.tomledit import apply_change  # noqa: E402

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module's tests (a first preview draws 56 pictures, a third of a second of CPU
    each time), with the photo make_deck wrote. It never builds the booklet, whose child process would
    cost seconds of CPU beside the tests; the booklet's own test builds it for real."""
    deck = make_deck(tmp_path_factory.mktemp("served") / "deck")
    photo = (deck / "images" / "kh.jpg").read_bytes()
    app = create_app(deck, port=PORT, watch=False, booklet=False)
    with TestClient(app, base_url=BASE) as test_client:
        wait_for_preview(test_client)
        yield test_client, deck, photo


@pytest.fixture
def served(server) -> tuple[TestClient, Path]:
    """(client, deck folder), the deck put back as make_deck writes it (deck.toml, images/kh.jpg alone,
    no output/) and the preview refreshed from it: whatever the last test changed is drawn again."""
    client, deck, photo = server
    (deck / "deck.toml").write_text(DECK_TOML, encoding="utf-8")
    for path in (deck / "images").iterdir():
        if path.name != "kh.jpg":
            path.unlink()
    kh = deck / "images" / "kh.jpg"
    if kh.read_bytes() != photo:
        kh.write_bytes(photo)
    shutil.rmtree(deck / "output", ignore_errors=True)
    client.app.state.preview.refresh()
    assert wait_for_preview(client)["error"] is None
    return client, deck


@pytest.fixture
def client(served: tuple[TestClient, Path]) -> TestClient:
    return served[0]


@pytest.fixture
def deck(served: tuple[TestClient, Path]) -> Path:
    return served[1]


def wait_for_preview(client: TestClient, parts: int = 56, timeout: float = 60) -> dict:
    """The state once every part has been drawn (the first preview is drawn in the background)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = client.get("/api/state").json()
        if len([p for p in state["parts"] if p["version"]]) >= parts or state["error"]:
            return state
        time.sleep(0.05)
    raise AssertionError("the first preview was not drawn in time")


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


# ------------------------------------------------------------------ the preview


def test_first_preview_has_every_face_the_back_and_the_lid(served) -> None:
    client, _ = served
    state = client.get("/api/state").json()
    kinds = [p["kind"] for p in state["parts"]]
    assert kinds.count("face") == 54 and kinds.count("back") == 1 and kinds.count("lid") == 1
    assert state["error"] is None and state["name"] == "Ann & Bo"
    kh = client.get("/preview/KH.png")
    assert kh.status_code == 200 and kh.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(kh.content)).size == (256, 382)  # 59 x 91 mm + 3 mm bleed at 100 DPI
    photo_able = {p["key"] for p in state["parts"] if p["photo"]}
    assert photo_able == {f"{r}{s}" for r in "JQK" for s in "SHDC"} | {"JK1", "JK2"}
    # booklet=False: no booklet child was started, and the page is told of no booklet at all
    assert state["booklet"] == {"version": 0, "error": None, "busy": False, "pages": []}
    assert client.app.state.preview._booklet_child is None
    assert client.get("/preview/booklet/1.png").status_code == 404


def wait_for_booklet(client: TestClient, version: int, timeout: float = 90) -> dict:
    """The booklet's state once it is at least `version` and not building (it builds in the background)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        booklet = client.get("/api/state").json()["booklet"]
        if not booklet["busy"] and (booklet["version"] >= version or booklet["error"]):
            return booklet
        time.sleep(0.1)
    raise AssertionError("the booklet was not drawn in time")


@pytest.fixture
def gin_deck(tmp_path: Path) -> Path:
    """The deck with gin rummy alone in its booklet (some 30 pages, drawn three times by the test below)."""
    return make_deck(tmp_path / "deck", DECK_TOML + '\n[booklet]\ngames = ["gin-rummy"]\n')


@pytest.mark.extended  # a whole build or two: CI runs it with the heavier checks
def test_the_booklet_pages_are_shown_and_follow_the_house_rules(gin_deck: Path, run) -> None:
    deck = gin_deck
    app = create_app(deck, port=PORT, watch=False)  # the booklet built for real, in its child process
    with TestClient(app, base_url=BASE) as client:
        wait_for_preview(client)
        _booklet_follows_the_house_rules(client, deck, run)


def _booklet_follows_the_house_rules(client: TestClient, deck: Path, run) -> None:
    booklet = wait_for_booklet(client, 1)
    assert booklet["error"] is None and booklet["version"] == 1
    pages = booklet["pages"]
    assert len(pages) >= 10 and [p["page"] for p in pages] == list(range(1, len(pages) + 1))
    cover = client.get("/preview/booklet/1.png")
    assert cover.status_code == 200 and cover.headers["content-type"] == "image/png"
    width, height = Image.open(io.BytesIO(cover.content)).size
    assert (width, height) == (pages[0]["width"], pages[0]["height"])
    # a 130 x 92 mm pocket page with 3 mm bleed all round, at 100 DPI: 136 x 98 mm = 535.4 x 385.8 px
    assert abs(width - 136 / 25.4 * 100) <= 1 and abs(height - 98 / 25.4 * 100) <= 1
    assert client.get(f"/preview/booklet/{len(pages) + 1}.png").status_code == 404
    before = [client.get(f"/preview/booklet/{p['page']}.png").content for p in pages]

    config = deck / "deck.toml"
    config.write_text(config.read_text() + "\n[house_rules.gin-rummy]\nknock_limit = 5\n")
    assert client.app.state.preview.refresh() == []  # no face, back or lid reads the house rules
    booklet = wait_for_booklet(client, 2)
    assert booklet["error"] is None and booklet["version"] == 2
    after = [client.get(f"/preview/booklet/{p['page']}.png").content for p in booklet["pages"]]
    assert after != before
    assert client.app.state.preview.refresh() == []
    # the folder watcher may have seen the same save; whatever it started has finished with the same pages
    booklet = wait_for_booklet(client, 2)
    version = booklet["version"]
    assert [client.get(f"/preview/booklet/{p['page']}.png").content for p in booklet["pages"]] == after

    # a house rule the engine refuses: the command line's line, and the last good pages stay
    config.write_text(config.read_text().replace("knock_limit = 5", "knock_limit = -5"))
    client.app.state.preview.refresh()
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        booklet = client.get("/api/state").json()["booklet"]
        if booklet["error"] and not booklet["busy"]:
            break
        time.sleep(0.1)
    assert booklet is not None and booklet["version"] == version and len(booklet["pages"]) == len(after)
    assert client.get("/preview/booklet/1.png").content == after[0]
    code, _, err = run(deck, "booklet")  # the command line first says which house rules it uses
    assert code == 2
    assert err.strip().splitlines()[-1] == f"error: {booklet['error']}"
    assert "house_rules.gin-rummy.knock_limit" in booklet["error"]


def test_a_changed_back_palette_redraws_the_back_and_lid_only(client: TestClient, deck: Path) -> None:
    app = client.app
    before = {p["key"]: p["version"] for p in client.get("/api/state").json()["parts"]}
    config = deck / "deck.toml"
    config.write_text(config.read_text().replace('palette = "navy-gold"', 'palette = "sage-gold"'))
    assert app.state.preview.refresh() == ["back", "lid"]  # the lid takes the back's palette unless [tin] sets one
    after = {p["key"]: p["version"] for p in client.get("/api/state").json()["parts"]}
    assert [k for k in after if after[k] != before[k]] == ["back", "lid"]
    config.write_text(config.read_text().replace('text = "Grandpa Joe"', 'text = "Grandad"'))
    assert app.state.preview.refresh() == ["KH"]
    assert app.state.preview.refresh() == []


def test_a_saved_photo_redraws_its_court_only(client: TestClient, deck: Path) -> None:
    old = client.get("/preview/KH.png").content
    Image.open(deck / "images" / "kh.jpg").transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(deck / "images" / "kh.jpg")
    assert client.app.state.preview.refresh() == ["KH"]
    assert client.get("/preview/KH.png").content != old


def test_a_broken_deck_toml_gives_the_cli_line_and_keeps_the_last_preview(client: TestClient, deck: Path, run) -> None:
    good = client.get("/preview/back.png").content
    config = deck / "deck.toml"
    config.write_text(config.read_text().replace('palette = "navy-gold"', 'palette = "tartan"'))
    assert client.app.state.preview.refresh() == []
    state = client.get("/api/state").json()
    code, _, err = run(deck, "backs")  # the command line, in the deck folder
    assert code == 2
    assert err.strip() == f"error: {state['error']}"
    assert state["error"].startswith("deck.toml: back.palette: unknown palette")
    assert len([p for p in state["parts"] if p["version"]]) == 56
    assert client.get("/preview/back.png").content == good
    config.write_text("name = [unclosed\n")
    client.app.state.preview.refresh()
    assert client.get("/api/state").json()["error"] == ("deck.toml:1: the value of name is not a text in quotes, a number, "
                                                                   "true/false or a [list]")
    assert client.get("/preview/back.png").content == good


# ------------------------------------------------------------------ edits keep deck.toml as written


def test_a_focus_change_rewrites_only_that_key(client: TestClient, deck: Path) -> None:
    before = (deck / "deck.toml").read_text()
    automatic = client.get("/api/card/KH").json()["zoom"]  # deckgen's own framing of the photo
    response = client.post("/api/card/KH", json={"focus": [0.41234, 0.3]}, headers={"Origin": BASE})
    assert response.status_code == 200, response.text
    after = (deck / "deck.toml").read_text()
    assert changed_lines(before, after) == ["+focus = [0.412, 0.3]"]
    assert "# Grandpa on the king of hearts" in after and 'image = "images/kh.jpg"   # his best photo' in after
    info = response.json()
    assert info["focus"] == [0.412, 0.3] and len(info["faces"]) == 1
    info = client.post("/api/card/KH", json={"zoom": 2}, headers={"Origin": BASE}).json()
    # twice as close, the kept area is half the photo wide, centred on the focus
    assert info["window"][2] - info["window"][0] == pytest.approx(0.5, abs=0.02)
    assert (info["window"][0] + info["window"][2]) / 2 == pytest.approx(0.412, abs=0.01)
    client.post("/api/card/KH", json={"focus": None}, headers={"Origin": BASE})
    assert changed_lines(before, (deck / "deck.toml").read_text()) == ["+zoom = 2"]
    # back to the automatic zoom: the key goes, and the card says the zoom is deckgen's again
    info = client.post("/api/card/KH", json={"zoom": None}, headers={"Origin": BASE}).json()
    assert (deck / "deck.toml").read_text() == before
    assert info["auto_zoom"] is True and info["zoom"] == automatic and info["focus"] is None


def test_the_crop_editor_shows_the_build_s_crop_of_a_photo_without_a_face(client: TestClient, deck: Path) -> None:
    # skimage's cat on a full card: the build frames her subject (both eyes inside the trim) at a
    # zoom below 1; the editor reported the centred crop at zoom 1 while the preview drew the other
    from skimage import data

    from deckgen.cards import parse_card
    from deckgen.render.photocards import plan_card

    Image.fromarray(data.chelsea()).save(deck / "images" / "cat.png")
    with (deck / "deck.toml").open("a", encoding="utf-8") as config:
        config.write('\n[cards.QS]\nimage = "images/cat.png"\nmode = "full"\n')
    client.app.state.preview.refresh()
    assert wait_for_preview(client)["error"] is None
    info = client.get("/api/card/QS").json()
    built = plan_card(client.app.state.preview.design, parse_card("QS"))
    assert built is not None and built.faces == () and built.auto and built.zoom < 0.9
    w, h = built.photo_px
    assert info["faces"] == [] and info["photo_px"] == [w, h] and info["zoom"] == built.zoom
    assert info["window"] == pytest.approx([built.window[0] / w, built.window[1] / h,
                                            built.window[2] / w, built.window[3] / h], abs=1e-9)
    # and the choice the build made for it, said as the build says it: the cat's band is wide, a designed mat
    assert info["choice"] == built.choice == "mat" and built.mat_style == "theme"
    assert info["note"] is not None and "on a mat in the deck's colours" in info["note"] and "cards.QS.zoom = 1" in info["note"]


def test_a_new_card_table_and_the_back_palette_from_the_page(client: TestClient, deck: Path) -> None:
    before = (deck / "deck.toml").read_text()
    assert client.post("/api/card/QS", json={"image": "images/kh.jpg"}, headers={"Origin": BASE}).status_code == 200
    assert client.post("/api/deck", json={"key": "back.palette", "value": "ruby"}, headers={"Origin": BASE}).status_code == 200
    after = (deck / "deck.toml").read_text()
    assert changed_lines(before, after) == ["+[cards.QS]", '+image = "images/kh.jpg"', "+",
                                           '-palette = "navy-gold"', '+palette = "ruby"']
    assert after.index("[cards.QS]") < after.index("[back]")  # beside the other cards
    assert client.get("/api/card/QS").json()["image"] == "images/kh.jpg"


def test_an_edit_the_deck_would_refuse_is_not_written(served) -> None:
    client, deck = served
    before = (deck / "deck.toml").read_text()
    response = client.post("/api/card/KH", json={"zoom": 20}, headers={"Origin": BASE})
    assert response.status_code == 400
    assert response.json()["error"].startswith("deck.toml: cards.KH.zoom:")
    for image in ("../../etc/passwd", "/etc/passwd", "images/missing.jpg", "deck.toml"):
        response = client.post("/api/card/KH", json={"image": image}, headers={"Origin": BASE})
        assert response.status_code == 400
        assert response.json()["error"] == f"{image}: expected a photo in this deck's images/ folder"
    assert (deck / "deck.toml").read_text() == before


def test_a_joker_with_the_faces_photo_is_edited_in_faces() -> None:
    text = '[faces]\njoker_image = "images/kh.jpg"  # us\n'
    assert apply_change(text, "faces", "joker_focus", [0.5, 0.25]) == text + "joker_focus = [0.5, 0.25]\n"
    with pytest.raises(Exception, match="not a key the page may change"):
        apply_change(text, "print", "icc", "/etc/passwd")


# ------------------------------------------------------------------ the guard


@pytest.mark.parametrize("headers", [
    {"Host": "evil.example:8765"},  # DNS rebinding: a foreign name for 127.0.0.1
    {"Host": "127.0.0.1:9999"},
    {"Origin": "http://evil.example"},
    {"Origin": "http://127.0.0.1:9999"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
])
def test_foreign_host_or_origin_is_refused(served, headers: dict[str, str]) -> None:
    client, deck = served
    before = (deck / "deck.toml").read_text()
    assert client.get("/api/state", headers=headers).status_code == 403
    response = client.post("/api/card/KH", json={"focus": [0.1, 0.1]}, headers=headers)
    assert response.status_code == 403 and response.text.startswith("refused:")
    assert (deck / "deck.toml").read_text() == before


def test_localhost_names_are_served(served) -> None:
    client, _ = served
    for host in (f"localhost:{PORT}", f"127.0.0.1:{PORT}", f"[::1]:{PORT}"):
        assert client.get("/api/state", headers={"Host": host}).status_code == 200
    assert client.get("/", headers={"Origin": BASE}).status_code == 200


@pytest.mark.parametrize("path", [
    "/files/images/../deck.toml", "/files/images/%2e%2e/deck.toml", "/files/output/../../etc/passwd",
    "/files/images/%2Fetc%2Fpasswd", "/files/deck.toml", "/files/fonts/x.ttf", "/files/images/link.jpg",
])
def test_paths_outside_images_and_output_are_refused(served, path: str) -> None:
    client, deck = served
    (deck / "images" / "link.jpg").symlink_to(deck / "deck.toml")
    response = client.get(path)
    assert response.status_code == 404
    assert "Ann & Bo" not in response.text


def test_files_in_images_and_output_are_served(served) -> None:
    client, deck = served
    (deck / "output").mkdir(exist_ok=True)  # serve keeps the faces it found in output/.cache
    (deck / "output" / "cut.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")
    photo = client.get("/files/images/kh.jpg")
    assert photo.status_code == 200 and photo.content == (deck / "images" / "kh.jpg").read_bytes()
    svg = client.get("/files/output/cut.svg")
    assert svg.status_code == 200 and "sandbox" in svg.headers["content-security-policy"]


# ------------------------------------------------------------------ uploads


def test_a_photo_upload_is_saved_into_images(client: TestClient, deck: Path) -> None:
    data = io.BytesIO()
    Image.new("RGB", (40, 30), "red").save(data, "PNG")
    response = client.post("/api/images?name=../Our Wedding!.jpeg", content=data.getvalue(), headers={"Origin": BASE})
    assert response.status_code == 200, response.text
    assert response.json()["image"] == "images/Our-Wedding.png"  # the name says JPEG, the bytes PNG
    assert (deck / "images" / "Our-Wedding.png").read_bytes() == data.getvalue()


@pytest.mark.parametrize("data, said", [
    (b"#!/bin/sh\nrm -rf ~\n", "evil.jpg: is in a format deckgen does not read, not a photo"),
    (b"%PDF-1.7\n" + b"0" * 100, "is PDF, not a photo"),
    (b"\xff\xd8\xff\xe0" + b"\x00" * 50, "damaged"),
    (b"", "empty"),
])
def test_a_non_image_upload_is_refused_and_nothing_saved(served, data: bytes, said: str) -> None:
    client, deck = served
    before = sorted(p.name for p in (deck / "images").iterdir())
    response = client.post("/api/images?name=evil.jpg", content=data, headers={"Origin": BASE})
    assert response.status_code == 400
    assert said in response.json()["error"]
    assert sorted(p.name for p in (deck / "images").iterdir()) == before


def test_an_upload_over_the_size_limit_is_refused(client: TestClient, deck: Path, monkeypatch) -> None:
    monkeypatch.setattr("deckgen.serve.uploads.MAX_UPLOAD_BYTES", 1000)
    response = client.post("/api/images?name=big.jpg", content=b"x" * 5000, headers={"Origin": BASE})
    assert response.status_code == 413
    assert sorted(p.name for p in (deck / "images").iterdir()) == ["kh.jpg"]


# ------------------------------------------------------------------ the build


def wait_for_build(client: TestClient, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = client.get("/api/build").json()
        if not state["running"]:
            return state
        time.sleep(0.1)
    raise AssertionError("the build did not finish in time")


def test_a_build_that_fails_says_why_in_one_line_and_writes_nothing(client: TestClient, deck: Path) -> None:
    (deck / "images" / "kh.jpg").write_bytes((deck / "images" / "kh.jpg").read_bytes()[:2000])  # a cut-off download
    assert client.post("/api/build", headers={"Origin": BASE}).status_code == 202
    state = wait_for_build(client, 60)
    assert state["error"] == "deck.toml: cards.KH.image: images/kh.jpg: image file is truncated or damaged (re-export or copy it again)"
    assert not state["finished"] and not (deck / "output" / "cards").exists()


@pytest.mark.slow
def test_the_build_button_builds_everything_with_links(client: TestClient, deck: Path) -> None:
    assert client.post("/api/build", headers={"Origin": BASE}).status_code == 202
    assert client.post("/api/build", headers={"Origin": BASE}).status_code == 409  # one at a time
    state = wait_for_build(client, 600)
    assert state["finished"] and state["error"] is None
    steps = {s["label"]: s for s in state["steps"]}
    assert list(steps) == ["faces", "backs", "tin lid", "booklet", "print files"]  # a tin deck: no tuck box step
    assert all(s["state"] == "done" for s in steps.values())
    assert steps["faces"]["done"] == steps["faces"]["total"] == 54 and len(steps["faces"]["files"]) == 54
    assert "/files/output/cards/back.png" in steps["backs"]["files"]
    assert "/files/output/preview/crops.png" in state["look"]
    for link in [*steps["print files"]["files"], *state["look"]]:
        assert client.get(link).status_code == 200


def test_a_bug_in_a_renderer_is_one_line_and_the_server_goes_on(client: TestClient, deck: Path, monkeypatch) -> None:
    good = client.get("/preview/back.png").content

    def broken(*_args: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("deckgen.render.backs.render_back", broken)
    config = deck / "deck.toml"
    config.write_text(config.read_text().replace('palette = "navy-gold"', 'palette = "ruby"'))
    client.app.state.preview.refresh()
    state = client.get("/api/state").json()
    assert state["error"].startswith("deckgen failed unexpectedly (ZeroDivisionError: division by zero). This is a bug")
    assert client.get("/preview/back.png").content == good
    monkeypatch.undo()
    client.app.state.preview.refresh()
    assert client.get("/api/state").json()["error"] is None
    assert client.get("/preview/back.png").content != good


def test_the_page_does_not_edit_a_deck_toml_that_does_not_read(client: TestClient, deck: Path) -> None:
    config = deck / "deck.toml"
    broken = config.read_text().replace('palette = "navy-gold"', 'palette = "tartan"')
    config.write_text(broken)
    response = client.post("/api/card/KH", json={"focus": [0.5, 0.5]}, headers={"Origin": BASE})
    assert response.status_code == 400
    assert response.json()["error"].startswith("deck.toml: back.palette: unknown palette")
    assert response.json()["error"].endswith("(fix deck.toml first: the page changes it only when it reads cleanly)")
    assert config.read_text() == broken


def test_serve_in_a_folder_without_deck_toml_says_how_to_start(tmp_path: Path, run) -> None:
    code, out, err = run(tmp_path, "serve", "--no-open")
    assert code == 2
    assert err.strip() == f"error: {tmp_path.resolve()}: no deck.toml here; start one with: deckgen init {tmp_path.resolve()}"


def test_only_loopback_names_unless_another_address_is_asked_for() -> None:
    import socket

    from deckgen.serve.guard import is_loopback
    from deckgen.serve.server import allowed_hosts

    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost") and is_loopback("127.0.0.2")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.10") and not is_loopback("evil.example")
    sock = socket.socket()
    try:
        assert allowed_hosts("127.0.0.1", sock) == {"127.0.0.1", "localhost", "::1"}
        assert allowed_hosts("192.168.1.10", sock) == {"127.0.0.1", "localhost", "::1", "192.168.1.10"}
    finally:
        sock.close()


@pytest.mark.slow  # the folder watcher's own timing
def test_the_folder_watcher_redraws_when_the_folders_formats_toml_changes(tmp_path: Path) -> None:
    """A format of the folder's own (formats.toml beside deck.toml) edited while serving: the faces, back
    and box are drawn again at the new size and the format picker shows it, with no page action."""
    text = DECK_TOML.replace('theme = "wedding"\n', 'theme = "wedding"\nprofile = "euchre-24"\n')
    deck = make_deck(tmp_path / "deck", text + '\n[card]\nformat = "ours"\n\n[booklet]\ngames = ["poker"]\n')
    own = deck / "formats.toml"
    spec = "[ours]\ntitle = \"Our own\"\nwidth_mm = {}\nheight_mm = 90\ncorner_mm = 3\nbleed_mm = 3\nsafe_mm = 4\n"
    own.write_text(spec.format(60))

    def kh_width(client: TestClient) -> int:
        state = client.get("/api/state").json()
        return next((p["width"] for p in state["parts"] if p["key"] == "KH" and p["version"]), 0)

    with TestClient(create_app(deck, port=PORT, watch=True, booklet=False), base_url=BASE) as client:
        wait_for_preview(client, parts=26)  # 24 faces, the back, the box
        assert kh_width(client) == 260  # (60 + 6) / 25.4 x 100 = 259.8
        box_version = next(p["version"] for p in client.get("/api/state").json()["parts"] if p["key"] == "box")
        own.write_text(spec.format(70))
        deadline = time.monotonic() + 30
        while kh_width(client) != 299 and time.monotonic() < deadline:  # (70 + 6) / 25.4 x 100 = 299.2
            time.sleep(0.05)
        assert kh_width(client) == 299
        while time.monotonic() < deadline:  # the box is drawn after the faces and the back
            state = client.get("/api/state").json()
            if next(p["version"] for p in state["parts"] if p["key"] == "box") > box_version:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the box was not drawn again")
        assert state["error"] is None
        ours = next(f for f in state["choices"]["formats"] if f["name"] == "ours")
        assert (ours["title"], ours["width_mm"], ours["height_mm"]) == ("Our own", 70, 90)
        own.write_text(spec.format(20))  # below the 30 mm a card may be: the error line, the last pictures stay
        while not client.get("/api/state").json()["error"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/api/state").json()["error"].startswith("formats.toml: ours.width_mm: expected a number")
        assert kh_width(client) == 299


def test_a_tin_deck_whose_cards_the_tin_cannot_hold_says_so_beside_the_lid(tmp_path: Path) -> None:
    """The preview's lid part is drawn with the build's check, and drawn again when the card size changes."""
    import warnings

    from deckgen.resolve import load_design
    from deckgen.serve.preview import Preview, at_preview_dpi

    deck = make_deck(tmp_path / "deck", DECK_TOML + '\n[card]\nformat = "album"\n\n[box]\nkind = "tin"\n')
    spec = "[album]\nwidth_mm = {}\nheight_mm = {}\ncorner_mm = 4\nbleed_mm = 3\nsafe_mm = 5\n"
    preview = Preview(deck)
    parts = []
    try:
        for width, height in ((100, 140), (60, 90)):
            (deck / "formats.toml").write_text(spec.format(width, height))
            design = load_design(deck / "deck.toml")
            kind, _label, signature, draw, _photo = preview._wanted(design)["lid"]
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                draw(at_preview_dpi(design))
            parts.append((kind, signature, [str(w.message) for w in caught]))
    finally:
        preview.close()
    assert parts[0][0] == "lid" and parts[0][1] != parts[1][1]
    assert parts[0][2] == [
        f"{deck / 'deck.toml'}: the album cards (100 x 140 mm) do not fit in the 141 x 100 mm tin, which holds cards "
        "up to 96 x 137 mm (either way round): set [box] kind = \"tuck\" for a box made to their size"]
    assert parts[1][2] == []  # 60 x 90 mm cards go in


def test_a_route_is_a_function_of_the_session_and_answers_without_a_server(tmp_path) -> None:
    """The routes are plain functions of the session (deckgen/serve/routes): a card's editor answer
    comes without Starlette, a server or the other routes."""
    from deckgen.errors import UserError
    from deckgen.serve.preview import Preview
    from deckgen.serve.routes.cards import card_info, card_target
    from deckgen.serve.routes.pictures import picture_of
    from deckgen.serve.session import Session

    (tmp_path / "deck.toml").write_text('name = "Ana"\n[faces]\njoker_mode = "full"\n', encoding="utf-8")
    preview = Preview(tmp_path, booklet=False)
    try:
        preview.refresh()
        session = Session(tmp_path, preview)
        info = card_info(session, "QH")
        assert (info["code"], info["joker"], info["image"], info["mode"]) == ("QH", False, None, "mirrored")
        assert card_target(session, "JK1", "image") == ("faces", "joker_image")
        assert card_target(session, "QH", "zoom") == ("cards.QH", "zoom")
        assert picture_of(session, "lid") == (None, preview.deck.tin)
        with pytest.raises(UserError, match="the deck has no card ZZ"):
            card_info(session, "ZZ")
    finally:
        preview.close()
