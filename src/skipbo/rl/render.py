"""A plain-text picture of one seat's view, for ``render()`` in ``ansi`` and ``human`` modes.

Drawn from a :class:`~skipbo.core.PlayerView` only, like the observations, so
rendering never shows a card the seat could not see.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import NO_CARD, PlayerView, Round, card_name, format_move, player_view


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


RENDER_MODES = ("ansi", "human")


def check_render_mode(mode: str | None) -> str | None:
    """``mode`` if the environments support it (or None); ``ValueError`` otherwise."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {list(RENDER_MODES)} or None, not {mode!r}")
    return mode


def render_round(
    round_: Round, seat: int, legal: Sequence[int], mode: str | None, names: Sequence[str] = ()
) -> str | None:
    """What ``render()`` gives in ``mode``: the text of ``seat``'s view (and the result
    once the round is over), returned for ``"ansi"``, printed for ``"human"``."""
    if mode is None:
        return None
    text = render_view(player_view(round_, seat), legal, names)
    if round_.result is not None:
        text += f"result: {round_.result.to_dict()}\n"
    if mode == "human":
        print(text, end="")
        return None
    return text
