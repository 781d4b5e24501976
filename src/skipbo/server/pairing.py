"""Which waiting table Find a game tries first: by rating when several wait.

The queue is the store's lobby (open public tables, read by ``/api/find`` on
whichever process or cluster worker the seeker reached), never one process's
memory; this module only orders what the store returned, so every worker pairs
the same way.

A table's level is the mean shown rating of the people seated there (a player
without a rating counts at the start rating; bots and open seats do not count).
A table is *in reach* of a seeker when its level is within a window of the
seeker's rating, a window that widens the longer the table has waited: a table
that waits long takes whoever comes. Tables in reach come first, the closest
level first; then every other table of the kind, the one that waited longest
first, so a seeker far from everyone still joins a waiting table rather than
waiting alone beside it. Ties go to the older table, then to the smaller code:
the order is a function of the tables, the seeker's rating and the time.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ratings import START
from .storage.games import TableShown

WINDOW = 150
"""Rating points apart a seeker and a table that has just opened may be and still pair."""
WIDEN_PER_MINUTE = 150
"""How many points the window grows for every minute the table has waited."""


def level(table: TableShown) -> float:
    """The mean shown rating of the people seated at ``table`` (the start rating if none)."""
    ratings = [
        START.shown if seat.rating is None else seat.rating
        for seat in table.seats
        if seat.player_id is not None
    ]
    return sum(ratings) / len(ratings) if ratings else float(START.shown)


def window(waited: float) -> float:
    """The rating distance in reach of a table that has waited ``waited`` seconds."""
    return WINDOW + WIDEN_PER_MINUTE * max(waited, 0.0) / 60


def pairing_order(tables: Sequence[TableShown], rating: int, now: float) -> list[TableShown]:
    """``tables`` (of the kind sought) in the order a seeker of ``rating`` tries them at
    ``now``: those in reach by closeness of level, then the others by age."""

    def distance(table: TableShown) -> float:
        return abs(level(table) - rating)

    def in_reach(table: TableShown) -> bool:
        return distance(table) <= window(now - table.created)

    near = sorted(
        (t for t in tables if in_reach(t)), key=lambda t: (distance(t), t.created, t.table_id)
    )
    far = sorted((t for t in tables if not in_reach(t)), key=lambda t: (t.created, t.table_id))
    return near + far
