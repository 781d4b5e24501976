"""Helpers for the browser tests of the profile and leaderboard pages.

Finished games are written straight into the app's store with the operations the
server itself uses (``players.insert_player``, ``ratings.record_game``), so a page
can show dozens of players and hundreds of rated games without playing them; and
the checks a phone needs (tap targets, text sizes, no sideways scrolling) are one
function over whatever page is shown.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from skipbo.server.ratings import record_game
from skipbo.server.storage import players as people
from skipbo.server.storage.games import LISTED_GAMES, GameResult, SeatResult

SEED_TABLE = "SEEDED"
"""The one table every seeded game was played at (its replays are not followed)."""


@dataclass
class Seeded:
    """Who was seeded: account ids, best rating first is for the page to find."""

    players: list[int]
    names: list[str]
    star: int
    """The first player: the most games (more than one page of them)."""


def _game(
    index: int,
    entrants: list[int | str],
    names: list[str],
    ranks: list[int],
    finished: float,
    *,
    sides: list[int] | None = None,
    rated: bool = True,
    rounds: int = 1,
    resigned: tuple[int, ...] = (),
) -> GameResult:
    side_of = sides if sides is not None else list(range(len(entrants)))
    seats = tuple(
        SeatResult(
            seat=i,
            side=side_of[i],
            name=names[i],
            score=0,
            stock_left=(2 * i + index) % 7,
            player_id=who if isinstance(who, int) else None,
            bot=who if isinstance(who, str) else None,
            resigned=i in resigned,
        )
        for i, who in enumerate(entrants)
    )
    return GameResult(
        table_id=SEED_TABLE,
        game_index=index,
        first_round=index * 3,
        rounds=rounds,
        finished=finished,
        players=len(entrants),
        teams=sides is not None,
        stock=10 if index % 2 else 30,
        rated=rated,
        ending="resigned" if resigned else "won",
        seats=seats,
        ranks=tuple(ranks),
    )


def seed_board(app: Any, accounts: int = 55, seed: int = 7) -> Seeded:
    """``accounts`` accounts, each with at least LISTED_GAMES rated games against the
    others (so all are on the leaderboard), and the first one with more: games against
    a bot, a three-player game of three rounds, an unrated game, a resigned one."""
    store = app.state.online.store
    rng = random.Random(seed)
    now = time.time()
    names = [
        f"{rng.choice(['Ann', 'Bob', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus'])} {i:02d}"
        for i in range(accounts)
    ]
    ids = []
    for name in names:
        row = store.run(
            people.insert_player("account", name, name.casefold(), None, now - 90 * 86400)
        )
        assert row is not None
        ids.append(row.player_id)
    store.create_table(SEED_TABLE, "{}")
    games: list[tuple[list[int | str], list[str], list[int], dict[str, Any]]] = []
    half = LISTED_GAMES // 2  # each plays half as the first seat, half as the second
    for k in range(1, half + 1):
        for i in range(accounts):
            j = (i + k) % accounts
            first_wins = rng.random() < 0.35 + 0.5 * (j / accounts)  # the later ones lose more
            games.append(
                ([ids[i], ids[j]], [names[i], names[j]], [1, 2] if first_wins else [2, 1], {})
            )
    star, bots = ids[0], ["expert", "hard", "medium"]
    for n in range(15):
        bot = bots[n % 3]
        games.append(([star, bot], [names[0], f"Ada ({bot})"], [1, 2] if n % 3 else [2, 1], {}))
    three = [ids[1], star, "hard"], [names[1], names[0], "Bruno (hard)"]
    games.append((*three, [2, 1, 3], {"rounds": 3}))
    games.append(([star, ids[2]], [names[0], names[2]], [1, 2], {"rated": False}))
    games.append(([star, ids[3]], [names[0], names[3]], [2, 1], {"resigned": (0,)}))
    for index, (entrants, seat_names, ranks, extra) in enumerate(games):
        finished = now - (len(games) - index) * 2 * 3600.0
        store.run(record_game(_game(index, entrants, seat_names, ranks, finished, **extra)))
    return Seeded(ids, names, star)


PHONE_CHECKS = """() => {
  // What a phone needs of the page shown: tap targets of 44 x 44 px at least, no text
  // under 12 px (the SVG's too, drawn at its own size), and no sideways scrolling.
  const root = document.querySelector('main:not([hidden])');
  const shown = (n) => n.getClientRects().length > 0 && !n.closest('[hidden]');
  const small = [];
  for (const n of root.querySelectorAll('a[href], button, input, select, [tabindex="0"]')) {
    if (!shown(n)) continue;
    const r = n.getBoundingClientRect();
    const text = n.textContent.trim().slice(0, 30);
    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
    if (r.width < 43.5 || r.height < 43.5) small.push(`${n.tagName} "${text}" ${size}`);
  }
  const tiny = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!node.textContent.trim() || !shown(parent) || parent.closest('.sr-only, title')) continue;
    let size = parseFloat(getComputedStyle(parent).fontSize);
    const svg = parent.closest('svg');
    if (svg) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (size < 11.95) tiny.push(`"${node.textContent.trim().slice(0, 30)}" ${size.toFixed(1)}px`);
  }
  const wide = document.documentElement.scrollWidth > window.innerWidth + 1;
  return {small, tiny, wide};
}"""


def check_phone_fit(page: Any, where: str) -> None:
    """The page shown passes PHONE_CHECKS."""
    found = page.evaluate(PHONE_CHECKS)
    assert not found["small"], f"{where}: tap targets under 44 px: {found['small']}"
    assert not found["tiny"], f"{where}: text under 12 px: {found['tiny']}"
    assert not found["wide"], f"{where}: the page scrolls sideways"
