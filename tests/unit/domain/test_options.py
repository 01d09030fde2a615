from __future__ import annotations

import pytest

from domain.engine import OptionSpec, options_json_schema, validate_options
from domain.errors import InvalidOptions

SPECS = (
    OptionSpec("target_score", "integer", 21, "points to win", minimum=1, maximum=100),
    OptionSpec("napola", "boolean", True, "napola rule"),
)


def test_missing_options_take_their_defaults() -> None:
    assert validate_options(SPECS, None) == {"target_score": 21, "napola": True}


@pytest.mark.parametrize(
    "raw",
    [{"target_score": 0}, {"target_score": 101}, {"target_score": 2.5}, {"napola": 1}, {"other": 1}],
)
def test_options_out_of_type_or_bounds_are_refused(raw: dict[str, object]) -> None:
    with pytest.raises(InvalidOptions):
        validate_options(SPECS, raw)


def test_the_options_schema_is_json_schema_with_defaults_and_bounds() -> None:
    schema = options_json_schema(SPECS)
    assert schema["properties"]["target_score"] == {
        "type": "integer",
        "default": 21,
        "description": "points to win",
        "minimum": 1,
        "maximum": 100,
    }
    assert schema["additionalProperties"] is False
