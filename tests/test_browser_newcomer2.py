"""What a newcomer tripped on (issue 21 §1), the rest: an invite link's own page,
long names, emoji names, a resignation at three players, the small ones, short
quick games, translations that fit, the analysis beside the board, and Back after
an analysis. Debian's chromium through Playwright; every wait is on the page's own
signals."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import (
    DESKTOP,
    MY_TURN_OR_OVER,
    PHONE,
    create_table,
    discard_first_hand_card,
    inside_viewport,
    open_lobby,
    open_page,
    shoot,
    show_result,
    state_count,
    wait_js,
    wait_my_turn,
    wait_new_state,
)
from browser_site import close_page, open_howto, play_round, quick_move, shared_site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("newcomer2")) as running:
        yield running


def host_table(base: str, page: Any, players: int = 3, name: str = "Ann", stock: int = 5) -> str:
    """A table whose second seat waits for a person, the others bots; returns its link."""
    open_lobby(base, page, name)
    page.get_by_test_id("players").select_option(str(players))
    page.get_by_test_id("stock").fill(str(stock))
    for seat in range(2, players):
        page.get_by_test_id(f"seat-kind-{seat}").select_option("bot:hard")
    page.get_by_test_id("create").click()
    page.get_by_test_id("share-link").wait_for()
    return str(page.get_by_test_id("share-link").get_attribute("href"))


def axe_at_both_sizes(page: Any, where: str) -> None:
    """axe (0 serious or critical) at 390x844 and at 1280x800; the page's own size after."""
    from test_browser_a11y import check_axe

    own = page.viewport_size
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        check_axe(page, f"{where} ({name})")
    page.set_viewport_size(own)


def shoot_sizes(page: Any, name: str, show: Any = None) -> None:
    """Screenshots at 390x844 and at 1280x800 (NAME-phone, NAME-desktop), the locator
    ``show`` scrolled into view at each; the page's own size after."""
    own = page.viewport_size
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.wait_for_timeout(250)  # the new layout's transitions
        if show is not None:
            show.scroll_into_view_if_needed()
        shoot(page, f"{name}-{size_name}")
    page.set_viewport_size(own)


# ------------------------------------------------------------------ 2. an invite link


def test_an_invite_link_opens_its_own_page_and_one_tap_sits(site: tuple[str, Any]) -> None:
    base, browser = site
    ann = open_page(browser, "desktop")
    link = host_table(base, ann)
    code = link.rsplit("#", 1)[1]
    bob = open_page(browser, "phone")
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
    eve = open_page(browser, "phone")
    eve.goto(link)
    wait_js(eve, "Number(document.body.dataset.stateCount) > 0")
    assert eve.get_by_test_id("invite").is_hidden()
    assert eve.get_by_test_id("hand-card").count() == 0
    for page in (ann, bob, eve):
        close_page(page)


# ------------------------------------------------------------------ overflowing text

OVERFLOWS = """(root) => {
  // Every shown element under ``root`` whose text does not fit: content wider than its
  // box (unless cut with "…" and a tooltip or accessible name holding the whole text),
  // a box sticking out of the viewport or out of a clipping ancestor, a placeholder
  // wider than its field. Returns one line per fault.
  const shown = (node) => node.getClientRects().length > 0
    && node.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const bad = [];
  const label = (node) => `${node.dataset.testid || node.id || node.className || node.tagName}`
    + ` "${(node.textContent || node.placeholder || '').trim().slice(0, 30)}"`;
  const texty = (node) => [...node.childNodes]
    .some((c) => c.nodeType === 3 && c.textContent.trim());
  // words kept for screen readers only (a phone's replay arrows): clipped to nothing
  const unseen = (node) => {
    for (let up = node; up; up = up.parentElement) {
      if (getComputedStyle(up).clip === 'rect(0px, 0px, 0px, 0px)') return true;
    }
    return false;
  };
  // the layout's width: a phone's innerWidth grows with content wider than the screen
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    bad.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
  }
  const canvas = document.createElement('canvas').getContext('2d');
  for (const node of document.querySelectorAll(root + ' *')) {
    if (!shown(node) || node.closest('.sr-only, svg, .skip-link') || unseen(node)) continue;
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    if (texty(node) || node.matches('button, input, select')) {
      if (node.scrollWidth > node.clientWidth + 1 && style.overflowX !== 'visible') {
        const whole = node.textContent.trim();
        const tip = node.closest('[title]')?.title ?? '';
        const told = tip.includes(whole) || (node.getAttribute('aria-label') || '').includes(whole);
        if (!(style.textOverflow === 'ellipsis' && told)) bad.push(`${label(node)}: clipped`);
      }
      // a word wider than its box, not clipped: it runs into what lies beside it
      if (node.scrollWidth > node.clientWidth + 1 && style.overflowX === 'visible'
          && style.display !== 'inline' && texty(node)) {
        bad.push(`${label(node)}: spills out of its box`);
      }
      // the nearest ancestor that clips or scrolls: it, not the viewport, bounds the node
      let up = node.parentElement;
      while (up && up !== document.body && getComputedStyle(up).overflowX === 'visible') {
        up = up.parentElement;
      }
      const clipper = up && up !== document.body ? up : null;
      if (!clipper && (box.left < -0.5 || box.right > width + 0.5)) {
        const where = `${box.left.toFixed(0)}..${box.right.toFixed(0)}`;
        bad.push(`${label(node)}: outside the viewport (${where})`);
      }
      if (clipper && !['auto', 'scroll'].includes(getComputedStyle(clipper).overflowX)) {
        const outer = clipper.getBoundingClientRect();
        const out = box.right > outer.right + 1 || box.left < outer.left - 1;
        const cut = getComputedStyle(clipper).textOverflow === 'ellipsis'
          && (clipper.closest('[title]')?.title ?? '').includes(node.textContent.trim());
        if (out && !cut) bad.push(`${label(node)}: cut off by ${label(clipper)}`);
      }
    }
    if (node.matches('input[placeholder]') && !node.value && node.placeholder) {
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = node.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight);
      if (canvas.measureText(node.placeholder).width > room + 1) {
        bad.push(`${label(node)}: placeholder clipped`);
      }
    }
  }
  return [...new Set(bad)];
}"""


def overflows(page: Any, root: str = "body") -> list[str]:
    return list(page.evaluate(OVERFLOWS, root))


# ------------------------------------------------------------------ 8. long names

LONG_A = "Maximilianavonwolkenberg"  # 24 characters, no space to break at
LONG_B = "Bartholomewvanderwaalsen"


def test_long_names_end_in_an_ellipsis_with_the_whole_name_told(site: tuple[str, Any]) -> None:
    base, browser = site
    assert len(LONG_A) == len(LONG_B) == 24
    ann = open_page(browser, "desktop")
    link = host_table(base, ann, players=2, name=LONG_A)
    code = link.rsplit("#", 1)[1]
    bob = open_page(browser, "phone")
    bob.goto(link)
    bob.get_by_test_id("invite-name").fill(LONG_B)
    bob.get_by_test_id("invite-join").tap()
    pages = {ann: False, bob: True}
    while True:  # both play quick moves until the round is over
        for page in pages:
            wait_js(page, "document.body.dataset.phase !== 'lobby'")
        if all(page.evaluate("document.body.dataset.phase") != "playing" for page in pages):
            break
        for page, touch in pages.items():
            if page.evaluate("document.body.dataset.myTurn") == "true":
                before = state_count(page)
                quick_move(page, touch)
                wait_new_state(page, before)
        # the desktop move list fits its column, the names cut with "…" and told whole
        assert overflows(ann, "#moves") == []
    for page in pages:
        show_result(page)
    bob.wait_for_timeout(400)  # the dialog's pop-in
    # the phone's end dialog keeps every column in view
    assert overflows(bob, "#result") == [], overflows(bob, "#result")
    names = bob.locator("#scores-body .score-who").evaluate_all("els => els.map(e => e.title)")
    assert sorted(names) == [f"{LONG_B} (you)", LONG_A], names
    assert bob.locator("#scores-body .score-you").inner_text() == " (you)"
    # the series tally names the other side, cut like the scores (the whole name told)
    tally = bob.get_by_test_id("series")
    assert tally.is_visible() and LONG_A in tally.inner_text(), tally.inner_text()
    axe_at_both_sizes(bob, "the end with a series and long names")
    axe_at_both_sizes(ann, "the end with a series and long names, the host")
    shoot(bob, "newcomer-long-names-end-phone")
    shoot(ann, "newcomer-long-names-end-desktop")
    ann.get_by_test_id("result-close").click()
    shoot(ann, "newcomer-long-names-moves-desktop")
    whole = ann.locator("#moves li").last.get_attribute("title") or ""
    assert whole.split(":")[0] in (LONG_A, LONG_B), whole
    # Your tables: "with" and as much of the name as fits, the whole name in the tooltip
    ann.get_by_test_id("leave-table").click()
    bob.get_by_test_id("result-lobby").tap()
    bob.get_by_test_id("lobby").wait_for(state="visible")
    who = bob.get_by_test_id(f"my-table-who-{code}")
    shoot_sizes(bob, "newcomer-long-names-tables", show=who)
    assert who.get_attribute("title") == f"with {LONG_A}"
    assert (who.bounding_box() or {"width": 0})["width"] > 150
    assert overflows(bob, "#my-tables") == []
    for page in pages:
        close_page(page)


# ------------------------------------------------------------------ 9. emoji names

FAMILY = "👨\u200d👩\u200d👧\u200d👦"


def test_an_emoji_name_is_welcome_and_a_refusal_says_what_is_allowed(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = open_page(browser, "phone")
    name = f"Zoë {FAMILY} Zoë {FAMILY}"  # 11 clusters a reader sees; 30 UTF-16 units
    open_lobby(base, page, name)
    assert page.get_by_test_id("nickname").input_value() == name  # nothing cut off
    page.get_by_test_id("quick-play").tap()
    wait_my_turn(page)
    assert page.get_by_test_id("my-name").inner_text() == f"{name} (you)"
    shoot_sizes(page, "newcomer-emoji-name")
    # a name the server refuses: the message says what a name may hold
    page.get_by_test_id("leave-table").tap()
    page.get_by_test_id("lobby").wait_for(state="visible")
    page.get_by_test_id("nickname").fill("Eve\u202eevil")  # a bidi override, invisible
    page.get_by_test_id("quick-play").tap()
    error = page.get_by_test_id("error")
    error.wait_for(state="visible")
    text = error.inner_text()
    assert "emoji" in text and "24" in text and "printable" not in text, text
    assert page.get_by_test_id("nickname").get_attribute("aria-invalid") == "true"
    shoot(page, "newcomer-name-refused-phone")
    close_page(page)


TAP_FLASHED = """() => [...document.querySelectorAll('button, a, select, input, summary')]
  .filter((node) => getComputedStyle(node).webkitTapHighlightColor !== 'rgba(0, 0, 0, 0)')
  .map((node) => node.dataset.testid || node.id || node.tagName)"""
"""The controls over which a phone's browser would flash its own tap colour."""


def test_a_tapped_button_keeps_its_colour_on_a_phone(site: tuple[str, Any]) -> None:
    """Chromium lays 40 % of light blue over a tapped control: after a refused name the
    gold quick-play button looked pale green. No control gets that flash; a pressed
    button darkens a shade instead."""
    base, browser = site
    page = open_page(browser, "phone")
    open_lobby(base, page, "Eve\u202eevil")
    page.get_by_test_id("quick-play").tap()
    page.get_by_test_id("error").wait_for(state="visible")
    assert page.evaluate(TAP_FLASHED) == []
    shoot(page, "newcomer-quick-play-after-refusal-phone")
    page.get_by_test_id("nickname").fill("Eve")
    page.get_by_test_id("quick-play").tap()
    wait_my_turn(page)
    assert page.evaluate(TAP_FLASHED) == []
    close_page(page)


# ------------------------------------------------------------------ 12. resigning at three


def play_until(pages: dict[Any, bool], done: Any) -> None:
    """Whoever is to move among ``pages`` (page: touch) plays quick moves until ``done()``."""
    for _ in range(200):
        if done():
            return
        for page, touch in pages.items():
            if page.evaluate("document.body.dataset.myTurn") == "true":
                before = state_count(page)
                quick_move(page, touch)
                wait_new_state(page, before)
        pages_list = list(pages)
        pages_list[0].wait_for_timeout(50)
    raise AssertionError("not done in 200 rounds of moves")


BOB_MOVED = "(table.last_moves || []).some((m) => m.seat === 1)"
KEEP_LIVE = """() => {
  // Every text the live region is given from now on.
  const live = document.querySelector('[data-testid=live]');
  window.__live = [];
  new MutationObserver(() => window.__live.push(live.textContent))
    .observe(live, { childList: true, characterData: true, subtree: true });
}"""


def test_resigning_at_three_players_is_told_and_keeps_the_name(site: tuple[str, Any]) -> None:
    base, browser = site
    ann = open_page(browser, "desktop")
    link = host_table(base, ann, players=3, stock=12)
    bob = open_page(browser, "phone")
    bob.goto(link)
    bob.get_by_test_id("invite-name").fill("Bob")
    bob.get_by_test_id("invite-join").tap()
    wait_js(ann, "document.body.dataset.phase === 'playing'")
    play_until({ann: False, bob: True}, lambda: ann.evaluate(BOB_MOVED))
    earlier = ann.evaluate("table.last_moves.filter((m) => m.seat === 1).length")
    ann.evaluate(KEEP_LIVE)  # the bots' next moves replace the words soon after
    bob.get_by_test_id("resign").tap()
    bob.get_by_test_id("resign-confirm").tap()
    # everyone is told, on the table itself and in the live region
    notice = ann.get_by_test_id("resigned-notice")
    notice.wait_for(state="visible")
    assert notice.inner_text() == "Bob resigned; a bot plays the seat."
    said = ann.evaluate("window.__live")
    assert any("Bob resigned; a bot plays the seat." in text for text in said), said
    tag = ann.get_by_test_id("player-1").get_by_test_id("resigned-1")
    assert tag.inner_text() == "resigned: a bot (hard) plays"
    # his moves keep his name: none is relabelled "Bob (hard)"
    moves = ann.locator("#moves li[data-seat='1']").all_inner_texts()
    assert len(moves) >= min(earlier, 1) and all(m.startswith("Bob: ") for m in moves), moves
    shoot(ann, "newcomer-resigned-desktop")
    axe_at_both_sizes(ann, "the resigned notice")
    # Bob watches: told so, and never shown as "Bob (hard) (you)"
    mine = bob.get_by_test_id("resigned-notice")
    mine.wait_for(state="visible")
    assert mine.inner_text() == "You resigned; a bot plays your seat."
    wait_js(bob, "!document.body.innerText.includes('(you)')")
    assert "(hard) (you)" not in bob.locator("body").inner_text()
    # told once, not "You resigned: you are watching." and "You are watching." again
    own = bob.get_by_test_id("me").inner_text()
    assert own.count("watching") == 1 and "You resigned" in own, own
    shoot(bob, "newcomer-resigned-phone")
    axe_at_both_sizes(bob, "the resigned notice, to the one who resigned")
    # in French too
    ann.get_by_test_id("settings").click()
    ann.get_by_test_id("language").select_option("fr")
    ann.get_by_test_id("settings").click()
    assert notice.inner_text() == "Bob a abandonné\u00a0; un robot joue à sa place."
    for page in (ann, bob):
        close_page(page)


# ------------------------------------------------------------------ a late Back


STALE_BACK = """(old) => new Promise((done) => {
  // What a Back still on its way from a table left since looks like: the history
  // entry it lands on belongs to that table. Resolves once the page has seen it.
  history.pushState({ table: old, overlay: null, depth: 0 }, '', location.href);
  history.pushState({ table: old, overlay: 'pile-viewer', depth: 1 }, '', location.href);
  addEventListener('popstate', () => setTimeout(done, 50), { once: true });
  history.back();
})"""


def test_a_late_back_of_a_table_left_never_closes_the_next_end_dialog(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    old = create_table(base, page, players=2, stock=2)
    play_round(page)
    show_result(page)
    page.get_by_test_id("new-game").click()
    wait_js(page, f"table && table.code !== '{old}'")  # the new table's first view is shown
    wait_my_turn(page)
    play_round(page)
    page.get_by_test_id("result").wait_for(state="visible")
    page.evaluate(STALE_BACK, old)
    assert page.get_by_test_id("result").is_visible()
    assert page.get_by_test_id("show-result").is_hidden()
    close_page(page)


PHASES = """() => {
  // Every value body[data-phase] takes from now on ('' when it is removed).
  window.__phases = [];
  new MutationObserver(() => window.__phases.push(document.body.dataset.phase ?? ''))
    .observe(document.body, { attributes: true, attributeFilter: ['data-phase'] });
}"""


OLD_DIALOG_KEPT = """(old) => new Promise((done) => {
  // The new table's first view may come before the Back past the old table's dialog
  // entry: closing that dialog then must not take a second entry back. True when the
  // old entry is still there; then Back to the new table's entry.
  history.pushState({ table: old, overlay: 'result', depth: 1 }, '', location.href);
  dropOverlay('result');
  setTimeout(() => {
    const kept = history.state?.table === old;
    addEventListener('popstate', () => done(kept), { once: true });
    history.back();
  }, 150);
})"""


def test_back_after_a_new_game_reaches_the_landing_page(site: tuple[str, Any]) -> None:
    """New game from the end dialog: the new table takes the old one's history entry
    (not the dialog's, above it), so Back and the Lobby button reach the landing page;
    the old table's phase is gone as soon as it is left."""
    base, browser = site
    page = open_page(browser, "desktop")
    old = create_table(base, page, players=2, stock=2)
    play_round(page)
    show_result(page)
    page.evaluate(PHASES)
    page.get_by_test_id("new-game").click()
    wait_js(page, f"table && table.code !== '{old}' && location.hash === '#' + table.code")
    # the new table's first view may come a moment after its code and hash; with a
    # stock of two the bot, moving first, may win the one-game match at once
    started = ("playing", "round_over", "match_over")
    wait_js(page, f"{list(started)}.includes(document.body.dataset.phase)")
    new = page.evaluate("table.code")
    phases = page.evaluate("window.__phases")
    assert phases[0] == "" and phases[-1] in started, phases
    assert page.evaluate(OLD_DIALOG_KEPT, old), "the new table took the old dialog's entry back"
    wait_js(page, MY_TURN_OR_OVER)  # settled: the bot's first turn played, if it had one
    if page.evaluate("document.body.dataset.phase") != "playing":
        # over at once: its result dialog has its own entry, which Back closes first
        page.get_by_test_id("result").wait_for(state="visible")
        page.go_back()
        page.get_by_test_id("result").wait_for(state="hidden")
    page.go_back()
    page.get_by_test_id("lobby").wait_for(state="visible")
    assert page.url.rstrip("/") == base
    assert page.evaluate("[current, document.body.dataset.phase ?? null]") == [None, None]
    page.go_forward()
    wait_js(page, f"table && table.code === '{new}'")
    if page.get_by_test_id("result").is_visible():  # the new game was over at once
        page.get_by_test_id("result-close").click()
    page.get_by_test_id("leave-table").click()
    page.get_by_test_id("lobby").wait_for(state="visible")
    assert page.url.rstrip("/") == base
    close_page(page)


# ------------------------------------------------------------------ 13. the small ones

FOCUS_VISIBLE = "document.querySelectorAll(':focus-visible').length"

BADGES_APART = """() => {
  // A wild card on a building pile with its value badge, and the last move's tag on
  // the same pile, as the page draws them: do the two boxes overlap?
  const slot = document.querySelector('[data-testid=build-1]');
  const card = slot.querySelector('.card');
  const make = (className, textContent) =>
    Object.assign(document.createElement('span'), { className, textContent });
  const value = make('as-value', '= 12');
  const tag = make('last-tag', 'Chl ↓');
  card.append(value);
  slot.append(tag);
  const a = value.getBoundingClientRect();
  const b = tag.getBoundingClientRect();
  value.remove();
  tag.remove();
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


TAG_CLEAR = """() => {
  // The last move's tag and the count badges of the other seats' discard piles (each
  // pile given one as a pile of several cards has, as the page draws it): how many
  // does the tag cover?
  const tag = document.querySelector('[data-testid=last-move-tag]');
  if (!tag) return -1;
  const added = [];
  for (const pile of document.querySelectorAll('#board .others [data-pile*=":D"]')) {
    if (pile.querySelector(':scope > .badge-count')) continue;
    const badge = document.createElement('span');
    Object.assign(badge, { className: 'badge-count', textContent: '3' });
    pile.append(badge);
    added.push(badge);
  }
  const b = tag.getBoundingClientRect();
  const covered = [...document.querySelectorAll('#board .badge-count')].filter((node) => {
    const a = node.getBoundingClientRect();
    return a.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }).length;
  for (const badge of added) badge.remove();
  return covered;
}"""


SLOW_ME = """(() => {
  const fetched = window.fetch.bind(window);
  window.fetch = (url, options) => String(url).endsWith("/api/me")
    ? new Promise((done) => setTimeout(done, 1500)).then(() => fetched(url, options))
    : fetched(url, options);
})()"""
"""An init script: the page's /api/me answers 1.5 s late (a slow network)."""


def test_join_tapped_before_the_guest_name_came_waits_for_it(site: tuple[str, Any]) -> None:
    """A link opened on a slow network: Join is there before /api/me has brought the
    guest's name; tapped at once, it waits for the name and sits (it refused an empty
    name, and the host's table waited for good)."""
    base, browser = site
    ann = open_page(browser, "desktop")
    link = host_table(base, ann, players=2, stock=20)
    bob = open_page(browser, "phone")
    bob.add_init_script(SLOW_ME)
    bob.goto(link)
    bob.get_by_test_id("invite-join").wait_for(state="visible")
    assert bob.get_by_test_id("invite-name").input_value() == ""  # the name not come yet
    bob.get_by_test_id("invite-join").tap()
    wait_js(ann, "document.body.dataset.phase === 'playing'")
    wait_js(bob, "document.body.dataset.phase === 'playing'")
    assert bob.get_by_test_id("error").is_hidden()
    for page in (ann, bob):
        assert not page.js_errors, page.js_errors
        close_page(page)


def test_the_guest_name_never_lands_in_a_field_the_person_is_in(site: tuple[str, Any]) -> None:
    """The guest's name comes late (a slow network) while the person is in the name
    field: it is not put under their fingers (a name being typed then read "Plucky
    Dingo 475Zoë": the red fresh-clone run); left empty, the field gets it after all."""
    base, browser = site
    page = open_page(browser, "desktop")
    page.add_init_script(SLOW_ME)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    field = page.get_by_test_id("nickname")
    field.focus()
    wait_js(page, "!document.getElementById('me-box').hidden")
    assert field.input_value() == ""  # the name came, and the field stayed the person's
    page.get_by_test_id("quick-play").focus()  # left empty: the guest's name after all
    wait_js(page, "document.getElementById('nickname').value.length > 0")
    field.fill("Zoë")
    page.get_by_test_id("quick-play").focus()
    assert field.input_value() == "Zoë"
    assert not page.js_errors, page.js_errors
    close_page(page)


def test_the_small_ones(site: tuple[str, Any]) -> None:
    base, browser = site
    ann = open_page(browser, "desktop")
    link = host_table(base, ann, players=2, stock=20)
    bob = open_page(browser, "phone")
    bob.goto(link)
    # the guest's name comes with /api/me, after the page: Join waits for a name
    wait_js(bob, "document.getElementById('invite-name').value.length > 0")
    bob.get_by_test_id("invite-join").tap()
    wait_js(ann, "document.body.dataset.phase === 'playing'")
    # the discard that ended the other's turn is tagged on their pile, clear of every
    # count: on the phone's small piles the tag sat over two of them
    wait_js(bob, "document.body.dataset.phase === 'playing'")
    bob_turn = (
        "table !== null && (table.moves || 0) > 10 && document.body.dataset.myTurn === 'true'"
        " && table.last_moves.at(-1).seat !== mySeat()"
    )
    play_until({bob: True, ann: False}, lambda: bob.evaluate(bob_turn))  # Bob first: Ann's
    # discard is then the last move when the loop looks
    assert bob.evaluate(TAG_CLEAR) == 0
    later = "(table.moves || 0) > 14 && document.body.dataset.myTurn === 'true'"
    play_until({ann: False, bob: True}, lambda: ann.evaluate(later))
    assert ann.evaluate(TAG_CLEAR) == 0
    # the move list is numbered by the move's place in the round, not 1-12
    numbers = ann.locator("#moves li").evaluate_all("els => els.map((e) => e.value)")
    moves = ann.evaluate("table.moves")
    assert numbers == list(range(moves - len(numbers) + 1, moves + 1)), (numbers, moves)
    # a mouse leaves no focus box; the keyboard does
    ann.locator("[data-testid=hand-card][data-selectable=true]").first.click()
    assert ann.evaluate(FOCUS_VISIBLE) == 0
    # the desktop says "Click", the phone "Tap"
    status = ann.get_by_test_id("status").inner_text()
    assert "Tap" not in status and "Click" in status, status
    ann.keyboard.press("Escape")
    ann.keyboard.press("Tab")
    assert ann.evaluate(FOCUS_VISIBLE) == 1
    # and on the phone, at Bob's turn, "Tap"
    ann.keyboard.press("Escape")
    play_until({ann: False}, lambda: bob.evaluate("document.body.dataset.myTurn === 'true'"))
    bob.locator("[data-testid=hand-card][data-selectable=true]").first.tap()
    status = bob.get_by_test_id("status").inner_text()
    assert "Tap" in status and "Click" not in status, status
    bob.locator("[data-selected=true]").first.tap()  # the card goes back
    # the wild card's value and the last move's tag keep apart on a phone
    assert not bob.evaluate(BADGES_APART)
    # "away" in words beside the dot
    bob.context.close()
    away = ann.get_by_test_id("presence-1")
    wait_js(ann, "document.querySelector('[data-testid=presence-1]')?.dataset.state === 'away'")
    word = away.locator(".presence-word")
    assert word.is_visible() and word.inner_text() == "away"
    shoot_sizes(ann, "newcomer-away", show=away)
    close_page(ann)


# ------------------------------------------------------------------ 10. short quick games


def test_quick_play_is_short_for_a_first_game_and_offers_standard(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = open_page(browser, "phone")
    open_lobby(base, page, "Ann")
    length = page.get_by_test_id("quick-length")
    assert length.input_value() == "10"  # a first game: a short round
    assert length.locator("option").all_inner_texts() == ["short (stock 10)", "normal (stock 30)"]
    shoot_sizes(page, "newcomer-quick-length", show=length)
    page.get_by_test_id("quick-play").tap()
    wait_js(page, "table && table.view")
    assert page.evaluate("table.view.rules.stock") == 10
    close_page(page)
    # a browser that remembers a finished game gets the standard round; a choice sticks
    page = open_page(browser, "desktop")
    page.goto(base + "/")
    page.evaluate("localStorage.setItem('skipbo.series.ABCDEF', '{\"0\": 1}')")
    open_lobby(base, page, "Ann")
    assert page.get_by_test_id("quick-length").input_value() == "30"
    page.get_by_test_id("quick-length").select_option("10")
    open_lobby(base, page, "Ann")
    assert page.get_by_test_id("quick-length").input_value() == "10"
    close_page(page)


# ------------------------------------------------------------------ 11. every page fits


CUT_PLACEHOLDERS = """() => [...document.querySelectorAll('#lobby input[placeholder]')]
  .filter((input) => input.getClientRects().length && input.placeholder)
  .filter((input) => {
    const pen = document.createElement('canvas').getContext('2d');
    const style = getComputedStyle(input);
    pen.font = style.font;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const inside = input.clientWidth - padding;
    const spinner = input.type === 'number' ? 16 : 0;  // Chromium's arrows
    return pen.measureText(input.placeholder).width > inside - spinner;
  })
  .map((input) => `${input.id}: ${input.placeholder}`)"""
"""The landing page's fields whose placeholder does not fit beside what the field shows."""


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_every_page_fits_a_phone_in_every_language(site: tuple[str, Any], lang: str) -> None:
    base, browser = site
    page = open_page(browser, "phone")
    page.goto(base + "/")
    page.evaluate(f"localStorage.setItem('skipbo.lang', '{lang}')")
    found: dict[str, list[str]] = {}
    open_lobby(base, page, None)
    page.get_by_test_id("me-box").wait_for(state="visible")
    found["landing"] = overflows(page, "#lobby")
    found["placeholders"] = page.evaluate(CUT_PLACEHOLDERS)  # "par défau" in a number field
    shoot_sizes(page, f"newcomer-landing-{lang}")
    create_table(base, page, players=3, stock=2)
    found["table"] = overflows(page, "#table")
    shoot_sizes(page, f"newcomer-table-{lang}")
    # a bot's level in the page's language: "Chloé (difficile)"; moves told in words
    level = {"en": "hard", "fr": "difficile", "de": "schwer", "nl": "moeilijk"}[lang]
    assert page.get_by_test_id("name-1").inner_text().endswith(f"({level})")
    tips = page.locator("#moves li").evaluate_all("els => els.map((e) => e.title)")
    assert all(re.fullmatch(r".+: .*\D{4,}.*", tip) for tip in tips), tips  # not "H12-D1"
    page.locator("[data-testid=hand-card][data-selectable=true]").first.tap()
    found["a card picked"] = overflows(page, "#table")  # "Hier weggooien", "Défausser ici"
    page.locator("[data-testid^=discard-target-][data-lit=true]").first.tap()
    found["a discard waiting"] = overflows(page, "#table")
    page.get_by_test_id("undo-discard").tap()
    page.locator("[data-selected=true]").first.tap()  # the card goes back
    page.get_by_test_id("toggle-side").tap()
    found["players and moves"] = overflows(page, "#side")
    page.get_by_test_id("side-close").tap()
    play_round(page, touch=True)
    # French puts a (no-break) space before the colon: "Chloé : ..."; the others do not
    colon = "\u00a0: " if lang == "fr" else ": "
    tips = page.locator("#moves li").evaluate_all("els => els.map((e) => e.title)")
    assert tips and all(colon in tip and " :" not in tip.replace(colon, "") for tip in tips), tips
    item = page.locator("#moves li").first.text_content() or ""
    assert colon in item, item
    show_result(page)
    page.wait_for_timeout(300)  # the dialog's pop-in
    found["end of the round"] = overflows(page, "#result")
    shoot(page, f"newcomer-fits-end-{lang}-phone")
    page.get_by_test_id("result-lobby").tap()
    page.get_by_test_id("my-profile").tap()
    page.get_by_test_id("profile-name").wait_for(state="visible")
    found["profile"] = overflows(page, "#profile")
    page.get_by_test_id("profile-back").tap()
    page.get_by_test_id("leaderboard-link").tap()
    page.get_by_test_id("board-title").wait_for(state="visible")
    found["leaderboard"] = overflows(page, "#leaderboard")
    problems = "\n".join(f"{lang} {where}: {bad}" for where, bad in found.items() if bad)
    assert not problems, problems
    close_page(page)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An uploaded round with marked moves: the analysis shows its graph and its chips."""
    from test_browser_coach import marked_record_file

    return marked_record_file(tmp_path_factory.mktemp("record"))


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_every_other_screen_fits_a_phone_in_every_language(
    site: tuple[str, Any], record_file: Path, lang: str
) -> None:
    """The screens the test above does not reach: the invite page, how to play and the
    account open, the settings open, the resign dialog, a pile shown whole, the replay
    with its analysis and the offline page (the tutorial's panel: test_browser_tutorial)."""
    base, browser = site
    host = open_page(browser, "desktop")
    link = host_table(base, host, players=3)
    page = open_page(browser, "phone")
    page.context.add_init_script(f"localStorage.setItem('skipbo.lang', '{lang}')")
    found: dict[str, list[str]] = {}
    page.goto(link)
    page.get_by_test_id("invite").wait_for(state="visible")
    wait_js(page, "document.getElementById('invite-name').value.length > 0")
    found["invite"] = overflows(page, "#invite")
    shoot(page, f"newcomer-fits-invite-{lang}-phone")
    close_page(host)
    # the landing page with how to play and the account open, then the settings
    open_lobby(base, page, None)
    page.get_by_test_id("me-box").wait_for(state="visible")
    open_howto(page)
    page.get_by_test_id("account").locator("summary").tap()
    page.get_by_test_id("claim-user").wait_for(state="visible")
    found["how to play and the account"] = overflows(page, "#lobby")
    page.get_by_test_id("settings").tap()
    page.get_by_test_id("one-tap").wait_for(state="visible")
    found["the settings"] = overflows(page, "#settings")
    shoot(page, f"newcomer-fits-settings-{lang}-phone")
    page.get_by_test_id("settings").tap()
    # at a table: the resign dialog, then another player's discard pile shown whole
    create_table(base, page, players=3, stock=5)
    page.get_by_test_id("resign").tap()
    page.get_by_test_id("resign-dialog").wait_for(state="visible")
    page.wait_for_timeout(300)  # the dialog's pop-in
    found["the resign dialog"] = overflows(page, "#resign-dialog")
    shoot(page, f"newcomer-fits-resign-{lang}-phone")
    page.get_by_test_id("resign-cancel").tap()
    for _ in range(6):  # the bots discard at the end of their turns
        if page.locator("#others .openable").count():
            break
        before = state_count(page)
        discard_first_hand_card(page, tap=True)
        wait_new_state(page, before)
        wait_my_turn(page)
    page.locator("#others .openable").first.tap()
    page.get_by_test_id("pile-viewer").wait_for(state="visible")
    page.wait_for_timeout(300)
    found["a pile shown whole"] = overflows(page, "#pile-viewer")
    shoot(page, f"newcomer-fits-pile-{lang}-phone")
    page.get_by_test_id("pile-viewer-close").tap()
    # the replay of an uploaded round and its analysis
    page.goto(base + "/#replay")
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_test_id("replay-file").set_input_files(str(record_file))
    page.get_by_test_id("replay-board").wait_for(state="visible")
    found["the replay"] = overflows(page, "#replay")
    page.get_by_test_id("analyze").tap()
    page.get_by_test_id("analysis-graph").wait_for(state="visible", timeout=120_000)
    page.locator("[data-testid=analysis-mark]").first.tap()
    found["the analysis"] = overflows(page, "#replay")
    shoot(page, f"newcomer-fits-analysis-{lang}-phone")
    # the page the service worker shows without the server
    page.goto(base + "/offline")
    page.get_by_test_id("offline-retry").wait_for(state="visible")
    wait_js(page, f"document.documentElement.lang === '{lang}'")
    found["the offline page"] = overflows(page, "body")
    problems = "\n".join(f"{lang} {where}: {bad}" for where, bad in found.items() if bad)
    assert not problems, problems
    close_page(page)
