"""Arenas: timed events of one game type in which players are paired again as soon as they are free.

- ``arena``: what an arena is (its game, its time, who may find it) and when it runs;
- ``scoring``: the points a player's games earn (2 a win, 1 a draw, doubled on a streak, berserk);
- ``pairing``: which waiting players make the next tables;
- ``standings``: the order of the players, ties broken by performance.

Pure: no clock, no I/O; ``now`` and the random source come in.
"""
