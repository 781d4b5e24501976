"""The refusals of accounts, names and log-ins, as codes like every other refusal.

:class:`AccountError` is a :class:`~.errors.CodedError` (same ``payload`` and
``message``), whose English templates live here until they join
:data:`~.errors.ERRORS` and ``static/errors.js`` (which translates them) with
the routes that send them. :data:`STATUS` is the HTTP status each one deserves.
"""

from __future__ import annotations

from typing import Any

from .errors import ERRORS, CodedError

ACCOUNT_ERRORS: dict[str, str] = {
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

STATUS: dict[str, int] = {
    "log_in_failed": 401,
    "not_logged_in": 401,
    "user_name_taken": 409,
    "already_account": 409,
    "not_an_account": 403,
    "too_many_log_ins": 429,
}
"""The HTTP status of a refusal (400 when not listed)."""


class AccountError(CodedError):
    """A refused account request: code, parameters, the field at fault; safe to send.

    Its text never holds a password or a session id: the parameters are names,
    limits and seconds only.
    """

    def __init__(self, code: str, field: str | None = None, **params: Any) -> None:
        self.code = code
        self.field = field
        self.params = params
        template = ERRORS.get(code) or ACCOUNT_ERRORS[code]
        ValueError.__init__(self, template.format(field=field, **params))

    @property
    def status(self) -> int:
        """The HTTP status to answer with."""
        return STATUS.get(self.code, 400)
