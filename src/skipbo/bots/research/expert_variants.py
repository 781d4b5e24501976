"""The expert with the search options that were measured and not shipped.

:class:`ExpertVariant` plays like :class:`~skipbo.bots.expert.ExpertBot` at its
default :class:`VariantSettings`, and each setting turns on one idea:

- judging the discard in worlds sampled at the moment of choosing
  (``discard_worlds``; with ``learned=0`` this is the sampling expert whose
  judgement the discard network learned, and ``training/search_data.py`` labels
  its data with :meth:`ExpertVariant.world_worths`);
- looking past the line's chance events (``events``, ``candidates``, ``worlds``,
  ``depth``): combo's best lines with different end positions, a line that plays
  a stock card or empties the hand played in sampled worlds, combo's search run
  again on what is revealed, the results averaged; or judged by the value
  network where the turn ends (``value``, ``reply``) or by a sampled race to the
  next own turn (``race``, ``opponent``);
- more or fewer discards compared, other weights of tidiness (``discards``,
  ``tidy``), and the value and pace networks as extra terms of a discard's worth
  (``net_now``, ``net_next``, ``pace``).

docs/bots.md has what each measured and the commands
(``benchmarks/expert_variants.py`` names a variant by its settings). Like every
bot it sees only the player view (sampling from the unseen cards is counting,
not peeking) and is deterministic given its seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from skipbo.core import Move, PlayerView, Round, player_view
from skipbo.core.determinize import sample_round
from skipbo.core.moves import DISCARD_BASE, SLOTS, SRC_HAND, SRC_PARTNER_STOCK, SRC_STOCK

from ..combo import NODE_LIMIT, ComboBot, ComboWeights, TurnSearch, combo_discard, combo_line
from ..discard_net import discard_net
from ..expert import (
    CANDIDATES,
    FILLS,
    NETWORK,
    TIDINESS,
    ExpertBot,
    after_discards,
    ranked_discards,
    swap_discard,
)
from ..guessed_threat import GuessedThreat
from ..inference import world_with_hand
from ..value import value_net
from .pace import pace_net

WIN = 1_000_000.0
"""The worth of a line that wins the round in a sampled world."""
CHANCE_POINT = 1_000.0
"""A point of win chance (1%) where ``value`` and ``reply`` judge with a ``margin``: as
much as a stock card in the race, so that a margin reads alike in both."""


@dataclass(frozen=True, slots=True)
class VariantSettings:
    """Which measured ideas the variant plays with; the defaults are the expert."""

    candidates: int = 4
    """Combo's best lines with different end positions that are compared."""
    worlds: int = 4
    """Sampled worlds per comparison of lines (shared by the lines)."""
    depth: int = 1
    """Chance events looked past in a line (2: the continuation's own chance
    events are sampled too, one world each)."""
    events: int = 0
    """Which chance events are sampled: 0 none (combo's line as it is), 1 a stock
    card played, 2 an emptied hand, 3 both (the others keep combo's guess)."""
    value: bool = False
    """Judge the candidate lines by where the turn ends instead: the line, then
    combo to the end of the turn (its discard included) in each sampled world, and
    the value network's win chance of the view then."""
    reply: bool = False
    """With ``value``: the other seats then play their turns (combo, in the
    sampled world) and the value network judges the view at the own next turn."""
    race: bool = False
    """Judge every candidate line by a sampled race instead: the line, combo to the
    end of the turn, the other seats' turns (combo), then the stock cards each side
    played on the way plus combo's score of the own next turn."""
    infer: int = 0
    """Worlds sampled per world wanted until one agrees with the previous seat's last
    turn played by ``combo`` (:mod:`skipbo.bots.inference`; 0: every sample is taken as it is,
    and when none of ``infer`` agrees the first is)."""
    particles: int = 0
    """Guesses of the previous seat's hand carried from turn to turn
    (:class:`skipbo.bots.inference.HandParticles`, each filled up to ``infer`` times, 20 when 0);
    the worlds deal them in turn (0: none)."""
    margin: float = 0.0
    """With ``race``: how much more (in combo's score, a stock card being 1,000) another
    line must be worth on average than combo's own best line to be played instead.
    With ``value`` and ``reply``: the same in win chance at the own next turn, a
    point of it (1%) being 1,000."""
    own_discard: bool = False
    """With ``race`` or ``value``: the own turn is finished in each sampled world with
    the expert's discard (the discard network's), the one it will really make, rather
    than combo's."""
    checks: int = 0
    """With ``particles``: hands checked against the last turn per update at most
    (:attr:`skipbo.bots.inference.HandParticles.checks`; 0: no bound)."""
    guessed_threat: bool = False
    """Combo's threat term in the own line's search takes the next opponent's kept cards
    from the guesses of their hand (``particles``; :mod:`skipbo.bots.guessed_threat`)
    and draws only the rest, instead of counting all five from the unseen cards (with
    ``events``: in the search that finds the candidate lines too)."""
    confidence: float = 0.0
    """With ``race``: how many standard errors of its per-world lead over combo's line
    another line's average lead must also exceed (beside the ``margin``)."""
    opponent: float = 1.0
    """With ``race`` or ``discard_worlds``: what an opponent's stock card costs,
    against an own one."""
    discards: int = CANDIDATES
    """Combo's tidiest discards compared (1: combo's discard)."""
    discard_worlds: int = 0
    """Sampled worlds per discard choice, played at the moment of choosing (0:
    none; the discard network judges instead, see ``learned``)."""
    nodes: int = 150
    """Bound on each search in a sampled world (the continuation after a stock
    card, the other seats' turns, the own next turn that judges a discard); combo's
    own search of the turn has :data:`~skipbo.bots.combo.NODE_LIMIT`."""
    tidy: float = TIDINESS
    """Times combo's tidiness score of a discard, added to its worth."""
    net_now: float = 0.0
    """Times the value network's win chance of the view right after each candidate
    discard, added to its worth."""
    net_next: float = 0.0
    """Times the value network's win chance of the view at the own next turn in
    each sampled world (the others' turns played), per candidate, averaged over
    the worlds."""
    learned: float = NETWORK
    """Times the discard network's worth of each candidate, added to its worth."""
    pace: float = 0.0
    """Times the pace network's prediction (:mod:`.pace`: own stock cards of the
    next two own turns) for the view right after each candidate discard, added to
    its worth (a stock card is worth 1,000 in combo's score)."""


SAMPLING = VariantSettings(discard_worlds=2, learned=0.0)
"""The sampling expert: two worlds sampled at every discard, no network (the
judgement the discard network learned)."""


class ExpertVariant(ExpertBot):
    """The expert, with the measured ideas its settings turn on."""

    def __init__(
        self,
        seed: int | str = 0,
        weights: ComboWeights | None = None,
        settings: VariantSettings | None = None,
    ) -> None:
        self.settings = settings or VariantSettings()
        super().__init__(
            seed,
            weights,
            guesses=self.settings.particles,
            fills=self.settings.infer or FILLS,
            checks=self.settings.checks,
        )
        self.inferred = [0, 0]
        """Worlds wanted with ``infer``: [found agreeing, not found]."""
        self._worlds_dealt = 0
        """Worlds dealt around a guess so far: which guess the next one gets."""

    def _remembers(self, view: PlayerView) -> bool:
        """The turns are followed wherever ``infer`` or ``particles`` asks (at any table)."""
        return bool(self.settings.infer or self.settings.particles)

    def line(self, view: PlayerView) -> list[Move]:
        """Combo's line (its threat from guessed hands with ``guessed_threat``, as the
        expert's), or the candidate line the settings judge best."""
        if self.settings.guessed_threat and not self.settings.events:
            return super().line(view)
        return self._best_line(view, self._decision_seed())

    def _threat_hands(self, view: PlayerView) -> list[list[int]]:
        """The expert's guessed hands, with ``guessed_threat`` only."""
        return super()._threat_hands(view) if self.settings.guessed_threat else []

    def discard(self, view: PlayerView) -> Move | None:
        """The discard the settings judge best (combo's with ``discards=1``)."""
        if self.settings.discards > 1:
            return self._discard(view, self._decision_seed())
        return combo_discard(view)

    def _world(self, view: PlayerView, seed: str) -> Round:
        """A world to judge a choice in: a round consistent with ``view``, its hidden
        cards dealt from ``seed`` (a benchmark's clairvoyant player uses the true round
        instead: :mod:`.clairvoyant`)."""
        hands, seat = self.guesses.hands, self.guesses.seat
        if hands and seat is not None:
            self._worlds_dealt += 1
            guessed = world_with_hand(view, seat, hands[self._worlds_dealt % len(hands)], seed)
            if guessed is not None:
                return guessed
        world = sample_round(view, seed)
        turn = self._last_turn
        if not self.settings.infer or turn is None:
            return world
        for k in range(self.settings.infer):
            candidate = world if k == 0 else sample_round(view, f"{seed}/i{k}")
            if turn.agrees(candidate, self.weights):
                self.inferred[0] += 1
                return candidate
        self.inferred[1] += 1
        return world

    def _discard(self, view: PlayerView, seed: str) -> Move | None:
        """Among combo's tidiest discards, the one worth most by the terms the
        settings weigh: tidiness, the networks right after it, and the own next
        turn in sampled worlds (the other seats' turns played in between)."""
        ranked = ranked_discards(view)[: self.settings.discards]
        if len(ranked) <= 1:
            return ranked[0][1] if ranked else None
        totals = [self.settings.tidy * tidy for tidy, _ in ranked]
        if self.settings.net_now or self.settings.pace or self.settings.learned:
            right_after = after_discards(view, ranked)
            if self.settings.net_now:
                self._add_win_chances(totals, self.settings.net_now, right_after)
            if self.settings.pace:
                for k, cards in enumerate(pace_net().paces(right_after)):
                    totals[k] += self.settings.pace * float(cards)
            if self.settings.learned:
                for k, worth in enumerate(discard_net().worths(right_after)):
                    totals[k] += self.settings.learned * float(worth)
        for i in range(self.settings.discard_worlds):
            worths = self.world_worths(view, ranked, f"{seed}/d{i}")
            if worths is None:
                continue
            for k, (worth, _) in enumerate(worths):
                totals[k] += worth / self.settings.discard_worlds
            if self.settings.net_next:
                weight = self.settings.net_next / self.settings.discard_worlds
                self._add_win_chances(totals, weight, [mine for _, mine in worths])
        return ranked[max(range(len(ranked)), key=lambda k: totals[k])][1]

    def world_worths(
        self, view: PlayerView, ranked: list[tuple[float, Move]], seed: str
    ) -> list[tuple[float, PlayerView]] | None:
        """Each ranked discard's worth in one world sampled from ``view`` (by
        ``seed``), with the own view at the next own turn: combo's score of that
        turn less the other side's stock cards played meanwhile. None when the
        discards cannot be told apart there (the round ended first, or a partner
        played the card discarded)."""
        seat = view.seat
        assert seat is not None
        rules = view.rules
        team = rules.team_of(seat)
        first = ranked[0][1]
        state = self._world(view, seed)
        state.apply_unchecked(first)
        before = [len(stock) for stock in state._stocks]
        others = {s: _RolloutCombo(self.settings.nodes) for s in range(rules.players)}
        _others_turns(state, seat, others)
        if state.result is not None:
            return None  # lost whatever was discarded
        lost = sum(
            b - len(stock)
            for s, (b, stock) in enumerate(zip(before, state._stocks, strict=True))
            if rules.team_of(s) != team
        )
        after = player_view(state, seat)
        card, pile = divmod(first - DISCARD_BASE, SLOTS)
        made = after.players[seat].discards[pile]
        if not made or made[-1] != card + 1:
            return None  # a partner played the card discarded: no swap to judge by
        lost_cost = self.weights.stock * self.settings.opponent * lost
        worths = []
        for _, move in ranked:
            mine = after if move == first else swap_discard(after, first, move)
            worths.append((_best_score(mine, self.weights, self.settings.nodes) - lost_cost, mine))
        return worths

    @staticmethod
    def _add_win_chances(totals: list[float], weight: float, views: list[PlayerView]) -> None:
        """Add ``weight`` times the value network's win chance of each view (one batch)."""
        for k, chance in enumerate(value_net().win_chances(views)):
            totals[k] += weight * float(chance)

    def _best_line(self, view: PlayerView, seed: str) -> list[Move]:
        if not self.settings.events:
            return combo_line(view, self.weights)
        search = _Candidates(view, self.weights, self.settings.events)
        hands = self._threat_hands(view)  # with ``guessed_threat``: the lines scored so too
        if hands:
            search.threat = GuessedThreat(view, self.weights, hands)
        top = search.candidates(self.settings.candidates)
        if not top:
            return []
        if len(top) == 1 or (not self.settings.race and all(base != base for _, base, _ in top)):
            return top[0][2]
        worlds = [self._world(view, f"{seed}/w{i}") for i in range(self.settings.worlds)]
        seat = view.seat
        assert seat is not None
        if self.settings.race:
            return self._by_race(view, seat, top, worlds, seed)
        if self.settings.value:
            return self._by_value(view, seat, top, worlds, seed)

        def worth(entry: tuple[float, float, list[Move]]) -> float:
            score, base, line = entry
            if base != base:  # the line ends the turn: nothing to sample
                return score
            total = 0.0
            for i, world in enumerate(worlds):
                total += self._after(world, seat, line, base, f"{seed}/w{i}", self.settings.depth)
            return total / len(worlds)

        return max(top, key=worth)[2]

    def _by_race(
        self,
        view: PlayerView,
        seat: int,
        top: list[tuple[float, float, list[Move]]],
        worlds: list[Round],
        seed: str,
    ) -> list[Move]:
        """The candidate that does best in the sampled race to the next own turn."""
        rules = view.rules
        team = rules.team_of(seat)
        ours = [s for s in range(rules.players) if rules.team_of(s) == team]
        theirs = [s for s in range(rules.players) if rules.team_of(s) != team]
        races = []
        for _, _, line in top:
            race = []
            for i, world in enumerate(worlds):
                before_ours = sum(len(world._stocks[s]) for s in ours)
                before_theirs = sum(len(world._stocks[s]) for s in theirs)
                state = self._turn_played(world, seat, line, seed, i, replies=True)
                if state.result is not None:
                    won = state.result.winner
                    race.append(WIN if won is not None and rules.team_of(won) == team else -WIN)
                    continue
                gained = before_ours - sum(len(state._stocks[s]) for s in ours)
                lost = before_theirs - sum(len(state._stocks[s]) for s in theirs)
                worth = self.weights.stock * (gained - self.settings.opponent * lost)
                race.append(worth + _best_score(player_view(state, seat), self.weights))
            races.append(race)
        return top[self._overruling(races)][2]

    def _overruling(self, races: list[list[float]]) -> int:
        """The candidate to play, by its race in each world (``races[0]``: combo's own
        line): the one most ahead of combo's on average, if ahead by more than the
        ``margin`` plus ``confidence`` standard errors of the difference; else 0."""
        best, chosen = 0.0, 0
        for k in range(1, len(races)):
            ahead = [mine - combos for mine, combos in zip(races[k], races[0], strict=True)]
            n = len(ahead)
            mean = sum(ahead) / n
            doubt = 0.0
            if self.settings.confidence and n > 1:
                spread = sum((a - mean) ** 2 for a in ahead) / (n - 1)
                doubt = self.settings.confidence * (spread / n) ** 0.5
            if mean - self.settings.margin - doubt > best:
                best, chosen = mean - self.settings.margin - doubt, k
        return chosen

    def _by_value(
        self,
        view: PlayerView,
        seat: int,
        top: list[tuple[float, float, list[Move]]],
        worlds: list[Round],
        seed: str,
    ) -> list[Move]:
        """The candidate whose turn ends best by the value network, on average."""
        team = view.rules.team_of(seat)
        views: list[PlayerView] = []
        fixed: list[float | None] = []
        sampled = self.settings.reply
        if sampled and (self.settings.margin or self.settings.confidence):
            return top[self._overruling(self._value_races(view, seat, top, worlds, seed))][2]
        for _, base, line in top:
            for i, world in enumerate(worlds if sampled or base == base else worlds[:1]):
                state = self._turn_played(world, seat, line, seed, i, replies=sampled)
                if state.result is not None:
                    won = state.result.winner
                    fixed.append(float(won is not None and view.rules.team_of(won) == team))
                else:
                    fixed.append(None)
                    views.append(player_view(state, seat))
        chances = iter(value_net().win_chances(views)) if views else iter(())
        best, best_line = -1.0, top[0][2]
        k = 0
        for _, base, line in top:
            n = len(worlds) if sampled or base == base else 1
            total = 0.0
            for _ in range(n):
                v = fixed[k]
                total += float(next(chances)) if v is None else v
                k += 1
            if total / n > best:
                best, best_line = total / n, line
        return best_line

    def _value_races(
        self,
        view: PlayerView,
        seat: int,
        top: list[tuple[float, float, list[Move]]],
        worlds: list[Round],
        seed: str,
    ) -> list[list[float]]:
        """Each candidate's win chance at the own next turn in each world (the value
        network's, or 1 / 0 where the round ended), in :data:`CHANCE_POINT` units, so
        that ``margin`` and ``confidence`` judge them as they judge the race."""
        team = view.rules.team_of(seat)
        races: list[list[float]] = []
        views: list[PlayerView] = []
        where: list[tuple[int, int]] = []
        for k, (_, _, line) in enumerate(top):
            races.append([])
            for i, world in enumerate(worlds):
                state = self._turn_played(world, seat, line, seed, i, replies=True)
                if state.result is None:
                    where.append((k, i))
                    views.append(player_view(state, seat))
                    races[k].append(0.0)
                else:
                    won = state.result.winner
                    ours = won is not None and view.rules.team_of(won) == team
                    races[k].append(100.0 * CHANCE_POINT * ours)
        if views:
            for (k, i), chance in zip(where, value_net().win_chances(views), strict=True):
                races[k][i] = 100.0 * CHANCE_POINT * float(chance)
        return races

    def _turn_played(
        self, world: Round, seat: int, line: list[Move], seed: str, i: int, replies: bool
    ) -> Round:
        """A copy of ``world`` (the ``i``-th) after ``line`` and the rest of the own turn
        (combo's; with ``own_discard`` ending in the expert's discard), and with
        ``replies`` the other seats' turns too (combo in every seat)."""
        state = _played(world, line)
        finisher = ExpertBot if self.settings.own_discard else ComboBot
        _finish_turn(state, seat, finisher(f"{seed}/r{i}", self.weights))
        if replies:
            others = {s: ComboBot(f"{seed}/o{s}/{i}") for s in range(state.rules.players)}
            _others_turns(state, seat, others)
        return state

    def _after(
        self, world: Round, seat: int, line: list[Move], base: float, seed: str, depth: int
    ) -> float:
        """The line's plays plus the best continuation of the turn in ``world``."""
        state = _played(world, line)
        if state.result is not None:
            return WIN if state.result.winner is not None else base
        if state.to_move != seat:
            return base
        view = player_view(state, seat)
        if depth <= 1:
            return base + _best_score(view, self.weights, self.settings.nodes)
        top = _Candidates(view, self.weights).candidates(1)
        if not top:
            return base
        score, inner, follow = top[0]
        if inner != inner:
            return base + score
        return base + self._after(state, seat, follow, inner, seed, depth - 1)


class _Candidates(TurnSearch):
    """Combo's turn search, keeping every line's end rather than the best only.

    For each end position it keeps the best line reaching it, its score, and
    for a line ending in a chance event the part of the score that is combo's
    guess of what follows (replaced by sampled continuations)."""

    def __init__(self, view: PlayerView, weights: ComboWeights, events: int = 3) -> None:
        super().__init__(view, weights)
        self.events = events
        self.ends: dict[tuple[object, ...], tuple[float, float, list[Move]]] = {}

    def _leaf(self, line: list[Move], score: float) -> None:
        super()._leaf(line, score)
        guess = 0.0
        chance = False
        if line:
            source = line[-1] // SLOTS
            if source in (SRC_STOCK, SRC_PARTNER_STOCK):
                chance = bool(self.events & 1)
                guess = self._value(final=False, reach=source != SRC_STOCK)
            elif source >= SRC_HAND and not any(self.counts):
                chance = bool(self.events & 2)
                guess = self._value(final=False) + self.w.refill
        key = (
            tuple(self.build),
            tuple(self.counts),
            tuple(map(len, self.pile_cards)),
            line[-1] // SLOTS if chance else -1,
        )
        known = self.ends.get(key)
        if known is None or score > known[0]:
            self.ends[key] = (score, score - guess if chance else float("nan"), list(line))

    def candidates(self, count: int) -> list[tuple[float, float, list[Move]]]:
        """The ``count`` best (score, score without the guess or NaN, line)."""
        self.best()
        return sorted(self.ends.values(), key=lambda e: -e[0])[:count]


def _finish_turn(state: Round, seat: int, bot: ComboBot) -> None:
    """Play ``bot`` for ``seat`` until its turn (or the round) is over."""
    while state.result is None and state.to_move == seat:
        view = player_view(state, seat)
        state.apply_unchecked(bot.choose(view, state.legal_moves()))


def _others_turns(state: Round, seat: int, others: Mapping[int, ComboBot]) -> None:
    """Play the other seats' turns (each by its bot in ``others``) until ``seat`` is to
    move again or the round is over."""
    while state.result is None and state.to_move != seat:
        _finish_turn(state, state.to_move, others[state.to_move])


def _played(world: Round, line: list[Move]) -> Round:
    """A copy of ``world`` with ``line`` played."""
    state = world.clone()
    for move in line:
        state.apply_unchecked(move)
    return state


def _best_score(view: PlayerView, weights: ComboWeights, nodes: int = NODE_LIMIT) -> float:
    """What combo's search makes of the rest of the turn from ``view``, searching
    at most ``nodes`` positions."""
    search = TurnSearch(view, weights, min(nodes, NODE_LIMIT))
    search.best()
    return search.best_score


class _RolloutCombo(ComboBot):
    """Combo for the other seats in a sampled world, its search bounded."""

    def __init__(self, nodes: int) -> None:
        super().__init__(0)
        self.nodes = nodes

    def line(self, view: PlayerView) -> list[Move]:
        return TurnSearch(view, self.weights, min(self.nodes, NODE_LIMIT)).best()
