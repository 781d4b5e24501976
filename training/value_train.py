"""Train the value network on the positions of ``value_data.py``, in NumPy.

A multilayer perceptron (features -> 64 -> 32 -> 1, ReLU, sigmoid) fitted by
Adam on the log-loss. Whole files of rounds are held out (every tenth file), so
no round has positions on both sides of the split; the held-out log-loss,
accuracy, Brier score and a calibration table are printed, for all positions and
for the 2-player rounds with the expert. The weights go to
``src/skipbo/bots/value_net.npz`` (float32, a few tens of kilobytes).

    .venv/bin/python training/value_train.py artifacts/values
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

from skipbo.bots.value import ValueNet

Array = npt.NDArray[np.float64]
HIDDEN = (64, 32)


def load(folder: Path) -> tuple[list[tuple[Array, Array, bool]], list[tuple[Array, Array, bool]]]:
    """(features, labels, expert?) per file, split into training and held-out files."""
    train, test = [], []
    for i, path in enumerate(sorted(folder.glob("*.npz"))):
        with np.load(path) as data:
            item = (
                data["x"].astype(np.float64),
                data["y"].astype(np.float64),
                "expert" in path.name,
            )
        (test if i % 10 == 9 else train).append(item)
    if not train or not test:
        sys.exit(f"{folder}: need at least ten data files, found {len(train) + len(test)}")
    return train, test


def init(sizes: list[int], rng: np.random.Generator) -> list[list[Array]]:
    """He-initialised weights and zero biases, input layer first."""
    return [
        [rng.normal(0, np.sqrt(2 / a), (a, b)), np.zeros(b)]
        for a, b in itertools.pairwise(sizes)
    ]


def forward(params: list[list[Array]], x: Array) -> tuple[list[Array], Array]:
    """Activations of every layer (input first) and the output logits."""
    acts = [x]
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i < len(params) - 1:
            h = np.maximum(h, 0)
            acts.append(h)
    return acts, h[:, 0]


def gradients(params: list[list[Array]], x: Array, y: Array) -> list[list[Array]]:
    """Gradients of the mean log-loss."""
    acts, z = forward(params, x)
    delta = ((1 / (1 + np.exp(-z)) - y) / len(y))[:, None]
    grads: list[list[Array]] = []
    for i in range(len(params) - 1, -1, -1):
        w, _ = params[i]
        grads.append([acts[i].T @ delta, delta.sum(0)])
        if i:
            delta = (delta @ w.T) * (acts[i] > 0)
    return grads[::-1]


def train(x: Array, y: Array, epochs: int, seed: int) -> list[list[Array]]:
    """Adam on mini-batches of 512, the step size halved in the last epochs."""
    rng = np.random.default_rng(seed)
    params = init([x.shape[1], *HIDDEN, 1], rng)
    m = [[np.zeros_like(p) for p in layer] for layer in params]
    v = [[np.zeros_like(p) for p in layer] for layer in params]
    step = 0
    for epoch in range(epochs):
        lr = 1e-3 * (0.5 ** max(0, epoch - epochs // 2))
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
                    layer[j] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)
        print(f"epoch {epoch + 1}/{epochs}", file=sys.stderr)
    return params


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
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("src/skipbo/bots/value_net.npz"))
    args = parser.parse_args()
    train_files, test_files = load(args.data)
    x = np.concatenate([f[0] for f in train_files])
    y = np.concatenate([f[1] for f in train_files])
    print(f"training on {len(y)} positions from {len(train_files)} files")
    mean, scale = x.mean(0), x.std(0) + 1e-6
    params = train((x - mean) / scale, y, args.epochs, args.seed)
    net = ValueNet(mean, scale, [(w, b) for w, b in params])
    for label, files in (
        ("held out, all", test_files),
        ("held out, expert rounds", [f for f in test_files if f[2]]),
    ):
        if files:
            tx = np.concatenate([f[0] for f in files])
            ty = np.concatenate([f[1] for f in files])
            report(label, net.predict(tx), ty)
    net.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
