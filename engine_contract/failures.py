"""Where a check found a fault, so that a failure can be played again: the game type, the seed of
the match and the step of it (0 is the deal, then one per accepted change)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class At:
    """A place in a seeded match; ``str(at)`` starts every failure message of the suite."""

    game_type: str
    seed: int | None = None
    step: int | None = None
    detail: str | None = None
    """What else pins the place down (a computer player's level, a seat)."""

    def __str__(self) -> str:
        parts = [self.game_type]
        if self.seed is not None:
            parts.append(f"seed {self.seed}")
        if self.step is not None:
            parts.append(f"step {self.step}")
        if self.detail is not None:
            parts.append(self.detail)
        return ", ".join(parts)

    def step_of(self, step: int) -> At:
        return replace(self, step=step)

    def fail(self, message: str) -> AssertionError:
        """The failure to raise: ``raise at.fail("...")``."""
        return AssertionError(f"{self}: {message}")
