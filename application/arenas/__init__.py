"""Arenas: creating, joining and pausing them, pairing their players, scoring their games.

``ports`` says what the arenas need from storage; ``records`` the values those ports keep;
``director`` runs each running arena's pairing loop in the process that holds its lease;
``entry`` is what a player does (create, join, pause, leave), ``scoring`` what a recorded
game adds to the standings, and ``closing`` the final standings of an arena that has ended.
"""
