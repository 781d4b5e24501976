"""What a newcomer tripped on (issue 21 §1), the rest: an invite link's own page,
long names, emoji names, a resignation at three players, the small ones, short
quick games, translations that fit, the analysis beside the board, and Back after
an analysis. Debian's chromium through Playwright; every wait is on the page's own
signals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import (
    DESKTOP,
    PHONE,
    inside_viewport,
    open_lobby,
    shoot,
    wait_js,
)
from browser_site import close_page, device_page, shared_site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("newcomer2")) as running:
        yield running


def host_table(base: str, page: Any, players: int = 3, name: str = "Ann") -> str:
    """A table whose second seat waits for a person, the others bots; returns its link."""
    open_lobby(base, page, name)
    page.get_by_test_id("players").select_option(str(players))
    page.get_by_test_id("stock").fill("5")
    for seat in range(2, players):
        page.get_by_test_id(f"seat-kind-{seat}").select_option("bot:hard")
    page.get_by_test_id("create").click()
    page.get_by_test_id("share-link").wait_for()
    return str(page.get_by_test_id("share-link").get_attribute("href"))


# ------------------------------------------------------------------ 2. an invite link


def test_an_invite_link_opens_its_own_page_and_one_tap_sits(site: tuple[str, Any]) -> None:
    base, browser = site
    ann = device_page(browser, "desktop")
    link = host_table(base, ann)
    code = link.rsplit("#", 1)[1]
    bob = device_page(browser, "phone")
    bob.goto(link)  # a first visit, straight from the link
    invite = bob.get_by_test_id("invite")
    invite.wait_for(state="visible")
    assert bob.get_by_test_id("lobby").is_hidden()
    assert bob.get_by_test_id("invite-title").inner_text() == "Ann invited you to a 3-player table"
    # the guest name from /api/me is already in the name field
    wait_js(bob, "document.getElementById('invite-name').value.length > 0")
    join = bob.get_by_test_id("invite-join")
    assert join.inner_text() == "Join" and inside_viewport(bob, join)
    from test_browser_a11y import check_axe

    check_axe(bob, "invite (phone)")
    shoot(bob, "newcomer-invite-phone")
    bob.set_viewport_size(DESKTOP)
    check_axe(bob, "invite (desktop)")
    shoot(bob, "newcomer-invite-desktop")
    bob.set_viewport_size(PHONE)
    bob.get_by_test_id("invite-name").fill("Bob")
    join.tap()
    wait_js(bob, "['playing', 'round_over'].includes(document.body.dataset.phase)")
    assert bob.get_by_test_id("my-name").inner_text() == "Bob (you)"
    assert bob.url.endswith("#" + code)
    # Back goes to the landing page (the invite is behind the table, not under it)
    bob.go_back()
    bob.get_by_test_id("lobby").wait_for(state="visible")
    assert bob.get_by_test_id(f"my-table-{code}").is_visible()
    # a link to a table with no seat left lets a third person watch at once
    eve = device_page(browser, "phone")
    eve.goto(link)
    wait_js(eve, "Number(document.body.dataset.stateCount) > 0")
    assert eve.get_by_test_id("invite").is_hidden()
    assert eve.get_by_test_id("hand-card").count() == 0
    for page in (ann, bob, eve):
        close_page(page)
