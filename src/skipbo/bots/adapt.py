"""Anything that can choose a move, as a :class:`~skipbo.bots.Bot`.

Environments and loops that seat opponents take a built-in bot's name, a
:class:`~skipbo.bots.Bot` instance (e.g. a frozen snapshot of a learner, for
self-play) or a plain function ``(view, legal) -> move``; :func:`as_bot` makes
each of them a bot, so the loops themselves only ever call ``choose``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Union

from skipbo.core import Move, PlayerView

from .base import Bot
from .registry import make_bot

Policy = Callable[[PlayerView, Sequence[Move]], Move]
"""A bot as a plain function: the move to play in the position ``view`` shows."""
BotLike = Union[str, Bot, Policy]  # noqa: UP007 - a runtime alias; Bot is a Protocol
"""A built-in bot's name, a :class:`Bot`, or a :data:`Policy`."""


class PolicyBot:
    """A :data:`Policy` function as a :class:`Bot`, named after the function."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.name = getattr(policy, "__name__", type(policy).__name__)

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """What the function answers."""
        return self.policy(view, legal)


def is_bot_like(value: object) -> bool:
    """True for one bot (a name, a Bot or a function), False for a list of them."""
    return isinstance(value, str) or hasattr(value, "choose") or callable(value)


def as_bot(bot: BotLike, seed: int | str = 0) -> Bot:
    """``bot`` as a :class:`Bot`: a name makes a fresh built-in bot seeded ``seed``,
    a Bot is itself, a function is wrapped. ``ValueError`` for an unknown name,
    ``TypeError`` for anything else."""
    if isinstance(bot, str):
        return make_bot(bot, seed)
    if hasattr(bot, "choose"):
        return bot  # type: ignore[return-value]
    if callable(bot):
        return PolicyBot(bot)
    raise TypeError(f"a bot must be a name, a Bot or a function (view, legal) -> move, not {bot!r}")
