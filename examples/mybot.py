"""My own Skip-Bo bot: run it under the referee with the Python that has skipbo installed,
.venv/bin/skipbo match --bot "cmd:.venv/bin/python examples/mybot.py" --bot hard --deals 5
"""

from collections.abc import Sequence

from skipbo.bots import serve_bot
from skipbo.core import Move, PlayerView, format_move


class MyBot:
    """Plays its stock when it can, else a discard pile onto a build pile, else anything."""

    name = "mybot"

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        plays = [(format_move(move), move) for move in legal]
        for prefix in ("S-", "D"):
            for text, move in plays:
                if text.startswith(prefix) and "-B" in text:
                    return move
        return legal[0]


if __name__ == "__main__":
    raise SystemExit(serve_bot(MyBot()))
