"""Who you are: guests, accounts, passwords, sessions, log-in limits, deletion.

A first visit gets a **guest** at once (a random friendly name, a session); a
guest may **claim** an account (user name + password) and keeps its id, so its
games and rating stay. Everything here is logic over the store's operations
(:mod:`.storage.players`), without HTTP: the routes put the session id in an
httpOnly cookie and call these methods.

Security, point by point:

- passwords are hashed with Argon2id (``argon2-cffi``'s defaults, RFC 9106's
  low-memory profile) and re-hashed at log-in when the parameters grow;
- sessions live in the store, as the SHA-256 of a 256-bit random id; every
  log-in and every claim issues a **new** id and revokes the one the browser
  had (no fixation: :meth:`Accounts.rotate` is that step alone); a new
  password ends every other session;
- failed log-ins are counted per account and per address for
  :attr:`LoginLimits.window` seconds; past the limit the answer is
  ``too_many_log_ins`` with the seconds to wait, before any password is
  checked. The owner is never shut out for longer than the window after the
  last failure: a device that logged in to the account before carries a
  trusted-device token (OWASP's "device cookie"), and the per-account count
  does not apply to it, so someone hammering an account cannot keep its owner
  out; only the owner's own address, failing again and again, waits;
- an unknown name costs the same Argon2 check as a wrong password, and both
  get the same answer, so the answer does not say which names exist;
- no method logs a password or a session id, and only :class:`SignedIn`
  returns one, on purpose (its ``repr`` hides both).

Hashing takes tens of milliseconds on purpose: the routes call the methods
that take a password from a worker thread (``run_in_threadpool``), never on the
event loop; :meth:`Accounts.player_async` (every request) hashes nothing.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .account_errors import AccountError
from .names import Draw, check_user_name, guest_name, name_key
from .storage import hash_token
from .storage import players as ops
from .storage.players import PlayerRow
from .storage.tx import Store

DAY = 86_400.0
GUEST_SESSION = 400 * DAY
"""A guest exists only through its cookie, so its session lasts as long as browsers keep one."""
ACCOUNT_SESSION = 30 * DAY
"""An account's session ends after 30 days without a visit (each visit moves the end on)."""
REFRESH_AFTER = 3600.0
"""A session's end moves on at most once an hour (one write, not one per request)."""
MIN_PASSWORD = 8
MAX_PASSWORD = 256
GUEST_TRIES = 20
MAX_SECRET = 128
"""Longer session ids or device tokens are not ours: refused without a lookup."""


@dataclass(frozen=True, slots=True)
class LoginLimits:
    """How many failed log-ins are allowed in a window, per account and per address."""

    window: float = 300.0
    per_account: int = 5
    per_address: int = 20
    trusted_days: float = 365.0
    """How long a trusted-device token lasts."""


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A player with a new session: the id for the cookie, and a trusted-device token.

    The only objects that carry secrets; ``repr`` shows neither.
    """

    player: PlayerRow
    session_id: str = field(repr=False)
    device_token: str | None = field(default=None, repr=False)


def session_seconds(kind: str) -> float:
    """How long a session (and its cookie) of a player of ``kind`` lasts."""
    return ACCOUNT_SESSION if kind == "account" else GUEST_SESSION


def check_password(password: str, user_name: str) -> None:
    """Refuse a password that is too short, too long, or the user name itself."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError("password_length", "password", min=MIN_PASSWORD, max=MAX_PASSWORD)
    if name_key(password) == name_key(user_name):
        raise AccountError("password_is_name", "password")


def _secret_hash(secret: str | None) -> str | None:
    """The stored form of a session id or device token; None for none or a malformed one."""
    if not secret or len(secret) > MAX_SECRET:
        return None
    return hash_token(secret)


class Accounts:
    """Guests, accounts and sessions over one store (SQLite or PostgreSQL).

    ``hasher``: the Argon2 parameters (tests pass cheap ones); ``clock``: seconds
    since the epoch; ``draw``: what picks guests' names (seeded in tests).
    """

    def __init__(
        self,
        store: Store,
        *,
        hasher: PasswordHasher | None = None,
        clock: Callable[[], float] = time.time,
        limits: LoginLimits | None = None,
        draw: Draw | None = None,
    ) -> None:
        self.store = store
        self.hasher = hasher if hasher is not None else PasswordHasher()
        self.clock = clock
        self.limits = limits if limits is not None else LoginLimits()
        self._draw = draw
        self._dummy: str | None = None

    # ------------------------------------------------------------- sessions

    def new_guest(self) -> SignedIn:
        """A new guest with a random friendly name, and its first session."""
        now = self.clock()
        for attempt in range(GUEST_TRIES):  # the second half draws from a far wider set
            name = guest_name(self._draw, wide=attempt >= GUEST_TRIES // 2)
            row = self.store.run(ops.insert_player("guest", name, name_key(name), None, now))
            if row is not None:
                return self._sign_in(row, GUEST_SESSION)
        raise RuntimeError("no free guest name found")

    def player(self, session_id: str | None) -> PlayerRow | None:
        """The player of a session cookie, or None (unknown, ended, or deleted)."""
        digest = _secret_hash(session_id)
        if digest is None:
            return None
        return self.store.run(ops.session_player(digest, self.clock(), REFRESH_AFTER))

    async def player_async(self, session_id: str | None) -> PlayerRow | None:
        """:meth:`player` from the event loop (no hashing: one lookup on the store's thread)."""
        digest = _secret_hash(session_id)
        if digest is None:
            return None
        return await self.store.run_async(ops.session_player(digest, self.clock(), REFRESH_AFTER))

    def rotate(self, session_id: str) -> SignedIn:
        """A new session id for the same player; the old one stops working at once."""
        player = self._require(session_id)
        return self._sign_in(player, session_seconds(player.kind), session_id)

    def log_out(self, session_id: str | None) -> None:
        """End this session (other browsers stay logged in)."""
        digest = _secret_hash(session_id)
        if digest is not None:
            self.store.run(ops.end_session(digest))

    # --------------------------------------------------------------- names

    def rename(self, session_id: str, name: str) -> PlayerRow:
        """A guest or an account takes a new name (checked, unique by its key)."""
        player = self._require(session_id)
        shown = check_user_name(name)
        if not self.store.run(ops.rename(player.player_id, shown, name_key(shown))):
            raise AccountError("user_name_taken", "name", name=shown)
        return PlayerRow(player.player_id, player.kind, shown, player.created)

    # ------------------------------------------------------------ accounts

    def claim(self, session_id: str, user_name: str, password: str) -> SignedIn:
        """The guest of this session becomes an account (same id: games and rating stay).

        The session is rotated: the guest's id stops working, the new one is returned.
        """
        player = self._require(session_id)
        if player.kind != "guest":
            raise AccountError("already_account")
        shown = check_user_name(user_name)
        check_password(password, shown)
        digest = self.hasher.hash(password)
        outcome = self.store.run(ops.make_account(player.player_id, shown, name_key(shown), digest))
        if outcome == "taken":
            raise AccountError("user_name_taken", "name", name=shown)
        if outcome != "ok":
            raise AccountError("already_account")
        account = PlayerRow(player.player_id, "account", shown, player.created)
        return self._sign_in(account, ACCOUNT_SESSION, session_id, trust=True)

    def log_in(
        self,
        user_name: str,
        password: str,
        address: str,
        *,
        device: str | None = None,
        session_id: str | None = None,
    ) -> SignedIn:
        """Log in to an account; the browser's previous session (if any) is revoked.

        ``address``: the client's IP address (counted for the limit, stored only
        as a hash and for :attr:`LoginLimits.window`); ``device``: the
        trusted-device token of an earlier log-in, if the browser has one.
        Refusals: ``too_many_log_ins`` (checked first, with the seconds to
        wait) and ``log_in_failed`` (unknown name or wrong password alike).
        """
        key = name_key(user_name)
        found = self.store.run(ops.account_by_key(key))
        player_id = found.player.player_id if found is not None else None
        trusted = self._check_limits(key, address, device, player_id)
        stored = found.password_hash if found is not None else None
        if found is None or not self._verify(stored, password):
            self._fail(key, address)
            raise AccountError("log_in_failed")
        if self.hasher.check_needs_rehash(found.password_hash):
            new_hash = self.hasher.hash(password)
            self.store.run(ops.set_password_hash(found.player.player_id, new_hash))
        return self._sign_in(
            found.player,
            ACCOUNT_SESSION,
            session_id,
            trust=not trusted,
            device=device if trusted else None,
        )

    def change_password(self, session_id: str, old: str, new: str, address: str) -> SignedIn:
        """A new password (the old one checked, with the log-in limits); every other session
        of the account ends and this one is rotated."""
        player = self._account(session_id)
        check_password(new, player.name)
        self._check_password_again(player, old, address)
        self.store.run(ops.set_password_hash(player.player_id, self.hasher.hash(new)))
        return self._sign_in(player, ACCOUNT_SESSION, session_id, revoke_others=True)

    def delete_account(self, session_id: str, password: str | None, address: str) -> None:
        """Delete the player of this session: its games stay, under "deleted player".

        An account confirms with its password (checked with the log-in limits); a
        guest has none to give.
        """
        player = self._require(session_id)
        if player.kind == "account":
            self._check_password_again(player, password or "", address)
        self.store.run(ops.delete_player(player.player_id, self.clock()))

    def seat(self, table_id: str, seat: int, session_id: str) -> PlayerRow:
        """Record that the player of this session sits at ``seat`` (profile, your turn)."""
        player = self._require(session_id)
        self.store.run(ops.seat_player(table_id, seat, player.player_id))
        return player

    # ------------------------------------------------------------- helpers

    def _require(self, session_id: str | None) -> PlayerRow:
        player = self.player(session_id)
        if player is None:
            raise AccountError("not_logged_in")
        return player

    def _account(self, session_id: str) -> PlayerRow:
        player = self._require(session_id)
        if player.kind != "account":
            raise AccountError("not_an_account")
        return player

    def _sign_in(
        self,
        player: PlayerRow,
        ttl: float,
        replaces: str | None = None,
        *,
        trust: bool = False,
        device: str | None = None,
        revoke_others: bool = False,
    ) -> SignedIn:
        """A new session for ``player`` (and, with ``trust``, a new trusted-device token)."""
        now = self.clock()
        session_id = secrets.token_urlsafe(32)
        token = secrets.token_urlsafe(32) if trust else device
        self.store.run(
            ops.start_session(
                player.player_id,
                hash_token(session_id),
                now,
                now + ttl,
                revoke=_secret_hash(replaces),
                revoke_others=revoke_others,
                device_hash=hash_token(token) if trust and token is not None else None,
                forget_devices_before=now - self.limits.trusted_days * DAY,
            )
        )
        return SignedIn(player, session_id, token)

    def _verify(self, stored: str | None, password: str) -> bool:
        """Argon2's check; an unknown account is checked against a dummy hash (same time)."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        try:
            matches = self.hasher.verify(stored if stored is not None else self._dummy, password)
        except (VerificationError, InvalidHashError):
            return False
        return bool(matches) and stored is not None

    def _keys(self, key: str, address: str) -> tuple[str, str]:
        return hash_token(f"account:{key}"), hash_token(f"address:{address}")

    def _check_limits(
        self,
        key: str,
        address: str,
        device: str | None,
        player_id: int | None,
        *,
        trusted: bool = False,
    ) -> bool:
        """Refuse when too many log-ins failed lately; True if the device is trusted.

        ``trusted``: the caller holds a session of the account already, so only
        the address counts (someone else's failures must not block its owner).
        """
        now, limits = self.clock(), self.limits
        device_hash = _secret_hash(device)
        trust = None
        if device_hash is not None and player_id is not None:
            trust = (device_hash, player_id, now - limits.trusted_days * DAY)
        account_hash, address_hash = self._keys(key, address)
        most = max(limits.per_account, limits.per_address)
        seen = self.store.run(
            ops.failures(account_hash, address_hash, now - limits.window, most, trust)
        )
        waits = []
        if len(seen.address) >= limits.per_address:
            waits.append(seen.address[limits.per_address - 1] + limits.window - now)
        if not (seen.trusted or trusted) and len(seen.account) >= limits.per_account:
            waits.append(seen.account[limits.per_account - 1] + limits.window - now)
        if waits:
            raise AccountError("too_many_log_ins", seconds=max(1, math.ceil(max(waits))))
        return seen.trusted

    def _fail(self, key: str, address: str) -> None:
        now = self.clock()
        account_hash, address_hash = self._keys(key, address)
        self.store.run(ops.add_failure(account_hash, address_hash, now, now - self.limits.window))

    def _check_password_again(self, player: PlayerRow, password: str, address: str) -> None:
        """A logged-in account confirms its password: limited by address, counted like a log-in."""
        key = name_key(player.name)
        self._check_limits(key, address, None, player.player_id, trusted=True)
        if not self._verify(self.store.run(ops.password_hash(player.player_id)), password):
            self._fail(key, address)
            raise AccountError("log_in_failed", "password")
