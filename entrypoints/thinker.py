"""One process of the thinking pool (``adapters.thinking.process_pool``): answers searching computer
players' questions, one at a time, over its standard input and output.

Each line in is a question (``domain.bots.thinking.Question.dump`` as JSON, with an ``id``); each
line out answers it: ``{"id": ..., "action": {...}}``, or ``{"id": ..., "error": "stale" | "failed",
"message": ...}``. The games are the installed packages named by ``--games`` (all by default). It ends
when its input does. Nothing it writes names a card: the action goes back to the server, which checks
it like any move; errors say only what went wrong.

    python -m entrypoints.thinker [--games PACKAGE,PACKAGE...] [--iterations N --seconds S]

``--iterations`` and ``--seconds``: the search budget of each decision (``SEARCH_ITERATIONS``,
``SEARCH_SECONDS``; the packages' own when left out).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from typing import IO, Any

import orjson

from domain.bots.search import Budget
from domain.bots.thinking import Question, StaleQuestion, answer
from domain.registry import EngineRegistry
from entrypoints.game_packages import installed_registry

log = logging.getLogger(__name__)


def answer_line(registry: EngineRegistry, line: bytes) -> dict[str, Any]:
    """The reply to one line in (never raises)."""
    ident: Any = None
    try:
        data = orjson.loads(line)
        ident = data.get("id")
        question = Question.load(data)
        engine = registry.get(question.game_type)
        strategy = registry.computer_player(question.game_type, question.level)
        return {"id": ident, "action": answer(engine, strategy, question)}
    except StaleQuestion as error:
        return {"id": ident, "error": "stale", "message": str(error)}
    except Exception as error:  # a bad question or a strategy's bug: say so, keep answering
        log.exception("a question could not be answered")
        return {"id": ident, "error": "failed", "message": type(error).__name__}


def serve(registry: EngineRegistry, lines_in: IO[bytes], lines_out: IO[bytes]) -> None:
    """Answer each line of ``lines_in`` on ``lines_out`` until ``lines_in`` ends."""
    for line in lines_in:
        if not line.strip():
            continue
        lines_out.write(orjson.dumps(answer_line(registry, line)) + b"\n")
        lines_out.flush()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m entrypoints.thinker", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", default="", help="comma-separated game packages (default: all installed)")
    parser.add_argument("--iterations", type=int, help="deals played out per decision")
    parser.add_argument("--seconds", type=float, default=Budget().seconds, help="a decision's wall-clock cap")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    enabled = tuple(name for name in args.games.split(",") if name)
    budget = None if args.iterations is None else Budget(args.iterations, args.seconds)
    serve(installed_registry(enabled, budget), sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    main()
