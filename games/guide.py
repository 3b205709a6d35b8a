"""The guided first hole: the first game a browser plays says once, in its first hole,
what each control is for. What was said is kept in the session, so it is said only once."""

from __future__ import annotations

from django.contrib.sessions.backends.base import SessionBase

from games.board import Board, PlayBoard
from games.models import Game
from games.table import Stage
from games.words.tips import TIPS
from peabody import sessions

AT_ONCE = 2  # tips on one screen at most, so the table keeps its room


def begin(session: SessionBase, game: Game) -> None:
    """Guide ``game`` if it is this browser's first."""
    if not session.get(sessions.GUIDE_DONE) and sessions.GUIDE_GAME not in session:
        session[sessions.GUIDE_GAME] = game.public_id


def offered(view: PlayBoard) -> list[str]:
    """The controls on the table now that have a tip, in the order a child meets them."""
    if view.stage == Stage.PEEK:
        return ["peek", "read"]
    if view.asking:
        return []
    found = []
    held = view.table.held is not None
    if not held and view.you and any(c.move.startswith("flip") for c in view.you.cards):
        found.append("turn")
    found += [k for k, on in (("stock", view.stock_move), ("pile", view.discard_move)) if on]
    if held:
        found.append("swap")
    found += [c.dom_id for c in view.controls if c.dom_id in ("throw", "knock")]
    if view.knock_after:
        found.append("knock_after")
    return [*found, "hint", "read"]


def tips(session: SessionBase, game: Game, view: Board) -> dict[str, str]:
    """The tips to show with ``view``, each marked as said."""
    if session.get(sessions.GUIDE_GAME) != game.public_id or session.get(sessions.GUIDE_DONE):
        return {}
    if view.stage in (Stage.SUMMARY, Stage.OVER) or game.state.hole > 1:
        session[sessions.GUIDE_DONE] = True
        return {"next": TIPS["next"]} if view.stage == Stage.SUMMARY else {}
    if not isinstance(view, PlayBoard):
        return {}
    said = session.get(sessions.GUIDE_SAID, [])
    new = [key for key in offered(view) if key not in said][:AT_ONCE]
    if new:
        session[sessions.GUIDE_SAID] = said + new
    return {key: TIPS[key] for key in new}
