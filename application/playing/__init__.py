"""Playing a game: the one transition path, the fan-out, deadlines, computer players, rematches."""
