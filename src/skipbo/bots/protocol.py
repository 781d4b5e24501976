"""The bot side of ``skipbo-bot/1``: any built-in bot as a program on stdin/stdout.

``skipbo bot NAME`` runs :func:`serve_bot`, so that outside hosts can play our
bots and our referee can treat built-in and outside bots alike (notation.md,
"Bot protocol"); ``serve_bot(MyBot())`` does the same for a bot of one's own
(docs/protocol.md). One JSON line in, at most one JSON line out, flushed at once:

- ``hello`` starts a round: the bot checks the protocol tag, remembers its seat
  and makes a *fresh* bot seeded ``f"{seed}/{k}"`` (``k`` counts the hellos of
  this process from 0), so a process that plays many rounds behaves exactly as
  if each round had its own process, and a run is a function of ``--seed``.
  It answers ``{"name": ..., "version": ...}``.
- ``move`` gets the view and the legal moves and answers ``{"move": "S-B1"}``.
  The bot only ever sees the :class:`~skipbo.core.PlayerView` rebuilt from the
  message, which is all a remote bot could have.
- ``end`` is answered with nothing; end of input ends the program (status 0).

Malformed host input (not JSON, not an object, an unknown ``type``, a ``move``
before any ``hello``, a view or legal list that does not parse) gets **no
answer** and one line on standard error, and the bot goes on reading. Standard
output is the host's channel, so an error there would look like a (malformed)
answer; silence lets the host's own time limit decide, and keeps one bad line
from ending a process that may serve many more rounds. The one unrecoverable
case is a ``hello`` for another protocol version: the bot cannot know what the
host will send, so it says so on standard error and exits with status 1.

A bot never dies of its own failure: if ``choose`` raises, or answers a move
that is not legal, the error goes to standard error as one line and the move of
the fallback policy, :data:`FALLBACK_POLICY` (``greedy``,
:class:`~skipbo.bots.greedy.GreedyBot`: simple, fast, no search), is answered
instead, with an added ``fallback`` field that tells the host so (the policy,
why, and the count of fallback moves this round): a host may count those moves
as not the bot's own, and ``skipbo match`` prints them. A crash would lose every
round the process was still to serve, and a legal move keeps the game going.
With ``strict=True`` (``skipbo bot NAME --strict``) the bot instead answers
``{"forfeit": WHY}``, which no host takes for a move: the round is lost, as a
tournament that wants only the bot's own moves requires.

``--budget`` is a thinking budget per decision such as ``100ms``, ``2s`` or
``500it``. It is parsed into a :class:`Budget`; a count of iterations is given
to the bot's constructor as the keyword ``budget=N`` (an int, in the bot's own
unit of work), a time as ``time_budget=SECONDS`` (a float), each only to bots
whose constructor takes that keyword. Other bots ignore it after a note on
standard error, so a host can pass one budget to every bot.
"""

from __future__ import annotations

import inspect
import io
import json
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any, cast

from skipbo import __version__
from skipbo.core import Move, PlayerView, Rules, SkipBoError, format_move, parse_move

from .base import Bot
from .greedy import GreedyBot
from .registry import BOTS, make_bot

PROTOCOL = "skipbo-bot/1"
EXIT_OK, EXIT_UNRECOVERABLE = 0, 1
FALLBACK_POLICY = GreedyBot.name
"""The bot whose move ``serve_bot`` answers when the served bot fails (``greedy``)."""

BotFactory = Callable[[str], Bot]
"""Makes a fresh bot from a seed (one per round)."""

_BUDGET = re.compile(r"(\d+(?:\.\d+)?)(ms|s|it)")


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think per decision: a time or a number of iterations."""

    seconds: float | None = None
    iterations: int | None = None

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.iterations}it"
        return f"{self.seconds:g}s"


def parse_budget(text: str) -> Budget:
    """``"100ms"``, ``"2s"`` or ``"500it"`` as a :class:`Budget`; ``ValueError`` otherwise."""
    match = _BUDGET.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"budget {text!r} must be a number and ms, s or it (e.g. 100ms, 500it)")
    amount, unit = float(match[1]), match[2]
    if amount <= 0:
        raise ValueError(f"budget {text!r} must be more than zero")
    if unit == "it":
        if not amount.is_integer():
            raise ValueError(f"budget {text!r}: iterations must be a whole number")
        return Budget(iterations=int(amount))
    return Budget(seconds=amount / 1000 if unit == "ms" else amount)


def _budget_keyword(name: str, budget: Budget) -> dict[str, Any]:
    """The keyword that carries ``budget`` to bot ``name``, or none if it takes none.

    A count of iterations goes as ``budget=N`` (an int: the bot's own unit of
    work, e.g. the planning bot's search nodes); a time as ``time_budget=SECONDS``.
    """
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}")
    key = "budget" if budget.iterations is not None else "time_budget"
    try:
        accepted = key in inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a factory without a signature takes no budget
        accepted = False
    if not accepted:
        return {}
    return {key: budget.iterations if budget.iterations is not None else budget.seconds}


def takes_budget(name: str, budget: Budget) -> bool:
    """True when the built-in bot ``name`` accepts this kind of budget."""
    return bool(_budget_keyword(name, budget))


def bot_factory(name: str, budget: Budget | None = None) -> BotFactory:
    """A factory of fresh ``name`` bots, given ``budget`` if that bot takes one.

    Raises ``ValueError`` for an unknown name, before anything is served.
    """
    make_bot(name)  # fails early, with the list of known names
    keywords = {} if budget is None else _budget_keyword(name, budget)
    if keywords:
        factory: Callable[..., Bot] = BOTS[name]
        return lambda seed: factory(seed, **keywords)
    return lambda seed: make_bot(name, seed)


class _Ignored(Exception):
    """A host message that gets no answer (reported on stderr)."""


class _Fatal(Exception):
    """A host message after which the bot cannot go on."""


class _Session:
    """The state of one bot process between messages: the round's seat and bot."""

    def __init__(
        self, factory: BotFactory, seed: str, note: Callable[[str], None], strict: bool = False
    ) -> None:
        self.factory = factory
        self.seed = seed
        self.note = note
        self.strict = strict
        self.rounds = 0
        self.seat: int | None = None
        self.bot: Bot | None = None
        self.fallbacks = 0
        """Fallback moves answered in this round."""

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one message, or None when the protocol wants none."""
        kind = message.get("type")
        if kind == "hello":
            return self.hello(message)
        if kind == "move":
            return self.move(message)
        if kind == "end":
            self.bot = None
            return None
        raise _Ignored(f"unknown message type {kind!r}")

    def hello(self, message: dict[str, Any]) -> dict[str, Any]:
        protocol = message.get("protocol")
        if protocol != PROTOCOL:
            raise _Fatal(f"host speaks {protocol!r}; this bot speaks only {PROTOCOL!r}")
        try:
            rules = Rules.from_dict(message.get("rules"))
        except SkipBoError as exc:
            raise _Ignored(f"hello: {exc}") from None
        seat = message.get("seat")
        if not rules.is_seat(seat):
            raise _Ignored(f"hello: seat must be 0..{rules.players - 1}, not {seat!r}")
        self.seat = seat
        self.fallbacks = 0
        self.bot = self.factory(f"{self.seed}/{self.rounds}")
        self.rounds += 1
        return {"name": self.bot.name, "version": str(getattr(self.bot, "version", __version__))}

    def move(self, message: dict[str, Any]) -> dict[str, Any]:
        if self.bot is None:
            raise _Ignored("a move message before any hello")
        view_data, legal_data = message.get("view"), message.get("legal")
        if not isinstance(view_data, dict):
            raise _Ignored("move: view must be an object")
        try:
            view = PlayerView.from_dict(view_data)
        except SkipBoError as exc:
            raise _Ignored(f"move: {exc}") from None
        if view.seat != self.seat:
            raise _Ignored(f"move: the view is of seat {view.seat!r}, hello gave seat {self.seat}")
        if not isinstance(legal_data, list) or not legal_data:
            raise _Ignored("move: legal must be a non-empty list of moves")
        try:
            legal = [parse_move(text) for text in legal_data]
        except SkipBoError as exc:
            raise _Ignored(f"move: legal: {exc}") from None
        return self.decide(view, legal)

    def decide(self, view: PlayerView, legal: Sequence[Move]) -> dict[str, Any]:
        """The answer: the bot's move; if the bot fails (logged), the fallback
        policy's move marked as such, or with ``strict`` a forfeit."""
        assert self.bot is not None
        try:
            move = self.bot.choose(view, legal)
            if move in legal:
                return {"move": format_move(move)}
            problem = f"it chose {move!r}, not one of the legal moves"
        except Exception as exc:
            problem = _describe(exc)
        error = f"internal error in bot {self.bot.name!r} ({problem})"
        if self.strict:
            self.note(f"{error}; it forfeits the round (strict)")
            return {"forfeit": problem}
        self.fallbacks += 1
        self.note(f"{error}; answering the {FALLBACK_POLICY} policy's move")
        move = fallback_move(view, legal, f"{self.seed}/{self.rounds}")
        fallback = {"policy": FALLBACK_POLICY, "why": problem, "count": self.fallbacks}
        return {"move": format_move(move), "fallback": fallback}


def fallback_move(view: PlayerView, legal: Sequence[Move], seed: str) -> Move:
    """The fallback policy's move (:data:`FALLBACK_POLICY`), or the first legal move
    should even that fail."""
    try:
        move = GreedyBot(seed).choose(view, legal)
    except Exception:
        return legal[0]
    return move if move in legal else legal[0]


def _describe(exc: BaseException) -> str:
    """``Type: message at file:line`` of the innermost frame, on one line."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}".replace("\n", " ")


def _decode(line: str) -> dict[str, Any]:
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise _Ignored(f"not JSON: {exc}") from None
    if not isinstance(message, dict):
        raise _Ignored("a message must be a JSON object")
    return message


def _clip(text: str, limit: int = 200) -> str:
    text = text.rstrip("\n")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def serve_bot(
    bot: Bot | BotFactory,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    seed: str = "0",
    stderr: IO[str] | None = None,
    *,
    strict: bool = False,
) -> int:
    """Speak ``skipbo-bot/1`` on ``stdin``/``stdout``, with notes on ``stderr``
    (the process's own streams when not given), until end of input.

    ``bot`` is a :class:`~skipbo.bots.Bot`, which then plays every round, or a
    factory that makes a fresh bot for each round from a seed (``f"{seed}/{k}"``
    for the ``k``-th round). Returns the exit status: 0 at end of input, 1 for a
    hello of another protocol. Problems with single messages go to ``stderr``
    as one line each and get no answer; a bot that fails gets the fallback
    policy's move answered for it, marked with a ``fallback`` field, or with
    ``strict`` a ``{"forfeit": WHY}`` answer that loses the round (see the module
    docstring for why).
    """
    factory = _as_factory(bot)
    if stdin is None:  # bytes that are not UTF-8 become a malformed message, not a crash
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    out = sys.stdout if stdout is None else stdout
    errors = sys.stderr if stderr is None else stderr
    session = _Session(factory, seed, lambda text: _note(errors, text), strict)
    for number, line in enumerate(iter(stdin.readline, ""), 1):
        if not line.strip():
            continue
        try:
            answer = session.handle(_decode(line))
        except _Ignored as exc:
            _note(errors, f"ignored message {number} ({exc}): {_clip(line)}")
            continue
        except _Fatal as exc:
            _note(errors, f"message {number}: {exc}")
            return EXIT_UNRECOVERABLE
        except Exception as exc:  # never die of an internal error: say so, go on reading
            _note(errors, f"internal error at message {number} ({_describe(exc)}): {_clip(line)}")
            continue
        if answer is not None:
            out.write(json.dumps(answer) + "\n")
            out.flush()
    return EXIT_OK


def _as_factory(bot: Bot | BotFactory) -> BotFactory:
    """A bot instance serves every round itself; a factory makes one per round."""
    if isinstance(bot, type):
        raise TypeError(f"serve_bot takes a bot, {bot.__name__}(), not the class itself")
    if hasattr(bot, "choose"):
        instance = cast(Bot, bot)
        return lambda seed: instance
    return bot


def _note(stderr: IO[str], text: str) -> None:
    stderr.write(f"skipbo bot: {text}\n")
    stderr.flush()
