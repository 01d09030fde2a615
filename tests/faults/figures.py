"""Each fault scenario's figures, one line each, printed in the terminal summary.

``report("last mover disconnects (sqlite)", matches=8, recorded="8/8", lost=0)``
prints (and keeps) ``faults: last mover disconnects (sqlite): matches 8,
recorded 8/8, lost 0``; ``conftest.py`` writes every kept line again in a
"fault figures" section at the end of the run, so they show in a normal
``make test`` whether the test passed or failed. Report before asserting.
"""

from __future__ import annotations

FIGURES: list[str] = []


def report(scenario: str, **figures: object) -> str:
    """Keep and print one line: ``faults: <scenario>: <name> <value>, ...`` (``_`` in a name is a space)."""
    parts = ", ".join(f"{name.replace('_', ' ')} {value}" for name, value in figures.items())
    line = f"faults: {scenario}: {parts}"
    FIGURES.append(line)
    print(line, flush=True)
    return line
