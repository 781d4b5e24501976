"""A plain-text picture of one seat's view, for ``render()`` in ``ansi`` and ``human`` modes.

Drawn from a :class:`~skipbo.core.PlayerView` only, like the observations, so
rendering never shows a card the seat could not see.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import NO_CARD, PlayerView, card_name, format_move


def _cards(cards: Sequence[int]) -> str:
    return " ".join(card_name(c) for c in cards) or "-"


def render_view(view: PlayerView, legal: Sequence[int] = (), names: Sequence[str] = ()) -> str:
    """The table as ``view.seat`` sees it, with the legal moves when it is to move."""
    names = list(names) or [f"player_{p}" for p in range(len(view.players))]
    build = "  ".join(f"B{i + 1}:{v or '-'}" for i, v in enumerate(view.build))
    lines = [
        f"{names[view.to_move]} to move" + (" (round over)" if view.over else ""),
        f"build {build}   draw {view.draw}   completed {view.completed}",
    ]
    for p, player in enumerate(view.players):
        mark = "*" if p == view.seat else " "
        top = card_name(player.stock_top) if player.stock_top != NO_CARD else "-"
        piles = " | ".join(f"D{i + 1} {_cards(pile)}" for i, pile in enumerate(player.discards))
        lines.append(
            f"{mark}{names[p]}: stock {player.stock} (top {top}), hand {player.hand}, {piles}"
        )
    lines.append(
        f"hand of {names[view.seat] if view.seat is not None else '-'}: {_cards(view.hand)}"
    )
    if legal:
        lines.append("legal: " + " ".join(format_move(m) for m in legal))
    return "\n".join(lines) + "\n"
