"""How many cards of each pile fit on a line of a given width.

A discard pile is drawn bottom card first; when a line is too narrow for every
card, a pile shows only its top cards after an ellipsis and its size, e.g.
``…7 8 9 (9)``, so a row never wraps and a pile is never split over two lines.
The deepest piles give up cards first; every pile keeps at least its top card
(the one that can be played). Pure arithmetic on cell counts, no Rich, no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

CARD_CELLS: Final = 2
"""A card is drawn two cells wide (``SB``, `` 7``, ``12``)."""


def pile_cells(length: int, shown: int) -> int:
    """The cells of a pile of ``length`` cards of which the top ``shown`` are drawn."""
    if length == 0:
        return CARD_CELLS  # the empty place "··"
    cards = shown * (CARD_CELLS + 1) - 1
    if shown >= length:
        return cards
    return 1 + cards + len(f" ({length})")  # "…" + cards + " (n)"


def fewer(length: int, shown: int) -> int | None:
    """The next smaller number of cards to show that takes fewer cells, if any.

    Cutting a short pile can cost cells (``… 2 (2)`` is wider than `` 1  2``),
    so from a whole pile the first cut goes straight to a narrower one.
    """
    if shown < length:
        return shown - 1 if shown > 1 else None
    whole = pile_cells(length, length)
    narrower = [k for k in range(1, length) if pile_cells(length, k) < whole]
    return max(narrower, default=None)


def shown_counts(lengths: Sequence[int], budget: int) -> list[int]:
    """How many top cards of each pile to draw so that all fit in ``budget`` cells.

    Every pile is drawn in full when that fits; otherwise the pile showing the
    most cards gives some up until the line fits (or no pile can get narrower).
    """
    shown = list(lengths)
    while sum(pile_cells(n, k) for n, k in zip(lengths, shown, strict=True)) > budget:
        can = [i for i in range(len(shown)) if fewer(lengths[i], shown[i]) is not None]
        if not can:
            break
        deepest = max(can, key=lambda i: shown[i])
        shown[deepest] = fewer(lengths[deepest], shown[deepest]) or 1
    return shown


def least_cells(lengths: Sequence[int]) -> int:
    """The cells of the piles when each is as narrow as it can be."""
    return sum(min(pile_cells(n, n), pile_cells(n, min(n, 1))) for n in lengths)


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with an ellipsis, padded to exactly ``width``.

    A seat number at the end (``bot:hard#3``) is kept: it tells twins apart.
    """
    if len(text) > width:
        head, hash_, tail = text.rpartition("#")
        end = hash_ + tail if head and len(tail) <= 2 else ""
        text = text[: max(width - 1 - len(end), 0)] + "…" + end
    return text[:width].ljust(width)


def fitted_scores(pairs: Sequence[tuple[str, int]], width: int) -> str:
    """``you 95, bot:hard 40`` in at most ``width`` cells: when the names are too
    long for the line, each is cut (its seat number kept) until the line fits."""
    longest = max((len(name) for name, _ in pairs), default=0)
    text = ""
    for cells in range(longest, 3, -1):
        text = ", ".join(f"{clip(name, cells).rstrip()} {score}" for name, score in pairs)
        if len(text) <= width:
            break
    return text


def status_lines(head: str, tail: str, width: int | None) -> str:
    """``head · tail`` on one line when it fits in ``width`` cells, else ``tail``
    on a second line (a status line never wraps in the middle of a word)."""
    one = f"{head} · {tail}"
    return one if width is None or len(one) <= width else f"{head}\n{tail}"
