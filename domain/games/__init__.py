"""The built-in game packages, one folder per family (each registered in ``tavolo.games`` like any
outside package), and what their engines share (``base``, ``codec``, ``deadlines``)."""
