"""The pure rules core of Skip-Bo: no I/O, no global random state, no asyncio.

Public API (see each object's docstring):

- start a round: :func:`new_round` (from a seed; without one, from a seed drawn
  fresh from the operating system, which touches no shared random state) or
  :meth:`Round.deal` (from a deck order); a whole match: :class:`Match`;
- moves: :meth:`Round.legal_moves`, :meth:`Round.is_legal`,
  :meth:`Round.why_illegal`, :meth:`Round.play` (each takes a move id or its
  notation, ``"S-B1"``), :meth:`Round.play_while_legal` (a list of moves in
  notation, as a replay plays them); notation: :func:`parse_move`, :func:`format_move`,
  ``MOVE_TEXT[move]``; who began: :attr:`Round.first_seat`; taking back:
  :meth:`Round.undo`; copies: :meth:`Round.copy`; ``str(round)`` draws the table;
- what a seat may see: :func:`player_view`;
- records: :func:`parse_record` (a dict or JSON text), :func:`start_round` (a
  record's round as dealt, to step through its moves), :func:`replay`,
  :func:`record_json`; files of records are :mod:`skipbo.records_io`;
- JSON data: ``to_dict``/``from_dict`` on views, rules, results, outcomes and
  records (``to_json``/``from_json`` are deprecated names of the same);
- errors: one family under :class:`SkipBoError` (a ``ValueError``); every refused
  move is an :class:`IllegalMoveError`, text that is no move a
  :class:`MoveSyntaxError` (see :mod:`skipbo.core.errors`).
"""

from .cards import NO_CARD, SB, card_name, full_deck, parse_card
from .deal import dealer_by_high_card, seeded_dealer, shuffled_deck
from .errors import (
    BadRecordError,
    DealError,
    IllegalMoveError,
    MoveSyntaxError,
    RoundOverError,
    RulesError,
    SkipBoError,
)
from .match import DEFAULT_TARGET, Match, new_round
from .moves import (
    END,
    MOVE_COUNT,
    MOVE_INFO,
    MOVE_TEXT,
    Move,
    MoveInfo,
    as_move,
    format_move,
    parse_move,
)
from .records import FORMAT, Record, ReplayOutcome, parse_record, record_json, replay, start_round
from .rules import Rules, default_stock
from .shuffles import RecordedShuffles, SeededShuffler, Shuffler
from .state import NO_WINNER_REASONS, Round, RoundResult
from .view import PlayerView, PublicPlayer, player_view

__all__ = [
    "DEFAULT_TARGET",
    "END",
    "FORMAT",
    "MOVE_COUNT",
    "MOVE_INFO",
    "MOVE_TEXT",
    "NO_CARD",
    "NO_WINNER_REASONS",
    "SB",
    "BadRecordError",
    "DealError",
    "IllegalMoveError",
    "Match",
    "Move",
    "MoveInfo",
    "MoveSyntaxError",
    "PlayerView",
    "PublicPlayer",
    "Record",
    "RecordedShuffles",
    "ReplayOutcome",
    "Round",
    "RoundOverError",
    "RoundResult",
    "Rules",
    "RulesError",
    "SeededShuffler",
    "Shuffler",
    "SkipBoError",
    "as_move",
    "card_name",
    "dealer_by_high_card",
    "default_stock",
    "format_move",
    "full_deck",
    "new_round",
    "parse_card",
    "parse_move",
    "parse_record",
    "player_view",
    "record_json",
    "replay",
    "seeded_dealer",
    "shuffled_deck",
    "start_round",
]
