"""The loop that lets bots play one round.

Bots get a :class:`~skipbo.core.PlayerView` and the legal moves, never the
:class:`~skipbo.core.Round` itself, so an in-process bot is held to the same
information as a remote one (rules §10). The loop is the inner loop of every
simulation, so it binds its lookups to locals and does nothing per move beyond
asking for the legal moves, the view and the bot's choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.bots import Bot
from skipbo.core import Round, Rules, new_round, player_view


def play_round(
    rules: Rules, bots: Sequence[Bot], seed: int | str, dealer: int | None = None
) -> Round:
    """Deal a round from ``seed`` and let ``bots[seat]`` play for every seat.

    A bot that answers a move outside the legal list forfeits the round (the
    round ends at once with reason ``"forfeit"``), as the bot protocol says for
    remote bots; the core never sees the illegal move. Returns the finished round.
    """
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    state = new_round(rules, seed, dealer)
    legal_moves = state.legal_moves
    apply = state.apply_unchecked
    view = player_view
    choose = [bot.choose for bot in bots]
    while state.result is None:
        seat = state.to_move
        legal = legal_moves()
        move = choose[seat](view(state, seat), legal)
        if move not in legal:
            state.forfeit(seat)
            break
        apply(move)
    return state
