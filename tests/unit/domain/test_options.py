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


CHOICES = (
    OptionSpec(
        "target_score",
        "integer",
        61,
        "card points",
        minimum=1,
        maximum=1000,
        only_with=(("deals_to_win", 1),),
    ),
    OptionSpec("deals_to_win", "integer", 1, "deals a side must win", choices=(1, 2, 3)),
)


def test_an_option_with_fixed_choices_takes_one_of_them_and_its_schema_lists_them() -> None:
    assert validate_options(CHOICES, {"deals_to_win": 3}) == {"target_score": 61, "deals_to_win": 3}
    assert options_json_schema(CHOICES)["properties"]["deals_to_win"] == {
        "type": "integer",
        "default": 1,
        "description": "deals a side must win",
        "enum": [1, 2, 3],
    }
    assert "enum" not in options_json_schema(CHOICES)["properties"]["target_score"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "deals_to_win must be one of 1, 2, 3"),
        (4, "deals_to_win must be one of 1, 2, 3"),
        (2.0, "deals_to_win must be a whole number"),
        (True, "deals_to_win must be a whole number"),
        ("2", "deals_to_win must be a whole number"),
    ],
)
def test_any_other_value_of_an_option_with_fixed_choices_is_refused(value: object, message: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        validate_options(CHOICES, {"deals_to_win": value})
    assert refused.value.message == message


def test_an_option_other_than_its_default_needs_the_values_it_names_of_the_others() -> None:
    assert validate_options(CHOICES, {"target_score": 100}) == {"target_score": 100, "deals_to_win": 1}
    assert validate_options(CHOICES, {"target_score": 61, "deals_to_win": 2})["deals_to_win"] == 2
    with pytest.raises(InvalidOptions) as refused:
        validate_options(CHOICES, {"target_score": 100, "deals_to_win": 2})
    assert refused.value.message == (
        "target_score can differ from 61 only when deals_to_win is 1 "
        "(here target_score is 100 and deals_to_win 2)"
    )
