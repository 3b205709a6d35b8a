"""Peabody Golf's words: every sentence the site builds in Python, one module a subject.

The engine holds no words (card codes, seat numbers, events); the pages' view models ask this
package for the words in the page's language. Nothing below the view models imports it.

- ``cards``: card names with their articles and plurals, and numbers with a real minus sign.
- ``people``: how a sentence names the players ("You", a seat's name).
- ``numbers``: sums as children see them in books, and the reminders of what cards are worth.
"""
