"""Bots at a table: a decision computed from the view only, away from the event loop.

A :class:`BotTurn` is all a bot may know (rules §10): its player view as JSON and
the legal moves as notation, plus a position key so that a late answer for a
position that has moved on is dropped. :func:`choose_bot_move` is a plain,
picklable function, so the app can run it in a thread or a process pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skipbo.bots import make_bot
from skipbo.core import PlayerView, format_move, parse_move


@dataclass(frozen=True, slots=True)
class BotTurn:
    """One decision asked of a bot seat."""

    code: str
    seat: int
    bot: str
    seed: str
    """The bot's own seed (not the deal's): the bot's choices are its own business."""
    round_index: int
    move_index: int
    view: dict[str, Any]
    legal: tuple[str, ...]


def choose_bot_move(turn: BotTurn) -> str:
    """The move text the bot plays; only ever sees the view and the legal moves."""
    bot = make_bot(turn.bot, turn.seed)
    view = PlayerView.from_dict(turn.view)
    move = bot.choose(view, [parse_move(text) for text in turn.legal])
    return format_move(move)
