"""The words of the trick-taking games' table module, per language (``GamePackage.words``)."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, Any]] = {"it": {}, "en": {}}
