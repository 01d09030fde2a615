"""The SQL match repository, written once for PostgreSQL and SQLite.

``repository`` holds every method of the port over an ``Executor``
(``executor``: the driver's part, implemented in ``adapters.sqlite`` and
``adapters.postgres``); ``recording`` the record transaction, with the two
steps the dialects spell differently; ``adoption`` the move of a guest's
matches and ratings to a fresh account; ``guards`` which writes must not
overlap. ``dialect`` says how the two dialects differ (pypika query class,
placeholder style, JSON handling, upserts) and binds values; ``queries``
builds every statement with pypika for either dialect; ``rows`` turns rows
back into records; ``replay`` holds the rating arithmetic (also used by the
in-memory repository); ``migrations`` finds and applies the numbered schema
files of the ``migrations`` package; ``finishing_writes`` lets a write end
when its caller is cancelled. ``arenas`` is the arena repository on the same
executor (``SqlMatchRepository.arenas()``), with its ``arena_queries`` and
``arena_rows``.
"""
