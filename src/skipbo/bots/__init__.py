"""Bots: programs that choose moves from a player view and the legal moves."""

from .base import Bot
from .registry import bot_names, make_bot

__all__ = ["Bot", "bot_names", "make_bot"]
