"""The screens over the table: help, hand-over, end of round / match.

Each is a modal screen with an opaque background, so that nothing of the table
(in particular no hand) shows through while it is up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from .help_text import help_text

SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})
MIN_WIDTH, MIN_HEIGHT = 80, 24
TOO_SMALL = f"make the terminal at least {MIN_WIDTH}×{MIN_HEIGHT}"
SIZE_CSS = """
.too-small { display: none; width: 100%; height: 100%; content-align: center middle;
    text-style: bold; }
App.-too-small Screen > * { display: none; }
App.-too-small Screen > .too-small { display: block; }
"""
"""The apps' CSS: below the smallest size, every screen shows only its notice."""


def too_small_notice() -> Static:
    """The notice every screen holds, shown instead of the screen when it is too small."""
    return Static(TOO_SMALL, classes="too-small")


def too_small(size: Size) -> bool:
    """True for a terminal below 80×24, where the table cannot fit."""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class SizedApp(App[None]):
    """An app whose screens all say "make the terminal at least 80×24" when it is smaller.

    Each screen holds a :func:`too_small_notice`; the app's ``-too-small`` class
    hides everything else (see :data:`SIZE_CSS`). No command palette: its key
    would take room in the footer, and the game has nothing to search.
    """

    CSS = SIZE_CSS
    ENABLE_COMMAND_PALETTE = False

    def on_mount(self) -> None:
        """Check the size the app starts with."""
        self.set_class(too_small(self.size), "-too-small")

    def on_resize(self, event: events.Resize) -> None:
        """Check the size again whenever the terminal changes."""
        self.set_class(too_small(event.size), "-too-small")


class TextScreen(ModalScreen[None]):
    """A scrollable text over the table; any key but the scrolling ones closes it."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; background: $background; }
    TextScreen VerticalScroll { width: 82; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; }
    """

    def __init__(self, text: str | Text, id_: str) -> None:
        super().__init__()
        self.text = text
        self.text_id = id_

    def compose(self) -> ComposeResult:
        """The text in a scrollable box (it may be taller than the terminal)."""
        with VerticalScroll():
            yield Static(self.text, id=self.text_id)
        yield too_small_notice()

    def on_key(self, event: events.Key) -> None:
        """Any key but the scrolling ones closes the screen."""
        event.stop()
        if event.key not in SCROLL_KEYS:
            self.dismiss(None)


class HelpScreen(TextScreen):
    """The rules in brief, the keys and the notation, in the language of ``--lang``."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__(help_text(lang), "help-text")


class PilesScreen(TextScreen):
    """Every pile on the table in full (the table shortens deep ones)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text, "piles-text")


class PassScreen(ModalScreen[None]):
    """Hand the keyboard to the next person; their hand stays hidden until Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "ready", show=False)]
    DEFAULT_CSS = """
    PassScreen { align: center middle; background: $background; }
    PassScreen Vertical { width: 60; max-width: 100%; height: auto; border: round $accent;
        padding: 1 2; }
    """

    def __init__(self, name: str, last_moves: str) -> None:
        super().__init__()
        self.player = name
        self.last_moves = last_moves

    def compose(self) -> ComposeResult:
        """Whose turn it is and what happened since; never a hand."""
        with Vertical():
            yield Static(
                f"[b]Pass the keyboard to {self.player}.[/b]\n\n"
                f"{self.last_moves}\n\n"
                f"{self.player}: press [b]Enter[/b] when you are ready.",
                id="pass-text",
            )
        yield too_small_notice()

    def action_ready(self) -> None:
        """The next player is at the keyboard."""
        self.dismiss(None)


class EndScreen(ModalScreen[str]):
    """The result of a round (and of the match, once decided), with the scores.

    Dismissed with ``"next"`` (deal the next round) or ``"quit"``; ``s`` saves
    the game and stays on the screen. Esc does nothing here: leaving the game
    is ``q`` only, so that no reflex key loses a match.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,enter", "next", "next round"),
        Binding("s", "save", "save"),
        Binding("q", "quit_game", "quit"),
    ]
    DEFAULT_CSS = """
    EndScreen { align: center middle; background: $background 80%; }
    EndScreen Vertical { width: 64; max-width: 100%; height: auto; border: double $accent;
        padding: 1 2; }
    EndScreen #end-message { margin-top: 1; }
    """

    def __init__(
        self, text: str, can_continue: bool, save: Callable[[], None], autosave: bool = False
    ) -> None:
        super().__init__()
        self.text = text
        self.can_continue = can_continue
        self.save = save
        self.autosave = autosave

    def on_mount(self) -> None:
        """With ``--save``, save at once (the app asks for a path if that fails)."""
        if self.autosave:
            self.save()

    def compose(self) -> ComposeResult:
        """The result, the scores and the keys."""
        keys = "[b]n[/b] next round · " if self.can_continue else ""
        with Vertical():
            yield Static(self.text, id="end-text")
            yield Static(f"{keys}[b]s[/b] save · [b]q[/b] quit", id="end-keys")
            yield Static("", id="end-message")
        yield too_small_notice()

    def say(self, text: str) -> None:
        """Show what saving did."""
        self.query_one("#end-message", Static).update(escape(text))

    def action_next(self) -> None:
        """Go on with the next round, if the match goes on."""
        if self.can_continue:
            self.dismiss("next")

    def action_save(self) -> None:
        """Save through the app, which says where (or asks for another path)."""
        self.save()

    async def action_quit_game(self) -> None:
        """Leave the game: at once when it is decided, else the app asks first."""
        if self.can_continue:
            await self.app.run_action("app.leave")
        else:
            self.dismiss("quit")


class QuitScreen(ModalScreen[str]):
    """Leave a running game? Dismissed with "save" (then quit), "quit", or "" (stay)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('save')", "save and quit"),
        Binding("y", "choose('quit')", "quit without saving"),
        Binding("n,escape", "choose('')", "keep playing"),
    ]
    DEFAULT_CSS = """
    QuitScreen { align: center middle; background: $background 80%; }
    QuitScreen Vertical { width: 64; max-width: 100%; height: auto; border: double $error;
        padding: 1 2; }
    """

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        """The question and the three answers."""
        with Vertical():
            yield Static(
                f"[b]Quit? The {escape(self.what)} is not over.[/b]\n\n"
                "[b]s[/b] save, then quit · [b]y[/b] quit without saving · "
                "[b]n[/b] or [b]Esc[/b] keep playing",
                id="quit-text",
            )
        yield too_small_notice()

    def action_choose(self, choice: str) -> None:
        """Answer the question."""
        self.dismiss(choice)


class SavePathScreen(ModalScreen[str | None]):
    """A save failed: ask for another path until one works, or Esc to give up.

    ``save(path)`` tries to save there and returns None, or the error to show.
    Dismissed with the path that worked, or None.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "give_up", "don't save")]
    DEFAULT_CSS = """
    SavePathScreen { align: center middle; background: $background 80%; }
    SavePathScreen Vertical { width: 72; max-width: 100%; height: auto;
        border: double $error; padding: 1 2; }
    SavePathScreen #save-error { color: $error; margin-bottom: 1; }
    """

    def __init__(self, error: str, path: str, save: Callable[[str], str | None]) -> None:
        super().__init__()
        self.error = error
        self.path = path
        self.save = save

    def compose(self) -> ComposeResult:
        """The error, the path to try next and the keys."""
        with Vertical():
            yield Static(escape(self.error), id="save-error")
            yield Static("Save to another file (Enter saves, Esc does not save):")
            yield Input(self.path, id="save-path")
        yield too_small_notice()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Try the path typed; stay with the new error if it fails too."""
        path = event.value.strip()
        error = self.save(path) if path else "Type a file name."
        if error is None:
            self.dismiss(path)
        else:
            self.query_one("#save-error", Static).update(escape(error))

    def action_give_up(self) -> None:
        """Leave without saving."""
        self.dismiss(None)
