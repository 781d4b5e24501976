"""The screens over the table: help, hand-over, end of round / match.

Each is a modal screen with an opaque background, so that nothing of the table
(in particular no hand) shows through while it is up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP_TEXT = """\
[b]Skip-Bo in the terminal[/b] — empty your stock first.

[b]Playing a card[/b]: choose a source, then a target. Legal choices are
highlighted in yellow; the chosen source is blue.
  [b]1[/b]..[b]5[/b]      a hand card (by its place in the hand)
  [b]s[/b]          your stock
  [b]d[/b] [b]1[/b]..[b]4[/b]    the top of your discard pile D1..D4
  [b]p s[/b], [b]p d 1[/b]  your partner's stock or discard pile (partnership play)
then
  [b]1[/b]..[b]4[/b]      build pile B1..B4 (or [b]b 1[/b]..[b]b 4[/b])
  [b]d 1[/b]..[b]d 4[/b]  discard the hand card onto D1..D4: this ends your turn
  [b]Esc[/b]        back to choosing a source
  [b]e[/b]          end the turn with an empty hand (when nothing can be drawn)
Or move with [b]←[/b] [b]→[/b] over the highlighted choices and press [b]Enter[/b].

[b]Typing moves[/b]: [b]:[/b] opens the move line; type the notation and Enter:
  S-B1  D3-B2  H7-B4  HSB-B1  pS-B2  pD1-B3  H9-D1  end
([b]Esc[/b] leaves the line.) Illegal moves are refused with the reason.

[b]Other keys[/b]
  [b]?[/b] / [b]F1[/b]   this help          [b]ctrl+s[/b]  save the game (skipbo-record/1)
  [b]q[/b] [b]q[/b]        quit (twice)       [b]ctrl+t[/b]  light / dark colours

[b]The table[/b]: ▶ marks the seat to move. A stock shows its top card and
×N, the cards left. Discard piles show every card, the top one last. Build
piles show the value they count; * marks one topped by a Skip-Bo card.
SB (or K with --faces cards) is the wild card. Press any key to go back.
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

    def on_key(self) -> None:
        """Any key closes the help (the arrow keys scroll it first)."""
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
