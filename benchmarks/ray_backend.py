"""Simulations on Ray against the process pool (issue #13). Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/ray_backend.py [--games N] [--tasks N]``

One run measures, on the same seeded greedy-vs-greedy simulation:

- rounds/s with ``--jobs 1`` and ``--jobs 2`` (this process, a process pool);
- rounds/s with ``--backend ray`` on a local cluster of 1 and of 2 workers
  (CPUs), once the cluster is up, and the cluster's start-up and shutdown,
  which a one-off ``skipbo simulate --backend ray`` pays on top;
- Ray's overhead per task: the time per task of a function that does nothing,
  sent through the same ordered map, on one worker; and what share of a full
  chunk (50 rounds on one core) that is.

Every row plays the same rounds (the results are checked to be equal).
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace

from skipbo.core import Rules
from skipbo.sim import SimConfig, Summary, simulate
from skipbo.sim.pool import Backend
from skipbo.sim.ray_backend import connected, ordered_on
from skipbo.sim.simulate import MAX_CHUNK

WIDTH = 26


def nothing(task: int) -> int:
    """A task that does no work: what is left of its time is Ray's overhead."""
    return task


def rate(config: SimConfig) -> tuple[float, Summary]:
    start = time.perf_counter()
    summary = simulate(config)
    return config.games / (time.perf_counter() - start), summary


def results(summary: Summary) -> object:
    return replace(summary, seconds=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="rounds per row (default 2000)")
    parser.add_argument("--tasks", type=int, default=2000, help="empty tasks (default 2000)")
    args = parser.parse_args()
    config = SimConfig(Rules.make(2), ("greedy", "greedy"), args.games, "ray-bench")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"{args.games} rounds of greedy vs greedy, 2 players; {os.cpu_count()} CPUs, load {load}")
    print(f"{'backend':<{WIDTH}}{'rounds/s':>10}{'start+stop s':>14}")
    one, reference = rate(config)
    print(f"{'--jobs 1':<{WIDTH}}{one:>10,.1f}{'':>14}")
    two, summary = rate(replace(config, jobs=2))
    assert results(summary) == results(reference)
    print(f"{'--jobs 2':<{WIDTH}}{two:>10,.1f}{'':>14}")
    per_task = 0.0
    for workers in (1, 2):
        start = time.perf_counter()
        with connected(None, workers) as ray:
            started = time.perf_counter() - start
            list(ordered_on(ray, nothing, range(50)))  # the workers' first start
            speed, summary = rate(replace(config, jobs=workers, backend=Backend("ray")))
            assert results(summary) == results(reference)
            if workers == 1:
                begin = time.perf_counter()
                list(ordered_on(ray, nothing, range(args.tasks)))
                per_task = (time.perf_counter() - begin) / args.tasks
            stop = time.perf_counter()
        stopped = time.perf_counter() - stop
        name = f"--backend ray, {workers} worker{'s' if workers > 1 else ''}"
        print(f"{name:<{WIDTH}}{speed:>10,.1f}{started + stopped:>14.1f}")
    chunk = MAX_CHUNK / one
    print(
        f"Ray overhead per task: {per_task * 1000:.2f} ms; a chunk of {MAX_CHUNK} rounds"
        f" takes {chunk * 1000:.0f} ms on one core, so {per_task / chunk:.1%} of it"
    )


if __name__ == "__main__":
    main()
