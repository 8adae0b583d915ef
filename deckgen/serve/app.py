"""The web app of `deckgen serve`: the page, the live preview, the edits, the build.

Every route is a thin call into the library: `preview.Preview` draws, `tomledit` writes
deck.toml, `uploads` checks photos, `buildjob` builds. The page learns of changes through
server-sent events (/api/events): a whole state object each time something changed.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from deckgen.errors import DeckgenError, UserError, unknown_choice
from deckgen.formats import load_formats
from deckgen.serve.guard import LOOPBACK_NAMES, LocalOnly, contained
from deckgen.serve.preview import Preview, at_preview_dpi
from deckgen.serve.tomledit import Change, check_text, write_changes
from deckgen.serve.uploads import MAX_UPLOAD_BYTES, photo_files, save_upload
from deckgen.themes import get_theme, palette_names, template_names, theme_names
from deckgen.zoom import AUTO_ZOOM_FLOOR, ZOOM_MAX

STATIC = Path(__file__).parent / "static"
#: The page loads only its own scripts and pictures; nothing may frame it.
PAGE_POLICY = ("default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
#: A file from images/ or output/ is shown, never run (an SVG can carry a script).
FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
#: Keys of a card the page edits, as the editor names them.
CARD_KEYS = ("image", "focus", "zoom", "mode", "fit", "text")
JOKER_KEYS = {"image": "joker_image", "focus": "joker_focus", "zoom": "joker_zoom", "mode": "joker_mode"}
#: The pictures on the backs and the lid: the part the page shows -> the deck.toml table that holds it.
PICTURE_TABLES = {"back": "back", "back2": "back2", "lid": "tin"}
#: Keys of a back or lid picture, as the editor names them -> as deck.toml names them.
PICTURE_KEYS = {"image": "image", "mode": "image_mode", "focus": "image_focus", "scale": "image_scale",
                "mirror": "mirror_image", "zoom": "image_zoom"}
#: The keys only a back has (the lid is seen one way up).
BACK_ONLY = ("scale", "mirror")
#: The zooms deck.toml takes, for the editor's slider (the page has no copy of its own).
ZOOM_LIMITS = {"zoom_min": AUTO_ZOOM_FLOOR, "zoom_max": ZOOM_MAX}
#: What a caption may hold besides letters: no line breaks or other control characters.
CAPTION_CONTROL = {chr(c) for c in range(32)} | {chr(127)}


class Hub:
    """The pages listening for changes: each gets every state published after it joined."""

    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[str]] = set()

    def publish(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        for queue in list(self.queues):
            queue.put_nowait(text)


class BuildRun:
    """The page's build: one at a time, in a child process, its progress kept for the page."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {"running": False}
        self.task: asyncio.Task[None] | None = None

    async def run(self, deck_dir: Path, publish: Any) -> None:
        self.state = {"running": True, "steps": [], "current": None, "warnings": [], "error": None, "finished": False}
        steps: dict[str, dict[str, Any]] = {}
        publish()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in [str(Path(__file__).resolve().parents[2]), env.get("PYTHONPATH", "")] if p)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "deckgen.serve.buildjob", str(deck_dir),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
        )
        assert process.stdout is not None
        async for line in process.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if "steps" in event:
                for label in event["steps"]:
                    steps[label] = {"label": label, "total": None, "done": 0, "files": [], "state": "waiting"}
                self.state["steps"] = list(steps.values())
            elif "step" in event:
                self.state["current"] = event["step"]
                if event["step"] in steps:
                    steps[event["step"]].update(total=event["total"], state="running")
            elif "advance" in event and event["advance"] in steps:
                steps[event["advance"]]["done"] += 1
            elif "done" in event and event["done"] in steps:
                links = [f"/files/{f}" for f in event["files"] if f.startswith("output/")]
                steps[event["done"]].update(state="done", files=links)
            elif "warning" in event:
                self.state["warnings"].append(event["warning"])
            elif "error" in event:
                self.state["error"] = event["error"]
            elif event.get("finished"):
                self.state["finished"] = True
                self.state["look"] = [f"/files/output/preview/{name}" for name in ("contact-sheet.png", "crops.png")
                                      if (deck_dir / "output" / "preview" / name).is_file()]
            publish()
        stderr = await process.stderr.read() if process.stderr else b""
        code = await process.wait()
        if code != 0 and not self.state["error"]:
            last = (stderr.decode("utf-8", "replace").strip().splitlines() or ["(no message)"])[-1]
            self.state["error"] = f"the build stopped (exit {code}): {last}"
        self.state["running"] = False
        publish()


def _formats(deck: Any) -> list[dict[str, Any]]:
    """The named card formats deck.toml may choose (a formats.toml beside it counts), with their sizes."""
    try:
        formats = load_formats(deck.base_dir if deck else None)
    except DeckgenError:  # a broken formats.toml beside deck.toml: deck.toml's error says it
        formats = load_formats(None)
    return [{"name": f.name, "title": f.title, "width_mm": f.width_mm, "height_mm": f.height_mm} for f in formats.values()]


def _choices(preview: Preview) -> dict[str, Any]:
    """The lists the page offers, and what the deck chose (None: the theme's)."""
    deck = preview.deck
    theme = get_theme(deck.theme) if deck else None
    return {
        "formats": _formats(deck),
        "format": deck.format_name if deck else None,
        "themes": theme_names(),
        "templates": template_names(),
        "palettes": palette_names(),
        "theme": deck.theme if deck else None,
        "template": deck.back.template if deck else None,
        "palette": deck.back.palette if deck else None,
        "theme_template": theme.back_template if theme else None,
        "theme_palette": theme.back_palette if theme else None,
    }


def create_app(deck_dir: Path, hosts: Iterable[str] = LOOPBACK_NAMES, port: int | None = None,
               watch: bool = True, preview: Preview | None = None, booklet: bool = True) -> Starlette:
    """The app for one deck folder. Requests must name one of `hosts` (and `port`, when given).

    `booklet=False`: the preview it makes never builds the pocket booklet (a child process of a few
    seconds' work each time the booklet's inputs change), for tests that look only at the cards; a
    `preview` passed in keeps its own setting."""
    deck_dir = Path(deck_dir).resolve()
    preview = preview or Preview(deck_dir, booklet=booklet)
    hub = Hub()
    build = BuildRun()
    loop_holder: dict[str, asyncio.AbstractEventLoop] = {}

    def full_state() -> dict[str, Any]:
        return preview.state() | {"build": build.state, "choices": _choices(preview)}

    def publish() -> None:
        """Tell every page; safe from any thread."""
        loop = loop_holder.get("loop")
        if loop is None:
            return
        state = full_state()
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            hub.publish(state)
        else:
            try:
                loop.call_soon_threadsafe(hub.publish, state)
            except RuntimeError:  # the server has stopped: nobody is listening
                pass

    preview.on_progress = publish

    async def refresh() -> None:
        changed = await anyio.to_thread.run_sync(preview.refresh)
        del changed
        publish()

    async def watch_folder(stop: anyio.Event) -> None:
        from watchfiles import awatch  # late: only an app that watches its folder loads it (watch=False in tests)

        output = deck_dir / "output"

        def wanted(_change: object, path: str) -> bool:
            p = Path(path)
            if p == output or output in p.parents:
                return False
            name = p.name
            return not (name.startswith(".") or name.endswith((".tmp", "~", ".swp")))

        async for _changes in awatch(deck_dir, watch_filter=wanted, debounce=400, step=30, stop_event=stop,
                                     recursive=True, ignore_permission_denied=True):
            await refresh()

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        loop_holder["loop"] = asyncio.get_running_loop()
        stop = anyio.Event()
        tasks = [asyncio.create_task(refresh())]
        if watch:
            tasks.append(asyncio.create_task(watch_folder(stop)))
        try:
            yield
        finally:
            stop.set()
            for task in tasks:
                task.cancel()
            if build.task is not None:
                build.task.cancel()
            preview.close()

    # ------------------------------------------------------------------ pages and pictures

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": PAGE_POLICY,
                                                           "Cache-Control": "no-store"})

    async def state(_request: Request) -> Response:
        return JSONResponse(full_state())

    async def events(request: Request) -> Response:
        queue: asyncio.Queue[str] = asyncio.Queue()
        hub.queues.add(queue)
        queue.put_nowait(json.dumps(full_state()))

        async def stream() -> AsyncIterator[str]:
            try:
                while True:
                    try:
                        text = await asyncio.wait_for(queue.get(), timeout=15)
                    except asyncio.TimeoutError:
                        if await request.is_disconnected():
                            break
                        yield ": still here\n\n"
                        continue
                    yield f"data: {text}\n\n"
            finally:
                hub.queues.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def picture(request: Request) -> Response:
        part = preview.parts.get(request.path_params["key"])
        if part is None or not part.png:
            return JSONResponse({"error": "no such picture"}, status_code=404)
        return Response(part.png, media_type="image/png", headers={"Cache-Control": "no-store"})

    async def booklet_page(request: Request) -> Response:
        pages = list(preview.booklet.pages)
        number = request.path_params["page"]
        if not 1 <= number <= len(pages):
            return JSONResponse({"error": "no such booklet page"}, status_code=404)
        return Response(pages[number - 1][0], media_type="image/png", headers={"Cache-Control": "no-store"})

    async def files(request: Request) -> Response:
        area = request.path_params["area"]
        path = contained(deck_dir / area, request.path_params["path"]) if area in ("images", "output") else None
        if path is None:
            return JSONResponse({"error": "not a file of this deck's images/ or output/"}, status_code=404)
        return FileResponse(path, headers={"Content-Security-Policy": FILE_POLICY, "X-Content-Type-Options": "nosniff",
                                           "Cache-Control": "no-store"})

    # ------------------------------------------------------------------ a card's photo

    def _card(code: str) -> Any:
        design = preview.design
        if design is None:
            raise UserError("deck.toml has not been read yet")
        for card in design.profile.unique_cards():
            if card.code == code:
                return card
        raise UserError(f"the deck has no card {code}")

    def card_info(code: str) -> dict[str, Any]:
        from deckgen.render.faces import plan_card  # late: the renderers load in the first preview's thread (server.serve)

        card = _card(code)
        assert preview.design is not None and preview.deck is not None
        art = preview.design.faces.art(card)
        deck = preview.deck
        own = deck.cards.get(code)
        written = own.image if own and own.image else (deck.faces.joker_image if card.is_joker else None)
        info: dict[str, Any] = {
            "code": code, "joker": card.is_joker, "image": str(written) if written else None,
            "mode": art.mode, "fit": art.fit, "zoom": art.zoom or 1.0, "auto_zoom": art.zoom is None,
            "focus": list(art.focus) if art.focus else None, "faces": [], "window": None, "problems": [],
            "images": photo_files(deck_dir / "images"), "text": art.text, **ZOOM_LIMITS,
        }
        if art.photo is not None:
            # the build's own plan (faces found, subject measured, once per photo file): what the
            # editor shows is what the preview and the build crop
            plan = plan_card(at_preview_dpi(preview.design, preview.dpi), card, art)
            assert plan is not None
            photo_px, faces = plan.photo_px, plan.faces
            w, h = photo_px
            info.update(
                photo_px=list(photo_px),
                faces=[[f.left, f.top, f.right, f.bottom] for f in faces],
                window=[plan.window[0] / w, plan.window[1] / h, plan.window[2] / w, plan.window[3] / h],
                problems=[preview.shown(p) for p in plan.problems],
                # what the build chose where the photo cannot fill its place at zoom 1 (a mat, a
                # zoom-1 crop, the whole photo), the line the build says, as the crop review shows
                choice=plan.choice, note=preview.shown(plan.note) if plan.note else None,
                zoom=plan.zoom,
                photo_version=preview.parts[code].version if code in preview.parts else 0,
            )
        return info

    def refused(exc: DeckgenError) -> Response:
        """A request the deck refuses: 400 with the one-line reason the CLI would give."""
        return JSONResponse({"error": preview.shown(str(exc))}, status_code=400)

    async def info_answer(info: Callable[[str], dict[str, Any]], name: str) -> Response:
        """What the editor shows for a card or a picture, worked out off the event loop."""
        try:
            return JSONResponse(await anyio.to_thread.run_sync(info, name))
        except DeckgenError as exc:
            return refused(exc)

    async def card_get(request: Request) -> Response:
        return await info_answer(card_info, request.path_params["code"])

    def photo_jpeg(code: str) -> bytes:
        card = _card(code)
        assert preview.design is not None
        art = preview.design.faces.art(card)
        if art.photo is None:
            raise UserError(f"{code} has no photo")
        return screen_jpeg(art.photo)

    def screen_jpeg(ref: Any) -> bytes:
        """A photo the editor shows: at most 900 px long, as JPEG."""
        from deckgen.render.photos import small_copy  # late: the renderers load in the first preview's thread (server.serve)

        image = small_copy(ref, 900)
        if max(image.size) > 900:
            image = image.copy()
            image.thumbnail((900, 900))
        out = io.BytesIO()
        image.save(out, "JPEG", quality=85)
        return out.getvalue()

    async def card_photo(request: Request) -> Response:
        try:
            data = await anyio.to_thread.run_sync(photo_jpeg, request.path_params["code"])
        except DeckgenError as exc:
            return JSONResponse({"error": preview.shown(str(exc))}, status_code=404)
        return Response(data, media_type="image/jpeg", headers={"Cache-Control": "no-store"})

    def card_target(code: str, key: str) -> tuple[str, str]:
        """Where a card's key is written: [cards.<code>], or [faces] joker_* for a joker whose photo
        comes from there."""
        card = _card(code)
        deck = preview.deck
        assert deck is not None
        own = deck.cards.get(code)
        if card.is_joker and key in JOKER_KEYS and not (own and own.image) and not (own and key in own.model_fields_set):
            return "faces", JOKER_KEYS[key]
        return f"cards.{code}", key

    def change(changes: list[Change]) -> None:
        """Write the page's changes into deck.toml all at once (one refused: none written)."""
        try:
            check_text(preview.config, preview.config.read_text(encoding="utf-8-sig"))
        except (DeckgenError, OSError) as exc:
            raise UserError(f"{preview.shown(str(exc))} (fix deck.toml first: the page changes it only when it reads cleanly)") from None
        write_changes(preview.config, changes)

    async def edited(changes: Callable[[], list[Change]], shown: Callable[[], dict[str, Any]]) -> Response:
        """Write the page's changes, draw what they changed, tell every page, and answer with what
        the editor shows now (`shown`); a refused change answers 400 with the one-line reason."""
        def apply() -> dict[str, Any]:
            change(changes())
            preview.refresh()
            return shown()

        try:
            info = await anyio.to_thread.run_sync(apply)
        except DeckgenError as exc:
            return refused(exc)
        publish()
        return JSONResponse(info)

    async def read_object(request: Request, allowed: Iterable[str]) -> dict[str, Any]:
        """The request's JSON object of some of the `allowed` keys; UserError otherwise."""
        try:
            body = await request.json()
        except ValueError:
            raise UserError("expected a JSON object") from None
        allowed = tuple(allowed)
        if not isinstance(body, dict) or not body or any(k not in allowed for k in body):
            raise UserError(f"expected some of {', '.join(allowed)}")
        image = body.get("image")
        if image is not None and image not in photo_files(deck_dir / "images"):
            raise UserError(f"{image}: expected a photo in this deck's images/ folder")
        return body

    async def card_post(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            body = await read_object(request, CARD_KEYS)
            text = body.get("text")
            if "text" in body and text is not None and not isinstance(text, str):
                raise UserError("text: expected the caption as text, or null to remove it")
            if isinstance(text, str) and CAPTION_CONTROL & set(text):
                raise UserError("text: a caption is one line of text, without line breaks or tabs")
        except UserError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        if isinstance(text, str) and not text.strip():
            body["text"] = None  # an emptied caption box: the card has no caption
        return await edited(lambda: [(*card_target(code, key), value) for key, value in body.items()],
                            lambda: card_info(code))

    # ------------------------------------------------------------------ the back and lid pictures

    def picture_of(which: str) -> tuple[Any, Any]:
        """The picture the part shows (design.Picture or None) and the deck.toml table it is written in."""
        design, deck = preview.design, preview.deck
        if design is None or deck is None:
            raise UserError("deck.toml has not been read yet")
        if which == "lid":
            return design.lid.picture, deck.tin
        if which == "back" or (which == "back2" and design.two_backs):
            return design.back_for(1 if which == "back" else 2).picture, getattr(deck, which) or deck.back
        if which == "back2":  # a known picture, but this deck makes no second back
            raise UserError("back2: this deck has one back; add a [back2] table to deck.toml for a second one")
        raise UserError(unknown_choice("picture", which, [k for k in PICTURE_TABLES if k != "back2" or design.two_backs]))

    def picture_info(which: str) -> dict[str, Any]:
        from deckgen.render.photos import detect_faces  # late: the renderers load in the first preview's thread (server.serve)
        from deckgen.render.shopcheck import picture_fill  # late: as detect_faces

        picture, table = picture_of(which)
        written = table.image
        info: dict[str, Any] = {
            "which": which, "table": PICTURE_TABLES[which], "image": str(written) if written else None,
            "shown": preview.shown(str(picture.photo.path)) if picture else None,
            "mode": picture.mode if picture else table.image_mode, "focus": list(picture.focus) if picture and picture.focus else None,
            "scale": (picture.scale if picture else table.image_scale) if which != "lid" else None,
            "mirror": table.mirror_image if which != "lid" else None,
            "faces": [], "images": photo_files(deck_dir / "images"),
            "photo_version": preview.parts[which].version if which in preview.parts else 0,
            "zoom": picture.zoom if picture and picture.zoom else 1.0,
            "auto_zoom": picture is not None and picture.zoom is None, "window": None, **ZOOM_LIMITS,
        }
        if picture is not None:
            try:
                photo_px, faces = detect_faces(picture.photo)
                assert preview.design is not None  # picture_of said the deck is read
                fill = picture_fill(preview.design, which)
            except DeckgenError as exc:
                info["problems"] = [preview.shown(str(exc))]
            else:
                info.update(photo_px=list(photo_px), faces=[[f.left, f.top, f.right, f.bottom] for f in faces])
                if fill is not None:  # the part the back or the lid keeps, and the zoom it was taken at
                    w, h = fill.size
                    info.update(zoom=fill.zoom, window=[fill.window[0] / w, fill.window[1] / h,
                                                        fill.window[2] / w, fill.window[3] / h])
        return info

    async def picture_get(request: Request) -> Response:
        return await info_answer(picture_info, request.path_params["which"])

    async def picture_post(request: Request) -> Response:
        """A back or lid picture: {"image": "images/x.jpg" or null, "mode": "fill" | "fit",
        "focus": [across, down] or null, "zoom": 0.85 to 8 (deckgen.zoom) or null (automatic); backs only: "scale" 0 to 1,
        "mirror" true or false}."""
        which = request.path_params["which"]
        try:
            if which not in PICTURE_TABLES:
                raise UserError(unknown_choice("picture", which, PICTURE_TABLES))
            body = await read_object(request, [k for k in PICTURE_KEYS if not (which == "lid" and k in BACK_ONLY)])
            if "mirror" in body and not isinstance(body["mirror"], bool):
                raise UserError("mirror: expected true or false")  # pydantic would take "yes" too
            picture_of(which)  # the deck has this part (a second back only when it has [back2])
        except DeckgenError as exc:
            return refused(exc)
        table = PICTURE_TABLES[which]
        return await edited(lambda: [(table, PICTURE_KEYS[key], value) for key, value in body.items()],
                            lambda: picture_info(which))

    async def picture_photo(request: Request) -> Response:
        def jpeg() -> bytes:
            picture, _table = picture_of(request.path_params["which"])
            if picture is None:
                raise UserError(f"{request.path_params['which']} has no picture")
            return screen_jpeg(picture.photo)

        try:
            data = await anyio.to_thread.run_sync(jpeg)
        except DeckgenError as exc:
            return JSONResponse({"error": preview.shown(str(exc))}, status_code=404)
        return Response(data, media_type="image/jpeg", headers={"Cache-Control": "no-store"})

    async def deck_post(request: Request) -> Response:
        """Card format, theme, back template and palette: {"key": "back.palette", "value": "forest"}
        (null: the theme's; for the format, the default)."""
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "expected a JSON object"}, status_code=400)
        allowed = {"theme": ("", "theme"), "back.template": ("back", "template"), "back.palette": ("back", "palette"),
                   "card.format": ("card", "format")}
        if not isinstance(body, dict) or body.get("key") not in allowed:
            return JSONResponse({"error": f"expected key one of {', '.join(allowed)}"}, status_code=400)
        table, key = allowed[body["key"]]
        deck = preview.deck
        if (table, key) == ("card", "format") and deck is not None and deck.card_size is not None \
                and "format" not in deck.card.model_fields_set:
            table, key = "", "card_size"  # the deck names its format with the short spelling: keep to it
        return await edited(lambda: [(table, key, body.get("value"))], full_state)

    # ------------------------------------------------------------------ photos in images/

    async def images_get(_request: Request) -> Response:
        return JSONResponse({"images": photo_files(deck_dir / "images")})

    async def images_post(request: Request) -> Response:
        name = request.query_params.get("name", "photo")
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > MAX_UPLOAD_BYTES:
            return JSONResponse({"error": f"{name}: an image may be at most {MAX_UPLOAD_BYTES / 1e6:,.0f} MB"}, status_code=413)
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_UPLOAD_BYTES:
                return JSONResponse({"error": f"{name}: an image may be at most {MAX_UPLOAD_BYTES / 1e6:,.0f} MB"}, status_code=413)
            chunks.append(chunk)
        try:
            saved = await anyio.to_thread.run_sync(save_upload, deck_dir / "images", name, b"".join(chunks))
        except DeckgenError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse({"image": saved.relative_to(deck_dir).as_posix(), "images": photo_files(deck_dir / "images")})

    # ------------------------------------------------------------------ the build

    async def build_post(_request: Request) -> Response:
        if build.state.get("running"):
            return JSONResponse({"error": "a build is already running"}, status_code=409)
        build.task = asyncio.create_task(build.run(deck_dir, publish))
        await asyncio.sleep(0)
        return JSONResponse({"started": True}, status_code=202)

    async def build_get(_request: Request) -> Response:
        return JSONResponse(build.state)

    async def no_icon(_request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/api/state", state),
        Route("/api/events", events),
        Route("/api/deck", deck_post, methods=["POST"]),
        Route("/api/card/{code}", card_get),
        Route("/api/card/{code}", card_post, methods=["POST"]),
        Route("/api/card/{code}/photo", card_photo),
        Route("/api/picture/{which}", picture_get),
        Route("/api/picture/{which}", picture_post, methods=["POST"]),
        Route("/api/picture/{which}/photo", picture_photo),
        Route("/api/images", images_get),
        Route("/api/images", images_post, methods=["POST"]),
        Route("/api/build", build_post, methods=["POST"]),
        Route("/api/build", build_get),
        Route("/preview/booklet/{page:int}.png", booklet_page),
        Route("/preview/{key}.png", picture),
        Route("/files/{area:str}/{path:path}", files),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(LocalOnly, hosts=hosts, port=port)])
    app.state.preview = preview
    app.state.build = build
    return app
