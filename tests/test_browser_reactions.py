"""Preset reactions in a real browser, at 1280x800 and on a phone with touch.

Ann (a desktop, in English) and Bob (a phone, in French) find each other with
Find a game. Ann opens the React menu and picks "Well played": Bob's page shows
"Bien joué" beside Ann's name, Ann's own page shows it beside hers, and it goes
away after a few seconds. Bob taps "Good game" back and Ann reads it in English.
Too many reactions in a row are refused with a clear message.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import browser_at, inside_viewport, open_page, shoot, wait_js
from test_browser_online import find, landing

ANSWERED = """([seat, text]) => !document.getElementById('error').hidden
  || document.querySelector(`[data-testid=reaction-${seat}]`)?.textContent === text"""
"""The reaction was shown beside the sender's name, or refused."""


def react(page: Any, reaction: str, touch: bool = False) -> None:
    """Open the React menu and pick ``reaction`` by its id, by click or by tap."""
    act = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    act(page.get_by_test_id("react"))
    choice = page.get_by_test_id(f"react-{reaction}")
    choice.wait_for(state="visible")
    assert inside_viewport(page, choice)
    act(choice)
    choice.wait_for(state="hidden")  # the menu closes once a reaction is sent


def seat_of(page: Any) -> int:
    return int(page.evaluate("current.seat"))


def tag_beside_name(page: Any, seat: int, mine: bool) -> Any:
    """The reaction tag inside the seat's head, beside its name."""
    name = "my-name" if mine else f"name-{seat}"
    head = page.locator(".seat-head", has=page.get_by_test_id(name))
    return head.get_by_test_id(f"reaction-{seat}")


def test_ann_says_well_played_and_bob_reads_it_in_his_language(tmp_path: Path) -> None:
    with browser_at(tmp_path, create_limit=0) as (base, chromium, _app):
        ann, bob = open_page(chromium, "desktop"), open_page(chromium, "phone")
        bob.add_init_script("localStorage.setItem('skipbo.lang', 'fr')")
        for page in (ann, bob):
            landing(base, page)
        find(ann)
        ann.get_by_test_id("lobby-wait").wait_for(state="visible")
        assert ann.get_by_test_id("react-box").is_hidden()  # nobody to react to yet
        find(bob)
        for page in (ann, bob):
            wait_js(page, "document.body.dataset.phase === 'playing'")
        a, b = seat_of(ann), seat_of(bob)

        react(ann, "wp")
        seen = tag_beside_name(bob, a, mine=False)
        seen.wait_for(state="visible")
        assert seen.inner_text() == "Bien joué"
        assert inside_viewport(bob, seen)
        own = tag_beside_name(ann, a, mine=True)
        own.wait_for(state="visible")
        assert own.inner_text() == "Well played"
        assert "Well played" in ann.get_by_test_id("live").inner_text()
        shoot(bob, "reaction-seen-phone")
        shoot(ann, "reaction-sent-desktop")
        seen.wait_for(state="detached")  # shown for a few seconds only

        react(bob, "gg", touch=True)
        back = tag_beside_name(ann, b, mine=False)
        back.wait_for(state="visible")
        assert back.inner_text() == "Good game"
        ann.get_by_test_id("react").click()
        ann.get_by_test_id("react-menu").wait_for(state="visible")
        shoot(ann, "reaction-menu-desktop")
        ann.keyboard.press("Escape")
        ann.get_by_test_id("react-menu").wait_for(state="hidden")

        error = ann.get_by_test_id("error")
        shown = {"thanks": "Thanks", "oops": "Oops", "hurry": "Hurry up?", "gg": "Good game"}
        for reaction, text in shown.items():  # a burst of 3 passes, then a refusal
            react(ann, reaction)
            wait_js(ann, ANSWERED, [a, text])
            if error.is_visible():
                break
        assert "Too many reactions" in error.inner_text()
        for page in (ann, bob):
            assert not page.js_errors, page.js_errors
