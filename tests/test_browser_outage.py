"""The page while the server cannot save moves (its store is away for a moment).

The server refuses such a move with ``storage_unavailable`` (nothing was changed).
The move is not the player's to make again: the page says "The server cannot save
moves right now: your move is sent again…" in its connection status, sends the move
again (with the position it was chosen at, so it can never be played twice) and,
once the store is back, the move is saved once and shown; no error is left on
screen. Here the single process's store fails every commit until the test lets it
work again (its writer's transaction raises as a lost disk would).
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import (
    browser_at,
    discard_first_hand_card,
    open_page,
    shoot_both,
    state_count,
    wait_js,
    wait_new_state,
)
from browser_site import close_page
from server_harness import TIMEOUT
from test_browser_gated import gated_table

RETRYING = "The server cannot save moves right now: your move is sent again…"
CONN_SAYS = """(text) => {
  const conn = document.getElementById('conn');
  return !conn.hidden && conn.textContent === text;
}"""
TEXTS_OF = """async () => {
  const link = document.querySelector('[href^="/static/i18n.js?"], [src^="/static/i18n.js?"]');
  const { TEXTS } = await import(link.getAttribute('href') ?? link.getAttribute('src'));
  const pairs = Object.entries(TEXTS).map(([lang, texts]) => [lang, texts.savingRetry]);
  return Object.fromEntries(pairs);
}"""


class FailingCommits:
    """Every commit of the store's writer fails while :attr:`down` is set."""

    def __init__(self, transact: Callable[[list[Any]], list[BaseException | None]]) -> None:
        self.transact = transact
        self.down = threading.Event()
        self.refused = 0

    def __call__(self, batch: list[Any]) -> list[BaseException | None]:
        if self.down.is_set():
            self.refused += 1
            raise sqlite3.OperationalError("disk I/O error")
        return self.transact(batch)


def saved(storage: Any, code: str) -> int:
    """The moves of ``code`` in the store (read by the writer, which reads still)."""
    return sum(len(moves) for moves in storage.load_table(code).moves)


def test_a_move_the_server_cannot_save_is_sent_again_until_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with browser_at(tmp_path, hold_bots=True, create_limit=0) as (base, browser, app):
        storage = app.state.registry.storage
        commits = FailingCommits(storage._transact)
        monkeypatch.setattr(storage, "_transact", commits)
        page = open_page(browser, "desktop")
        code = gated_table(base, page, players=2)  # the bot is held: only the person moves
        moves = page.evaluate("table.moves")
        stored = saved(storage, code)
        assert stored == moves
        before = state_count(page)

        commits.down.set()
        discard_first_hand_card(page)  # the person's turn would end here
        wait_js(page, CONN_SAYS, RETRYING)
        wait_js(page, "document.getElementById('conn').getAttribute('role') === 'status'")
        assert page.get_by_test_id("error").is_hidden()  # not an error for the player to act on
        deadline = time.monotonic() + TIMEOUT
        while commits.refused < 2:  # sent again by the page, refused again
            assert time.monotonic() < deadline, "the page did not send the move again"
            page.wait_for_timeout(50)
        assert page.evaluate("table.moves") == moves  # nothing shown as played
        assert saved(storage, code) == stored
        shoot_both(page, "outage-saving-retry")

        commits.down.clear()  # the store is back: the next re-send is saved
        wait_new_state(page, before)
        wait_js(page, "document.getElementById('conn').hidden")
        assert page.evaluate("table.moves") == moves + 1
        last = page.evaluate("table.last_moves.at(-1)")
        assert last["seat"] == page.evaluate("mySeat()") and "-D" in last["move"], last
        assert page.get_by_test_id("error").is_hidden()
        assert saved(storage, code) == stored + 1  # saved once

        texts = page.evaluate(TEXTS_OF)
        assert texts["en"] == RETRYING
        assert set(texts) == {"en", "fr", "de", "nl"}
        assert len(set(texts.values())) == 4 and all(texts.values()), texts
        close_page(page)


class CutSocket:
    """The page's WebSocket, routed through the test (Playwright's route_web_socket):
    the server's messages pass; the page's pass unless the test cuts them. ``refuse_hellos``
    hellos are answered ``storage_unavailable`` (the store away when the seat asks to
    sit); ``drop_move`` drops the next move and closes the socket, as a worker that
    stalled and was killed before answering it."""

    def __init__(self, refuse_hellos: int = 0) -> None:
        self.refuse_hellos = refuse_hellos
        self.drop_move = False
        self.connections = 0
        self.dropped: list[str] = []

    def __call__(self, route: Any) -> None:
        self.connections += 1
        server = route.connect_to_server()

        def from_page(message: str | bytes) -> None:
            kind = json.loads(message).get("type")
            if kind == "hello" and self.refuse_hellos > 0:
                self.refuse_hellos -= 1
                error = {"type": "error", "code": "storage_unavailable", "params": {}}
                route.send(json.dumps({**error, "error": "storage unavailable"}))
                return
            if kind == "move" and self.drop_move:
                self.drop_move = False
                self.dropped.append(json.loads(message)["move"])
                route.close()
                server.close()
                return
            server.send(message)

        route.on_message(from_page)
        route.on_close(lambda *_: server.close())


def test_a_hello_the_store_cannot_answer_is_asked_again(tmp_path: Path) -> None:
    """The store is away as the page sits down (the cluster writes presence then): the
    page says "reconnecting…" and asks again until the table comes, instead of staying
    on the refusal (its seat shown away, then played by a bot)."""
    cut = CutSocket(refuse_hellos=2)
    with browser_at(tmp_path, hold_bots=True, create_limit=0) as (base, browser, _app):
        page = open_page(browser, "desktop")
        page.route_web_socket(re.compile(r"/ws/"), cut)
        gated_table(base, page, players=2)
        assert cut.connections == 3 and cut.refuse_hellos == 0
        assert page.get_by_test_id("error").is_hidden()
        wait_js(page, "document.getElementById('conn').hidden")
        close_page(page)


def test_a_move_whose_connection_closed_unanswered_is_sent_again(tmp_path: Path) -> None:
    """The page's move went to a worker that stalled and was killed before answering:
    on the new connection the page sends it again (its position keeps it from being
    played twice), so it is played, once, without the player doing anything."""
    cut = CutSocket()
    with browser_at(tmp_path, hold_bots=True, create_limit=0) as (base, browser, app):
        storage = app.state.registry.storage
        page = open_page(browser, "desktop")
        page.route_web_socket(re.compile(r"/ws/"), cut)
        code = gated_table(base, page, players=2)
        moves, stored = page.evaluate("table.moves"), saved(storage, code)
        before = state_count(page)
        cut.drop_move = True
        discard_first_hand_card(page)
        wait_new_state(page, before)  # the state of the new connection, then the move's
        wait_js(page, f"table.moves === {moves + 1}")
        assert len(cut.dropped) == 1 and cut.connections == 2
        last = page.evaluate("table.last_moves.at(-1)")
        assert last["move"] == cut.dropped[0] and last["seat"] == page.evaluate("mySeat()")
        assert saved(storage, code) == stored + 1  # once
        assert page.get_by_test_id("error").is_hidden()
        close_page(page)
