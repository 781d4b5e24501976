"""``skipbo analyze RECORD [--seat N]``: the coach's verdict on every move of a seat.

Prints one JSON line per decision (:meth:`~skipbo.coach.analysis.Assessment.to_json`)
and, when standard output is a terminal, a readable table instead; a progress
bar runs on standard error when that is a terminal. Wired into the ``skipbo`` command by
:func:`add_analyze_parser`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from skipbo.core import Record, parse_record, replay

from .analysis import MARKS, WORLDS, Assessment, Evaluator, analyze, chance_text, decisions


def add_analyze_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``analyze`` to the ``skipbo`` subcommands."""
    thresholds = ", ".join(f"{name} from {drop:g}" for drop, name in reversed(MARKS))
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "analyze",
        help="the coach: win chance after each move of a seat and after the suggested move",
        description=(
            "For every decision of --seat in the record (the first record of the file), "
            "the expert's move and the seat's win chance after the move played and after "
            "the suggested one, estimated from that seat's view only (hidden cards are "
            "sampled, never read; both moves on the same sampled worlds). The suggestion is "
            "the expert's move, or the one played where that is rated at least as well. "
            f"Marks by the drop in percentage points: {thresholds}. Prints "
            "JSON Lines, or a table when standard output is a terminal."
        ),
    )
    parser.add_argument("file", metavar="RECORD", help="a record file (JSON or JSON Lines), or '-'")
    parser.add_argument("--seat", type=int, default=0, metavar="N", help="the seat (default 0)")
    parser.add_argument(
        "--worlds",
        type=int,
        default=WORLDS,
        metavar="K",
        help=f"sampled worlds per play (default {WORLDS})",
    )
    parser.add_argument("--json", action="store_true", help="JSON Lines even on a terminal")
    parser.set_defaults(run=run_analyze_command)
    return parser


def read_record(path: str) -> Record:
    """The first record of ``path`` (``-`` is stdin), replayed to check it.

    Raises ``ValueError`` with a one-line reason for a file that cannot be used."""
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()  # noqa: SIM115
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None
    stripped = text.strip()
    if not stripped:
        raise ValueError(f"{path} holds no record")
    try:
        data = json.loads(stripped)
    except ValueError:  # JSON Lines: the first line
        try:
            data = json.loads(stripped.splitlines()[0])
        except ValueError as exc:
            raise ValueError(f"{path}: the first line is not JSON: {exc}") from None
    record = parse_record(data)
    outcome = replay(record)
    if not outcome.ok:
        where = "" if outcome.index is None else f" at move {outcome.index}"
        raise ValueError(f"the record does not replay{where}: {outcome.error}")
    return record


def run_analyze_command(args: argparse.Namespace) -> int:
    """Analyse, print, return the exit status (0)."""
    from tqdm import tqdm

    record = read_record(args.file)
    players = record.rules.players
    if not 0 <= args.seat < players:
        raise ValueError(f"--seat {args.seat}: the record has seats 0..{players - 1}")
    if args.worlds < 1:
        raise ValueError("--worlds must be at least 1")
    total = sum(1 for _ in decisions(record, args.seat))
    out = sys.stdout
    table = out.isatty() and not args.json
    results: list[Assessment] = []
    interactive = sys.stderr.isatty()
    with tqdm(
        total=total,
        desc="analysing",
        unit="move",
        file=sys.stderr,
        leave=False,
        disable=not interactive,
    ) as bar:
        for item in analyze(
            record, args.seat, evaluator=Evaluator(worlds=args.worlds), progress=bar.update
        ):
            results.append(item)
            if not table:
                out.write(json.dumps(item.to_json()) + "\n")
    if table:
        write_table(results, out)
    return 0


def write_table(results: list[Assessment], out: IO[str]) -> None:
    """The analysis for a person: one row per decision, then the marks counted.

    The two chances are the seat's after the move played and after the suggested
    one (``>99.9`` and ``<0.1`` where one decimal would round to a certainty)."""
    out.write(
        f"{'move':>5} {'turn':>4}  {'played':<8} {'best':<8} "
        f"{'win% played':>11} {'best':>6} {'drop':>5}  mark\n"
    )
    for a in results:
        row = a.to_json()
        out.write(
            f"{row['index']:>5} {row['turn']:>4}  {row['played']:<8} {row['best']:<8} "
            f"{chance_text(a.after_played):>11} {chance_text(a.after_best):>6} "
            f"{row['drop']:>5.1f}  {row['mark'] or ''}\n"
        )
    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    counts = {name: sum(1 for a in results if a.mark == name) for _, name in reversed(MARKS)}
    summary = ", ".join(f"{n} {name if n == 1 else plural[name]}" for name, n in counts.items())
    mean = sum(a.drop for a in results) / len(results) if results else 0.0
    out.write(f"{len(results)} decisions: {summary}; mean drop {mean:.1f} points\n")
