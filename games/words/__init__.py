"""The table's words: every sentence a child's page builds in Python, one module a subject.

The engine, the table and the lessons' core hold no words (card codes, seat numbers, facts);
the pages' view models ask this package for the words in the page's language. Nothing below
the view models imports it; the grown-ups' words (``peabody.words``) build on it.

- ``cards``: card names with their articles and plurals, and numbers with a real minus sign.
- ``people``: how a sentence names the players ("You", a seat's name).
- ``numbers``: sums as children see them in books, and the reminders of what cards are worth.
"""
