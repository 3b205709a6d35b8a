"""Skill records and practice questions, built from the scores of real games."""
