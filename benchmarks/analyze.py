"""How long the coach takes to analyse a whole round (issue 12 asks for <= 10 s).

Run: ``.venv/bin/python benchmarks/analyze.py [--rounds N] [--seat N]``

Plays 2-player stock-30 rounds between ``expert`` and ``hard`` (fixed seeds), then
analyses one seat of each as ``skipbo analyze`` does, on one core, and prints the
wall-clock and CPU seconds per round and per decision. On a busy machine the CPU
seconds are the fair figure (almost all of it is the expert choosing its moves).
"""

from __future__ import annotations

import argparse
import time

from skipbo.bots import make_bot
from skipbo.coach import analyze
from skipbo.core import Rules, parse_record, record_json
from skipbo.sim.runner import play_round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seat", type=int, default=0)
    args = parser.parse_args()
    rules = Rules.make(players=2, stock=30)
    for n in range(args.rounds):
        state = play_round(rules, [make_bot("expert", n), make_bot("hard", n)], f"bench/{n}")
        record = parse_record(record_json(state))
        wall, cpu = time.perf_counter(), time.process_time()
        results = list(analyze(record, args.seat))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        marks = sum(1 for a in results if a.mark)
        print(
            f"round {n}: {len(state.history)} moves, {len(results)} decisions of seat "
            f"{args.seat}, {marks} marked: {wall:.1f} s wall, {cpu:.1f} s CPU "
            f"({1000 * cpu / max(len(results), 1):.0f} ms CPU per decision)"
        )


if __name__ == "__main__":
    main()
