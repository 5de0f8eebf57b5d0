"""Agents that play from their own player's view, and simulation for designers."""
