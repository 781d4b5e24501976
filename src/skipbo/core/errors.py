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


def shown(value: object) -> str:
    """``repr(value)`` for an error message about an input.

    An int longer than Python will print (``sys.get_int_max_str_digits()``, 4300
    digits by default) makes ``repr`` itself raise, with a hint about raising that
    limit; a record holding one deserves a plain message instead.
    """
    try:
        return repr(value)
    except ValueError:
        return "a number too large" if isinstance(value, int) else "a value with a number too large"
