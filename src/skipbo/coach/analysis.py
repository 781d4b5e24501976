"""The coach: how much win chance each of a seat's moves gave away.

For every decision of one seat in a record, the analysis asks the expert bot
for its move and estimates the seat's win chance after the move played and
after the expert's, with the learned evaluation (:mod:`skipbo.bots.value`).
Everything is computed from that seat's view at the time, as the seat could
have: a play is tried in several worlds sampled from the view
(:func:`~skipbo.core.determinize.sample_round`), the seat's turn played on to its
end in each (see :class:`Evaluator`), and the chances averaged; the samples are
seeded by the decision's number, never by the record's hidden cards. So an
analysis is fair: it cannot tell two records apart that look the same from the
seat.

The drop in win chance, in percentage points, earns a mark as lichess gives
them for chess: an inaccuracy from 5 points, a mistake from 10, a blunder from 20.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from skipbo.bots import Bot, make_bot
from skipbo.bots.greedy import GreedyBot
from skipbo.bots.value import ValueNet, value_net
from skipbo.core import (
    Move,
    PlayerView,
    Record,
    Round,
    format_move,
    parse_move,
    player_view,
    start_round,
)
from skipbo.core.determinize import sample_round
from skipbo.core.moves import is_play

WORLDS = 4
"""Sampled worlds per play (a move that does not end the turn)."""
MARKS = ((20.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))
"""Drops in percentage points of win chance, largest first, and their marks."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One move of the analysed seat, as the seat saw the table before it."""

    index: int
    """The move's index in the record's ``moves``."""
    turn: int
    view: PlayerView
    legal: tuple[Move, ...]
    played: Move


@dataclass(frozen=True, slots=True)
class Assessment:
    """The analysis of one decision (one JSON line of ``skipbo analyze``)."""

    index: int
    turn: int
    seat: int
    played: Move
    best: Move
    after_played: float
    after_best: float

    @property
    def drop(self) -> float:
        """Win chance given away, in percentage points (never below zero)."""
        return max(0.0, 100.0 * (self.after_best - self.after_played))

    @property
    def mark(self) -> str | None:
        """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or None."""
        return mark_for(self.drop)

    def to_json(self) -> dict[str, Any]:
        """Chances as percentages with one decimal, moves in notation."""
        return {
            "index": self.index,
            "turn": self.turn,
            "seat": self.seat,
            "played": format_move(self.played),
            "best": format_move(self.best),
            "after_played": _percent(self.after_played),
            "after_best": _percent(self.after_best),
            "drop": round(self.drop, 1),
            "mark": self.mark,
        }


def _percent(chance: float) -> float:
    return round(100.0 * chance, 1)


def mark_for(drop: float) -> str | None:
    """The mark a drop of ``drop`` percentage points earns."""
    for threshold, name in MARKS:
        if drop >= threshold:
            return name
    return None


def decisions(record: Record, seat: int) -> Iterator[Decision]:
    """Every decision of ``seat`` in ``record``, replayed through the core.

    The record must replay cleanly (check it with :func:`~skipbo.core.replay`)."""
    state = start_round(record)
    for index, text in enumerate(record.moves):
        if state.result is not None:
            return
        move = parse_move(text)
        if state.to_move == seat:
            view = player_view(state, seat)
            yield Decision(index, state.turns, view, tuple(state.legal_moves()), move)
        state.play(move)


class Evaluator:
    """Win chances after moves, from one view, over sampled worlds.

    A move in the middle of a turn is judged by where the turn ends: in each
    sampled world the seat plays on with the greedy policy (fast, no search; it
    was ``hard`` when this was written) until its turn is over, and the network
    rates the view then. Mid-turn positions are hard to
    compare (a stock card played now or two plays later is the same turn), and the
    turn's end is what the opponent faces. A move that ends the turn needs one world:
    the seat's view after it is the same in all of them."""

    def __init__(self, net: ValueNet | None = None, worlds: int = WORLDS) -> None:
        self.net = net or value_net()
        self.worlds = worlds

    def after(self, view: PlayerView, moves: Sequence[Move], seed: str) -> list[float]:
        """The seat's mean chance after each of ``moves`` (legal in ``view``)."""
        seat = view.seat
        assert seat is not None
        count = max((self.worlds if is_play(m) else 1) for m in moves)
        worlds = [sample_round(view, f"{seed}/{k}") for k in range(count)]
        totals: list[float] = []
        for move in moves:
            tries = worlds if is_play(move) else worlds[:1]
            chances = [self._after_one(w, move, seat, f"{seed}/{k}") for k, w in enumerate(tries)]
            totals.append(sum(chances) / len(chances))
        return totals

    def _after_one(self, world: Round, move: Move, seat: int, seed: str) -> float:
        state = world.clone()
        state.play(move)
        if state.result is None and state.to_move == seat:
            policy = GreedyBot(seed)
            while state.result is None and state.to_move == seat:
                state.play(policy.choose(player_view(state, seat), state.legal_moves()))
        if state.result is not None:
            winner = state.result.winner
            return float(winner is not None and winner in state.rules.team_seats(seat))
        return float(self.net.win_chances([player_view(state, seat)])[0])


Progress = Callable[[int], object]


def analyze(
    record: Record,
    seat: int,
    *,
    evaluator: Evaluator | None = None,
    progress: Progress | None = None,
    expert: Callable[[str], Bot] | None = None,
) -> Iterator[Assessment]:
    """Assess every decision of ``seat`` (see the module docstring).

    One expert follows the seat through the round while the seat plays the
    expert's moves (so that its plan for the turn goes on); after a different
    move a fresh expert, seeded by the decision's index, takes over. Both
    depend on the seat's views only."""
    evaluator = evaluator or Evaluator()
    new_expert = expert or (lambda seed: make_bot("expert", seed))
    bot = new_expert("analyze/0")
    for decision in decisions(record, seat):
        view = decision.view
        best = bot.choose(view, list(decision.legal))
        if best not in decision.legal:  # a bot that answers nonsense costs no analysis
            best = decision.played
        moves = [decision.played] if best == decision.played else [decision.played, best]
        chances = evaluator.after(view, moves, f"analyze/{seat}/{decision.index}")
        yield Assessment(
            index=decision.index,
            turn=decision.turn,
            seat=seat,
            played=decision.played,
            best=best,
            after_played=chances[0],
            after_best=chances[-1],
        )
        if best != decision.played:
            bot = new_expert(f"analyze/{decision.index}")
        if progress is not None:
            progress(1)


def hint(view: PlayerView, legal: Sequence[Move], seed: int | str = "hint") -> Move:
    """The expert's move for ``view`` (the coach's hint; the view is all it uses)."""
    move = make_bot("expert", seed).choose(view, list(legal))
    return move if move in legal else legal[0]
