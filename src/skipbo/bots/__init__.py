"""Bots: programs that choose moves from a player view and the legal moves.

:func:`serve_bot` makes any :class:`Bot` a program that speaks ``skipbo-bot/1``
on its standard input and output (docs/protocol.md, "Your own bot in Python").
"""

from .base import Bot
from .protocol import serve_bot
from .registry import bot_names, ladder_names, make_bot

__all__ = ["Bot", "bot_names", "ladder_names", "make_bot", "serve_bot"]
