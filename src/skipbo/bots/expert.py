"""The expert bot (``expert``): combo's turns, ending with the discard that sets up the next.

:mod:`skipbo.bots.combo` plays each turn's best line of plays and ends the turn
with its tidiest discard by fixed rules (descending runs, equal values, empty
piles for high cards). The expert plays the same line and chooses the discard by
what follows it instead: each distinct number in the hand is a candidate, on the
pile combo's tidiness rules give it, and the discard network
(:mod:`skipbo.bots.discard_net`) rates the view right after each candidate; a
little of combo's tidiness is added to break near ties.

Why a network: the discard decides what the next turn can chain to the stock, and
the best judge of that is to sample worlds from the unseen cards, let the other
seats play their turns and search the own next turn with each discard in place.
The network learned that judgement (``training/search_data.py``, many worlds per
decision) and gives it from the view alone in one small batch, so the expert plays
as strongly as the sampling search at a fraction of its time. docs/bots.md has the
measurements; :mod:`skipbo.bots.research.expert_variants` keeps the sampling
search and the other ideas that were measured.

At two players it also remembers the round: guesses of the other seat's hand, carried
from turn to turn by what its own views showed of that seat's turns
(:class:`~skipbo.bots.inference.HandParticles`), take the place of combo's count of
that hand in the line search's threat term (:mod:`skipbo.bots.guessed_threat`): the
cards the other seat kept are guessed, only the rest counted as fresh draws. That won
54.9% of 2,000 rounds against ``combo`` where the expert without it won 52.1%
(docs/bots.md). A new instance, or one at three players or more, plays as before:
what it sees at a decision is then all it knows.

Like every bot it sees only the player view (its own views, remembered; the network
reads the own view right after each candidate); its guesses are seeded, so a game
with the same seed is played the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import SB, Move, PlayerView, player_view
from skipbo.core.cards import NO_CARD
from skipbo.core.determinize import sample_round
from skipbo.core.moves import DISCARD_BASE, SLOTS, discard_move

from .combo import ComboBot, ComboWeights, TurnSearch, chain_values, discard_value
from .discard_net import discard_net
from .guessed_threat import GuessedThreat, next_opponent
from .inference import HandParticles, LastTurn

CANDIDATES = 5
"""Discards compared: the tidiest of each distinct number in the hand, at most this many."""
TIDINESS = 1.0
"""Times combo's tidiness score of a candidate, added to its worth (breaks near ties)."""
NETWORK = 2.0
"""Times the discard network's worth of a candidate (in combo's score), added to its worth."""
GUESSES = 16
"""Guesses of the other seat's hand kept at two players (the number measured)."""
FILLS = 20
"""Fills of a guess tried (each checked against the other seat's last turn) before it
is dropped."""
CHECKS = 32
"""Hands checked against the other seat's last turn per turn at most (the rest of the
fills are taken unchecked). Unbounded, the checks made a game three times slower
(each is combo's search) and won 55.5% of 2,000 rounds against ``combo``; 32: 54.9%,
16: 53.6% (docs/bots.md)."""


class ExpertBot(ComboBot):
    """Combo's line of plays (at two players with the other hand guessed), then the
    discard the discard network rates best."""

    name = "expert"

    def __init__(
        self,
        seed: int | str = 0,
        weights: ComboWeights | None = None,
        guesses: int = GUESSES,
        fills: int = FILLS,
        checks: int = CHECKS,
    ) -> None:
        super().__init__(seed, weights)
        self.guesses = HandParticles(guesses, fills, checks=checks)
        """The guesses of the previous seat's hand (none kept with ``guesses=0``)."""
        self._decisions = 0
        self._ended: PlayerView | None = None
        """The own view at the own last discard, until the next own turn starts."""
        self._discarded: Move = DISCARD_BASE
        """The own last discard (with ``_ended``)."""
        self._last_turn: LastTurn | None = None
        """What the views showed of the previous seat's last turn."""
        self._seen: PlayerView | None = None
        """The view of the last decision (a new round forgets the guesses)."""

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The expert's move; at an own turn's start the guesses first take in what the
        other seat's turn showed since the own last discard."""
        self._decisions += 1
        if self._seen is not None and not _same_round(self._seen, view):
            self._ended, self._last_turn = None, None  # a bot kept for the next round
            self.guesses.hands, self.guesses.seat = [], None
        self._seen = view
        if self._ended is not None:
            self._last_turn = LastTurn.seen(self._ended, view)
            if self.guesses.size:
                self.guesses.update(
                    self._ended,
                    self._discarded,
                    view,
                    self._last_turn,
                    self.weights,
                    self._decision_seed(),
                )
            self._ended = None
        move = super().choose(view, legal)
        if move >= DISCARD_BASE and self._remembers(view):
            self._ended, self._discarded = view, move
        return move

    def _remembers(self, view: PlayerView) -> bool:
        """Whether the turns are followed: the guesses are of the previous seat, whose
        stock card the threat term is about only at two players."""
        return self.guesses.size > 0 and view.rules.players == 2

    def _decision_seed(self) -> str:
        return f"{self.seed}/{self._decisions}"

    def line(self, view: PlayerView) -> list[Move]:
        """Combo's line, its threat term from the guessed hands where there are any."""
        hands = self._threat_hands(view)
        if not hands:
            return super().line(view)
        search = TurnSearch(view, self.weights)
        search.threat = GuessedThreat(view, self.weights, hands)
        return search.best()

    def _threat_hands(self, view: PlayerView) -> list[list[int]]:
        """The guesses of the next opponent's hand (none: not guessed)."""
        if not self.guesses.hands or self.guesses.seat != next_opponent(view):
            return []
        return self.guesses.hands

    def discard(self, view: PlayerView) -> Move | None:
        """Among the tidiest discard of each number, the one worth most by the
        network plus a little tidiness (None: nothing to discard)."""
        ranked = ranked_discards(view)[:CANDIDATES]
        if len(ranked) <= 1:
            return ranked[0][1] if ranked else None
        worths = discard_net().worths(after_discards(view, ranked))
        totals = [
            TIDINESS * tidy + NETWORK * float(worth)
            for (tidy, _), worth in zip(ranked, worths, strict=True)
        ]
        return ranked[max(range(len(ranked)), key=lambda k: totals[k])][1]


def _same_round(before: PlayerView, now: PlayerView) -> bool:
    """Whether ``now`` can follow ``before`` in one round: no stock pile grew."""
    return before.rules == now.rules and all(
        a.stock >= b.stock for a, b in zip(before.players, now.players, strict=True)
    )


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


def after_discards(view: PlayerView, ranked: list[tuple[float, Move]]) -> list[PlayerView]:
    """The view right after each ranked discard (the turn passed on), as the
    networks read it."""
    seat = view.seat
    assert seat is not None
    state = sample_round(view, "after")  # the hidden cards play no part in the own view
    state.apply_unchecked(ranked[0][1])
    after = player_view(state, seat)
    return [
        after if k == 0 else swap_discard(after, ranked[0][1], m) for k, (_, m) in enumerate(ranked)
    ]


def swap_discard(view: PlayerView, made: Move, instead: Move) -> PlayerView:
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
