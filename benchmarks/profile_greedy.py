"""Where greedy-vs-greedy time goes (issue #2, benchmark (c)). Prints shares.

Run: ``.venv/bin/python benchmarks/profile_greedy.py [--rounds N]``
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections import Counter

from skipbo.bots import make_bot
from skipbo.core import Rules
from skipbo.sim.runner import play_round


def play(rounds: int) -> None:
    rules = Rules.make(2, 30)
    for i in range(rounds):
        play_round(rules, [make_bot("greedy", f"{i}/{s}") for s in range(2)], i)


def part(filename: str) -> str:
    if "/bots/" in filename:
        return "the bots' own logic (skipbo/bots)"
    if filename.endswith("core/view.py"):
        return "building player views (core/view.py)"
    if filename.endswith("core/state.py"):
        return "the kernel (core/state.py)"
    return "runner loop, dealing, seeding, the rest"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    profile = cProfile.Profile()
    profile.runcall(play, args.rounds)
    stats = pstats.Stats(profile)
    shares: Counter[str] = Counter()
    for (filename, _line, _name), (_cc, _nc, own, _cum, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        shares[part(filename)] += own
    total = sum(shares.values())
    for name, seconds in shares.most_common():
        print(f"{seconds / total:6.1%}  {name}")


if __name__ == "__main__":
    main()
