"""A logged-in account's own tools on the page, at 1280x800 and at 390x844 with touch.

In the landing page's Account panel an account finds: Download my games (JSON
Lines), Change password and Delete account. Played as a person: a wrong current
password is said in the form; a changed password is the one a fresh browser logs
in with (the old one refused); the download is one JSON record per finished game
with no password, session or seat token in it; a deletion asks for the user name
typed and the password, then the profiles show "deleted player" on the games and
the name is free for anyone. The log-in limit's wait is said in the form too. axe
finds no serious or critical violation on these forms; screenshots go to artifacts/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import SIZES, open_page, shoot, wait_js
from browser_site import close_page, shared_site
from server_harness import resign_by_socket, thread_server
from test_browser_a11y import check_axe
from test_browser_online import landing
from test_server_players import Browser

PASSWORD = "a long password"
NEW_PASSWORD = "another long password"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("account")) as running:
        yield running


def open_account(page: Any) -> None:
    account = page.get_by_test_id("account")
    if account.get_attribute("open") is None:
        account.locator("summary").click()


def claimed(base: str, page: Any, user_name: str) -> int:
    """A first visit claims an account through the Account panel; returns its player id."""
    landing(base, page)
    open_account(page)
    page.get_by_test_id("claim-user").fill(user_name)
    page.get_by_test_id("claim-password").fill("short")  # refused beside the field
    page.get_by_test_id("claim").click()
    page.get_by_test_id("claim-error").filter(has_text="8 to").wait_for()
    assert page.get_by_test_id("claim-password").get_attribute("aria-invalid") == "true"
    page.get_by_test_id("claim-password").fill(PASSWORD)
    page.get_by_test_id("claim").click()
    page.get_by_test_id("account-tools").wait_for(state="visible")
    me: dict[str, Any] = page.request.get(base + "/api/me").json()
    assert me["kind"] == "account" and me["name"] == user_name
    # the games played from now on are under the account's name, not the guest's
    wait_js(page, "(name) => document.getElementById('nickname').value === name", user_name)
    return int(me["id"])


def log_in(page: Any, user_name: str, password: str) -> None:
    open_account(page)
    page.get_by_test_id("login-user").fill(user_name)
    page.get_by_test_id("login-password").fill(password)
    page.get_by_test_id("login").click()


def finished_game(base: str, page: Any) -> tuple[str, list[str], Browser]:
    """The page's player finds a game; a guest joins it and resigns: one finished game.
    Returns its code, both seat tokens and the guest."""
    kind = {"players": 2, "stock": 10}
    mine = page.request.post(base + "/api/find", data=kind).json()
    bob = Browser(base)
    bob.get("/api/me")
    other = bob.post("/api/find", kind).json()
    assert other["code"] == mine["code"]
    resign_by_socket(base, other["code"], other["token"])
    for _ in range(200):  # recorded by a task of its own, just after the end
        if page.request.get(base + "/api/me").json()["games"] == 1:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the game was not recorded")
    return str(mine["code"]), [str(mine["token"]), str(other["token"])], bob


@pytest.mark.parametrize("size", SIZES)
def test_a_changed_password_is_the_one_a_new_browser_logs_in_with(
    site: tuple[str, Any], size: str
) -> None:
    base, browser = site
    page = open_page(browser, size)
    user_name = f"Pia {size}"
    claimed(base, page, user_name)
    page.get_by_test_id("old-password").fill("not my password")
    page.get_by_test_id("new-password").fill(NEW_PASSWORD)
    page.get_by_test_id("change-password").click()
    message = page.get_by_test_id("password-message")
    message.filter(has_text="The current password is wrong.").wait_for()
    assert page.get_by_test_id("old-password").get_attribute("aria-invalid") == "true"
    check_axe(page, f"password refused ({size})")
    page.get_by_test_id("account-tools").scroll_into_view_if_needed()
    shoot(page, f"account-password-wrong-{size}")
    page.get_by_test_id("old-password").fill(PASSWORD)
    page.get_by_test_id("new-password").fill("short")
    page.get_by_test_id("change-password").click()
    message.filter(has_text="8 to").wait_for()  # errors.js: "A password is 8 to 256 ..."
    assert page.get_by_test_id("new-password").get_attribute("aria-invalid") == "true"
    page.get_by_test_id("old-password").fill(PASSWORD)
    page.get_by_test_id("new-password").fill(NEW_PASSWORD)
    page.get_by_test_id("change-password").click()
    message.filter(has_text="Password changed.").wait_for()
    assert page.get_by_test_id("old-password").input_value() == ""
    assert page.get_by_test_id("old-password").get_attribute("aria-invalid") is None
    fresh = open_page(browser, size)  # a new browser: the old password is refused
    landing(base, fresh)
    log_in(fresh, user_name, PASSWORD)
    # said in the log-in form, beside its fields, not in the page's line far above
    refusal = fresh.get_by_test_id("login-error")
    refusal.filter(has_text="Wrong user name or password.").wait_for()
    # which of the two was wrong is not told (nor whether the user name exists)
    assert fresh.get_by_test_id("login-password").get_attribute("aria-invalid") is None
    assert fresh.get_by_test_id("error").is_hidden()
    check_axe(fresh, f"log-in refused ({size})")
    refusal.scroll_into_view_if_needed()
    shoot(fresh, f"account-login-refused-{size}")
    log_in(fresh, user_name, NEW_PASSWORD)
    fresh.get_by_test_id("account-tools").wait_for(state="visible")
    assert fresh.get_by_test_id("me-name").inner_text() == f"You play as {user_name}"
    close_page(fresh)
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_my_games_download_as_json_lines_without_secrets(
    site: tuple[str, Any], size: str, tmp_path: Path
) -> None:
    base, browser = site
    page = open_page(browser, size)
    claimed(base, page, f"Dora {size}")
    code, tokens, _ = finished_game(base, page)
    link = page.get_by_test_id("download-games")
    link.scroll_into_view_if_needed()
    check_axe(page, f"account tools ({size})")
    shoot(page, f"account-tools-{size}")
    with page.expect_download() as download_info:
        link.click()
    download = download_info.value
    assert download.suggested_filename == "skipbo-games.jsonl"
    path = tmp_path / "games.jsonl"
    download.save_as(path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) == 1 and text.endswith("\n")
    (game,) = [json.loads(line) for line in lines]
    assert game["table_id"] == code and len(game["seats"]) == 2
    cookies = [cookie["value"] for cookie in page.context.cookies()]
    for secret in [PASSWORD, *tokens, *cookies]:
        assert secret not in text
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_deleted_account_shows_as_deleted_player_and_frees_its_name(
    site: tuple[str, Any], size: str
) -> None:
    base, browser = site
    page = open_page(browser, size)
    user_name = f"Gus {size}"
    gone_id = claimed(base, page, user_name)
    _, _, bob = finished_game(base, page)
    page.get_by_test_id("delete-name").fill("someone else")
    page.get_by_test_id("delete-password").fill(PASSWORD)
    page.get_by_test_id("delete-account").click()
    message = page.get_by_test_id("delete-message")
    message.filter(has_text=f"Type your user name, {user_name}, to confirm.").wait_for()
    assert page.get_by_test_id("delete-name").get_attribute("aria-invalid") == "true"
    page.get_by_test_id("delete-name").fill(user_name.upper())  # as the server, case aside
    page.get_by_test_id("delete-password").fill("not my password")
    page.get_by_test_id("delete-account").click()
    message.filter(has_text="The password is wrong.").wait_for()
    page.locator("#delete-form").scroll_into_view_if_needed()
    check_axe(page, f"delete refused ({size})")
    shoot(page, f"account-delete-refused-{size}")
    page.get_by_test_id("delete-password").fill(PASSWORD)
    page.get_by_test_id("delete-account").click()
    page.get_by_test_id("account-status").filter(has_text="Your account is deleted.").wait_for()
    assert page.get_by_test_id("account-tools").is_hidden()
    assert page.locator("#claim-form").is_visible()
    assert page.get_by_test_id("me-name").inner_text() != f"You play as {user_name}"
    page.get_by_test_id("me-box").scroll_into_view_if_needed()
    shoot(page, f"account-deleted-{size}")
    # the other player's profile lists the game with "deleted player" in it
    bob_id = bob.get("/api/me").json()["id"]
    page.goto(f"{base}/#player/{bob_id}")
    seats = page.get_by_test_id("profile-game").first.get_by_test_id("game-seat")
    seats.filter(has_text="deleted player").wait_for()
    assert user_name not in page.get_by_test_id("profile-game").first.inner_text()
    page.goto(f"{base}/#player/{gone_id}")
    page.locator("#profile-name").filter(has_text="deleted player").wait_for()
    # and anyone may take the name
    other = open_page(browser, size)
    claimed(base, other, user_name)
    close_page(other)
    close_page(page)


def test_the_log_in_limit_is_said_in_the_password_form(
    site: tuple[str, Any], tmp_path: Path
) -> None:
    """Past the limit of failed passwords from one address (20 in 5 minutes), the form
    says how long to wait, not that the password is wrong. A server of its own: the
    limit would hold the module's other log-ins back."""
    _, browser = site
    with thread_server(tmp_path / "limit.db", create_limit=0) as (base, _app):
        page = open_page(browser, "phone")
        claimed(base, page, "Ida")
        for _ in range(20):
            wrong = page.request.post(
                base + "/api/account/password", data={"old": "not it", "new": NEW_PASSWORD}
            )
            assert wrong.status == 401
        page.get_by_test_id("old-password").fill(PASSWORD)
        page.get_by_test_id("new-password").fill(NEW_PASSWORD)
        page.get_by_test_id("change-password").click()
        message = page.get_by_test_id("password-message")
        message.filter(has_text="Too many failed log-ins").wait_for()
        assert re.fullmatch(r"Too many failed log-ins: try again in \d+ s\.", message.inner_text())
        page.get_by_test_id("account-tools").scroll_into_view_if_needed()
        shoot(page, "account-limit-phone")
        close_page(page)
