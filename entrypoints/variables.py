"""How a setting is declared: once, with its variable name, parser, default and description.

``setting(...)`` is a ``Settings`` field read from one environment variable;
``part(...)`` is a variable that is no field of its own but one input of a
field derived after the others are read (the ``DATABASE_*`` parts of
``DATABASE_URL``, the ``OIDC_<n>_*`` blocks of the OIDC providers). Both carry
a ``Variable``: ``entrypoints.config.load_settings`` reads them, and the README's
configuration table and ``VARIABLES`` are made from them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Parse = Callable[[str, str], Any]
"""``parse(variable name, text) -> value``; raises ``ConfigError`` naming the variable."""

VARIABLE = "variable"
"""The metadata key of a ``Settings`` field that holds its ``Variable``."""
PARTS = "parts"
"""The metadata key of a ``Settings`` field derived from ``part`` variables."""


@dataclass(frozen=True)
class Variable:
    name: str
    default: str | None
    """As written in the environment (``None``: unset)."""
    description: str
    parse: Parse | None = None
    """``None`` for a ``part``: the post-step that derives its field reads it."""
    unset_means: str | None = None
    """What an unset variable stands for when no text can say it (the default depends on others)."""

    def text_in(self, env: Mapping[str, str]) -> str | None:
        """Its text in ``env``, stripped: unset or blank, its written default."""
        value = env.get(self.name)
        if value is None or value.strip() == "":
            return self.default
        return value.strip()

    def shown_default(self) -> str:
        """The default as the README's table shows it."""
        if self.unset_means is not None:
            return self.unset_means
        return "unset" if self.default is None else f"`{self.default}`"


def written(value: Any) -> str | None:
    """A default value as it would be written in the environment (``None``: unset)."""
    if value is None or value == ():
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, tuple):
        return ",".join(written(item) or "" for item in value)
    return str(value)


def setting(
    name: str,
    parse: Parse,
    default: Any,
    description: str,
    *,
    unset_means: str | None = None,
    parts: Sequence[Variable] = (),
    repr: bool = True,  # dataclasses.field's own name
) -> Any:
    """A ``Settings`` field read from ``name``: unset or empty, it is ``default``.

    With ``unset_means`` the variable has no written default: the field's
    ``default`` is what it comes to with no environment at all, and a post-step
    of ``load_settings`` derives it when unset (from ``parts``, declared here too).
    """
    variable = Variable(name, None if unset_means else written(default), description, parse, unset_means)
    return field(default=default, repr=repr, metadata={VARIABLE: variable, PARTS: tuple(parts)})


def derived(default: Any, parts: Sequence[Variable]) -> Any:
    """A ``Settings`` field no variable names: ``load_settings`` derives it from ``parts``."""
    return field(default=default, metadata={PARTS: tuple(parts)})


def part(name: str, default: str | None, description: str, *, unset_means: str | None = None) -> Variable:
    """A variable read by the post-step of the field it is a part of."""
    return Variable(name, default, description, None, unset_means)
