"""Adapters: the concrete implementations of the application's ports."""
