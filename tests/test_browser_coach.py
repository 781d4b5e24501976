"""The coach in a real browser: the Hint button on the table, Analyze on the replay page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_helpers import browser_at, create_table, open_page, play_until_over, wait_js
from browser_helpers import shoot_both as shoot
from skipbo.bots import make_bot
from skipbo.core import Rules, record_json
from skipbo.server.analysis import analysis_json
from skipbo.sim.runner import play_round


def test_hint_lights_the_experts_move_and_analyze_lists_the_marked_moves(
    tmp_path: Path,
) -> None:
    with browser_at(tmp_path) as (base, browser, app):
        tab = open_page(browser)
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


def marked_record() -> dict[str, Any]:
    """A finished round in which seat 0 ("Ann", a random bot) made at least one marked move.

    Played here (the seeds are tried in order), so the test does not depend on how the
    bots happen to play today; the analysis is deterministic, so the page must show it.
    """
    rules = Rules.make(players=2, stock=5)
    for n in range(20):
        state = play_round(rules, [make_bot("random", n), make_bot("hard", n)], f"upload/{n}")
        record = record_json(state, names=["Ann", "Ada (hard)"])
        if state.result is not None and any(m["mark"] for m in analysis_json(record, 0)["moves"]):
            return record
    raise AssertionError("no round with a marked move for the random seat")


def marked_record_file(folder: Path) -> Path:
    """:func:`marked_record` written to ``folder/round.json``, a file to upload."""
    path = folder / "round.json"
    path.write_text(json.dumps(marked_record()))
    return path


def test_analyze_works_on_an_uploaded_record(tmp_path: Path) -> None:
    record = marked_record()
    expected = analysis_json(record, 0)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record))
    with browser_at(tmp_path) as (base, browser, _app):
        tab = open_page(browser)
        tab.goto(base + "/#replay")
        tab.wait_for_selector("body[data-ready=true]")
        tab.get_by_test_id("replay-file").set_input_files(str(path))
        tab.get_by_test_id("replay-board").wait_for(state="visible")
        seat = tab.get_by_test_id("analyze-seat")
        options = seat.locator("option").all_inner_texts()
        assert options == ["1 · Ann", "2 · Ada (hard)"]
        assert seat.input_value() == "0"  # the first seat that is not a bot
        tab.get_by_test_id("analyze").click()
        tab.get_by_test_id("analysis-graph").wait_for(state="visible", timeout=120_000)
        status = tab.get_by_test_id("analysis-status").inner_text()
        assert status.startswith(f"{len(expected['moves'])} moves")
        marked = [m for m in expected["moves"] if m["mark"]]
        dots = tab.locator("[data-testid=analysis-graph] circle[data-mark]")
        marks = tab.get_by_test_id("analysis-mark")
        assert dots.count() == marks.count() == len(marked)
        last = marks.nth(len(marked) - 1)
        step = last.get_attribute("data-step")
        assert step == str(marked[-1]["index"] + 1)
        last.click()
        wait_js(tab, f"document.body.dataset.replayStep === '{step}'")
        assert tab.get_by_test_id("replay-slider").input_value() == step
        assert tab.get_by_test_id("replay-move").get_attribute("data-move") == marked[-1]["played"]
        tab.get_by_test_id("replay-first").click()
        wait_js(tab, "document.body.dataset.replayStep === '0'")
        dot = dots.last  # drawn last: on top of any dot it touches
        dot.click()
        wait_js(tab, f"document.body.dataset.replayStep === '{dot.get_attribute('data-step')}'")
        # the other seat: a new analysis of the same file
        seat.select_option("1")
        tab.get_by_test_id("analyze").click()
        other = analysis_json(record, 1)
        wait_js(tab, "document.querySelector('[data-testid=analysis]').dataset.seat === '1'")
        status = tab.get_by_test_id("analysis-status").inner_text()
        assert status.startswith(f"{len(other['moves'])} moves")
        assert tab.get_by_test_id("analysis-mark").count() == sum(
            1 for m in other["moves"] if m["mark"]
        )
        shoot(tab, "analysis-upload")
        assert not tab.js_errors, f"JavaScript errors: {tab.js_errors}"
