"""Bots by spec, for every command that seats bots: built-in names and outside programs.

A spec is a built-in bot's name (``greedy``) or ``cmd:COMMAND``, an outside
program speaking ``skipbo-bot/1`` (docs/protocol.md). ``skipbo simulate``,
``skipbo tournament`` and ``skipbo play`` play bots in their own loops, which ask
a :class:`~skipbo.bots.Bot` for moves; :class:`OutsideBot` is that interface over
the referee's driver of a program (:class:`~skipbo.sim.refereed_bots.ProtocolBot`,
the same one ``skipbo match`` uses, with its time limits and forfeit rules), and
:class:`Seats` keeps one process per seat across rounds, sending each round's
``hello`` at the bot's first decision and its ``end`` when the round is over.

Every bot is labelled by the name it gives: built-in bots by their own, outside
programs by the name they answer to ``hello`` (:func:`bot_label`).
"""

from __future__ import annotations

import functools
import sys
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from skipbo.bots import Bot, bot_names, make_bot
from skipbo.core import Move, PlayerView, Round, Rules
from skipbo.core.determinize import sample_round

from .refereed_bots import (
    CMD,
    HELLO_LIMIT,
    ILLEGAL,
    TIME_LIMIT,
    BotFault,
    BotSpec,
    ProtocolBot,
    RefereeError,
    command_spec,
    unknown_bot,
)

FORFEIT: Move = -1
"""What an outside bot answers after a fault: no legal move, so the loop forfeits it."""

Report = Callable[[str], object]
"""Where an outside bot's faults are reported (one line each)."""


def parse_spec(text: str) -> BotSpec:
    """A built-in bot's name or ``cmd:COMMAND``; ``ValueError`` saying what is known."""
    text = text.strip()
    if text.startswith(CMD):
        try:
            return command_spec(text, text[len(CMD) :])
        except RefereeError as exc:
            raise ValueError(str(exc)) from None
    if text in bot_names():
        return BotSpec(text, text, ())
    raise ValueError(unknown_bot(text))


@functools.cache
def bot_label(text: str) -> str:
    """The name a bot goes by: a built-in's name, or what a program answers to ``hello``.

    A program is started once for this (and the answer remembered), so that a
    command that cannot run fails before any round, with a one-line ``ValueError``.
    """
    spec = parse_spec(text)
    if spec.builtin is not None:
        return spec.builtin
    driver = ProtocolBot(spec.argv, spec.text, TIME_LIMIT, HELLO_LIMIT)
    try:
        return driver.hello(0, Rules.make(2))
    except BotFault as fault:
        raise ValueError(f"bot {spec.text!r} did not answer hello: {fault.why}") from None
    except BaseException:  # Ctrl-C: no grace for a program that ignores end of input
        driver.abandon()
        raise
    finally:
        driver.close()


def check_labels(texts: Sequence[str]) -> list[str]:
    """Every spec's label; ``ValueError`` for a bad spec or a program that cannot run."""
    return [bot_label(text) for text in texts]


def _report_to_stderr(text: str) -> None:
    print(f"skipbo: {text}", file=sys.stderr, flush=True)


class OutsideBot:
    """One round of an outside program, as a :class:`~skipbo.bots.Bot`.

    A fault (an illegal or malformed answer, no answer in time, the program gone)
    is reported, kept in :attr:`fault` and answered with :data:`FORFEIT`, which
    no loop accepts as legal: the round is forfeited, as ``skipbo match`` would.
    The program is then stopped, and started afresh by the next round's ``hello``.
    Moves that the program's ``serve_bot`` answered for it (its own choice having
    failed) are counted in :attr:`fallbacks`; the first of a round is reported.
    """

    def __init__(self, driver: ProtocolBot, label: str, report: Report) -> None:
        self.driver = driver
        self.name = label
        self.report = report
        self.greeted = False
        self.failed = False
        self.fault: BotFault | None = None
        """Why the program forfeited this round, if it did."""
        self.fallbacks = 0
        """Fallback moves this round (see the class docstring)."""

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The program's move; :data:`FORFEIT` after a fault."""
        if self.failed or view.seat is None:
            return FORFEIT
        try:
            if not self.greeted:
                self.name = self.driver.hello(view.seat, view.rules)
                self.greeted = True
            move = self.driver.choose(view, legal)
        except BotFault as fault:
            self.failed = True
            self.fault = fault
            if fault.move is not None:  # the core's reason, as skipbo match gives it
                fault.why += f" ({why_illegal_in_view(view, fault.move)})"
            self.driver.abandon()
            self.report(f"bot {self.driver.label!r} forfeits a round: {forfeit_why(self)}")
            return FORFEIT
        if self.driver.fallback is not None:
            self.fallbacks += 1
            if self.fallbacks == 1:
                self.report(
                    f"bot {self.driver.label!r} answered a fallback move (counted;"
                    f" the first of the round said): {self.driver.fallback}"
                )
        return move

    def end(self, result: dict[str, Any]) -> None:
        """Tell the program the round is over (it then waits for the next hello)."""
        if self.greeted and not self.failed:
            self.driver.end(result)


def why_illegal_in_view(view: PlayerView, move: Move) -> str:
    """Why ``move`` is not legal for the seat of ``view``, in the core's words.

    The reasons read only what that seat sees (its hand, its stock top and discard
    piles, the build piles), so any round that looks like ``view`` from that seat
    answers as the true one would: a sampled one does."""
    return sample_round(view, 0).why_illegal(move) or "not legal now"


def forfeit_why(bot: Bot | None) -> str:
    """Why ``bot`` forfeited its round, in words: a program's fault and what it sent."""
    fault = getattr(bot, "fault", None)
    if not isinstance(fault, BotFault):
        return "it answered a move that is not legal"
    return fault.why if fault.sent is None else f"{fault.why}; it sent: {fault.sent}"


@dataclass(slots=True)
class RoundNotes:
    """What the bots of one finished round did besides their moves, by spec index."""

    forfeit: tuple[int, str] | None = None
    """The index of the bot that forfeited and its fault's kind, if one did."""
    fallbacks: dict[int, int] = field(default_factory=dict)
    """Fallback moves answered for each program (only those with any)."""


class Seats:
    """The bots of a table, round after round, from one spec per index.

    Built-in bots are made fresh for each round; an outside program keeps its
    process for every round of its index (closed by :meth:`close`, or when the
    object is collected).
    """

    def __init__(
        self,
        texts: Sequence[str],
        time_limit: float = TIME_LIMIT,
        report: Report = _report_to_stderr,
    ) -> None:
        self.specs = [parse_spec(text) for text in texts]
        self.time_limit = time_limit
        self.report = report
        self.drivers: dict[int, ProtocolBot] = {}
        self._playing: dict[int, OutsideBot] = {}
        self.notes = RoundNotes()
        """What the last round that :meth:`end` closed noted (forfeit, fallbacks)."""
        weakref.finalize(self, _close_all, self.drivers)

    def bot(self, index: int, seed: str) -> Bot:
        """A bot for a new round from spec ``index`` (a fresh built-in, or the program)."""
        spec = self.specs[index]
        if spec.builtin is not None:
            return make_bot(spec.builtin, seed)
        driver = self.drivers.get(index)
        if driver is None:
            limit = self.time_limit
            driver = self.drivers[index] = ProtocolBot(
                spec.argv, spec.text, limit, max(limit, HELLO_LIMIT)
            )
        # Named by its command until its hello answers (no second start just for a name).
        bot = self._playing[index] = OutsideBot(driver, spec.text, self.report)
        return bot

    def end(self, state: Round, order: Sequence[int] | None = None) -> RoundNotes:
        """Send the finished round's result to the programs that played it; what
        they did besides their moves (also kept in :attr:`notes`).

        A program that forfeited knows it (its fault); otherwise the forfeiting
        seat's bot was a built-in one that answered an illegal move, found at
        ``order[seat]``, the spec index at each seat (default: index = seat)."""
        result = state.result
        assert result is not None, "only a finished round ends"
        notes = RoundNotes()
        if result.forfeited is not None:
            failed = [(i, bot.fault.kind) for i, bot in self._playing.items() if bot.fault]
            seat = result.forfeited
            notes.forfeit = (
                failed[0] if failed else (seat if order is None else order[seat], ILLEGAL)
            )
        for index, bot in self._playing.items():
            bot.end(result.to_dict())
            if bot.fallbacks:
                notes.fallbacks[index] = bot.fallbacks
        self._playing.clear()
        self.notes = notes
        return notes

    def close(self) -> None:
        """End every program (each gets end of input, then a grace time)."""
        _close_all(self.drivers)

    def __enter__(self) -> Seats:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is not None:  # stopped (Ctrl-C, an error): no grace for programs thinking
            for driver in self.drivers.values():
                driver.abandon()
        self.close()


def _close_all(drivers: dict[int, ProtocolBot]) -> None:
    for driver in drivers.values():
        driver.close()
    drivers.clear()
