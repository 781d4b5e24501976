"""Game records (``skipbo-record/1``): reading, replaying and writing rounds.

A record is plain JSON data (or its text); this module turns it into a
:class:`Record`, replays it through the one rule path
(:class:`~skipbo.core.state.Round`) and writes finished or running rounds back
out. No file I/O happens here: files of records are :mod:`skipbo.records_io`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK_SIZE, card_name, full_deck, is_full_deck, parse_cards
from .errors import BadRecordError, RulesError, deprecated, shown
from .moves import MOVE_BY_TEXT, MOVE_TEXT, malformed_move
from .rules import Rules
from .shuffles import RecordedShuffles
from .state import REASON_FORFEIT, Round

FORMAT = "skipbo-record/1"
_KNOWN_RESULT_KEYS = ("winner", "reason", "points", "team", "forfeited", "moves", "turns")


@dataclass(slots=True)
class Record:
    """One round's record, checked for shape but not yet replayed."""

    rules: Rules
    dealer: int
    deck: list[int]
    moves: list[Any]
    """Move texts as written; checked one by one when replayed."""
    shuffles: list[list[int]] = field(default_factory=list)
    names: list[str] | None = None
    result: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """Fields this version does not know, kept so that nothing is lost."""

    @classmethod
    def from_dict(cls, data: object) -> Record:
        """:func:`parse_record` of a decoded record (a dict)."""
        if not isinstance(data, dict):
            raise BadRecordError(f"a record must be a JSON object, not {type(data).__name__}")
        return parse_record(data)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data again (unknown fields kept), for ``json.dumps``."""
        out: dict[str, Any] = {"format": FORMAT, "rules": self.rules.to_dict()}
        if self.names is not None:
            out["names"] = list(self.names)
        out["dealer"] = self.dealer
        out["deck"] = [card_name(c) for c in self.deck]
        out["shuffles"] = [[card_name(c) for c in order] for order in self.shuffles]
        out["moves"] = list(self.moves)
        if self.result is not None:
            out["result"] = dict(self.result)
        out.update(self.extra)
        return out


@dataclass(slots=True)
class ReplayOutcome:
    """What replaying a record found: ``ok``, or where and why it failed."""

    ok: bool
    state: Round | None
    index: int | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Deprecated name of :meth:`to_dict`."""
        deprecated("ReplayOutcome.to_json", "ReplayOutcome.to_dict")
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """The line ``skipbo replay`` prints for this record (a dict)."""
        if self.ok:
            assert self.state is not None
            result = self.state.result
            return {"ok": True, "result": None if result is None else result.to_dict()}
        return {"ok": False, "index": self.index, "error": self.error}


def _cards(value: object, what: str) -> list[int]:
    if not isinstance(value, list):
        raise BadRecordError(f"{what} must be a list of cards")
    try:
        return parse_cards(value)
    except ValueError as exc:
        raise BadRecordError(f"{what}: {exc}") from None


def parse_record(data: object) -> Record:
    """A record from its decoded JSON object (a dict) or from its JSON text (``str``
    or ``bytes``, one line or pretty-printed); checks its shape, not its moves.

    Raises :class:`BadRecordError` saying what is wrong. Reading files of records
    is :func:`skipbo.records_io.read_records`'s job (the core does no I/O).
    """
    if isinstance(data, str | bytes | bytearray):
        data = _decode(data)
    if not isinstance(data, dict):
        raise BadRecordError("a record must be a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise BadRecordError(f"format must be {FORMAT!r}, not {shown(data.get('format'))}")
    if "rules" not in data:
        raise BadRecordError("a record must have its rules")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except RulesError as exc:
        raise BadRecordError(f"impossible rules: {exc}") from None
    dealer = data.get("dealer")
    if not rules.is_seat(dealer):
        raise BadRecordError(f"dealer must be a seat 0..{rules.players - 1}, not {shown(dealer)}")
    deck = _cards(data.get("deck"), "deck")
    if len(deck) != DECK_SIZE or not is_full_deck(deck):
        fault = _deck_fault(deck)
        raise BadRecordError(f"deck must hold the {DECK_SIZE} cards of one game ({fault})")
    shuffles = data.get("shuffles", [])
    if not isinstance(shuffles, list):
        raise BadRecordError("shuffles must be a list of card lists")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise BadRecordError("moves must be a list of move strings")
    names = data.get("names")
    if names is not None and not (
        isinstance(names, list)
        and len(names) == rules.players
        and all(isinstance(name, str) for name in names)
    ):
        raise BadRecordError(f"names must list {rules.players} names (strings)")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise BadRecordError("result must be an object")
    known = {"format", "rules", "dealer", "deck", "shuffles", "moves", "names", "result"}
    return Record(
        rules=rules,
        dealer=dealer,
        deck=deck,
        moves=moves,
        shuffles=[_cards(s, f"shuffle {i + 1}") for i, s in enumerate(shuffles)],
        names=names,
        result=result,
        extra={k: v for k, v in data.items() if k not in known},
    )


def _deck_fault(deck: list[int]) -> str:
    """What is wrong with a deck that is not one game's: its size, else a card's count."""
    if len(deck) != DECK_SIZE:
        return f"it has {len(deck)}"
    have = Counter(deck)
    for card, count in sorted(Counter(full_deck()).items()):
        if have[card] != count:
            return f"it has {have[card]} cards {card_name(card)!r}, not {count}"
    return "it holds a card that is not one"


def _decode(text: str | bytes | bytearray) -> object:
    """JSON text decoded, or :class:`BadRecordError` saying why it is not JSON."""
    try:
        return json.loads(text)
    except UnicodeDecodeError:
        raise BadRecordError("a record must be UTF-8 text") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise BadRecordError(f"a record must be JSON: {exc}") from None
    except ValueError:  # an integer longer than sys.get_int_max_str_digits()
        raise BadRecordError("the record holds a number too large") from None


def start_round(record: Record) -> Round:
    """The round as dealt, taking reshuffles from the record."""
    return Round.deal(record.rules, record.dealer, record.deck, RecordedShuffles(record.shuffles))


def replay(record: Record) -> ReplayOutcome:
    """Play every move of ``record`` and check its stated result.

    The outcome names the first illegal move's index, or ``index=None`` when the
    record itself is bad (a missing or wrong shuffle, a result that differs).
    """
    state = start_round(record)
    try:
        index = state.play_while_legal(record.moves)
    except BadRecordError as exc:  # a reshuffle the record lacks or gets wrong
        return ReplayOutcome(False, state, None, str(exc))
    if index < len(record.moves):
        text = record.moves[index]
        move = MOVE_BY_TEXT.get(text) if isinstance(text, str) else None
        if move is None:
            return ReplayOutcome(False, state, index, malformed_move(text))
        return ReplayOutcome(False, state, index, f"{text}: {state.why_illegal(move)}")
    if record.result is not None:
        problem = _check_result(state, record.result)
        if problem is not None:
            return ReplayOutcome(False, state, None, problem)
    return ReplayOutcome(True, state)


def _check_result(state: Round, stated: dict[str, Any]) -> str | None:
    if stated.get("reason") == REASON_FORFEIT and state.result is None:
        seat = stated.get("forfeited")
        if seat != state.to_move:
            return (
                f"result: forfeited must be the seat to move ({state.to_move}), not {shown(seat)}"
            )
        state.forfeit(state.to_move)
    if state.result is None:
        return "the record states a result but its moves do not finish the round"
    actual = state.result.to_dict()
    for key in _KNOWN_RESULT_KEYS:
        required = key in stated or key in ("winner", "reason")
        if required and not _json_equal(stated.get(key), actual.get(key)):
            return (
                f"result: {key} is {shown(stated.get(key))} but the moves give {actual.get(key)!r}"
            )
    return None


def _json_equal(a: object, b: object) -> bool:
    """Equality of JSON values that does not take ``true`` for ``1``."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def record_json(
    state: Round, names: Sequence[str] | None = None, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The ``skipbo-record/1`` object of a round, finished or not."""
    out: dict[str, Any] = {"format": FORMAT, "rules": state.rules.to_dict()}
    out["names"] = (
        list(names) if names is not None else [f"seat{i}" for i in range(state.rules.players)]
    )
    out["dealer"] = state.dealer
    out["deck"] = [card_name(c) for c in state.deck]
    out["shuffles"] = [[card_name(c) for c in order] for order in state.shuffles]
    out["moves"] = [MOVE_TEXT[m] for m in state.history]
    if state.result is not None:
        out["result"] = state.result.to_dict()
    if extra:
        out.update(extra)
    return out
