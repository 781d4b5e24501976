"""The screens over the table: help, hand-over, end of round / match.

Each is a modal screen with an opaque background, so that nothing of the table
(in particular no hand) shows through while it is up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})
HELP_TEXT = """\
[b]Skip-Bo in the terminal[/b]: empty your stock first.
(↑ ↓ scroll this help, any other key closes it)

[b]Play a card[/b]: choose a source, then a target. Sources that can go onto
a build pile are underlined; the chosen one is blue, its targets yellow.
  source   1..5      a hand card, by its place in the hand
           s         your stock
           d 1..4    the top of your discard pile D1..D4
           p s       your partner's stock (partnership play)
           p d 1..4  your partner's discard pile
  target   1..4      build pile B1..B4 (also b 1..4)
           d 1..4    discard the hand card there: this ends your turn
  ← →  move over the choices · Enter  pick · Esc  back
  e    end the turn with an empty hand (only when nothing can be drawn)

[b]Type a move[/b]: ':' opens the move line. Type the notation and Enter:
  S-B1  D3-B2  H7-B4  HSB-B1  pS-B2  pD1-B3  H9-D1  end
Esc leaves the line. An illegal move is refused with the reason.

[b]Keys[/b]  ? or F1 help · ctrl+s save · ctrl+t light/dark · q q quit

[b]The table[/b]: ▶ marks the seat to move. A stock shows its top card and
×N, the cards left. Discard piles show every card, the top one last. Build
piles show the value they count; * marks one topped by a wild card. SB (K
with --faces cards) is the wild card. The last moves show who played what.
"""


class HelpScreen(ModalScreen[None]):
    """The keys and the notation; any key closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background; }
    HelpScreen VerticalScroll { width: 82; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        """The help text in a scrollable box (it is taller than 24 lines)."""
        with VerticalScroll():
            yield Static(HELP_TEXT, id="help-text")

    def on_key(self, event: events.Key) -> None:
        """Any key but the scrolling ones closes the help."""
        if event.key not in SCROLL_KEYS:
            self.dismiss(None)


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

    def action_ready(self) -> None:
        """The next player is at the keyboard."""
        self.dismiss(None)


class EndScreen(ModalScreen[str]):
    """The result of a round (and of the match, once decided), with the scores.

    Dismissed with ``"next"`` (deal the next round) or ``"quit"``; ``s`` saves
    the game and stays on the screen.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,enter", "next", "next round"),
        Binding("s", "save", "save"),
        Binding("q,escape", "quit_game", "quit"),
    ]
    DEFAULT_CSS = """
    EndScreen { align: center middle; background: $background 80%; }
    EndScreen Vertical { width: 64; max-width: 100%; height: auto; border: double $accent;
        padding: 1 2; }
    EndScreen #end-message { margin-top: 1; }
    """

    def __init__(self, text: str, can_continue: bool, save: Callable[[], str]) -> None:
        super().__init__()
        self.text = text
        self.can_continue = can_continue
        self.save = save

    def compose(self) -> ComposeResult:
        """The result, the scores and the keys."""
        keys = "[b]n[/b] next round · " if self.can_continue else ""
        with Vertical():
            yield Static(self.text, id="end-text")
            yield Static(f"{keys}[b]s[/b] save · [b]q[/b] quit", id="end-keys")
            yield Static("", id="end-message")

    def action_next(self) -> None:
        """Go on with the next round, if the match goes on."""
        if self.can_continue:
            self.dismiss("next")

    def action_save(self) -> None:
        """Save through the app and say where."""
        self.query_one("#end-message", Static).update(self.save())

    def action_quit_game(self) -> None:
        """Leave the game."""
        self.dismiss("quit")
