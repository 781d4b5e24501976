"""The screens over the table: help, hand-over, end of round / match.

Each is a modal screen with an opaque background, so that nothing of the table
(in particular no hand) shows through while it is up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from .help_text import help_text, replay_help_text
from .texts import ENGLISH, Words

SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})
MIN_WIDTH, MIN_HEIGHT = 80, 24
STILL_KEYS = frozenset({"ctrl+q", "ctrl+c"})
"""The keys that work while the terminal is too small: quitting."""
SIZE_CSS = """
.too-small { display: none; width: 100%; height: 100%; content-align: center middle;
    text-style: bold; }
App.-too-small Screen > * { display: none; }
App.-too-small Screen > .too-small { display: block; }
"""
"""The apps' CSS: below the smallest size, every screen shows only its notice."""


def too_small_notice(words: Words = ENGLISH) -> Static:
    """The notice every screen holds, shown instead of the screen when it is too small."""
    return Static(words("too_small", width=MIN_WIDTH, height=MIN_HEIGHT), classes="too-small")


def speak(node: DOMNode, words: Words) -> None:
    """Give the footer's keys of ``node`` (a screen) their descriptions in the
    language of ``words``; the bindings themselves are the class's.

    Textual keeps a node's bindings in a copy of its class's map, made when the
    node is created, so replacing that copy changes this screen alone.
    """
    keys = {
        key: [replace(binding, description=words.key(binding.description)) for binding in bound]
        for key, bound in node._bindings.key_to_bindings.items()
    }
    node._bindings = BindingsMap.from_keys(keys)


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

    async def on_event(self, event: events.Event) -> None:
        """While the table is hidden (too small), its keys do nothing: a player who
        cannot see it must not play on it by chance. Quitting still works."""
        hidden = isinstance(event, events.Key | events.MouseEvent) and self.has_class("-too-small")
        if hidden and not (isinstance(event, events.Key) and event.key in STILL_KEYS):
            return
        await super().on_event(event)


class TextScreen(ModalScreen[None]):
    """A scrollable text over the table; any key but the scrolling ones closes it."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; background: $background; }
    TextScreen VerticalScroll { width: 82; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; }
    """

    def __init__(self, text: str | Text, id_: str, words: Words = ENGLISH) -> None:
        super().__init__()
        self.text = text
        self.text_id = id_
        self.words = words

    def compose(self) -> ComposeResult:
        """The text in a scrollable box (it may be taller than the terminal)."""
        with VerticalScroll():
            yield Static(self.text, id=self.text_id)
        yield too_small_notice(self.words)

    def on_key(self, event: events.Key) -> None:
        """The scrolling keys scroll the text; any other key closes the screen."""
        event.stop()
        if event.key not in SCROLL_KEYS:
            self.dismiss(None)
            return
        box = self.query_one(VerticalScroll)
        scroll = {
            "up": box.scroll_up,
            "down": box.scroll_down,
            "pageup": box.scroll_page_up,
            "pagedown": box.scroll_page_down,
            "home": box.scroll_home,
            "end": box.scroll_end,
        }
        scroll[event.key](animate=False)


class HelpScreen(TextScreen):
    """The rules in brief, the keys and the notation, in the language of ``--lang``.

    ``replay`` gives the replay's help: its keys only, since the playing keys
    listed in the game's help do nothing in a replay.
    """

    def __init__(self, lang: str = "en", replay: bool = False) -> None:
        text = replay_help_text(lang) if replay else help_text(lang)
        super().__init__(text, "help-text", Words(lang))


class PilesScreen(TextScreen):
    """Every pile on the table in full (the table shortens deep ones)."""

    def __init__(self, text: Text, words: Words = ENGLISH) -> None:
        super().__init__(text, "piles-text", words)


class PassScreen(ModalScreen[None]):
    """Hand the keyboard to the next person; their hand stays hidden until Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "ready", show=False),
        Binding("q", "app.leave", "quit"),  # as at the table (the footer says so)
    ]
    DEFAULT_CSS = """
    PassScreen { align: center middle; background: $background; }
    PassScreen Vertical { width: 60; max-width: 100%; height: auto; border: round $accent;
        padding: 1 2; }
    """

    def __init__(self, name: str, last_moves: str, words: Words = ENGLISH) -> None:
        super().__init__()
        self.player = name
        self.last_moves = last_moves
        self.words = words
        speak(self, words)

    def compose(self) -> ComposeResult:
        """Whose turn it is and what happened since; never a hand."""
        words, name = self.words, escape(self.player)
        with Vertical():
            yield Static(
                f"{words('pass_to', name=name)}\n\n"
                f"{escape(self.last_moves)}\n\n"
                f"{words('pass_ready', name=name)}",
                id="pass-text",
            )
        yield too_small_notice(words)

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
        self,
        text: str,
        can_continue: bool,
        save: Callable[[], None],
        autosave: bool = False,
        words: Words = ENGLISH,
    ) -> None:
        super().__init__()
        self.text = text
        self.can_continue = can_continue
        self.save = save
        self.autosave = autosave
        self.words = words
        speak(self, words)

    def on_mount(self) -> None:
        """With ``--save``, save at once (the app asks for a path if that fails)."""
        if self.autosave:
            self.save()

    def compose(self) -> ComposeResult:
        """The result, the scores and the keys."""
        words = self.words
        keys = words("end_keys_next") if self.can_continue else ""
        with Vertical():
            yield Static(self.text, id="end-text")
            yield Static(keys + words("end_keys"), id="end-keys")
            yield Static("", id="end-message")
        yield too_small_notice(words)

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

    def __init__(self, what: str, words: Words = ENGLISH) -> None:
        super().__init__()
        self.what = what
        """"round" or "match": what is not over."""
        self.words = words
        speak(self, words)

    def compose(self) -> ComposeResult:
        """The question and the three answers."""
        words = self.words
        with Vertical():
            yield Static(f"{words('quit_' + self.what)}\n\n{words('quit_keys')}", id="quit-text")
        yield too_small_notice(words)

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

    def __init__(
        self,
        error: str,
        path: str,
        save: Callable[[str], str | None],
        words: Words = ENGLISH,
    ) -> None:
        super().__init__()
        self.error = error
        self.path = path
        self.save = save
        self.words = words
        speak(self, words)

    def compose(self) -> ComposeResult:
        """The error, the path to try next and the keys."""
        with Vertical():
            yield Static(escape(self.error), id="save-error")
            yield Static(escape(self.words("save_other")))
            yield Input(self.path, id="save-path")
        yield too_small_notice(self.words)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Try the path typed; stay with the new error if it fails too."""
        path = event.value.strip()
        error = self.save(path) if path else self.words("type_file")
        if error is None:
            self.dismiss(path)
        else:
            self.query_one("#save-error", Static).update(escape(error))

    def action_give_up(self) -> None:
        """Leave without saving."""
        self.dismiss(None)
