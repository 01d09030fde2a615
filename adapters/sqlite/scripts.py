"""SQL files cut into statements, as SQLite runs them: one statement per call."""

from __future__ import annotations

import sqlite3


def split_script(script: str) -> list[str]:
    """The statements of an SQL file, cut where SQLite's own tokenizer says one is complete."""
    statements: list[str] = []
    pending_text = ""
    for line in script.splitlines(keepends=True):
        pending_text += line
        if sqlite3.complete_statement(pending_text):
            statements.append(pending_text.strip())
            pending_text = ""
    leftover = [ln for ln in pending_text.splitlines() if ln.strip() and not ln.strip().startswith("--")]
    if leftover:
        raise ValueError(f"incomplete SQL statement at the end of a script: {leftover[0]!r}")
    return statements
