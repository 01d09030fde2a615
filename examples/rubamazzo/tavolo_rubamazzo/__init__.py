"""Rubamazzo (rubamazzetto) for tavolo: a game package installed from outside the core.

The platform finds it through the entry point ``tavolo.games`` → ``tavolo_rubamazzo.package:PACKAGE``;
everything it needs (engines, computer players, event kinds, actions, rules, table module and
words) comes from that one object.
"""
