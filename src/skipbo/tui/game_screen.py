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
from .reasons import said
from .render import Marks, piles_text
from .screens import PilesScreen, speak, too_small_notice
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
    GameScreen #prompt { height: auto; padding: 0 1; }
    GameScreen #move { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.words = session.words
        self.selection = Selection(())
        self.keys = ""
        speak(self, self.words)

    @property
    def game(self) -> GameHost:
        """The app, typed (a GameScreen only ever runs inside a GameApp)."""
        return cast(GameHost, self.app)

    def compose(self) -> ComposeResult:
        """Table, message, move line and the key footer."""
        with VerticalScroll(id="table-box"):
            yield TableView()
        yield Static("", id="message")
        yield Static("", id="prompt")
        yield Input(placeholder=self.words("move_line"), id="move")
        yield Footer()
        yield too_small_notice(self.words)

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
                words=self.words,
            )
        )
        self._prompt()

    def _prompt(self) -> None:
        """Under the message, the target step's question: it stays while a source is
        chosen (a refused target is said above it), so another pile can be picked."""
        prompt = self.query_one("#prompt", Static)
        source = self.selection.source
        prompt.display = source is not None and self.game.my_turn()
        if source is not None:
            shown = shown_move(source, self.session.config.faces)
            targets = " ".join(self.selection.targets())
            prompt.update(escape(self.words("where", source=shown, targets=targets)))

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

    def refuse(self, reason: str) -> None:
        """Say why a move or choice is refused: the core's reason (or the table's)
        with the faces on screen, in the screen's language."""
        self.say(said(shown_message(reason, self.session.config.faces), self.words), error=True)

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
            self.say(self.words("not_your_turn"))
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
            self.say(self.words("pile_next", keys=keys))
        else:
            self.keys = ""
            self.say(self._unknown_key(keys), error=True)

    def _unknown_key(self, keys: str) -> str:
        """Why a key sequence picks nothing, in words."""
        if self.selection.source is None and keys in HAND_KEYS:
            return self.words("no_card_key", keys=keys)
        step = "bad_source_key" if self.selection.source is None else "bad_target_key"
        return self.words(step, keys=keys)

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
                self.say("")
                self.redraw()  # the targets lit, and the prompt
            else:
                self.refuse(error)
            return
        move, error = selection.move_to(token, why)
        if move is None:
            self.refuse(error or "choose a source first")  # the prompt stays
        else:
            self.play(move)

    def play(self, text: str) -> bool:
        """Play ``text`` for the person to move; the core says no with its reason.

        A played move gives the keys back to the table (the move line, if it was
        used, loses the focus), so the next move can be picked by keys at once.
        """
        error = self.session.play_text(text)
        if error is not None:
            self.refuse(error)
            return False
        self.set_focus(None)
        self.say(self.words("you_played", move=shown_move(text, self.session.config.faces)))
        self.game.advance()
        return True

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
            self.focused.value = ""  # left: what was typed is dropped, not played later
            self.set_focus(None)
        elif self.keys:
            self.keys = ""
            self.say("")
        elif self.selection.cancel():
            self.say(self.words("choose_source"))
            self.redraw()

    def action_type_move(self) -> None:
        """Focus the move line."""
        self.query_one("#move", Input).focus()

    def action_piles(self) -> None:
        """Every pile in full, from the shown seat's view."""
        session = self.session
        view = session.view(self.game.viewer)
        text = piles_text(view, session.names, session.config.faces, self.words)
        self.app.push_screen(PilesScreen(text, self.words))

    def action_hint(self) -> None:
        """The expert's move for the person to move (the coach's hint)."""
        if not self.game.my_turn():
            self.say(self.words("not_your_turn"))
            return
        self.say(self.words("hint_thinking"))
        self._hint(len(self.session.round.history))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, moves: int) -> None:
        """Ask the coach off the UI thread; a hint for a position already left is dropped."""
        text = self.session.hint()
        self.app.call_from_thread(self._show_hint, moves, text)

    def _show_hint(self, moves: int, text: str) -> None:
        if moves == len(self.session.round.history) and self.game.my_turn():
            shown = shown_move(text, self.session.config.faces)
            self.say(self.words("hint", move=shown))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move: played if legal (the keys go back to the table), else the
        core's reason, with the line kept for another try, selected: typing replaces it,
        an arrow key mends it. Enter on an empty line leaves it."""
        typed = event.value.strip()
        if not typed:
            event.input.value = ""
            self.set_focus(None)
            return
        if not self.game.my_turn():
            self.say(self.words("not_your_turn"))
            return
        faces = self.session.config.faces
        text = notation(typed, faces)
        if text is None:
            self.say(malformed(typed, faces, self.words), error=True)
        elif self.play(text):
            event.input.value = ""
            return
        event.input.select_all()
