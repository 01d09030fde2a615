"""The database schema, as numbered SQL files applied in order.

This package carries no Python code: ``postgres/`` and ``sqlite/`` each hold
files named ``NNNN_description.sql``; ``adapters.sql.migrations`` finds them
with ``importlib.resources``, applies the ones not yet listed in the
``schema_migrations`` bookkeeping table, in number order, and records each.
A file, once released, is never edited: a schema change is a new file.
"""
