"""The bot side of ``skipbo-bot/1``: any built-in bot as a program on stdin/stdout.

``skipbo bot NAME`` runs :func:`serve_bot`, so that outside hosts can play our
bots and our referee can treat built-in and outside bots alike (notation.md,
"Bot protocol"). One JSON line in, at most one JSON line out, flushed at once:

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

``--budget`` is a thinking budget per decision such as ``100ms``, ``2s`` or
``500it``. It is parsed into a :class:`Budget`; a count of iterations is given
to the bot's constructor as the keyword ``budget=N`` (an int, in the bot's own
unit of work), a time as ``time_budget=SECONDS`` (a float), each only to bots
whose constructor takes that keyword. Other bots ignore it after a note on
standard error, so a host can pass one budget to every bot.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from skipbo import __version__
from skipbo.core import PlayerView, Rules, SkipBoError, format_move, parse_move

from .base import Bot
from .registry import BOTS, make_bot

PROTOCOL = "skipbo-bot/1"
EXIT_OK, EXIT_UNRECOVERABLE = 0, 1

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

    def __init__(self, factory: BotFactory, seed: str) -> None:
        self.factory = factory
        self.seed = seed
        self.rounds = 0
        self.seat: int | None = None
        self.bot: Bot | None = None

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
            rules = Rules.from_json(message.get("rules"))
        except SkipBoError as exc:
            raise _Ignored(f"hello: {exc}") from None
        seat = message.get("seat")
        if not rules.is_seat(seat):
            raise _Ignored(f"hello: seat must be 0..{rules.players - 1}, not {seat!r}")
        self.seat = seat
        self.bot = self.factory(f"{self.seed}/{self.rounds}")
        self.rounds += 1
        return {"name": self.bot.name, "version": __version__}

    def move(self, message: dict[str, Any]) -> dict[str, Any]:
        if self.bot is None:
            raise _Ignored("a move message before any hello")
        view_data, legal_data = message.get("view"), message.get("legal")
        if not isinstance(view_data, dict):
            raise _Ignored("move: view must be an object")
        try:
            view = PlayerView.from_json(view_data)
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
        return {"move": format_move(self.bot.choose(view, legal))}


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
    factory: BotFactory,
    stdin: IO[str],
    stdout: IO[str],
    seed: str = "0",
    stderr: IO[str] | None = None,
) -> int:
    """Speak ``skipbo-bot/1`` on ``stdin``/``stdout`` until end of input.

    Returns the exit status: 0 at end of input, 1 for a hello of another
    protocol. Problems with single messages go to ``stderr`` (if given) as one
    line each and get no answer; see the module docstring for why.
    """
    session = _Session(factory, seed)
    for number, line in enumerate(iter(stdin.readline, ""), 1):
        if not line.strip():
            continue
        try:
            answer = session.handle(_decode(line))
        except _Ignored as exc:
            _note(stderr, f"ignored message {number} ({exc}): {_clip(line)}")
            continue
        except _Fatal as exc:
            _note(stderr, f"message {number}: {exc}")
            return EXIT_UNRECOVERABLE
        if answer is not None:
            stdout.write(json.dumps(answer) + "\n")
            stdout.flush()
    return EXIT_OK


def _note(stderr: IO[str] | None, text: str) -> None:
    if stderr is not None:
        stderr.write(f"skipbo bot: {text}\n")
        stderr.flush()
