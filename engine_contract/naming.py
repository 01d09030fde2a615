"""Which cards a view, an event or a message names, for any family's deck.

A family owns its card codes (``GameEngine.card_codes``), so nothing here knows what a code looks
like: a JSON value names a card when one of its strings (or keys) is a card code, or when a longer
string carries a code between non-word characters ("07D is not in your hand").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator
from typing import Any


def strings_in(value: Any) -> Iterator[str]:
    """Every string of a JSON-like value: its string leaves and its keys."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                yield key
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


def cards_named(value: Any, card_codes: Collection[str]) -> set[str]:
    """The card codes ``value`` names (see the module docstring)."""
    codes = frozenset(card_codes)
    pattern = _pattern(codes)
    named: set[str] = set()
    for text in strings_in(value):
        if text in codes:
            named.add(text)
        elif pattern is not None:
            named.update(pattern.findall(text))
    return named


@functools.lru_cache(maxsize=64)
def _pattern(codes: frozenset[str]) -> re.Pattern[str] | None:
    if not codes:
        return None
    alternatives = "|".join(re.escape(code) for code in sorted(codes, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")
