"""Results: recording finished matches, their records and replays, ratings and statistics."""
