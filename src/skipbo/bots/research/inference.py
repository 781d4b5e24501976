"""Guessing the other hand from the turn it played: worlds a deterministic opponent agrees with.

A world sampled from a view deals the other seats' hands at random from the unseen
cards. But the seat that moved just before us ended its turn with a discard, and a
bot that uses no randomness (``combo``, the ladder's bots) would have ended it that
way only with some hands: with one that let it play on, it would have played; with
another, it would have discarded another card. :class:`LastTurn` keeps what the own
views showed of that turn (the discard piles before and after it, the build piles
it left) and :meth:`LastTurn.agrees` tells whether a sampled world's hand for that
seat, with ``combo``'s rules, ends the turn as it was seen to end.

This is inference from the views only (what a player at the table sees of the
previous turn), so a bot that uses it stays fair; it assumes the other seat plays
like ``combo``, which is exactly true against ``combo`` and a guess against anyone
else (a world none agrees with just falls back to the plain sample).
"""

from __future__ import annotations

from dataclasses import dataclass

from skipbo.core import PlayerView, Round
from skipbo.core.errors import SkipBoError
from skipbo.core.moves import discard_move

from ..combo import ComboWeights, combo_discard, combo_line
from ..greedy import stock_play


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The previous seat's turn as the own views saw it: the board it left (the view at
    the start of the own turn) and, per discard pile it may have discarded on, the
    card on top."""

    seat: int
    """The seat that moved just before (its hand is what is inferred)."""
    board: PlayerView
    """The own view at the start of the own turn: the build piles it left."""
    discards: tuple[tuple[int, int], ...]
    """(pile, card) for each pile its discard may have gone on (usually one)."""

    @staticmethod
    def seen(before: PlayerView, now: PlayerView) -> LastTurn | None:
        """What ``before`` (the own view at the last own discard) and ``now`` (the
        own view at the start of the next own turn) say of the previous seat's turn;
        None when nothing can be told (a partner moved last, or no discard is seen)."""
        seat = now.seat
        assert seat is not None
        rules = now.rules
        other = (seat - 1) % rules.players
        if rules.team_of(other) == rules.team_of(seat):
            return None
        old = before.players[other].discards
        new = now.players[other].discards
        fits = [p for p in range(len(new)) if new[p] and new[p][:-1] == old[p][: len(new[p]) - 1]]
        changed = [p for p in fits if new[p] != old[p][: len(new[p])]]
        piles = changed or fits
        if not piles:
            return None
        return LastTurn(other, now, tuple((p, new[p][-1]) for p in piles))

    def agrees(self, world: Round, weights: ComboWeights) -> bool:
        """Whether ``combo`` holding ``world``'s hand for :attr:`seat` (plus the card
        it discarded) would have stopped playing and made that discard."""
        hand = world.hand_cards(self.seat)
        for pile, card in self.discards:
            view = self._their_view(hand, pile, card)
            try:
                if stock_play(view) is not None or combo_line(view, weights):
                    continue
            except SkipBoError:
                # the completed piles went back into the draw pile during the own turn:
                # cards the board shows may be in a sampled hand now; nothing to tell
                return True
            if combo_discard(view) == discard_move(card, pile):
                return True
        return False

    def _their_view(self, hand: list[int], pile: int, card: int) -> PlayerView:
        """The previous seat's view just before its discard of ``card`` on ``pile``."""
        board = self.board
        them = board.players[self.seat]
        piles = tuple(p[:-1] if i == pile else p for i, p in enumerate(them.discards))
        player = them._replace(discards=piles, hand=them.hand + 1)
        players = tuple(player if i == self.seat else p for i, p in enumerate(board.players))
        return board._replace(
            seat=self.seat, to_move=self.seat, hand=tuple(sorted([*hand, card])), players=players
        )
