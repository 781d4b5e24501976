"""Who plays: players, sessions, trusted devices, failed log-ins, who sits where.

Operations (:mod:`.tx`) for ``store.run(op)`` or ``await store.run_async(op)``,
written once for SQLite and PostgreSQL. Secrets never reach a statement: a
session id or a device token is stored as its SHA-256
(:func:`~.base.hash_token`), a password as its Argon2 hash, an address or a
name tried at log-in as a SHA-256 too. No operation returns a password hash
except :func:`account_by_key`, which the log-in needs to verify against; none
returns a session id.
"""

from __future__ import annotations

from dataclasses import dataclass

from .games import relist
from .tx import Op, Row, Tx, one

DELETED_NAME = "deleted player"


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A player as stored, without secrets: ``kind`` is guest, account or deleted."""

    player_id: int
    kind: str
    name: str
    created: float


@dataclass(frozen=True, slots=True)
class Credentials:
    """An account found by its name key, with the hash its password is checked against."""

    player: PlayerRow
    password_hash: str = ""

    def __repr__(self) -> str:  # never the hash, even in a traceback
        return f"Credentials({self.player!r})"


@dataclass(frozen=True, slots=True)
class Failures:
    """Failed log-ins in the window, most recent first (at most the limit asked for)."""

    account: list[float]
    address: list[float]
    trusted: bool
    """The device token presented is one this account was given at a log-in."""


_COLUMNS = "player_id, kind, name, created"


def _player(row: Row) -> PlayerRow:
    return PlayerRow(int(row[0]), str(row[1]), str(row[2]), float(row[3]))


def insert_player(
    kind: str, name: str, key: str | None, password_hash: str | None, now: float
) -> Op[PlayerRow | None]:
    """A new player; None if ``key`` (the name's) is taken."""

    def run(tx: Tx) -> PlayerRow | None:
        rows = tx.attempt(
            "INSERT INTO players (kind, name, name_key, password_hash, created)"
            f" VALUES ({{p}}, {{p}}, {{p}}, {{p}}, {{p}}) RETURNING {_COLUMNS}",
            (kind, name, key, password_hash, now),
        )
        return _player(rows[0]) if rows else None

    return run


def player(player_id: int) -> Op[PlayerRow | None]:
    """A player by id (a deleted one too: its games still show it)."""

    def run(tx: Tx) -> PlayerRow | None:
        row = one(tx, f"SELECT {_COLUMNS} FROM players WHERE player_id = {{p}}", (player_id,))
        return _player(row) if row else None

    return run


def account_by_key(key: str) -> Op[Credentials | None]:
    """The account whose name has ``key``, with its password hash (guests have none)."""

    def run(tx: Tx) -> Credentials | None:
        row = one(
            tx,
            f"SELECT {_COLUMNS}, password_hash FROM players"
            " WHERE name_key = {p} AND kind = 'account'",
            (key,),
        )
        return Credentials(_player(row), str(row[4])) if row else None

    return run


def password_hash(player_id: int) -> Op[str | None]:
    """An account's password hash (to check a password again before a change)."""

    def run(tx: Tx) -> str | None:
        row = one(
            tx,
            "SELECT password_hash FROM players WHERE player_id = {p} AND kind = 'account'",
            (player_id,),
        )
        return str(row[0]) if row and row[0] is not None else None

    return run


def rename(player_id: int, name: str, key: str) -> Op[bool]:
    """Give a guest or an account a new name; False if the key is another player's."""

    def run(tx: Tx) -> bool:
        done = tx.attempt(
            "UPDATE players SET name = {p}, name_key = {p}"
            " WHERE player_id = {p} AND kind != 'deleted' RETURNING player_id",
            (name, key, player_id),
        )
        return bool(done)

    return run


def make_account(player_id: int, name: str, key: str, password_hash: str) -> Op[str]:
    """A guest becomes an account, keeping its id (games, rating): "ok", "taken" or "not_guest"."""

    def run(tx: Tx) -> str:
        row = one(tx, "SELECT kind FROM players WHERE player_id = {p}", (player_id,))
        if row is None or row[0] != "guest":
            return "not_guest"
        done = tx.attempt(
            "UPDATE players SET kind = 'account', name = {p}, name_key = {p}, password_hash = {p}"
            " WHERE player_id = {p} RETURNING player_id",
            (name, key, password_hash, player_id),
        )
        if not done:
            return "taken"
        relist(tx, player_id)  # a guest with enough rated games joins the leaderboard
        return "ok"

    return run


def set_password_hash(player_id: int, password_hash: str) -> Op[None]:
    """Store a new password hash (a changed password, or a stronger hash of the same)."""

    def run(tx: Tx) -> None:
        tx.rows(
            "UPDATE players SET password_hash = {p} WHERE player_id = {p} AND kind = 'account'",
            (password_hash, player_id),
        )

    return run


def start_session(
    player_id: int,
    session_hash: str,
    now: float,
    expires: float,
    *,
    revoke: str | None = None,
    revoke_others: bool = False,
    device_hash: str | None = None,
    forget_devices_before: float = 0.0,
) -> Op[None]:
    """A new session; in the same transaction ``revoke`` (the session it replaces) ends.

    ``revoke_others`` ends every other session of the player (a new password);
    ``device_hash`` stores a trusted-device token given at this log-in, and the
    player's tokens issued before ``forget_devices_before`` are forgotten.
    """

    def run(tx: Tx) -> None:
        if revoke is not None:
            tx.rows("DELETE FROM sessions WHERE session_hash = {p}", (revoke,))
        if revoke_others:
            tx.rows("DELETE FROM sessions WHERE player_id = {p}", (player_id,))
        tx.rows(
            "INSERT INTO sessions (session_hash, player_id, created, seen, expires)"
            " VALUES ({p}, {p}, {p}, {p}, {p})",
            (session_hash, player_id, now, now, expires),
        )
        if device_hash is not None:
            tx.rows(
                "DELETE FROM devices WHERE player_id = {p} AND created < {p}",
                (player_id, forget_devices_before),
            )
            tx.rows(
                "INSERT INTO devices (device_hash, player_id, created) VALUES ({p}, {p}, {p})",
                (device_hash, player_id, now),
            )

    return run


def session_player(session_hash: str, now: float, refresh_after: float) -> Op[PlayerRow | None]:
    """The player of a live session, or None; an active session's end moves on.

    A session keeps its length (``expires - seen``): seen again more than
    ``refresh_after`` seconds after the last time, it ends that long after now.
    """

    def run(tx: Tx) -> PlayerRow | None:
        row = one(
            tx,
            "SELECT p.player_id, p.kind, p.name, p.created, s.seen FROM sessions s"
            " JOIN players p ON p.player_id = s.player_id"
            " WHERE s.session_hash = {p} AND s.expires > {p} AND p.kind != 'deleted'",
            (session_hash, now),
        )
        if row is None:
            return None
        if float(row[4]) < now - refresh_after:
            tx.rows(
                "UPDATE sessions SET expires = {p} + (expires - seen), seen = {p}"
                " WHERE session_hash = {p}",
                (now, now, session_hash),
            )
        return _player(row)

    return run


def end_session(session_hash: str) -> Op[None]:
    """Log out: the session is gone (nothing happens for an unknown one)."""

    def run(tx: Tx) -> None:
        tx.rows("DELETE FROM sessions WHERE session_hash = {p}", (session_hash,))

    return run


def failures(
    account_hash: str,
    address_hash: str,
    since: float,
    limit: int,
    trust: tuple[str, int, float] | None = None,
) -> Op[Failures]:
    """Failed log-ins since ``since`` for the name tried and for the address.

    ``trust``: (device hash, player id, issued after): whether that device token
    was given to that player at a log-in not too long ago.
    """

    def times(tx: Tx, scope: str, key_hash: str) -> list[float]:
        rows = tx.rows(
            "SELECT at FROM login_failures WHERE scope = {p} AND key_hash = {p} AND at > {p}"
            " ORDER BY at DESC LIMIT {p}",
            (scope, key_hash, since, limit),
        )
        return [float(row[0]) for row in rows]

    def run(tx: Tx) -> Failures:
        trusted = False
        if trust is not None:
            trusted = bool(
                tx.rows(
                    "SELECT 1 FROM devices WHERE device_hash = {p} AND player_id = {p}"
                    " AND created > {p}",
                    trust,
                )
            )
        return Failures(
            times(tx, "account", account_hash), times(tx, "address", address_hash), trusted
        )

    return run


def add_failure(account_hash: str, address_hash: str, now: float, forget_before: float) -> Op[None]:
    """A failed log-in, counted for the name tried and for the address; old ones forgotten."""

    def run(tx: Tx) -> None:
        tx.rows("DELETE FROM login_failures WHERE at < {p}", (forget_before,))
        for scope, key_hash in (("account", account_hash), ("address", address_hash)):
            tx.rows(
                "INSERT INTO login_failures (scope, key_hash, at) VALUES ({p}, {p}, {p})",
                (scope, key_hash, now),
            )

    return run


def delete_player(player_id: int, now: float) -> Op[None]:
    """The account (or guest) is deleted; its games stay, under :data:`DELETED_NAME`.

    The name is freed, the password hash, sessions and trusted devices go, the
    name at every seat it took and in every game result becomes "deleted
    player", and it leaves the leaderboard. Its rating history stays with the
    games it belongs to.
    """

    def run(tx: Tx) -> None:
        tx.rows(
            "UPDATE players SET kind = 'deleted', name = {p}, name_key = NULL,"
            " password_hash = NULL, deleted = {p} WHERE player_id = {p}",
            (DELETED_NAME, now, player_id),
        )
        for table in ("sessions", "devices"):
            tx.rows(f"DELETE FROM {table} WHERE player_id = {{p}}", (player_id,))
        tx.rows(
            "UPDATE seats SET name = {p} WHERE EXISTS (SELECT 1 FROM table_players t"
            " WHERE t.player_id = {p} AND t.table_id = seats.table_id AND t.seat = seats.seat)",
            (DELETED_NAME, player_id),
        )
        tx.rows(
            "UPDATE game_players SET name = {p} WHERE player_id = {p}", (DELETED_NAME, player_id)
        )
        tx.rows("UPDATE ratings SET listed = 0 WHERE player_id = {p}", (player_id,))

    return run


def seat_player(table_id: str, seat: int, player_id: int) -> Op[None]:
    """Record that ``player_id`` sits at ``seat`` of a table (or took it over)."""

    def run(tx: Tx) -> None:
        tx.rows(
            "INSERT INTO table_players (table_id, seat, player_id) VALUES ({p}, {p}, {p})"
            " ON CONFLICT (table_id, seat) DO UPDATE SET player_id = excluded.player_id",
            (table_id, seat, player_id),
        )

    return run


def unseat_player(table_id: str, seat: int) -> Op[None]:
    """Nobody sits at ``seat`` any more (a seat given back before the start)."""

    def run(tx: Tx) -> None:
        tx.rows("DELETE FROM table_players WHERE table_id = {p} AND seat = {p}", (table_id, seat))

    return run
