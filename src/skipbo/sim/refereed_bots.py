"""The bots a referee seats: outside programs and built-in bots, one interface.

Every bot is driven through :class:`RefereedBot`, with one forfeit rule: an
answer that is not JSON, not ``{"move": ...}``, not a legal move, or that does
not come within the time limit is a :class:`BotFault`, reported with what the
bot sent. Outside programs run as :class:`ProtocolBot` (a subprocess, a reader
thread and a queue for the time limit); built-in names run in this process as
:class:`InProcessBot`, held to the same rules. Bots only ever receive player
views; legal moves come from the core.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from skipbo.bots import Bot, bot_names, make_bot
from skipbo.bots.protocol import PROTOCOL
from skipbo.core import (
    MOVE_COUNT,
    Move,
    MoveSyntaxError,
    PlayerView,
    Rules,
    format_move,
    parse_move,
)

SENT_LIMIT = 200
"""Characters of a bot's answer (or stderr) quoted in a report."""
MAX_LINE = 1 << 20
"""Longest answer line read at once; anything longer is malformed anyway."""
STDERR_LINES = 5
"""Last lines of an outside bot's standard error kept for a report."""
CLOSE_GRACE = 2.0
"""Seconds a bot may take to exit once its input is closed, before it is killed."""
TIME_LIMIT = 5.0
"""Default seconds per decision."""
HELLO_LIMIT = 10.0
"""Default seconds for a hello answer (at least the time limit): it may include a start-up."""
CMD = "cmd:"
"""A bot argument that starts with this is always a command (``cmd:python my_bot.py``)."""


class RefereeError(ValueError):
    """A match that cannot start: a bad bot argument or a command that cannot run."""


ILLEGAL = "illegal move"
"""Fault kinds, for the summaries' "who forfeited how often and why": an answer
that is not a legal move (or not a move at all in the notation), ..."""
MALFORMED = "malformed answer"
"""... an answer that is not UTF-8, not JSON, not of the protocol's shape, or a
line nobody asked for, ..."""
TIMEOUT = "time limit"
"""... no answer within the time limit, ..."""
CRASHED = "crashed"
"""... a program that exited, closed its output or could not be started, ..."""
BOT_ERROR = "bot error"
"""... and a bot that failed by its own account: a built-in bot that raised, or a
program that answered ``{"forfeit": WHY}`` (``serve_bot(..., strict=True)``)."""
FAULT_KINDS = (ILLEGAL, MALFORMED, TIMEOUT, CRASHED, BOT_ERROR)


class BotFault(Exception):
    """A bot broke the protocol: it forfeits the round. ``sent`` is what it sent;
    ``kind`` one of :data:`FAULT_KINDS`."""

    def __init__(
        self, why: str, sent: str | None = None, move: Move | None = None, kind: str = MALFORMED
    ) -> None:
        super().__init__(why)
        self.why = why
        self.sent = sent
        self.move = move
        """The well-formed but illegal move it answered, if that was the fault."""
        self.kind = kind


def clip(text: str, limit: int = SENT_LIMIT) -> str:
    """``text`` without its line end, cut to ``limit`` characters for a report."""
    text = text.rstrip("\r\n")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_move(line: bytes, legal: Sequence[Move]) -> Move:
    """The move in an answer line, or :class:`BotFault` saying what is wrong with it."""
    return read_answer(line, legal)[0]


def read_answer(line: bytes, legal: Sequence[Move]) -> tuple[Move, str | None]:
    """The move in an answer line and, when the bot says it is a fallback (its own
    choice failed and ``serve_bot`` answered for it), why; or :class:`BotFault`.

    A bot may answer ``{"forfeit": WHY}`` to give up the round (``serve_bot`` with
    ``strict=True``): a fault of kind :data:`BOT_ERROR` quoting its reason."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        sent = clip(line.decode("utf-8", "replace"))
        raise BotFault("an answer that is not UTF-8 text", sent) from None
    sent = clip(text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BotFault("malformed JSON", sent) from None
    if isinstance(data, dict) and "move" not in data and "forfeit" in data:
        raise BotFault(f"it forfeits: {clip(str(data['forfeit']))}", sent, kind=BOT_ERROR)
    if not isinstance(data, dict) or "move" not in data:
        raise BotFault('malformed answer: expected {"move": "..."}', sent)
    try:
        move = parse_move(data["move"])
    except MoveSyntaxError:
        why = f"{data['move']!r} is not a move in the notation"
        raise BotFault(why, sent, kind=ILLEGAL) from None
    if move not in legal:
        raise BotFault(f"illegal move {format_move(move)}", sent, move, kind=ILLEGAL)
    return move, fallback_note(data.get("fallback"))


def fallback_note(data: object) -> str | None:
    """Why a move was a fallback, from an answer's ``fallback`` field (None: the bot's own).

    ``serve_bot`` sends ``{"policy": "greedy", "why": "..."}``; any other value
    present still says the move was not the bot's own choice."""
    if data is None or data is False:
        return None
    if isinstance(data, dict):
        policy, why = data.get("policy"), data.get("why")
        text = f"{why}" if why is not None else "no reason given"
        return clip(f"{text}; answered {policy}'s move" if policy else text)
    return clip(str(data))


def read_hello(line: bytes) -> str:
    """The bot's name from its hello answer, or :class:`BotFault`."""
    sent = clip(line.decode("utf-8", "replace"))
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise BotFault("malformed JSON in answer to hello", sent) from None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise BotFault('malformed hello answer: expected {"name": "...", "version": "..."}', sent)
    name: str = data["name"]
    return name


# ------------------------------------------------------------------ the bots


class RefereedBot(Protocol):
    """A bot as the referee drives it; every method but ``end``/``close`` may
    raise :class:`BotFault`."""

    label: str
    """How records and reports name it: ``bot:NAME`` or the command as given."""
    fallback: str | None
    """After :meth:`choose`: why its answer was a fallback move (the program's own
    choice failed and ``serve_bot`` answered for it), None for the bot's own move."""

    def hello(self, seat: int, rules: Rules) -> str:
        """Start a round at ``seat``; returns the name the bot gives."""
        ...

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """A legal move for the position ``view`` shows."""
        ...

    def end(self, result: dict[str, Any]) -> None:
        """Tell the bot how the round ended (no answer, failures ignored)."""
        ...

    def abandon(self) -> None:
        """Drop the bot after a fault; the next ``hello`` starts it afresh."""
        ...

    def close(self) -> None:
        """End the bot for good."""
        ...


class InProcessBot:
    """A built-in bot played in this process, with the protocol's forfeit rules.

    A fresh bot per round, seeded ``f"{seed}/{k}"`` for its ``k``-th round since
    it was (re)started, exactly as ``skipbo bot NAME --seed SEED`` does. An
    exception or an illegal answer forfeits; so does an answer that took longer
    than the time limit (it cannot be interrupted, so this is checked after).
    """

    def __init__(self, name: str, seed: str, time_limit: float) -> None:
        make_bot(name)  # an unknown name fails here, before any round
        self.name = name
        self.label = f"bot:{name}"
        self.seed = seed
        self.time_limit = time_limit
        self.rounds = 0
        self.bot: Bot | None = None
        self.fallback: str | None = None  # a built-in bot that fails forfeits instead

    def hello(self, seat: int, rules: Rules) -> str:
        self.bot = make_bot(self.name, f"{self.seed}/{self.rounds}")
        self.rounds += 1
        return self.bot.name

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        assert self.bot is not None, "hello comes first"
        start = time.perf_counter()
        try:
            move = self.bot.choose(view, tuple(legal))
        except Exception as exc:  # a crashing bot forfeits, like an outside one that exits
            raise BotFault(f"raised {type(exc).__name__}: {exc}", kind=BOT_ERROR) from None
        took = time.perf_counter() - start
        known = isinstance(move, int) and 0 <= move < MOVE_COUNT
        sent = json.dumps({"move": format_move(move) if known else repr(move)})
        if not known:
            raise BotFault(f"{move!r} is not a move id", sent, kind=ILLEGAL)
        if move not in legal:
            raise BotFault(f"illegal move {format_move(move)}", sent, move, kind=ILLEGAL)
        if took > self.time_limit:
            raise BotFault(
                f"answered after {took:.2f} s, over the {self.time_limit:g} s limit",
                sent,
                kind=TIMEOUT,
            )
        return move

    def end(self, result: dict[str, Any]) -> None:
        self.bot = None

    def abandon(self) -> None:
        self.bot = None
        self.rounds = 0

    def close(self) -> None:
        self.bot = None


def _pump(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Reader thread: every line of the bot's output, then None at its end.

    The thread closes the stream itself: closing it from another thread would
    wait for a read that may never end.
    """
    with contextlib.suppress(OSError, ValueError), stream:
        for line in iter(lambda: stream.readline(MAX_LINE), b""):
            lines.put(line)
    lines.put(None)


def _keep_tail(stream: IO[bytes], tail: deque[str]) -> None:
    """Stderr thread: drain it (so the bot never blocks on it) and keep the end."""
    with contextlib.suppress(OSError, ValueError), stream:
        for line in iter(stream.readline, b""):
            tail.append(line.decode("utf-8", "replace").rstrip())


class _Process:
    """One run of an outside bot: the process, its output queue and stderr tail."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.popen = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=os.name == "posix",  # so a kill reaches its children too
        )
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.tail: deque[str] = deque(maxlen=STDERR_LINES)
        try:
            threading.Thread(
                target=_pump, args=(self.popen.stdout, self.lines), daemon=True
            ).start()
            self.stderr_reader = threading.Thread(
                target=_keep_tail, args=(self.popen.stderr, self.tail), daemon=True
            )
            self.stderr_reader.start()
        except BaseException:  # stopped (Ctrl-C) before anyone holds this process: end it
            self.kill()
            raise

    def kill(self) -> None:
        """Kill it (and its process group) now, and collect it."""
        if self.popen.poll() is None:
            with contextlib.suppress(OSError):
                if os.name == "posix":
                    os.killpg(self.popen.pid, signal.SIGKILL)
                else:
                    self.popen.kill()
        self.popen.wait()
        self._close_input()

    def close(self) -> None:
        """End of input; kill it if it has not exited within the grace time."""
        self._close_input()  # a well-behaved bot now exits with status 0
        try:
            self.popen.wait(timeout=CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            self.kill()
        except BaseException:  # stopped while waiting (Ctrl-C): no grace, and no orphan
            self.kill()
            raise

    def _close_input(self) -> None:
        with contextlib.suppress(OSError):
            if self.popen.stdin is not None:
                self.popen.stdin.close()


class ProtocolBot:
    """An outside program speaking ``skipbo-bot/1`` on its stdin/stdout.

    Started before the match and kept for later rounds; after a fault it is
    killed (a late answer would otherwise be read as the next one) and the next
    ``hello`` starts it again. A bot that exits after a round (the protocol
    allows, but does not require, reuse) is started again for the next one.
    """

    def __init__(
        self, argv: Sequence[str], label: str, time_limit: float, hello_limit: float
    ) -> None:
        self.argv = tuple(argv)
        self.label = label
        self.time_limit = time_limit
        self.hello_limit = max(time_limit, hello_limit)
        self.process: _Process | None = None
        self.fallback: str | None = None

    def start(self) -> bool:
        """Start the program unless it is running; True if it was already running.

        Raises :class:`RefereeError` if it cannot be started at all.
        """
        if self.process is not None:
            if self.process.popen.poll() is None:
                return True
            self.process.kill()  # it exited between rounds: collect it, then start afresh
        try:
            self.process = _Process(self.argv)
        except OSError as exc:
            raise RefereeError(f"cannot start bot {self.label!r}: {exc.strerror or exc}") from None
        return False

    def hello(self, seat: int, rules: Rules) -> str:
        try:
            reused = self.start()
            try:
                return self._hello(seat, rules)
            except BotFault:
                assert self.process is not None
                if not reused or self.process.popen.poll() is None:
                    raise
            # It ended after its last round, as the protocol allows: start it again.
            self.abandon()
            self.start()
            return self._hello(seat, rules)
        except RefereeError as exc:
            raise BotFault(str(exc), kind=CRASHED) from None

    def _hello(self, seat: int, rules: Rules) -> str:
        self._send({"type": "hello", "protocol": PROTOCOL, "seat": seat, "rules": rules.to_dict()})
        try:
            line = self._receive(self.hello_limit)
        except BotFault as fault:
            if fault.kind == TIMEOUT:  # the first line a new bot writes: likely never sent
                fault.why += f" ({NO_LINE_HINT})"
            raise
        return read_hello(line)

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        self._send(
            {"type": "move", "view": view.to_dict(), "legal": [format_move(m) for m in legal]}
        )
        self.fallback = None
        move, self.fallback = read_answer(self._receive(self.time_limit), legal)
        return move

    def end(self, result: dict[str, Any]) -> None:
        # A bot that has gone, or said too much, is found out at the next hello.
        with contextlib.suppress(BotFault):
            self._send({"type": "end", "result": result}, check=False)

    def abandon(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process = None

    def close(self) -> None:
        if self.process is not None:
            self.process.close()
            self.process = None

    def _running(self) -> _Process:
        if self.process is None:
            raise BotFault("is not running", kind=CRASHED)
        return self.process

    def _send(self, message: dict[str, Any], check: bool = True) -> None:
        """Send one line; first, if ``check``, make sure the bot said nothing out of turn."""
        process = self._running()
        if check:
            self._check_quiet(process)
        stdin = process.popen.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message).encode() + b"\n")
            stdin.flush()
        except (OSError, ValueError):
            raise self._gone("stopped reading its input") from None

    def _check_quiet(self, process: _Process) -> None:
        """A line waiting before a question is one nobody asked for: a fault."""
        try:
            line = process.lines.get_nowait()
        except queue.Empty:
            return
        if line is None:
            raise self._gone("closed its output")
        raise BotFault("sent a line nobody asked for", clip(line.decode("utf-8", "replace")))

    def _receive(self, limit: float) -> bytes:
        process = self._running()
        try:
            line = process.lines.get(timeout=limit)
        except queue.Empty:
            raise BotFault(f"no answer within {limit:g} s", kind=TIMEOUT) from None
        if line is None:
            raise self._gone("closed its output")
        return line

    def _gone(self, what: str) -> BotFault:
        """The fault of a bot that went away, with its exit status and last stderr."""
        process = self._running()
        try:
            status: int | None = process.popen.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            status = None
        why = what if status is None else f"{what} (exited with status {status})"
        if status is not None:
            process.stderr_reader.join(timeout=1.0)  # its last words may still be in the pipe
        if process.tail:
            why += f"; its stderr ended with: {clip(' | '.join(process.tail))}"
            if any("ModuleNotFoundError" in line for line in process.tail):
                why += f" ({MISSING_MODULE_HINT})"
        return BotFault(why, kind=CRASHED)


NO_LINE_HINT = (
    "no line came back: end every answer with a newline and flush the output after it;"
    " output to a pipe is buffered, unlike output to a terminal"
)
"""Said of a bot that never answered its hello: most often it wrote the answer without a
newline, or left it in its output buffer (a program that answers at once in a
terminal, where output is flushed at each line, says nothing through a pipe)."""


MISSING_MODULE_HINT = (
    "it could not import a module: run it with the Python that has skipbo installed,"
    f" e.g. {sys.executable}"
)
"""Said of an outside bot that died of ``ModuleNotFoundError`` (a ``python`` that is
not the project's: the usual first mistake with ``serve_bot``)."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A ``--bot`` argument: a built-in bot's name, or a command line to run."""

    text: str
    builtin: str | None
    argv: tuple[str, ...]

    @property
    def label(self) -> str:
        """The name records give it (built-ins as ``bot:NAME``, like simulations)."""
        return f"bot:{self.builtin}" if self.builtin is not None else self.text


def resolve_bot(text: str) -> BotSpec:
    """A registered name is built in; anything else is a command (shell-style words),
    with or without the ``cmd:`` prefix that the other commands' bot lists need.

    A command whose first word is ``skipbo`` runs this very installation
    (``python -m skipbo``), so ``"skipbo bot greedy"`` works without a PATH.
    """
    if text in bot_names():
        return BotSpec(text, text, ())
    spec = command_spec(text, text.removeprefix(CMD))
    word = spec.argv[0] if len(spec.argv) == 1 else None
    if not text.startswith(CMD) and word and "/" not in word and shutil.which(word) is None:
        raise RefereeError(unknown_bot(text))  # one word, no program, no path: a misspelt name
    return spec


def unknown_bot(text: str) -> str:
    """The line for a bot that is neither built in nor a program: the built-in names,
    with the nearest one first when ``text`` looks like a typo of it."""
    names = bot_names()
    near = difflib.get_close_matches(text, names, n=1)
    guess = f", did you mean {near[0]!r}?" if near else ""
    return f"unknown bot {text!r}{guess} (known: {', '.join(names)}; or cmd:COMMAND for a program)"


def command_spec(text: str, command: str) -> BotSpec:
    """The spec of ``command`` (given as ``text``); :class:`RefereeError` if it is unusable."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise RefereeError(f"bot {text!r}: {exc}") from None
    if not argv:
        raise RefereeError("a bot argument is empty")
    if argv[0] == "skipbo":
        argv = [sys.executable, "-m", "skipbo", *argv[1:]]
    return BotSpec(text, None, tuple(argv))
