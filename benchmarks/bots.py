"""How strong a computer player level is against another: matches on duplicate deals.

Each seeded deal is played twice with the sides swapped — level A on the first side, then level B —
so the luck of the cards falls on both. Every seat decides from its own view and the events it saw
(``seen``). In the server only the levels that think away from the transition
(``EngineRegistry.thinks_away``: the searching ones, and those a package declares remembering) get
``seen``: the others decide inside the transition from the view alone. ``--as-served`` plays them
that way; without it every level gets ``seen``.

For each game type the report gives A's match win rate with its Wilson 95 % interval (a drawn match
counts half), the mean points a side scores per match, and the CPU each level spends per decision
(median and 99th percentile, ``time.process_time``).

    python benchmarks/bots.py --a hard --b normal --pairs 200 [--game-types briscola scopa] [--json OUT]
        [--seconds 600] [--jobs 2] [--as-served]

``--seconds`` bounds each game type's time (the pairs played are reported), ``--jobs`` plays that
many game types at once, one process each (the CPU per decision is each process's own).

With ``--json OUT``, each game type's report so far is written after every pair to
``OUT.<game type>.partial`` (the same list of one report ``OUT`` would hold), and removed once ``OUT``
is written: a run stopped early keeps the pairs it finished (rename the file to ``*.json`` to keep it
with the others, ``benchmarks/strength/README.md``).

Sides: in a game of two sides (two players, or partners) the sides are the engine's; in briscola
chiamata, where sides change every deal, A takes seats 0, 2 and 4 and B seats 1 and 3, then the
other way round, and a match counts as won by the level whose seats end with the higher mean score.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.bots import Strategy
from domain.bots.base import Action, Seen
from domain.engine import GameEngine, MatchResult, Timeouts
from domain.events import visible_events
from domain.registry import EngineRegistry
from domain.seeding import match_rng
from entrypoints.game_packages import installed_registry

NOW = 1_000.0
MAX_STEPS = 20_000
Z = 1.959963984540054  # the 97.5th percentile of the normal distribution


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson score interval (95 %) of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + Z * Z / (2 * trials)
    spread = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials))
    scale = 1 + Z * Z / trials
    return ((centre - spread) / scale, (centre + spread) / scale)


@dataclass
class Tally:
    matches: int = 0
    a_wins: float = 0.0
    a_points: list[float] = field(default_factory=list)
    b_points: list[float] = field(default_factory=list)
    cpu: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})


class FromTheView:
    """A level as the server plays it inside the transition: from the view alone, ``seen`` withheld."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        return self.strategy.decide(view, rng)


def player(registry: EngineRegistry, game_type: str, level: str, as_served: bool) -> Strategy:
    """The computer player of ``level``; ``as_served``: given ``seen`` only if the server gives it."""
    strategy = registry.computer_player(game_type, level)
    return FromTheView(strategy) if as_served and not registry.thinks_away(game_type, level) else strategy


def seats_of(engine: GameEngine, first: bool) -> tuple[set[int], set[int]]:
    """The seats level A and level B play: A's side first (``first``) or second."""
    if engine.game_type == "briscola_chiamata":
        even, odd = {0, 2, 4}, {1, 3}
        return (even, odd) if first else (odd, even)
    if engine.seats == 2:
        return ({0}, {1}) if first else ({1}, {0})
    return ({0, 2}, {1, 3}) if first else ({1, 3}, {0, 2})


def states(
    engine: GameEngine, players: Mapping[int, tuple[str, Strategy]], seed: str, tally: Tally
) -> Iterator[Any]:
    """Each state of a match from ``seed``, its start first, every seat deciding from its own view
    and what it saw; each decision's CPU goes to its level's list (``a`` or ``b``)."""
    outcome = engine.start({}, Timeouts(), NOW, match_rng(seed, 1))
    seen: list[list[Mapping[str, Any]]] = [
        list(visible_events(outcome.events, s)) for s in range(engine.seats)
    ]
    state, version = outcome.state, 1
    for _ in range(MAX_STEPS):
        yield state
        if engine.is_over(state):
            return
        seat = engine.to_act(state)[0]
        which, strategy = players[seat]
        view = engine.view(state, seat)
        started = time.process_time()
        action = strategy.decide(view, match_rng(seed, version + 1, "bot"), tuple(seen[seat]))
        if len(view["legal_moves"]) > 1:
            tally.cpu[which].append(time.process_time() - started)
        version += 1
        outcome = engine.apply(state, seat, action, NOW, match_rng(seed, version))
        for each in range(engine.seats):
            seen[each].extend(visible_events(outcome.events, each))
        state = outcome.state
    raise AssertionError("the match did not end")


def play(
    engine: GameEngine, players: Mapping[int, tuple[str, Strategy]], seed: str, tally: Tally
) -> MatchResult:
    """One match from ``seed``, to its result."""
    for state in states(engine, players, seed, tally):
        if engine.is_over(state):
            result = engine.result(state)
            assert result is not None
            return result
    raise AssertionError("the match did not end")


def side_points(result: MatchResult, seats: set[int]) -> float:
    points = [player.points for player in result.players if player.seat in seats]
    return statistics.fmean(points) if points else 0.0


def a_share(engine: GameEngine, result: MatchResult, a: set[int], b: set[int]) -> float:
    """1 if level A won the match, 0 if B did, 0.5 for a draw."""
    if engine.game_type == "briscola_chiamata":
        mine, theirs = side_points(result, a), side_points(result, b)
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    if result.winner is None:
        return 0.5
    return 1.0 if set(result.sides[result.winner]) & a else 0.0


def duel(
    game_type: str,
    level_a: str,
    level_b: str,
    pairs: int,
    base: int,
    seconds: float | None = None,
    after_pair: Callable[[Tally], None] | None = None,
    as_served: bool = False,
) -> Tally:
    """Up to ``pairs`` duplicate pairs; with ``seconds``, no pair starts once that much time has
    passed (the tally says how many were played). ``after_pair`` sees the tally after each pair;
    ``as_served``: see ``player``."""
    registry = installed_registry()
    a = player(registry, game_type, level_a, as_served)
    b = player(registry, game_type, level_b, as_served)
    return duel_between(registry.get(game_type), a, b, pairs, base, seconds, after_pair)


def duel_between(
    engine: GameEngine,
    a: Strategy,
    b: Strategy,
    pairs: int,
    base: int,
    seconds: float | None = None,
    after_pair: Callable[[Tally], None] | None = None,
) -> Tally:
    """``duel`` between two players given as they are (``a`` on A's seats, ``b`` on B's)."""
    stop_at = None if seconds is None else time.monotonic() + seconds
    tally = Tally()
    for pair in range(pairs):
        if stop_at is not None and time.monotonic() >= stop_at:
            break
        seed = random.Random(base * 1_000_003 + pair).randbytes(32).hex()
        for first in (True, False):
            seats_a, seats_b = seats_of(engine, first)
            players = {seat: ("a", a) for seat in seats_a} | {seat: ("b", b) for seat in seats_b}
            result = play(engine, players, seed, tally)
            tally.matches += 1
            tally.a_wins += a_share(engine, result, seats_a, seats_b)
            tally.a_points.append(side_points(result, seats_a))
            tally.b_points.append(side_points(result, seats_b))
        if after_pair is not None:
            after_pair(tally)
    return tally


def percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(
    game_type: str,
    level_a: str,
    level_b: str,
    tally: Tally,
    seed: int,
    played_at: str | None,
    as_served: bool = False,
) -> dict[str, Any]:
    """One game type's figures; the seed, A's wins and the commit played at let runs be added up
    (``strength_pool.py``)."""
    low, high = wilson(tally.a_wins, tally.matches)
    return {
        "game_type": game_type,
        "a": level_a,
        "b": level_b,
        "seed": seed,
        "commit": played_at,
        "as_served": as_served,
        "pairs": tally.matches // 2,
        "matches": tally.matches,
        "a_wins": tally.a_wins,
        "a_win_rate": tally.a_wins / tally.matches if tally.matches else 0.0,
        "wilson_95": [low, high],
        "a_mean_points": statistics.fmean(tally.a_points) if tally.a_points else 0.0,
        "b_mean_points": statistics.fmean(tally.b_points) if tally.b_points else 0.0,
        "a_cpu_ms": {
            "median": 1000 * statistics.median(tally.cpu["a"]) if tally.cpu["a"] else 0.0,
            "p99": 1000 * percentile(tally.cpu["a"], 0.99),
            "decisions": len(tally.cpu["a"]),
        },
        "b_cpu_ms": {
            "median": 1000 * statistics.median(tally.cpu["b"]) if tally.cpu["b"] else 0.0,
            "p99": 1000 * percentile(tally.cpu["b"], 0.99),
            "decisions": len(tally.cpu["b"]),
        },
    }


def commit() -> str | None:
    """The commit of the checkout this runs from (``None`` outside a git checkout), with ``+`` when
    files differ from it."""
    here = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, check=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "")


def row(entry: Mapping[str, Any]) -> str:
    low, high = entry["wilson_95"]
    return (
        f"| {entry['game_type']} | {entry['a']} vs {entry['b']} | {entry['pairs']} | "
        f"{100 * entry['a_win_rate']:.1f} % [{100 * low:.1f}, {100 * high:.1f}] | "
        f"{entry['a_mean_points']:.1f} / {entry['b_mean_points']:.1f} | "
        f"{entry['a_cpu_ms']['median']:.1f} / {entry['a_cpu_ms']['p99']:.1f} | "
        f"{entry['b_cpu_ms']['median']:.2f} / {entry['b_cpu_ms']['p99']:.2f} |"
    )


def partial_path(out: Path, game_type: str) -> Path:
    """Where a run writing ``out`` keeps ``game_type``'s report so far."""
    return out.with_name(f"{out.name}.{game_type}.partial")


def write_atomically(path: Path, entries: list[dict[str, Any]]) -> None:
    """``entries`` as ``path``'s JSON, never half written: a stopped run leaves the last whole one."""
    draft = path.with_name(path.name + ".tmp")
    draft.write_text(json.dumps(entries, indent=2))
    draft.replace(path)


Work = tuple[str, str, str, int, int, float | None, Path | None, bool]


def measured(work: Work) -> dict[str, Any]:
    """One game type's report (in a process of its own with ``--jobs``); with ``out``, the report so
    far is kept after every pair (``partial_path``)."""
    game_type, level_a, level_b, pairs, base, seconds, out, as_served = work
    played_at = commit()  # before: the checkout may move on while the pairs are played

    def keep(tally: Tally) -> None:
        if out is not None:
            entry = report(game_type, level_a, level_b, tally, base, played_at, as_served)
            write_atomically(partial_path(out, game_type), [entry])

    tally = duel(game_type, level_a, level_b, pairs, base, seconds, keep, as_served)
    return report(game_type, level_a, level_b, tally, base, played_at, as_served)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--pairs", type=int, default=100, help="duplicate deal pairs per game type")
    parser.add_argument("--game-types", nargs="*", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--seconds", type=float, default=None, help="per game type: start no pair after this long"
    )
    parser.add_argument("--jobs", type=int, default=1, help="game types played at once, one process each")
    parser.add_argument(
        "--as-served",
        action="store_true",
        help="levels that do not search decide from the view alone, as the server has them",
    )
    args = parser.parse_args(argv)
    game_types = args.game_types or list(installed_registry().game_types)
    print(
        "| game type | levels | pairs | A wins [Wilson 95 %] | mean points A / B"
        " | A CPU ms median / p99 | B CPU ms median / p99 |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    entries = []
    work: list[Work] = [
        (game_type, args.a, args.b, args.pairs, args.seed, args.seconds, args.json, args.as_served)
        for game_type in game_types
    ]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for entry in pool.map(measured, work):
            entries.append(entry)
            print(row(entry), flush=True)
    if args.json:
        write_atomically(args.json, entries)
        for game_type in game_types:
            partial_path(args.json, game_type).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
