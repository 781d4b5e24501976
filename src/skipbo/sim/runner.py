"""The loop that lets bots play one round.

Bots get a :class:`~skipbo.core.PlayerView` and the legal moves, never the
:class:`~skipbo.core.Round` itself, so an in-process bot is held to the same
information as a remote one (rules §10). The loop is the inner loop of every
simulation, so it binds its lookups to locals and does nothing per move beyond
asking for the legal moves, the view and the bot's choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.bots.adapt import BotLike, Policy, as_bot
from skipbo.core import Round, Rules, new_round, player_view


def play_round(
    rules: Rules, bots: Sequence[BotLike], seed: int | str, dealer: int | None = None
) -> Round:
    """Deal a round from ``seed`` and let ``bots[seat]`` play for every seat.

    A bot is what the RL environments take too: a :class:`~skipbo.bots.Bot`, a
    plain function ``(view, legal) -> move``, or a built-in bot's name (made
    afresh, seeded ``f"{seed}/{seat}"``). A bot that answers a move outside the
    legal list forfeits the round (the round ends at once with reason
    ``"forfeit"``), as the bot protocol says for remote bots; the core never sees
    the illegal move. Returns the finished round.
    """
    if isinstance(bots, str) or len(bots) != rules.players:
        count = "one name" if isinstance(bots, str) else str(len(bots))
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {count}")
    choose = [_chooser(bot, f"{seed}/{seat}") for seat, bot in enumerate(bots)]
    state = new_round(rules, seed, dealer)
    legal_moves = state.legal_moves
    apply = state.apply_unchecked
    view = player_view
    while state.result is None:
        seat = state.to_move
        legal = legal_moves()
        move = choose[seat](view(state, seat), legal)
        if move not in legal:
            state.forfeit(seat)
            break
        apply(move)
    return state


def _chooser(bot: BotLike, seed: str) -> Policy:
    """The function that picks ``bot``'s moves: its ``choose``, or the function itself."""
    if not isinstance(bot, str) and not hasattr(bot, "choose") and callable(bot):
        return bot
    return as_bot(bot, seed).choose
