"""The page's build in `deckgen serve`: `deckgen.build` in a child process (deckgen.serve.buildjob),
its events read as JSON lines and kept as the state the page shows."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["BuildRun"]


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
