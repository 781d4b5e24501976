"""Every refusal the server can send, as a code with parameters: one registry.

The page shows errors in its own language, so a refusal travels as
``{"error": English text, "code": ..., "params": {...}, "field"?: ...}``; the
English text is made here from the same template the page's ``errors.js``
translates. A code missing from :data:`ERRORS` is a bug caught at once (KeyError
in tests), and a test checks that ``errors.js`` has a text for every code in
every language.
"""

from __future__ import annotations

from typing import Any

ERRORS: dict[str, str] = {
    # tables and seats
    "no_table": "no table with this code",
    "table_full": "the table is full",
    "game_started": "the game has started: a seat can no longer be left",
    "not_started": "the game has not started: seats are still open",
    "wrong_token": "wrong token",
    "not_your_seat": "seat {seat} is not yours at this table",
    "name_invalid": (
        "a name is 1..{max} characters (an emoji, or a letter with its accents, counts as one):"
        " letters, digits, punctuation, spaces and emoji, nothing invisible"
    ),
    "bots_only_name": "a table of bots only has no seat for a name",
    "too_many_tables": "too many tables created: at most {limit} a minute",
    "too_many_guests": "too many new players from this address: at most {limit} a minute",
    "too_many_sockets": "too many connections from this address: at most {limit} at once",
    "too_many_misses": (
        "too many table codes that lead nowhere from this address: at most {limit} a minute"
    ),
    # moves and rounds
    "not_your_turn": "not your turn: seat {seat} is to move",
    "round_over": "the round is over",
    "round_not_over": "the round is not over yet",
    "move_syntax": "{reason}",
    "illegal_move": "{move}: {reason}",
    "stale_bot_move": "the bot answered a position that is gone",
    "table_moved_on": "the table changed meanwhile: your move was not played",
    "not_a_bot": "seat {seat} is not a bot",
    "game_over": "the game is over",
    "resigned": "you resigned: you can watch, not play",
    "no_round": "no round {round} at this table",
    "hints_off": "hints are off at this table",
    "record_not_ready": "a round's record is available once the round is over",
    # the table's set-up
    "teams_players": "partnerships need 4 or 6 players, not {players}",
    "stock_too_large": "a stock of {stock} is too large for {players} players (at most {max})",
    "seats_count": "seats must list {players} entries, not {count}",
    "seat_kind": "a seat is 'human' or one of {known}, not {kind}",
    "invalid_rules": "{reason}",
    # requests (HTTP validation and WebSocket messages)
    "invalid_field": "{field} must be {min}..{max}",
    "too_long": "{field} is at most {max} characters",
    "too_many_items": "{field} holds at most {max} entries",
    "missing_field": "{field} is missing",
    "unknown_field": "{field} is not a known field",
    "invalid_value": "{field}: {reason}",
    "bad_json": "the request is not valid JSON",
    "too_large": "the request is too large: at most {max} bytes",
    "not_found": "not found",
    "method_not_allowed": "method not allowed",
    "empty_message": "empty message",
    "message_too_large": "message too large: {size} bytes (at most {max})",
    "malformed_message": "malformed message: {where}: {reason}",
    "rate_limited": "rate limit exceeded: slow down",
    "too_many_reactions": "too many reactions: {burst} in a row, then {per_minute} a minute",
    "say_hello_first": "say hello first",
    "spectator": "a spectator cannot act",
    "internal": "internal error",
    "cross_origin": "a request from another site is refused",
    "storage_unavailable": "the server cannot reach its database: nothing was changed; "
    "try again in a moment",
    # replays
    "record_too_large": "a record may be at most {max} bytes",
    "record_not_utf8": "a record must be UTF-8 JSON",
    "record_lines": "this file holds {lines} lines: upload one record (one line)",
    "record_not_json": "not JSON: upload a skipbo-record/1 file",
    "bad_record": "bad record: {reason}",
    "record_does_not_replay": "the record does not replay: {reason}",
    "record_illegal_move": "the record does not replay at move {index}: {reason}",
    "record_too_many_moves": "this record holds {moves} moves: at most {max} are replayed",
    # analyses of uploaded records
    "record_unfinished": "the round of this record is not over: only finished rounds are analysed",
    "record_too_long": "this record holds {moves} moves: at most {max} are analysed",
    "too_many_analyses": "too many analyses asked for: at most {limit} a minute",
    # accounts, names and log-ins (:mod:`.account_errors`)
    "user_name_length": (
        "a user name is {min}..{max} characters long (an emoji, or a letter with its accents,"
        " counts as one)"
    ),
    "user_name_characters": (
        "a user name holds letters, digits, emoji, single spaces and - _ . ' only, not {character}"
    ),
    "user_name_letter": "a user name needs at least one letter or digit",
    "user_name_reserved": "{name} is reserved: choose another name",
    "user_name_taken": (
        "{name} is taken (names that differ only in case or in look-alike letters count as one)"
    ),
    "password_length": "a password is {min}..{max} characters long",
    "password_is_name": "the password must not be the user name",
    "log_in_failed": "wrong user name or password",
    "too_many_log_ins": "too many failed log-ins: try again in {seconds} s",
    "not_logged_in": "you are not logged in, or your session has ended",
    "already_account": "you have an account already",
    "not_an_account": "a guest has no account: claim one first",
}
"""Code -> English template (``str.format`` with the parameters)."""


class CodedError(ValueError):
    """A refusal with a code from :data:`ERRORS`; ``str()`` is the English text.

    ``field`` names the request field at fault (validation errors only).
    """

    def __init__(self, code: str, field: str | None = None, **params: Any) -> None:
        self.code = code
        self.field = field
        self.params = params
        super().__init__(ERRORS[code].format(field=field, **params))

    def payload(self) -> dict[str, Any]:
        """The HTTP error body."""
        out: dict[str, Any] = {"error": str(self), "code": self.code, "params": self.params}
        if self.field is not None:
            out["field"] = self.field
        return out

    def message(self) -> dict[str, Any]:
        """The WebSocket error message (``field`` too when a message field is at fault)."""
        out = {"type": "error", "code": self.code, "params": self.params, "error": str(self)}
        if self.field is not None:
            out["field"] = self.field
        return out
