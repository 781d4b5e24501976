"""Finished games, ratings rows, table listings, and the queries the pages make.

Operations (:mod:`.tx`) for ``store.run(op)`` / ``await store.run_async(op)``,
on SQLite and PostgreSQL alike, each served by an index of the migrations
(:mod:`.migrations`):

- the lobby, open public tables newest first: ``listings_lobby``
  (public, phase, created);
- "your turn", the running tables waiting for a player: ``listings_turn``
  (to_move, deadline), only rows with someone to move;
- a profile's finished games, newest first, by pages: ``game_players_player``
  (player_id, game_id); its totals are counters in the player's ``ratings``
  row, not a count over the games;
- the rating graph: ``rating_history``'s key (player_id, game_id);
- the leaderboard by pages: ``ratings_board`` (listed, rating DESC, player_id).

``benchmarks/store_queries.py`` times each of them on 10,000 players and
100,000 finished games. The rating arithmetic is :mod:`..ratings`'; here are
the rows it reads and writes (:func:`insert_game`, :func:`read_skills`,
:func:`count_game`, :func:`write_rating`), inside its one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from .tx import Op, Row, Tx, for_update, one, placeholders

LISTED_GAMES = 10
"""Rated games an account needs to be on the leaderboard."""
PROVISIONAL_GAMES = 10
"""Below this many rated games (and for every guest) a rating is shown as provisional."""
PHASES = ("lobby", "playing", "finished")


# ------------------------------------------------------------ finished games


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat at the end of a game: who sat there and how it went."""

    seat: int
    side: int
    """The seat's side (its team with partnerships, else the seat), 0-based."""
    name: str
    """As shown at the table ("Ada (expert)" for a bot)."""
    score: int
    """The side's match score (the round's points for a one-round game)."""
    stock_left: int
    """Cards left in the seat's stock at the end of the game's last round."""
    player_id: int | None = None
    bot: str | None = None
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class Game:
    """A finished game at a table: what ``games`` stores of it."""

    table_id: str
    game_index: int
    first_round: int
    """The game's first round among the table's rounds (for replay links)."""
    rounds: int
    finished: float
    players: int
    teams: bool
    stock: int
    rated: bool
    ending: str
    """``won``, ``resigned`` (a side gave up) or ``abandoned`` (left past its deadline)."""


GAME_COLUMNS = tuple(f.name for f in fields(Game))


@dataclass(frozen=True, slots=True)
class GameResult(Game):
    """A finished game as the profile, history and ratings need it: with every seat."""

    seats: tuple[SeatResult, ...]
    ranks: tuple[int, ...]
    """Per side, 1 the best; equal numbers are ties (see :func:`..ratings.side_ranks`)."""


def insert_game(tx: Tx, result: GameResult) -> int | None:
    """Store the game and its seats; its id, or None if it was recorded already."""
    values = [getattr(result, column) for column in GAME_COLUMNS]
    rows = tx.attempt(
        f"INSERT INTO games ({', '.join(GAME_COLUMNS)})"
        f" VALUES ({placeholders(len(values))}) RETURNING game_id",
        [int(value) if isinstance(value, bool) else value for value in values],
    )
    if not rows:
        return None
    game_id = int(rows[0][0])
    for seat in result.seats:
        tx.rows(
            "INSERT INTO game_players (game_id, seat, side, player_id, bot, name, place, score,"
            f" stock_left, resigned) VALUES ({placeholders(10)})",
            (
                game_id,
                seat.seat,
                seat.side,
                seat.player_id,
                seat.bot,
                seat.name,
                result.ranks[seat.side],
                seat.score,
                seat.stock_left,
                int(seat.resigned),
            ),
        )
    return game_id


@dataclass(frozen=True, slots=True)
class StoredSkill:
    """A player's rating row as the arithmetic needs it."""

    mu: float
    sigma: float
    rated_games: int


def read_skills(tx: Tx, player_ids: Iterable[int]) -> dict[int, StoredSkill]:
    """The ratings rows of these players (locked until the end on PostgreSQL)."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    rows = tx.rows(
        "SELECT player_id, mu, sigma, rated_games FROM ratings"
        f" WHERE player_id IN ({placeholders(len(ids))}) ORDER BY player_id{for_update(tx)}",
        ids,
    )
    return {int(r[0]): StoredSkill(float(r[1]), float(r[2]), int(r[3])) for r in rows}


def count_game(
    tx: Tx, player_id: int, won: bool, stock_left: int, start: tuple[float, float, int], now: float
) -> None:
    """Add a game to the player's counters; a first game makes the row (at ``start``:
    mu, sigma and the shown rating of a new player)."""
    mu, sigma, rating = start
    tx.rows(
        "INSERT INTO ratings (player_id, mu, sigma, rating, rated_games, games, wins, stock_left,"
        " listed, updated) VALUES ({p}, {p}, {p}, {p}, 0, 1, {p}, {p}, 0, {p})"
        " ON CONFLICT (player_id) DO UPDATE SET games = ratings.games + 1,"
        " wins = ratings.wins + excluded.wins,"
        " stock_left = ratings.stock_left + excluded.stock_left, updated = excluded.updated",
        (player_id, mu, sigma, rating, int(won), stock_left, now),
    )


def write_rating(
    tx: Tx, player_id: int, game_id: int, at: float, mu: float, sigma: float, rating: int
) -> None:
    """The player's new rating after a rated game, and its point on the graph."""
    tx.rows(
        "UPDATE ratings SET mu = {p}, sigma = {p}, rating = {p}, rated_games = rated_games + 1,"
        " listed = CASE WHEN rated_games + 1 >= {p} AND EXISTS (SELECT 1 FROM players p"
        " WHERE p.player_id = ratings.player_id AND p.kind = 'account') THEN 1 ELSE 0 END"
        " WHERE player_id = {p}",
        (mu, sigma, rating, LISTED_GAMES, player_id),
    )
    tx.rows(
        "INSERT INTO rating_history (player_id, game_id, at, mu, sigma, rating)"
        " VALUES ({p}, {p}, {p}, {p}, {p}, {p})",
        (player_id, game_id, at, mu, sigma, rating),
    )


def relist(tx: Tx, player_id: int) -> None:
    """Recompute whether the player belongs on the leaderboard (after a guest claims)."""
    tx.rows(
        "UPDATE ratings SET listed = CASE WHEN rated_games >= {p} AND EXISTS (SELECT 1"
        " FROM players p WHERE p.player_id = ratings.player_id AND p.kind = 'account')"
        " THEN 1 ELSE 0 END WHERE player_id = {p}",
        (LISTED_GAMES, player_id),
    )


# ------------------------------------------------------------------ listings


@dataclass(frozen=True, slots=True)
class Listing:
    """How a table shows in the lobby and the turn lists (kept beside its config)."""

    table_id: str
    created: float
    players: int
    teams: bool
    stock: int
    open_seats: int
    public: bool = False
    rated: bool = False
    pace: str = "live"
    """``live`` or ``slow``."""
    slow_hours: int | None = None
    """A slow game's hours a turn (None: a live game)."""


def list_table(listing: Listing) -> Op[None]:
    """Add a new table's listing (``lobby`` while seats are open, else ``playing``)."""

    def run(tx: Tx) -> None:
        phase = "lobby" if listing.open_seats else "playing"
        tx.rows(
            "INSERT INTO listings (table_id, created, public, rated, pace, players, teams, stock,"
            f" phase, open_seats, updated, slow_hours) VALUES ({placeholders(12)})",
            (
                listing.table_id,
                listing.created,
                int(listing.public),
                int(listing.rated),
                listing.pace,
                listing.players,
                int(listing.teams),
                listing.stock,
                phase,
                listing.open_seats,
                listing.created,
                listing.slow_hours,
            ),
        )

    return run


def update_listing(
    table_id: str,
    now: float,
    *,
    phase: str | None = None,
    open_seats: int | None = None,
    public: bool | None = None,
) -> Op[bool]:
    """Change what is given (a seat taken, the game begun or over, made public or
    private); a finished table has nobody to move. False if the table has no listing."""
    if phase is not None and phase not in PHASES:
        raise ValueError(f"phase is one of {PHASES}, not {phase!r}")
    changes = {"phase": phase, "open_seats": open_seats, "public": public}
    sets = [f"{column} = {{p}}" for column, value in changes.items() if value is not None]
    values: list[object] = [
        int(value) if isinstance(value, bool) else value
        for value in changes.values()
        if value is not None
    ]
    if phase == "finished":
        sets += ["to_move = NULL", "deadline = NULL"]

    def run(tx: Tx) -> bool:
        done = tx.rows(
            f"UPDATE listings SET {', '.join([*sets, 'updated = {p}'])}"
            " WHERE table_id = {p} RETURNING table_id",
            (*values, now, table_id),
        )
        return bool(done)

    return run


def hide_if_empty(table_id: str, now: float) -> Op[bool]:
    """A public table waiting in the lobby that no person sits at any more (the last one
    gave their seat back: a cancelled Find a game) leaves the lobby, and so Find a game's
    choice: its listing is made private. The seats are read in the same statement, so a
    person who sat down meanwhile keeps it listed. True if it was hidden."""

    def run(tx: Tx) -> bool:
        done = tx.rows(
            "UPDATE listings SET public = 0, updated = {p} WHERE table_id = {p}"
            " AND phase = 'lobby' AND public = 1 AND NOT EXISTS (SELECT 1 FROM seats s"
            " WHERE s.table_id = listings.table_id AND s.kind = 'human') RETURNING table_id",
            (now, table_id),
        )
        return bool(done)

    return run


def show_again(table_id: str, now: float) -> Op[None]:
    """A public table someone sat down at is listed again, if :func:`hide_if_empty`
    had hidden it (only a public table's joins ask: nothing else makes one private)."""

    def run(tx: Tx) -> None:
        tx.rows(
            "UPDATE listings SET public = 1, updated = {p}"
            " WHERE table_id = {p} AND public = 0 AND phase != 'finished'",
            (now, table_id),
        )

    return run


def set_turn(
    table_id: str, seat: int | None, deadline: float | None, now: float, turn: str | None = None
) -> Op[None]:
    """Whose turn it is: the player at ``seat`` (None, or a seat no player holds: nobody's
    list), and by when for a slow game. ``turn`` names the turn: where the listing holds
    that turn already, nothing changes, so that a turn's deadline is written once
    whoever writes it again (another cluster worker, a restarted process)."""

    def run(tx: Tx) -> None:
        sql = (
            "UPDATE listings SET to_move = (SELECT player_id FROM table_players"
            " WHERE table_id = {p} AND seat = {p}), deadline = {p}, turn = {p}, updated = {p}"
            " WHERE table_id = {p}"
        )
        values: tuple[object, ...] = (table_id, -1 if seat is None else seat, deadline, turn, now)
        if turn is None:
            tx.rows(sql, (*values, table_id))
        else:
            tx.rows(sql + " AND (turn IS NULL OR turn != {p})", (*values, table_id, turn))

    return run


# ------------------------------------------------------------------ the pages


@dataclass(frozen=True, slots=True)
class SeatShown:
    """A seat as a list shows it: the player's current name (``deleted player`` once
    deleted) and rating, or the name stored at the seat (bots, open seats)."""

    seat: int
    name: str
    kind: str
    """``open``, ``human`` or ``bot:LEVEL`` (the table's seat), or the result's bot."""
    player_id: int | None = None
    rating: int | None = None
    provisional: bool = True


@dataclass(frozen=True, slots=True)
class TableShown:
    """A table of the lobby, the your-turn list or a player's running tables."""

    table_id: str
    created: float
    rated: bool
    pace: str
    players: int
    teams: bool
    stock: int
    phase: str
    open_seats: int
    deadline: float | None
    slow_hours: int | None = None
    """A slow game's hours a turn (None: live, or listed before the listing kept them)."""
    seats: list[SeatShown] = field(default_factory=list)


def _with_bools(row: Row, *at: int) -> list[Any]:
    """The row's values, those at ``at`` as booleans (0/1 on SQLite, integers on both)."""
    values = list(row)
    for index in at:
        values[index] = bool(values[index])
    return values


_TABLE_COLUMNS = (
    "l.table_id, l.created, l.rated, l.pace, l.players, l.teams, l.stock, l.phase,"
    " l.open_seats, l.deadline, l.slow_hours"
)


def _tables(tx: Tx, rows: Sequence[Row]) -> list[TableShown]:
    """Listing rows with their seats (names and ratings) read in one more statement."""
    tables = [TableShown(*_with_bools(r, 2, 5)) for r in rows]
    if not tables:
        return tables
    by_id = {table.table_id: table for table in tables}
    seats = tx.rows(
        "SELECT s.table_id, s.seat, s.name, s.kind, p.player_id, p.name, p.kind, r.rating,"
        " r.rated_games FROM seats s"
        " LEFT JOIN table_players t ON t.table_id = s.table_id AND t.seat = s.seat"
        " LEFT JOIN players p ON p.player_id = t.player_id"
        " LEFT JOIN ratings r ON r.player_id = t.player_id"
        f" WHERE s.table_id IN ({placeholders(len(by_id))}) ORDER BY s.table_id, s.seat",
        list(by_id),
    )
    for code, seat, name, kind, player_id, player_name, player_kind, rating, rated in seats:
        shown = SeatShown(
            int(seat),
            str(player_name if player_id is not None else name),
            str(kind),
            None if player_id is None else int(player_id),
            None if rating is None else int(rating),
            _provisional(player_kind, rated),
        )
        by_id[str(code)].seats.append(shown)
    return tables


def _provisional(kind: object, rated_games: object) -> bool:
    return kind != "account" or rated_games is None or int(str(rated_games)) < PROVISIONAL_GAMES


def lobby(limit: int = 50) -> Op[list[TableShown]]:
    """Open public tables, newest first, with who sits there and their ratings."""
    return _public("lobby", limit)


def playing(limit: int = 20) -> Op[list[TableShown]]:
    """Public tables in play, newest first, to watch from the lobby (``listings_lobby``
    serves it as it serves the open tables: public, phase, created)."""
    return _public("playing", limit)


def _listed(clauses: str, params: tuple[Any, ...]) -> Op[list[TableShown]]:
    """The listings that ``clauses`` (what follows ``FROM listings l``) choose, with their
    seats: every list of tables the pages show is one of these."""

    def run(tx: Tx) -> list[TableShown]:
        return _tables(tx, tx.rows(f"SELECT {_TABLE_COLUMNS} FROM listings l {clauses}", params))

    return run


def _public(phase: Literal["lobby", "playing"], limit: int) -> Op[list[TableShown]]:
    """Public tables in ``phase``, newest first (the phase written into the statement)."""
    return _listed(
        f"WHERE l.public = 1 AND l.phase = '{phase}' ORDER BY l.created DESC LIMIT {{p}}",
        (limit,),
    )


def waiting_tables(
    players: int, teams: bool, stock: int, pace: str, limit: int
) -> Op[list[TableShown]]:
    """Open public rated tables of one kind, newest first: where Find a game looks. The
    kind is in the statement, so that tables of other kinds never crowd the ones
    wanted out of ``limit`` (the lobby's newest tables may all be of other kinds)."""
    return _listed(
        "WHERE l.public = 1 AND l.phase = 'lobby' AND l.rated = 1 AND l.players = {p}"
        " AND l.teams = {p} AND l.stock = {p} AND l.pace = {p}"
        " ORDER BY l.created DESC LIMIT {p}",
        (players, int(teams), stock, pace, limit),
    )


def your_turn(player_id: int) -> Op[list[TableShown]]:
    """Running tables where it is the player's turn, the nearest deadline first."""
    return _listed(
        "WHERE l.to_move = {p} AND l.phase = 'playing'"
        " ORDER BY (l.deadline IS NULL), l.deadline, l.table_id",
        (player_id,),
    )


def running_tables(player_id: int, limit: int = 50) -> Op[list[TableShown]]:
    """Tables the player sits at that are not finished (their "your tables")."""
    return _listed(
        "JOIN table_players t ON t.table_id = l.table_id"
        " WHERE t.player_id = {p} AND l.phase != 'finished'"
        " ORDER BY l.updated DESC LIMIT {p}",
        (player_id, limit),
    )


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's profile head: rating and totals."""

    player_id: int
    name: str
    kind: str
    created: float
    mu: float | None
    sigma: float | None
    rating: int | None
    rated_games: int
    games: int
    wins: int
    stock_left: int
    """The total over all games (divide by ``games`` for the average)."""

    @property
    def provisional(self) -> bool:
        """Guests always, accounts until :data:`PROVISIONAL_GAMES` rated games."""
        return _provisional(self.kind, self.rated_games)


def standing(player_id: int) -> Op[PlayerStanding | None]:
    """A player's name, rating and totals (None for no such player)."""

    def run(tx: Tx) -> PlayerStanding | None:
        row = one(
            tx,
            "SELECT p.player_id, p.name, p.kind, p.created, r.mu, r.sigma, r.rating,"
            " coalesce(r.rated_games, 0), coalesce(r.games, 0), coalesce(r.wins, 0),"
            " coalesce(r.stock_left, 0) FROM players p"
            " LEFT JOIN ratings r ON r.player_id = p.player_id WHERE p.player_id = {p}",
            (player_id,),
        )
        if row is None:
            return None
        return PlayerStanding(*row)

    return run


@dataclass(frozen=True, slots=True)
class GameSeat(SeatResult):
    """One seat of a finished game as a profile lists it: the player's name now."""

    place: int = 0
    """The seat's side's rank, 1 the best."""


@dataclass(frozen=True, slots=True)
class GameShown(Game):
    """A finished game in a player's list: the table and rounds to replay, everyone's result,
    and the player's rating after it (rated games) and before it (after their rated game
    before this one; None before their first, where the new player's rating applies)."""

    game_id: int
    rating_after: int | None
    rating_before: int | None
    seats: list[GameSeat] = field(default_factory=list)


def player_games(player_id: int, limit: int = 20, before: int | None = None) -> Op[list[GameShown]]:
    """The player's finished games, newest first; ``before``: the last ``game_id`` of the
    page shown (the next page starts after it)."""

    def run(tx: Tx) -> list[GameShown]:
        columns = ", ".join(f"g.{column}" for column in GAME_COLUMNS)
        rows = tx.rows(
            f"SELECT {columns}, g.game_id, h.rating, (SELECT b.rating FROM rating_history b"
            " WHERE b.player_id = gp.player_id AND b.game_id < gp.game_id"
            " ORDER BY b.game_id DESC LIMIT 1) FROM game_players gp"
            " JOIN games g ON g.game_id = gp.game_id"
            " LEFT JOIN rating_history h ON h.player_id = gp.player_id AND h.game_id = gp.game_id"
            " WHERE gp.player_id = {p} AND gp.game_id < {p} ORDER BY gp.game_id DESC LIMIT {p}",
            (player_id, 2**62 if before is None else before, limit),
        )
        games = [GameShown(*_with_bools(r, 6, 8)) for r in rows]
        if not games:
            return games
        by_id = {game.game_id: game for game in games}
        seats = tx.rows(
            "SELECT gp.game_id, gp.seat, gp.side, coalesce(p.name, gp.name), gp.score,"
            " gp.stock_left, gp.player_id, gp.bot, gp.resigned, gp.place FROM game_players gp"
            " LEFT JOIN players p ON p.player_id = gp.player_id"
            f" WHERE gp.game_id IN ({placeholders(len(by_id))}) ORDER BY gp.game_id, gp.seat",
            list(by_id),
        )
        for r in seats:
            by_id[int(r[0])].seats.append(GameSeat(*_with_bools(r[1:], 7)))
        return games

    return run


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """One point of a player's rating graph: after ``game_id``, finished at ``at``."""

    game_id: int
    at: float
    rating: int
    mu: float
    sigma: float


GRAPH_POINTS = 1000
"""A rating graph shows at most this many games, the latest."""


def rating_graph(player_id: int, points: int = GRAPH_POINTS) -> Op[list[RatingPoint]]:
    """The rating after each of the player's last ``points`` rated games, oldest first."""

    def run(tx: Tx) -> list[RatingPoint]:
        rows = tx.rows(
            "SELECT game_id, at, rating, mu, sigma FROM rating_history WHERE player_id = {p}"
            " ORDER BY game_id DESC LIMIT {p}",
            (player_id, points),
        )
        return [RatingPoint(*r) for r in reversed(rows)]

    return run


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One line of the leaderboard."""

    place: int
    player_id: int
    name: str
    rating: int
    rated_games: int
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class Board:
    """One page of the leaderboard and how many players it has in all."""

    rows: list[BoardRow]
    total: int


def leaderboard(page: int = 0, per_page: int = 50) -> Op[Board]:
    """Page ``page`` (from 0) of the accounts with :data:`LISTED_GAMES` rated games, best first."""

    def run(tx: Tx) -> Board:
        offset = page * per_page
        rows = tx.rows(
            "SELECT r.player_id, p.name, r.rating, r.rated_games, r.games, r.wins FROM ratings r"
            " JOIN players p ON p.player_id = r.player_id WHERE r.listed = 1"
            " ORDER BY r.rating DESC, r.player_id LIMIT {p} OFFSET {p}",
            (per_page, offset),
        )
        total = one(tx, "SELECT count(*) FROM ratings WHERE listed = 1")
        board = [BoardRow(offset + i + 1, *r) for i, r in enumerate(rows)]
        return Board(board, int(total[0]) if total else 0)

    return run
