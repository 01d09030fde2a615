"""How the two SQL dialects differ, as far as the match repository is concerned.

A ``Dialect`` names the pypika query class and the placeholder style
(``$1, $2 …`` for asyncpg, ``?`` for sqlite3) and says who (de)serialises
JSON. Every value goes through a ``Binder``, which hands out the next
placeholder and keeps the value, so a builder returns a ``Statement`` (text +
arguments) and nothing is ever formatted into SQL. With ``?`` placeholders the
arguments must follow the order of the text, so builders bind left to right.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, cast

import orjson
from pypika import Parameter, Query
from pypika.dialects import PostgreSQLQuery, PostgreSQLQueryBuilder, SQLLiteQuery


def json_text(value: Any) -> str:
    """``value`` as compact JSON text: what ``json.dumps(value, ensure_ascii=False, separators=(",",
    ":"))`` writes, keys that are not strings included (a float's exponent may be spelled ``1e16``
    rather than ``1e+16``, the same number), in an eighth of the time. A finished match's record, up
    to a few hundred KB, is written on the event loop: 2.6 ms with ``json`` for a match of 342 steps."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(frozen=True, slots=True)
class Dialect:
    name: str  # also the folder of its migrations
    query: type[Query]
    numbered: bool  # placeholders $1, $2 … rather than ?
    upserts: bool  # INSERT … ON CONFLICT, RETURNING and FOR UPDATE are available through pypika
    driver_json: bool  # the driver's codec (de)serialises JSON columns itself

    def binder(self) -> Binder:
        return Binder(self.numbered)

    def encode_json(self, value: Any) -> Any:
        return value if self.driver_json else json_text(value)

    def decode_json(self, value: Any) -> Any:
        return value if self.driver_json else json.loads(value)


POSTGRES = Dialect("postgres", PostgreSQLQuery, numbered=True, upserts=True, driver_json=True)
SQLITE = Dialect("sqlite", SQLLiteQuery, numbered=False, upserts=False, driver_json=False)


class Binder:
    """Placeholders in binding order, and the values they stand for."""

    def __init__(self, numbered: bool) -> None:
        self._numbered = numbered
        self.args: list[Any] = []

    def __call__(self, value: Any) -> Parameter:
        self.args.append(value)
        return Parameter(f"${len(self.args)}" if self._numbered else "?")

    def row(self, count: int) -> list[Parameter]:
        """``count`` placeholders for an ``executemany`` template (values come per row)."""
        return [self(None) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class Statement:
    sql: str
    args: tuple[Any, ...]


def postgres_only(query: Any) -> PostgreSQLQueryBuilder:
    if not isinstance(query, PostgreSQLQueryBuilder):
        raise TypeError("ON CONFLICT is built with PostgreSQLQuery only")
    return query


def slot(placeholder: Parameter) -> int:
    """LIMIT and OFFSET are bound too: pypika renders any term there, though it annotates ``int``."""
    return cast(int, placeholder)


def statement(query: Any, bind: Binder) -> Statement:
    return Statement(query.get_sql(), tuple(bind.args))
