from __future__ import annotations

import logging
from pathlib import Path

import pytest

from domain.bots.search import Budget
from entrypoints.config import ConfigError, Settings, load_settings
from entrypoints.logging_setup import configure_logging


def test_no_variables_give_the_embedded_defaults() -> None:
    assert load_settings({}) == Settings()


def test_fractional_timeouts_are_accepted_so_demos_run_fast() -> None:
    settings = load_settings({"TURN_TIMEOUT_SECONDS": "0.05", "HAND_ACK_TIMEOUT_SECONDS": "0.5"})
    assert settings.turn_timeout_seconds == 0.05 and settings.hand_ack_timeout_seconds == 0.5


def test_the_search_budget_is_read_from_its_two_variables() -> None:
    assert load_settings({}).search_budget == Budget(iterations=400, seconds=1.0)
    budget = load_settings({"SEARCH_ITERATIONS": "60", "SEARCH_SECONDS": "0.5"}).search_budget
    assert budget == Budget(iterations=60, seconds=0.5)


def test_the_heartbeat_is_read_in_milliseconds() -> None:
    assert load_settings({"DEADLINE_HEARTBEAT_MS": "250"}).deadline_heartbeat_seconds == 0.25


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("APP_PORT", "eighty"),
        ("APP_PORT", "70000"),
        ("TURN_TIMEOUT_SECONDS", "-1"),
        ("HAND_ACK_TIMEOUT_SECONDS", "0"),
        ("GAME_TTL_SECONDS", "forever"),
        ("SESSION_COOKIE_SECURE", "maybe"),
        ("LOG_LEVEL", "loud"),
        ("DATABASE_OPTIONS", "ssl=true"),
        ("SEARCH_ITERATIONS", "0"),
        ("SEARCH_SECONDS", "0"),
    ],
)
def test_a_bad_value_is_a_configuration_error_naming_the_variable(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        load_settings({name: value})


def test_a_yaml_logging_configuration_takes_effect(tmp_path: Path) -> None:
    config = tmp_path / "logging.yaml"
    config.write_text(
        "version: 1\nloggers:\n  tavolo.test.quiet:\n    level: ERROR\n",
        encoding="utf-8",
    )
    configure_logging(str(config))
    assert logging.getLogger("tavolo.test.quiet").level == logging.ERROR


def test_an_unreadable_logging_configuration_is_a_configuration_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="LOGGING_CONFIG"):
        configure_logging(str(tmp_path / "missing.yaml"))


def test_log_level_defaults_to_info_and_is_read_in_any_case() -> None:
    assert load_settings({}).log_level == "INFO"
    assert load_settings({"LOG_LEVEL": "debug"}).log_level == "DEBUG"


@pytest.mark.parametrize(
    ("options", "query"),
    [
        ("ssl=require", "sslmode=require"),  # the reference README's own example
        ("ssl=prefer", "sslmode=prefer"),
        ("sslmode=verify-full", "sslmode=verify-full"),
        ("?ssl=REQUIRE&application_name=tavolo", "sslmode=require&application_name=tavolo"),
        ("application_name=tavolo&connect_timeout=5", "application_name=tavolo&connect_timeout=5"),
    ],
)
def test_database_options_reach_asyncpg_with_ssl_spelled_sslmode(options: str, query: str) -> None:
    settings = load_settings({"DATABASE_HOST": "db", "DATABASE_OPTIONS": options})
    assert settings.database_url == f"postgres://tavolo:password@db/tavolo?{query}"


def test_an_ssl_option_in_database_url_is_spelled_sslmode_too() -> None:
    settings = load_settings({"DATABASE_URL": "postgresql://u:p@db:5433/games?ssl=require"})
    assert settings.database_url == "postgresql://u:p@db:5433/games?sslmode=require"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DATABASE_OPTIONS", "ssl=true"),
        ("DATABASE_OPTIONS", "sslmode=on"),
        ("DATABASE_OPTIONS", "ssl=require&sslmode=require"),
        ("DATABASE_URL", "postgresql://u:p@db/games?ssl=1"),
    ],
)
def test_an_ssl_option_asyncpg_cannot_take_is_refused_with_the_right_spelling(name: str, value: str) -> None:
    env = {name: value} if name == "DATABASE_URL" else {"DATABASE_HOST": "db", name: value}
    with pytest.raises(ConfigError, match=f"{name}.*sslmode") as refused:
        load_settings(env)
    assert "require" in str(refused.value)


def test_the_computer_players_service_is_refused_without_redis_to_ask_it_over() -> None:
    with pytest.raises(ConfigError, match="THINKING_SERVICE needs REDIS_URL"):
        load_settings({"THINKING_SERVICE": "1"})
    assert load_settings({"THINKING_SERVICE": "1", "REDIS_URL": "redis://localhost:6379/0"}).thinking_service


def test_the_computer_players_command_refuses_to_start_without_redis(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from entrypoints.cli import main

    assert main(["computer-players"]) == 2
    assert "takes its questions from Redis" in capsys.readouterr().err
