"""The error every configuration reader raises."""

from __future__ import annotations


class ConfigError(ValueError):
    """A configuration variable has a value the server cannot use."""
