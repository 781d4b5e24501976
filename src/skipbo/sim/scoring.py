"""Who a finished round counts for: the one scoring rule of every summary.

A round is worth one win. The side (the team in partnership play, else the
seat) that emptied its stock gets it. A *forfeit* (a bot that crashed,
answered an illegal or malformed move, or said nothing in time) is a loss for
the forfeiting side and a win for the others, as chess engine tournament
managers score crashes, time losses and illegal moves: at two sides the other
side gets the whole win, at more sides the other sides share it equally (½
each at three sides), so that a round is still worth one win in all and a bot
that gives up never gains anything by it (docs/rules-decisions.md 12). A
blocked or capped round is won by nobody.

The record keeps the spec's result (``{"winner": null, "reason": "forfeit",
"forfeited": SEAT}``); only the summaries read it as a loss.
"""

from __future__ import annotations

from typing import Protocol

from skipbo.core import Rules

UNDECIDED_REASONS = ("blocked", "cap")
"""How a round can end that nobody won (a forfeit is won by the others)."""


class Outcome(Protocol):
    """What scoring reads of a round's result (a ``RoundResult`` or a summary's outcome)."""

    @property
    def winner(self) -> int | None: ...

    @property
    def forfeited(self) -> int | None: ...


def side_credits(rules: Rules, result: Outcome) -> tuple[float, ...]:
    """Each side's part of the round's one win (all 0 for a round nobody won)."""
    sides = rules.sides
    credits = [0.0] * sides
    if result.winner is not None:
        credits[rules.team_of(result.winner)] = 1.0
    elif result.forfeited is not None:
        loser = rules.team_of(result.forfeited)
        for side in range(sides):
            if side != loser:
                credits[side] = 1.0 / (sides - 1)
    return tuple(credits)


def seat_credits(rules: Rules, result: Outcome) -> tuple[float, ...]:
    """Each seat's part of the round's one win: the seat that emptied its stock
    gets a won round; a forfeit's part of each other side is split among its seats."""
    credits = [0.0] * rules.players
    if result.winner is not None:
        credits[result.winner] = 1.0
    elif result.forfeited is not None:
        for side, credit in enumerate(side_credits(rules, result)):
            seats = rules.team_seats(side)  # seat ``side`` sits in team ``side``
            for seat in seats:
                credits[seat] = credit / len(seats)
    return tuple(credits)
