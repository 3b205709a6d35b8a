"""The engine's scores explained as maths: score stories, practice questions, skill
records, the rules to read aloud and the teacher's walkthrough.

Lessons imports the engine (``games.engine``) and nothing else of ``games``: games calls
lessons, never the other way round. Only the skill records touch Django.
"""
