"""The log of a match under way: every change the engine took, with its seat, version and time.

A match is a function of its seed and what it was given (``domain.seeding``):
the start (with the turn times it was dealt with), each accepted action of a
seat (a person's or a computer player's), each deadline that fired, and the
hand-over of a seat to a computer player (which changes no engine state but
belongs to the story), and a player's asking for a suggestion (``suggestion``: it changes no
engine state either, and the record and its replay show that the seat's next move was
suggested). ``Commits.commit`` appends a change's ``Logged`` entry
in the same atomic step as the change; once the match is over the log, replayed
through the engine, becomes its record (``domain.match_record``).

The log never leaves the server while the match is on: it names the cards each
action played, and (through a replay) every hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from domain.engine import JSON, Timeouts

LoggedKind = Literal["start", "action", "deadline", "handover", "suggestion"]
KINDS: tuple[LoggedKind, ...] = ("start", "action", "deadline", "handover", "suggestion")


@dataclass(frozen=True, slots=True)
class Logged:
    """One logged change: ``version`` is the match version it produced, ``time`` its ``now``.

    ``start`` carries the ``timeouts`` the match was dealt with; ``action`` the
    ``seat`` and its ``action``; ``deadline`` the ``token`` that fired;
    ``handover`` the ``seat`` a computer player named ``name`` took over from the person
    who ``left`` (their user id and name); ``suggestion`` the ``seat`` whose player was shown
    a suggested move (``domain.steps.suggest``)."""

    kind: LoggedKind
    version: int
    time: float
    seat: int | None = None
    action: Mapping[str, Any] | None = None
    token: str | None = None
    name: str | None = None
    timeouts: Timeouts | None = None
    left: tuple[str, str] | None = None

    @staticmethod
    def start(version: int, time: float, timeouts: Timeouts) -> Logged:
        return Logged("start", version, time, timeouts=timeouts)

    @staticmethod
    def acted(version: int, time: float, seat: int, action: Mapping[str, Any]) -> Logged:
        return Logged("action", version, time, seat=seat, action=dict(action))

    @staticmethod
    def fired(version: int, time: float, token: str) -> Logged:
        return Logged("deadline", version, time, token=token)

    @staticmethod
    def handed_over(version: int, time: float, seat: int, name: str, left: tuple[str, str]) -> Logged:
        return Logged("handover", version, time, seat=seat, name=name, left=left)

    @staticmethod
    def suggested(version: int, time: float, seat: int) -> Logged:
        return Logged("suggestion", version, time, seat=seat)

    def dump(self) -> JSON:
        """As the match record writes a step (without its events): ``kind``, ``version``,
        ``time``, then the fields of its kind."""
        data: JSON = {"kind": self.kind, "version": self.version, "time": self.time}
        if self.timeouts is not None:
            data["timeouts"] = dump_timeouts(self.timeouts)
        if self.seat is not None:
            data["seat"] = self.seat
        if self.action is not None:
            data["action"] = dict(self.action)
        if self.token is not None:
            data["token"] = self.token
        if self.name is not None:
            data["name"] = self.name
        if self.left is not None:
            data["left"] = {"user_id": self.left[0], "name": self.left[1]}
        return data

    @staticmethod
    def load(data: Mapping[str, Any]) -> Logged:
        """The entry ``dump`` wrote; ``ValueError`` for one that is not a logged change."""
        kind = data.get("kind")
        if kind not in KINDS:
            raise ValueError(f"a logged change has a kind among {list(KINDS)}, not {kind!r}")
        raw = data.get("timeouts")
        timeouts = None if raw is None else load_timeouts(raw)
        seat = data.get("seat")
        action = data.get("action")
        left = data.get("left")
        return Logged(
            kind=kind,
            version=int(data["version"]),
            time=float(data["time"]),
            seat=None if seat is None else int(seat),
            action=None if action is None else dict(action),
            token=data.get("token"),
            name=data.get("name"),
            timeouts=timeouts,
            left=None if left is None else (str(left["user_id"]), str(left["name"])),
        )


DEFAULT_TRICK_PAUSE = Timeouts().trick_pause


def dump_timeouts(timeouts: Timeouts) -> JSON:
    """``turn`` and ``hand_ack``, and ``trick_pause`` only when it is not the default: a record of
    a match dealt with the default pause reads as one written before the pause could be set."""
    data: JSON = {"turn": timeouts.turn, "hand_ack": timeouts.hand_ack}
    if timeouts.trick_pause != DEFAULT_TRICK_PAUSE:
        data["trick_pause"] = timeouts.trick_pause
    return data


def load_timeouts(raw: Mapping[str, Any]) -> Timeouts:
    """What ``dump_timeouts`` wrote (no ``trick_pause``: the default)."""
    pause = float(raw.get("trick_pause", DEFAULT_TRICK_PAUSE))
    return Timeouts(float(raw["turn"]), float(raw["hand_ack"]), pause)
