"""The grown-ups' words: sentences for the family pages, built from the facts.

The children's table words live in ``games.words``; these build on them (card names, the
skills' names) for progress, plans and talk-about-it prompts.
"""
