"""The table authority and its storage, without the network: restore is exact."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from skipbo.core import parse_record, replay
from skipbo.server import SqliteStorage, TableConfig, TableError, TableRegistry, hash_token
from skipbo.server.tables import Table
from storage_backends import Backend


def play_random(table: Table, tokens: dict[int, str], rng: random.Random, moves: int) -> None:
    """Play up to ``moves`` random legal moves for the humans holding ``tokens``."""
    for _ in range(moves):
        state = table.match.round
        if state.over:
            return
        legal = table.view_for(state.to_move)["legal"]
        table.play(state.to_move, tokens[state.to_move], rng.choice(legal))


def snapshot(table: Table) -> list[str]:
    seats = [None, *range(table.config.rules.players)]
    return [json.dumps(table.view_for(seat), sort_keys=True) for seat in seats]


def test_restore_gives_back_every_table_exactly(storage_backend: Backend) -> None:
    storage = storage_backend.open()
    registry = TableRegistry(storage)
    rng = random.Random(1)
    table = registry.create(TableConfig.make(players=3, stock=1, target=60))
    tokens = {seat: token for seat, token in (table.join(n) for n in ("ann", "bob", "cy"))}
    lobby = registry.create(TableConfig.make(players=2))
    lobby.join("dee")
    for _ in range(5):  # rounds to the target, then a new game
        play_random(table, tokens, rng, 400)
        if table.match.round.over:
            table.advance(tokens[0])
    play_random(table, tokens, rng, 7)
    assert len(table.games) >= 2 and len(table.games[0].rounds) >= 2
    storage.close()

    storage = storage_backend.open()
    restored = TableRegistry.restore_all(storage)
    assert set(restored.tables) == {table.code, lobby.code}
    again = restored.get(table.code.lower())
    assert snapshot(again) == snapshot(table)
    assert again.match.round.legal_moves() == table.match.round.legal_moves()
    assert again.log == table.log
    assert snapshot(restored.get(lobby.code)) == snapshot(lobby)
    finished = [i for i, state in enumerate(table.rounds()) if state.over]
    for index in finished:
        record = again.record(index)
        assert record == table.record(index)
        assert replay(parse_record(record)).ok
    storage.close()


def test_seats_tokens_and_turns(storage_backend: Backend) -> None:
    storage = storage_backend.open()
    registry = TableRegistry(storage)
    table = registry.create(TableConfig.make(players=2, seats=["human", "bot:random"]))
    assert not table.started
    seat, token = table.join("  ann   lee ")
    assert (seat, table.seats[0].name) == (0, "ann lee")
    assert table.started and table.seat_of(token) == 0 and table.seat_of("nope") is None
    stored = storage.load_tables()[0]
    assert stored.seats[0].token_hash == hash_token(token)
    assert token not in json.dumps([stored.config, stored.status])
    shown = json.dumps(table.view_for(None))
    assert "seed" not in shown and str(table._seed) not in shown
    with pytest.raises(TableError, match="full"):
        table.join("bob")
    with pytest.raises(TableError, match="started"):
        table.leave(token)
    with pytest.raises(TableError, match="wrong token"):
        table.play(0, "nope", "end")
    with pytest.raises(TableError, match="once the round is over"):
        table.record(0)
    storage.close()


def test_bad_configurations_are_refused() -> None:
    for kwargs in (
        {"players": 7},
        {"players": 3, "teams": True},
        {"players": 2, "seats": ["human"]},
        {"players": 2, "seats": ["human", "bot:nobody"]},
        {"players": 2, "target": 0},
        {"players": 2, "stock": 31},
    ):
        with pytest.raises(TableError):
            TableConfig.make(**kwargs)  # type: ignore[arg-type]


def test_leave_opens_the_seat_again(tmp_path: Path) -> None:
    storage = SqliteStorage(str(tmp_path / "l.db"))
    table = TableRegistry(storage).create(TableConfig.make(players=3))
    _, token = table.join("ann")
    assert table.leave(token) == 0
    assert table.seats[0].kind == "open" and table.seat_of(token) is None
    assert table.join("bob")[0] == 0
    storage.close()


@pytest.mark.parametrize(("target", "claimed"), [(None, False), (1, True)])
def test_only_a_match_to_a_target_has_a_match_winner(
    tmp_path: Path, target: int | None, claimed: bool
) -> None:
    registry = TableRegistry(SqliteStorage(f"sqlite:///{tmp_path / 't.db'}"))
    table = registry.create(TableConfig.make(players=2, stock=1, target=target))
    tokens = dict(table.join(n) for n in ("ann", "bob"))
    rng = random.Random(3)
    while not table.match.over:  # a stock card when one fits: a round soon ends
        if table.match.round.over:  # without a winner (the table's seed is random)
            table.deal_next()
            continue
        state = table.match.round
        legal = table.view_for(state.to_move)["legal"]
        stock = [move for move in legal if move.startswith("S-")]
        table.play(state.to_move, tokens[state.to_move], rng.choice(stock or legal))
    winner = table.view_for(0)["match_winner"]
    assert (winner is not None) is claimed
    registry.storage.close()


def test_broadcast_encoding_is_compact_utf8_json(tmp_path: Path) -> None:
    from skipbo.server.hub import encode

    registry = TableRegistry(SqliteStorage(f"sqlite:///{tmp_path / 't.db'}"))
    table = registry.create(TableConfig.make(players=2, stock=5))
    tokens = dict(table.join(n) for n in ("Zoë", "Łukasz 🃏"))
    play_random(table, tokens, random.Random(5), 30)
    for seat in (None, 0, 1):
        message = {"type": "state", "view": table.view_for(seat)}
        text = encode(message)
        assert text == json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        assert json.loads(text) == message
    registry.storage.close()
