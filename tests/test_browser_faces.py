"""What the page draws and names, checked against the server's own view for that seat
(issue 24 §5), not against the page's ``data-*`` attributes.

The other browser tests read a card's value from ``data-card``, which the page sets
from the same variable it draws from: a page that drew or named the wrong card would
pass them. Here a second connection asks the server for the seat's view with the
seat's token, and each card on screen is read as a person or a screen reader gets
it: the text drawn on its face (the SVG) and its accessible name (the browser's
accessibility tree, through Playwright's ARIA snapshot).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import create_table, open_page
from browser_site import close_page, shared_site
from server_harness import Client

# The texts drawn on a node's card art (the count badge of a stack is not the card).
DRAWN = """(node) => [...new Set([...node.querySelectorAll('svg text')]
  .filter((text) => !text.classList.contains('card-count'))
  .map((text) => text.textContent.trim()).filter(Boolean))]"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("faces")) as running:
        yield running


def server_view(base: str, page: Any, code: str) -> dict[str, Any]:
    """The seat's view as the server sends it to the seat's token (a second connection)."""
    seat = json.loads(page.evaluate(f"localStorage.getItem('skipbo.seat.{code}')"))
    client = Client(base, code)
    try:
        view: dict[str, Any] = client.hello(seat["token"])["view"]
    finally:
        client.close()
    assert view["seat"] == seat["seat"]
    return view


def words(card: str) -> str:
    """The English page's spoken name of a card (faces drawn as numbers)."""
    return "Skip-Bo (wild)" if card == "SB" else card


def face_shows(drawn: list[str], card: str) -> bool:
    """Whether the texts drawn on a face are those of ``card`` and of no other card."""
    numbers = {text for text in drawn if text.isdigit()}
    if card == "SB":
        return not numbers and any("SKIP" in text.upper() for text in drawn)
    return numbers == {card}


def accessible_names(page: Any, selector: str) -> list[str]:
    """The accessible names of the nodes matching ``selector``, in page order."""
    names = []
    for i in range(page.locator(selector).count()):
        snapshot = page.locator(selector).nth(i).aria_snapshot()
        line = snapshot.splitlines()[0].removeprefix("- ").removesuffix(":")
        if line.startswith("'"):  # YAML quotes a line with a colon in it
            line = line[1 : line.rindex("'")].replace("''", "'")
        match = re.match(r'\w+ "(.*?)"', line)
        assert match, snapshot
        names.append(match.group(1))
    return names


def test_the_hand_piles_and_stock_tops_are_drawn_and_named_as_the_server_says(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    code = create_table(base, page, players=3, stock=8)
    view = server_view(base, page, code)
    core = view["view"]
    me = view["seat"]
    # the hand: each drawn face and each name is one of the server's cards, all of them
    hand = page.locator("[data-testid=hand-card]")
    drawn = [hand.nth(i).evaluate(DRAWN) for i in range(hand.count())]
    names = accessible_names(page, "[data-testid=hand-card]")
    assert len(drawn) == len(core["hand"]) == len(names)
    shown = Counter()
    for texts, name in zip(drawn, names, strict=True):
        card = next((c for c in set(core["hand"]) if face_shows(texts, c)), None)
        assert card is not None, f"a face drawn with {texts} is no card of {core['hand']}"
        assert name.startswith(f"hand card {words(card)}"), (name, card)
        shown[card] += 1
    assert shown == Counter(core["hand"])
    # the stock tops: own and the others'
    for seat, player in enumerate(core["players"]):
        testid = "own-stock" if seat == me else f"stock-{seat}"
        node = page.get_by_test_id(testid)
        assert face_shows(node.evaluate(DRAWN), player["stock_top"]), (seat, player)
        (name,) = accessible_names(page, f"[data-testid={testid}]")
        assert f"top {words(player['stock_top'])}, {player['stock']} cards" in name, name
    # the building piles: the top card drawn, the next card needed named
    for i, value in enumerate(core["build"], start=1):
        pile = core["build_piles"][i - 1]
        node = page.get_by_test_id(f"build-{i}")
        texts = node.evaluate(DRAWN)
        assert face_shows(texts, pile[-1]) if pile else not any(t.isdigit() for t in texts)
        (name,) = accessible_names(page, f"[data-testid=build-{i}]")
        needed = value + 1 if value else 1
        assert re.match(rf"building pile {i}: (empty, )?needs {needed}\b", name), name
    close_page(page)
