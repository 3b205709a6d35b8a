"""The lessons' pure core: what a score means as maths, as facts, in plain Python.

Score stories, number lines, practice questions, the skill ladders and how the next question
is chosen; the rules told to a child and the teacher's slides' game. It imports the engine
and nothing else of ours, and no Django: the words turn its facts into sentences, and the
pages (``lessons.models``, ``lessons.answers``) save them.
"""
