"""Every variable the server reads is declared once; .env.example and the README table follow it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from entrypoints.cli import main
from entrypoints.config import VARIABLES, Settings, load_settings, settings_table

ROOT = Path(__file__).resolve().parents[3]
NAME = r"[A-Z][A-Z0-9_]*(?:<n>[A-Z0-9_]*)?"


class ReadRecorder(dict[str, str]):
    """An environment that remembers which variables were asked for."""

    def __init__(self, values: dict[str, str]) -> None:
        super().__init__(values)
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> str:
        self.read.add(key)
        return super().__getitem__(key)

    def items(self) -> Any:
        self.read.update(super().keys())
        return super().items()

    def __iter__(self) -> Any:
        self.read.update(super().keys())
        return super().__iter__()

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.read.add(key)
        return super().__contains__(key)


def generic(name: str) -> str:
    return re.sub(r"^OIDC_\d+_", "OIDC_<n>_", name)


def variables_read() -> set[str]:
    block = {
        "PROVIDER": "mock",
        "ISSUER": "https://id.example",
        "CLIENT_ID": "tavolo",
        "CLIENT_SECRET": "s3cret",
        "REDIRECT_URI": "https://tavolo.example/auth/mock/callback",
        "POST_LOGIN_REDIRECT": "/",
        "POST_LOGOUT_REDIRECT": "/",
    }
    with_parts = ReadRecorder({"DATABASE_HOST": "db", **{f"OIDC_0_{k}": v for k, v in block.items()}})
    embedded = ReadRecorder({})
    load_settings(with_parts)
    load_settings(embedded)
    return {generic(name) for name in with_parts.read | embedded.read}


def documented_in_env_example() -> set[str]:
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    return set(re.findall(rf"^#?\s*({NAME})=", text, flags=re.MULTILINE))


def readme_configuration() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## Configuration", 1)[1].split("\n## ", 1)[0]


def documented_in_readme() -> set[str]:
    return set(re.findall(rf"^\| `({NAME})` \|", readme_configuration(), flags=re.MULTILINE))


def readme_table() -> str:
    lines = readme_configuration().splitlines()
    return "".join(f"{line}\n" for line in lines if line.startswith("|"))


def test_the_server_reads_exactly_the_variables_it_declares() -> None:
    assert variables_read() == set(VARIABLES)


def test_env_example_lists_every_variable_and_no_other() -> None:
    assert documented_in_env_example() == set(VARIABLES)


def test_the_readme_table_lists_every_variable_and_no_other() -> None:
    assert documented_in_readme() == set(VARIABLES)


def test_env_example_gives_the_code_defaults() -> None:
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    for name, value in re.findall(rf"^({NAME})=(.*)$", text, flags=re.MULTILINE):
        assert VARIABLES[name] == value, name


def test_the_readme_table_is_the_declaration() -> None:
    assert readme_table() == settings_table()


def test_the_settings_command_prints_the_readme_table(capsys: Any) -> None:
    assert main(["settings", "--markdown"]) == 0
    assert capsys.readouterr().out == settings_table()


def test_every_field_is_read_from_the_environment_or_derived_from_declared_parts() -> None:
    assert load_settings({}) == Settings()
    assert load_settings({"TRICK_PAUSE_SECONDS": "0.5"}).trick_pause_seconds == 0.5
