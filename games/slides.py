"""The teacher's slides as the walkthrough page shows them: each slide's title and text, and
on the last two the class's score story and who won. Built from the slides' facts
(``lessons.core.walkthrough``) with their words (``games.words.walkthrough``), once a
language: the slides are the same for every class."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils.translation import get_language

from games.words import walkthrough as words
from lessons.core.walkthrough import Slide, slides

from .stories import ScoreTold, WinnerTold, score_told, winner_told


@dataclass(frozen=True, slots=True)
class SlideTold:
    slide: Slide
    title: str
    text: str
    story: ScoreTold | None  # the class's score, on the slide that counts up
    winner: WinnerTold | None

    @property
    def key(self) -> str:
        return self.slide.key

    @property
    def focus(self) -> tuple[int, ...]:
        return self.slide.focus


def slides_told() -> tuple[SlideTold, ...]:
    """The slides in the page's language."""
    return _slides_told(get_language())


@cache
def _slides_told(language: str | None) -> tuple[SlideTold, ...]:
    return tuple(
        SlideTold(
            slide=slide,
            title=words.title(slide),
            text=words.text(slide),
            story=score_told(slide.story) if slide.story else None,
            winner=winner_told(slide.winner, words.NAMES) if slide.winner else None,
        )
        for slide in slides()
    )
