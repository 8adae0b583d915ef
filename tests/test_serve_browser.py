"""`deckgen serve` in a real browser: Debian's chromium driven by Playwright, against the server
the `deckgen serve` command starts. Skipped, saying why, where chromium or Playwright is missing
(`apt-get install chromium`; never `playwright install`, which downloads a browser).

Screenshots go to $DECKGEN_SCREENSHOTS when set (else the test's temporary folder):
serve-deck.png, serve-back-changed.png, serve-editor.png, serve-error.png, serve-booklet.png,
serve-booklet-page.png, serve-editor-auto-zoom.png, serve-caption.png, serve-back-picture.png, serve-format.png (a poker deck, its tuck box)."""

from __future__ import annotations

import base64
import difflib
import io
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("skimage")
from PIL import Image  # noqa: E402
from photo_samples import astronaut  # noqa: E402
from serve_decks import make_deck  # noqa: E402

from deckgen.zoom import AUTO_ZOOM_FLOOR, ZOOM_MAX  # noqa: E402

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
REPO = Path(__file__).resolve().parents[1]


def start_server(deck: Path) -> tuple[subprocess.Popen[str], str]:
    """`deckgen serve DECK --no-open` in a child process; returns it and the address it printed."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]), COLUMNS="200")
    process = subprocess.Popen([sys.executable, "-m", "deckgen.cli", "serve", str(deck), "--no-open"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if match is None:
        process.kill()
        raise AssertionError(f"deckgen serve printed no address: {line!r}")
    return process, match.group(0)


def stop_server(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("deckgen serve did not stop within 10 s of SIGTERM") from None


def open_deck(page, url: str) -> None:  # type: ignore[no-untyped-def]
    """The page at `url`, once every face and the back are drawn."""
    page.goto(url)
    page.wait_for_function("document.querySelectorAll('#faces figure img[data-shown]').length === 54", timeout=60000)
    page.wait_for_selector('figure[data-key="back"] img[data-shown]')


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """The test deck served by `deckgen serve` in a child process: (its folder, the address)."""
    deck = make_deck(tmp_path / "deck")
    process, url = start_server(deck)
    try:
        yield deck, url
    finally:
        stop_server(process)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One chromium for the module's tests (starting it costs seconds); each test has its own page."""
    if CHROMIUM is None:
        pytest.skip("no chromium installed: the browser tests need Debian's chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need the Python package playwright")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def browser_page(browser, served: tuple[Path, str]) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """A fresh page in a context of its own (no cookies, storage or cache shared between tests). It asks
    for `served` so that it closes before the server stops: a server the page still holds connections
    to waits for them before it stops."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000}, bypass_csp=True)  # lets the test evaluate its own checks
    try:
        yield page
    finally:
        page.context.close()


@pytest.fixture
def screens(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("DECKGEN_SCREENSHOTS") or tmp_path / "screens")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shown_version(page, key: str) -> str | None:  # type: ignore[no-untyped-def]
    return page.get_attribute(f'figure[data-key="{key}"] img', "data-shown")


def test_the_page_follows_the_folder_and_edits_the_crop(browser_page, served: tuple[Path, str], screens: Path) -> None:  # type: ignore[no-untyped-def]
    page = browser_page
    deck, url = served
    config = deck / "deck.toml"
    # every face of the deck, the back and the lid, drawn
    open_deck(page, url)
    assert page.locator("#faces figure").count() == 54
    page.wait_for_selector('figure[data-key="lid"] img[data-shown]')
    assert page.input_value("#palette") == "navy-gold"
    page.screenshot(path=str(screens / "serve-deck.png"), full_page=True)

    # the booklet's pages, built in the background: the cover shown, a page enlarged on a click
    page.wait_for_selector('#booklet figure[data-page="1"] img[data-shown]', timeout=60000)
    assert page.locator("#booklet figure").count() >= 10
    assert page.text_content('#booklet figure[data-page="1"] figcaption') == "cover"
    page.evaluate("window.scrollTo(0, document.getElementById('booklet').getBoundingClientRect().top + window.scrollY - 160)")
    page.wait_for_function("document.querySelectorAll('#booklet figure img[data-shown]').length >= 16")
    page.screenshot(path=str(screens / "serve-booklet.png"))
    page.click('#booklet figure[data-page="2"] img')
    page.wait_for_selector("#page-view:not([hidden])")
    page.screenshot(path=str(screens / "serve-booklet-page.png"))
    page.click("#page-view")
    page.wait_for_selector("#page-view", state="hidden")

    # the back follows [back] palette saved on disk within 2 s
    back = shown_version(page, "back")
    config.write_text(config.read_text().replace('palette = "navy-gold"', 'palette = "christmas-red"'))
    started = time.monotonic()
    page.wait_for_function(f"document.querySelector('figure[data-key=\"back\"] img').dataset.shown !== '{back}'",
                           timeout=5000)
    assert time.monotonic() - started <= 2.0
    assert page.input_value("#palette") == "christmas-red"
    page.screenshot(path=str(screens / "serve-back-changed.png"))

    # drag the focus on KH: deck.toml gains focus in [cards.KH], every comment kept
    before = config.read_text()
    page.click('figure[data-key="KH"] img')
    page.wait_for_selector("#ed-photo:not([hidden]) #ed-photo-img")
    page.wait_for_function("document.getElementById('ed-photo-img').complete && "
                           "document.getElementById('ed-photo-img').naturalWidth > 0")
    box = page.locator("#ed-photo-img").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.5)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.35, steps=8)
    page.mouse.up()
    deadline = time.monotonic() + 10
    while "focus" not in config.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    after = config.read_text()
    diff = [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert len(diff) == 1 and re.fullmatch(r"\+focus = \[0\.6\d*, 0\.3[45]\d*\]", diff[0]), diff
    assert after.index("focus =") > after.index("[cards.KH]")
    assert after.index("focus =") < after.index("[back]")
    # twice as close: the green kept area is half the photo wide, round the new focus
    page.wait_for_function("document.getElementById('ed-auto').disabled === false")
    # the slider steps through the zooms deck.toml takes (deckgen/zoom.py), 2.5 % to 6.3 % apart (nearly a log
    # scale): 1 to 2 is a third of its length, and it still reaches 8
    stops = page.evaluate("zoomStops")
    assert (stops[0], stops[-1], len(stops)) == (AUTO_ZOOM_FLOOR, ZOOM_MAX, 60)
    assert page.get_attribute("#ed-zoom", "max") == "59"
    assert (stops.index(2) - stops.index(1)) / (len(stops) - 1) > 0.33
    assert all(1.025 <= b / a < 1.063 for a, b in zip(stops, stops[1:])), stops
    page.locator("#ed-zoom").fill(str(stops.index(2)))
    page.wait_for_function("parseFloat(document.getElementById('ed-window').style.width) < 60")
    window = page.locator("#ed-window").bounding_box()
    assert window is not None
    assert window["width"] == pytest.approx(box["width"] / 2, rel=0.05)
    assert window["x"] + window["width"] / 2 == pytest.approx(box["x"] + box["width"] * 0.6, abs=box["width"] * 0.02)
    assert "zoom = 2" in config.read_text()
    assert page.text_content("#ed-zoom-out") == "2.00" and page.is_enabled("#ed-zoom-auto")
    page.wait_for_timeout(300)
    page.screenshot(path=str(screens / "serve-editor.png"))
    # back to the automatic zoom: the zoom line goes from deck.toml, the kept area is the whole width again
    before_auto = config.read_text()
    page.click("#ed-zoom-auto")
    page.wait_for_function("document.getElementById('ed-zoom-auto').disabled === true")
    diff = [line for line in difflib.unified_diff(before_auto.splitlines(), config.read_text().splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert diff == ["-zoom = 2"], diff
    assert page.text_content("#ed-zoom-out") == "1.00, automatic when no focus is set"  # the focus set above holds it at 1
    page.wait_for_function("parseFloat(document.getElementById('ed-window').style.width) > 90")
    page.screenshot(path=str(screens / "serve-editor-auto-zoom.png"))
    # a zoom typed into deck.toml beyond the old slider's 4: the slider stands at it, the number is exact
    config.write_text(config.read_text().replace("[cards.KH]\n", "[cards.KH]\nzoom = 6.05\n"))
    page.wait_for_function("document.getElementById('ed-zoom-out').textContent === '6.05'", timeout=10000)
    assert stops[int(page.input_value("#ed-zoom"))] == 6
    # the slider's ends are deck.toml's: End writes zoom = 8, Home zoom = 0.85
    for key, zoom, written in (("End", "8.00", "zoom = 8"), ("Home", "0.85", "zoom = 0.85")):
        page.focus("#ed-zoom")
        page.keyboard.press(key)
        page.wait_for_function(f"document.getElementById('ed-zoom-out').textContent === '{zoom}'")
        deadline = time.monotonic() + 10
        while written not in config.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert re.findall(r"^zoom = .*$", config.read_text(), re.M) == [written]
    page.click("#ed-close")

    # drop a new photo on QS's editor: saved into images/, named in [cards.QS], QS drawn with it
    qs = shown_version(page, "QS")
    page.click('figure[data-key="QS"] img')
    page.wait_for_function("document.getElementById('ed-code').textContent === 'QS'")
    data = io.BytesIO()
    astronaut().transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(data, "PNG")
    page.evaluate("""(b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const drop = new DataTransfer();
        drop.items.add(new File([bytes], "Our new photo.png", { type: "image/png" }));
        document.getElementById("ed-drop").dispatchEvent(new DragEvent("drop", { dataTransfer: drop, bubbles: true, cancelable: true }));
    }""", base64.b64encode(data.getvalue()).decode("ascii"))
    page.wait_for_function(f"document.querySelector('figure[data-key=\"QS\"] img').dataset.shown !== '{qs}'", timeout=10000)
    assert (deck / "images" / "Our-new-photo.png").read_bytes() == data.getvalue()
    assert '[cards.QS]\nimage = "images/Our-new-photo.png"' in config.read_text()
    page.wait_for_selector("#ed-photo:not([hidden])")
    assert page.input_value("#ed-image") == "images/Our-new-photo.png"
    page.click("#ed-close")
    after = config.read_text()

    # a broken deck.toml: its one-line error, and the previous preview stays
    back = shown_version(page, "back")
    config.write_text(after.replace('palette = "christmas-red"', 'palette = "tartan"'))
    page.wait_for_selector("#error:not([hidden])", timeout=5000)
    error = page.text_content("#error") or ""
    assert error.startswith("error: deck.toml: back.palette: unknown palette 'tartan': expected one of")
    assert "\n" not in error
    assert page.locator("#faces figure img[data-shown]").count() == 54
    assert shown_version(page, "back") == back
    page.screenshot(path=str(screens / "serve-error.png"))


def test_the_page_edits_a_caption_the_back_picture_and_the_card_format(browser_page, served: tuple[Path, str], screens: Path) -> None:  # type: ignore[no-untyped-def]
    page = browser_page
    deck, url = served
    config = deck / "deck.toml"
    open_deck(page, url)

    # KH's caption typed into the editor: deck.toml's text line changes, nothing else; KH is drawn with it
    before = config.read_text()
    kh = shown_version(page, "KH")
    page.click('figure[data-key="KH"] img')
    page.wait_for_function("document.getElementById('ed-code').textContent === 'KH' && "
                           "document.getElementById('ed-text').value === 'Grandpa Joe'")
    page.fill("#ed-text", "Grandad & Nan")
    page.press("#ed-text", "Enter")
    page.wait_for_function(f"document.querySelector('figure[data-key=\"KH\"] img').dataset.shown !== '{kh}'", timeout=60000)
    after = config.read_text()
    diff = [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert diff == ['-text = "Grandpa Joe"', '+text = "Grandad & Nan"']
    page.wait_for_function("document.getElementById('ed-card').complete && "
                           f"document.getElementById('ed-card').dataset.version === '{shown_version(page, 'KH')}'",
                           timeout=60000)
    assert page.input_value("#ed-text") == "Grandad & Nan"
    page.screenshot(path=str(screens / "serve-caption.png"))

    # the box takes at most the 60 characters deck.toml allows (longer captions are refused over HTTP)
    assert page.get_attribute("#ed-text", "maxlength") == "60"
    page.click("#ed-close")

    # the back: a picture picked from images/, then filled; only [back] gains the keys
    back = shown_version(page, "back")
    page.click('figure[data-key="back"] img')
    page.wait_for_function("document.getElementById('ed-code').textContent === 'back' && "
                           "[...document.getElementById('ed-image').options].some((o) => o.value === 'images/kh.jpg')")
    assert page.is_hidden("#ed-text") and page.is_visible("#ed-scale")
    page.select_option("#ed-image", "images/kh.jpg")
    page.wait_for_function(f"document.querySelector('figure[data-key=\"back\"] img').dataset.shown !== '{back}'", timeout=60000)
    back = shown_version(page, "back")
    page.check('input[name="ed-pmode"][value="fill"]')
    page.wait_for_function(f"document.querySelector('figure[data-key=\"back\"] img').dataset.shown !== '{back}'", timeout=60000)
    page.wait_for_selector("#ed-photo:not([hidden]) #ed-dot:not([hidden])", timeout=60000)
    page.wait_for_function("document.getElementById('ed-photo-img').complete && "
                           "document.getElementById('ed-photo-img').naturalWidth > 0 && "
                           f"document.getElementById('ed-card').dataset.version === '{shown_version(page, 'back')}' && "
                           "document.getElementById('ed-card').complete", timeout=60000)
    diff = [line for line in difflib.unified_diff(after.splitlines(), config.read_text().splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert diff == ['+image = "images/kh.jpg"', '+image_mode = "fill"']
    # a filled picture shows what the back keeps (green) and its zoom, deckgen's until one is set
    # (deckgen's zoom: a little under 1 when the photo leaves little room above the head)
    page.wait_for_function("/^(0\\.[89]\\d|1\\.00), automatic$/.test(document.getElementById('ed-zoom-out').textContent)")
    assert page.is_visible("#ed-zoom") and page.is_disabled("#ed-zoom-auto") and page.is_visible("#ed-window")
    page.screenshot(path=str(screens / "serve-back-picture.png"))
    page.click("#ed-close")

    # the card format: poker cards are 63 x 88 mm, 272 x 370 px with bleed at the preview's 100 DPI
    page.select_option("#format", "poker")
    page.wait_for_function("[...document.querySelectorAll('#faces figure img')].every((i) => i.complete && "
                           "i.naturalWidth === 272 && i.naturalHeight === 370)", timeout=60000)
    assert '[card]\nformat = "poker"' in config.read_text()
    assert page.input_value("#format") == "poker"
    # a poker deck goes in a tuck box: its net where the tin lid was
    page.wait_for_selector('figure[data-key="box"] img[data-shown]', timeout=60000)
    assert page.locator('figure[data-key="lid"]').count() == 0
    assert page.text_content("#lid-title") == "Tuck box"
    page.evaluate("window.scrollTo(0, document.getElementById('backs').getBoundingClientRect().top + window.scrollY - 400)")
    page.screenshot(path=str(screens / "serve-format.png"))
