"""The expert bot: plans whole turns and samples what it cannot see.

Against a single opponent it starts from the planner of
:mod:`skipbo.bots.planner` (a search over every line of plays the visible cards
allow this turn, through the core's rule path on a sampled position) with the
opponent's replies estimated from sampled hands. Then it looks past the
planner's horizon. A line that ends by revealing something (a stock card played
shows the next one; an emptied hand draws five) is worth what can be done
afterwards, which the planner could only guess. The expert samples that chance
event several times (determinized Monte Carlo: each sample is a world consistent
with the view), plans the rest of the turn in each and takes the mean: lines
that keep the turn going, and build piles placed for the next stock card, win
over lines that merely look tidy. The worlds are shared by the lines (common
random numbers), so a few are enough: 4 lines, 3 worlds, 60-node follow-ups
keep the expert at two players within a few milliseconds a decision. The
discard that ends the turn is the planner's: it keeps runs descending and
leaves in view the cards of next turn's chain to the stock. (A look-ahead that
simulated the opponent's turn and searched one's own next turn for each discard
cost four fifths of the expert's time and won no more rounds at two players:
72.1% against ``hard`` with it, 74.0% without, on the same 500 rounds; the
measurements are in docs/bots.md.)

Against several opponent seats the piles one leaves are changed by others before
one's next turn, and own pace wins: the expert then cycles its hand
(:mod:`skipbo.bots.cycling`), with the next opponent's chances on the piles left
estimated from sampled hands (docs/bots.md has the measurements behind both
choices). The bot only ever receives views; sampling from the unseen cards is
counting, not peeking.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import Move, PlayerView, Round
from skipbo.core.determinize import sample_round
from skipbo.core.moves import PLAY_COUNT

from .cycling import CyclingBot, Threat
from .planner import (
    WIN,
    Line,
    SampledThreat,
    Weights,
    search_lines,
    team_stock,
    threat_model,
)
from .planning_bot import PlanningBot

DEFAULT_BUDGET = 400
"""Search nodes of the first plan."""
THREAT_SAMPLES = 24
"""Sampled opponent hands per turn."""
CANDIDATES = 4
"""Lines looked past (the planner's best, with different endings)."""
CHANCE_SAMPLES = 3
"""Sampled worlds per line that ends in a chance event."""
FOLLOW_UP_BUDGET = 60
"""Search nodes of each plan after a chance event."""
CYCLING_THREAT = 5.0
"""When cycling against three or more opponent seats: what the next opponent's
sampled chance to play their stock top costs a free line (a hand number played
is worth 10). Denying one of three barely pays and blocks more rounds."""
CYCLING_THREAT_FEW = 300.0
"""The same against two opponent seats (3 players, 4-player partnerships), where
the next opponent is half the opposition: denial comes before cycling."""


class ExpertBot(PlanningBot):
    """Whole-turn planning with sampled threats and sampled chance events."""

    name = "expert"

    def __init__(
        self, seed: int | str = 0, weights: Weights | None = None, budget: int = DEFAULT_BUDGET
    ) -> None:
        super().__init__(seed, weights or Weights(threat_samples=THREAT_SAMPLES), budget)
        self._cycling: SampledCyclingBot | None = None
        self._turn_threat: tuple[object, SampledThreat | None] | None = None

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """Follow the plan; when planning, look past each candidate's chance event.

        Facing more than one opponent seat, play the hand-cycling policy instead
        (see :func:`opponent_seats` and docs/bots.md)."""
        if opponent_seats(view) > 1:
            if self._cycling is None:
                self._cycling = SampledCyclingBot(self.seed)
            return self._cycling.choose(view, legal)
        self._decisions += 1
        move = self._follow(view, legal)
        if move is None:
            seed = f"{self.seed}/{self._decisions}"
            line = self._plan_turn(view, seed)
            if line is None:
                return legal[0]
            self._remember(line.moves, len(view.hand))
            move = self._follow(view, legal)
        return move if move is not None else legal[0]

    def _plan_turn(self, view: PlayerView, seed: str) -> Line | None:
        threat = self._threat(view, seed)
        lines = search_lines(sample_round(view, seed), self.weights, self.budget, threat)
        top = _distinct(lines)[:CANDIDATES]
        if len(top) <= 1 or top[0].score >= WIN:
            return top[0] if top else None
        chancy = [line for line in top if line.moves[-1] < PLAY_COUNT]
        if not chancy:
            return top[0]
        worlds = [sample_round(view, f"{seed}/c{i}") for i in range(CHANCE_SAMPLES)]

        def value(line: Line) -> float:
            if line.moves[-1] >= PLAY_COUNT:
                return line.score
            total = sum(self._after_chance(world, line, threat) for world in worlds)
            return total / len(worlds)

        return max(top, key=value)

    def _threat(self, view: PlayerView, seed: str) -> SampledThreat | None:
        """The sampled opponent hands of this turn: sampled at its first plan and
        kept for the plans after a chance event (the opponent's cards are the same
        ones; only a few of ours were revealed), which saves most of the sampling."""
        players = enumerate(view.players)
        turn = tuple((p.stock, p.hand, p.discards) for i, p in players if i != view.seat)
        if self._turn_threat is None or self._turn_threat[0] != turn:
            self._turn_threat = (turn, threat_model(view, seed, self.weights))
        return self._turn_threat[1]

    def _after_chance(self, world: Round, line: Line, threat: SampledThreat | None) -> float:
        """The line's stock gain plus the best follow-up plan in one sampled world."""
        state = world.clone()
        seat = state.to_move
        before = team_stock(state, seat)
        for move in line.moves:
            state.apply_unchecked(move)
        if state.result is not None:
            return WIN
        gained = self.weights.stock_card * (before - team_stock(state, seat))
        follow = search_lines(state, self.weights, FOLLOW_UP_BUDGET, threat)
        return gained + (follow[0].score if follow else 0.0)


def opponent_seats(view: PlayerView) -> int:
    """How many seats play against the viewer.

    Against a single opponent everything one leaves on the build piles is theirs
    next, so denial and whole-turn search pay (the planner); against several,
    the others change the piles before one's next turn and one's own pace is
    what wins, which comes from cycling the hand (:mod:`skipbo.bots.cycling`)."""
    players = view.rules.players
    return players - (2 if view.partner is not None else 1)


class SampledCyclingBot(CyclingBot):
    """Hand cycling whose free lines avoid, lightly, what the next opponent's
    sampled hands could do with the build piles left to them."""

    name = "expert"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self._decisions = 0

    def threat(self, view: PlayerView) -> Threat | None:
        self._decisions += 1
        seed = f"{self.seed}/cycle{self._decisions}"
        world = sample_round(view, seed)
        weight = CYCLING_THREAT_FEW if opponent_seats(view) <= 2 else CYCLING_THREAT
        weights = Weights(threat_samples=THREAT_SAMPLES, threat_next=weight, threat_other=0.0)
        model = SampledThreat(view, seed, weights)
        return lambda need: model(world, need)


def _distinct(lines: list[Line]) -> list[Line]:
    """Lines that end differently (their last two moves), best first."""
    seen: set[tuple[Move, ...]] = set()
    out = []
    for line in lines:
        key = tuple(line.moves[-2:])
        if key not in seen:
            seen.add(key)
            out.append(line)
    return out
