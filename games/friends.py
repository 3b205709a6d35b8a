"""A friend's seat at a family table, as the game's pages see it: who hosts the friends'
seats, whether this device plays one, and what the host is shown of them. The page a
friend's device joins from, and the code the host renews, are the families app's
(peabody.families.friends); the code itself is a join code (games.join_codes).
"""

from __future__ import annotations

from games import join_codes
from games.models import Game
from games.requests import Request


def hosting(request: Request, game: Game) -> bool:
    """The grown-up of the family at ``game``, on a device not in kid mode: who keeps the
    friends' seats (shows their codes, takes a seat away)."""
    user = request.user
    if not user.is_authenticated or request.child is not None:
        return False
    return any(
        seat.child is not None and seat.child.parent_id == user.pk for seat in game.seat_rows
    )


def friends_device(request: Request, game: Game) -> bool:
    """The device of ``request`` plays a friend's seat at ``game`` (it joined with the
    seat's code): a guest at the table, who does not start its next game; the host does,
    and the friend's seat is kept for them with new pictures (games.views.play_again)."""
    if not game.devices:
        return False
    row = game.seat_row(game.device_seat(request))
    return row is not None and row.friend


def friend_seats(request: Request, game: Game) -> list[dict]:
    """The friends' seats as their host sees them: the code's pictures while it is open,
    the name and picture of whoever joined; nothing for anyone else."""
    if not game.devices or game.finished or not hosting(request, game):
        return []
    handed = game.table.handed
    return [
        {
            "number": seat.number,
            "joined": seat.joined,
            "name": seat.name,
            "avatar": seat.avatar,
            "open": seat.code_open,
            "guessed": seat.code_guessed and not seat.joined,
            "code": join_codes.shown(seat.code) if seat.code_open else [],
            "handed": seat.number in handed,
        }
        for seat in game.seat_rows
        if seat.friend
    ]
