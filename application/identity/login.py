"""Guest login and the session lookups behind every authenticated request."""

from __future__ import annotations

import logging
import uuid

from application.identity.caller import Identity
from application.ports import LoginSessions
from domain.errors import InvalidAction

log = logging.getLogger(__name__)

MAX_NAME_LENGTH = 32


def clean_display_name(raw: object) -> str:
    if not isinstance(raw, str):
        raise InvalidAction("a display name is a string")
    name = " ".join(raw.split())
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise InvalidAction(f"a display name has 1 to {MAX_NAME_LENGTH} characters")
    if any(not ch.isprintable() for ch in name):
        raise InvalidAction("a display name has printable characters only")
    return name


async def guest_login(logins: LoginSessions, raw_name: object) -> tuple[str, Identity]:
    """A fresh guest identity and a new login session for it."""
    identity = Identity(user_id=f"guest:{uuid.uuid4()}", name=clean_display_name(raw_name), provider="guest")
    session_id = await logins.create(identity)
    log.info("guest %s logged in", identity.user_id)
    return session_id, identity


async def current_identity(logins: LoginSessions, session_id: str | None) -> Identity | None:
    if not session_id:
        return None
    return await logins.get(session_id)


async def logout(logins: LoginSessions, session_id: str | None) -> None:
    if session_id:
        await logins.delete(session_id)
