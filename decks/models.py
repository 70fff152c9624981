"""Decks (built in a later step)."""
