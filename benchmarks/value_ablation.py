"""The planner with and without the learned evaluation in its search, on the same deals.

Run: ``.venv/bin/python benchmarks/value_ablation.py [--deals N] [--table-deals N] [--jobs 1]``

Bots are written as specs: ``hard``, ``planner`` (as shipped: the value network
in the search), ``novalue`` (the planner with ``value=False``), and for other
weights of the network's win chance ``planner@value=W/discard=D/table_value=V/table_discard=T``
(any of them; the keyword arguments of :class:`PlannerBot` without ``_weight``).
``--net FILE`` gives the planner specs another network (e.g. a newly trained one).

Three measurements, all on duplicate deals (``benchmarks/ladder.py``'s seeds:
deal ``d`` is ``ladder/d``, dealer 0):

* ``--pairs`` (default ``planner:hard,novalue:hard,planner:novalue``): 2 players,
  stock 30, every deal played twice with the seats swapped;
* ``--tables`` (default ``4``) for each of ``--table-bots`` (default
  ``planner,novalue``): that bot in one seat and ``hard`` in the others, its
  seat rotating over every deal (``4t``: partnerships, two of it against two
  ``hard``).

Shares are of decided rounds (and of all rounds at tables), with Wilson 95%
intervals; games/s is CPU time of one core (``time.process_time`` of the workers).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from skipbo.bots import Bot, make_bot
from skipbo.bots.planner import DISCARD_WEIGHT, TABLE_VALUE_WEIGHT, VALUE_WEIGHT, PlannerBot
from skipbo.bots.value import ValueNet
from skipbo.core import Rules
from skipbo.sim.runner import play_round
from skipbo.sim.stats import wilson_interval

NET: ValueNet | None = None
"""The network of ``--net`` (None: the shipped one)."""


def make(spec: str, seed: str) -> Bot:
    """The bot a spec names (see the module docstring)."""
    if spec == "novalue":
        return PlannerBot(seed, value=False)
    if spec.startswith("planner@"):
        options = (part.partition("=") for part in spec.removeprefix("planner@").split("/"))
        weights = {f"{key}_weight": float(value) for key, _, value in options}
        return PlannerBot(seed, net=NET, **weights)  # type: ignore[arg-type]
    if spec == "planner":
        return PlannerBot(seed, net=NET)
    return make_bot(spec, seed)


def table_rules(table: str) -> Rules:
    """Rules of a table written ``"4"``, or ``"4t"`` for partnerships (default stock)."""
    return Rules.make(int(table.rstrip("t")), teams=table.endswith("t"))


def play_deals(job: tuple[str, ...]) -> tuple[Counter[str], float]:
    """Wins per spec over a range of deals, every seat rotation of each."""
    cpu = time.process_time()
    table, first, last, *specs = job
    rules = table_rules(table)
    wins: Counter[str] = Counter()
    for deal in range(int(first), int(last)):
        for shift in range(rules.players):
            seated = [specs[(i + shift) % len(specs)] for i in range(rules.players)]
            bots = [make(spec, f"{deal}/{shift}/{s}") for s, spec in enumerate(seated)]
            result = play_round(rules, bots, f"ladder/{deal}", dealer=0).result
            assert result is not None
            wins[seated[result.winner] if result.winner is not None else "(none)"] += 1
    return wins, time.process_time() - cpu


def measure(
    pool: ProcessPoolExecutor, specs: list[str], table: str, deals: int, jobs: int
) -> tuple[Counter[str], float]:
    step = max(1, deals // (jobs * 4))
    tasks = [(table, str(a), str(min(a + step, deals)), *specs) for a in range(0, deals, step)]
    wins: Counter[str] = Counter()
    cpu = 0.0
    for w, seconds in pool.map(play_deals, tasks):
        wins += w
        cpu += seconds
    return wins, cpu


def share(wins: int, trials: int) -> str:
    low, high = wilson_interval(wins, trials)
    return f"{wins / trials if trials else float('nan'):6.1%} [{low:.1%}, {high:.1%}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=250, help="2-player deals (x2 rounds)")
    parser.add_argument("--table-deals", type=int, default=125, help="deals per table")
    parser.add_argument("--pairs", default="planner:hard,novalue:hard,planner:novalue")
    parser.add_argument("--tables", default="4", help="e.g. 3,4,6,4t; empty for none")
    parser.add_argument("--table-bots", default="planner,novalue")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--net", help="a value network file to use instead of the shipped one")
    args = parser.parse_args()
    global NET
    NET = ValueNet.load(args.net) if args.net else None
    print(
        f"planner's weights: value {VALUE_WEIGHT}, discard {DISCARD_WEIGHT},"
        f" table_value {TABLE_VALUE_WEIGHT}",
        flush=True,
    )
    with ProcessPoolExecutor(args.jobs) as pool:
        for pair in filter(None, args.pairs.split(",")):
            a, _, b = pair.partition(":")
            start = time.perf_counter()
            wins, cpu = measure(pool, [a, b], "2", args.deals, args.jobs)
            decided = wins[a] + wins[b]
            print(
                f"{a} vs {b}: {decided + wins['(none)']} rounds, {decided} decided,"
                f" {a} wins {share(wins[a], decided)}"
                f"  ({time.perf_counter() - start:.0f} s, {sum(wins.values()) / cpu:.2f} games/s"
                " per core)",
                flush=True,
            )
        for table in filter(None, args.tables.split(",")):
            rules = table_rules(table)
            for spec in args.table_bots.split(","):
                specs = [spec if rules.team_of(s) == 0 else "hard" for s in range(rules.players)]
                start = time.perf_counter()
                wins, cpu = measure(pool, specs, table, args.table_deals, args.jobs)
                total = sum(wins.values())
                decided = total - wins["(none)"]
                print(
                    f"{table} players, {'+'.join(specs)}: {total} rounds, {spec} wins"
                    f" {share(wins[spec], total)} of all, {share(wins[spec], decided)}"
                    f" of {decided} decided  ({time.perf_counter() - start:.0f} s,"
                    f" {total / cpu:.2f} games/s per core)",
                    flush=True,
                )


if __name__ == "__main__":
    main()
