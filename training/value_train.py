"""Train the value network on the positions of ``value_data.py``, in NumPy.

A multilayer perceptron (features -> 32 -> 16 -> 1, ReLU, sigmoid) fitted by
Adam on the log-loss. Whole files of rounds are held out (a tenth to pick the
epoch, a tenth to test), so no round has positions on both sides of a split; the held-out log-loss,
accuracy, Brier score and a calibration table are printed, for all positions and
for the 2-player rounds with the expert. The weights go to
``src/skipbo/bots/value_net.npz`` (float32, a few tens of kilobytes).

    .venv/bin/python training/value_train.py artifacts/values

``--compare src/skipbo/bots/value_net.npz --out new.npz`` reports the shipped
network on the same held-out positions too, to ship the new one only if better.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import cast

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from mlp_train import Array, Params, adam, backward, forward, init, split_by_file

from skipbo.bots.mlp import FloatArray
from skipbo.bots.value import ValueNet
from skipbo.bots.value_features import DERIVED_SIZE, model_input

HIDDEN = (32, 16)
RATE = 1e-3
DECAY = 1e-3
"""Decoupled weight decay (times the step size)."""


Item = tuple[Array, Array, bool]


def load(folder: Path) -> tuple[list[Item], list[Item], list[Item]]:
    """(features, labels, expert?) per file, split by file into training, validation
    (every tenth file from the fifth: picks the epoch) and test (every tenth from the
    tenth: only reported)."""
    items: list[Item] = []
    for path in sorted(folder.glob("*.npz")):
        with np.load(path) as data:
            items.append(
                (model_input(data["x"]), data["y"].astype(np.float32), "expert" in path.name)
            )
    train, valid, test = split_by_file(items)
    if not train or not test or not valid:
        sys.exit(f"{folder}: need at least ten data files, found {len(train) + len(test)}")
    return train, valid, test


def gradients(params: Params, x: Array, y: Array) -> Params:
    """Gradients of the mean log-loss."""
    acts, z = forward(params, x)
    return backward(params, acts, ((1 / (1 + np.exp(-z)) - y) / len(y))[:, None])


def log_loss(params: Params, x: Array, y: Array) -> float:
    """Mean log-loss of the network ``params`` on standardised rows ``x``."""
    z = forward(params, x)[1]
    return float(np.mean(np.logaddexp(0, z) - y * z))


def train(
    x: Array,
    y: Array,
    valid: tuple[Array, Array],
    epochs: int,
    seed: int,
    hidden: tuple[int, ...] = HIDDEN,
    rate: float = RATE,
) -> Params:
    """Adam on mini-batches of 1024 with a little weight decay, the step size halved
    each epoch past the first half; returns the epoch with the best validation loss
    (positions of one round share their label, so a network soon learns rounds, not
    positions: the validation files, whole rounds apart, catch that)."""
    rng = np.random.default_rng(seed)
    params = init([x.shape[1], *hidden, 1], rng)
    return adam(
        params, (x, y), valid, (epochs, 1024, rate, DECAY), rng, gradients, ("log-loss", log_loss)
    )


def report(name: str, p: Array, y: Array) -> None:
    """Log-loss, accuracy, Brier score and calibration of predictions ``p``."""
    eps = 1e-7
    q = np.clip(p, eps, 1 - eps)
    loss = -np.mean(y * np.log(q) + (1 - y) * np.log(1 - q))
    base = np.clip(y.mean(), eps, 1 - eps)
    base_loss = -(base * np.log(base) + (1 - base) * np.log(1 - base))
    print(
        f"{name}: {len(y)} positions, log-loss {loss:.4f} (constant guess {base_loss:.4f}), "
        f"accuracy {np.mean((p > 0.5) == (y > 0.5)):.3f}, Brier {np.mean((p - y) ** 2):.4f}"
    )
    bins = np.minimum((p * 10).astype(int), 9)
    cells = []
    for k in range(10):
        sel = bins == k
        if sel.any():
            cells.append(f"{k * 10}-{k * 10 + 10}%: {100 * y[sel].mean():.0f}% of {sel.sum()}")
    print("  calibration (predicted: observed)  " + "; ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", default=",".join(map(str, HIDDEN)), help="layer widths")
    parser.add_argument("--rate", type=float, default=RATE, help="Adam's step size")
    parser.add_argument("--out", type=Path, default=Path("src/skipbo/bots/value_net.npz"))
    parser.add_argument(
        "--compare",
        type=Path,
        help="a saved network (e.g. the shipped one) to report on the same held-out positions",
    )
    args = parser.parse_args()
    train_files, valid_files, test_files = load(args.data)
    x = np.concatenate([f[0] for f in train_files])
    y = np.concatenate([f[1] for f in train_files])
    print(f"training on {len(y)} positions from {len(train_files)} files")
    mean, scale = x.mean(0), x.std(0) + 1e-6
    vx = np.concatenate([f[0] for f in valid_files])
    vy = np.concatenate([f[1] for f in valid_files])
    valid = (((vx - mean) / scale).astype(np.float32), vy)
    hidden = tuple(int(width) for width in args.hidden.split(","))
    params = train(
        ((x - mean) / scale).astype(np.float32), y, valid, args.epochs, args.seed, hidden, args.rate
    )
    layers = cast(list[tuple[FloatArray, FloatArray]], [(w, b) for w, b in params])
    net = ValueNet(mean.astype(np.float64), scale.astype(np.float64), layers)
    tx = np.concatenate([f[0] for f in test_files])
    ty = np.concatenate([f[1] for f in test_files])
    expert = np.concatenate([np.full(len(f[1]), f[2]) for f in test_files])
    two = tx[:, 0] == 2  # the first feature is the number of players
    raw = tx[:, :-DERIVED_SIZE]  # the network adds the derived columns itself
    compared = [("", net)]
    if args.compare:
        compared.append((f" ({args.compare})", ValueNet.load(args.compare)))
    for label, model in compared:
        report(f"held out, all tables{label}", model.predict(raw), ty)
        report(f"held out, 2 players{label}", model.predict(raw[two]), ty[two])
        if expert.any():
            report(
                f"held out, rounds with the expert{label}", model.predict(raw[expert]), ty[expert]
            )
    net.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
