"""Train the pace network on the positions of ``pace_data.py``, in NumPy.

A multilayer perceptron (features -> 64 -> 32 -> 1, ReLU, linear output) fitted
by Adam on the squared error of one label column (``--target``: 1, 2 or 3 for
the own stock cards of the next 1, 2, 3 turns; ``diff`` for the next 2 turns'
own minus the next opponent's). Whole files of rounds are held out (a tenth to
pick the epoch, a tenth to test); the held-out mean squared error is printed
beside a constant guess and a linear least-squares fit. The weights go to
``src/skipbo/bots/pace_net.npz`` (float32).

    .venv/bin/python training/pace_train.py artifacts/pace --target 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from mlp_train import (
    Array,
    Params,
    adam,
    backward,
    forward,
    init,
    joined,
    split_by_file,
    standardiser,
)
from pace_data import OFFSET

from skipbo.bots.research.pace import PaceNet

HIDDEN = (64, 32)
RATE = 1e-3
DECAY = 1e-4
COLUMNS = {"1": 0, "2": 1, "3": 2, "diff": 3}


def load(folder: Path, target: str) -> list[tuple[Array, Array]]:
    """(features, label) of every file, in name order."""
    out = []
    column = COLUMNS[target]
    for path in sorted(folder.glob("*.npz")):
        with np.load(path) as data:
            y = data["y"][:, column].astype(np.float32)
            if target == "diff":
                y -= OFFSET
            out.append((data["x"].astype(np.float32), y))
    if len(out) < 10:
        sys.exit(f"{folder}: need at least ten data files, found {len(out)}")
    return out


def split(files: list[tuple[Array, Array]]) -> tuple[tuple[Array, ...], ...]:
    """Training, validation and test arrays (:func:`mlp_train.split_by_file`)."""
    return tuple(joined(part) for part in split_by_file(files))


def gradients(params: Params, x: Array, y: Array) -> Params:
    """Gradients of half the mean squared error."""
    acts, z = forward(params, x)
    return backward(params, acts, ((z - y) / len(y))[:, None])


def mse(params: Params, x: Array, y: Array) -> float:
    """Mean squared error of the network ``params`` on standardised rows ``x``."""
    return float(np.mean((forward(params, x)[1] - y) ** 2))


def train(
    x: Array, y: Array, valid: tuple[Array, Array], epochs: int, seed: int, hidden: tuple[int, ...]
) -> Params:
    """Adam on mini-batches of 512, the step size halved each epoch past the first
    half; returns the epoch with the best validation error. The output bias
    starts at the mean label."""
    rng = np.random.default_rng(seed)
    params = init([x.shape[1], *hidden, 1], rng)
    params[-1][1][:] = y.mean()
    return adam(params, (x, y), valid, (epochs, 512, RATE, DECAY), rng, gradients, ("MSE", mse))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--target", choices=sorted(COLUMNS), default="2")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", default=",".join(map(str, HIDDEN)), help="layer widths")
    parser.add_argument("--out", type=Path, default=Path("src/skipbo/bots/pace_net.npz"))
    args = parser.parse_args()
    (x, y), (vx, vy), (tx, ty) = split(load(args.data, args.target))
    print(f"training on {len(y)} positions, validating on {len(vy)}, testing on {len(ty)}")
    mean, scale = standardiser(x)

    def norm(a: Array) -> Array:
        out: Array = ((a - mean) / scale).astype(np.float32)
        return out

    constant = float(np.mean((ty - y.mean()) ** 2))
    print(f"held out: label mean {ty.mean():.3f}, constant guess MSE {constant:.4f}")
    design = np.hstack([norm(x), np.ones((len(y), 1), np.float32)])
    coef = np.linalg.lstsq(design, y, rcond=None)[0]
    linear = np.hstack([norm(tx), np.ones((len(ty), 1), np.float32)]) @ coef
    print(f"held out: linear MSE {np.mean((linear - ty) ** 2):.4f}")
    hidden = tuple(int(width) for width in args.hidden.split(","))
    params = train(norm(x), y, (norm(vx), vy), args.epochs, args.seed, hidden)
    net = PaceNet(
        mean.astype(np.float64),
        scale.astype(np.float64),
        [(w.astype(np.float64), b.astype(np.float64)) for w, b in params],
    )
    pred = net.predict(tx)
    print(f"held out: network MSE {np.mean((pred - ty) ** 2):.4f}")
    net.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
