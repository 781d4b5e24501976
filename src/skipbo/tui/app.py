"""``skipbo play``: the Textual app and its table screen.

:class:`GameApp` owns the :class:`~skipbo.tui.session.GameSession` and decides
whose view the table shows: the one person's, or in hot-seat play the seat to
move after a hand-over screen (the spectators' view in between, so no hand is
ever on screen for the wrong person). :class:`GameScreen` turns keys into
moves; the bots play in a worker, one move at a time, ``delay`` seconds apart.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.markup import escape
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from skipbo.core import RoundResult

from .config import GameConfig
from .keys import HAND_KEYS, is_prefix, key_table
from .render import Marks
from .screens import EndScreen, HelpScreen, PassScreen
from .selection import END_TEXT, Selection
from .session import GameSession
from .widgets import TableData, TableView


class GameScreen(Screen[None]):
    """The table, a message line and the move line; keys pick moves."""

    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "app.help", "help"),
        Binding("colon", "type_move", "type a move"),
        Binding("left", "cursor(-1)", "choose", show=False),
        Binding("right", "cursor(1)", "choose", show=False),
        Binding("enter", "pick", "pick", show=False),
        Binding("escape", "cancel", "back"),
        Binding("ctrl+s", "app.save", "save"),
        Binding("ctrl+t", "app.toggle_theme", "colours", show=False),
        Binding("q", "quit_game", "quit"),
    ]
    DEFAULT_CSS = """
    GameScreen #table-box { height: 1fr; }
    GameScreen #message { height: auto; min-height: 1; padding: 0 1; margin-top: 1; }
    GameScreen #message.error { color: $error; text-style: bold; }
    GameScreen #move { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.selection = Selection(())
        self.keys = ""
        self.quitting = False

    @property
    def game(self) -> GameApp:
        """The app, typed."""
        assert isinstance(self.app, GameApp)
        return self.app

    def compose(self) -> ComposeResult:
        """Table, message, move line and the key footer."""
        with VerticalScroll(id="table-box"):
            yield TableView()
        yield Static("", id="message")
        yield Input(placeholder=": type a move (S-B1, H7-D2, end) and Enter", id="move")
        yield Footer()

    def on_mount(self) -> None:
        """Start the game once the table exists (the boxes scroll with the mouse
        only: the arrows pick moves; the table scrolls if a terminal is too short)."""
        for box in self.query(VerticalScroll):
            box.can_focus = False
        self.game.advance()

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the table from the shown seat's view, with the current marks."""
        session, viewer = self.session, self.game.viewer
        marks = self._marks() if viewer == session.to_move else Marks()
        log = [
            (session.names[e.seat], e.move, e.card)
            for e in session.log
            if e.round == session.round_number
        ]
        self.query_one(TableView).show(
            TableData(
                view=session.view(viewer),
                names=session.names,
                status=self.game.status(),
                faces=session.config.faces,
                marks=marks,
                log=log,
            )
        )

    def _marks(self) -> Marks:
        """Legal choices of the current step, the chosen source and the cursor."""
        selection = self.selection
        if selection.source is None:
            return Marks(playable=frozenset(selection.playable()), cursor=selection.current())
        targets = frozenset(selection.targets())
        return Marks(legal=targets, chosen=selection.source, cursor=selection.current())

    def say(self, text: str, error: bool = False) -> None:
        """Show a message under the table (an error in the error colour)."""
        message = self.query_one("#message", Static)
        message.update(escape(text))
        message.set_class(error, "error")

    def new_turn(self) -> None:
        """Fresh choices from the legal moves, e.g. after a move or a new round."""
        self.selection = Selection(self.session.legal_texts())
        self.keys = ""
        self.redraw()

    # ------------------------------------------------------------------ keys

    def on_key(self, event: events.Key) -> None:
        """Letters and digits pick sources and targets (see :mod:`.keys`)."""
        char = event.character
        if char is None or len(char) != 1 or not char.isalnum() or char == "q":
            return
        event.stop()
        if not self.game.my_turn():
            self.say("Wait: it is not your turn.")
            return
        self.quitting = False
        self._key(char.lower())

    def _key(self, char: str) -> None:
        selection = self.selection
        table = key_table(selection.source is None, self.session.view(self.game.viewer).hand)
        keys = self.keys + char
        if keys in table:
            self.keys = ""
            self._pick(table[keys])
        elif is_prefix(keys, table):
            self.keys = keys
            self.say(f"{keys} … (a pile number 1-4 next)")
        else:
            self.keys = ""
            self.say(self._unknown_key(keys), error=True)

    def _unknown_key(self, keys: str) -> str:
        """Why a key sequence picks nothing, in words."""
        if self.selection.source is None and keys in HAND_KEYS:
            return f"There is no card {keys} in the hand."
        step = "source" if self.selection.source is None else "target"
        return f"'{keys}' does not choose a {step} here (press ? for the keys)."

    def _pick(self, token: str) -> None:
        """Pick a source or target by its token, as keys or Enter do."""
        selection = self.selection
        why = self.session.why_illegal
        if token == END_TEXT:
            self.play(END_TEXT)
            return
        if selection.source is None:
            error = selection.choose_source(token, why)
            if error is None:
                targets = " ".join(selection.targets())
                self.say(f"{token} → where? Legal: {targets} (Esc: back)")
                self.redraw()
            else:
                self.say(error, error=True)
            return
        move, error = selection.move_to(token, why)
        if move is None:
            self.say(error or "not possible", error=True)
        else:
            self.play(move)

    def play(self, text: str) -> None:
        """Play ``text`` for the person to move; the core says no with its reason."""
        error = self.session.play_text(text)
        if error is not None:
            self.say(error, error=True)
            return
        self.say(f"You played {text}.")
        self.game.advance()

    def action_cursor(self, step: int) -> None:
        """Move the cursor over the highlighted choices."""
        if self.game.my_turn():
            self.selection.move_cursor(step)
            self.redraw()

    def action_pick(self) -> None:
        """Pick the choice under the cursor."""
        current = self.selection.current()
        if self.game.my_turn() and current is not None:
            self._pick(current)

    def action_cancel(self) -> None:
        """Leave the move line, drop a half-typed key, or go back to the source step."""
        if isinstance(self.focused, Input):
            self.set_focus(None)
        elif self.keys:
            self.keys = ""
            self.say("")
        elif self.selection.cancel():
            self.say("Choose a source.")
            self.redraw()

    def action_type_move(self) -> None:
        """Focus the move line."""
        self.query_one("#move", Input).focus()

    def action_quit_game(self) -> None:
        """Quit on the second ``q`` in a row (the first one warns)."""
        if self.quitting:
            self.app.exit()
            return
        self.quitting = True
        self.say("Press q again to quit (ctrl+s saves the game first).")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move: played if legal, else the core's reason."""
        event.input.value = ""
        text = event.value.strip()
        if not text:
            return
        if not self.game.my_turn():
            self.say("Wait: it is not your turn.")
            return
        self.play(text)


class GameApp(App[None]):
    """You (and maybe friends at one keyboard) against bots, round after round."""

    TITLE = "Skip-Bo"

    def __init__(self, config: GameConfig, light: bool = False) -> None:
        super().__init__()
        self.session = GameSession(config)
        humans = config.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.table = GameScreen(self.session)
        self.light = light

    def on_mount(self) -> None:
        """Show the table and start the first turn."""
        self.theme = "textual-light" if self.light else "textual-dark"
        self.push_screen(self.table)

    # ------------------------------------------------------------------ flow

    def my_turn(self) -> bool:
        """True when the person whose view is shown is to move."""
        session = self.session
        return session.human_to_move() and self.viewer == session.to_move

    def advance(self) -> None:
        """Go on after a move: end screen, hand-over, or the bots' moves."""
        session = self.session
        self.table.new_turn()
        if session.round.over:
            self._round_over()
            return
        seat = session.to_move
        hot_seat = len(session.config.humans) > 1
        if session.is_human(seat):
            if hot_seat and self.viewer != seat:
                self.viewer = None
                self.table.redraw()
                self.push_screen(PassScreen(session.names[seat], self._recent()), self._handed)
            return
        if hot_seat:
            self.viewer = None
            self.table.redraw()
        self.play_bots()

    def _handed(self, _: None = None) -> None:
        """The next person confirmed: show their view."""
        self.viewer = self.session.to_move
        self.table.new_turn()
        self.table.say(f"{self.session.names[self.viewer]}, your turn.")

    def _recent(self) -> str:
        """The moves of the current round's last few moves, for the hand-over screen."""
        session = self.session
        log = [e for e in session.log if e.round == session.round_number]
        lines = [f"{session.names[e.seat]}: {e.move}" for e in log[-6:]]
        return "Last moves: " + ", ".join(lines) if lines else "First turn of the round."

    @work(exclusive=True, group="bots")
    async def play_bots(self) -> None:
        """Let the bots move one at a time, ``delay`` seconds apart."""
        session = self.session
        delay = session.config.delay
        while not session.round.over and not session.is_human(session.to_move):
            seat = session.to_move
            self.table.say(f"{session.names[seat]} is playing…")
            view, legal = session.view(seat), session.round.legal_moves()
            move = await asyncio.to_thread(session.bots[seat].choose, view, legal)
            session.play_bot(move)
            self.table.redraw()
            if delay > 0:
                await asyncio.sleep(delay)
        self.table.say("")
        self.advance()

    # ------------------------------------------------------------------ end

    def _round_over(self) -> None:
        """The round's result and the scores; saved at once with ``--save``."""
        session = self.session
        saved = f"\n{self.save_game()}" if session.config.save else ""
        self.viewer = self.viewer if len(session.config.humans) <= 1 else None
        self.table.redraw()
        text = end_text(session) + saved
        screen = EndScreen(text, not session.match.over, self.save_game)
        self.push_screen(screen, self._after_round)

    def _after_round(self, choice: str | None) -> None:
        if choice != "next":
            self.exit()
            return
        self.session.next_round()
        humans = self.session.config.humans
        self.viewer = humans[0] if len(humans) == 1 else None
        self.advance()

    # ------------------------------------------------------------------ actions

    def status(self) -> str:
        """The status line: round, whose turn, scores (the seed is on the end screen)."""
        session = self.session
        state = session.round
        turn = "round over" if state.over else f"{session.names[state.to_move]} to move"
        parts = [f"Round {session.round_number}", turn]
        target = session.config.target
        if target is not None:
            sides = range(len(session.match.scores))
            scores = ", ".join(f"{session.side_name(s)} {session.match.scores[s]}" for s in sides)
            parts.append(f"{scores} (to {target})")
        return " · ".join(parts)

    def save_game(self) -> str:
        """Save every round so far; returns the message to show."""
        try:
            path = self.session.save(self.session.default_save_path())
        except OSError as exc:
            return f"Could not save: {exc}"
        return f"Saved to {path} (skipbo-record/1; replay with skipbo play --replay {path})."

    def action_save(self) -> None:
        """ctrl+s on the table."""
        self.table.say(self.save_game())

    def action_help(self) -> None:
        """The keys and the notation."""
        self.push_screen(HelpScreen())

    def action_toggle_theme(self) -> None:
        """Switch between the dark and the light colours."""
        self.theme = "textual-dark" if self.theme == "textual-light" else "textual-light"


def end_text(session: GameSession) -> str:
    """The end-of-round (and maybe end-of-match) summary."""
    result = session.round.result
    assert result is not None
    lines = [f"[b]Round {session.round_number}[/b]: {escape(_result_line(session, result))}"]
    lines.append(f"[dim]seed {escape(session.config.seed)}[/dim]")
    match = session.match
    if session.config.target is not None:
        lines.append("")
        for side, score in enumerate(match.scores):
            lines.append(f"  {escape(session.side_name(side))}: {score}")
        lines.append(f"  (the match is played to {session.config.target})")
    if match.over and match.winner is not None:
        lines.append("")
        what = "match" if session.config.target is not None else "game"
        lines.append(f"[b]The {what} is won by {escape(session.side_name(match.winner))}![/b]")
    return "\n".join(lines)


def _result_line(session: GameSession, result: RoundResult) -> str:
    if result.winner is None:
        reasons = {
            "blocked": "blocked — no card could be drawn or played; no points",
            "forfeit": "a bot forfeited; no points",
        }
        return reasons.get(result.reason, f"ended without a winner ({result.reason})")
    side = session.side_name(session.config.rules.team_of(result.winner))
    return f"won by {side}, {result.points} points (25 + 5 per card left in other stocks)."
