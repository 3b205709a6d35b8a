"""Saved games: rules, seed, the ordered action log, a snapshot and a version number."""
