"""Running the server: admission of moves, lateness, readiness, rate limits."""
