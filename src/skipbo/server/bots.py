"""Bots at a table: a decision computed from the view only, away from the event loop.

A :class:`BotTurn` is all a bot may know (rules §10): its player view as JSON and
the legal moves as notation, plus a position key so that a late answer for a
position that has moved on is dropped. :func:`choose_bot_move` is a plain,
picklable function, so the app can run it in a thread or a process pool.

A bot seat's bot is kept between its decisions of a round (:class:`KeptBots`), as a
person remembers the turns they saw: the expert follows the other seat's turns to
guess its hand (at two players). What it keeps is what its own views showed, nothing
else. Where it is not kept (another process, a restart, a worker taking the table
over, more tables than :data:`KEPT_BOTS`) a new one starts from the view in front of
it and plays on as well as a bot that has just sat down. Hints never use a kept bot.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from skipbo.bots import make_bot
from skipbo.bots.base import Bot
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
    kept: bool = True
    """Whether the seat's bot is kept for its next decisions (a hint's is not)."""


KEPT_BOTS = 4096
"""Bots kept at most (the ones used longest ago are let go first)."""


class KeptBots:
    """The bots of bot seats, one per table, seat, round and bot name, each with a lock
    (a seat's decisions come one after another; the lock keeps it so even when a
    cancelled decision is still running in its thread)."""

    def __init__(self, limit: int = KEPT_BOTS) -> None:
        self.limit = limit
        self._bots: OrderedDict[tuple[str, int, int, str], tuple[Bot, threading.Lock]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def get(self, turn: BotTurn) -> tuple[Bot, threading.Lock]:
        """The seat's bot for this round (a new one on its first decision)."""
        key = (turn.code, turn.seat, turn.round_index, turn.bot)
        with self._lock:
            kept = self._bots.pop(key, None)
            if kept is None:
                kept = (make_bot(turn.bot, turn.seed), threading.Lock())
            self._bots[key] = kept
            while len(self._bots) > self.limit:
                self._bots.popitem(last=False)
        return kept

    def __len__(self) -> int:
        return len(self._bots)


KEPT = KeptBots()
"""This process's kept bots."""


def choose_bot_move(turn: BotTurn) -> str:
    """The move text the bot plays; only ever sees the view and the legal moves (and,
    kept, the views of its earlier decisions in the round)."""
    view = PlayerView.from_dict(turn.view)
    legal = [parse_move(text) for text in turn.legal]
    if not turn.kept:
        return format_move(make_bot(turn.bot, turn.seed).choose(view, legal))
    bot, lock = KEPT.get(turn)
    with lock:
        return format_move(bot.choose(view, legal))
