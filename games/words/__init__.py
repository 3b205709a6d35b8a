"""The table's words: every sentence a child's page builds in Python, in the page's language,
one module a subject (the list: docs/architecture.md, "The layers").

The engine, the table and the lessons' core hold no words; nothing below the pages' view
models imports this package, and the grown-ups' words (``peabody.words``) build on it.
"""
