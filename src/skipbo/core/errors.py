"""The errors the rules core raises.

Every error is a ``ValueError`` subclass so that callers who only care that an
input was wrong can catch one type, while callers who must say *which* input was
wrong (the command line, the server) can tell them apart.
"""

from __future__ import annotations


class SkipBoError(ValueError):
    """Base class of every error raised by :mod:`skipbo.core`."""


class RulesError(SkipBoError):
    """Impossible rules: player count, stock size, partnerships or cap."""


class DealError(SkipBoError):
    """A deal that cannot happen: a dealer who is not a seat, a deck that is not whole."""


class MoveSyntaxError(SkipBoError):
    """Move text that is not written exactly as the notation says."""


class IllegalMoveError(SkipBoError):
    """A well-formed move that the rules do not allow in this position."""


class RoundOverError(IllegalMoveError):
    """A move offered after the round has already ended."""


class BadRecordError(SkipBoError):
    """A game record that cannot be replayed (deck, shuffles, result, fields)."""
