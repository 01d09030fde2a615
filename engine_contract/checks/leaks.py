"""No leak: nothing a receiver is shown names a card it may not see, and nothing it is shown
depends on where the cards it cannot see lie.

* Each event a receiver gets (``domain.events.visible_events``) names only cards it could see
  before or after the change: the public ones and its own hand (a card played becomes public, a
  card drawn comes into the drawer's hand). A spectator gets the public cards only. A change that
  ends a hand and deals the next at once (a ``hand_started`` after other events) is read in two
  parts: up to the new deal it tells the old hand, whose cards may since lie anywhere, so those
  events name only what the receiver could see before and the cards of the seat that acted (the
  card it played); from the deal on, what it can see after.
* Each view names only the public cards and the viewer's own hand. Two parts are read elsewhere:
  ``legal_moves`` says what a seat may send, not what it sees (``moves`` holds every entry to
  ``apply``: a move naming a card the seat does not hold would be refused), and a view may repeat
  the summary of the hand that ended as its ``hand_end`` event told it, whose cards were checked
  when it was told (the next deal may have put them in a hand since).
* On a share of the states, each view is compared with the view of the same position with the
  viewer's unseen cards dealt differently (``engine_contract.redealing``): it must not change. That
  catches what no card code gives away (a flag saying who holds a card).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.engine import Event
from domain.events import visible_events
from domain.game_package import GamePackage, GameVariant
from domain.match_record import plain
from engine_contract.failures import At
from engine_contract.naming import cards_named
from engine_contract.playing import Change, PlayedMatch, planner, random_match
from engine_contract.redealing import redealt
from engine_contract.sight import Sight

REDEAL_SHARE = 0.3
"""The share of states whose views are compared with a different deal of the unseen cards."""


def check_no_leak(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    plan = planner(variant.game_type, seed, "redeal")
    summary: Any = None
    for change in match.changes:
        at = match.at(change.step)
        before, after = match.sight(change.step - 1), match.sight(change.step)
        check_events(match, at, change, before, after)
        summary = _summary(change.outcome.events, summary)
        for viewer in match.viewers():
            view = match.view(change.step, viewer)
            check_view(match, at, viewer, view, after, summary)
            if plan.random() < REDEAL_SHARE:
                check_view_ignores_unseen(match, at, change.after, viewer, view, plan)


def who(viewer: int | None) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"


def check_events(match: PlayedMatch, at: At, change: Change, before: Sight, after: Sight) -> None:
    events = change.outcome.events

    def either(viewer: int | None) -> frozenset[str]:
        return before.seen_by(viewer) | after.seen_by(viewer)

    dealt = next((index for index, event in enumerate(events) if event.kind == "hand_started"), None)
    if not dealt:
        check_told(match, at, events, before, after, either)
        return
    put_down = frozenset().union(*(before.own(seat) for seat in actors(match, change)))
    check_told(match, at, events[:dealt], before, after, lambda viewer: before.seen_by(viewer) | put_down)
    check_told(match, at, events[dealt:], before, after, either)


def actors(match: PlayedMatch, change: Change) -> tuple[int, ...]:
    """The seat whose action made ``change``; for a deadline, the seats the match waited for."""
    if change.logged.seat is not None:
        return (change.logged.seat,)
    if change.before is None:
        return ()
    return match.engine.to_act(change.before)


def check_told(
    match: PlayedMatch,
    at: At,
    events: Sequence[Event],
    before: Sight,
    after: Sight,
    allowed_to: Callable[[int | None], frozenset[str]],
) -> None:
    codes = match.engine.card_codes
    for viewer in match.viewers():
        allowed = allowed_to(viewer)
        for event in visible_events(events, viewer):
            leaked = cards_named(event, codes) - allowed
            if leaked:
                card = min(leaked)
                raise at.fail(
                    f"{who(viewer)} is shown the event {event}, which names {card}: "
                    f"{before.place(card)} before the change and {after.place(card)} after it"
                )


def check_view(
    match: PlayedMatch, at: At, viewer: int | None, view: Mapping[str, Any], sight: Sight, summary: Any
) -> None:
    shown = {
        key: value
        for key, value in view.items()
        if key != "legal_moves" and not (summary is not None and plain(value) == summary)
    }
    leaked = cards_named(shown, match.engine.card_codes) - sight.seen_by(viewer)
    if leaked:
        card = min(leaked)
        field = next(key for key, value in shown.items() if card in cards_named(value, {card}))
        raise at.fail(f"{who(viewer)}'s view names {card} (in {field!r}), which is {sight.place(card)}")


def check_view_ignores_unseen(
    match: PlayedMatch,
    at: At,
    state: Any,
    viewer: int | None,
    view: Mapping[str, Any],
    plan: random.Random,
) -> None:
    engine = match.engine
    try:
        other = redealt(engine, state, viewer, plan)
    except Exception as error:
        raise at.fail(
            f"the state with the cards {who(viewer)} cannot see dealt differently does not load: {error!r}"
        ) from error
    if other is None:
        return
    changed = plain(engine.view(other, viewer))
    if changed != plain(view):
        if plain(engine.view(engine.load(engine.dump(state)), viewer)) != plain(view):
            raise at.fail(f"{who(viewer)}'s view changes once the state is dumped and loaded again")
        keys = sorted({*view, *changed})
        differing = [key for key in keys if plain(view.get(key)) != changed.get(key)]
        raise at.fail(
            f"{who(viewer)}'s view changes when the cards it cannot see are dealt differently "
            f"(in {', '.join(map(repr, differing))}): it gives away where they are"
        )


def _summary(events: Sequence[Event], previous: Any) -> Any:
    """The summary of the hand that ended last, as its public ``hand_end`` event told it."""
    for event in events:
        if event.kind == "hand_end" and event.public:
            previous = plain(dict(event.data))
    return previous
