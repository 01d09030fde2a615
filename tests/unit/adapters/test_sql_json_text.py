"""The SQL adapters write a JSON column as the standard library would, only faster."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from adapters.sql.dialect import POSTGRES, SQLITE, json_text

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text() | st.integers(min_value=-(2**63), max_value=2**63 - 1), inner, max_size=5)
    ),
    max_leaves=30,
)


def standard(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@given(DOCUMENTS)
def test_a_json_column_reads_back_as_the_standard_librarys_text_would(value: Any) -> None:
    assert json.loads(json_text(value)) == json.loads(standard(value))


def test_a_record_is_written_character_for_character_as_the_standard_library_writes_it() -> None:
    record = {
        "players": [{"name": "Niccolò Ñandú 🂡", "points": 11, "bot": False}],
        "scores": {0: 21, 1: 17},
        "started_at": 1_700_000_000.125,
        "moves": [["play", "07D", ["07C"]], None, True],
    }
    assert json_text(record) == standard(record)
    assert '"0":21' in json_text(record), "a key that is not a string is written as one"


def test_sqlite_stores_the_text_and_postgres_hands_the_value_to_its_codec() -> None:
    record = {"scores": {"north": 3}}
    assert SQLITE.encode_json(record) == '{"scores":{"north":3}}'
    assert SQLITE.decode_json(SQLITE.encode_json(record)) == record
    assert POSTGRES.encode_json(record) is record
