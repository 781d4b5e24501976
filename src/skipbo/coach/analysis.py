"""The coach: how much win chance each of a seat's moves gave away.

For every decision of one seat in a record, the analysis asks the expert bot
for its move and estimates the seat's win chance after the move played and
after the expert's, with the learned evaluation (:mod:`skipbo.bots.value`),
both on the same sampled worlds. The suggested move is the better rated of the
two (the expert's on a tie), so the coach never calls a move best that it rates
below the one played.
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
UNSURE = 1e-6
"""How close to 0 or 1 the network's estimate may come: only a finished round is
certain, so only it is shown as 100% (or 0%)."""
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
    """The suggestion: the expert's move, or the one played when the coach rates
    that at least as well."""
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
    """A chance in percent with one decimal; 100.0 and 0.0 only when certain (a
    finished round), so a chance short of certain is at most 99.9 and at least 0.1."""
    if chance >= 1.0 or chance <= 0.0:
        return 100.0 if chance >= 1.0 else 0.0
    return min(99.9, max(0.1, round(100.0 * chance, 1)))


def chance_text(chance: float) -> str:
    """A chance for people: ``53.9``, and ``>99.9`` / ``<0.1`` where one decimal would
    round an uncertain chance to certainty."""
    percent = round(100.0 * chance, 1)
    if percent >= 100.0 and chance < 1.0:
        return ">99.9"
    if percent <= 0.0 and chance > 0.0:
        return "<0.1"
    return f"{percent:.1f}"


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

    Every move of one call is rated on the same sampled worlds (the same seeds),
    so that their chances compare. A move in the middle of a turn is judged by
    where the turn ends: in each sampled world the seat plays on with the greedy
    policy (fast, no search; it was ``hard`` when this was written) until its
    turn is over, and the network rates the view then. Mid-turn positions are
    hard to compare (a stock card played now or two plays later is the same
    turn), and the turn's end is what the opponent faces. A move that ends the
    turn is rated on the first world only: the seat's view after it, all that
    the network reads, is the same in every world, so the others would repeat
    its chance exactly. The network's estimate stays :data:`UNSURE` away from 0
    and 1: only a finished round is certain."""

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
        chance = float(self.net.win_chances([player_view(state, seat)])[0])
        return min(max(chance, UNSURE), 1.0 - UNSURE)


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
    depend on the seat's views only. The played move and the expert's are
    rated on the same worlds; the better rated is the suggestion (``best``)."""
    evaluator = evaluator or Evaluator()
    new_expert = expert or (lambda seed: make_bot("expert", seed))
    bot = new_expert("analyze/0")
    for decision in decisions(record, seat):
        view = decision.view
        expert_move = bot.choose(view, list(decision.legal))
        if expert_move not in decision.legal:  # a bot that answers nonsense costs no analysis
            expert_move = decision.played
        moves = [decision.played]
        if expert_move != decision.played:
            moves.append(expert_move)
        chances = evaluator.after(view, moves, f"analyze/{seat}/{decision.index}")
        better = chances[-1] > chances[0]  # on a tie, the move played loses nothing
        yield Assessment(
            index=decision.index,
            turn=decision.turn,
            seat=seat,
            played=decision.played,
            best=expert_move if better else decision.played,
            after_played=chances[0],
            after_best=chances[-1] if better else chances[0],
        )
        if expert_move != decision.played:
            bot = new_expert(f"analyze/{decision.index}")
        if progress is not None:
            progress(1)


def hint(view: PlayerView, legal: Sequence[Move], seed: int | str = "hint") -> Move:
    """The expert's move for ``view`` (the coach's hint; the view is all it uses)."""
    move = make_bot("expert", seed).choose(view, list(legal))
    return move if move in legal else legal[0]
