"""``skipbo play --replay FILE``: step through recorded rounds move by move.

Each record is checked by the core's :func:`~skipbo.core.replay` first; a
record with an illegal move can still be stepped through up to that move. The
table shows, at every step, the view of the seat about to move (the one whose
decision comes next), built again from the deal by the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from skipbo.core import (
    MOVE_INFO,
    BadRecordError,
    Move,
    Record,
    Round,
    parse_move,
    parse_record,
    player_view,
    replay,
    start_round,
)

from .render import piles_text
from .screens import HelpScreen, PilesScreen, SizedApp, too_small_notice
from .session import moved_card
from .typed import shown_move
from .widgets import TableData, TableView


@dataclass(frozen=True, slots=True)
class ReplayRound:
    """One recorded round: the record, its legal moves, who made each, and why it stops."""

    record: Record
    moves: tuple[Move, ...]
    movers: tuple[int, ...]
    cards: tuple[int, ...]
    """The card each move put down (for the last moves list)."""
    names: tuple[str, ...]
    problem: str | None = None

    def state_after(self, count: int) -> Round:
        """The round after its first ``count`` moves, replayed by the core."""
        state = start_round(self.record)
        for move in self.moves[:count]:
            state.play(move)
        return state


def replay_rounds(records: Sequence[Any]) -> list[ReplayRound]:
    """Check each record and keep the moves the core accepts (all, for a good one)."""
    rounds = []
    for index, data in enumerate(records):
        try:
            record = parse_record(data)
        except BadRecordError as exc:
            raise ValueError(f"record {index + 1}: {exc}") from None
        outcome = replay(record)
        count = len(record.moves) if outcome.ok or outcome.index is None else outcome.index
        moves = tuple(parse_move(text) for text in record.moves[:count])
        problem = None if outcome.ok else outcome.error
        movers, cards = _movers(record, moves)
        rounds.append(ReplayRound(record, moves, movers, cards, _names(record), problem))
    return rounds


def _names(record: Record) -> tuple[str, ...]:
    """The record's names (``bot:greedy`` from ``simulate``), told apart by seat when
    several seats share one (``bot:greedy#0``, ``bot:greedy#1``)."""
    n = record.rules.players
    if not record.names:
        return tuple(f"seat {i}" for i in range(n))
    names = record.names
    return tuple(
        f"{name}#{seat}" if names.count(name) > 1 else name for seat, name in enumerate(names)
    )


def _movers(record: Record, moves: Sequence[Move]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat that made each move (the seat to move before it) and its card."""
    state = start_round(record)
    seats, cards = [], []
    for move in moves:
        seats.append(state.to_move)
        cards.append(moved_card(player_view(state, None), move))
        state.play(move)
    return tuple(seats), tuple(cards)


def describe(move: Move) -> str:
    """What kind of move it is, in words, for the status of the step."""
    kind = MOVE_INFO[move].kind
    return {"play": "onto a build pile", "discard": "discard, ends the turn"}.get(
        kind, "ends the turn"
    )


class ReplayScreen(Screen[None]):
    """The table at one step of one recorded round, and the keys to move through it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "step(1)", "next", key_display="→"),
        Binding("left,p,backspace", "step(-1)", "back", key_display="←"),
        Binding("home", "jump(0)", "deal", key_display="Home", show=False),
        Binding("end", "jump(-1)", "last", key_display="End", show=False),
        Binding("right_square_bracket,pagedown", "round(1)", "next round"),
        Binding("left_square_bracket,pageup", "round(-1)", "prev. round"),
        Binding("v", "piles", "all piles"),
        Binding("question_mark,f1", "help", "help"),
        Binding("q", "app.quit", "quit"),
    ]
    DEFAULT_CSS = """
    ReplayScreen #replay-info { height: auto; padding: 0 1; margin-top: 1; }
    """

    def __init__(self, rounds: Sequence[ReplayRound], faces: str, lang: str = "en") -> None:
        super().__init__()
        self.rounds = rounds
        self.faces = faces
        self.lang = lang
        self.index = 0
        self.step = 0

    def compose(self) -> ComposeResult:
        """The table, what comes next, and the keys."""
        yield TableView()
        yield Static("", id="replay-info")
        yield Footer()
        yield too_small_notice()

    def on_mount(self) -> None:
        """Show the deal of the first round."""
        self.redraw()

    @property
    def current(self) -> ReplayRound:
        """The round being stepped through."""
        return self.rounds[self.index]

    def redraw(self) -> None:
        """Rebuild the position from the deal and draw the mover's view."""
        rnd = self.current
        state = rnd.state_after(self.step)
        seat = state.to_move
        done = range(self.step)
        moves = [shown_move(text, self.faces) for text in rnd.record.moves]
        log = [(rnd.names[rnd.movers[i]], moves[i], rnd.cards[i]) for i in done]
        status = (
            f"Replay · round {self.index + 1}/{len(self.rounds)} · move {self.step}/"
            f"{len(rnd.moves)} · view of {rnd.names[seat]}"
        )
        self.query_one(TableView).show(
            TableData(player_view(state, seat), rnd.names, status, self.faces, log=log)
        )
        self.query_one("#replay-info", Static).update(self._info(state))

    def _info(self, state: Round) -> str:
        """The next move, or how the round ended."""
        rnd = self.current
        if self.step < len(rnd.moves):
            move = rnd.moves[self.step]
            text = shown_move(rnd.record.moves[self.step], self.faces)
            who = rnd.names[rnd.movers[self.step]]
            verb = "play" if who == "you" else "plays"
            return f"Next: [b]{escape(who)}[/b] {verb} [b]{escape(text)}[/b] ({describe(move)})"
        if state.result is not None:
            result = state.result
            if result.winner is None:
                return f"Round over: no winner ({result.reason})."
            who = rnd.names[result.winner]
            verb = "win" if who == "you" else "wins"
            return f"Round over: {escape(who)} {verb}, {result.points} points."
        if rnd.problem:
            return f"[b]The record stops here[/b]: {escape(rnd.problem)}"
        return "End of the recorded moves (the round was not finished)."

    def action_step(self, delta: int) -> None:
        """One move forward or back."""
        self.step = max(0, min(len(self.current.moves), self.step + delta))
        self.redraw()

    def action_jump(self, where: int) -> None:
        """To the deal (0) or the last move (-1)."""
        self.step = 0 if where == 0 else len(self.current.moves)
        self.redraw()

    def action_round(self, delta: int) -> None:
        """To the deal of the next or previous round of the file."""
        self.index = max(0, min(len(self.rounds) - 1, self.index + delta))
        self.step = 0
        self.redraw()

    def action_help(self) -> None:
        """The game's help (the notation is the same)."""
        self.app.push_screen(HelpScreen(self.lang))

    def action_piles(self) -> None:
        """Every pile in full at this step."""
        rnd = self.current
        state = rnd.state_after(self.step)
        view = player_view(state, state.to_move)
        self.app.push_screen(PilesScreen(piles_text(view, rnd.names, self.faces)))


class ReplayApp(SizedApp):
    """Step through the rounds of a records file."""

    TITLE = "Skip-Bo replay"

    def __init__(
        self,
        rounds: Sequence[ReplayRound],
        faces: str = "numbers",
        light: bool = False,
        lang: str = "en",
    ):
        super().__init__()
        self.rounds = rounds
        self.faces = faces
        self.light = light
        self.lang = lang

    def on_mount(self) -> None:
        """Open on the first round's deal."""
        self.theme = "textual-light" if self.light else "textual-dark"
        self.push_screen(ReplayScreen(self.rounds, self.faces, self.lang))
