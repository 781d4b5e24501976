"""The table screen: the table, a message line and the move line.

Keys become moves here (see :mod:`.keys` and :mod:`.selection`): a source, then
a target, or the notation typed after ``:``. Whatever is picked is played
through the session, and so checked by the core.
"""

from __future__ import annotations

from typing import ClassVar, Protocol, cast

from rich.markup import escape
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from .keys import HAND_KEYS, is_prefix, key_table
from .render import Marks, piles_text
from .screens import PilesScreen, too_small_notice
from .selection import END_TEXT, Selection
from .session import GameSession
from .typed import malformed, notation, shown_message, shown_move
from .widgets import TableData, TableView


class GameHost(Protocol):
    """What the screen asks of the app that runs it (:class:`~.app.GameApp`).

    A protocol, so that this module does not import the app that imports it.
    """

    viewer: int | None
    """The seat whose hand is shown; None between two people's turns at one keyboard."""

    def my_turn(self) -> bool:
        """Whether the shown person is the one to move."""
        ...

    def advance(self) -> None:
        """Let bots move, or hand the keyboard to the next person."""
        ...

    def status(self) -> str:
        """The status line under the table."""
        ...


BOUND_LETTERS = frozenset("qvh")
"""Letters bound to actions (quit, all piles, hint), never a source or target key."""
PEOPLE_ONLY = frozenset({"type_move", "hint"})
"""Actions only a person at the keyboard has a use for."""


class GameScreen(Screen[None]):
    """The table, a message line and the move line; keys pick moves."""

    AUTO_FOCUS = ""  # never the move line by itself (None would mean the app's "*")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "app.help", "help"),
        Binding("colon", "type_move", "type a move"),
        Binding("left", "cursor(-1)", "choose", show=False),
        Binding("right", "cursor(1)", "choose", show=False),
        Binding("enter", "pick", "pick", show=False),
        Binding("escape", "cancel", "back"),
        Binding("ctrl+s", "app.save", "save"),
        Binding("ctrl+t", "app.toggle_theme", "colours", show=False),
        Binding("v", "piles", "all piles"),
        Binding("h", "hint", "hint"),
        Binding("q", "app.leave", "quit"),
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

    @property
    def game(self) -> GameHost:
        """The app, typed (a GameScreen only ever runs inside a GameApp)."""
        return cast(GameHost, self.app)

    def compose(self) -> ComposeResult:
        """Table, message, move line and the key footer."""
        with VerticalScroll(id="table-box"):
            yield TableView()
        yield Static("", id="message")
        yield Input(placeholder=": type a move (S-B1, H7-D2, end) and Enter", id="move")
        yield Footer()
        yield too_small_notice()

    def on_mount(self) -> None:
        """Start the game once the table exists (the boxes scroll with the mouse
        only: the arrows pick moves; the table scrolls if a terminal is too short)."""
        for box in self.query(VerticalScroll):
            box.can_focus = False
        self.query_one("#move", Input).display = self._people_play()
        self.game.advance()

    def _people_play(self) -> bool:
        """False when only bots play (``--humans 0``): nobody types moves or asks for
        hints, so the move line and those keys are not offered."""
        return bool(self.session.config.humans)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide (and turn off) typing a move and the hint when only bots play."""
        if action in PEOPLE_ONLY:
            return self._people_play()
        return True

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the table from the shown seat's view, with the current marks."""
        session, viewer = self.session, self.game.viewer
        marks = self._marks() if viewer == session.to_move else Marks()
        faces = session.config.faces
        log = [
            (session.names[e.seat], shown_move(e.move, faces), e.card)
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
        if char is None or len(char) != 1 or not char.isalnum() or char in BOUND_LETTERS:
            return
        event.stop()
        if not self.game.my_turn():
            self.say("Wait: it is not your turn.")
            return
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
                shown = shown_move(token, self.session.config.faces)
                self.say(f"{shown} → where? Legal: {targets} (Esc: back)")
                self.redraw()
            else:
                self.say(shown_message(error, self.session.config.faces), error=True)
            return
        move, error = selection.move_to(token, why)
        if move is None:
            self.say(shown_message(error or "not possible", self.session.config.faces), error=True)
        else:
            self.play(move)

    def play(self, text: str) -> None:
        """Play ``text`` for the person to move; the core says no with its reason."""
        error = self.session.play_text(text)
        if error is not None:
            self.say(shown_message(error, self.session.config.faces), error=True)
            return
        self.say(f"You played {shown_move(text, self.session.config.faces)}.")
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

    def action_piles(self) -> None:
        """Every pile in full, from the shown seat's view."""
        session = self.session
        view = session.view(self.game.viewer)
        self.app.push_screen(PilesScreen(piles_text(view, session.names, session.config.faces)))

    def action_hint(self) -> None:
        """The expert's move for the person to move (the coach's hint)."""
        if not self.game.my_turn():
            self.say("Wait: it is not your turn.")
            return
        self.say("Hint: thinking…")
        self._hint(len(self.session.round.history))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, moves: int) -> None:
        """Ask the coach off the UI thread; a hint for a position already left is dropped."""
        text = self.session.hint()
        self.app.call_from_thread(self._show_hint, moves, text)

    def _show_hint(self, moves: int, text: str) -> None:
        if moves == len(self.session.round.history) and self.game.my_turn():
            shown = shown_move(text, self.session.config.faces)
            self.say(f"Hint: {shown} (the expert's move; press its keys or type :{shown})")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move: played if legal, else the core's reason."""
        event.input.value = ""
        typed = event.value.strip()
        if not typed:
            return
        if not self.game.my_turn():
            self.say("Wait: it is not your turn.")
            return
        faces = self.session.config.faces
        text = notation(typed, faces)
        if text is None:
            self.say(malformed(typed, faces), error=True)
        else:
            self.play(text)
