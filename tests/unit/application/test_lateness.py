"""RecentLateness: how late this process has lately been showing changes, as the busy guard reads it."""

from __future__ import annotations

from application.operations.lateness import RecentLateness, typical


def test_the_typical_lateness_is_one_most_of_the_figures_reached() -> None:
    assert typical([]) == 0.0
    assert typical([0.3]) == 0.3
    assert typical([0.0, 0.2, 0.0, 0.0, 0.0]) == 0.0
    assert typical([0.1, 0.2, 0.3, 0.0, 0.4]) == 0.2
    assert typical([0.0, 0.3, 0.3, 0.0]) == 0.0  # half is not most


def test_one_change_shown_late_among_changes_shown_on_time_is_not_late() -> None:
    recent = RecentLateness(window_seconds=0.25)
    for at, late in [(10.00, 0.002), (10.02, 0.003), (10.04, 0.120), (10.06, 0.002), (10.08, 0.004)]:
        recent.note(at, late)
    assert recent.typical(10.1) < 0.01


def test_most_changes_shown_late_is_late() -> None:
    recent = RecentLateness(window_seconds=0.25)
    for at, late in [(10.00, 0.002), (10.02, 0.080), (10.04, 0.120), (10.06, 0.002), (10.08, 0.090)]:
        recent.note(at, late)
    assert recent.typical(10.1) == 0.080


def test_lateness_older_than_the_window_is_forgotten_even_when_nothing_new_is_shown() -> None:
    recent = RecentLateness(window_seconds=0.25)
    for at in (10.00, 10.02, 10.04):
        recent.note(at, 0.3)
    assert recent.typical(10.1) == 0.3
    assert recent.typical(10.5) == 0.0
