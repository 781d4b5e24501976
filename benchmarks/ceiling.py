"""The expert's ceiling (issue 25 §1): a clairvoyant player against the field, and where
the fair expert's choices differ from it. Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/ceiling.py [--deals 1000] [--agreement-deals 200] [--jobs N]``

The clairvoyant player (:mod:`skipbo.bots.research.clairvoyant`) is the sampling
expert whose only world is the true round: it sees every hidden card, the draw
order and the reshuffles to come. Each pairing is 2 players, stock 30, on
duplicate deals (every deal twice, the seats swapped, as ``benchmarks/ladder.py``
does; the same deals for every pairing), shares of decided rounds with Wilson 95%
intervals. The fair expert is measured against ``combo`` and ``hard`` on the same
deals, so the clairvoyant's lead over it is the most that better inference of the
hidden cards could gain a player that searches as the expert does.

Agreement: rounds of the fair expert against ``combo``; at each of the expert's
decisions a clairvoyant player is asked too, on the same view and the true round,
and the two moves are compared, by the phase of the round from the expert's side
(its stock: early while more than two thirds of it are left, the end from a third
down), for every decision and for the discards alone (the plays are combo's line in
both, so the discards are where they can differ).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from skipbo.bots import Bot, make_bot
from skipbo.bots.research.clairvoyant import CLAIRVOYANT as SEER
from skipbo.bots.research.clairvoyant import ClairvoyantExpert, HandSeer, play_round_with_truth
from skipbo.bots.research.expert_variants import ExpertVariant
from skipbo.core import Move, PlayerView, Round, Rules
from skipbo.core.moves import DISCARD_BASE
from skipbo.sim.stats import wilson_interval

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from expert_variants import spelled, variant  # a sibling benchmark, not a package

CLAIRVOYANT = "clairvoyant"
PAIRS = [
    (CLAIRVOYANT, "combo"),
    (CLAIRVOYANT, "hard"),
    (CLAIRVOYANT, "expert"),
    ("expert", "combo"),
    ("expert", "hard"),
]
PHASES = ("early", "middle", "end")


def player(name: str, seed: str) -> Bot:
    """A bot by name: ``clairvoyant``, or ``clairvoyant`` with the settings of
    ``benchmarks/expert_variants.py``'s names (``clairvoyant-e3-w1`` also judges its
    line of plays past the chance events, in the true round), ``handseer`` (the same,
    seeing the other hands only), a fair variant of the expert by the same names
    (``expert-R1-e3-w8``), or a built-in bot."""
    kind = {CLAIRVOYANT: ClairvoyantExpert, "handseer": HandSeer}.get(name.split("-")[0])
    bot: ExpertVariant
    if kind is not None:
        bot = kind(seed, settings=dataclasses.replace(SEER, **spelled(name)))
    elif name.startswith("expert-"):
        bot = ExpertVariant(seed, settings=variant(name))
    else:
        return make_bot(name, seed)
    bot.name = name
    return bot


def play_deals(job: tuple[str, str, int, int]) -> tuple[Counter[str], float]:
    """Wins by name over deals ``first..last``, each deal with both seat orders; CPU s."""
    a, b, first, last = job
    rules = Rules.make(2)
    wins: Counter[str] = Counter()
    cpu = time.process_time()
    for deal in range(first, last):
        for seated in ((a, b), (b, a)):
            bots = [player(name, f"{deal}/{seat}") for seat, name in enumerate(seated)]
            result = play_round_with_truth(rules, bots, f"ceiling/{deal}", dealer=0).result
            assert result is not None
            wins[seated[result.winner] if result.winner is not None else "(none)"] += 1
    return wins, time.process_time() - cpu


class Compared:
    """The fair expert, whose every decision a clairvoyant player also makes."""

    def __init__(self, seed: str) -> None:
        self.fair = make_bot("expert", seed)
        self.seer = ClairvoyantExpert(seed)
        self.truth: Round | None = None
        self.same: Counter[tuple[str, str]] = Counter()
        self.asked: Counter[tuple[str, str]] = Counter()

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        move = self.fair.choose(view, legal)
        self.seer.truth = self.truth
        seen = self.seer.choose(view, legal)
        seat = view.seat
        assert seat is not None
        stock = view.players[seat].stock
        full = view.rules.stock
        phase = PHASES[0] if stock > 2 * full / 3 else PHASES[1] if stock > full / 3 else PHASES[2]
        kinds = ("all", "discard") if move >= DISCARD_BASE or seen >= DISCARD_BASE else ("all",)
        for kind in kinds:
            self.asked[phase, kind] += 1
            self.same[phase, kind] += move == seen
        return move


def agreement(job: tuple[int, int]) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
    """Decisions asked and agreed, by (phase, kind), over deals ``first..last``."""
    first, last = job
    rules = Rules.make(2)
    asked: Counter[tuple[str, str]] = Counter()
    same: Counter[tuple[str, str]] = Counter()
    for deal in range(first, last):
        for seat in (0, 1):
            compared = Compared(f"{deal}/{seat}")
            bots: list[Bot] = [make_bot("combo", f"{deal}/{1 - seat}")]
            bots.insert(seat, compared)  # type: ignore[arg-type]
            play_round_with_truth(rules, bots, f"ceiling/{deal}", dealer=0)
            asked += compared.asked
            same += compared.same
    return asked, same


def chunks(deals: int, jobs: int) -> list[tuple[int, int]]:
    step = max(1, deals // (jobs * 4))
    return [(a, min(a + step, deals)) for a in range(0, deals, step)]


def run_pair(pool: ProcessPoolExecutor, a: str, b: str, deals: int, jobs: int) -> None:
    start = time.perf_counter()
    wins: Counter[str] = Counter()
    cpu = 0.0
    for found, seconds in pool.map(play_deals, [(a, b, x, y) for x, y in chunks(deals, jobs)]):
        wins += found
        cpu += seconds
    decided = wins[a] + wins[b]
    low, high = wilson_interval(wins[a], decided)
    share = wins[a] / decided if decided else float("nan")
    print(
        f"{a:>11} vs {b:<7} {decided + wins['(none)']:5} rounds, {decided:5} decided:"
        f" {a} wins {share:6.1%} [{low:.1%}, {high:.1%}]"
        f"   ({time.perf_counter() - start:.0f} s, {2 * deals / cpu:.1f} rounds/s of one core)",
        flush=True,
    )


def run_agreement(pool: ProcessPoolExecutor, deals: int, jobs: int) -> None:
    asked: Counter[tuple[str, str]] = Counter()
    same: Counter[tuple[str, str]] = Counter()
    for a, s in pool.map(agreement, chunks(deals, jobs)):
        asked += a
        same += s
    print(f"the fair expert's move = the clairvoyant's, {2 * deals} rounds against combo:")
    for kind in ("all", "discard"):
        cells = []
        for phase in (*PHASES, "whole"):
            n = sum(asked[p, kind] for p in PHASES) if phase == "whole" else asked[phase, kind]
            k = sum(same[p, kind] for p in PHASES) if phase == "whole" else same[phase, kind]
            low, high = wilson_interval(k, n)
            cells.append(
                f"{phase} {k / n if n else float('nan'):.1%} of {n} [{low:.1%}, {high:.1%}]"
            )
        print(f"  {kind + ' decisions' if kind == 'all' else 'discards':>13}: " + "; ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (x2 rounds)")
    parser.add_argument("--agreement-deals", type=int, default=200, help="deals (x2 rounds)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--pairs", help="only these pairings, e.g. clairvoyant:combo,expert:combo")
    args = parser.parse_args()
    pairs = PAIRS
    if args.pairs:
        pairs = [(a, b) for a, b in (p.split(":") for p in args.pairs.split(","))]
    print(f"2 players, stock 30, duplicate deals, {args.jobs} processes")
    with ProcessPoolExecutor(args.jobs) as pool:
        for a, b in pairs:
            run_pair(pool, a, b, args.deals, args.jobs)
        if args.agreement_deals:
            run_agreement(pool, args.agreement_deals, args.jobs)


if __name__ == "__main__":
    main()
