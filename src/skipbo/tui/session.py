"""The game behind the screen: one :class:`skipbo.core.Match`, its seats and bots.

No Textual here. The app asks this object what a seat may see (always through
:func:`skipbo.core.player_view`), hands it the moves typed or picked at the
keyboard, and lets it ask the bots for theirs. Every move goes through
:meth:`Match.play`, so the core alone decides what is legal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skipbo.bots import Bot
from skipbo.core import (
    MOVE_INFO,
    NO_CARD,
    Match,
    Move,
    MoveSyntaxError,
    PlayerView,
    Round,
    Rules,
    format_move,
    parse_move,
    player_view,
    record_json,
)
from skipbo.core.moves import SRC_PARTNER_STOCK
from skipbo.sim.players import Seats

from .config import HUMAN, GameConfig
from .texts import Words
from .typed import with_articles


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One move as the "last moves" list shows it."""

    round: int
    seat: int
    move: str
    card: int = NO_CARD
    """The card the move put down (public once played), NO_CARD for ``end``."""


def side_name(rules: Rules, names: Sequence[str], side: int) -> str:
    """A side of a score table: a seat's name, or "A & B" for a team."""
    if not rules.teams:
        return names[side]
    return " & ".join(names[s] for s in rules.team_seats(side))


def moved_card(public: PlayerView, move: Move) -> int:
    """The card ``move`` puts down, read from the public view before the move.

    The notation names a stock or discard pile, not its card; the log shows
    the card too, which every seat could see on the table (rules §10).
    """
    info = MOVE_INFO[move]
    if info.card or info.kind != "play":
        return info.card
    seat: int | None = public.to_move
    if info.source >= SRC_PARTNER_STOCK:
        seat = public.rules.partner(public.to_move)
    assert seat is not None, "a partner's pile in a game without partners"
    pile = info.source % SRC_PARTNER_STOCK
    player = public.players[seat]
    return player.stock_top if pile == 0 else player.discards[pile - 1][-1]


class GameSession:
    """A match between the configured seats, driven one move at a time."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.words = Words(config.lang)
        """The texts of the screens, in the language of ``--lang``."""
        self.record_names = config.names()
        """The seats' names in the records: ``you``, ``Player 2``, ``bot:hard``."""
        self.names = [self.words.name(name) for name in self.record_names]
        """The seats' names on the screen (``vous``, ``Spieler 2``, ``bot:hard``)."""
        self.match = Match(config.rules, config.seed, config.target)
        self.bots: dict[int, Bot] = {}
        self.log: list[LogEntry] = []
        self.save_path = config.save or f"skipbo-{config.seed}.jsonl"
        """Where saving writes: ``--save``, a file named after the seed, or the
        path given after a failed save."""
        self.scores_after: list[list[int]] = []
        """Each finished round's scores of the match, by side, as the round left them."""
        self.bot_notes: list[str] = []
        """Faults of outside bots (``cmd:``), which forfeit their round."""
        self._bot_seats = [seat for seat, kind in enumerate(config.seats) if kind != HUMAN]
        self._seats = Seats(
            [config.seats[s] for s in self._bot_seats], report=self.bot_notes.append
        )
        self._new_bots()

    def _new_bots(self) -> None:
        """Fresh bots for a round, seeded from the match seed, seat and round
        (an outside program keeps its process and gets a new hello)."""
        k = len(self.match.rounds) - 1
        self.bots = {
            seat: self._seats.bot(index, seed=f"{self.config.seed}/{k}/{seat}")
            for index, seat in enumerate(self._bot_seats)
        }

    # ------------------------------------------------------------------ queries

    @property
    def round(self) -> Round:
        """The running (or last) round."""
        return self.match.round

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return len(self.match.rounds)

    @property
    def to_move(self) -> int:
        """The seat to move (the last mover once the round is over)."""
        return self.round.to_move

    def is_human(self, seat: int) -> bool:
        """True for a seat played at the keyboard."""
        return self.config.seats[seat] == HUMAN

    def human_to_move(self) -> bool:
        """True when the running round waits for a person."""
        return not self.round.over and self.is_human(self.to_move)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see now (None: what every spectator sees)."""
        return player_view(self.round, seat)

    def legal_texts(self) -> list[str]:
        """The legal moves of the seat to move, in notation."""
        return [format_move(m) for m in self.round.legal_moves()]

    def why_illegal(self, text: str) -> str | None:
        """The core's reason against the move ``text`` now, None if it is legal."""
        try:
            reason = self.round.why_illegal(parse_move(text))
        except MoveSyntaxError as exc:
            return str(exc)
        return None if reason is None else with_articles(reason)

    def side_name(self, side: int) -> str:
        """A side of the score table: a seat's name, or "A & B" for a team."""
        return side_name(self.config.rules, self.names, side)

    # ------------------------------------------------------------------ changes

    def play_text(self, text: str) -> str | None:
        """Play the move written as ``text`` for the seat to move.

        Returns None when it was played, else the message to show: the syntax
        error, or the core's reason why the move is illegal. Nothing changes
        then (rules §9).
        """
        text = text.strip()
        reason = self.why_illegal(text)
        if reason is not None:
            return reason if reason.startswith("malformed") else f"{text}: {reason}"
        self.play(parse_move(text))
        return None

    def play(self, move: Move) -> None:
        """Apply a legal move through the match (which scores a finished round)."""
        seat, card = self.to_move, moved_card(self.view(None), move)
        self.match.play(move)
        self.log.append(LogEntry(self.round_number, seat, format_move(move), card))

    def bot_choice(self) -> Move:
        """The move the bot to move chooses; may take a while (run it off the UI)."""
        seat = self.to_move
        legal = self.round.legal_moves()
        return self.bots[seat].choose(self.view(seat), legal)

    def hint(self) -> str:
        """The coach's hint for the seat to move: the expert's move, in notation,
        chosen from that seat's view alone (may take a moment: run it off the UI)."""
        from skipbo.coach import hint

        seat = self.to_move
        seed = f"{self.config.seed}/hint/{len(self.round.history)}"
        return format_move(hint(self.view(seat), self.round.legal_moves(), seed))

    def play_bot(self, move: Move) -> None:
        """Apply a bot's move; a move outside the legal list forfeits the round."""
        if move not in self.round.legal_moves():
            self.round.forfeit(self.to_move)
            return
        self.play(move)

    def next_round(self) -> None:
        """Deal the next round of the match, with fresh bots."""
        if self.round.result is not None:
            self._seats.end(self.round)
        self.scores_after.append(list(self.match.scores))
        self.match.next_round()
        self._new_bots()

    # ------------------------------------------------------------------ records

    def records(self) -> list[dict[str, Any]]:
        """Every round so far as a ``skipbo-record/1`` object, the running one too,
        each with where it stands in the match (see :meth:`match_field`)."""
        return [
            record_json(state, self.record_names, {"match": self.match_field(index)})
            for index, state in enumerate(self.match.rounds)
        ]

    def match_field(self, index: int) -> dict[str, Any]:
        """The ``match`` field of round ``index``'s record: the seed, the round's
        number, the target (None: one round decides) and the scores by side (a
        seat, or a team in partnership play) once that round was played."""
        done = self.scores_after
        scores = done[index] if index < len(done) else list(self.match.scores)
        return {
            "seed": self.config.seed,
            "round": index + 1,
            "target": self.config.target,
            "scores": scores,
        }

    def save(self, path: str | Path) -> Path:
        """Write every round so far to ``path``, one record a line (JSON Lines)."""
        target = Path(path)
        lines = (json.dumps(record, separators=(",", ":")) for record in self.records())
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return target

    def save_to(self, path: str) -> str | None:
        """Save to ``path`` and keep it for the next saves; None, or why it failed."""
        try:
            self.save(path)
        except OSError as exc:
            return self.words("save_failed", path=path, why=exc.strerror or exc)
        self.save_path = path
        return None
