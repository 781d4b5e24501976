"""``skipbo serve``: run the game server on uvicorn.

Wired into the ``skipbo`` command by :func:`add_serve_parser`; also runnable as
``python -m skipbo.server.command`` (the server tests start it that way, so that
they can kill it like a crash would).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tempfile import TemporaryDirectory

    from .settings import ServerSettings

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_DB = "sqlite:///skipbo.db"
ENV_DB = "SKIPBO_DB"
ENV_REDIS = "SKIPBO_REDIS"
"""Where ``skipbo serve`` reads ``--db`` and ``--redis`` when they are not given."""
CREATE_PER_MINUTE = 10
"""As :data:`skipbo.server.guard.CREATE_PER_MINUTE` (not imported: this module loads light)."""
ANALYSES_PER_MINUTE = 6
"""As :data:`skipbo.server.analysis.ANALYSES_PER_MINUTE` (not imported, the same reason)."""
SOCKETS_PER_ADDRESS = 200
"""As :data:`skipbo.server.guard.SOCKETS_PER_ADDRESS` (not imported, the same reason)."""
CODE_MISSES_PER_MINUTE = 30
"""As :data:`skipbo.server.guard.CODE_MISSES_PER_MINUTE` (not imported, the same reason)."""
GUESTS_PER_MINUTE = 120
"""As :data:`skipbo.server.guard.GUESTS_PER_MINUTE` (not imported, the same reason)."""
WS_MAX_SIZE = 64 * 1024
"""Frames above this are cut off by the protocol layer; 4 KiB..64 KiB get an error message."""


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``skipbo`` subcommands; it runs :func:`run_serve_command`."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the game server (play in a browser, with friends and bots)",
        description=(
            "Run the Skip-Bo server: tables, bots and storage. Every accepted move is "
            "stored before anyone sees it, and every table comes back after a restart."
        ),
    )
    _add_arguments(parser)
    parser.set_defaults(run=run_serve_command)
    return parser


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"(default {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"(default {DEFAULT_PORT})")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help=f"the storage: sqlite:///FILE or postgresql://USER:PASS@HOST:PORT/DB; "
        f"@FILE reads the URL from a file, and ${ENV_DB} is read when --db is not given, "
        f"so a password need not show in the process list (default {DEFAULT_DB})",
    )
    parser.add_argument(
        "--create-limit",
        type=int,
        default=CREATE_PER_MINUTE,
        metavar="N",
        help=f"tables one client (IP) may create a minute; 0 = no limit "
        f"(default {CREATE_PER_MINUTE})",
    )
    parser.add_argument(
        "--analysis-limit",
        type=int,
        default=ANALYSES_PER_MINUTE,
        metavar="N",
        help=f"uploaded records one client (IP) may have analysed a minute; 0 = no limit "
        f"(default {ANALYSES_PER_MINUTE})",
    )
    parser.add_argument(
        "--socket-limit",
        type=int,
        default=SOCKETS_PER_ADDRESS,
        metavar="N",
        help=f"WebSockets one client (IP) may hold open at once, per process; 0 = no limit "
        f"(default {SOCKETS_PER_ADDRESS})",
    )
    parser.add_argument(
        "--miss-limit",
        type=int,
        default=CODE_MISSES_PER_MINUTE,
        metavar="N",
        help=f"table codes leading nowhere one client (IP) may ask for a minute before every "
        f"code is refused to it for a while (on a cluster counted across the workers); "
        f"0 = no limit (default {CODE_MISSES_PER_MINUTE})",
    )
    parser.add_argument(
        "--guest-limit",
        type=int,
        default=GUESTS_PER_MINUTE,
        metavar="N",
        help=f"guest players one client (IP) may be given a minute (on a cluster counted "
        f"across the workers); 0 = no limit (default {GUESTS_PER_MINUTE})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="worker processes; above 1 needs --db postgresql://... and --redis (default 1)",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="redis://HOST:PORT/DB: run as a cluster worker (several processes or hosts on "
        f"one PostgreSQL database); needs --db postgresql://... and the extra 'cluster'; "
        f"@FILE and ${ENV_REDIS} as for --db",
    )


def secret_url(given: str | None, env: str, default: str | None) -> str | None:
    """A URL that may hold a password: as given, ``@FILE`` read from that file, else
    the environment variable ``env``, else ``default``.

    Options show in ``ps`` to every user of the host; a file or the environment
    (systemd's ``EnvironmentFile=``, say) does not. A missing or empty file is
    one line (ValueError).
    """
    if given is None:
        return os.environ.get(env) or default
    if not given.startswith("@"):
        return given
    path = given[1:]
    try:
        with open(path, encoding="utf-8") as file:
            url = file.readline().strip()
    except OSError as exc:
        raise ValueError(f"cannot read the URL from {path}: {exc.strerror or exc}") from None
    if not url:
        raise ValueError(f"{path} holds no URL on its first line")
    return url


def check_address(host: str, port: int) -> None:
    """Refuse, with one line (ValueError), an address the server cannot listen on.

    uvicorn takes a port above 65535 modulo 65536 and fails on a bad host only
    after "serving on" was printed, so the port's range is checked and a socket
    is bound for a moment, as uvicorn will (SO_REUSEADDR), before anything starts.
    """
    if not 1 <= port <= 65535:
        raise ValueError(f"--port must be 1..65535, not {port}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a host name"
        raise ValueError(f"--host {host!r}: {reason}") from None
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def run_serve_command(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns the exit status.

    A bad address or a bad or unreachable ``--db`` raises ValueError with a
    one-line message, which the ``skipbo`` command prints as its error (no traceback).
    """
    check_address(args.host, args.port)
    args.db = secret_url(args.db, ENV_DB, DEFAULT_DB)
    args.redis = secret_url(args.redis, ENV_REDIS, None)
    import uvicorn

    from .app import create_app
    from .logs import log_config
    from .storage import open_storage, safe_url

    settings = _settings(args)
    if args.redis is not None or args.workers != 1:
        return _run_cluster(args, settings)
    storage = open_storage(args.db)
    app = create_app(storage, settings)
    where = safe_url(args.db)
    print(f"skipbo: serving on http://{args.host}:{args.port}/ (storage {where})", flush=True)
    try:
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            ws_max_size=WS_MAX_SIZE,
            log_config=log_config(),
            log_level="warning",
        )
    finally:
        storage.close()
    return 0


def _settings(args: argparse.Namespace) -> ServerSettings:
    """The one settings value both kinds of server are built with."""
    from .settings import ServerSettings

    return ServerSettings(
        create_limit=args.create_limit,
        analysis_limit=args.analysis_limit,
        socket_limit=args.socket_limit,
        miss_limit=args.miss_limit,
        guest_limit=args.guest_limit,
    )


def _run_cluster(args: argparse.Namespace, settings: ServerSettings) -> int:
    """``--workers N --redis URL``: N uvicorn workers on one PostgreSQL database and Redis.

    The schema is created here, once, so that a bad URL is one line before any
    worker starts; each worker builds its app with ``cluster.app.app_from_env``.
    """
    import uvicorn

    from .storage import is_postgres_url, safe_url

    if args.redis is None or not is_postgres_url(args.db):
        raise ValueError(
            "--workers above 1 and --redis need both --db postgresql://... and --redis redis://..."
        )
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    from .cluster.app import ENV_DB, ENV_REDIS
    from .cluster.db import create_schema
    from .cluster.notify import check_redis
    from .logs import log_config

    create_schema(args.db)
    check_redis(args.redis)
    os.environ.update({ENV_DB: args.db, ENV_REDIS: args.redis, **settings.to_env()})
    shared = _share_metrics() if args.workers > 1 else None
    print(
        f"skipbo: serving on http://{args.host}:{args.port}/ with {args.workers} worker(s) "
        f"(storage {safe_url(args.db)}, news {safe_url(args.redis)})",
        flush=True,
    )
    uvicorn.run(
        "skipbo.server.cluster.app:app_from_env",
        factory=True,
        workers=args.workers,
        host=args.host,
        port=args.port,
        ws_max_size=WS_MAX_SIZE,
        log_config=log_config(),
        log_level="warning",
    )
    if shared is not None:
        shared.cleanup()
    return 0


def _share_metrics() -> TemporaryDirectory[str] | None:
    """Workers behind one port write their metrics into one folder, which any of them
    reads for ``/metrics`` (:mod:`.metrics`): the operator's ``PROMETHEUS_MULTIPROC_DIR``
    emptied, else a temporary folder (returned, to be removed at the end)."""
    import tempfile

    from .metrics import ENV_DIR, fresh_directory

    given = os.environ.get(ENV_DIR)
    if given:
        fresh_directory(given)
        return None
    made = tempfile.TemporaryDirectory(prefix="skipbo-metrics-")
    os.environ[ENV_DIR] = made.name
    return made


def main(argv: list[str] | None = None) -> int:
    """``python -m skipbo.server.command [--host H] [--port P] [--db URL] [--create-limit N]
    [--workers N --redis URL]``."""
    parser = argparse.ArgumentParser(prog="skipbo serve")
    _add_arguments(parser)
    return run_serve_command(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
