"""What a build says while it runs: plain frozen values, one per thing that happened.

`deckgen.build` yields them in order; the command line prints them, `deckgen serve` streams them
to the page and a batch worker logs them. Nothing here prints or knows who listens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckgen.errors import DeckgenError

__all__ = [
    "Advanced", "Event", "Failed", "Finished", "Planned", "StepCurrent", "StepDone", "StepStarted", "Warned",
]


@dataclass(frozen=True)
class Planned:
    """The steps this deck's build has (a tin deck has no tuck box) and those it will run now (the
    others are current). The first event of every build."""

    steps: tuple[str, ...]
    todo: tuple[str, ...]


@dataclass(frozen=True)
class StepStarted:
    """A step begins; `total` is how many `Advanced` events it will send, None when it cannot say."""

    step: str
    total: int | None


@dataclass(frozen=True)
class Advanced:
    """One unit of a step's work is done (a face drawn, a page written); `item` names it."""

    step: str
    item: str


@dataclass(frozen=True)
class StepDone:
    """A step wrote its files: `paths` where they will be once the build is committed, `rebuilt` of
    its units made anew and `current` kept from the last build."""

    step: str
    paths: tuple[Path, ...]
    rebuilt: int
    current: int


@dataclass(frozen=True)
class StepCurrent:
    """A step had nothing to do: every file it writes is as the last build left it."""

    step: str


@dataclass(frozen=True)
class Warned:
    """Something a person should know that does not stop the build (a photo that prints soft);
    `step` is the step that said it, None for the checks before the first step."""

    message: str
    step: str | None = None


@dataclass(frozen=True)
class Failed:
    """The build stopped on a mistake in the deck (`error`, one line for a person, or one per item);
    the output folder is as the last finished build left it. The last event of such a build."""

    error: DeckgenError
    step: str | None = None

    @property
    def message(self) -> str:
        return str(self.error)


@dataclass(frozen=True)
class Finished:
    """The build is committed: every step's files (`written`, by step, empty for a current step) are in
    the output folder; `current_files` of them were kept. The last event of a build that succeeded."""

    out: Path
    written: dict[str, tuple[Path, ...]] = field(default_factory=dict)
    current_files: int = 0

    @property
    def nothing_to_do(self) -> bool:
        return not any(self.written.values())


Event = Planned | StepStarted | Advanced | StepDone | StepCurrent | Warned | Failed | Finished
