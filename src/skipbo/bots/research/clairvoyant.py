"""A clairvoyant benchmark player: the expert's search with the true round as its world.

Not a level and not a fair bot: it is told the true round (every hand, the
stocks below their tops, the draw order and the reshuffles to come) before each
decision, and judges its discards in that one world instead of in worlds sampled
from the unseen cards. Everything else is the sampling expert's
(:class:`~.expert_variants.ExpertVariant` with ``discard_worlds=1`` and no
network): combo's line of plays, then each of the tidiest discards judged by the
other seats' turns (combo) and the own next turn that follow it.

So the gap between it and the fair expert bounds what better inference of the
hidden cards could gain the expert; what it cannot see either (how the other
seats will really play) and a deeper search are the rest of the headroom
(issue 25, docs/bots.md "The ceiling"). :func:`play_round_with_truth` plays a
round in which such players get the truth; ``benchmarks/ceiling.py`` measures it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from skipbo.core import Move, PlayerView, Round, Rules, new_round, player_view

from ..base import Bot
from ..combo import ComboWeights
from ..guessed_threat import next_opponent
from ..inference import with_hidden_cards
from .expert_variants import ExpertVariant, VariantSettings

CLAIRVOYANT = VariantSettings(discard_worlds=1, learned=0.0)
"""The sampling expert's judgement in one world: the true one."""


class ClairvoyantExpert(ExpertVariant):
    """The sampling expert whose only world is the true round (see the module)."""

    name = "clairvoyant"

    def __init__(
        self,
        seed: int | str = 0,
        weights: ComboWeights | None = None,
        settings: VariantSettings | None = None,
    ) -> None:
        super().__init__(seed, weights, settings or CLAIRVOYANT)
        self.truth: Round | None = None
        """The true round at the decision being made (set by the runner)."""

    def _world(self, view: PlayerView, seed: str) -> Round:
        truth = self.truth
        if truth is None or truth.to_move != view.seat or truth.result is not None:
            raise RuntimeError("a clairvoyant player needs the true round of its own turn")
        return truth.copy()

    def _threat_hands(self, view: PlayerView) -> list[list[int]]:
        """The next opponent's true hand (``guessed_threat``: a threat seer)."""
        other = next_opponent(view)
        if self.truth is None or other is None:
            return []
        return [self.truth.hand_cards(other)]


def play_round_with_truth(
    rules: Rules, bots: Sequence[Bot], seed: int | str, dealer: int | None = None
) -> Round:
    """Like :func:`skipbo.sim.play_round`, but a bot with a ``truth`` attribute is told
    the true round before each of its decisions (the others see views only)."""
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    state = new_round(rules, seed, dealer)
    while state.result is None:
        seat = state.to_move
        bot = bots[seat]
        if hasattr(bot, "truth"):
            bot.truth = state
        legal = state.legal_moves()
        move: Move = bot.choose(player_view(state, seat), legal)
        if move not in legal:
            state.forfeit(seat)
            break
        state.apply_unchecked(move)
    return state


class HandSeer(ClairvoyantExpert):
    """A benchmark player that sees the other seats' hands and nothing else hidden.

    Its worlds are the true round with every other hidden card (the stocks below
    their tops, the draw pile, the reshuffles) dealt again at random: what a fair
    player could at best know by inferring the hands from the moves it has seen.
    The gap between it and the clairvoyant player is what no inference can buy
    (the order of the cards still to come)."""

    name = "handseer"

    def _world(self, view: PlayerView, seed: str) -> Round:
        return hands_kept(super()._world(view, seed), seed)


def hands_kept(truth: Round, seed: str) -> Round:
    """``truth`` with its hands and open cards kept and the rest of its hidden cards
    (stocks below their tops, the draw pile) dealt again from ``seed``."""
    stocks = [list(stock) for stock in truth._stocks]
    pool = [card for stock in stocks for card in stock[:-1]] + list(truth._draw_pile)
    random.Random(f"skipbo/handseer/{seed}").shuffle(pool)
    for stock in stocks:
        below = len(stock) - 1
        if below > 0:
            stock[:-1] = [pool.pop() for _ in range(below)]
    hands = [truth.hand_cards(seat) for seat in range(truth.rules.players)]
    return with_hidden_cards(truth, stocks, hands, pool, f"handseer/{seed}")
