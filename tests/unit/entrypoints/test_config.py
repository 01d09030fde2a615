from __future__ import annotations

import logging
from pathlib import Path

import pytest

from entrypoints.config import ConfigError, Settings, load_settings
from entrypoints.logging_setup import configure_logging


def test_no_variables_give_the_embedded_defaults() -> None:
    assert load_settings({}) == Settings()


def test_fractional_timeouts_are_accepted_so_demos_run_fast() -> None:
    settings = load_settings({"TURN_TIMEOUT_SECONDS": "0.05", "HAND_ACK_TIMEOUT_SECONDS": "0.5"})
    assert settings.turn_timeout_seconds == 0.05 and settings.hand_ack_timeout_seconds == 0.5


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
