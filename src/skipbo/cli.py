"""The ``skipbo`` command line (also ``python -m skipbo``).

``replay``, ``legal`` and ``view`` are the interface other tools drive the
engine through (notation.md, "Command line"): records in as JSON Lines, one
JSON line out per record, exit 0 / 1 / 2. Their output is a contract, so every
problem with the input is reported in that shape or as one line on standard
error, never as a traceback. ``simulate`` lets bots play many rounds, ``bot``
serves a built-in bot over the bot protocol, ``match`` referees protocol bots
on duplicate deals and ``tournament`` rates bots in a round robin. The record
commands live in :mod:`skipbo.record_commands`, the exit codes in
:mod:`skipbo.exit_codes`.

The commands only read files and print; every rule decision is the core's
(:func:`~skipbo.core.replay`, :meth:`~skipbo.core.Round.legal_moves`,
:func:`~skipbo.core.player_view`).

A command imports only what it uses, inside its own functions: ``skipbo
--version`` and ``--help`` load no part of the game, the record commands only the
core, and only the command being run gets its full parser (:func:`build_parser`),
so that a tool calling ``skipbo legal`` once per position does not pay for the
bots' networks, the server or the terminal UI (tests/test_cli_startup.py).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any, NamedTuple, NoReturn, TypeAlias, cast

from skipbo import __version__
from skipbo.exit_codes import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    UsageError,
)

if TYPE_CHECKING:
    from skipbo.core import Rules
    from skipbo.sim import SimConfig, Summary
    from skipbo.sim.referee import MatchConfig, MatchSummary

DEFAULT_DEALS = 10
"""``match`` without ``--deals``."""
DEFAULT_SIM_PLAYERS = 2
"""``simulate`` with a single bot name and no ``--players``."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not usage text plus a line.

    The spec asks for exactly one line on standard error for bad arguments.
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


# --------------------------------------------------------------------- records


def _record_jobs(args: argparse.Namespace) -> int | None:
    if args.jobs is not None and args.jobs < 0:
        raise UsageError(f"--jobs must be 0 (every CPU) or more, not {args.jobs}")
    return cast(int | None, args.jobs)


def _cmd_replay(args: argparse.Namespace) -> int:
    from skipbo.record_commands import render_result, run_records

    return run_records(args.file, render_result, _record_jobs(args))


def _cmd_legal(args: argparse.Namespace) -> int:
    from skipbo.record_commands import render_legal, run_records

    return run_records(args.file, render_legal, _record_jobs(args))


def _cmd_view(args: argparse.Namespace) -> int:
    from skipbo.record_commands import run_records, view_renderer

    return run_records(args.file, view_renderer(args.seat), _record_jobs(args))


# -------------------------------------------------------------------- simulate


def _bot_names(text: str) -> tuple[str, ...]:
    """``--bots`` split at commas; an empty name is a usage error."""
    names = tuple(name.strip() for name in text.split(","))
    if any(not name for name in names):
        raise UsageError(f"--bots {text!r}: a bot name is empty")
    return names


def _seat_bots(names: tuple[str, ...], players: int) -> tuple[str, ...]:
    """One bot per seat: the list repeated around the table, as ``--help`` says.

    Only a list whose length divides the player count is repeated, so that every
    bot gets the same number of seats (``greedy,random`` at four seats is two
    greedy partners against two random ones with ``--teams``).
    """
    if players % len(names):
        raise UsageError(
            f"{len(names)} bots cannot fill {players} seats: give one per seat, or a list"
            " whose length divides the player count (it is repeated around the table)"
        )
    return names * (players // len(names))


def _rules(players: int, args: argparse.Namespace) -> Rules:
    """The table of ``--players``/``--stock``/``--teams``/``--cap``, or a usage error."""
    from skipbo.core import Rules

    try:
        return Rules.make(players, args.stock, args.teams, args.cap)
    except ValueError as exc:
        raise UsageError(f"impossible rules: {exc}") from None


def _sim_config(args: argparse.Namespace) -> SimConfig:
    """Check every simulate argument before any round is played."""
    names = _bot_names(args.bots)
    players = args.players
    if players is None:
        players = len(names) if len(names) > 1 else DEFAULT_SIM_PLAYERS
    rules = _rules(players, args)
    if args.games < 1:
        raise UsageError(f"--rounds must be at least 1, not {args.games}")
    if args.jobs < 0:
        raise UsageError(f"--jobs must be 0 (every CPU) or more, not {args.jobs}")
    from skipbo.sim import SimConfig  # imported here: the record commands should start fast
    from skipbo.sim.pool import resolve_jobs

    jobs = resolve_jobs(args.jobs)
    bots = _seat_bots(names, rules.players)
    try:
        return SimConfig(rules, bots, args.games, args.seed, jobs)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


@contextlib.contextmanager
def _open_out(path: str | None) -> Iterator[IO[str] | None]:
    """The ``--out`` file, opened before the first round so a bad path fails at once."""
    if path is None:
        yield None
        return
    try:
        stream = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with stream:
            yield stream
    except OSError as exc:
        if exc.errno not in _WRITE_ERRORS:
            raise
        raise OSError(f"cannot write {path}: {exc.strerror or exc}") from None


_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS})
"""What writing to an open file can fail with (a full disk, a quota, a file too
large, a device error): said with the file's name, where Python says only the error."""


def _run_simulation(config: SimConfig, out: IO[str] | None) -> Summary:
    """Run it, with a progress bar only for a person watching a terminal."""
    from tqdm import tqdm

    from skipbo.sim.simulate import simulate

    interactive = sys.stderr.isatty()
    with tqdm(
        total=config.games, unit=" rounds", file=sys.stderr, disable=not interactive, leave=False
    ) as bar:
        return simulate(config, out, bar.update)


def _cmd_simulate(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from skipbo.sim.pool import backend_from_args

    config = replace(_sim_config(args), backend=backend_from_args(args))
    with _open_out(args.out) as out:
        summary = _run_simulation(config, out)
    if args.json:
        import json

        print(json.dumps(summary.to_json()))
    else:
        print(summary.to_text())
    return EXIT_OK


# ------------------------------------------------------------------ bot, match


def _cmd_bot(args: argparse.Namespace) -> int:
    """Serve one built-in bot on stdin/stdout until end of input."""
    from skipbo.bots import bot_names
    from skipbo.bots.protocol import bot_factory, parse_budget, serve_bot, takes_budget

    if args.name not in bot_names():
        raise UsageError(f"unknown bot {args.name!r} (known: {', '.join(bot_names())})")
    budget = None
    if args.budget is not None:
        try:
            budget = parse_budget(args.budget)
        except ValueError as exc:
            raise UsageError(f"--budget: {exc}") from None
        if not takes_budget(args.name, budget):
            kind = "iterations" if budget.iterations is not None else "time"
            print(
                f"{PROG} bot: {args.name} takes no {kind} budget; --budget ignored",
                file=sys.stderr,
            )
    # Bytes that are not UTF-8 become a malformed message, not a crash.
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    factory = bot_factory(args.name, budget)
    return serve_bot(
        factory, stdin, sys.stdout, seed=args.seed, stderr=sys.stderr, strict=args.strict
    )


def _deals(args: argparse.Namespace) -> int:
    """``--deals``, or the old ``--games`` (which counted deals here but rounds in
    ``simulate`` and ``tournament``), with a note that it is now ``--deals``."""
    deals: int = args.games
    if args.old_games is not None:
        print(f"{PROG} match: --games is now --deals (it counts deals)", file=sys.stderr)
        deals = args.old_games
    if deals < 1:
        raise UsageError(f"--deals must be at least 1, not {deals}")
    return deals


def _match_config(args: argparse.Namespace) -> MatchConfig:
    """Check every match argument before any bot is started."""
    from skipbo.sim.referee import MAX_TIME_LIMIT, MatchConfig, RefereeError

    bots: list[str] = args.bot
    players = args.players if args.players is not None else len(bots)
    if args.players is None and len(bots) < 2:
        raise UsageError("give a --bot for every seat (at least 2), or --players N with one --bot")
    if len(bots) == 1:
        bots = bots * players
    elif len(bots) != players:
        raise UsageError(
            f"{len(bots)} --bot options for {players} players (give one per seat, or one for all)"
        )
    rules = _rules(players, args)
    deals = _deals(args)
    if not 0 < args.time_limit <= MAX_TIME_LIMIT:  # also refuses nan
        raise UsageError(
            f"--time-limit must be more than 0 and at most {MAX_TIME_LIMIT:g} seconds,"
            f" not {args.time_limit:g}"
        )
    if args.jobs < 0:
        raise UsageError(f"--jobs must be 0 (every CPU) or more, not {args.jobs}")
    from skipbo.sim.pool import resolve_jobs

    try:
        return MatchConfig(
            rules, tuple(bots), deals, args.seed, args.time_limit, jobs=resolve_jobs(args.jobs)
        )
    except RefereeError as exc:
        raise UsageError(str(exc)) from None


def _run_match(config: MatchConfig, out: IO[str] | None) -> MatchSummary:
    """Play the match, with a progress bar only for a person watching a terminal."""
    from tqdm import tqdm

    from skipbo.sim.referee import RefereeError, play_match

    interactive = sys.stderr.isatty()
    with tqdm(
        total=config.rounds, unit=" rounds", file=sys.stderr, disable=not interactive, leave=False
    ) as bar:
        try:
            return play_match(config, out, bar.update)
        except RefereeError as exc:
            raise UsageError(str(exc)) from None


def _cmd_match(args: argparse.Namespace) -> int:
    config = _match_config(args)
    with _open_out(args.out) as out:
        summary = _run_match(config, out)
    import json

    print(json.dumps(summary.to_json()) if args.json else summary.to_text())
    for warning in summary.warnings():
        print(f"{PROG} match: warning: {warning}", file=sys.stderr)
    return EXIT_OK


# ---------------------------------------------------------------------- parser

DESCRIPTION = """\
Skip-Bo, exactly as the printed rules say.

Record commands read game records (skipbo-record/1) as JSON Lines, one record a
line, or one pretty-printed record, from FILE or from standard input ('-'), and
print one JSON line per record.
They exit 0 when every record replays cleanly, 1 when any record is bad or holds an
illegal move (that record's line is {"ok": false, "index": I, "error": "..."}), and
2 for bad arguments or an unreadable file."""

EPILOG = """\
examples:
  skipbo replay games.jsonl
  skipbo legal - < one.jsonl
  skipbo view games.jsonl --seat 1
  skipbo simulate --players 4 --teams --bots greedy,random --rounds 50 --jobs 0
  skipbo bot greedy --seed 7
  skipbo match --bot greedy --bot "python my_bot.py" --deals 10 --out games.jsonl"""


Builder: TypeAlias = Callable[[Any, str], None]
"""Adds one subcommand in full to the subparsers action, given its one-line summary."""


def _known_bots() -> str:
    """The built-in bots' names, for the help of the commands that take a bot."""
    from skipbo.bots import bot_names

    return ", ".join(bot_names())


def _add_record_command(
    commands: Any, name: str, summary: str, details: str
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=f"{summary}\n\n{details}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="JSON Lines of records (or one pretty-printed record), or '-' for stdin",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="processes sharing a file's records; 0 = one per CPU, 1 = this one alone"
        " (default: one per CPU for a file over 512 KB); the output does not depend on it",
    )
    return parser


def _add_replay(commands: Any, summary: str) -> None:
    _add_record_command(
        commands,
        "replay",
        summary,
        'Prints {"ok": true, "result": ...} per record (result null when unfinished).',
    ).set_defaults(run=_cmd_replay)


def _add_legal(commands: Any, summary: str) -> None:
    _add_record_command(
        commands,
        "legal",
        summary,
        'Prints {"to_move": SEAT, "legal": [...]} per record (empty once the round is over).',
    ).set_defaults(run=_cmd_legal)


def _add_view(commands: Any, summary: str) -> None:
    view = _add_record_command(
        commands,
        "view",
        summary,
        "Prints the player view (notation.md) of --seat per record; a seat that a record\n"
        "does not have is a bad argument (exit 2).",
    )
    view.add_argument("--seat", type=int, required=True, metavar="N", help="the seat, from 0")
    view.set_defaults(run=_cmd_view)


def _add_simulate(commands: Any, summary: str) -> None:
    known = _known_bots()
    parser: argparse.ArgumentParser = commands.add_parser(
        "simulate",
        help=summary,
        description=(
            "Let bots play many seeded rounds and print win shares per seat (with 95% "
            "confidence intervals), moves and turns per round, blocked rounds and speed. "
            "Round i is dealt from seed 'SEED/i' with the deal rotating, so a run is the "
            "same on any machine and for any --jobs."
        ),
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"2..6 (default: the number of --bots, or {DEFAULT_SIM_PLAYERS} for one bot)",
    )
    _add_rules_options(parser)
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="A,B,...",
        help=(
            "one bot per seat, or a shorter list, repeated around the table when its length"
            " divides the player count: greedy,random at 4 seats is greedy,random,greedy,random"
            " (with --teams, greedy partners against random ones). A bot is a built-in name"
            f" ({known}) or cmd:COMMAND, a program speaking skipbo-bot/1. Default greedy"
        ),
    )
    parser.add_argument(
        "--rounds",
        "--games",
        dest="games",
        type=int,
        default=100,
        metavar="N",
        help="rounds to play (default 100); --games is the same",
    )
    parser.add_argument("--seed", default="0", metavar="S", help="any text (default 0)")
    parser.add_argument(
        "--out", metavar="FILE", help="write every round's record to FILE as JSON Lines"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="worker processes; 0 = one per CPU (default 1); results do not depend on it",
    )
    from skipbo.sim.pool import add_backend_options

    add_backend_options(parser)
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.set_defaults(run=_cmd_simulate)


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--teams", action="store_true", help="partnership play (4 or 6 players)")
    parser.add_argument(
        "--stock",
        type=int,
        metavar="N",
        help="stock size 1..30 (default 30 with 2-4 players, 20 with 5-6)",
    )
    parser.add_argument(
        "--cap", type=int, metavar="N", help="end a round as a draw after N turns (default none)"
    )


def _add_bot(commands: Any, summary: str) -> None:
    known = _known_bots()
    parser: argparse.ArgumentParser = commands.add_parser(
        "bot",
        help=summary,
        description=(
            "Speak skipbo-bot/1 on standard input and output (docs/protocol.md), so that any "
            "host can play this bot. Each hello starts a round with a fresh bot seeded "
            "'SEED/k' (k counts the rounds). Malformed messages get no answer and one line "
            "on standard error; end of input ends the bot. If the bot fails (raises or picks "
            "an illegal move), the greedy policy's move is answered, marked as a fallback "
            "for the host, or with --strict the round is forfeited."
        ),
    )
    parser.add_argument("name", metavar="NAME", help=f"the bot (known: {known})")
    parser.add_argument("--seed", default="0", metavar="S", help="any text (default 0)")
    parser.add_argument(
        "--budget",
        metavar="B",
        help="thinking budget per decision, e.g. 100ms, 2s or 500it; bots without one ignore it",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="forfeit the round when the bot fails, instead of answering a fallback move",
    )
    parser.set_defaults(run=_cmd_bot)


def _add_match(commands: Any, summary: str) -> None:
    known = _known_bots()
    parser: argparse.ArgumentParser = commands.add_parser(
        "match",
        help=summary,
        description=(
            "Play bots against each other on duplicate deals: deal d (seed 'SEED/d') is "
            "played once per seat rotation, so every bot plays every deal from every seat "
            "and the luck of the cards cancels out. --deals counts deals; the match is "
            "deals x players rounds. A bot that answers an illegal move, malformed JSON or "
            "nothing within the time limit forfeits the round, and the report says what it "
            "sent. Prints win shares per bot with 95% confidence intervals."
        ),
    )
    parser.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="NAME_OR_COMMAND",
        help=(
            f'a built-in bot ({known}) or a command to run, e.g. "cmd:python my_bot.py"; '
            "once per seat, or once for every seat with --players"
        ),
    )
    parser.add_argument(
        "--players", type=int, metavar="N", help="2..6 (default: the number of --bot)"
    )
    _add_rules_options(parser)
    parser.add_argument(
        "--deals",
        dest="games",
        type=int,
        default=DEFAULT_DEALS,
        metavar="N",
        help=f"deals to play, each from every seat rotation (default {DEFAULT_DEALS})",
    )
    parser.add_argument("--games", dest="old_games", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--seed", default="0", metavar="S", help="any text (default 0)")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="time per decision (default 5)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="worker processes, each deal with its own bots; 0 = one per CPU (default 1)",
    )
    parser.add_argument(
        "--out", metavar="FILE", help="write every round's record to FILE as JSON Lines"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.set_defaults(run=_cmd_match)


def _add_tournament(commands: Any, summary: str) -> None:
    from skipbo.sim.tournament import add_tournament_parser

    add_tournament_parser(commands)


def _add_serve(commands: Any, summary: str) -> None:
    from skipbo.server.command import add_serve_parser

    add_serve_parser(commands)


def _add_play(commands: Any, summary: str) -> None:
    from skipbo.tui.command import add_play_parser  # no Textual until the game starts

    add_play_parser(commands)


def _add_analyze(commands: Any, summary: str) -> None:
    from skipbo.coach.command import add_analyze_parser

    add_analyze_parser(commands)


class Command(NamedTuple):
    """One ``skipbo`` subcommand: its line in ``skipbo --help`` and what adds it in full.

    The summary is here so that the top-level help needs no subcommand's module;
    the four subcommands defined in other packages state it there too, and
    tests/test_cli_startup.py checks that both say the same.
    """

    name: str
    summary: str
    add: Builder


COMMANDS: tuple[Command, ...] = (
    Command("replay", "check records: replay every move and the stated result", _add_replay),
    Command("legal", "list the legal moves after each record's moves", _add_legal),
    Command("view", "show what one seat sees after each record's moves", _add_view),
    Command("simulate", "let bots play many rounds and sum them up", _add_simulate),
    Command("bot", "serve a built-in bot over the bot protocol (skipbo-bot/1)", _add_bot),
    Command(
        "match",
        "referee protocol bots (built-in or outside programs) on duplicate deals",
        _add_match,
    ),
    Command("tournament", "round robin between bots: ratings and win shares", _add_tournament),
    Command("serve", "run the game server (play in a browser, with friends and bots)", _add_serve),
    Command(
        "play", "play in the terminal: you against bots, or friends at one keyboard", _add_play
    ),
    Command(
        "analyze",
        "the coach: win chance after each move of a seat and after the suggested move",
        _add_analyze,
    ),
)


def build_parser(only: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The ``skipbo`` argument parser with its subcommands.

    Every subcommand is built in full unless ``only`` names the ones to build: the
    others are then just their line in ``skipbo --help`` (argparse still knows their
    names), and their modules are not imported.
    """
    parser = _Parser(
        prog=PROG,
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        if only is None or command.name in only:
            command.add(commands, command.summary)
        else:
            commands.add_parser(command.name, help=command.summary)
    return parser


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names: its first word that is not an option.

    The top level's own options (``--help``, ``--version``) take no value, so the
    first other word is the command, or a typo that argparse will refuse.
    """
    return next((word for word in argv if not word.startswith("-")), None)


# ------------------------------------------------------------------------ main


def _fail(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _silence_stdout() -> None:
    """After the reader of stdout went away, send the rest to /dev/null.

    Otherwise Python's final flush at exit fails again and prints a warning.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (e.g. under a test)
        pass


def _run(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else argv
    command = chosen_command(words)
    try:
        args, extra = build_parser(only=() if command is None else (command,)).parse_known_args(
            words
        )
    except SystemExit as exc:  # --help and --version exit through argparse
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    if extra:  # argparse's own line points at 'skipbo --help', which lists no options
        raise UsageError(
            f"unrecognized arguments: {' '.join(extra)} (see '{PROG} {args.command} --help')"
        )
    status: int = args.run(args)
    return status


def main(argv: list[str] | None = None) -> int:
    """Run the ``skipbo`` command with ``argv`` (default: the process arguments).

    Returns the exit status. Input problems become one ``skipbo: error:`` line on
    stderr and status 2; Ctrl-C is 130 and a closed output pipe 141, both silent.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()  # a closed pipe must fail here, inside the guard
        return status
    except UsageError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except (ValueError, OSError) as exc:
        return _fail(str(exc) or type(exc).__name__)


QUICK_EXIT = frozenset({"replay", "legal", "view"})
"""Commands after which the process leaves without the interpreter's teardown."""


def command() -> NoReturn:
    """The ``skipbo`` program (its console script, and ``python -m skipbo``): :func:`main`,
    then exit with its status.

    After a record command the process leaves at once (``os._exit``, its output
    flushed): the interpreter's teardown, freeing the core's move tables and every
    module, took about 10 ms, a tenth of a 600-round replay on two cores, and these
    commands hold nothing that needs closing (benchmarks/startup.py). :func:`main`
    itself always returns, for callers in the same process.
    """
    status = main()
    if chosen_command(sys.argv[1:]) in QUICK_EXIT:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(status)
    sys.exit(status)
