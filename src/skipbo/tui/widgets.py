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
    LOG_NAME_CELLS,
    NO_MARKS,
    LogLine,
    Marks,
    build_text,
    hand_text,
    log_text,
    opponents_text,
    own_text,
)
from .texts import ENGLISH, Words

LOG_LINES = 6
"""The last moves shown at 24 rows; a taller terminal shows more."""
OTHER_ROWS = 18
"""The rows of the screen that are not opponents: status, build piles, own piles and
last moves, hand, message, the prompt under it, move line, footer (with their
margins). A status line that takes two rows (a match's scores) takes one more."""
NOT_LOG_ROWS = OTHER_ROWS - LOG_LINES
"""The rows that are neither opponents nor moves of the list (its heading counted in)."""
LOG_CELLS = 34
"""The width of the last moves column at 80 columns (#log in the CSS); the own
piles get the rest."""
LOG_MORE_CELLS = 12
"""How much wider the last moves column grows in a wider terminal (for long names)."""
BASE_WIDTH, BASE_HEIGHT = 80, 24
"""The smallest terminal, whose layout a larger one only adds to."""


@dataclass(frozen=True, slots=True)
class TableData:
    """Everything the table shows at one moment."""

    view: PlayerView
    names: Sequence[str]
    status: str
    faces: str = "numbers"
    marks: Marks = NO_MARKS
    log: Sequence[LogLine] = ()
    words: Words = ENGLISH


class TableView(Vertical):
    """Status line, opponents, build piles, own piles, last moves and hand."""

    DEFAULT_CSS = """
    TableView { height: auto; }
    TableView #status { height: auto; background: $boost; text-style: bold; padding: 0 1; }
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
        view, faces, marks, words = data.view, data.faces, data.marks, data.words
        self.size_seen = size = self.app.size
        others = view.rules.players - (0 if view.seat is None else 1)
        rows = size.height - OTHER_ROWS - data.status.count("\n")
        two_lines = 2 * others <= rows
        me = "" if view.seat is None else data.names[view.seat]
        opponents = opponents_text(view, data.names, faces, marks, size.width - 2, two_lines, words)
        log_cells = LOG_CELLS + min(max(size.width - BASE_WIDTH, 0), LOG_MORE_CELLS)
        self.query_one("#log").styles.width = log_cells
        log = log_text(
            data.log,
            log_lines(size, len(opponents.plain.split("\n")) + data.status.count("\n")),
            faces,
            words,
            LOG_NAME_CELLS + log_cells - LOG_CELLS,
        )
        self._set("status", Text(data.status))
        self._set("opponents", opponents)
        self._set("build", build_text(view, faces, marks, words))
        self._set("own", own_text(view, me, faces, marks, size.width - log_cells - 2, words))
        self._set("log", log)
        self._set("hand", hand_text(view, faces, marks, words))

    def on_resize(self, _: events.Resize) -> None:
        """Fit the table to the new width."""
        if self.data is not None and self.app.size != self.size_seen:
            self.show(self.data)

    def _set(self, part: str, text: Text) -> None:
        self.query_one(f"#{part}", Static).update(text)


def log_lines(size: Size, more_rows: int) -> int:
    """How many of the last moves to list: :data:`LOG_LINES` at 24 rows, and in a
    taller terminal every row that the opponents' rows, a second status line
    (``more_rows`` together) and the rest of the table leave free."""
    if size.height <= BASE_HEIGHT:
        return LOG_LINES
    return max(LOG_LINES, size.height - NOT_LOG_ROWS - more_rows)
