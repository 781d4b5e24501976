"""Online play in a real browser against a real cluster: two workers on PostgreSQL
and Redis, each serving the pages, each browser talking to its own worker.

Two guests, a desktop on one worker and a phone with touch on the other, click Find
a game and land at the same table, which a third person sees waiting among the open
tables; they play it to its end by clicks and taps, and the rated game is on both
profiles. Two more people, one on each worker, find a game in play under "Games
being played" and watch it: the moves arrive, and nothing can be played. A slow game
found across the workers waits through a restart of the whole cluster: the player to
move comes back on the other worker and finds the turn in the "Your turn" list.

Needs chromium, ``SKIPBO_TEST_POSTGRES`` and ``SKIPBO_TEST_REDIS`` (``.ci/run``
gives all three); without one the module skips with the reason.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import (
    ARGS,
    CHROMIUM,
    DESKTOP,
    MY_TURN_OR_OVER,
    open_page,
    play_one_move,
    shoot,
    state_count,
    sync_api,
    wait_js,
    wait_new_state,
)
from browser_site import close_page, quick_move
from server_harness import ServerProcess
from test_browser_online import find, landing, play_both_to_the_end
from test_server_cluster import database, pair, pg_url, redis_url, stored_moves, workers
from test_server_cluster_online import slow_pair

__all__ = ["database", "pair", "pg_url", "redis_url", "slow_pair"]  # the cluster tests' fixtures

PLAYING = "document.body.dataset.phase === 'playing'"


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One browser for the module; every page gets a context of its own."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def code_of(page: Any) -> str:
    return str(page.evaluate("location.hash.slice(1)"))


def games_played(page: Any) -> int:
    """The guest's finished games, as the worker the page talks to says."""
    return int(page.evaluate("fetch('/api/me').then(r => r.json()).then(p => p.games)"))


def test_two_guests_on_two_workers_find_each_other_and_play_to_the_end(
    pair: list[ServerProcess], chromium: Any
) -> None:
    """A desktop on worker 1 and a phone (touch) on worker 2 click Find a game (two
    players, short) and sit at the same table; a third person on worker 2 sees it
    waiting among the open tables meanwhile. They play it to its end, the desktop by
    clicks and the phone by taps, and each worker then counts the game for its guest."""
    w1, w2 = pair
    desk, phone = open_page(chromium, "desktop"), open_page(chromium, "phone")
    third = open_page(chromium, "desktop")
    names = [landing(base, page) for base, page in ((w1.base, desk), (w2.base, phone))]
    names.append(landing(w2.base, third))
    assert len(set(names)) == 3 and all(n.startswith("You play as ") for n in names), names
    find(desk)
    desk.get_by_test_id("lobby-wait").wait_for(state="visible")
    code = code_of(desk)
    third.evaluate("refreshOpenTables()")  # the lobby refreshes every few seconds
    third.locator(f'[data-testid=open-table][data-code="{code}"]').wait_for(state="visible")
    shoot(third, "cluster-open-tables-desktop", full_page=True)
    find(phone)
    assert code_of(phone) == code  # paired across the workers
    for page in (desk, phone):
        wait_js(page, PLAYING)
    shoot(phone, "cluster-paired-phone")
    play_both_to_the_end([desk, phone], [False, True], quick_move)
    for page in (desk, phone):
        assert page.evaluate("document.body.dataset.phase") != "playing"
        wait_js(page, "!document.getElementById('result').hidden")
    shoot(phone, "cluster-game-over-phone")
    shoot(desk, "cluster-game-over-desktop")
    for page in (desk, phone):  # the rated game is written, and each worker reads it
        wait_js(page, "fetch('/api/me').then(r => r.json()).then(p => p.games === 1)")
    for page in (desk, phone, third):
        close_page(page)


def test_a_game_in_play_is_watched_from_either_worker(
    pair: list[ServerProcess], chromium: Any
) -> None:
    """Ann (worker 1) and Bob (worker 2) are paired by Find a game; Cy (a desktop on
    worker 1) and Dee (a phone on worker 2) find their game under "Games being played"
    and watch: each move arrives on both pages, and they have nothing to play with."""
    w1, w2 = pair
    ann, bob = open_page(chromium, "desktop"), open_page(chromium, "desktop")
    watchers = [open_page(chromium, "desktop"), open_page(chromium, "phone")]
    for base, page in zip((w1.base, w2.base) * 2, (ann, bob, *watchers), strict=True):
        landing(base, page)
    find(ann)
    find(bob)
    code = code_of(ann)
    assert code_of(bob) == code
    for watcher, touch in zip(watchers, (False, True), strict=True):
        item = watcher.locator(f'[data-testid=playing-table][data-code="{code}"]')
        deadline = time.monotonic() + 20  # listed once the game started; the list is polled
        while not item.count():
            assert time.monotonic() < deadline, "the game in play was not listed"
            watcher.evaluate("refreshOpenTables()")
            watcher.wait_for_timeout(200)
        watch = item.get_by_test_id("watch-table")
        assert watch.get_attribute("aria-label") == f"Watch table {code}"
        if touch:
            shoot(watcher, "cluster-playing-list-phone", full_page=True)
        watch.tap() if touch else watch.click()
        wait_js(watcher, PLAYING)
        assert code_of(watcher) == code
    for _ in range(2):  # each move arrives on both watchers' pages
        before = [state_count(w) for w in watchers]
        for page in (ann, bob):
            wait_js(page, "document.body.dataset.myTurn !== undefined")
        mover = ann if ann.evaluate("document.body.dataset.myTurn") == "true" else bob
        wait_js(mover, MY_TURN_OR_OVER)
        mover_before = state_count(mover)
        play_one_move(mover)
        wait_new_state(mover, mover_before)
        for watcher, count in zip(watchers, before, strict=True):
            wait_new_state(watcher, count)
    for watcher in watchers:
        wait_js(watcher, "document.querySelectorAll('[data-testid=last-moves] li').length >= 2")
        assert watcher.locator("[data-selectable=true]").count() == 0
        assert watcher.get_by_test_id("hand-card").count() == 0
        for control in ("resign", "react-box", "end-turn", "hint"):
            assert watcher.get_by_test_id(control).is_hidden(), control
    shoot(watchers[1], "cluster-watching-phone")
    shoot(watchers[0], "cluster-watching-desktop")
    for page in (ann, bob, *watchers):
        close_page(page)


def test_a_slow_game_waits_through_a_cluster_restart(
    slow_pair: list[ServerProcess], chromium: Any, pg_url: str, redis_url: str
) -> None:
    """A desktop on worker 1 and a phone on worker 2 find a slow game (an hour a turn,
    a bot past the deadline) and leave; every worker is killed and new ones start. The
    player to move comes back on the other worker (its cookie, a new address: no seat
    token there) and finds the turn waiting: the header's badge, the tab's title and
    the table in Your tables with its "your turn" tag; it sits back down and moves."""
    pages = [open_page(chromium, "desktop"), open_page(chromium, "phone")]
    for worker, page in zip(slow_pair, pages, strict=True):
        landing(worker.base, page)
        page.get_by_test_id("find-pace").select_option("1")
        page.get_by_test_id("find-timeout").select_option("bot")
        find(page)
    code = code_of(pages[0])
    assert code_of(pages[1]) == code
    for page in pages:
        wait_js(page, PLAYING)
        wait_js(page, "document.body.dataset.myTurn !== undefined")
    turns = [page.evaluate("document.body.dataset.myTurn") == "true" for page in pages]
    assert turns.count(True) == 1, turns
    mover = turns.index(True)
    state = pages[mover].context.storage_state()
    for page in pages:  # both leave
        close_page(page)
    for worker in slow_pair:
        worker.kill()
    slow_pair[:] = workers(pg_url, redis_url)
    back = slow_pair[1 - mover]  # not the worker this player was on

    context = chromium.new_context(viewport=DESKTOP, storage_state=state)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    landing(back.base, page)
    badge = page.get_by_test_id("turn-badge")
    badge.wait_for(state="visible")
    assert "1" in badge.inner_text() and page.title().startswith("(1) "), page.title()
    item = page.locator(f'[data-testid=server-table][data-code="{code}"]')
    item.get_by_test_id("my-table-turn").wait_for(state="visible")
    item.scroll_into_view_if_needed()
    shoot(page, "cluster-your-turn-desktop")
    page.get_by_test_id(f"server-table-{code}").click()  # a new seat token from this worker
    wait_js(page, MY_TURN_OR_OVER)
    assert page.evaluate("document.body.dataset.myTurn") == "true"
    before = state_count(page)
    play_one_move(page)
    wait_new_state(page, before)
    deadline = time.monotonic() + 20
    while not stored_moves(pg_url, code):
        assert time.monotonic() < deadline, "the move was not stored"
        time.sleep(0.1)
    assert stored_moves(pg_url, code) == 1
    close_page(page)
