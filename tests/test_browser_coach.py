"""The coach in a real browser: the Hint button on the table, Analyze on the replay page."""

from __future__ import annotations

from pathlib import Path

from browser_helpers import browser_at, create_table, new_page, play_until_over, wait_js
from browser_helpers import shoot_both as shoot


def test_hint_lights_the_experts_move_and_analyze_lists_the_marked_moves(
    tmp_path: Path,
) -> None:
    with browser_at(tmp_path) as (base, browser, app):
        tab = new_page(browser)
        code = create_table(base, tab)  # one person against a hard bot: hints are on
        hint = tab.get_by_test_id("hint")
        hint.wait_for(state="visible")
        hint.click()
        tab.get_by_test_id("hint-text").wait_for(state="visible")
        move = tab.get_by_test_id("hint-text").get_attribute("data-move")
        table = app.state.registry.get(code)
        legal = table.view_for(0)["legal"]
        assert move in legal
        if move != "end":
            wait_js(tab, "document.querySelectorAll('[data-hinted]').length >= 1")
            source = tab.locator("[data-hinted=source]").first.get_attribute("data-source")
            assert source == move.split("-")[0]
        shoot(tab, "hint")
        play_until_over(tab)
        round_index = table.view_for(0)["round_index"]
        tab.goto(base + "/#replay")
        tab.wait_for_selector("body[data-ready=true]")
        tab.get_by_test_id("replay-code").fill(code)
        tab.get_by_test_id("replay-round").fill(str(round_index + 1))
        tab.get_by_test_id("replay-load").click()
        tab.get_by_test_id("replay-board").wait_for(state="visible")
        tab.get_by_test_id("analyze").click()
        tab.get_by_test_id("analysis-graph").wait_for(state="visible", timeout=120_000)
        status = tab.get_by_test_id("analysis-status").inner_text()
        assert status.split()[0].isdigit() and "blunders:" in status
        marks = tab.get_by_test_id("analysis-mark")
        if marks.count():
            marks.first.click()
            step = tab.get_by_test_id("replay-step").inner_text()
            assert not step.startswith("Step 0 ")
        shoot(tab, "analysis")
        assert not tab.js_errors, f"JavaScript errors: {tab.js_errors}"
