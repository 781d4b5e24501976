"""Analyze keeps the board in view (issue 21 §1.6), at 1280x800 and at 390x844 with touch.

The win-chance graph has labelled axes (move number along, 0-100 % up, in the page's
language) and dots on the seat's own moves; the marked moves are a compact strip of
chips; choosing one shows its step on the board and scrolls so that the board and
the graph are both on screen. axe finds nothing serious on the analysis view.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import (
    SIZES,
    choose_setting,
    create_table,
    inside_viewport,
    open_page,
    shoot,
    wait_js,
)
from browser_site import close_page, play_round, shared_site
from skipbo.server.analysis import analysis_json
from test_browser_a11y import check_axe
from test_browser_coach import marked_record


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("analysis")) as running:
        yield running


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """An uploaded round whose first seat made marked moves, and that seat's analysis."""
    record = marked_record()
    path = tmp_path_factory.mktemp("record") / "round.json"
    path.write_text(json.dumps(record))
    return path, analysis_json(record, 0)


FRENCH_MARKS = {"inaccuracy": "imprécision", "mistake": "erreur", "blunder": "gaffe"}


def board_and_graph_in_view(page: Any) -> None:
    for testid in ("replay-board", "analysis-graph"):
        box = page.get_by_test_id(testid).bounding_box()
        assert inside_viewport(page, page.get_by_test_id(testid)), (testid, box)


def svg_texts(page: Any, selector: str) -> list[str]:
    found: list[str] = page.locator(f"[data-testid=analysis-graph] {selector}").all_text_contents()
    return found


@pytest.mark.parametrize("size", SIZES)
def test_analysis_keeps_the_board_and_the_graph_in_view(
    site: tuple[str, Any], record_file: tuple[Path, dict[str, Any]], size: str
) -> None:
    base, browser = site
    path, expected = record_file
    touch = size == "phone"
    page = open_page(browser, size)
    page.goto(base + "/#replay")
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_test_id("replay-file").set_input_files(str(path))
    page.get_by_test_id("replay-board").wait_for(state="visible")
    page.get_by_test_id("analyze").click()
    page.get_by_test_id("analysis-graph").wait_for(state="visible", timeout=120_000)
    # labelled axes: the replay's step along (as its slider says), 0-100 % up;
    # the seat's own moves dotted
    assert page.get_by_test_id("analysis-axis-x").text_content() == "Step"
    assert page.get_by_test_id("analysis-axis-y").text_content() == "Win chance"
    ticks = svg_texts(page, "text.tick")
    assert {"0\u00a0%", "50\u00a0%", "100\u00a0%", "0"} <= set(ticks), ticks
    assert page.get_by_test_id("analysis-legend").text_content() == "● moves of Ann"
    dots = page.locator("[data-testid=analysis-graph] circle")
    assert dots.count() == len(expected["moves"])
    steps = sorted(int(dots.nth(i).get_attribute("data-step")) for i in range(dots.count()))
    assert steps == [m["index"] + 1 for m in expected["moves"]]
    # the marks: a compact strip, and choosing one brings the board and the graph into view
    marked = [m for m in expected["moves"] if m["mark"]]
    chips = page.get_by_test_id("analysis-mark")
    assert chips.count() == len(marked)
    strip = page.get_by_test_id("analysis-marks").bounding_box()
    assert strip and strip["height"] <= (130 if size == "desktop" else 60), strip
    page.evaluate("window.scrollTo(0, 0)")  # as after reading the form above
    for n, m in ((len(marked) - 1, marked[-1]), (0, marked[0])):
        chip = chips.nth(n)
        chip.tap() if touch else chip.click()
        wait_js(page, f"document.body.dataset.replayStep === '{m['index'] + 1}'")
        board_and_graph_in_view(page)
        assert chip.get_attribute("aria-current") == "step"
        detail = page.get_by_test_id("mark-detail").inner_text()
        assert detail.startswith(m["mark"] + ": the expert plays"), detail
        cursor = page.get_by_test_id("analysis-cursor").get_attribute("x1")
        dot = page.locator(f"[data-testid=analysis-graph] circle[data-step='{m['index'] + 1}']")
        assert cursor == dot.get_attribute("cx")
    shoot(page, f"analysis-view-{size}")
    check_axe(page, f"analysis ({size})")
    # the page's language, axes included
    choose_setting(page, "language", "fr")
    assert page.get_by_test_id("analysis-axis-x").text_content() == "Étape"
    assert page.get_by_test_id("analysis-axis-y").text_content() == "Chance de gagner"
    mark = FRENCH_MARKS[marked[0]["mark"]]
    assert (
        page.get_by_test_id("mark-detail").inner_text().startswith(f"{mark}\u00a0: l'expert joue")
    )
    shoot(page, f"analysis-view-fr-{size}")
    close_page(page)


def test_analyze_from_the_end_of_a_round_shows_the_board_and_graph_on_a_phone(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = open_page(browser, "phone")
    create_table(base, page, players=2, stock=2)
    play_round(page, touch=True)
    page.get_by_test_id("result").wait_for(state="visible")
    page.get_by_test_id("result-analyze").tap()
    page.get_by_test_id("analysis-graph").wait_for(state="visible", timeout=120_000)
    wait_js(page, "document.querySelector('[data-testid=analysis]').dataset.seat === '0'")
    board_and_graph_in_view(page)
    shoot(page, "analysis-from-the-end-phone")
    close_page(page)
