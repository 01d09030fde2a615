"""Whether ``hard`` still makes the same decisions: the sha1 of its actions on fixed positions.

A change that only makes the search faster must leave every decision as it was; then the strength
runs played before it still count (``benchmarks/strength/README.md``). For each game type this plays
three matches of ``normal`` players from fixed seeds and, at the first eight decisions of each with
a real choice (more than one legal move, while cards are played or called), asks ``hard`` what it
would play, from that seat's view and the events it saw. It prints the number of decisions, the
first eight hex digits of the sha1 of their actions, and the CPU they took (``process_time``).

    python benchmarks/hard_fingerprint.py [GAME_TYPE ...]

The budget is the default one's iterations with no clock cap worth the name, so that a slow or busy
machine gives the same actions.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.bots.search import Budget, action_key, on_budget
from domain.engine import Timeouts
from domain.events import visible_events
from domain.seeding import match_rng
from entrypoints.game_packages import installed_registry

NOW = 1_000.0
MATCHES = 3
DECISIONS = 8
CHOICE_PHASES = frozenset({"playing", "calling"})
UNCAPPED = Budget(iterations=Budget().iterations, seconds=600.0)


def fingerprint(game_type: str) -> tuple[int, str, float]:
    """How many decisions, the sha1 prefix of ``hard``'s actions on them, and their CPU seconds."""
    registry = installed_registry()
    engine = registry.get(game_type)
    hard = on_budget(registry.computer_player(game_type, "hard"), UNCAPPED)
    normal = registry.computer_player(game_type, "normal")
    keys: list[str] = []
    cpu = 0.0
    for match in range(MATCHES):
        seed = hashlib.sha256(f"fingerprint-{match}".encode()).hexdigest()
        outcome = engine.start({}, Timeouts(), NOW, match_rng(seed, 1))
        seen: list[list[Mapping[str, Any]]] = [
            list(visible_events(outcome.events, seat)) for seat in range(engine.seats)
        ]
        state, version, found = outcome.state, 1, 0
        while not engine.is_over(state) and found < DECISIONS:
            seat = engine.to_act(state)[0]
            view = engine.view(state, seat)
            if len(view["legal_moves"]) > 1 and view.get("phase") in CHOICE_PHASES:
                started = time.process_time()
                chosen = hard.decide(view, match_rng(seed, version + 1, "hard"), tuple(seen[seat]))
                cpu += time.process_time() - started
                keys.append(action_key(chosen))
                found += 1
            action = normal.decide(view, match_rng(seed, version + 1, "bot"), tuple(seen[seat]))
            version += 1
            outcome = engine.apply(state, seat, action, NOW, match_rng(seed, version))
            for each in range(engine.seats):
                seen[each].extend(visible_events(outcome.events, each))
            state = outcome.state
    return len(keys), hashlib.sha1("\n".join(keys).encode()).hexdigest()[:8], cpu


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game_types", nargs="*")
    args = parser.parse_args(argv)
    for game_type in args.game_types or installed_registry().game_types:
        count, digest, cpu = fingerprint(game_type)
        print(f"{game_type} {count} {digest} cpu {cpu:.2f} s", flush=True)


if __name__ == "__main__":
    main()
