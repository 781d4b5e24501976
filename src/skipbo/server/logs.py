"""One log setup for both servers: a JSON object per line, never a secret in it.

``skipbo serve`` hands :func:`log_config` to uvicorn, which applies it in every
worker process, so one process and every cluster worker write the same lines on
stderr: ``{"time", "level", "logger", "worker", "message", ...}`` plus the
fields of the event (:func:`event`): a refusal names its code, the table and the
worker, never a token, a password, a session or the store's password.

Secrets are kept out twice: fields whose name says secret (:data:`SECRET_KEYS`)
are written as ``***``, and every text (message, field, traceback) is scrubbed
of URL passwords and ``key=value`` secrets (:func:`scrub`), since a library's
error message may quote what it was given.
"""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import time
from typing import Any

ENV_LEVEL = "SKIPBO_LOG_LEVEL"
"""The level of the server's own loggers (default ``info``: one line per refusal)."""
SECRET_KEYS = ("password", "passwd", "token", "session", "cookie", "secret", "authorization")
HIDDEN = "***"
_URL_PASSWORD = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^/\s:@]*):[^@\s/]*@")
_KEY_VALUE = re.compile(
    r"(?i)(" + "|".join(SECRET_KEYS) + r")([\w-]*[\"']?\s*[:=]\s*[\"']?)([^\"'\s,&;})]+)"
)
_WORKER = [f"{socket.gethostname()}:{os.getpid()}"]
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message"}


def set_worker(name: str) -> None:
    """Name this process in every line (a cluster worker's name, as in its leases)."""
    _WORKER[0] = name


def worker() -> str:
    return _WORKER[0]


def scrub(text: str) -> str:
    """``text`` with URL passwords and ``password=...``-like values replaced by ``***``."""
    text = _URL_PASSWORD.sub(rf"\1:{HIDDEN}@", text)
    return _KEY_VALUE.sub(rf"\1\2{HIDDEN}", text)


def _clean(key: str, value: Any) -> Any:
    if any(word in key.lower() for word in SECRET_KEYS):
        return HIDDEN
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, int | float | bool) or value is None:
        return value
    return scrub(str(value))


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON, secrets removed (see the module)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "worker": worker(),
        }
        message = record.getMessage()
        fields = _fields(record)
        if message.startswith("{"):  # an event written as JSON text: its fields, flat
            try:
                fields = {**json.loads(message), **fields}
                message = str(fields.get("event", ""))
            except (json.JSONDecodeError, TypeError):
                pass
        line["message"] = scrub(message)
        for key, value in fields.items():
            if key not in line:
                line[key] = _clean(key, value)
        if record.exc_info:
            line["exception"] = scrub(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    """What :func:`event` or ``extra=`` attached to the record."""
    return {k: v for k, v in record.__dict__.items() if k not in _STANDARD}


def event(logger: logging.Logger, level: int, name: str, **fields: Any) -> None:
    """One structured line: ``message`` is ``name``, each field a key of the line."""
    if logger.isEnabledFor(level):
        logger.log(level, "%s", name, extra={"event": name, **fields})


class WorkerDeaths(logging.Filter):
    """uvicorn's supervisor (``--workers N``) says a worker died at INFO ("Child process
    [PID] died"), among start-up chatter: that line is passed as a warning, for the
    operator to see (a kill -9, a worker that stopped answering), the other INFO lines
    of ``uvicorn.error`` are dropped as before."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.WARNING:
            return True
        text = record.getMessage()
        if text.startswith("Child process [") and text.endswith("died"):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            return True
        return False


POOL_TRIES = frozenset(
    {
        "error connecting in %r: %s",
        "reconnection attempt in pool %r failed after %s sec",
        "discarding broken connection: %s",
        "discarding closed connection: %s",
    }
)
"""psycopg_pool's warnings (their format strings) about one try at (re)connecting."""


class PoolTries(logging.Filter):
    """psycopg's pool writes a warning for each try at reconnecting while PostgreSQL is
    away (and one per dead connection it finds): hundreds of lines in a long outage. A
    cluster worker says the outage itself, once when it starts (with why) and once when
    it is back (:class:`~.cluster.db.ClusterDb`), so these are dropped, or passed at
    debug when ``show`` (the server's level is debug). The pool's other warnings (a
    connection returned mid-transaction: a bug of ours) pass unchanged."""

    def __init__(self, show: bool = False) -> None:
        super().__init__()
        self.show = show

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg not in POOL_TRIES:
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return self.show


def log_config(level: str | None = None) -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of a server (uvicorn applies it in each worker)."""
    level = (level or os.environ.get(ENV_LEVEL) or "info").upper()
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    quiet = {"handlers": ["stderr"], "level": "WARNING", "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "filters": {
            "worker_deaths": {"()": f"{__name__}.WorkerDeaths"},
            "pool_tries": {"()": f"{__name__}.PoolTries", "show": level == "DEBUG"},
        },
        "handlers": {"stderr": handler},
        "loggers": {
            "skipbo": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn": quiet,
            "uvicorn.error": {**quiet, "level": "INFO", "filters": ["worker_deaths"]},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
            "psycopg.pool": {"level": "WARNING", "filters": ["pool_tries"]},
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
    }
