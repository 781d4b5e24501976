"""Online play over the store: who is at which seat, the lobby's listings, ratings.

Both servers have a store that runs operations (:mod:`.storage.tx`): SQLite in
one process, PostgreSQL in the cluster. :class:`Online` keeps the tables the
pages read in step with the game, written once for both:

- a table made through the site is listed (:func:`~.storage.games.list_table`):
  public ones show in the lobby while seats are open;
- a seat taken by a browser with a session is linked to its player
  (``table_players``): the profile, the "your tables" list and the ratings know
  who sat there;
- after every committed change the hub calls :meth:`Online.observe`; when a
  table's phase or open seats differ from what this process last wrote, the
  listing is updated, and a game that has just ended is recorded once
  (:func:`~.ratings.record_game`: rated games move OpenSkill ratings).

Writes run on the store's writer thread as tasks of their own: a move's path
never waits for them (the move itself was committed before anyone saw it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from .config import TableConfig, TableError
from .ratings import Recorded, record_game, side_ranks
from .storage import games as listings
from .storage.games import GameResult, Listing, SeatResult
from .storage.players import DELETED_NAME, seat_player, unseat_player
from .storage.tx import Op, Store, Tx
from .tables import OPEN, Table

log = logging.getLogger(__name__)

Phase = tuple[str, int]
"""A listing's phase (``lobby``, ``playing``, ``finished``) and its open seats."""


def listing_phase(table: Table) -> Phase:
    """Where ``table`` stands, as its listing says it (a started table has no open seat:
    it starts when the last one is taken; this runs after every move, so it is kept cheap)."""
    if table.started:
        return ("finished" if table.finished else "playing"), 0
    return "lobby", sum(1 for seat in table.seats if seat.kind == OPEN)


def new_listing(code: str, config: TableConfig, open_seats: int, now: float) -> Listing:
    rules = config.rules
    return Listing(
        code,
        now,
        rules.players,
        rules.teams,
        rules.stock,
        open_seats,
        public=config.public,
        rated=config.rated,
        pace="slow" if config.slow else "live",
        slow_hours=config.slow_hours,
    )


def game_result(table: Table, now: float) -> GameResult:
    """The game that just ended at ``table``, seat by seat (player ids filled in later).

    A seat whose person resigned, or abandoned the game (:meth:`.tables.Table.gone`:
    handed to a bot past a slow deadline, or away on autopilot at a live table's end),
    is marked ``resigned`` and its side ranks last: a loss whatever the bot made of it.
    A game that a resignation ended at two sides is ``resigned`` (only that side gave
    up: whoever was away then did not leave it); else one with a seat abandoned is
    ``abandoned``.
    """
    match, rules = table.match, table.config.rules
    state = match.round
    sides = rules.sides
    scores = list(match.scores)
    winner = table.match_winner()
    result = state.result
    if winner is None and result is not None and result.winner is not None:
        winner = rules.team_of(result.winner)  # a one-round game: the round's winner
    if match.target is None:  # a one-round game: the round's points are its score
        scores = [int(side == winner) for side in range(sides)]
    ended_by_resigning = bool(table.resigned) and table.two_sides
    away = set() if ended_by_resigning else set(table.gone())
    abandoned = set(table.abandoned) | away
    left = set(table.resigned) | abandoned
    gave_up = {rules.team_of(seat) for seat in left}
    seats = tuple(
        SeatResult(
            seat=index,
            side=rules.team_of(index),
            name=seat.display_name,
            score=scores[rules.team_of(index)],
            stock_left=len(state.stocks[index]),
            bot=seat.bot,
            resigned=index in left,
        )
        for index, seat in enumerate(table.seats)
    )
    before = sum(len(m.rounds) for m in table.games[:-1])
    return GameResult(
        table_id=table.code,
        game_index=len(table.games) - 1,
        first_round=before,
        rounds=len(match.rounds),
        finished=now,
        players=rules.players,
        teams=rules.teams,
        stock=rules.stock,
        rated=table.config.rated,
        ending="resigned" if ended_by_resigning else "abandoned" if abandoned else "won",
        seats=seats,
        ranks=tuple(side_ranks(scores, winner, gave_up)),
    )


class Turn(NamedTuple):
    """A slow game's turn: its name, the same on every process that sees it (the round at
    the table and the turn in the round: a turn that comes back to a seat is another
    turn), and the seat to move."""

    name: str
    seat: int


def turn_of(table: Table) -> Turn | None:
    """Whose turn it is at a slow game in play (None: no deadline runs)."""
    if not table.config.slow or not table.started or table.finished:
        return None
    state = table.match.round
    return None if state.over else Turn(f"{table.round_index}/{state.turns}", state.to_move)


ListingMark = tuple[str, int, int]
"""What a process last wrote to a table's listing: its phase, open seats and the games
begun at the table (a rematch is ``playing`` again, but another game)."""


def running_seats(player_id: int) -> Op[list[tuple[str, int]]]:
    """The seats ``player_id`` holds at tables not finished (unlisted ones included)."""

    def run(tx: Tx) -> list[tuple[str, int]]:
        rows = tx.rows(
            "SELECT t.table_id, t.seat FROM table_players t"
            " LEFT JOIN listings l ON l.table_id = t.table_id"
            " WHERE t.player_id = {p} AND (l.phase IS NULL OR l.phase != 'finished')"
            " ORDER BY t.table_id, t.seat",
            (player_id,),
        )
        return [(str(code), int(seat)) for code, seat in rows]

    return run


def turn_player(code: str, player_id: int) -> Op[None]:
    """The player to move at ``code`` is ``player_id`` (the listing's "your turn")."""

    def run(tx: Tx) -> None:
        tx.rows("UPDATE listings SET to_move = {p} WHERE table_id = {p}", (player_id, code))

    return run


def claim_expired(now: float) -> Op[list[str]]:
    """The slow tables whose turn ran past its deadline, each claimed once (its
    deadline cleared in the same statement), so that two workers never both act."""

    def run(tx: Tx) -> list[str]:
        rows = tx.rows(
            "UPDATE listings SET deadline = NULL WHERE pace = 'slow' AND phase = 'playing'"
            " AND deadline IS NOT NULL AND deadline < {p} RETURNING table_id",
            (now,),
        )
        return [str(row[0]) for row in rows]

    return run


def record_with_players(result: GameResult) -> Op[Recorded]:
    """:func:`record_game` with each seat's player as ``table_players`` says, in one
    transaction. A seat taken by the stand-in of a person who resigned or abandoned this
    game keeps that person (rated on the loss); a bot seat from an earlier game at the
    table (its person gone then) is the bot's alone. A player linked to two seats (one
    browser joined its own table again) counts at the first only: a game has one result
    per player, and a second one would fail the whole record (its rating point is unique
    by player and game), so that nobody's result of the game would be kept."""

    def run(tx: Tx) -> Recorded:
        rows = tx.rows(
            "SELECT seat, player_id FROM table_players WHERE table_id = {p}", (result.table_id,)
        )
        who: dict[int, int] = {}
        for seat, player in sorted((int(seat), int(player)) for seat, player in rows):
            held = result.seats[seat]
            if (held.bot is None or held.resigned) and player not in who.values():
                who[seat] = player
        seats = tuple(
            replace(seat, player_id=who.get(seat.seat), bot=None if seat.seat in who else seat.bot)
            for seat in result.seats
        )
        return record_game(replace(result, seats=seats))(tx)

    return run


class Online:
    """Seats, listings and results of one server's tables, kept in its store."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        # what this process last wrote for each table it holds, kept as long as the
        # table is in memory (weak keys): a finished table keeps its phase, so that
        # the messages after the end ("next game") write nothing again
        self._written: WeakKeyDictionary[Table, ListingMark] = WeakKeyDictionary()
        """Per table, what this process last wrote to the listing."""
        self._recorded: WeakKeyDictionary[Table, int] = WeakKeyDictionary()
        """Per table, the last game (index at the table) whose result it stored."""
        self._turns: WeakKeyDictionary[Table, str] = WeakKeyDictionary()
        """Per slow table, the turn whose deadline this process wrote (the store keeps a
        turn's first deadline whoever writes it again: :func:`~.storage.games.set_turn`)."""
        self._tasks: set[asyncio.Task[Any]] = set()

    async def listed(self, code: str, config: TableConfig, open_seats: int) -> None:
        """A table made through the site gets its listing (public or link only)."""
        await self.store.run_async(
            listings.list_table(new_listing(code, config, open_seats, self.clock()))
        )

    async def seated(
        self, code: str, seat: int, player_id: int, view: dict[str, Any] | None = None
    ) -> None:
        """The player of a browser's session sits at ``seat``; if ``view`` (the table
        after the join) says it is that seat's turn at a slow game, the turn is theirs
        in the listing too (the turn was written before the seat was linked)."""
        await self.store.run_async(seat_player(code, seat, player_id))
        if view is not None and view["config"].get("slow_hours") and view.get("to_move") == seat:
            await self.store.run_async(turn_player(code, player_id))

    async def unseated(self, code: str, seat: int) -> None:
        """``seat`` was given back before the start; a public table nobody sits at any
        more leaves the lobby (:func:`~.storage.games.hide_if_empty`), so that the next
        seeker of Find a game is not paired into an empty table."""
        now = self.clock()

        def run(tx: Tx) -> None:
            unseat_player(code, seat)(tx)
            listings.hide_if_empty(code, now)(tx)

        await self.store.run_async(run)

    async def joined(self, code: str, view: dict[str, Any]) -> None:
        """Someone took a seat at ``code`` (``view``: the table after the join): a public
        table hidden when it was left empty is listed again."""
        if view["config"].get("public"):
            await self.store.run_async(listings.show_again(code, self.clock()))

    async def deleted(
        self, player_id: int, rename: Callable[[str, int, str], Awaitable[None]]
    ) -> None:
        """A deleted player's seats at running tables show "deleted player" at once.

        The store's seats already say so (:func:`~.storage.players.delete_player`); a
        table held in memory (by this process, or by cluster workers) would keep the
        old name in every view, and in the game's result, until it is read again, so
        each is renamed through ``rename`` (the service's, which shows the change).
        """
        for code, seat in await self.store.run_async(running_seats(player_id)):
            try:
                await rename(code, seat, DELETED_NAME)
            except TableError as exc:  # the table is gone, or not found any more
                log.info("table %s: seat %d not renamed (%s)", code, seat, exc.code)

    def observe(self, table: Table) -> None:
        """After a committed change: write what the listing or the results now lack.

        What this process wrote last is remembered to spare the store a write per move,
        and it may be out of date: on a cluster the other workers write too, and a
        worker's copy of a table is replaced when it reads the table again. So a lobby
        (whose open seats go up and down) is written at every change, the phase at every
        change of phase or game (a rematch is another game), and a turn's deadline by
        the turn's name, which the store compares (:func:`~.storage.games.set_turn`)."""
        phase = listing_phase(table)
        mark = (*phase, len(table.games))
        if phase[0] == "lobby" or self._written.get(table) != mark:
            self._written[table] = mark
            self._spawn(self._update_listing(table.code, phase))
        game = len(table.games) - 1
        if phase[0] == "finished" and self._recorded.get(table, -1) < game:
            self._recorded[table] = game
            self._spawn(self._record(game_result(table, self.clock())))
        turn = turn_of(table)
        if turn is not None and self._turns.get(table) != turn.name:
            self._turns[table] = turn.name
            self._spawn(self._set_deadline(table, turn))

    async def _update_listing(self, code: str, phase: Phase) -> None:
        name, open_seats = phase
        await self.store.run_async(
            listings.update_listing(code, self.clock(), phase=name, open_seats=open_seats)
        )

    async def _set_deadline(self, table: Table, turn: Turn) -> None:
        """A turn at a slow game this process did not write: its player has ``slow_hours``
        from now, unless the store holds that turn already (written by another worker,
        or before a restart): then its deadline stands."""
        now = self.clock()
        deadline = now + (table.config.slow_hours or 0) * 3600
        await self.store.run_async(
            listings.set_turn(table.code, turn.seat, deadline, now, turn.name)
        )

    async def expire(self, time_out: Callable[[str], Awaitable[None]]) -> list[str]:
        """Act on every slow turn past its deadline: ``time_out(code)`` for each."""
        codes = await self.store.run_async(claim_expired(self.clock()))
        for code in codes:
            try:
                await time_out(code)
            except TableError as exc:  # the turn ended meanwhile, or the table did
                log.info("table %s: no time-out (%s)", code, exc.code)
        return codes

    async def _record(self, result: GameResult) -> None:
        recorded = await self.store.run_async(record_with_players(result))
        if recorded.fresh:
            log.info("table %s: game %d recorded", result.table_id, result.game_index)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("a listing or result was not stored: %s", task.exception())

    async def drain(self) -> None:
        """Wait for every pending write (tests, and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
