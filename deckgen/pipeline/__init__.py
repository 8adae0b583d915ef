"""The one build of a deck (`build`) and the events it yields while it runs."""

from deckgen.pipeline.events import (
    Advanced, Event, Failed, Finished, Planned, StepCurrent, StepDone, StepStarted, Warned,
)
from deckgen.pipeline.run import build, steps_for

__all__ = [
    "Advanced", "Event", "Failed", "Finished", "Planned", "StepCurrent", "StepDone", "StepStarted", "Warned",
    "build", "steps_for",
]
