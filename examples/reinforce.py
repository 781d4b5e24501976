"""Masked-action REINFORCE with a linear softmax policy, in NumPy, against the random bot.

Run: ``.venv/bin/python examples/reinforce.py [--minutes 5] [--rounds N] [--eval-rounds 500]
[--save reinforce-policy.npz]``, or ``--load FILE`` to evaluate a saved policy only.

No deep-learning library: the policy is ``softmax(W x + b)`` over the 145 move
ids, with illegal moves masked out before the softmax, trained by REINFORCE
(the return of the round, +1 / -1 / 0, minus a running baseline) on the
Gymnasium environment ``SkipBo-v0`` with the random bot in the other seat.

Random against random never finishes a round with 10 or more stock cards (the
draw pile runs out first: blocked, reward 0), so there is no signal to learn
from at the printed stock of 30. Training therefore starts on stocks of 3 and
moves up through 5 and 10 to 30 as time passes (the observation has the same
size for every stock); the learned policy is then measured at stocks of 3 and
30 (the printed one), playing its most likely legal move, against ``random`` and
against ``hard`` (the ladder's combo-style level, docs/bots.md; the greedy policy
was ``hard`` until 2026-11-23). A progress bar shows the training; the policy is saved
to a NumPy ``.npz`` file and evaluated as loaded back from it, so what is measured
is what another program would load.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from tqdm import tqdm

import skipbo.rl
from skipbo.core import MOVE_COUNT
from skipbo.rl.encoding import observation_high
from skipbo.sim.stats import wilson_interval

FloatArray = npt.NDArray[np.float64]
Step = tuple[FloatArray, npt.NDArray[np.int8], int]
"""One decision: the features, the action mask and the move taken."""
CURRICULUM = (3, 5, 10, 30)
"""Training stocks, each for an equal share of the training time (or rounds)."""
OPPONENTS = ("random", "hard")
"""The bots the trained policy is measured against."""


@dataclass
class LinearPolicy:
    """``softmax(W x + b)`` restricted to the legal moves; ``x`` is the observation in [0, 1]."""

    scale: FloatArray
    weights: FloatArray
    rng: np.random.Generator = field(default_factory=lambda: np.random.default_rng(0))

    @classmethod
    def zeros(cls, scale: FloatArray, rng: np.random.Generator) -> LinearPolicy:
        """The untrained policy: every legal move equally likely."""
        return cls(scale, np.zeros((MOVE_COUNT, len(scale) + 1)), rng)

    def save(self, path: Path) -> None:
        """Write the weights and the observation scale as a NumPy ``.npz`` file.

        Through an open file, so that NumPy does not append ``.npz`` to another name.
        """
        with path.open("wb") as stream:
            np.savez(stream, weights=self.weights, scale=self.scale)

    @classmethod
    def load(cls, path: Path) -> LinearPolicy:
        """A policy saved by :meth:`save`; raises ``OSError``/``ValueError``/``KeyError``."""
        with np.load(path) as data:
            return cls(data["scale"], data["weights"])

    def features(self, observation: npt.NDArray[np.uint8]) -> FloatArray:
        """The observation scaled to [0, 1], with a constant 1 for the biases."""
        return np.append(observation * self.scale, 1.0)

    def probabilities(self, x: FloatArray, mask: npt.NDArray[np.int8]) -> FloatArray:
        """The move probabilities: a softmax over the legal moves only."""
        logits = self.weights @ x
        logits[mask == 0] = -np.inf
        logits -= logits.max()
        p = np.exp(logits)
        out: FloatArray = p / p.sum()
        return out

    def act(self, x: FloatArray, mask: npt.NDArray[np.int8], greedy: bool) -> int:
        """A sampled move (training) or the most likely one (evaluation)."""
        p = self.probabilities(x, mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(MOVE_COUNT, p=p))


def episode(
    env: gymnasium.Env[Any, Any], policy: LinearPolicy, greedy: bool
) -> tuple[list[Step], float]:
    """Play one round; the (features, mask, action) of each decision and the final reward."""
    obs, _ = env.reset()
    steps: list[Step] = []
    while True:
        x = policy.features(obs["observation"])
        action = policy.act(x, obs["action_mask"], greedy)
        steps.append((x, obs["action_mask"], action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return steps, float(reward)


def reinforce_update(policy: LinearPolicy, steps: list[Step], advantage: float, lr: float) -> None:
    """One REINFORCE step: raise the log-probability of the moves taken, times the advantage."""
    if advantage == 0.0:
        return
    grad = np.zeros_like(policy.weights)
    for x, mask, action in steps:
        p = policy.probabilities(x, mask)
        p[action] -= 1.0
        grad -= np.outer(p, x)
    policy.weights += lr * advantage * grad / len(steps)


def train(
    seconds: float, seed: int, lr: float, max_rounds: int | None = None
) -> tuple[LinearPolicy, int]:
    """Train through the stock curriculum for ``seconds`` or ``max_rounds``, whichever
    ends first (each stock gets an equal share); the policy and the rounds played.

    A progress bar on standard error counts the rounds.
    """
    scale = 1.0 / np.maximum(observation_high(2).astype(np.float64), 1.0)
    policy = LinearPolicy.zeros(scale, np.random.default_rng(seed))
    rounds, baseline, start = 0, 0.0, time.perf_counter()
    stages = len(CURRICULUM)
    with tqdm(total=max_rounds, desc="training", unit=" rounds") as bar:
        for k, stock in enumerate(CURRICULUM):
            env = gymnasium.make(skipbo.rl.ENV_ID, stock=stock, opponents="random").unwrapped
            env.reset(seed=seed + k)
            bar.set_postfix(stock=stock)
            round_limit = None if max_rounds is None else max_rounds * (k + 1) // stages
            while time.perf_counter() - start < seconds * (k + 1) / stages and (
                round_limit is None or rounds < round_limit
            ):
                steps, reward = episode(env, policy, greedy=False)
                baseline += 0.01 * (reward - baseline)
                reinforce_update(policy, steps, reward - baseline, lr)
                rounds += 1
                bar.update()
    return policy, rounds


def evaluate(
    policy: LinearPolicy, rounds: int, stock: int, seed: int, opponent: str = "random"
) -> tuple[int, int, int]:
    """(wins, losses, rounds without a winner) of the greedy policy against ``opponent``."""
    env = gymnasium.make(skipbo.rl.ENV_ID, stock=stock, opponents=opponent).unwrapped
    env.reset(seed=seed)
    wins = losses = 0
    for _ in range(rounds):
        _, reward = episode(env, policy, greedy=True)
        wins += reward > 0
        losses += reward < 0
    return wins, losses, rounds - wins - losses


def report(policy: LinearPolicy, rounds: int, seed: int) -> None:
    """Print the win share at stocks 3 and 30 against each of :data:`OPPONENTS`."""
    for stock in (CURRICULUM[0], 30):
        for opponent in OPPONENTS:
            wins, losses, none = evaluate(
                policy, rounds, stock, seed=10_000 + seed, opponent=opponent
            )
            low, high = wilson_interval(wins, wins + losses)
            share = wins / (wins + losses) if wins + losses else 0.0
            print(
                f"stock {stock}: vs {opponent} {wins} won, {losses} lost, {none} without a winner;"
                f" win share of decided rounds {share:.1%} (95% {low:.1%}..{high:.1%})"
            )


def main(argv: list[str] | None = None) -> None:
    """Train (or load), save, load back, and print the win shares with 95% intervals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time")
    parser.add_argument("--rounds", type=int, help="stop training after this many rounds")
    parser.add_argument("--eval-rounds", type=int, default=500, help="per stock and opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument(
        "--save", type=Path, default=Path("reinforce-policy.npz"), help="where to save the policy"
    )
    parser.add_argument("--load", type=Path, help="evaluate this saved policy; no training")
    args = parser.parse_args(argv)
    path = args.load
    if path is None:
        start = time.perf_counter()
        policy, rounds = train(args.minutes * 60, args.seed, args.lr, args.rounds)
        trained = time.perf_counter() - start
        print(f"trained {trained:.0f} s, {rounds} rounds (stocks {CURRICULUM})")
        path = args.save
        policy.save(path)
        print(f"saved {path}")
    try:
        policy = LinearPolicy.load(path)
    except (OSError, ValueError, KeyError) as exc:
        parser.error(f"cannot load {path}: {exc}")
    print(f"loaded {path}")
    report(policy, args.eval_rounds, args.seed)


if __name__ == "__main__":
    main()
