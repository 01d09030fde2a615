"""The ``tavolo`` command: ``serve``, ``computer-players``, ``migrate``, ``backfill-elo``, ``verify``
and ``settings``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from application.ports import StorageUnavailable
from domain.game_package import GamePackageError
from entrypoints.config import ConfigError, Settings, declared_variables, load_settings, settings_table
from entrypoints.game_packages import installed_registry
from entrypoints.http.context import AnySanic
from entrypoints.logging_setup import configure_logging

log = logging.getLogger(__name__)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tavolo", description="Italian card games online")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="start the HTTP and WebSocket server")
    serve.add_argument("--host", help="bind address (default: APP_HOST)")
    serve.add_argument("--port", type=int, help="port (default: APP_PORT)")
    serve.add_argument("--workers", type=int, help="worker processes (default: WORKERS); >1 needs REDIS_URL")
    players = commands.add_parser(
        "computer-players",
        help="answer searching computer players' questions from the Redis stream (THINKING_SERVICE=1)",
    )
    players.add_argument("--name", help="this process's consumer name (default: host name and pid)")
    commands.add_parser("migrate", help="apply the pending database migrations")
    commands.add_parser("backfill-elo", help="recompute every rating from the recorded matches")
    verify = commands.add_parser(
        "verify", help="check a match record: its shuffle commitment, every step and its result"
    )
    verify.add_argument("record", help="the record's JSON file (GET /api/matches/ID/record), or - for stdin")
    described = commands.add_parser("settings", help="list every configuration variable")
    described.add_argument(
        "--markdown", action="store_true", help="as the README's table (made from the settings themselves)"
    )
    return parser


def browser_url(host: str, port: int) -> str:
    """The address to open in a browser: a wildcard bind address stands for this machine."""
    if host in {"", "0.0.0.0", "::"}:
        host = "localhost"
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 literal
    return f"http://{host}:{port}"


# The only server process, or the first of several (Sanic names its worker processes so).
FIRST_WORKERS = {"", "Sanic-Server-0-0"}


def _announce_address(app: AnySanic, settings: Settings) -> None:
    """Once listening, one process prints the URL to open."""

    @app.after_server_start
    async def print_address(app: AnySanic) -> None:
        if os.environ.get("SANIC_WORKER_NAME", "") in FIRST_WORKERS:
            url = browser_url(settings.app_host, settings.app_port)
            print(f"tavolo is serving on {url} — open it in a browser", flush=True)


def _app_factory(settings: Settings) -> AnySanic:
    from entrypoints.http.app import create_app

    if os.environ.get("SANIC_WORKER_NAME"):  # a worker of `tavolo serve --workers N`
        from entrypoints.supervision import ignore_interrupts_while_starting

        ignore_interrupts_while_starting()
    configure_logging(settings.logging_config, settings.log_level)
    app = create_app(settings, name="tavolo")
    _announce_address(app, settings)
    return app


async def _check_database(settings: Settings) -> None:
    """Refuse to serve on an unmigrated PostgreSQL database, before any worker starts."""
    if settings.database_kind != "postgres":
        return
    from entrypoints.match_backends import match_repository

    async with match_repository(settings):  # raises UnmigratedDatabase
        pass


def serve(settings: Settings) -> int:
    from sanic import Sanic
    from sanic.worker.loader import AppLoader

    if settings.workers > 1 and not (settings.redis_url or settings.redis_cluster_nodes):
        raise ConfigError(
            "live games are kept in this process's memory: more than one worker needs REDIS_URL"
            " (or REDIS_CLUSTER_NODES)"
        )
    if settings.workers > 1 and settings.database_kind == "memory":
        raise ConfigError("DATABASE_URL=memory:// keeps matches per process: use one worker")
    installed_registry(settings.games)  # a broken or missing game package stops the server here
    asyncio.run(_check_database(settings))
    loader = AppLoader(factory=partial(_app_factory, settings))
    app = loader.load()
    app.prepare(
        host=settings.app_host,
        port=settings.app_port,
        workers=settings.workers,
        single_process=settings.workers == 1,
        access_log=False,
        motd=False,
    )
    log.info(
        "starting tavolo on %s:%d with %d worker(s)", settings.app_host, settings.app_port, settings.workers
    )
    if settings.workers == 1:
        Sanic.serve_single(primary=app)  # no manager process and no pipe traffic beside the worker
    else:
        from entrypoints.supervision import supervise_workers

        supervise_workers(app)  # the main process replaces a worker that dies
        Sanic.serve(primary=app, app_loader=loader)
    return 0


async def migrate(settings: Settings) -> int:
    from entrypoints.match_backends import migrate_database

    applied = await migrate_database(settings)
    print("applied: " + (", ".join(applied) if applied else "nothing, the database is up to date"))
    return 0


async def backfill_elo(settings: Settings) -> int:
    from entrypoints.match_backends import match_repository

    async with match_repository(settings) as repository:
        replayed = await repository.rebuild_ratings()
    print(f"ratings rebuilt from {replayed} recorded matches")
    return 0


def describe_settings(markdown: bool) -> int:
    if markdown:
        print(settings_table(), end="")
        return 0
    for variable in declared_variables():
        print(f"{variable.name}={variable.default or ''}  # {variable.description}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "verify":  # needs no settings: it reads one file and the engines
        from entrypoints.verify_command import verify

        return verify(args.record)
    if args.command == "settings":  # the settings as listed: reads no variable
        return describe_settings(markdown=args.markdown)
    try:
        settings = load_settings()
        if args.command == "serve":
            configure_logging(settings.logging_config, settings.log_level)
            overrides = {
                key: value
                for key, value in (
                    ("app_host", args.host),
                    ("app_port", args.port),
                    ("workers", args.workers),
                )
                if value is not None
            }
            return serve(replace(settings, **overrides))
        configure_logging(settings.logging_config, settings.log_level)
        if args.command == "migrate":
            return asyncio.run(migrate(settings))
        if args.command == "computer-players":
            from entrypoints.computer_players_command import computer_players

            return asyncio.run(computer_players(settings, args.name))
        return asyncio.run(backfill_elo(settings))
    except ConfigError as error:
        print(f"tavolo: configuration error: {error}", file=sys.stderr)
        return 2
    except GamePackageError as error:
        print(f"tavolo: cannot host the games: {error}", file=sys.stderr)
        return 2
    except StorageUnavailable as error:  # e.g. PostgreSQL down, or refusing the requested sslmode
        print(f"tavolo: the database is unavailable: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
