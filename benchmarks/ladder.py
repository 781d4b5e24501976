"""The bot ladder, measured (issue #3). Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/ladder.py [--deals N] [--expert-deals N] [--jobs 2]``

Each pairing is 2 players, stock 30, on duplicate deals: every deal is played
twice with the seats swapped, so the luck of the deal cancels out. Shares are
of decided rounds (blocked rounds have no winner), with Wilson 95% intervals.
Then expert at bigger tables against ``hard`` bots (``--tables``, by default the
4-player table; ``4t`` is a partnership of two experts against two ``hard``),
expert's seat rotating over the deal, and the bots' think times per decision.

Speed is CPU time (``time.process_time``) of the worker processes, so other
programs sharing the machine barely change it: games per second of one core
for each pairing and table, and each bot's median, p99 and max per decision.
``benchmarks/bot_speed.py`` times a bot through ``skipbo bot`` as well.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from skipbo.bots import Bot, make_bot
from skipbo.core import Move, PlayerView, Rules
from skipbo.sim.runner import play_round
from skipbo.sim.stats import wilson_interval

LADDER = [("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("expert", "hard")]
EXTRA: list[tuple[str, str]] = []
"""Further pairings to measure; ``hard`` plays the greedy policy, so expert vs
greedy is expert vs hard."""


class Timed:
    """Wraps a bot to record the CPU time each decision takes."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        start = time.process_time()
        move = self.bot.choose(view, legal)
        self.times.append(time.process_time() - start)
        return move


def table_rules(table: str) -> Rules:
    """Rules of a table written ``"4"``, or ``"4t"`` for partnerships (default stock)."""
    return Rules.make(int(table.rstrip("t")), teams=table.endswith("t"))


Outcome = tuple[Counter[str], dict[str, list[float]], float]
"""Wins per bot name, decision times per bot name, CPU seconds spent."""


def play_deals(job: tuple[str, ...]) -> Outcome:
    """Wins per bot name over a range of deals, every seat rotation of each."""
    cpu = time.process_time()
    table, first, last, *names = job
    rules = table_rules(table)
    wins: Counter[str] = Counter()
    times: dict[str, list[float]] = {name: [] for name in names}
    for deal in range(int(first), int(last)):
        for shift in range(rules.players):
            seated = [names[(i + shift) % len(names)] for i in range(rules.players)]
            bots = [Timed(make_bot(n, f"{deal}/{shift}/{s}")) for s, n in enumerate(seated)]
            result = play_round(rules, bots, f"ladder/{deal}", dealer=0).result
            assert result is not None
            wins[seated[result.winner] if result.winner is not None else "(none)"] += 1
            for bot in bots:
                times[bot.name].extend(bot.times)
    return wins, times, time.process_time() - cpu


def measure(
    pool: ProcessPoolExecutor, names: list[str], table: int | str, deals: int, jobs: int
) -> Outcome:
    step = max(1, deals // (jobs * 4))
    tasks = [(str(table), str(a), str(min(a + step, deals)), *names) for a in range(0, deals, step)]
    wins: Counter[str] = Counter()
    times: dict[str, list[float]] = {n: [] for n in names}
    cpu = 0.0
    for w, t, seconds in pool.map(play_deals, tasks):
        wins += w
        cpu += seconds
        for name, values in t.items():
            times[name] += values
    return wins, times, cpu


def speed(wins: Counter[str], cpu: float) -> str:
    """Rounds per second of one core's CPU time."""
    return f"{sum(wins.values()) / cpu:.2f} games/s per core" if cpu else "no time measured"


def report_pair(wins: Counter[str], a: str, b: str, seconds: float, cpu: float) -> None:
    decided = wins[a] + wins[b]
    low, high = wilson_interval(wins[a], decided)
    share = wins[a] / decided if decided else float("nan")
    total = decided + wins["(none)"]
    print(
        f"{a:>7} vs {b:<7} {total:5} rounds, {decided:5} decided: {a} wins {share:6.1%}"
        f"  [{low:.1%}, {high:.1%}]   ({seconds:.0f} s, {speed(wins, cpu)})",
        flush=True,
    )


def run_pairs(
    pool: ProcessPoolExecutor,
    pairs: list[tuple[str, str]],
    args: argparse.Namespace,
    all_times: dict[str, list[float]],
) -> None:
    """Each 2-player pairing on duplicate deals."""
    for a, b in pairs:
        deals = args.expert_deals if "expert" in (a, b) else args.deals
        start = time.perf_counter()
        wins, times, cpu = measure(pool, [a, b], 2, deals, args.jobs)
        report_pair(wins, a, b, time.perf_counter() - start, cpu)
        for name, values in times.items():
            all_times.setdefault(name, []).extend(values)


def run_table(
    pool: ProcessPoolExecutor,
    table: str,
    args: argparse.Namespace,
    all_times: dict[str, list[float]],
) -> None:
    """Expert at a table (``"4"``, or ``"4t"`` for partnerships) against ``hard``
    bots, its seat rotating over each deal."""
    rules = table_rules(table)
    seats = range(rules.players)
    names = ["expert" if rules.team_of(s) == 0 else "hard" for s in seats]
    sides = len({rules.team_of(s) for s in seats})
    label = f"{rules.players} players" + (" in partnerships" if rules.teams else "")
    start = time.perf_counter()
    wins, times, cpu = measure(pool, names, table, args.table_deals, args.jobs)
    for name, values in times.items():
        all_times.setdefault(name, []).extend(values)
    total = sum(wins.values())
    decided = total - wins["(none)"]
    low, high = wilson_interval(wins["expert"], total)
    d_low, d_high = wilson_interval(wins["expert"], decided)
    print(
        f"{label}, {' + '.join(names)}: {total} rounds, expert wins"
        f" {wins['expert'] / total:.1%}  [{low:.1%}, {high:.1%}] of all rounds,"
        f" {wins['expert'] / decided:.1%}  [{d_low:.1%}, {d_high:.1%}] of {decided} decided"
        f" (fair share {1 / sides:.1%}),"
        f" no winner {wins['(none)']}  ({time.perf_counter() - start:.0f} s, {speed(wins, cpu)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (x2 rounds)")
    parser.add_argument("--expert-deals", type=int, default=250, help="deals with expert")
    parser.add_argument(
        "--table-deals", type=int, default=125, help="deals per table (x players rounds)"
    )
    parser.add_argument(
        "--tables",
        default="4",
        help="tables for expert against hard bots, e.g. 3,4,6,4t (t: partnerships)",
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--table-only", action="store_true", help="only the --tables (and think times)"
    )
    parser.add_argument(
        "--pairs", help="2-player pairings to measure instead of the ladder, e.g. expert:hard"
    )
    args = parser.parse_args()
    all_times: dict[str, list[float]] = {}
    pairs = LADDER + EXTRA
    if args.pairs:
        pairs = [(a, b) for a, _, b in (p.partition(":") for p in args.pairs.split(","))]
    with ProcessPoolExecutor(args.jobs) as pool:
        if not args.table_only:
            run_pairs(pool, pairs, args, all_times)
        if args.table_only or not args.pairs:
            for table in args.tables.split(","):
                run_table(pool, table.strip(), args, all_times)
    print("think time per decision, CPU time (all rounds above):")
    for name, values in sorted(all_times.items()):
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(
            f"  {name:>7}: median {statistics.median(values) * 1e3:7.3f} ms,"
            f" p99 {p99 * 1e3:7.2f} ms, max {values[-1] * 1e3:7.1f} ms ({len(values):,} decisions)"
        )


if __name__ == "__main__":
    main()
