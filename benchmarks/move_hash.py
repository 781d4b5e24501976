"""A hash of every move a bot plays on fixed seeds, per table size. Asserts nothing.

Run: ``.venv/bin/python benchmarks/move_hash.py [--bot expert] [--against hard]``

A speed-up that must not change the moves (the expert's, for instance) is
checked by running this before and after: the hashes must be equal at every
table. Tables: 40 two-player rounds (stock 30, seats swapped every other
round), then 10 rounds each at 3 players, 4 players, 4 in partnerships, 6
players and 6 in partnerships (stock 15; the bot in every other seat, or in the
first half of the seats on odd rounds so that partners differ too). Prints each table's hash and
the CPU seconds it took (``time.process_time``).
"""

from __future__ import annotations

import argparse
import hashlib
import time

from skipbo.bots import make_bot
from skipbo.core import Rules
from skipbo.sim.runner import play_round


def tables() -> list[tuple[str, Rules, int]]:
    """(label, rules, rounds) of every table checked."""
    return [
        ("2p", Rules.make(2, 30), 40),
        ("3p", Rules.make(3, 15), 10),
        ("4p", Rules.make(4, 15), 10),
        ("4t", Rules.make(4, 15, teams=True), 10),
        ("6p", Rules.make(6, 15), 10),
        ("6t", Rules.make(6, 15, teams=True), 10),
    ]


def seats(bot: str, against: str, players: int, deal: int) -> list[str]:
    """Names by seat: alternating, or the bot in the first half on odd deals."""
    if deal % 2 == 0:
        return [bot if s % 2 == 0 else against for s in range(players)]
    return [bot if s < players // 2 else against for s in range(players)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--against", default="hard")
    parser.add_argument("--only", help="one table label (2p, 3p, 4p, 4t, 6p, 6t)")
    args = parser.parse_args()
    for label, rules, rounds in tables():
        if args.only and label != args.only:
            continue
        digest = hashlib.sha256()
        start = time.process_time()
        for deal in range(rounds):
            names = seats(args.bot, args.against, rules.players, deal)
            bots = [make_bot(name, f"hash/{label}/{deal}/{s}") for s, name in enumerate(names)]
            state = play_round(rules, bots, f"hash/{label}/{deal}")
            digest.update(f"{deal}:{','.join(map(str, state.history))};".encode())
        spent = time.process_time() - start
        print(f"{label}: {digest.hexdigest()[:16]} ({rounds} rounds, {spent:.2f} s CPU)")


if __name__ == "__main__":
    main()
