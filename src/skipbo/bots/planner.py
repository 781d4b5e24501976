"""The planner bot (``planner``): plans whole turns through the core and samples what it cannot see.

Beside the ladder for comparison (the expert, :mod:`skipbo.bots.expert`, beats
it), and the bot that carries the value network inside its search.

Against a single opponent it starts from the search of
:mod:`skipbo.bots.plan_search` (every line of plays the visible cards allow this
turn, through the core's rule path on a sampled position) with the opponent's
replies estimated from sampled hands. Then it looks past that search's horizon.
A line that ends by revealing something (a stock card played shows the next
one; an emptied hand draws five) is worth what can be done afterwards, which
the search could only guess. The planner samples that chance event several
times (determinized Monte Carlo: each sample is a world consistent with the
view), plans the rest of the turn in each and takes the mean: lines that keep
the turn going, and build piles placed for the next stock card, win over lines
that merely look tidy. The worlds are shared by the lines (common random
numbers), so a few are enough: 4 lines, 3 worlds and 60-node follow-ups keep a
decision within a few milliseconds at two players. The discard that ends the
turn is the search's: it keeps runs descending and leaves in view the cards of
next turn's chain to the stock.

Against several opponent seats the piles one leaves are changed by others before
one's next turn, and own pace wins: the planner then cycles its hand
(:mod:`skipbo.bots.cycling`), with the next opponent's chances on the piles left
estimated from sampled hands.

At every table size the value network (:mod:`skipbo.bots.value`) breaks near
ties between the discards that end the turn: it rates the seat's view after each
in the bot's own sampled world, in one batch. ``PlannerBot(seed, value=False)``
plays without it. The bot only ever receives views; sampling from the unseen
cards is counting, not peeking. docs/bots.md has the measurements behind each
choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import NO_CARD, SB, Move, PlayerView, Round, player_view
from skipbo.core.determinize import sample_round
from skipbo.core.moves import DISCARD_BASE, PLAY_COUNT, SLOTS

from .cycling import CyclingBot, Threat, free_lines
from .greedy import discard_score
from .plan_search import (
    WIN,
    Line,
    SampledThreat,
    Weights,
    discard_value,
    search_lines,
    team_stock,
    threat_model,
)
from .planning_bot import PlanningBot
from .value import ValueNet, value_net

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
VALUE_WEIGHT = 0.0
"""At two players: what the value network's win chance (0 to 1) of the view
after a candidate line that ends the turn adds to the planner's score of the
line (a stock card is worth 1000). Off: the weights tried lost rounds
(docs/bots.md, "The learned evaluation inside the search"); the turn's discard is
where the network is used without harm."""
DISCARD_WEIGHT = 300.0
"""At two players: what the network's win chance of the position after a discard
adds to the planner's value of that discard (a descending run is worth 14, a
wild card kept 150), so one percentage point is worth 3."""
DISCARD_CANDIDATES = 2
"""The planner's best discards of a turn the network rates (of those that leave
different views)."""
DISCARD_MARGIN = 0.02
"""... and only those within this win chance (times the weight: 6 points) of the best."""
VALUE_MARGIN = 0.25
"""The network rates only the candidate lines within ``VALUE_MARGIN`` times the
weight of the best one (it could not lift the others past it in practice: win
chances of one turn's endings rarely differ by more), which keeps it cheap."""
TABLE_VALUE_WEIGHT = 0.0
"""Against several opponent seats: what the network's win chance of the
position a free line leaves adds to the line's score (a hand number played is
worth 10). Off: the weights tried won fewer rounds at 4 players (docs/bots.md)."""
TABLE_DISCARD_WEIGHT = 100.0
"""Against several opponent seats: what the network's win chance of the position
after a discard adds to the discard's tidiness (0 to 4: onto a card one higher,
an equal one, an empty pile, a higher one, a lower one), so one percentage
point is worth 1."""
TABLE_DISCARD_CANDIDATES = 3
"""The tidiest discards of a turn the network rates against several opponent seats."""
FREE_CANDIDATES = 4
"""Free lines rated by the network against several opponent seats."""


class PlannerBot(PlanningBot):
    """Whole-turn planning with sampled threats and sampled chance events."""

    name = "planner"

    def __init__(
        self,
        seed: int | str = 0,
        weights: Weights | None = None,
        budget: int = DEFAULT_BUDGET,
        value: bool = True,
        net: ValueNet | None = None,
        value_weight: float = VALUE_WEIGHT,
        table_value_weight: float = TABLE_VALUE_WEIGHT,
        discard_weight: float = DISCARD_WEIGHT,
        table_discard_weight: float = TABLE_DISCARD_WEIGHT,
    ) -> None:
        """``value=False`` leaves the learned evaluation out of the search (for
        measuring what it adds); ``net`` replaces the shipped network."""
        super().__init__(seed, weights or Weights(threat_samples=THREAT_SAMPLES), budget)
        self.net = (net or value_net()) if value else None
        self.value_weight = value_weight
        self.table_value_weight = table_value_weight
        self.discard_weight = discard_weight if self.net is not None else 0.0
        self.table_discard_weight = table_discard_weight
        self._cycling: SampledCyclingBot | None = None
        self._turn_threat: tuple[object, SampledThreat | None] | None = None

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """Follow the plan; when planning, look past each candidate's chance event.

        Facing more than one opponent seat, play the hand-cycling policy instead
        (see :func:`opponent_seats` and docs/bots.md)."""
        if opponent_seats(view) > 1:
            if self._cycling is None:
                self._cycling = SampledCyclingBot(
                    self.seed, self.net, self.table_value_weight, self.table_discard_weight
                )
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
        world = sample_round(view, seed)
        lines = search_lines(world, self.weights, self.budget, threat)
        top = _distinct(lines)[:CANDIDATES]
        if len(top) <= 1 or top[0].score >= WIN:
            best = top[0] if top else None
        else:
            best = self._look_past(view, seed, world, top, threat)
        if best is not None and best.moves[-1] >= PLAY_COUNT and self.discard_weight:
            best = self._rate_discards(view, world, best)
        return best

    def _look_past(
        self,
        view: PlayerView,
        seed: str,
        world: Round,
        top: list[Line],
        threat: SampledThreat | None,
    ) -> Line:
        """The candidate worth most once its chance event is sampled (and, with the
        network, the turn-ending ones are rated against each other)."""
        chancy = [line for line in top if line.moves[-1] < PLAY_COUNT]
        values = [line.score for line in top]
        if self.net is not None and self.value_weight and len(chancy) < len(top) - 1:
            self._rate_endings(values, top, world, view)
        if chancy:
            worlds = [sample_round(view, f"{seed}/c{i}") for i in range(CHANCE_SAMPLES)]
            for i, line in enumerate(top):
                if line.moves[-1] < PLAY_COUNT:
                    total = sum(self._after_chance(w, line, threat) for w in worlds)
                    values[i] = total / len(worlds)
        return top[max(range(len(top)), key=values.__getitem__)]

    def _rate_endings(
        self, values: list[float], top: list[Line], world: Round, view: PlayerView
    ) -> None:
        """Re-rank the candidates that end the turn with a discard by the network's
        win chance of the seat's view after it (weighted, less their mean, so they
        gain or lose nothing against the lines that end in a chance event). Only
        those within ``value_weight * VALUE_MARGIN`` of the best of them are rated."""
        ending = [i for i, line in enumerate(top) if line.moves[-1] >= PLAY_COUNT]
        bar = max(values[i] for i in ending) - self.value_weight * VALUE_MARGIN
        rated = [i for i in ending if values[i] >= bar]
        if len(rated) > 1:
            chances = self._chances(view, world, [top[i].moves for i in rated])
            mean = sum(chances) / len(chances)
            for i, chance in zip(rated, chances, strict=True):
                values[i] += self.value_weight * (chance - mean)

    def _rate_discards(self, view: PlayerView, world: Round, line: Line) -> Line:
        """The line with its discard chosen among the planner's best few discards
        by their value plus the network's win chance of the view after each: a
        tie-breaker, asked only about discards within ``discard_weight *
        DISCARD_MARGIN`` of the best, which keeps it cheap."""
        state = world.clone()
        for move in line.moves[:-1]:
            state.apply_unchecked(move)
        ends = [m for m in state.legal_moves() if m >= PLAY_COUNT]
        scored = sorted(
            ((discard_value(state, m, self.weights), m) for m in ends), key=lambda e: -e[0]
        )
        tops = [pile[-1] if pile else NO_CARD for pile in state._discards[state.to_move]]
        scored = _distinct_discards(scored, tops)[:DISCARD_CANDIDATES]
        bar = scored[0][0] - self.discard_weight * DISCARD_MARGIN
        scored = [(v, m) for v, m in scored if v >= bar]
        if len(scored) <= 1:
            return line
        chances = self._chances(view, state, [[m] for _, m in scored])
        values = [v + self.discard_weight * c for (v, _), c in zip(scored, chances, strict=True)]
        move = scored[max(range(len(scored)), key=values.__getitem__)][1]
        return Line([*line.moves[:-1], move], line.score)

    def _chances(self, view: PlayerView, world: Round, lines: list[list[Move]]) -> list[float]:
        """The network's win chance of the seat's view after each line in ``world``
        (one batch). The positions are the bot's own imagined world; the network
        reads only the seat's view of each (what the seat would know there)."""
        assert self.net is not None and view.seat is not None
        views = []
        for moves in lines:
            state = world.clone()
            for move in moves:
                state.apply_unchecked(move)
            views.append(player_view(state, view.seat))
        return [float(c) for c in self.net.win_chances(views)]

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
    sampled hands could do with the build piles left to them; with a value
    network, the best few free lines are rated by the network's win chance of
    the position each leaves (``value_weight`` per unit of chance) too."""

    name = "expert"

    def __init__(
        self,
        seed: int | str = 0,
        net: ValueNet | None = None,
        value_weight: float = TABLE_VALUE_WEIGHT,
        discard_weight: float = TABLE_DISCARD_WEIGHT,
    ) -> None:
        super().__init__(seed)
        self.net = net
        self.value_weight = value_weight
        self.discard_weight = discard_weight
        self._decisions = 0
        self._world: tuple[PlayerView, Round] | None = None

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """Hand cycling; with the network, the discard that ends the turn is chosen
        among the tidiest few by tidiness plus the weighted win chance after it."""
        move = super().choose(view, legal)
        if self.net is None or not self.discard_weight or move < PLAY_COUNT:
            return move
        return self._rate_discards(view, legal, move)

    def _rate_discards(self, view: PlayerView, legal: Sequence[Move], tidiest: Move) -> Move:
        assert self.net is not None and view.seat is not None
        discards = [m for m in legal if PLAY_COUNT <= m < DISCARD_BASE + SB * SLOTS]
        if len(discards) <= 1 or tidiest not in discards:
            return tidiest
        tops = [pile[-1] if pile else NO_CARD for pile in view.players[view.seat].discards]

        def tidiness(move: Move) -> int:
            card, pile = ((move - DISCARD_BASE) >> 2) + 1, (move - DISCARD_BASE) & 3
            return -9 if card == SB else discard_score(card, tops[pile])

        ranked = sorted(discards, key=lambda m: (m != tidiest, -tidiness(m)))
        scored = _distinct_discards([(0.0, m) for m in ranked], tops)
        candidates = [m for _, m in scored[:TABLE_DISCARD_CANDIDATES]]
        if len(candidates) <= 1:
            return tidiest
        world = self._world_of(view)
        views = []
        for move in candidates:
            state = world.clone()
            state.apply_unchecked(move)
            views.append(player_view(state, view.seat))
        chances = self.net.win_chances(views)
        values = [
            tidiness(m) + self.discard_weight * c for m, c in zip(candidates, chances, strict=True)
        ]
        return candidates[max(range(len(candidates)), key=values.__getitem__)]

    def _world_of(self, view: PlayerView) -> Round:
        """The world sampled for this view's decision (or a new one)."""
        if self._world is None or self._world[0] is not view:
            self._decisions += 1
            self._world = (view, sample_round(view, f"{self.seed}/cycle{self._decisions}"))
        return self._world[1]

    def threat(self, view: PlayerView) -> Threat | None:
        self._decisions += 1
        seed = f"{self.seed}/cycle{self._decisions}"
        world = sample_round(view, seed)
        self._world = (view, world)
        weight = CYCLING_THREAT_FEW if opponent_seats(view) <= 2 else CYCLING_THREAT
        weights = Weights(threat_samples=THREAT_SAMPLES, threat_next=weight, threat_other=0.0)
        model = SampledThreat(view, seed, weights)
        return lambda need: model(world, need)

    def _free_move(self, view: PlayerView) -> Move | None:
        if self.net is None:
            return super()._free_move(view)
        lines = free_lines(view, self.weights, self.threat(view), FREE_CANDIDATES)
        if len(lines) > 1:
            assert view.seat is not None
            world = self._world_of(view)
            views = []
            for _, moves in lines:
                state = world.clone()
                for move in moves:
                    state.apply_unchecked(move)
                views.append(player_view(state, view.seat))
            chances = self.net.win_chances(views)
            weight = self.value_weight
            values = [s + weight * c for (s, _), c in zip(lines, chances, strict=True)]
            lines = [lines[max(range(len(lines)), key=values.__getitem__)]]
        return lines[0][1][0] if lines and lines[0][1] else None


def _distinct_discards(
    scored: list[tuple[float, Move]], tops: list[int]
) -> list[tuple[float, Move]]:
    """The first of each set of discards that leave the same view up to the order
    of the discard piles (the same card onto piles with the same top, such as two
    empty ones): the network could not tell them apart, so it is asked once."""
    seen: set[tuple[int, int]] = set()
    out = []
    for value, move in scored:
        index = move - DISCARD_BASE
        key = ((index >> 2) + 1, tops[index & 3]) if index < SB * SLOTS else (0, 0)
        if key not in seen:
            seen.add(key)
            out.append((value, move))
    return out


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
