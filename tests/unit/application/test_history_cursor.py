"""The history cursor: what the server gave out reads back; anything else is an ``InvalidAction``."""

from __future__ import annotations

import base64

import pytest

from application.results.archive import HistoryCursor
from application.results.statistics import decode_cursor, encode_cursor
from domain.errors import InvalidAction


def raw_cursor(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_a_cursor_the_server_gave_out_reads_back() -> None:
    cursor = HistoryCursor(1_700_000_000.25, "3c3b529c-5e29-4d7e-807b-8b99bd588164")
    assert decode_cursor(encode_cursor(cursor)) == cursor


@pytest.mark.parametrize(
    "text",
    [
        "1.5|abc\x00def",
        "1.5|\x00",
        "1.5|a\x1fb",
        "1.5|line\nbreak",
        "1.5|\u200b\u2028",
        "nan|x",
        "1e400|x",
        "1.5|",
    ],
)
def test_a_cursor_whose_match_id_is_not_printable_text_is_an_invalid_action(text: str) -> None:
    with pytest.raises(InvalidAction):
        decode_cursor(raw_cursor(text))
