"""The refusals of accounts, names and log-ins, as codes like every other refusal.

:class:`AccountError` is a :class:`~.errors.CodedError` (same ``payload`` and
``message``, English templates in :data:`~.errors.ERRORS`, translated by
``static/errors.js``). :data:`STATUS` is the HTTP status each one deserves.
"""

from __future__ import annotations

from .errors import CodedError

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

    @property
    def status(self) -> int:
        """The HTTP status to answer with."""
        return STATUS.get(self.code, 400)
