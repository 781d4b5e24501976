"""The refusals of accounts, names and log-ins, as codes like every other refusal.

:class:`AccountError` is a :class:`~.errors.CodedError` (same ``payload`` and
``message``), whose English templates live here until they join
:data:`~.errors.ERRORS` and ``static/errors.js`` (which translates them) with
the routes that send them. :data:`STATUS` is the HTTP status each one deserves.
"""

from __future__ import annotations

from typing import Any

from .errors import ERRORS, CodedError

ACCOUNT_CODES = (
    "user_name_length",
    "user_name_characters",
    "user_name_letter",
    "user_name_reserved",
    "user_name_taken",
    "password_length",
    "password_is_name",
    "log_in_failed",
    "too_many_log_ins",
    "not_logged_in",
    "already_account",
    "not_an_account",
)
ACCOUNT_ERRORS: dict[str, str] = {code: ERRORS[code] for code in ACCOUNT_CODES}
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
