"""Finding a game: the lobby, open tables, join codes, quick match, opening a table."""
