"""RL environment speed, measured beside RLCard's UNO in the same run (issue 6).

Run: ``.venv/bin/python benchmarks/rl.py [--seconds S] [--trials K]``

Both environments take uniformly random legal actions and count one step per
action taken, resets included in the time:

- ``skipbo_v0`` (PettingZoo AEC, 2 players, stock 30): ``env.last()`` for the
  observation, the action drawn from the ``action_mask``, ``env.step(action)``;
- RLCard ``uno``: the action drawn from the state's ``legal_actions``,
  ``env.step(action)`` (which returns the next encoded state).

RLCard is not a dependency of skipbo; install it for this comparison with
``.venv/bin/pip install rlcard`` (the UNO line is skipped without it). Trials
alternate between the two so that a busy machine slows both alike; the best
trial of each is reported. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from skipbo.rl import skipbo_v0


def skipbo_steps(seconds: float) -> float:
    """Steps/s of ``skipbo_v0`` with random masked actions."""
    env = skipbo_v0.env(players=2)
    env.reset(seed=1)
    pick = random.Random(1).random
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[int(pick() * len(legal))]))
        steps += 1
    return steps / (time.perf_counter() - start)


def uno_steps(seconds: float) -> float | None:
    """Steps/s of RLCard's UNO with random legal actions, or None without RLCard."""
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 1})
    pick = random.Random(1).random
    state, _ = env.reset()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = list(state["legal_actions"])
        state, _ = env.step(legal[int(pick() * len(legal))])
        steps += 1
        if env.is_over():
            state, _ = env.reset()
    return steps / (time.perf_counter() - start)


def best_of(
    trials: int, seconds: float, runs: dict[str, Callable[[float], float | None]]
) -> dict[str, float | None]:
    """The best rate of each run over ``trials`` alternating trials."""
    best: dict[str, float | None] = dict.fromkeys(runs)
    for _ in range(trials):
        for name, run in runs.items():
            rate = run(seconds)
            if rate is not None:
                best[name] = max(rate, best[name] or 0.0)
    return best


def main() -> None:
    """Print both figures and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one trial")
    parser.add_argument("--trials", type=int, default=3, help="alternating trials per env")
    args = parser.parse_args()
    best = best_of(args.trials, args.seconds, {"skipbo_v0": skipbo_steps, "uno": uno_steps})
    ours = best["skipbo_v0"] or 0.0
    print(f"skipbo_v0 (PettingZoo AEC, 2 players): {ours:,.0f} steps/s")
    uno = best["uno"]
    if uno is None:
        print("RLCard UNO: skipped (pip install rlcard to compare)")
        return
    print(f"RLCard UNO:                            {uno:,.0f} steps/s")
    print(f"ratio skipbo_v0 / UNO:                 {ours / uno:.2f}")


if __name__ == "__main__":
    main()
