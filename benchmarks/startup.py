"""How fast the ``skipbo`` command starts and replays (issue 22 §4). Prints figures;
asserts nothing (tests/test_cli_startup.py guards the imports that decide them).

Run: ``.venv/bin/python benchmarks/startup.py [--runs N] [--rounds N]``

Start-up: the median wall time of ``skipbo --version``, ``skipbo --help`` and
``skipbo legal`` of one record, each as a whole process, over ``--runs`` runs,
and its ratio to a bare ``python -c pass`` on the same machine (target: --version
within 4x).

Replay: ``skipbo replay`` of ``--rounds`` greedy rounds (2 players, stock 30) as a
whole process, against a naive reference replayer, also a whole process: the
replayer a library user writes first, with the library's public API and nothing
clever. It imports ``skipbo`` as a whole (bots included, as the command did before
issue 22), decodes each line, and for every move lists the legal moves in
notation, checks that the move is among them and plays it with ``Round.play``
(which checks it again), then compares the result. Target: ``skipbo replay`` at
least 5x faster. Both replayers must accept every round, so the ratio compares
equal work.
"""

from __future__ import annotations

import argparse
import json
import os
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
    ours = wall([*SKIPBO, "replay", str(path)], runs)
    naive = wall([sys.executable, __file__, "--naive", str(path)], runs)
    print(f"replay {rounds} rounds ({moves:,} moves), whole processes, median of {runs}:")
    print(f"  skipbo replay: {ours:.3f} s ({moves / ours:,.0f} moves/s)")
    print(f"  naive reference replayer: {naive:.3f} s ({moves / naive:,.0f} moves/s)")
    print(f"  skipbo replay is {naive / ours:.1f}x faster")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per start-up figure")
    parser.add_argument("--rounds", type=int, default=600, help="greedy rounds to replay")
    parser.add_argument("--naive", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.naive:
        raise SystemExit(1 if naive_replay(args.naive) else 0)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rounds.jsonl"
        moves = greedy_rounds(path, args.rounds)
        one = Path(tmp) / "one.jsonl"
        one.write_text(path.read_text(encoding="utf-8").splitlines()[0] + "\n")
        startup(args.runs, one)
        replay_ratio(path, moves, max(3, args.runs // 5))


if __name__ == "__main__":
    main()
