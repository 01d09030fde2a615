"""Where each game type stands against the strength goal, over every run kept in ``benchmarks/strength``.

A thousand duplicate pairs of a fishing or tressette game cost hours of CPU, more than a session
has beside its other work, so they are played a few hundred at a time, on a new seed each time, and
each run's report (``bots.py --json``) is kept here. This adds them up per game type and pair of
levels: the matches, the wins (a drawn match half), A's win rate with its Wilson 95 % interval, and
whether the goal is met (the interval's lower bound at least ``GOALS``' rate, over at least
``PAIRS_WANTED`` pairs).

    python benchmarks/strength_pool.py [DIR]

Runs add up only when they are the same player: a run names the commit it was played at, and the
README of ``benchmarks/strength`` says from which commit on each game type's search has made the
same decisions, and runs played ``--as-served`` (``bots.py``) add up apart from the others. Two runs
of one seed would count the same deals twice; that is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import wilson  # a script beside this one, not a package

HERE = Path(__file__).resolve().parent / "strength"
PAIRS_WANTED = 1_000
GOALS: Mapping[tuple[str, str], float] = {("hard", "normal"): 0.55, ("normal", "easy"): 0.60}
"""The lower bound each pairing of levels must reach (issue 34)."""


@dataclass
class Pooled:
    """The runs of one game type and pairing of levels, added up."""

    game_type: str
    a: str
    b: str
    as_served: bool = False
    seeds: list[int] = field(default_factory=list)
    pairs: int = 0
    matches: int = 0
    a_wins: float = 0.0
    cpu_medians: list[float] = field(default_factory=list)
    cpu_p99s: list[float] = field(default_factory=list)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.a_wins, self.matches)

    @property
    def verdict(self) -> str:
        goal = GOALS.get((self.a, self.b))
        if goal is None:
            return "no goal"
        bound_met = self.interval[0] >= goal
        if bound_met and self.pairs >= PAIRS_WANTED:
            return "**met**"
        if bound_met:
            return f"bound met, count not ({self.pairs:,} of {PAIRS_WANTED:,} pairs)"
        return "**not met**"


def wins_of(entry: Mapping[str, Any]) -> float:
    """A's wins in a run: as counted, or (a report written before they were kept) its rate times
    its matches, which gives them back exactly (a half for each drawn match)."""
    if "a_wins" in entry:
        return float(entry["a_wins"])
    return round(2 * float(entry["a_win_rate"]) * int(entry["matches"])) / 2


def pool(entries: Iterable[Mapping[str, Any]]) -> list[Pooled]:
    """The runs added up per (game type, A, B, as served or not), in the order first met.
    ``ValueError`` on a run without its seed, or on two runs of the same seed (the same deals)."""
    pooled: dict[tuple[str, str, str, bool], Pooled] = {}
    for entry in entries:
        if "seed" not in entry:
            raise ValueError(f"a {entry['game_type']} run does not say its seed")
        key = (str(entry["game_type"]), str(entry["a"]), str(entry["b"]), bool(entry.get("as_served")))
        into = pooled.setdefault(key, Pooled(*key))
        seed = int(entry["seed"])
        if seed in into.seeds:
            raise ValueError(f"two {key[0]} runs of {key[1]} against {key[2]} have seed {seed}")
        into.seeds.append(seed)
        into.pairs += int(entry["pairs"])
        into.matches += int(entry["matches"])
        into.a_wins += wins_of(entry)
        into.cpu_medians.append(float(entry["a_cpu_ms"]["median"]))
        into.cpu_p99s.append(float(entry["a_cpu_ms"]["p99"]))
    return list(pooled.values())


def runs(folder: Path) -> list[Mapping[str, Any]]:
    """Every run kept in ``folder``, by seed: each ``*.json`` is a list of reports, as ``bots.py`` writes."""
    entries: list[Mapping[str, Any]] = []
    for path in sorted(folder.glob("*.json")):
        entries.extend(json.loads(path.read_text()))
    return sorted(entries, key=lambda entry: int(entry.get("seed", -1)))  # a run without one: refused by pool


def table(pooled: Sequence[Pooled]) -> str:
    lines = [
        "| game type | levels | seeds | pairs | A wins [Wilson 95 %] | A CPU ms: medians / worst p99"
        " | goal |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for each in pooled:
        low, high = each.interval
        rate = each.a_wins / each.matches if each.matches else 0.0
        medians = ", ".join(f"{median:.0f}" for median in each.cpu_medians)
        seeds = ", ".join(map(str, sorted(each.seeds)))
        levels = f"{each.a} vs {each.b}" + (" (as served)" if each.as_served else "")
        lines.append(
            f"| {each.game_type} | {levels} | {seeds} | {each.pairs:,} "
            f"| {100 * rate:.1f} % [{100 * low:.1f}, {100 * high:.1f}] ({each.a_wins:g} of {each.matches:,}) "
            f"| {medians} / {max(each.cpu_p99s):.0f} | {each.verdict} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=HERE)
    args = parser.parse_args(argv)
    print(table(pool(runs(args.folder))))


if __name__ == "__main__":
    main()
