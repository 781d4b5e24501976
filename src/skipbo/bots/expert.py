"""The expert bot: whole-turn plans checked against sampled worlds.

The planner (:mod:`skipbo.bots.planner`) proposes the best few lines for the
turn. For each line that ends the turn, the expert imagines what comes next:
it samples the hidden cards consistently with its view (determinized Monte
Carlo), plays the line in that world, lets the following opponents answer with
the greedy policy until the turn comes back, and counts the stock cards they
got down. The line with the best planned score minus the expected damage wins.
Everything runs through the core's rule path on sampled rounds; the bot still
only ever receives views.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import Move, PlayerView, Round, player_view
from skipbo.core.determinize import sample_round
from skipbo.core.moves import PLAY_COUNT

from .greedy import GreedyBot
from .planner import Line, Weights, plan_turn
from .planning_bot import PlanningBot

MAX_REPLY_MOVES = 200
"""Safety bound on a simulated reply (a greedy turn is a few dozen moves)."""


class ExpertBot(PlanningBot):
    """Planner plus determinized look-ahead at the opponents' replies."""

    name = "expert"

    def __init__(
        self,
        seed: int | str = 0,
        weights: Weights | None = None,
        budget: int = 400,
        candidates: int = 4,
        samples: int = 6,
    ) -> None:
        super().__init__(seed, weights, budget)
        self.candidates = candidates
        self.samples = samples

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """Follow the plan; when planning, pick the line that survives the replies best."""
        self._decisions += 1
        move = self._follow(view, legal)
        if move is None:
            seed = f"{self.seed}/{self._decisions}"
            lines = plan_turn(view, seed, self.weights, self.budget)
            if not lines:
                return legal[0]
            self._remember(self._pick(view, lines, seed).moves, len(view.hand))
            move = self._follow(view, legal)
        return move if move is not None else legal[0]

    def _pick(self, view: PlayerView, lines: list[Line], seed: str) -> Line:
        top = lines[: self.candidates]
        if len(top) == 1 or top[0].score >= 1e9:
            return top[0]
        worlds = [sample_round(view, f"{seed}/w{i}") for i in range(self.samples)]
        best, best_value = top[0], float("-inf")
        for index, line in enumerate(top):
            value = line.score
            if line.moves[-1] >= PLAY_COUNT:
                damage = sum(_reply_damage(w, line.moves, f"{seed}/{index}") for w in worlds)
                value -= self.weights.stock_card * damage / len(worlds)
            if value > best_value:
                best, best_value = line, value
        return best


def _reply_damage(world: Round, moves: list[Move], seed: str) -> float:
    """Stock cards the opponents get down before the turn comes back, in one world."""
    state = world.clone()
    seat = state.to_move
    for move in moves:
        if not state.is_legal(move):
            return 0.0
        state.apply_unchecked(move)
    partner = state.partners[seat]
    before = {p: len(s) for p, s in enumerate(state.stocks) if p not in (seat, partner)}
    replies = {p: GreedyBot(f"{seed}/{p}") for p in before}
    for _ in range(MAX_REPLY_MOVES):
        if state.result is not None:
            return 0.0 if state.result.winner in (seat, partner) else 30.0
        mover = state.to_move
        if mover in (seat, partner):
            break
        state.apply_unchecked(replies[mover].choose(player_view(state, mover), state.legal_moves()))
    return float(sum(before[p] - len(state.stocks[p]) for p in before))
