"""The table widget: every part of one seat's view on one screen.

The game and the replay both draw through :class:`TableView`; what they show
is a :class:`TableData`, built from a player view, so the widget never sees
the full round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.widgets import Static

from skipbo.core import PlayerView

from .render import (
    NO_MARKS,
    LogLine,
    Marks,
    build_text,
    hand_text,
    log_text,
    opponents_text,
    own_text,
)

LOG_LINES = 6
OTHER_ROWS = 17
"""The rows of the screen that are not opponents: status, build piles, own piles and
last moves, hand, message, move line, footer (with their margins)."""
LOG_CELLS = 34
"""The width of the last moves column (#log in the CSS); the own piles get the rest."""


@dataclass(frozen=True, slots=True)
class TableData:
    """Everything the table shows at one moment."""

    view: PlayerView
    names: Sequence[str]
    status: str
    faces: str = "numbers"
    marks: Marks = NO_MARKS
    log: Sequence[LogLine] = ()


class TableView(Vertical):
    """Status line, opponents, build piles, own piles, last moves and hand."""

    DEFAULT_CSS = """
    TableView { height: auto; }
    TableView #status { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    TableView #opponents { height: auto; padding: 0 1; }
    TableView #build { height: 1; margin: 1 0 1 0; padding: 0 1; }
    TableView #middle { height: auto; }
    TableView #own { width: 1fr; height: auto; padding: 0 1; }
    TableView #log { width: 34; height: auto; padding: 0 1; }
    TableView #hand { height: auto; margin: 1 0 0 0; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.data: TableData | None = None
        self.size_seen = Size(0, 0)

    def compose(self) -> ComposeResult:
        """The parts, empty until :meth:`show` fills them."""
        yield Static(id="status")
        yield Static(id="opponents")
        yield Static(id="build")
        with Horizontal(id="middle"):
            yield Static(id="own")
            yield Static(id="log")
        yield Static(id="hand")

    def show(self, data: TableData) -> None:
        """Redraw every part from ``data``, fitted to the terminal's width.

        Rows never wrap: the opponents' rows and the own piles shorten deep
        piles (see :mod:`.fit`) when the terminal is narrow.
        """
        self.data = data
        view, faces, marks = data.view, data.faces, data.marks
        self.size_seen = self.app.size
        width = self.app.size.width
        others = view.rules.players - (0 if view.seat is None else 1)
        two_lines = 2 * others <= self.app.size.height - OTHER_ROWS
        me = "" if view.seat is None else data.names[view.seat]
        self._set("status", Text(data.status))
        self._set("opponents", opponents_text(view, data.names, faces, marks, width - 2, two_lines))
        self._set("build", build_text(view, faces, marks))
        self._set("own", own_text(view, me, faces, marks, width - LOG_CELLS - 2))
        self._set("log", log_text(data.log, LOG_LINES, faces))
        self._set("hand", hand_text(view, faces, marks))

    def on_resize(self, _: events.Resize) -> None:
        """Fit the table to the new width."""
        if self.data is not None and self.app.size != self.size_seen:
            self.show(self.data)

    def _set(self, part: str, text: Text) -> None:
        self.query_one(f"#{part}", Static).update(text)
