"""The errors the rules core raises: one family under :class:`SkipBoError`.

Every error is a ``ValueError`` subclass so that callers who only care that an
input was wrong can catch one type, while callers who must say *which* input was
wrong (the command line, the server) can tell them apart::

    ValueError
     └── SkipBoError              anything skipbo.core refuses
          ├── RulesError          impossible rules (players, stock, partnerships, cap)
          ├── DealError           an impossible deal, or a seed that is no seed
          ├── BadRecordError      a record that cannot be read or replayed
          └── IllegalMoveError    a move the rules do not allow now
               ├── MoveSyntaxError    not a move at all: "h1-b1", "S-B9", None
               └── RoundOverError     any move after the round has ended

So ``except IllegalMoveError`` around :meth:`~skipbo.core.Round.play` catches
every refused move, whether it is against the rules or not written as a move.
"""

from __future__ import annotations

import operator
import warnings


class SkipBoError(ValueError):
    """Base class of every error raised by :mod:`skipbo.core`."""


class RulesError(SkipBoError):
    """Impossible rules: player count, stock size, partnerships or cap."""


class DealError(SkipBoError):
    """A deal that cannot happen: a dealer who is not a seat, a deck that is not whole."""


class IllegalMoveError(SkipBoError):
    """A move that may not be played now: against the rules in this position
    (this class itself), not a move at all (:class:`MoveSyntaxError`) or played
    after the round ended (:class:`RoundOverError`)."""


class MoveSyntaxError(IllegalMoveError):
    """Something that is not a move: text not written exactly as the notation says
    (``"h1-b1"``, ``"S-B9"``), or a value that is neither a move id nor text
    (``None``). Its message shows what a move looks like (:data:`MOVE_EXAMPLES`)."""


class RoundOverError(IllegalMoveError):
    """A move offered after the round has already ended."""


class BadRecordError(SkipBoError):
    """A game record that cannot be replayed (deck, shuffles, result, fields)."""


MOVE_EXAMPLES = "S-B1, D2-B3, H7-B4, HSB-D1, pS-B2 or end"
"""What a move looks like, for error messages (notation.md: exact case, no spaces)."""


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


def whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number (an int, a NumPy integer; not a bool,
    a float or a string), else None: the check of every API that takes a seat or a
    move id, so that ``40.9`` or ``True`` is refused rather than read as 40 or 1."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def deprecated(old: str, new: str) -> None:
    """Warn that ``old`` is a deprecated name for ``new`` (the caller's caller is blamed)."""
    warnings.warn(
        f"{old} is deprecated; use {new} (same data: a dict, not JSON text)",
        DeprecationWarning,
        stacklevel=3,
    )
