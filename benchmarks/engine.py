"""Engine speed, measured (issue #2). Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/engine.py [--seconds S] [--rounds N]``

(a) random play, 2 players, stock 30, the legal-move list built at every decision;
(b) replaying a file of 1,000 greedy rounds: in-process (parse + replay, the
    work ``skipbo replay`` does per line) and the whole command as a subprocess;
(c) greedy vs greedy through the bot interface (views, legal lists), rounds/s.
Single process throughout.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from skipbo.bots import make_bot
from skipbo.core import Rules, new_round, parse_record, record_json, replay
from skipbo.sim.runner import play_round

RULES = Rules.make(players=2, stock=30)


def random_decisions(seconds: float) -> tuple[float, float]:
    """(decisions/s, rounds/s) of uniformly random play on the bare core."""
    import random

    pick = random.Random(1).random
    decisions = rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_round(RULES, rounds)
        rounds += 1
        legal_moves, apply = state.legal_moves, state.apply_unchecked
        while state.result is None:
            legal = legal_moves()
            apply(legal[int(pick() * len(legal))])
            decisions += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, rounds / elapsed


def greedy_rounds(count: int) -> tuple[float, list[str]]:
    """(rounds/s, record lines) of greedy vs greedy through the bot interface."""
    lines: list[str] = []
    elapsed = 0.0
    for i in range(count):
        bots = [make_bot("greedy", f"{i}/{seat}") for seat in range(2)]
        start = time.perf_counter()
        state = play_round(RULES, bots, i)
        elapsed += time.perf_counter() - start
        lines.append(json.dumps(record_json(state, ["bot:greedy"] * 2)))
    return count / elapsed, lines


def replay_in_process(lines: list[str]) -> tuple[float, int]:
    """(moves/s, moves) of json.loads + parse_record + replay over every line."""
    start = time.perf_counter()
    moves = 0
    for line in lines:
        outcome = replay(parse_record(json.loads(line)))
        assert outcome.ok and outcome.state is not None
        moves += len(outcome.state.history)
    return moves / (time.perf_counter() - start), moves


def replay_command(path: Path, moves: int) -> float:
    """moves/s of the whole ``skipbo replay FILE`` command, start-up included."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "skipbo", "replay", str(path)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for (a)")
    parser.add_argument("--rounds", type=int, default=1000, help="greedy rounds for (b), (c)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, single process")

    per_s, rounds_s = random_decisions(args.seconds)
    print(f"(a) random play, 2p stock 30: {per_s:,.0f} decisions/s ({rounds_s:,.0f} rounds/s)")

    rounds_per_s, lines = greedy_rounds(args.rounds)
    print(f"(c) greedy vs greedy, 2p stock 30: {rounds_per_s:,.0f} rounds/s")

    moves_s, moves = replay_in_process(lines)
    print(f"(b) replay {len(lines):,} rounds ({moves:,} moves) in process: {moves_s:,.0f} moves/s")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rounds.jsonl"
        path.write_text("\n".join(lines) + "\n")
        command_s = replay_command(path, moves)
        print(f"(b) `skipbo replay` command, start-up included: {command_s:,.0f} moves/s")


if __name__ == "__main__":
    main()
