"""Body fields that take JSON's types as the document states them: marshmallow's own would also
read ``"true"``, ``1`` or ``"30"``, which the OpenAPI document (a ``boolean``, a ``number``)
forbids. Query parameters, which are text, keep marshmallow's fields."""

from __future__ import annotations

from typing import Any

from marshmallow import fields


class JsonBoolean(fields.Boolean):
    """``true`` or ``false``, nothing else."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class JsonNumber(fields.Float):
    """A JSON number: no string, no boolean."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid", input=value)
        number: float = super()._deserialize(value, attr, data, **kwargs)
        return number


class JsonInteger(fields.Integer):
    """A JSON integer: no string, no boolean, no fraction."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        number: int = super()._deserialize(value, attr, data, **kwargs)
        return number
