"""The record commands (``skipbo replay``, ``legal`` and ``view``): records in, one JSON line
out per record, on one core or, for a large file, on several.

Their output is a contract (notation.md, "Command line"), so every problem with the
input is reported in that shape or as one line on standard error (a
:class:`~skipbo.exit_codes.UsageError`), never as a traceback; every rule decision is
the core's (:func:`~skipbo.core.replay`, :meth:`~skipbo.core.Round.legal_moves`,
:func:`~skipbo.core.player_view`). Only the core is imported, and only when a
command runs, so that a tool calling ``skipbo legal`` once per position pays for
nothing else (tests/test_cli_startup.py).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, TypeAlias

from skipbo.exit_codes import (
    EXIT_INTERRUPTED,
    EXIT_NOT_OK,
    EXIT_OK,
    EXIT_SOFTWARE,
    EXIT_USAGE,
    PROG,
    UsageError,
)

if TYPE_CHECKING:
    from skipbo.core import ReplayOutcome, Round
    from skipbo.records_io import RecordItem

Render: TypeAlias = "Callable[[int, ReplayOutcome], dict[str, Any]]"
"""What a record command prints for a record that replayed cleanly, given the
record's line number and the replay's outcome."""


@contextlib.contextmanager
def _open_records(path: str) -> Iterator[IO[bytes]]:
    """The records file as bytes (``-`` is standard input, left open afterwards).

    Bytes, so that a line that is not UTF-8 is one bad record, not a crash.
    """
    if path == "-":
        yield sys.stdin.buffer
        return
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed below; opening errors are usage errors
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    with stream:
        yield stream


def _bad(error: str) -> ReplayOutcome:
    """The outcome of a line that is not a record at all (``index`` null)."""
    from skipbo.core import ReplayOutcome

    return ReplayOutcome(ok=False, state=None, index=None, error=error)


def _replay_item(item: RecordItem) -> ReplayOutcome:
    """Replay one decoded record; the core decides everything after JSON decoding."""
    from skipbo.core import replay
    from skipbo.records_io import parse_item

    if item.error is not None:
        return _bad(item.error)
    try:
        return replay(parse_item(item))
    except ValueError as exc:  # BadRecordError and anything else the core refuses
        return _bad(str(exc))


def run_records(path: str, render: Render, jobs: int | None = None) -> int:
    """Replay every record of ``path`` and print one JSON line each; the exit status.

    JSON Lines, or one pretty-printed record (:func:`skipbo.records_io.scan_records`);
    a file that is neither is one error line (exit 2), not one bad record a line.
    A large file of JSON Lines is shared between the machine's cores, or ``jobs``
    processes (:func:`run_forked`); the output is the same, in the same order.
    """
    from skipbo.records_io import RecordFileError, scan_records

    name = "standard input" if path == "-" else path
    forked = run_forked(path, render, jobs)
    if forked is not None:
        return forked
    status = EXIT_OK
    records = 0
    with _open_records(path) as stream:
        try:
            for item in scan_records(stream):
                records += 1
                status = max(status, _print_outcome(item, render, sys.stdout.write))
        except RecordFileError as exc:
            raise UsageError(f"{name}: {exc}") from None
    if not records:  # not an error: nothing was wrong, but silence would puzzle
        print(f"{PROG}: {name} holds no record", file=sys.stderr)
    return status


def _print_outcome(item: RecordItem, render: Render, write: Callable[[str], object]) -> int:
    """Replay one record, write its line; EXIT_OK or EXIT_NOT_OK."""
    import json

    outcome = _replay_item(item)
    if outcome.ok:
        write(json.dumps(render(item.line, outcome)) + "\n")
        return EXIT_OK
    write(json.dumps(outcome.to_dict()) + "\n")
    return EXIT_NOT_OK


# ------------------------------------------------------- records on several cores

FORK_BYTES = 256 * 1024
"""A file of records at least this large is shared between processes (each share at
least this large): below it, starting a process costs more than it saves."""
FORK_MAX = 8
"""Processes at most (the command's own included)."""


def run_forked(path: str, render: Render, jobs: int | None = None) -> int | None:
    """The record command on several cores, or None where that does not pay or apply.

    Only a file (not standard input) of JSON Lines (its first record a line of JSON),
    on a system that can fork. ``jobs`` None: one process per core this process may
    use, for a file large enough (:data:`FORK_BYTES` a share); 0: one per core, any
    size; N: N processes (at most one per line); 1: this process alone.
    The file is cut at line ends into shares; each other process (forked after the
    core was imported, so it starts at once) replays its share into a pipe, this one
    replays the first and then copies the others' lines out in file order. A usage
    error in a share (``view --seat`` past a record's seats) stops the command at that
    record, after the lines before it, as it does in one process.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    wanted = jobs or cores
    if path == "-" or not hasattr(os, "fork") or wanted < 2:
        return None
    try:
        if jobs is None and os.path.getsize(path) < 2 * FORK_BYTES:
            return None
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError:
        return None  # the usual path says what is wrong with the file
    if jobs is None:
        wanted = min(wanted, FORK_MAX, len(data) // FORK_BYTES)
    shares = line_shares(data, wanted)
    if shares is None:
        return None
    sys.stdout.flush()  # nothing buffered may be written twice
    children = [_fork_share(data, start, end, first, render) for start, end, first in shares[1:]]
    try:
        start, end, first = shares[0]
        status = _replay_share(data, start, end, first, render, sys.stdout.write)
        while children:
            pid, reader = children.pop(0)
            with reader:
                status = max(status, _copy_share(pid, reader))
        return status
    finally:
        for pid, reader in children:  # the ones not collected: stopped, then collected
            _end_child(pid, reader)


def line_shares(data: bytes, count: int) -> list[tuple[int, int, int]] | None:
    """``data`` cut at line ends into about ``count`` shares: (start, end, the line
    number of start); None unless its first non-blank line is JSON on its own (JSON
    Lines: a pretty-printed record is read whole, by the usual path)."""
    from skipbo.records_io import decode_line

    begin = len(data) - len(data.lstrip())
    first_line = data[begin : data.find(b"\n", begin) + 1 or len(data)]
    if count < 2 or decode_line(first_line, 1).error is not None:
        return None
    shares, start, line = [], 0, 1
    for index in range(1, count + 1):
        end = len(data) if index == count else data.find(b"\n", len(data) * index // count) + 1
        if end <= start:
            continue
        shares.append((start, end, line))
        line += data.count(b"\n", start, end)
        start = end
    return shares


def _replay_share(
    data: bytes, start: int, end: int, first: int, render: Render, write: Callable[[str], object]
) -> int:
    """Replay the lines of ``data[start:end]`` (numbered from ``first``) as JSON Lines,
    each line as a file yields it (its ``\\n`` kept), so every message is the usual."""
    from skipbo.records_io import decode_line

    status = EXIT_OK
    for number, raw in enumerate(io.BytesIO(data[start:end]), first):
        if raw.strip():
            status = max(status, _print_outcome(decode_line(raw, number), render, write))
    return status


STOPPED = b"\0"
"""What a share's output ends with, before the message, when a usage error stopped it."""


def _fork_share(
    data: bytes, start: int, end: int, first: int, render: Render
) -> tuple[int, IO[bytes]]:
    """A process replaying one share into a pipe: (its pid, the pipe's reading end).

    It writes its lines (then :data:`STOPPED` and the message of a usage error) and
    leaves with its status, never running this process's exit handlers.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write_end)
        return pid, os.fdopen(read_end, "rb")
    code = EXIT_INTERRUPTED
    try:
        os.close(read_end)
        lines: list[str] = []
        try:
            code = _replay_share(data, start, end, first, render, lines.append)
        except UsageError as exc:
            lines.append(STOPPED.decode() + str(exc))
            code = EXIT_USAGE
        with os.fdopen(write_end, "wb") as out:
            out.write("".join(lines).encode())
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    except BaseException:  # a bug: shown, and the command stops with one line
        import traceback

        traceback.print_exc()
        code = EXIT_SOFTWARE
    finally:
        os._exit(code)


def _copy_share(pid: int, reader: IO[bytes]) -> int:
    """Write a share's lines to standard output and collect its process; its status (a
    usage error raised)."""
    output = reader.read()
    _, wait_status = os.waitpid(pid, 0)
    lines, stopped, message = output.partition(STOPPED)
    sys.stdout.write(lines.decode())
    if stopped:
        raise UsageError(message.decode())
    code = os.waitstatus_to_exitcode(wait_status)
    if code in (EXIT_OK, EXIT_NOT_OK):
        return code
    if code in (EXIT_INTERRUPTED, -2):  # Ctrl-C reached it (SIGINT): as if stopped here
        raise KeyboardInterrupt
    raise UsageError(f"a share of the file was not replayed (its process ended with {code})")


def _end_child(pid: int, reader: IO[bytes]) -> None:
    """Stop a share's process that was not collected yet, and collect it (never a
    collected one: its pid may belong to another process by now)."""
    reader.close()
    with contextlib.suppress(ProcessLookupError, ChildProcessError):
        os.kill(pid, 9)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def _final(outcome: ReplayOutcome) -> Round:
    """The round after a clean replay's moves (a clean outcome always has one)."""
    assert outcome.state is not None
    return outcome.state


def render_result(number: int, outcome: ReplayOutcome) -> dict[str, Any]:
    """``replay``: the core's own line, so the CLI cannot drift from the spec."""
    return outcome.to_dict()


def render_legal(number: int, outcome: ReplayOutcome) -> dict[str, Any]:
    """``legal``: the seat to move and its legal moves in notation."""
    from skipbo.core import format_move

    state = _final(outcome)
    return {"to_move": state.to_move, "legal": [format_move(m) for m in state.legal_moves()]}


def view_renderer(seat: int) -> Render:
    """``view``: records may differ in size, so the seat is checked per record."""

    from skipbo.core import player_view

    def render(number: int, outcome: ReplayOutcome) -> dict[str, Any]:
        state = _final(outcome)
        players = state.rules.players
        if not 0 <= seat < players:
            raise UsageError(
                f"--seat {seat}: the record on line {number} has seats 0..{players - 1}"
            )
        return player_view(state, seat).to_dict()

    return render
