"""Choosing a move in two steps, source then target, from the legal moves only.

A move's notation is ``SOURCE-TARGET`` (``S-B2``, ``H9-D1``) or ``end``, so the
sources the player may pick are the left halves of the legal moves, and the
targets of a picked source are the right halves of its legal moves. Nothing
here knows a rule: what is legal comes from :meth:`skipbo.core.Round.legal_moves`
and why something is not from :meth:`skipbo.core.Round.why_illegal`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from skipbo.core import END, card_name, format_move, parse_move

END_TEXT = format_move(END)


def split_move(text: str) -> tuple[str, str]:
    """``"S-B2"`` → ``("S", "B2")``; ``"end"`` → ``("end", "")``."""
    source, _, target = text.partition("-")
    return source, target


def hand_source(card: int) -> str:
    """The source token of a hand card, e.g. ``"H7"`` or ``"HSB"``."""
    return "H" + card_name(card)


Reason = Callable[[str], str | None]
"""Why the move written as the argument is illegal now (None when it is legal)."""


@dataclass(slots=True)
class Selection:
    """The move being put together at the keyboard.

    ``source`` is None while a source is being chosen. ``cursor`` is the index
    into the items of the current step (sources, then targets) that the arrow
    keys move over.
    """

    legal: Sequence[str]
    source: str | None = None
    cursor: int = 0
    _sources: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        seen: dict[str, None] = {}
        for text in self.legal:
            seen.setdefault(split_move(text)[0], None)
        self._sources = list(seen)

    def sources(self) -> list[str]:
        """The sources of the legal moves (``end`` included), in legal-move order."""
        return list(self._sources)

    def targets(self, source: str | None = None) -> list[str]:
        """The targets of ``source`` (default: the chosen one) among the legal moves."""
        source = self.source if source is None else source
        return [t for s, t in map(split_move, self.legal) if s == source and t]

    def playable(self) -> list[str]:
        """The sources that can go onto a build pile now (not only be discarded)."""
        return [s for s in self._sources if any(t.startswith("B") for t in self.targets(s))]

    def items(self) -> list[str]:
        """What the arrow keys move over now: sources, or the chosen source's targets."""
        return self.sources() if self.source is None else self.targets()

    def current(self) -> str | None:
        """The item under the cursor, if there is any."""
        items = self.items()
        return items[self.cursor % len(items)] if items else None

    def move_cursor(self, step: int) -> None:
        """Move the cursor by ``step`` items, wrapping around."""
        count = len(self.items())
        self.cursor = (self.cursor + step) % count if count else 0

    def choose_source(self, source: str, why: Reason) -> str | None:
        """Pick ``source``; returns an error message when it has no legal move.

        The message is the core's reason for the source's first build pile, so
        that the player reads the rule that stands in the way, under the source
        alone ("D3: your discard pile 3 is empty"): no target was chosen.
        """
        if source == END_TEXT:
            return None if END_TEXT in self.legal else _reason(END_TEXT, why)
        if not self.targets(source):
            message = _reason(f"{source}-B1", why, f"{source} has no legal move now")
            return message.replace(f"{source}-B1: ", f"{source}: ", 1)
        self.source, self.cursor = source, 0
        return None

    def cancel(self) -> bool:
        """Step back from the target choice; False when there was nothing to undo."""
        if self.source is None:
            return False
        self.source, self.cursor = None, 0
        return True

    def move_to(self, target: str, why: Reason) -> tuple[str | None, str | None]:
        """The move from the chosen source to ``target``: ``(move, None)`` or
        ``(None, error message)``."""
        if self.source is None:
            return None, "choose a source first"
        text = f"{self.source}-{target}"
        if text in self.legal:
            return text, None
        return None, _reason(text, why)


def _reason(text: str, why: Reason, fallback: str | None = None) -> str:
    """The core's reason against ``text``, prefixed by the move."""
    try:
        parse_move(text)
    except ValueError:
        return fallback or f"{text} is not a move"
    reason = why(text)
    if reason is None:
        return fallback or f"{text} is not possible now"
    return f"{text}: {reason}"
