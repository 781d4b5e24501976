"""The authority over a table: who sits where, whose turn, and the moves.

A :class:`Table` wraps core :class:`~skipbo.core.Match` objects (one per game
played at the table) and adds what the rules do not know about: seats, tokens,
the join code. It never decides a rule: legality and the player views come from
the core. Every change is committed to :class:`~.storage.Storage` before the
table changes in memory, so what callers are told has always been stored, and
:meth:`TableRegistry.restore_all` rebuilds every table from the stored moves.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import random
import secrets
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from skipbo.bots import bot_names
from skipbo.core import (
    Match,
    Move,
    MoveSyntaxError,
    Round,
    format_move,
    parse_move,
    player_view,
    record_json,
)

from . import metrics
from .bots import BotTurn
from .config import BOT_PREFIX, HUMAN, TableConfig, TableError
from .names import MAX_CLUSTER, clusters, shown_form, visible
from .presence import Presence
from .storage import Storage, StoredTable, hash_token
from .tutorial import arranged_round

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join-code letters: no 0/O, 1/I/L to misread when a code is read out."""
CODE_LENGTH = 6
CREATE_TRIES = 20
MAX_NAME = 24
LAST_MOVES = 12
OPEN = "open"
BOT_PERSONS = ("Ada", "Bruno", "Chloé", "Dario", "Elif", "Femi")
"""Names for bot seats, so that players can tell bots apart ("Ada (expert)")."""
STAND_IN = "hard"
"""The bot that plays for a person on autopilot or takes a resigned seat."""


def new_code() -> str:
    """A random join code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


JOINERS = frozenset("\u200d\ufe0f")
"""Invisible parts of one emoji (zero-width joiner, emoji presentation): allowed inside a
cluster, as in "👨‍👩‍👧‍👦", though not printable on their own."""


def clean_name(name: str) -> str:
    """A nickname, trimmed; raises :class:`TableError` when empty, too long or odd.

    Its length is counted in grapheme clusters (what a reader sees as one
    character: "Zoë 👨‍👩‍👧‍👦" is five), at most :data:`MAX_NAME`. Each cluster must
    begin with something a reader sees (:func:`.names.visible`): a name of joiners or
    fillers alone would show as nothing, and one ending in them as another's name.
    """
    name = shown_form(name)
    parts = clusters(name)
    printable = all(c.isprintable() or c in JOINERS for c in name)
    seen = all(visible(part) and len(part) <= MAX_CLUSTER for part in parts)
    if not 1 <= len(parts) <= MAX_NAME or not printable or not seen:
        raise TableError("name_invalid", "name", max=MAX_NAME)
    return name


@dataclass(slots=True)
class Seat:
    """Who sits at one seat: ``kind`` is ``"open"``, ``"human"`` or ``"bot:NAME"``."""

    name: str
    kind: str
    token_hash: str | None = None

    @property
    def bot(self) -> str | None:
        """The bot's name at a bot seat."""
        return self.kind[len(BOT_PREFIX) :] if self.kind.startswith(BOT_PREFIX) else None

    @property
    def display_name(self) -> str:
        """The name in records: a bot's level in brackets, "Ada (expert)"."""
        return f"{self.name} ({self.bot})" if self.bot else self.name

    def public_json(self, index: int) -> dict[str, Any]:
        """What everyone may know of the seat (never the token hash)."""
        kind = "bot" if self.bot else self.kind
        return {"seat": index, "name": self.name, "kind": kind, "bot": self.bot}


class Table:
    """One table: seats, the games played and the moves, all stored before shown."""

    def __init__(
        self, code: str, config: TableConfig, seed: int, storage: Storage, seats: list[Seat]
    ) -> None:
        self.code = code
        self.config = config
        self._seed = seed
        self._storage = storage
        self.seats = seats
        self.games: list[Match] = []
        self.log: list[list[tuple[int, str]]] = []
        """Per round at the table (all games): ``(seat, move text)`` in order."""
        self._moving: asyncio.Lock | None = None
        """Held while a move waits for its commit, so the next one is checked after it."""
        self.resigned: list[int] = []
        """Seats that resigned in the running game (stored in the status)."""
        self.abandoned: list[int] = []
        """Seats handed to the stand-in bot in the running game because their person let a
        slow game's deadline pass (``on_timeout`` ``bot``; stored in the status): a rated
        game counts it as a loss, as a resignation."""
        self.presence = Presence(config.rules.players)

    # ------------------------------------------------------------ life cycle

    @classmethod
    def create(cls, code: str, config: TableConfig, storage: Storage) -> Table:
        """A new table, stored; bot seats are filled at once."""
        seed = secrets.randbits(63)
        # drawn apart from the seed: the names are shown to everyone, and an order that
        # follows from the seed would tell anyone who tries seeds which ones to try
        names = iter(random.SystemRandom().sample(BOT_PERSONS, len(BOT_PERSONS)))
        seats = [_initial_seat(kind, names) for kind in config.seats]
        storage.create_table(code, json.dumps({"config": config.to_json(), "seed": seed}))
        for index, seat in enumerate(seats):
            storage.add_seat(code, index, None, seat.name, seat.kind)
        table = cls(code, config, seed, storage, seats)
        table._start_if_full()
        return table

    @classmethod
    def restore(cls, stored: StoredTable, storage: Storage) -> Table:
        """The table exactly as stored: the core replays every stored move."""
        config = TableConfig.from_json(stored.config["config"])
        seats = [Seat(s.name, s.kind, s.token_hash) for s in stored.seats]
        table = cls(stored.table_id, config, int(stored.config["seed"]), storage, seats)
        offset = 0
        for game, count in enumerate(stored.status.get("rounds", [])):
            logs = [
                stored.moves[i] if i < len(stored.moves) else []
                for i in range(offset, offset + count)
            ]
            rounds = [[parse_move(text) for _, text in log] for log in logs]
            table.games.append(table._new_match(game).replay(rounds))
            table.log.extend(list(log) for log in logs)
            offset += count
        table.resigned = list(stored.status.get("resigned", []))
        table.abandoned = list(stored.status.get("abandoned", []))
        if table.resigned and table.two_sides:
            table._forfeit(table.resigned[-1])
        return table

    def _game_seed(self, game: int) -> str:
        return f"{self._seed}" if game == 0 else f"{self._seed}/game{game}"

    def _new_match(self, game: int) -> Match:
        """Game ``game``'s match, dealt from its seed, or from the arranged deal the
        configuration names (the tutorial's: :mod:`.tutorial`), every game alike."""
        config = self.config
        seed = self._game_seed(game)
        if config.deal is None:
            return Match(config.rules, seed, config.target)
        return Match(config.rules, seed, config.target, [arranged_round(config.deal, config.rules)])

    def _status(
        self,
        rounds: list[int],
        resigned: list[int] | None = None,
        abandoned: list[int] | None = None,
    ) -> str:
        """The stored status: rounds per game, and who resigned or abandoned the running
        game (the table's lists unless given; ``abandoned`` only when someone did)."""
        status: dict[str, Any] = {
            "rounds": rounds,
            "resigned": self.resigned if resigned is None else resigned,
        }
        gone = self.abandoned if abandoned is None else abandoned
        if gone:
            status["abandoned"] = gone
        return json.dumps(status)

    def _save_status(self, rounds: list[int]) -> None:
        self._storage.set_status(self.code, self._status(rounds))

    def _rounds_played(self) -> list[int]:
        return [len(m.rounds) for m in self.games]

    def _start_if_full(self) -> None:
        if not self.started and all(seat.kind != OPEN for seat in self.seats):
            self._new_game()

    def _new_game(self) -> None:
        self.resigned, self.abandoned = [], []
        self._save_status([len(m.rounds) for m in self.games] + [1])
        self._begin_game()

    def _begin_game(self) -> None:
        self.resigned, self.abandoned = [], []
        self.presence.ready.clear()
        self.games.append(self._new_match(len(self.games)))
        self.log.append([])

    @property
    def started(self) -> bool:
        """True once every seat was filled and the first round dealt."""
        return bool(self.games)

    @property
    def match(self) -> Match:
        """The game being played (the last one)."""
        if not self.games:
            raise TableError("not_started")
        return self.games[-1]

    @property
    def round_index(self) -> int:
        """The running round's index among all rounds played at this table."""
        return len(self.log) - 1

    # ----------------------------------------------------------------- seats

    def join(self, name: str) -> tuple[int, str]:
        """Take the first open seat; returns the seat and its secret token."""
        name = clean_name(name)
        free = [i for i, seat in enumerate(self.seats) if seat.kind == OPEN]
        if not free:
            raise TableError("table_full")
        token = secrets.token_urlsafe(24)
        seat = Seat(name, HUMAN, hash_token(token))
        self._storage.update_seat(self.code, free[0], seat.token_hash, seat.name, seat.kind)
        self.seats[free[0]] = seat
        self._start_if_full()
        return free[0], token

    def leave(self, token: str) -> int:
        """Give a seat back before the start; returns the seat."""
        seat = self.authenticate(token)
        if self.started:
            raise TableError("game_started")
        self._storage.update_seat(self.code, seat, None, OPEN, OPEN)
        self.seats[seat] = Seat(OPEN, OPEN)
        return seat

    def fill(self, token: str, bot: str = STAND_IN) -> list[int]:
        """Bots of level ``bot`` take every open seat, asked by a seated person who
        waited long enough; the game starts. Returns the seats filled."""
        self.authenticate(token)
        if self.started:
            raise TableError("game_started")
        if bot not in bot_names():
            raise TableError("invalid_value", "bot", reason=f"no bot {bot!r}")
        taken = {seat.name for seat in self.seats}
        names = iter(name for name in BOT_PERSONS if name not in taken)
        filled = [i for i, seat in enumerate(self.seats) if seat.kind == OPEN]
        for index in filled:
            seat = Seat(next(names), BOT_PREFIX + bot)
            self._storage.update_seat(self.code, index, None, seat.name, seat.kind)
            self.seats[index] = seat
        self._start_if_full()
        return filled

    def reseat(self, seat: int) -> str:
        """A new token for a person's ``seat`` (its player came back on another device,
        checked by the caller); the old token stops working. Returns the new token."""
        person = self.seats[seat]
        if person.kind != HUMAN:
            raise TableError("not_your_seat", seat=seat)
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        self._storage.update_seat(self.code, seat, digest, person.name, person.kind)
        self.seats[seat] = Seat(person.name, person.kind, digest)
        return token

    def rename_seat(self, seat: int, name: str) -> None:
        """``seat`` shows ``name`` from now on: its player deleted their account, and a
        running table must not keep the old name in view (token and kind unchanged)."""
        person = self.seats[seat]
        self._storage.update_seat(self.code, seat, person.token_hash, name, person.kind)
        self.seats[seat] = Seat(name, person.kind, person.token_hash)

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens, or None; compares hashes in constant time."""
        digest = hash_token(token)
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(digest, seat.token_hash):
                found = index
        return found

    def authenticate(self, token: str) -> int:
        """The seat of ``token``; raises :class:`TableError` for a wrong one."""
        seat = self.seat_of(token)
        if seat is None:
            raise TableError("wrong_token")
        return seat

    def check_seat(self, seat: int, token: str) -> None:
        """Refuse a request for ``seat`` with a ``token`` that no longer opens it
        (``wrong_token``: the seat was given back, or sat at again on another device,
        :meth:`reseat`) or whose person a bot replaced for good (``resigned``: they
        resigned, or let a slow game's deadline pass), since the connection said hello.
        The connection learns of it with the next view (on a cluster a moment later,
        with the news); this check, on the committed table, does not wait for it."""
        if self.seat_of(token) != seat:
            raise TableError("wrong_token")
        if not self.is_person(seat):
            raise TableError("resigned")

    # ----------------------------------------------------------------- moves

    def play(
        self, seat: int, token: str, move_text: str, at: tuple[int, int] | None = None
    ) -> None:
        """Play ``move_text`` for ``seat``, whose ``token`` must match; stored first.

        ``at``: the position (round at the table, moves in it) the person saw; the
        move is refused with ``table_moved_on`` when the table is elsewhere now.
        Synchronous: waits for the store's commit (tests, tools). The server uses
        :meth:`play_async`, which never blocks the event loop.
        """
        self.check_seat(seat, token)
        self._check_at(at)
        self._apply(seat, move_text)

    async def play_async(
        self, seat: int, token: str, move_text: str, at: tuple[int, int] | None = None
    ) -> None:
        """:meth:`play` without blocking the loop: returns once the move is durable and shown."""
        self.check_seat(seat, token)
        await self._apply_async(seat, move_text, None, at)

    def _check_at(self, at: tuple[int, int] | None) -> None:
        """Refuse a move that answers a position the table has left (or never reached)."""
        if at is not None and (not self.started or tuple(at) != self._position()):
            raise TableError("table_moved_on")

    def play_bot(self, turn: BotTurn, move_text: str) -> None:
        """Play a bot's answer, unless the position it answered has moved on."""
        self._check_bot(turn)
        self._apply(turn.seat, move_text)

    async def play_bot_async(self, turn: BotTurn, move_text: str) -> None:
        """:meth:`play_bot` without blocking the loop (returns once durable)."""
        self._check_bot(turn)
        await self._apply_async(turn.seat, move_text, turn)

    def _check_bot(self, turn: BotTurn) -> None:
        if (turn.round_index, turn.move_index) != self._position():
            raise TableError("stale_bot_move")
        if self.stand_in(turn.seat) is None:
            raise TableError("not_a_bot", seat=turn.seat)

    def _position(self) -> tuple[int, int]:
        return self.round_index, len(self.match.round.history)

    def _check(self, seat: int, move_text: str) -> Move:
        """The parsed move if ``seat`` may play it now; :class:`TableError` otherwise."""
        state = self.match.round
        if state.over or self._phase() != "playing":
            raise TableError("round_over")
        if seat != state.to_move:
            raise TableError("not_your_turn", seat=state.to_move)
        try:
            move = parse_move(move_text)
        except MoveSyntaxError as exc:
            raise TableError("move_syntax", move=move_text, reason=str(exc)) from None
        reason = state.why_illegal(move)
        if reason is not None:
            raise TableError("illegal_move", move=move_text, reason=reason)
        return move

    def _apply(self, seat: int, move_text: str) -> None:
        move = self._check(seat, move_text)
        round_index, move_index = self._position()
        self._storage.append_move(self.code, round_index, move_index, seat, move_text)
        self.match.play(move)
        self.log[-1].append((seat, move_text))
        self.presence.touched = time.monotonic()

    async def _apply_async(
        self,
        seat: int,
        move_text: str,
        turn: BotTurn | None,
        at: tuple[int, int] | None = None,
    ) -> None:
        """Check, wait for the commit, then change memory: nobody sees an unstored move.

        The table's lock makes a second move wait until the first is committed and
        applied, so it is checked against the position it really follows (per-table
        order); other tables' moves join the same commit batch meanwhile.
        """
        async with self._lock():
            if turn is not None:
                self._check_bot(turn)
            self._check_at(at)
            move = self._check(seat, move_text)
            round_index, move_index = self._position()
            stored = self._storage.append_move_async(
                self.code, round_index, move_index, seat, move_text
            )

            def apply() -> None:
                self.match.play(move)
                self.log[-1].append((seat, move_text))
                self.presence.touched = time.monotonic()

            await metrics.timed(metrics.CHANGE_DB_SECONDS, _when_stored(stored, apply))

    def _lock(self) -> asyncio.Lock:
        if self._moving is None:
            self._moving = asyncio.Lock()
        return self._moving

    def advance(self, token: str) -> None:
        """Deal the next round, or start a new game once the match is over."""
        self.authenticate(token)
        self.deal_next()

    def deal_next(self) -> None:
        """:meth:`advance` for a caller that checked who asks (stored, then dealt)."""
        status, apply = self._next_step()
        self._storage.set_status(self.code, status)
        apply()

    def extend_round(self, moves: Iterable[tuple[int, str]]) -> None:
        """Play moves another process stored in the running round (catching up).

        They were checked by the core where they were played; the core checks
        them again here, so a gap or a wrong order raises instead of diverging.
        """
        for seat, text in moves:
            if seat != self.match.round.to_move:
                raise TableError("not_your_turn", seat=self.match.round.to_move)
            self.match.play(parse_move(text))
            self.log[-1].append((seat, text))

    async def advance_async(self) -> None:
        """:meth:`advance` without blocking the loop (the caller checked who asks)."""
        async with self._lock():
            status, apply = self._next_step()
            await _when_stored(self._storage.set_status_async(self.code, status), apply)

    def _next_step(self) -> tuple[str, Callable[[], None]]:
        """The stored status after the next deal, and the change that deals it.

        A new game starts with nobody resigned or gone; a next round keeps the game's lists.
        """
        phase = self._phase()
        if phase == "match_over":
            rounds = [*self._rounds_played(), 1]
            return self._status(rounds, [], []), self._begin_game
        if phase != "round_over":
            raise TableError("round_not_over")
        rounds = [*self._rounds_played()[:-1], len(self.match.rounds) + 1]
        return self._status(rounds), self._deal_next

    def _deal_next(self) -> None:
        self.match.next_round()
        self.log.append([])
        self.presence.ready.clear()

    # ---------------------------------------------------------- resignation

    @property
    def finished(self) -> bool:
        """Whether the game at this table is over (a rematch can still be asked for)."""
        return self._phase() == "match_over"

    @property
    def two_sides(self) -> bool:
        """Whether a resignation ends the game (two players, or two partnerships)."""
        rules = self.config.rules
        return rules.sides == 2

    def resign(self, seat: int) -> None:
        """``seat`` gives up: the game ends (two sides) or a bot takes the seat for good."""
        if self._phase() in ("lobby", "match_over"):
            raise TableError("game_over" if self.started else "not_started")
        if not self.is_person(seat):
            raise TableError("resigned")  # a bot took it already: listed once
        resigned = [*self.resigned, seat]
        self._storage.set_status(self.code, self._status(self._rounds_played(), resigned))
        self.resigned = resigned
        if self.two_sides:
            self._forfeit(seat)
        else:
            self._hand_to_bot(seat)  # last, as in time_out: the seat is resigned when seen

    def _hand_to_bot(self, seat: int) -> None:
        """The stand-in bot takes ``seat`` for good (the person's name stays on it)."""
        person = self.seats[seat]
        kind = BOT_PREFIX + STAND_IN
        self._storage.update_seat(self.code, seat, person.token_hash, person.name, kind)
        self.seats[seat] = Seat(person.name, kind, person.token_hash)
        self.presence.autopilot.discard(seat)

    def time_out(self) -> int:
        """A slow game's player to move let the deadline pass: they give up
        (``on_timeout`` ``lose``) or a bot takes their seat (``bot``). Returns the seat."""
        if not self.config.slow or self._phase() != "playing":
            raise TableError("round_over")
        seat = self.match.round.to_move
        if not self.is_person(seat):
            raise TableError("not_your_turn", seat=seat)
        if self.config.on_timeout == "bot":
            # stored and listed before the seat changes hands: whoever sees the bot at
            # the seat (a page, the cluster, a test) also finds the seat abandoned
            abandoned = [*self.abandoned, seat]
            self._storage.set_status(
                self.code, self._status(self._rounds_played(), abandoned=abandoned)
            )
            self.abandoned = abandoned
            self._hand_to_bot(seat)
        else:
            self.resign(seat)
        return seat

    def gone(self) -> list[int]:
        """The seats whose person abandoned the running game, in seat order: handed to a
        bot past a slow game's deadline (:attr:`abandoned`), or, at a live table, on
        autopilot with no connection left (they went away and did not come back; asked
        when the game ends, so a person who came back in time is not counted)."""
        presence = self.presence
        away = {
            seat for seat in presence.autopilot if self.is_person(seat) and not presence.here(seat)
        }
        return sorted(set(self.abandoned) | away)

    def _forfeit(self, seat: int) -> None:
        """End the round in the core when the resigning seat is the one to move.

        Only then is the round's record a true ``forfeit`` (rules: the seat to move);
        otherwise the round just stops, unfinished, and the table's phase says why.
        """
        state = self.match.round
        if not state.over and state.to_move == seat:
            state.forfeit(seat)

    def stand_in(self, seat: int) -> str | None:
        """The bot that moves for ``seat``: its own, or the stand-in while on autopilot."""
        bot = self.seats[seat].bot
        if bot is None and seat in self.presence.autopilot:
            return STAND_IN
        return bot

    def ask_next(self, seat: int) -> None:
        """``seat`` asks for the next round (or a new game once the match is over)."""
        if self.finished or (self.started and self.match.round.over):
            self.presence.ready.add(seat)
        else:
            raise TableError("round_not_over")

    def everyone_ready(self) -> bool:
        """Whether the next round may be dealt: someone asked, and every present person.

        Absent people and people on autopilot are not waited for.
        """
        presence = self.presence
        if not presence.ready or self._phase() not in ("round_over", "match_over"):
            return False
        return all(
            seat in presence.ready
            for seat in range(len(self.seats))
            if self.is_person(seat) and presence.here(seat) and seat not in presence.autopilot
        )

    def is_person(self, seat: int) -> bool:
        """Whether a person (not a bot) sits at ``seat``."""
        return self.seats[seat].kind == HUMAN

    def bot_turn(self) -> BotTurn | None:
        """The decision a bot seat owes now, if the seat to move is a bot."""
        if not self.started or self._phase() != "playing":
            return None
        state = self.match.round
        bot = self.stand_in(state.to_move)
        if bot is None:
            return None
        round_index, move_index = self._position()
        return BotTurn(
            code=self.code,
            seat=state.to_move,
            bot=bot,
            seed=f"{self.code}/{state.to_move}/{round_index}/{move_index}",
            round_index=round_index,
            move_index=move_index,
            view=player_view(state, state.to_move).to_dict(),
            legal=tuple(_texts(state)),
        )

    def hint_turn(self, seat: int) -> BotTurn:
        """The expert's decision for ``seat``'s position, asked for as a hint: the
        seat's view and legal moves only. Refused when the table has hints off or
        it is not the seat's turn."""
        if not self.config.hints:
            raise TableError("hints_off")
        state = self.match.round
        if state.over or self._phase() != "playing":
            raise TableError("round_over")
        if seat != state.to_move:
            raise TableError("not_your_turn", seat=state.to_move)
        round_index, move_index = self._position()
        return BotTurn(
            code=self.code,
            seat=seat,
            bot="expert",
            seed=f"{self.code}/hint/{seat}/{round_index}/{move_index}",
            round_index=round_index,
            move_index=move_index,
            view=player_view(state, seat).to_dict(),
            legal=tuple(_texts(state)),
            kept=False,
        )

    def at(self, turn: BotTurn) -> bool:
        """Whether the table is still at the position ``turn`` was asked in."""
        return (turn.round_index, turn.move_index) == self._position()

    # ----------------------------------------------------------------- views

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: the core's view plus the table."""
        return self.views_for([seat])[seat]

    def views_for(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """:meth:`view_for` of each distinct seat in ``seats``, for one broadcast.

        The parts every seat shares (seats, configuration, scores, last moves) are
        built once and shared by the views, which the caller must not mutate; only
        the seat number, the legal moves and the core's player view differ.
        """
        presence = self.presence
        common: dict[str, Any] = {
            "code": self.code,
            "seats": [
                s.public_json(i) | presence.seat_json(i, s.kind) | self._resigned_json(i)
                for i, s in enumerate(self.seats)
            ],
            "config": self.config.to_json(),
            "phase": self._phase(),
            "resigned": self.resigned[-1] if self.resigned else None,
            "turn_remaining": presence.turn_remaining(),
        }
        if self.started:
            common.update(self._shared_game_json())
        views: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            if seat in views:
                continue
            out = {"code": self.code, "seat": seat, **common}
            if self.started:
                out.update(self._seat_game_json(seat))
            views[seat] = out
        return views

    def _resigned_json(self, seat: int) -> dict[str, Any]:
        """``resigned`` on a seat whose person gave up in this game, ``abandoned`` on one
        handed to a bot past a slow game's deadline: a bot plays it now, under the
        person's name, so that everyone is told and their moves keep it."""
        if seat in self.resigned:
            return {"resigned": True}
        return {"abandoned": True} if seat in self.abandoned else {}

    def _phase(self) -> str:
        if not self.started:
            return "lobby"
        if self.match.over or (self.resigned and self.two_sides):
            return "match_over"
        return "round_over" if self.match.round.over else "playing"

    def _shared_game_json(self) -> dict[str, Any]:
        match, state = self.match, self.match.round
        result = state.result
        return {
            "game": len(self.games) - 1,
            "round": len(match.rounds) - 1,
            "round_index": self.round_index,
            "moves": len(state.history),
            "dealer": state.dealer,
            "to_move": state.to_move,
            "scores": list(match.scores),
            # a one-round table has no match to win; its result line says it all
            "match_winner": self.match_winner(),
            "result": None if result is None else result.to_dict(),
            "last_moves": [{"seat": s, "move": m} for s, m in self.log[-1][-LAST_MOVES:]],
        }

    def match_winner(self) -> int | None:
        """The winning side; at two sides, the other side when one resigned."""
        match = self.match
        if self.resigned and self.two_sides:
            return 1 - self.config.rules.team_of(self.resigned[-1])
        return match.winner if match.over and match.target is not None else None

    def _seat_game_json(self, seat: int | None) -> dict[str, Any]:
        state = self.match.round
        playing = self._phase() == "playing"
        return {
            "legal": _texts(state) if seat == state.to_move and playing else [],
            "view": player_view(state, seat).to_dict(),
        }

    def rounds(self) -> list[Round]:
        """Every round dealt at this table, in order (all games)."""
        return [state for match in self.games for state in match.rounds]

    def record(self, round_index: int) -> dict[str, Any]:
        """The ``skipbo-record/1`` of a finished round (a running one would show the deck)."""
        rounds = self.rounds()
        if not 0 <= round_index < len(rounds):
            raise TableError("no_round", round=round_index)
        state = rounds[round_index]
        if not state.over:
            raise TableError("record_not_ready")
        return record_json(state, [seat.display_name for seat in self.seats])


async def _when_stored(stored: asyncio.Future[None], apply: Callable[[], None]) -> None:
    """Run ``apply`` once ``stored`` succeeded; return then (raise if the write failed).

    A done-callback, not code after the await: a change that was stored is applied
    even if the waiting task is cancelled meanwhile, so memory never lags the disk.
    """

    def applied(done: asyncio.Future[None]) -> None:
        if not done.cancelled() and done.exception() is None:
            apply()

    stored.add_done_callback(applied)
    await asyncio.shield(stored)


def _texts(state: Round) -> list[str]:
    return [format_move(move) for move in state.legal_moves()]


def _initial_seat(kind: str, names: Iterator[str]) -> Seat:
    """An open seat for a person; a bot seat gets the next person's name of ``names``."""
    if kind == HUMAN:
        return Seat(OPEN, OPEN)
    return Seat(next(names), kind)


class TableRegistry:
    """All tables of a server, by join code."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.tables: dict[str, Table] = {}

    def create(self, config: TableConfig) -> Table:
        """A new table with a fresh, unused join code.

        A code may belong to a stored table that is not in memory (expired): the
        store's key refuses it, and another code is drawn.
        """
        for _ in range(CREATE_TRIES):
            code = new_code()
            if code in self.tables:
                continue
            try:
                table = Table.create(code, config, self.storage)
            except TableError:
                raise
            except Exception:  # the code is taken in storage
                continue
            self.tables[code] = table
            return table
        raise RuntimeError("no free join code found")

    def get(self, code: str) -> Table:
        """The table of a join code (case-insensitive); :class:`TableError` if none.

        A table freed from memory (:meth:`expire`) is read back from storage.
        """
        code = code.strip().upper()
        table = self.tables.get(code)
        if table is None:
            table = self._load(code)
        return table

    async def fetch(self, code: str) -> Table:
        """:meth:`get` for a route on the event loop. Here that is :meth:`get` itself:
        the table is usually in memory, else one local SQLite read, and the cache of
        tables belongs to the event loop's thread. A registry that reads a remote
        database on every call runs it in a thread instead."""
        return self.get(code)

    def _load(self, code: str) -> Table:
        if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
            raise TableError("no_table")
        stored = self.storage.load_table(code)
        if stored is None:
            raise TableError("no_table")
        table = self.tables[code] = Table.restore(stored, self.storage)
        return table

    def expire(self, idle_seconds: float, in_use: Callable[[str], bool]) -> list[str]:
        """Free from memory every table nobody uses that is finished or idle too long.

        ``in_use(code)`` says whether a connection or a task holds the table. The
        tables stay in storage and come back on demand (:meth:`get`).
        """
        now = time.monotonic()
        freed = [
            code
            for code, table in self.tables.items()
            if not in_use(code) and (table.finished or now - table.presence.touched > idle_seconds)
        ]
        for code in freed:
            del self.tables[code]
        return freed

    @classmethod
    def restore_all(cls, storage: Storage) -> TableRegistry:
        """Every stored table, rebuilt by replaying its moves through the core."""
        registry = cls(storage)
        for stored in storage.load_tables():
            registry.tables[stored.table_id] = Table.restore(stored, storage)
        return registry
