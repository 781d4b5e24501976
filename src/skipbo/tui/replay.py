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

from .fit import fitted_scores, status_lines
from .render import piles_text
from .screens import HelpScreen, PilesScreen, SizedApp, speak, too_small_notice
from .session import moved_card, side_name
from .texts import ENGLISH, Words
from .typed import shown_move
from .widgets import TableData, TableView


@dataclass(frozen=True, slots=True)
class MatchScores:
    """A saved round's place in its match: the target and the scores by side (a
    seat, or a team in partnership play) before and after the round."""

    target: int
    round: int
    after: tuple[int, ...]
    before: tuple[int, ...] | None
    """None when the file lacks the previous round (the scores after it)."""


def match_scores(record: Record, previous: MatchScores | None) -> MatchScores | None:
    """The ``match`` field the terminal game writes (target, round, scores), read
    back; None for a single round, or a field of another shape (``skipbo match``
    writes one without a target)."""
    field = record.extra.get("match")
    if not isinstance(field, dict):
        return None
    target, number, scores = field.get("target"), field.get("round"), field.get("scores")
    sides = record.rules.sides
    if not (isinstance(target, int) and isinstance(number, int) and isinstance(scores, list)):
        return None
    if len(scores) != sides or not all(isinstance(score, int) for score in scores):
        return None
    before: tuple[int, ...] | None = None
    if number == 1:
        before = (0,) * sides
    elif previous is not None and previous.round == number - 1 and len(previous.after) == sides:
        before = previous.after
    return MatchScores(target, number, tuple(scores), before)


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
    match: MatchScores | None = None
    """Where the round stands in its match, when the record says (``match`` field)."""

    def state_after(self, count: int) -> Round:
        """The round after its first ``count`` moves, replayed by the core."""
        state = start_round(self.record)
        for move in self.moves[:count]:
            state.play(move)
        return state


def replay_rounds(records: Sequence[Any]) -> list[ReplayRound]:
    """Check each record and keep the moves the core accepts (all, for a good one)."""
    rounds: list[ReplayRound] = []
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
        previous = rounds[-1].match if rounds else None
        scores = match_scores(record, previous)
        names = _names(record)
        rounds.append(ReplayRound(record, moves, movers, cards, names, problem, scores))
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


def describe(move: Move, words: Words = ENGLISH) -> str:
    """What kind of move it is, in words, for the status of the step."""
    kind = MOVE_INFO[move].kind
    return words(f"kind_{kind}" if kind in ("play", "discard") else "kind_end")


def match_text(
    rnd: ReplayRound, finished: bool, names: Sequence[str], words: Words, width: int
) -> str:
    """``you 95, bot:hard 40 (to 500)``: the match's scores as the round began, or as
    it left them once it is over, in ``width`` cells; "" for a round of no match."""
    info = rnd.match
    if info is None:
        return ""
    scores = info.after if finished else info.before
    if scores is None:
        return words("replay_target", target=info.target)
    sides = [side_name(rnd.record.rules, names, side) for side in range(len(scores))]
    room = width - len(words("scores_to", scores="", target=info.target))
    shown = fitted_scores(list(zip(sides, scores, strict=True)), room)
    return words("scores_to", scores=shown, target=info.target)


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
        self.words = Words(lang)
        self.index = 0
        self.step = 0
        speak(self, self.words)

    def compose(self) -> ComposeResult:
        """The table, what comes next, and the keys."""
        yield TableView()
        yield Static("", id="replay-info")
        yield Footer()
        yield too_small_notice(self.words)

    def on_mount(self) -> None:
        """Show the deal of the first round."""
        self.redraw()

    @property
    def current(self) -> ReplayRound:
        """The round being stepped through."""
        return self.rounds[self.index]

    def redraw(self) -> None:
        """Rebuild the position from the deal and draw the mover's view."""
        rnd, words = self.current, self.words
        names = self.names
        state = rnd.state_after(self.step)
        seat = state.to_move
        done = range(self.step)
        moves = [shown_move(text, self.faces) for text in rnd.record.moves]
        log = [(names[rnd.movers[i]], moves[i], rnd.cards[i]) for i in done]
        status = words(
            "replay_status",
            i=self.index + 1,
            n=len(self.rounds),
            k=self.step,
            m=len(rnd.moves),
            who=names[seat],
        )
        scores = match_text(rnd, state.over, names, words, self.app.size.width - 2)
        if scores:
            status = status_lines(status, scores, self.app.size.width - 2)
        data = TableData(player_view(state, seat), names, status, self.faces, log=log, words=words)
        self.query_one(TableView).show(data)
        self.query_one("#replay-info", Static).update(self._info(state))

    @property
    def names(self) -> list[str]:
        """The current round's names as shown (``you`` in the screen's language)."""
        return [self.words.name(name) for name in self.current.names]

    def _info(self, state: Round) -> str:
        """The next move, or how the round ended."""
        rnd, words = self.current, self.words
        if self.step < len(rnd.moves):
            move = rnd.moves[self.step]
            text = shown_move(rnd.record.moves[self.step], self.faces)
            mover = rnd.movers[self.step]
            key = "replay_next_you" if rnd.names[mover] == "you" else "replay_next"
            who = escape(self.names[mover])
            return words(key, who=who, move=escape(text), kind=describe(move, words))
        if state.result is not None:
            result = state.result
            if result.winner is None:
                return escape(words("replay_no_winner", reason=result.reason))
            key = "replay_won_you" if rnd.names[result.winner] == "you" else "replay_won"
            return escape(words(key, who=self.names[result.winner], points=result.points))
        if rnd.problem:
            return words("replay_stops", problem=escape(rnd.problem))
        return escape(words("replay_unfinished"))

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
        """The replay's help: the keys bound here, not the game's playing keys."""
        self.app.push_screen(HelpScreen(self.lang, replay=True))

    def action_piles(self) -> None:
        """Every pile in full at this step."""
        state = self.current.state_after(self.step)
        view = player_view(state, state.to_move)
        text = piles_text(view, self.names, self.faces, self.words)
        self.app.push_screen(PilesScreen(text, self.words))


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
