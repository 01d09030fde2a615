"""The production compose file is valid, offline (Debian's docker-compose v1 needs no engine)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import yaml

from tests.conftest import service_unavailable

ROOT = Path(__file__).resolve().parents[2]


def test_the_compose_file_validates_offline() -> None:
    tool = shutil.which("docker-compose")
    if tool is None:
        service_unavailable("docker-compose", "the docker-compose command is not installed")
    result = subprocess.run(
        [str(tool), "-f", str(ROOT / "docker-compose.yml"), "config", "-q"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr


def test_the_stack_runs_two_workers_after_the_migration_and_waits_for_its_services() -> None:
    stack = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = stack["services"]
    assert {"postgres", "redis", "oidc", "migrate", "app"} <= set(services)
    app = services["app"]
    assert int(app["environment"]["WORKERS"]) >= 2
    assert app["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert services["migrate"]["command"] == ["tavolo", "migrate"]
    assert "8080:8080" in app["ports"]
    for name in ("postgres", "redis"):
        assert "healthcheck" in services[name] and services[name]["volumes"]


def test_the_app_is_healthy_only_when_ready_so_its_storages_answer_too() -> None:
    stack = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    check = " ".join(stack["services"]["app"]["healthcheck"]["test"])
    assert "/api/health/ready" in check
    assert "127.0.0.1:8080" in check  # APP_PORT of the app service


def test_the_stack_sends_hard_computer_players_to_their_own_service_on_the_same_redis() -> None:
    stack = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = stack["services"]
    app, players = services["app"], services["computer-players"]
    assert players["command"] == ["tavolo", "computer-players"]
    assert str(app["environment"]["THINKING_SERVICE"]).lower() in {"1", "true"}
    assert players["environment"]["REDIS_URL"] == app["environment"]["REDIS_URL"]
    assert players["depends_on"]["redis"]["condition"] == "service_healthy"
