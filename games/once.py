"""The one-time token of a form that starts a game: one tap, one game, however often the post
arrives, and no post ever waits for another.

The first post with a token claims it in the shared cache and makes the game; a later one
opens it, or waits in the browser while it is made. More: docs/playing.md, "Starting a game".
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import redirect

from games.models import open_by_token
from games.requests import Request

ONCE = "once"
PATTERN = re.compile(r"[A-Za-z0-9_-]{22}")
LIFETIME = 24 * 60 * 60  # seconds: a day, as long as a guest's game lasts
# What claim() and made() say while the game is being made (never a public id, and true).
MAKING = "making"
# In the cache: claimed, the game not yet made. A claim whose request died before making its
# game is forgotten after this many seconds, so a post with its token can make one again.
CLAIMED = ""
CLAIM_LIFETIME = 30


def new_token() -> str:
    return secrets.token_urlsafe(16)


def _key(token: str) -> str:
    return f"{ONCE}:{token}"


def claim(token: str) -> str | None:
    """None when this post is the first with ``token``, or brings none that is well formed:
    make the game, then remember() it. Otherwise what an earlier post with it did: the public
    id of its game, or MAKING while that is still being made."""
    if not PATTERN.fullmatch(token):
        return None
    if cache.add(_key(token), CLAIMED, CLAIM_LIFETIME):
        return None
    return made(token) or MAKING


def made(token: str) -> str | None:
    """The public id of the game made with ``token``, MAKING, or None if nothing claimed it."""
    if not PATTERN.fullmatch(token):
        return None
    value: str | None = cache.get(_key(token))
    if value is None:
        return None
    return value or MAKING


def remember(token: str, game: Any) -> None:
    if PATTERN.fullmatch(token):
        cache.set(_key(token), game.public_id, LIFETIME)


def release(token: str) -> None:
    """The claimed deal was refused: the token may start a game again."""
    if PATTERN.fullmatch(token):
        cache.delete(_key(token))


def earlier_answer(request: Request, token: str, made: str) -> HttpResponse:
    """The answer to a post whose token an earlier post claimed (``made``, from claim()): its
    game, or while that is still being made the page that looks again in a moment."""
    if made == MAKING:
        return redirect("games:dealing", token)
    open_by_token(request, made)
    return redirect("games:play", made)
