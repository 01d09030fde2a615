"""Who is calling: a logged-in user, as the login session knows them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Identity:
    """A user. ``user_id`` is namespaced by where it came from — ``guest:<uuid>``
    or ``oidc:<provider>:<sub>`` — so a guest can never collide with an OIDC account."""

    user_id: str
    name: str
    provider: str = "guest"

    @property
    def is_guest(self) -> bool:
        return self.provider == "guest"
