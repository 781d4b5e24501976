"""Sounds and the celebration of a won round (issue 21 §3): off until the player turns
sounds on in the settings; confetti when the person wins a round, never with reduced
motion. The tones are counted where Web Audio starts them (no sound card needed).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import (
    ARTIFACTS,
    SIZES,
    choose_setting,
    create_table,
    open_page,
    shoot,
    state_count,
    wait_my_turn,
    wait_new_state,
)
from browser_site import close_page, play_round, quick_move, shared_site

RECORD = """
window.__tones = [];
const startTone = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...when) {
  window.__tones.push(Math.round(this.frequency.value));
  return startTone.apply(this, when);
};
window.__celebrations = 0;
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) if (node.id === "celebration") window.__celebrations += 1;
  }
}).observe(document, { childList: true, subtree: true });
"""
FAST = "localStorage.setItem('skipbo.pace', 'fast')"
"""Other players' moves at the 'Fast' pace: 'No animation' (the tests' pace) has no confetti."""
ROUNDS = 12
"""Rounds of one stock card against a random bot: the person wins one long before."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("sounds")) as running:
        yield running


def test_sounds_are_off_by_default_and_play_once_turned_on(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    page.context.add_init_script(RECORD)
    create_table(base, page, stock=10, bot="random")
    assert not page.get_by_test_id("sound").is_checked()
    for _ in range(3):
        before = state_count(page)
        quick_move(page)
        wait_new_state(page, before)  # else the turn seen is the one before the move
        wait_my_turn(page)
    assert page.evaluate("window.__tones") == []  # off: not one tone
    page.get_by_test_id("settings").click()
    page.get_by_test_id("sound").check()  # the your-turn tones, as a sample
    page.get_by_test_id("settings").click()
    assert page.evaluate("window.__tones") == [660, 880]
    assert page.evaluate("localStorage.getItem('skipbo.sound')") == "on"
    before = state_count(page)
    quick_move(page)
    wait_new_state(page, before)  # the move shown: a card placed
    tones = page.evaluate("window.__tones.slice(2)")
    assert tones and set(tones) <= {330, 660, 880, 523, 659, 784, 1047}, tones
    close_page(page)


def win_a_round(base: str, page: Any) -> None:
    """Play rounds of one stock card until the person wins one."""
    create_table(base, page, stock=1, bot="random")
    for _ in range(ROUNDS):
        play_round(page)
        page.get_by_test_id("result").wait_for(state="visible")
        if page.get_by_test_id("result").locator("h2").inner_text() == "You won!":
            return
        wait_my_turn(page)  # the next game
    raise AssertionError(f"the person won none of {ROUNDS} rounds")


@pytest.mark.parametrize(
    ("motion", "pace"),
    [("no-preference", "fast"), ("reduce", "fast"), ("no-preference", "instant")],
)
def test_a_won_round_is_celebrated_unless_motion_is_reduced(
    site: tuple[str, Any], motion: str, pace: str
) -> None:
    """Confetti for a won round, unless the system asks for reduced motion or the player
    chose "No animation" (the pace setting) in the settings."""
    base, browser = site
    page = open_page(browser, "phone")
    page.context.add_init_script(RECORD)
    if pace == "fast":
        page.context.add_init_script(FAST)
    page.emulate_media(reduced_motion=motion)
    page.evaluate("1")  # the media emulation holds for the pages opened next
    if pace == "instant":  # chosen by the player, as a person would
        page.goto(base + "/")
        page.wait_for_selector("body[data-ready=true]")
        choose_setting(page, "pace", "slow")
        choose_setting(page, "pace", "instant")
        assert page.evaluate("localStorage.getItem('skipbo.pace')") == "instant"
    win_a_round(base, page)
    celebrations = page.evaluate("window.__celebrations")
    if motion == "reduce" or pace == "instant":
        assert celebrations == 0
        assert page.locator("[data-testid=celebration]").count() == 0
    else:
        assert celebrations == 1
        page.locator("[data-testid=celebration]").wait_for(state="detached")  # gone by itself
        for size in ("phone", "desktop"):  # once more, for a picture of it in full flight
            page.set_viewport_size(SIZES[size])
            page.evaluate("celebrateWin()")
            page.wait_for_timeout(700)
            shoot(page, f"sounds_celebration_{size}")
    assert page.evaluate("window.__tones") == []  # sounds stay off by default
    close_page(page)


def test_the_settings_show_the_sound_switch(site: tuple[str, Any]) -> None:
    """Screenshots of the settings with the sound switch, at both sizes."""
    base, browser = site
    ARTIFACTS.mkdir(exist_ok=True)
    for size in ("phone", "desktop"):
        page = open_page(browser, size)
        page.goto(base + "/")
        page.wait_for_selector("body[data-ready=true]")
        page.get_by_test_id("settings").click()
        switch = page.get_by_test_id("sound")
        assert switch.is_visible() and not switch.is_checked()
        label = page.locator("label", has=switch).inner_text()
        assert label == "Sounds: a card placed, your turn, a round won"
        box = switch.bounding_box()
        viewport = page.viewport_size
        assert box is not None and box["x"] + box["width"] <= viewport["width"]
        page.screenshot(path=str(ARTIFACTS / f"sounds_settings_{size}.png"))
        close_page(page)
