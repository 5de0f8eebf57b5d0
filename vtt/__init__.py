"""Janken Table: a desktop virtual tabletop for the Janken Deck."""

__version__ = "0.1.0"
