"""How fast the ``skipbo`` command starts and replays (issue 22 §4). Prints figures;
asserts nothing (tests/test_cli_startup.py guards the imports that decide them).

Run: ``.venv/bin/python benchmarks/startup.py [--runs N] [--rounds N] [--bytecode]``

``--bytecode`` lets every process keep its compiled bytecode (in a temporary
``PYTHONPYCACHEPREFIX``), as a package installed by pip has it; without it, a
machine that sets ``PYTHONDONTWRITEBYTECODE`` (this project's do) compiles every
imported module of the project from source in every process, which weighs on
start-up (the naive replayer's too).

Start-up: the median wall time of ``skipbo --version``, ``skipbo --help`` and
``skipbo legal`` of one record, each as a whole process, over ``--runs`` runs,
and its ratio to a bare ``python -c pass`` on the same machine (target: --version
within 4x).

Replay: ``skipbo replay`` of ``--rounds`` greedy rounds (2 players, stock 30) as a
whole process (by default shared between the machine's cores; ``--jobs 1``, one
process, is printed too), against a naive reference replayer, also a whole process: the
replayer a library user writes first, with the library's public API and nothing
clever. It imports ``skipbo`` as a whole (bots included, as the command did before
issue 22), decodes each line, and for every move lists the legal moves in
notation, checks that the move is among them and plays it with ``Round.play``
(which checks it again), then compares the result. Target: ``skipbo replay`` at
least 5x faster. Both replayers must accept every round, so the ratio compares
equal work.

Where the time goes (the fastest of a few runs): the CPU time of the bare
interpreter and of ``skipbo replay`` of an empty file (start-up: interpreter,
imports, arguments), then the stages of the replay itself, record by record in
a fresh interpreter (wall time inside it): decoding the
JSON lines, :func:`~skipbo.core.parse_record`, dealing
(:func:`~skipbo.core.start_round`), playing the moves
(:meth:`~skipbo.core.Round.play_while_legal`), checking the stated result and
encoding the output lines.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SKIPBO = [sys.executable, "-m", "skipbo"]


def wall(argv: list[str], runs: int) -> float:
    """The median wall time of ``argv`` as a whole process, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def naive_replay(path: str) -> int:
    """Replay ``path`` the obvious way (see the module's docstring); the number of bad
    records."""
    import skipbo.bots  # noqa: F401 - a user's first replayer imports the whole library
    from skipbo.core import format_move, parse_record, start_round

    bad = 0
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            record = parse_record(json.loads(line))
            state = start_round(record)
            for text in record.moves:
                if text not in [format_move(m) for m in state.legal_moves()]:
                    bad += 1
                    break
                state.play(text)
            else:
                result = state.result.to_dict() if state.result is not None else None
                bad += result is None or result["winner"] != (record.result or {}).get("winner")
            print(json.dumps({"ok": not bad}))
    return bad


def stages(path: str) -> None:
    """Time ``skipbo replay``'s stages on ``path`` in this interpreter, record by
    record as the command goes, and print them as one JSON object of milliseconds
    (run in a child process)."""
    from skipbo.core import start_round
    from skipbo.core.records import ReplayOutcome, _check_result, parse_record

    clock = time.perf_counter
    took = dict.fromkeys(("json", "parse_record", "deal", "moves", "result", "output"), 0.0)
    for line in Path(path).read_bytes().splitlines():
        marks = [clock()]
        data = json.loads(line)
        marks.append(clock())
        record = parse_record(data)
        marks.append(clock())
        state = start_round(record)
        marks.append(clock())
        state.play_while_legal(record.moves)
        marks.append(clock())
        if record.result is not None:
            _check_result(state, record.result)
        marks.append(clock())
        json.dumps(ReplayOutcome(True, state).to_dict())
        marks.append(clock())
        for name, (begin, end) in zip(took, itertools.pairwise(marks), strict=True):
            took[name] += 1000 * (end - begin)
    print(json.dumps(took))


def breakdown(path: Path, empty: Path, runs: int) -> None:
    """Print where ``skipbo replay`` of ``path`` spends its time (see the docstring)."""
    best = {
        "python -c pass": min(cpu([sys.executable, "-c", "pass"]) for _ in range(runs)),
        "start-up": min(cpu([*SKIPBO, "replay", str(empty)]) for _ in range(runs)),
    }
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, __file__, "--stages", str(path)], check=True, capture_output=True
        )
        for name, ms in json.loads(out.stdout).items():
            best[name] = min(best.get(name, ms), ms)
    print(f"where skipbo replay's time goes (ms, the fastest of {runs} processes each):")
    print("  " + ", ".join(f"{name} {ms:.1f}" for name, ms in best.items()))


def cpu(argv: list[str]) -> float:
    """The CPU milliseconds (user + system) of ``argv`` as a whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    user = after.ru_utime - before.ru_utime
    return 1000 * (user + after.ru_stime - before.ru_stime)


def greedy_rounds(path: Path, rounds: int) -> int:
    """Write ``rounds`` greedy rounds to ``path`` with ``skipbo simulate``; their moves."""
    subprocess.run(
        [*SKIPBO, "simulate", "--bots", "greedy", "--games", str(rounds), "--out", str(path)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    with path.open(encoding="utf-8") as lines:
        return sum(len(json.loads(line)["moves"]) for line in lines)


def startup(runs: int, one_record: Path) -> None:
    """Print the start-up times and their ratios to a bare interpreter."""
    bare = wall([sys.executable, "-c", "pass"], runs)
    print(f"python -c pass: {bare * 1000:.1f} ms (median of {runs})")
    for argv in (["--version"], ["--help"], ["legal", str(one_record)]):
        took = wall([*SKIPBO, *argv], runs)
        shown = " ".join(a if a.startswith("-") or a == "legal" else "ONE_RECORD" for a in argv)
        print(f"skipbo {shown}: {took * 1000:.1f} ms = {took / bare:.1f}x python -c pass")


def replay_ratio(path: Path, moves: int, runs: int) -> None:
    """Print both replayers' times on ``path`` and their ratio."""
    rounds = sum(1 for _ in path.open(encoding="utf-8"))
    ours, alone, naive = [], [], []
    for _ in range(runs):  # alternating, so that a busy moment weighs on all three
        ours.append(wall([*SKIPBO, "replay", str(path)], 1))
        alone.append(wall([*SKIPBO, "replay", "--jobs", "1", str(path)], 1))
        naive.append(wall([sys.executable, __file__, "--naive", str(path)], 1))
    mine, one, theirs = (statistics.median(times) for times in (ours, alone, naive))
    print(f"replay {rounds} rounds ({moves:,} moves), whole processes, median of {runs}:")
    print(f"  skipbo replay: {mine:.3f} s ({moves / mine:,.0f} moves/s)")
    print(f"  skipbo replay --jobs 1 (one process): {one:.3f} s = {theirs / one:.1f}x faster")
    print(f"  naive reference replayer: {theirs:.3f} s ({moves / theirs:,.0f} moves/s)")
    print(f"  skipbo replay is {theirs / mine:.1f}x faster")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per start-up figure")
    parser.add_argument("--rounds", type=int, default=600, help="greedy rounds to replay")
    parser.add_argument("--naive", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--stages", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument(
        "--bytecode",
        action="store_true",
        help="let every process cache its compiled bytecode, as an installed package has it"
        " (this project's machines set PYTHONDONTWRITEBYTECODE, so each compiles its source)",
    )
    args = parser.parse_args()
    if args.naive:
        raise SystemExit(1 if naive_replay(args.naive) else 0)
    if args.stages:
        stages(args.stages)
        return
    with tempfile.TemporaryDirectory() as tmp:
        cached = args.bytecode or not os.environ.get("PYTHONDONTWRITEBYTECODE")
        if args.bytecode:  # the first run of each command writes the caches: medians
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
            os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")
        cores = os.cpu_count()
        print(f"python {sys.version.split()[0]}, {cores} cores, bytecode cached: {cached}")
        path = Path(tmp) / "rounds.jsonl"
        moves = greedy_rounds(path, args.rounds)
        one = Path(tmp) / "one.jsonl"
        one.write_text(path.read_text(encoding="utf-8").splitlines()[0] + "\n")
        startup(args.runs, one)
        replay_ratio(path, moves, max(3, args.runs // 5))
        empty = Path(tmp) / "empty.jsonl"
        empty.write_text("\n")
        breakdown(path, empty, max(3, args.runs // 5))


if __name__ == "__main__":
    main()
