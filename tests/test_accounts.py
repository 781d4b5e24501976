"""Guests, accounts, sessions and log-in limits, on SQLite and PostgreSQL.

Each point of issue 20 §1 that needs no HTTP has its test here: Argon2 hashes,
server-side sessions rotated at every log-in, names unique regardless of case
and look-alikes, limits per account and per address without shutting the
owner out, deletion that keeps the games, and no secret in any log line,
``repr`` or refusal. Argon2 runs with cheap parameters (the real ones are
checked once).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher

from skipbo.server import TableConfig, TableRegistry
from skipbo.server.account_errors import AccountError
from skipbo.server.accounts import ACCOUNT_SESSION, DAY, Accounts, LoginLimits, SignedIn
from skipbo.server.storage import GroupCommitStorage
from storage_backends import Backend

FAMILY = "👨\u200d👩\u200d👧\u200d👦"
PASSWORD = "correct horse battery"
CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


class Clock:
    """Seconds since the epoch, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(storage_backend: Backend) -> Iterator[GroupCommitStorage[Any]]:
    yield from storage_backend.opened()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def accounts(store: GroupCommitStorage[Any], clock: Clock) -> Accounts:
    return Accounts(store, hasher=CHEAP, clock=clock)


class refused:
    """``with refused(code):`` the block raises an :class:`AccountError` of ``code``."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.error: AccountError | None = None

    def __enter__(self) -> refused:
        return self

    def __exit__(self, kind: Any, error: Any, _: Any) -> bool:
        assert isinstance(error, AccountError), f"expected {self.code}, got {error!r}"
        assert error.code == self.code, str(error)
        self.error = error
        return True


def account(accounts: Accounts, name: str = "Zoë " + FAMILY) -> SignedIn:
    guest = accounts.new_guest()
    return accounts.claim(guest.session_id, name, PASSWORD)


# ------------------------------------------------------------------ guests


def test_a_first_visit_gets_a_guest_with_a_friendly_name(accounts: Accounts) -> None:
    guest = accounts.new_guest()
    assert guest.player.kind == "guest"
    assert len(guest.player.name.split()) == 3
    assert accounts.player(guest.session_id) == guest.player
    assert asyncio.run(accounts.player_async(guest.session_id)) == guest.player
    assert accounts.player("not a session") is None
    assert accounts.player("") is None and accounts.player(None) is None
    renamed = accounts.rename(guest.session_id, "Zoë " + FAMILY)
    assert accounts.player(guest.session_id) == renamed
    assert renamed.name == "Zoë " + FAMILY


def test_a_guest_claims_an_account_and_keeps_its_id(accounts: Accounts) -> None:
    guest = accounts.new_guest()
    claimed = accounts.claim(guest.session_id, "Zoë " + FAMILY, PASSWORD)
    assert claimed.player.player_id == guest.player.player_id
    assert claimed.player.kind == "account"
    assert accounts.player(guest.session_id) is None  # rotated: the guest's id ends
    assert accounts.player(claimed.session_id) == claimed.player
    assert claimed.device_token
    with refused("already_account"):
        accounts.claim(claimed.session_id, "Another", PASSWORD)


def test_user_names_are_unique_regardless_of_case_and_look_alikes(accounts: Accounts) -> None:
    account(accounts, "Zoë " + FAMILY)
    other = accounts.new_guest()
    for same in ("ZOË " + FAMILY, "zoe\u0308  " + FAMILY, "Ｚｏë " + FAMILY):
        with refused("user_name_taken") as caught:
            accounts.claim(other.session_id, same, PASSWORD)
        assert caught.error is not None and caught.error.status == 409
        with refused("user_name_taken"):
            accounts.rename(other.session_id, same)
    assert accounts.claim(other.session_id, "Zoe " + FAMILY, PASSWORD).player.kind == "account"


def test_a_refused_name_or_password_says_what_is_allowed(accounts: Accounts) -> None:
    guest = accounts.new_guest()
    with refused("user_name_characters") as caught:
        accounts.claim(guest.session_id, "Zo\u202eë", PASSWORD)
    assert "letters, digits, emoji" in str(caught.error)
    with refused("password_length") as caught:
        accounts.claim(guest.session_id, "Zoë", "short")
    assert caught.error is not None and caught.error.params == {"min": 8, "max": 256}
    with refused("password_is_name"):
        accounts.claim(guest.session_id, "Zoë Zoë Zoë", "ZOË ZOË ZOË")
    assert accounts.player(guest.session_id) == guest.player  # nothing changed


# --------------------------------------------------------------- passwords


def test_passwords_are_stored_as_argon2id_hashes(
    accounts: Accounts, store: GroupCommitStorage[Any]
) -> None:
    signed = account(accounts)
    rows = store.run(lambda tx: tx.rows("SELECT password_hash FROM players"))
    (stored,) = [row[0] for row in rows if row[0]]
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    sessions = store.run(lambda tx: tx.rows("SELECT session_hash FROM sessions"))
    assert signed.session_id not in str(sessions)  # only its SHA-256
    assert len(sessions[0][0]) == 64


def test_the_default_hasher_is_argon2id_with_rfc_9106_parameters() -> None:
    hasher = Accounts(store=None).hasher  # type: ignore[arg-type]
    assert hasher.hash("x").startswith("$argon2id$v=19$m=65536,t=3,p=4$")


def test_a_weaker_hash_is_renewed_at_log_in(
    store: GroupCommitStorage[Any], clock: Clock, accounts: Accounts
) -> None:
    account(accounts, "Ann Lee")
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    Accounts(store, hasher=stronger, clock=clock).log_in("ann lee", PASSWORD, "10.0.0.1")
    rows = store.run(lambda tx: tx.rows("SELECT password_hash FROM players WHERE kind = 'account'"))
    assert "m=16,t=2,p=1" in rows[0][0]


# ---------------------------------------------------------------- sessions


def test_every_log_in_rotates_the_session(accounts: Accounts) -> None:
    first = account(accounts, "Ann Lee")
    visitor = accounts.new_guest()  # the browser had a guest session before logging in
    second = accounts.log_in("ANN LEE", PASSWORD, "10.0.0.1", session_id=visitor.session_id)
    assert second.player.player_id == first.player.player_id
    assert accounts.player(visitor.session_id) is None
    assert accounts.player(second.session_id) == second.player
    assert accounts.player(first.session_id) == first.player  # another browser stays in
    third = accounts.rotate(second.session_id)
    assert accounts.player(second.session_id) is None
    assert accounts.player(third.session_id) == first.player
    assert len({first.session_id, second.session_id, third.session_id}) == 3


def test_a_session_id_chosen_by_someone_else_never_becomes_valid(accounts: Accounts) -> None:
    account(accounts, "Ann Lee")
    planted = "attacker-chosen-session-id"
    signed = accounts.log_in("Ann Lee", PASSWORD, "10.0.0.1", session_id=planted)
    assert accounts.player(planted) is None
    assert signed.session_id != planted


def test_log_out_ends_only_this_session(accounts: Accounts) -> None:
    here = account(accounts, "Ann Lee")
    there = accounts.log_in("Ann Lee", PASSWORD, "10.0.0.2")
    accounts.log_out(here.session_id)
    assert accounts.player(here.session_id) is None
    assert accounts.player(there.session_id) is not None
    with refused("not_logged_in") as caught:
        accounts.rename(here.session_id, "Someone")
    assert caught.error is not None and caught.error.status == 401


def test_sessions_end_after_a_month_without_a_visit(accounts: Accounts, clock: Clock) -> None:
    signed = account(accounts, "Ann Lee")
    guest = accounts.new_guest()
    for _ in range(3):  # a visit every 20 days keeps it alive
        clock.now += 20 * DAY
        assert accounts.player(signed.session_id) is not None
    clock.now += ACCOUNT_SESSION + 1
    assert accounts.player(signed.session_id) is None
    assert accounts.player(guest.session_id) is not None  # a guest's lasts 400 days


def test_a_new_password_ends_every_other_session(accounts: Accounts) -> None:
    here = account(accounts, "Ann Lee")
    there = accounts.log_in("Ann Lee", PASSWORD, "10.0.0.2")
    with refused("log_in_failed"):
        accounts.change_password(here.session_id, "wrong password", "new password 1", "10.0.0.1")
    changed = accounts.change_password(here.session_id, PASSWORD, "new password 1", "10.0.0.1")
    assert accounts.player(there.session_id) is None
    assert accounts.player(here.session_id) is None  # rotated
    assert accounts.player(changed.session_id) is not None
    with refused("log_in_failed"):
        accounts.log_in("Ann Lee", PASSWORD, "10.0.0.1")
    assert accounts.log_in("Ann Lee", "new password 1", "10.0.0.1").player.name == "Ann Lee"


# ------------------------------------------------------------------ log-in


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(accounts: Accounts) -> None:
    account(accounts, "Ann Lee")
    answers = []
    for name, password in (("Ann Lee", "wrong password"), ("Nobody", PASSWORD)):
        with refused("log_in_failed") as caught:
            accounts.log_in(name, password, "10.0.0.1")
        assert caught.error is not None
        answers.append((caught.error.payload(), caught.error.status))
    assert answers[0] == answers[1]
    guest = accounts.new_guest()  # a guest's name has no password to log in with
    with refused("log_in_failed"):
        accounts.log_in(guest.player.name, "", "10.0.0.1")


def test_failed_log_ins_are_limited_per_account(accounts: Accounts, clock: Clock) -> None:
    owner = account(accounts, "Ann Lee")
    limits = accounts.limits
    for attempt in range(limits.per_account):
        clock.now += 1
        with refused("log_in_failed"):
            accounts.log_in("ann lee", f"guess {attempt}", f"192.0.2.{attempt}")
    clock.now += 1
    with refused("too_many_log_ins") as caught:  # even the right password, from a new place
        accounts.log_in("Ann Lee", PASSWORD, "198.51.100.7")
    assert caught.error is not None and caught.error.status == 429
    seconds = caught.error.params["seconds"]
    assert 0 < seconds <= limits.window
    assert f"try again in {seconds} s" in str(caught.error)
    # the owner's browser, trusted at an earlier log-in, is not shut out
    again = accounts.log_in("Ann Lee", PASSWORD, "198.51.100.7", device=owner.device_token)
    assert again.device_token == owner.device_token
    # nor is anyone once the window has passed since the failures
    clock.now += seconds
    assert accounts.log_in("Ann Lee", PASSWORD, "198.51.100.7").player.name == "Ann Lee"


def test_a_device_token_trusts_only_its_own_account(accounts: Accounts, clock: Clock) -> None:
    mine = account(accounts, "Ann Lee")
    account(accounts, "Bob Ray")
    for attempt in range(accounts.limits.per_account):
        with refused("log_in_failed"):
            accounts.log_in("Bob Ray", f"guess {attempt}", f"192.0.2.{attempt}")
    with refused("too_many_log_ins"):
        accounts.log_in("Bob Ray", PASSWORD, "192.0.2.99", device=mine.device_token)


def test_failed_log_ins_are_limited_per_address(
    store: GroupCommitStorage[Any], clock: Clock
) -> None:
    accounts = Accounts(store, hasher=CHEAP, clock=clock, limits=LoginLimits(per_address=4))
    account(accounts, "Ann Lee")
    for attempt in range(4):
        with refused("log_in_failed"):
            accounts.log_in(f"name {attempt}", PASSWORD, "203.0.113.5")
    with refused("too_many_log_ins"):  # another name from the same address
        accounts.log_in("Ann Lee", PASSWORD, "203.0.113.5")
    assert accounts.log_in("Ann Lee", PASSWORD, "203.0.113.6").player.name == "Ann Lee"
    clock.now += accounts.limits.window + 1
    assert accounts.log_in("Ann Lee", PASSWORD, "203.0.113.5").player.name == "Ann Lee"


def test_old_failures_are_forgotten(
    store: GroupCommitStorage[Any], accounts: Accounts, clock: Clock
) -> None:
    for attempt in range(3):
        with refused("log_in_failed"):
            accounts.log_in("Nobody", "x" * 8, f"192.0.2.{attempt}")
    clock.now += accounts.limits.window + 1
    with refused("log_in_failed"):
        accounts.log_in("Nobody", "x" * 8, "192.0.2.9")
    rows = store.run(lambda tx: tx.rows("SELECT scope, key_hash FROM login_failures"))
    assert len(rows) == 2  # the last failure, per account and per address
    assert "Nobody" not in str(rows) and "192.0.2" not in str(rows)


# ----------------------------------------------------------------- deletion


def test_a_deleted_account_leaves_its_games_under_deleted_player(
    accounts: Accounts, store: GroupCommitStorage[Any]
) -> None:
    signed = account(accounts, "Ann Lee")
    registry = TableRegistry(store)
    table = registry.create(TableConfig.make(players=2, seats=["human", "bot:easy"]))
    seat, _ = table.join("Ann Lee")
    accounts.seat(table.code, seat, signed.session_id)
    with refused("log_in_failed"):
        accounts.delete_account(signed.session_id, "wrong password", "10.0.0.1")
    accounts.delete_account(signed.session_id, PASSWORD, "10.0.0.1")
    assert accounts.player(signed.session_id) is None
    with refused("log_in_failed"):
        accounts.log_in("Ann Lee", PASSWORD, "10.0.0.1")
    stored = store.load_table(table.code)
    assert stored is not None and stored.seats[seat].name == "deleted player"
    assert len(stored.seats) == 2 and stored.seats[1].kind == "bot:easy"
    rows = store.run(lambda tx: tx.rows("SELECT kind, name, name_key, password_hash FROM players"))
    assert rows == [("deleted", "deleted player", None, None)]
    assert account(accounts, "ann lee").player.name == "ann lee"  # the name is free again


def test_a_guest_is_deleted_without_a_password(accounts: Accounts) -> None:
    guest = accounts.new_guest()
    accounts.delete_account(guest.session_id, None, "10.0.0.1")
    assert accounts.player(guest.session_id) is None


# ------------------------------------------------------------------ secrets


def test_no_secret_in_logs_reprs_or_refusals(
    accounts: Accounts, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secrets: list[str] = [PASSWORD, "wrong password 1", "new password 2"]
    texts: list[str] = []
    signed = account(accounts, "Ann Lee")
    again = accounts.log_in("Ann Lee", PASSWORD, "10.0.0.1", device=signed.device_token)
    attempts = [
        lambda: accounts.log_in("Ann Lee", secrets[1], "10.0.0.1"),
        lambda: accounts.change_password(again.session_id, secrets[1], secrets[2], "10.0.0.1"),
        lambda: accounts.claim(again.session_id, "Ann Lee", secrets[2]),
    ]
    for attempt in attempts:
        with pytest.raises(AccountError) as caught:
            attempt()
        texts += [str(caught.value), repr(caught.value), str(caught.value.payload())]
    changed = accounts.change_password(again.session_id, PASSWORD, secrets[2], "10.0.0.1")
    for signed_in in (signed, again, changed):
        secrets += [signed_in.session_id, *filter(None, [signed_in.device_token])]
        texts += [repr(signed_in), str(signed_in)]
    texts.append(caplog.text)
    for secret in secrets:
        assert secret and all(secret not in text for text in texts), secret
