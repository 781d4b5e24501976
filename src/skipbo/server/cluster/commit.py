"""A change stored in one statement, and the changes of one moment stored together.

The common change (a move, a bot's move, "ready") is known before it is stored:
the worker's copy of the table is at the stored version, so the worker checks
and applies it with the core first, and then asks PostgreSQL, in one statement,
to store it *if the table is still at that version*. :data:`COMMIT_FUNCTION`
(created with the cluster's schema) does, per change, what the locked
transaction of :mod:`.db` does in six statements and two round trips: lock the
row, compare the version (and the lease, for a driver's change), run the
writes, bump the version, take the lease if it is free. The statement's COMMIT
is durable (``synchronous_commit`` on), and nothing is shown before it returns.

A change that finds the table moved on writes nothing (``stale``); the worker
then forgets its copy, which is ahead of the store, and runs the change the
locked way, which catches up first. So the guarantee is the locked path's:
every change is judged against the latest stored state.

:class:`GroupCommit` sends every change waiting at one moment, of any number of
tables, in one call of the function: one round trip and one WAL flush for all of
them, as the single-process store's writer thread does for its tables. Rows are
locked in the order of their codes, so two workers' batches never deadlock.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from ..storage.base import Query
from ..storage.postgres import POSTGRES_SQL
from .batches import Batches

COMMIT_FUNCTION = """CREATE OR REPLACE FUNCTION skipbo_commit(
    changes jsonb, me text, lease double precision
) RETURNS TABLE (code text, status text, new_version bigint, new_owner text)
LANGUAGE plpgsql AS $fn$
DECLARE
    c jsonb;
    w jsonb;
    found_version bigint;
    found_owner text;
    leased boolean;
BEGIN
    FOR c IN SELECT value FROM jsonb_array_elements(changes) ORDER BY value->>'code' LOOP
        code := c->>'code';
        SELECT t.version, t.owner, coalesce(t.lease_until > now(), false)
          INTO found_version, found_owner, leased
          FROM cluster_tables t WHERE t.table_id = code FOR UPDATE;
        IF NOT FOUND THEN
            status := 'gone'; new_version := NULL; new_owner := NULL;
        ELSIF found_version <> (c->>'expect')::bigint THEN
            status := 'stale'; new_version := found_version; new_owner := found_owner;
        ELSIF (c->>'drive')::boolean AND NOT (found_owner = me AND leased) THEN
            status := 'lease'; new_version := found_version; new_owner := found_owner;
        ELSE
            FOR w IN SELECT value FROM jsonb_array_elements(c->'writes') LOOP
                IF w->>0 = 'm' THEN
                    INSERT INTO moves (table_id, round_index, move_index, seat, move)
                    VALUES (code, (w->>1)::integer, (w->>2)::integer, (w->>3)::integer, w->>4);
                ELSE
                    EXECUTE format(w->>1, VARIADIC ARRAY(
                        SELECT p FROM jsonb_array_elements_text(w->2) WITH ORDINALITY AS a(p, i)
                        ORDER BY i));
                END IF;
            END LOOP;
            UPDATE cluster_tables t SET version = t.version + 1, state = c->>'state',
                owner = CASE WHEN t.owner IS NULL OR NOT leased THEN me ELSE t.owner END,
                lease_until = CASE WHEN t.owner IS NULL OR NOT leased OR t.owner = me
                    THEN now() + make_interval(secs => lease) ELSE t.lease_until END
              WHERE t.table_id = code
              RETURNING t.version, t.owner INTO new_version, new_owner;
            status := 'ok';
        END IF;
        RETURN NEXT;
    END LOOP;
END
$fn$"""
"""Stores a JSON array of changes, each only if its table is still at ``expect``.

A write is ``["m", round, index, seat, move]`` (a move: the hot path, a static
INSERT) or ``["x", statement, [params]]`` (any other statement of
:data:`~..storage.postgres.POSTGRES_SQL`, its ``%s`` markers turned into
``format``'s ``%L``, which quotes each value as a literal). The lease rule is
:data:`.db.SAVE`'s."""
CALL = "SELECT code, status, new_version, new_owner FROM skipbo_commit(%s::jsonb, %s, %s)"


@dataclass(frozen=True, slots=True)
class Change:
    """One table's writes and new shared state, valid only on top of version ``expect``.

    ``drive``: only while this worker holds the table's lease (a bot's move, a clock).
    """

    code: str
    expect: int
    drive: bool
    writes: Sequence[Query]
    state: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "expect": self.expect,
            "drive": self.drive,
            "writes": [_write(sql, params) for sql, params in self.writes],
            "state": orjson.dumps(self.state).decode(),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a :class:`Change`: ``ok`` (stored as ``version``), ``stale``
    (the table moved on), ``lease`` (another worker drives it) or ``gone``."""

    status: str
    version: int
    owner: str | None


def _write(sql: str, params: tuple[Any, ...]) -> list[Any]:
    if sql == POSTGRES_SQL.insert_move:
        return ["m", *params[1:]]
    return ["x", _literal_format(sql), list(params)]


@functools.cache
def _literal_format(sql: str) -> str:
    """``sql`` with its ``%s`` markers as ``format``'s ``%L`` (a quoted literal, or NULL)."""
    if sql.replace("%s", "").count("%"):
        raise ValueError(f"a statement with a bare %: {sql}")
    return sql.replace("%s", "%L")


def encode_changes(changes: Sequence[Change]) -> str:
    """The function's first argument: the changes in the order of their codes' bytes, the
    order in which the function locks their rows (:data:`.db.IN_TABLE_ORDER`: every
    statement that locks several tables' rows locks them in that order). A batch holds
    a table at most once, so no table's own changes are reordered."""
    ordered = sorted(changes, key=lambda change: change.code.encode())
    return orjson.dumps([change.to_json() for change in ordered]).decode()


def outcomes(changes: Sequence[Change], rows: Sequence[tuple[Any, ...]]) -> list[Outcome]:
    """The function's rows (in the order of the codes) matched to ``changes``."""
    by_code = {str(row[0]): Outcome(str(row[1]), int(row[2] or 0), row[3]) for row in rows}
    return [by_code.get(change.code, Outcome("gone", 0, None)) for change in changes]


class GroupCommit(Batches[Change, Outcome]):
    """Changes submitted meanwhile are stored in one call of :data:`CALL`.

    One call at a time (the default) is the single-process store's writer thread:
    a busy worker sends bigger batches rather than more of them, which costs less
    CPU a move than two calls in flight (docs/deploy.md, "A lean worker"). A table
    has at most one change in flight (its worker's lock is held until the outcome),
    so no batch holds a table twice and batches in flight never wait on each other.
    If a call fails (PostgreSQL away), every change of that call gets the error, as
    the locked path would.
    """
