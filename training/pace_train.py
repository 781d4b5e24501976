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
import itertools
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).parent))
from pace_data import OFFSET

from skipbo.bots.pace import PaceNet

Array = npt.NDArray[np.floating]
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


def split(files: list[tuple[Array, Array]]) -> tuple[tuple[Array, Array], ...]:
    """Training, validation (every tenth file from the fifth), test (from the tenth)."""
    parts: dict[int, list[tuple[Array, Array]]] = {0: [], 4: [], 9: []}
    for i, item in enumerate(files):
        parts[i % 10 if i % 10 in (4, 9) else 0].append(item)
    return tuple(
        (np.concatenate([f[0] for f in parts[k]]), np.concatenate([f[1] for f in parts[k]]))
        for k in (0, 4, 9)
    )


def init(sizes: list[int], rng: np.random.Generator) -> list[list[Array]]:
    return [
        [rng.normal(0, np.sqrt(2 / a), (a, b)).astype(np.float32), np.zeros(b, np.float32)]
        for a, b in itertools.pairwise(sizes)
    ]


def forward(params: list[list[Array]], x: Array) -> tuple[list[Array], Array]:
    acts = [x]
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i < len(params) - 1:
            h = np.maximum(h, 0)
            acts.append(h)
    return acts, h[:, 0]


def gradients(params: list[list[Array]], x: Array, y: Array) -> list[list[Array]]:
    """Gradients of half the mean squared error."""
    acts, z = forward(params, x)
    delta = ((z - y) / len(y))[:, None]
    grads: list[list[Array]] = []
    for i in range(len(params) - 1, -1, -1):
        w, _ = params[i]
        grads.append([acts[i].T @ delta, delta.sum(0)])
        if i:
            delta = (delta @ w.T) * (acts[i] > 0)
    return grads[::-1]


def mse(params: list[list[Array]], x: Array, y: Array) -> float:
    return float(np.mean((forward(params, x)[1] - y) ** 2))


def train(
    x: Array, y: Array, valid: tuple[Array, Array], epochs: int, seed: int, hidden: tuple[int, ...]
) -> list[list[Array]]:
    """Adam on mini-batches of 512, the step size halved each epoch past the first
    half; returns the epoch with the best validation error. The output bias
    starts at the mean label."""
    rng = np.random.default_rng(seed)
    params = init([x.shape[1], *hidden, 1], rng)
    params[-1][1][:] = y.mean()
    m = [[np.zeros_like(p) for p in layer] for layer in params]
    v = [[np.zeros_like(p) for p in layer] for layer in params]
    step = 0
    best_loss, best = float("inf"), params
    for epoch in range(epochs):
        lr = RATE * (0.5 ** max(0, epoch - epochs // 2))
        order = rng.permutation(len(y))
        for start in range(0, len(y), 512):
            batch = order[start : start + 512]
            grads = gradients(params, x[batch], y[batch])
            step += 1
            for layer, g_layer, m_layer, v_layer in zip(params, grads, m, v, strict=True):
                for j in range(2):
                    m_layer[j] = 0.9 * m_layer[j] + 0.1 * g_layer[j]
                    v_layer[j] = 0.999 * v_layer[j] + 0.001 * g_layer[j] ** 2
                    m_hat = m_layer[j] / (1 - 0.9**step)
                    v_hat = v_layer[j] / (1 - 0.999**step)
                    layer[j] -= lr * (m_hat / (np.sqrt(v_hat) + 1e-8) + DECAY * layer[j])
        loss = mse(params, *valid)
        print(f"epoch {epoch + 1}/{epochs}: validation MSE {loss:.4f}", file=sys.stderr)
        if loss < best_loss:
            best_loss, best = loss, [[p.copy() for p in layer] for layer in params]
    return best


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
    # an entry the data never varies (the 2-player tables: players, partner) gets
    # a huge scale, so that other tables' values of it play no part
    mean, std = x.mean(0), x.std(0)
    scale = np.where(std > 1e-3, std, 1e6).astype(np.float32)

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
