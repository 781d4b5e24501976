"""The expert bot: combo's turns, with the closing discard judged as sampled futures taught it.

(The module is named for how it plays; the registry calls the bot ``expert``. The
expert before 2026-11-23 is :mod:`skipbo.bots.expert`, now ``planner``.)

:mod:`skipbo.bots.combo` plays each turn's best line of plays and ends the turn
with its tidiest discard by fixed rules (descending runs, equal values, empty
piles for high cards). This bot plays combo's line and chooses the discard by
what follows: among the hand's numbers (each on its tidiest pile by combo's
rules) it samples worlds consistent with the view
(:func:`skipbo.core.determinize.sample_round`: determinized Monte Carlo), lets
the other seats play their turns in each (combo, its search bounded), and
scores the own next turn with combo's search, each discard in place; common
random numbers make the comparison cheap (the others' turns are played once per
world and the discards swapped into the own view), and a little of combo's
tidiness breaks near ties. Measured on duplicate deals: 57.8% of 400 decided
2-player rounds against combo [52.9%, 62.5%], 86.0% of 400 against greedy
(``hard`` then; 5.1 games/s of one core then; since combo's search got faster, the same moves
run at 8.5-10.0 games/s: ``benchmarks/ladder.py --pairs expert:hard
--expert-deals 100 --jobs 1``, CPU time, three runs alternating with the old
code's 4.8-6.1); 55.0% and 55.2% of 400 against combo with the line look-past
below. Against the combo-style ``hard`` (combo with a short search and no eye
on the opponent): 75.5% of 800 rounds. (The issue asked 65% of an expert against a
strong heuristic in the combo style; against combo itself, 57.5-59.6%, that is
not reached; docs/bots.md predicts about 78% against the bot the issue measured.)

Since 2026-11-24 the expert no longer samples those worlds while it plays: the
discard network (:mod:`skipbo.bots.discard_net`) learned this very comparison
from 147,006 decisions, each candidate scored in 16 sampled worlds
(``training/search_data.py``, ``search_train.py``), and judges the candidates
in their place, plus the same touch of tidiness. Head to head against the
sampling expert on 1,000 duplicate deals it wins 50.8% of 2,000 rounds
[48.7%, 53.0%]: the same strength, from one small batch through the network
instead of two sampled worlds, at 2.3 to 2.6 times the speed at 2 players and
3 to 4 times at 3-6 players. ``DeepSettings(discard_worlds=2, learned=0)`` is
the sampling expert the figures above were measured with.

Settings (:class:`DeepSettings`) keep the other ideas measured, off by default:
looking past the line's chance events (combo's best lines with different end
positions; for a line that plays a stock card or empties the hand, the line is
played in sampled worlds, combo's search runs again on what is revealed and the
results are averaged: 50.0% against combo alone, no gain with the discard
choice); the value network's win chance where the turn ends (40.3% of 300
rounds against combo); a sampled race to the next own turn (36.0% of 100).

Like every bot it sees only the player view (sampling from the unseen cards is
counting, not peeking) and is deterministic given its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skipbo.core import SB, Move, PlayerView, Round, player_view
from skipbo.core.cards import NO_CARD
from skipbo.core.determinize import sample_round
from skipbo.core.moves import (
    DISCARD_BASE,
    SLOTS,
    SRC_HAND,
    SRC_PARTNER_STOCK,
    SRC_STOCK,
    discard_move,
)

from .combo import (
    NODE_LIMIT,
    ComboBot,
    ComboWeights,
    TurnSearch,
    chain_values,
    combo_discard,
    combo_line,
    discard_value,
)
from .discard_net import discard_net
from .greedy import stock_play
from .pace import pace_net
from .value import value_net

WIN = 1_000_000.0
"""The worth of a line that wins the round in a sampled world."""


@dataclass(frozen=True, slots=True)
class DeepSettings:
    """How far and how wide the bot looks past chance events."""

    candidates: int = 4
    """Combo's best lines with different end positions that are compared."""
    worlds: int = 4
    """Sampled worlds per comparison (shared by the lines)."""
    depth: int = 1
    """Chance events looked past in a line (2: the continuation's own chance
    events are sampled too, one world each)."""
    events: int = 0
    """Which chance events are sampled: 0 none (combo's line as it is), 1 a stock
    card played, 2 an emptied hand, 3 both (the others keep combo's guess).
    Without the sampled discard, against combo, 300 rounds each: 1 50.0%,
    2 46.7%, 3 47.7% of decided rounds; with it, 0 56.3% and 1 55.2% (400),
    0 being half again as fast."""
    value: bool = False
    """Judge the candidates by where the turn ends instead: the line, then combo
    to the end of the turn (its discard included) in each sampled world, and the
    value network's win chance of the view then."""
    reply: bool = False
    """With ``value``: the other seats then play their turns (combo, in the
    sampled world) and the value network judges the view at the own next turn."""
    race: bool = False
    """Judge every candidate by a sampled race instead: the line, combo to the end
    of the turn, the other seats' turns (combo), then the stock cards each side
    played on the way plus combo's score of the own next turn."""
    opponent: float = 1.0
    """With ``race``: what an opponent's stock card costs, against an own one."""
    discards: int = 5
    """Combo's tidiest discards compared by the sampled next turn (1: combo's).
    Against combo, 300 rounds each: 1 50.0%, 3 50.3%, 5 52.7% (3 with 8 worlds:
    52.7%, at half the speed)."""
    discard_worlds: int = 0
    """Sampled worlds per discard choice, played at the moment of choosing (0:
    none, the discard network judges instead, see ``learned``). The expert until
    2026-11-24 sampled 2 (4: the same strength, half the speed)."""
    nodes: int = 150
    """Bound on each search in a sampled world (the continuation after a stock
    card, the own next turn that judges a discard); combo's own search of the
    turn has 1,500. 300 measured 86.0% of 400 rounds against hard at 4.6 games/s
    of a busy core, 150 85.0% at 5.25: the speed goal (5 games/s) decides. (100:
    5.10 against 4.99 games/s of one idle core, and 56.0% of 500 rounds against
    combo where 150 won 59.6%: not worth it.) These speeds predate the faster
    search of 2026-11-23, which plays the same moves at about 1.7 times the
    speed (docs/bots.md, Speed). With that speed to spend, 300 was measured again
    against combo: 56.5% of 600 rounds, where 150 won 57.5% on the same deals; no
    gain. Nor from more candidates: each number on its two (or four) tidiest
    piles, 7 (or 10) candidates, won 53.5% of the same 600 rounds."""
    tidy: float = 1.0
    """Times combo's tidiness score of a discard, added to its sampled worth
    (against combo, the same 600 rounds: 0 55.3%, 1 57.5%, 2 54.2%)."""
    net_now: float = 0.0
    """Times the value network's win chance of the view right after each candidate
    discard, added to its worth (the learned evaluation inside the expert's
    search). Against combo, 300 deals each: off 57.5%, 300 51.7%, 1,000 51.3%,
    3,000 46.8% (docs/bots.md): the network misjudges what a discard is worth."""
    net_next: float = 0.0
    """Times the value network's win chance of the view at the own next turn in
    each sampled world (the others' turns played), per candidate, averaged over
    the worlds. Against combo: 1,000 50.8%, 3,000 50.3% (off 57.5%)."""
    learned: float = 2.0
    """Times the discard network's relative worth of each candidate
    (:mod:`skipbo.bots.discard_net`: this search's own judgement of the
    candidates with 16 sampled worlds, learned), added to its worth. With
    ``discard_worlds`` 0 (the default) it replaces the worlds sampled at play.
    Head to head against the expert that samples two worlds, on 1,000 duplicate
    deals (2,000 rounds) each: 2 without worlds 50.8% [48.7, 53.0], 1 without
    worlds 49.5%, 1 without tidiness 50.2%, 2 beside the two worlds 50.3%: the
    same strength, at 2.3 to 2.6 times the speed at 2 players and 3 to 4 times
    at 3-6 players (docs/bots.md, "The learned evaluation inside the search")."""
    pace: float = 0.0
    """Times the pace network's prediction (:mod:`skipbo.bots.pace`: own stock
    cards of the next two own turns) for the view right after each candidate
    discard, added to its worth (a stock card is worth 1,000 in combo's score).
    Against combo, the same 300 deals each: off 57.5%, 100 51.8%, 300 54.5%,
    1,000 55.5%; trained with a random candidate discard half the time, 300
    52.8%, 1,000 53.5% (docs/bots.md): it does not tell discards apart."""


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


class DeepBot(ComboBot):
    """Combo's turn search with its chance events sampled, then a tidy discard."""

    name = "expert"

    def __init__(
        self,
        seed: int | str = 0,
        weights: ComboWeights | None = None,
        settings: DeepSettings | None = None,
    ) -> None:
        super().__init__(seed, weights)
        self.settings = settings or DeepSettings()
        self._decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The next move of the turn's best line, or the tidy discard; always legal."""
        self._decisions += 1
        move = self._planned(view, legal)
        if move is None:
            move = stock_play(view)
        if move is None:
            line = self._best_line(view, f"{self.seed}/{self._decisions}")
            if line:
                self._start_plan(line, len(view.hand))
                move = self._planned(view, legal)
        if move is not None and move in legal:
            return move
        if self.settings.discards > 1:
            move = self._discard(view, f"{self.seed}/{self._decisions}")
        else:
            move = combo_discard(view)
        return move if move is not None and move in legal else legal[0]

    def _discard(self, view: PlayerView, seed: str) -> Move | None:
        """Among combo's tidiest discards, the one after which the own next turn
        looks best, the other seats' turns sampled (combo) in between."""
        ranked = ranked_discards(view)[: self.settings.discards]
        if len(ranked) <= 1:
            return ranked[0][1] if ranked else None
        totals = [self.settings.tidy * tidy for tidy, _ in ranked]
        if self.settings.net_now or self.settings.pace or self.settings.learned:
            right_after = _after_discards(view, ranked)
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
        state = sample_round(view, seed)
        state.apply_unchecked(first)
        before = [len(stock) for stock in state._stocks]
        others = {s: _RolloutCombo(self.settings.nodes) for s in range(rules.players)}
        while state.result is None and state.to_move != seat:
            _finish_turn(state, state.to_move, others[state.to_move])
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
            mine = after if move == first else _swap_discard(after, first, move)
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
        top = search.candidates(self.settings.candidates)
        if not top:
            return []
        if len(top) == 1 or (not self.settings.race and all(base != base for _, base, _ in top)):
            return top[0][2]
        worlds = [sample_round(view, f"{seed}/w{i}") for i in range(self.settings.worlds)]
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
        best, best_line = float("-inf"), top[0][2]
        for _, _, line in top:
            total = 0.0
            for i, world in enumerate(worlds):
                state = world.clone()
                before_ours = sum(len(state._stocks[s]) for s in ours)
                before_theirs = sum(len(state._stocks[s]) for s in theirs)
                for move in line:
                    state.apply_unchecked(move)
                _finish_turn(state, seat, ComboBot(f"{seed}/r{i}", self.weights))
                others = {s: ComboBot(f"{seed}/o{s}/{i}") for s in range(rules.players)}
                while state.result is None and state.to_move != seat:
                    _finish_turn(state, state.to_move, others[state.to_move])
                if state.result is not None:
                    won = state.result.winner
                    total += WIN if won is not None and rules.team_of(won) == team else -WIN
                    continue
                gained = before_ours - sum(len(state._stocks[s]) for s in ours)
                lost = before_theirs - sum(len(state._stocks[s]) for s in theirs)
                total += self.weights.stock * (gained - self.settings.opponent * lost)
                total += _best_score(player_view(state, seat), self.weights)
            if total > best:
                best, best_line = total, line
        return best_line

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
        for _, base, line in top:
            for i, world in enumerate(worlds if sampled or base == base else worlds[:1]):
                state = world.clone()
                for move in line:
                    state.apply_unchecked(move)
                _finish_turn(state, seat, ComboBot(f"{seed}/r{i}", self.weights))
                if sampled:
                    others = {s: ComboBot(f"{seed}/o{s}/{i}") for s in range(view.rules.players)}
                    while state.result is None and state.to_move != seat:
                        _finish_turn(state, state.to_move, others[state.to_move])
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

    def _after(
        self, world: Round, seat: int, line: list[Move], base: float, seed: str, depth: int
    ) -> float:
        """The line's plays plus the best continuation of the turn in ``world``."""
        state = world.clone()
        for move in line:
            state.apply_unchecked(move)
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


def ranked_discards(view: PlayerView) -> list[tuple[float, Move]]:
    """Every discard of a distinct number with combo's tidiness score, tidiest
    first (the best pile for each number; a wild card only when nothing else)."""
    seat = view.seat
    assert seat is not None
    own = view.players[seat]
    tops = tuple(cards[-1] if cards else NO_CARD for cards in own.discards)
    needed = chain_values(list(view.build), own.stock_top)
    numbers = sorted({c for c in view.hand if c != SB}) or [SB]
    ranked = []
    for card in numbers:
        options = [
            (discard_value(card, top, needed), discard_move(card, pile))
            for pile, top in enumerate(tops)
        ]
        ranked.append(max(options, key=lambda o: o[0]))
    return sorted(ranked, key=lambda o: -o[0])


def _after_discards(view: PlayerView, ranked: list[tuple[float, Move]]) -> list[PlayerView]:
    """The view right after each ranked discard (the turn passed on), as the
    value network reads it."""
    seat = view.seat
    assert seat is not None
    state = sample_round(view, "after")  # the hidden cards play no part in the own view
    state.apply_unchecked(ranked[0][1])
    after = player_view(state, seat)
    return [
        after if k == 0 else _swap_discard(after, ranked[0][1], m)
        for k, (_, m) in enumerate(ranked)
    ]


def _swap_discard(view: PlayerView, made: Move, instead: Move) -> PlayerView:
    """``view`` as it would be had ``instead`` been discarded rather than ``made``
    (the card discarded is on its pile's top; the other stays in the hand)."""
    seat = view.seat
    assert seat is not None
    card, pile = divmod(made - DISCARD_BASE, SLOTS)
    other, other_pile = divmod(instead - DISCARD_BASE, SLOTS)
    piles = [list(p) for p in view.players[seat].discards]
    piles[pile].pop()
    piles[other_pile].append(other + 1)
    hand = list(view.hand)
    hand.remove(other + 1)
    hand.append(card + 1)
    me = view.players[seat]._replace(discards=tuple(tuple(p) for p in piles))
    players = tuple(me if i == seat else p for i, p in enumerate(view.players))
    return view._replace(hand=tuple(sorted(hand)), players=players)


def _finish_turn(state: Round, seat: int, bot: ComboBot) -> None:
    """Play ``bot`` for ``seat`` until its turn (or the round) is over."""
    while state.result is None and state.to_move == seat:
        view = player_view(state, seat)
        state.apply_unchecked(bot.choose(view, state.legal_moves()))


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
