"""Train the discard network on the many-world labels of ``search_data.py``, in NumPy.

The network reads :func:`~skipbo.bots.pace_features.pace_features` of the view
right after a candidate discard and predicts that discard's worth in the
expert's search (combo's score of the own next turn, less the other side's
stock cards meanwhile, in hundreds: a stock card is 10) *relative to the
other candidates of the same decision*: the loss is the squared error of the
prediction minus its decision's mean against the label minus its decision's
mean, so only what tells candidates apart is learned (what all candidates
share, the position's worth, is no help in choosing and is left out).

The label of a candidate is its mean worth over all the worlds of the data.
The held-out report judges by worlds 2 to 15 only (worlds the expert's own
two-world estimate does not use), so that it can compare fairly how often each
way of choosing picks the candidate that is best by those fourteen worlds, and
the mean worth it gives up against that best (regret): the expert's two worlds alone, the network
alone, and the two together (``--weights``: times the network's prediction,
added to the two-world estimate). Whole files are held out (a tenth to pick
the epoch, a tenth to test). The weights go to
``src/skipbo/bots/discard_net.npz`` (float32).

    .venv/bin/python training/search_train.py artifacts/search
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

from skipbo.bots.discard_net import SCALE, DiscardNet

HIDDEN = (256, 128)
RATE = 1e-3
DECAY = 1e-4
OWN_WORLDS = 2
"""Worlds the expert's estimate uses (the first ones of the data)."""

Split = tuple[Array, Array, Array, Array, Array]
"""(features per candidate, label per candidate (NaN: no candidate), the label
by the worlds after the expert's own, their two-world estimate, tidiness), one
row per decision."""


def load(folder: Path) -> list[Split]:
    """Every file's decisions, in name order."""
    out = []
    for path in sorted(folder.glob("*.npz")):
        with np.load(path) as data:
            worths = np.nan_to_num(data["worths"].astype(np.float64))  # NaN world: all equal
            count = data["count"]
            pad = np.arange(worths.shape[2])[None, :] >= count[:, None]
            label = worths.mean(1) / SCALE
            later = worths[:, OWN_WORLDS:].mean(1) / SCALE
            label[pad] = later[pad] = np.nan
            own = worths[:, :OWN_WORLDS].mean(1)
            out.append((data["pace"].astype(np.float32), label, later, own, data["tidy"]))
    if len(out) < 10:
        sys.exit(f"{folder}: need at least ten data files, found {len(out)}")
    return out


def split(files: list[Split]) -> tuple[Split, Split, Split]:
    """Training, validation and test arrays (:func:`mlp_train.split_by_file`)."""
    train, valid, test = (joined(part) for part in split_by_file(files))
    return train, valid, test  # type: ignore[return-value]


def centred(values: Array, label: Array) -> Array:
    """``values`` minus their decision's mean over its candidates (0 at the pads)."""
    mask = ~np.isnan(label)
    mean = np.where(mask, values, 0).sum(1, keepdims=True) / mask.sum(1, keepdims=True)
    return np.where(mask, values - mean, 0.0)


def predictions(params: Params, x: Array) -> Array:
    """The network's output per candidate, decisions by rows."""
    rows, candidates, width = x.shape
    return forward(params, x.reshape(rows * candidates, width))[1].reshape(rows, candidates)


def gradients(params: Params, x: Array, y: Array) -> Params:
    """Gradients of half the mean squared error of the centred predictions."""
    rows, candidates, width = x.shape
    acts, z = forward(params, x.reshape(rows * candidates, width))
    error = centred(z.reshape(rows, candidates), y) - centred(np.nan_to_num(y), y)
    delta = error / (~np.isnan(y)).sum()
    return backward(params, acts, delta.reshape(-1, 1).astype(np.float32))


def centred_mse(params: Params, x: Array, y: Array) -> float:
    """Mean squared error of the centred predictions, per candidate."""
    error = centred(predictions(params, x), y) - centred(np.nan_to_num(y), y)
    return float((error**2).sum() / (~np.isnan(y)).sum())


def report(name: str, score: Array, label: Array) -> None:
    """How often ``score``'s best candidate is the label's best, and the mean regret."""
    masked = np.where(np.isnan(label), -np.inf, score)
    chosen = masked.argmax(1)
    truth = np.where(np.isnan(label), -np.inf, label)
    best = truth.max(1)
    got = truth[np.arange(len(chosen)), chosen]
    informative = (np.nanmax(label, 1) - np.nanmin(label, 1)) > 1e-9
    agree = float(np.mean(chosen[informative] == truth[informative].argmax(1)))
    regret = float(np.mean(best - got)) * SCALE
    print(f"  {name:<28} picks the best {agree:6.1%}   regret {regret:7.2f} points")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", default=",".join(map(str, HIDDEN)), help="layer widths")
    parser.add_argument("--weights", default="1,2,3", help="network weights to report")
    parser.add_argument("--out", type=Path, default=Path("src/skipbo/bots/discard_net.npz"))
    args = parser.parse_args()
    (x, y, *_), (vx, vy, *_), (tx, _, ty, town, ttidy) = split(load(args.data))
    print(f"training on {len(y)} decisions, validating on {len(vy)}, testing on {len(ty)}")
    flat = x[~np.isnan(y)]
    mean, scale = standardiser(flat)

    def norm(a: Array) -> Array:
        out: Array = ((a - mean) / scale).astype(np.float32)
        return out

    rng = np.random.default_rng(args.seed)
    hidden = tuple(int(width) for width in args.hidden.split(","))
    params = init([x.shape[2], *hidden, 1], rng)
    params[-1][0] *= 0.01  # start near "all candidates alike"
    settings = (args.epochs, 256, RATE, DECAY)
    loss = ("MSE", centred_mse)
    params = adam(params, (norm(x), y), (norm(vx), vy), settings, rng, gradients, loss)
    net = DiscardNet(
        mean.astype(np.float64),
        scale.astype(np.float64),
        [(w.astype(np.float64), b.astype(np.float64)) for w, b in params],
    )
    spread = float(np.nanmean(centred(np.nan_to_num(ty), ty)[~np.isnan(ty)] ** 2))
    found = centred_mse(params, norm(tx), ty)
    print(f"held out: centred label variance {spread:.5f}, network {found:.5f}")
    rows, candidates, width = tx.shape
    guess = net.predict(tx.reshape(rows * candidates, width)).reshape(rows, candidates) * SCALE
    print(f"held out, {rows} decisions (the best by worlds 2-15):")
    report("two worlds + tidiness", town + ttidy, ty)
    report("two worlds", town, ty)
    report("tidiness", ttidy, ty)
    report("network", guess, ty)
    report("network + tidiness", guess + ttidy, ty)
    for weight in (float(w) for w in args.weights.split(",")):
        report(f"two worlds + tidy + {weight:g} net", town + ttidy + weight * guess, ty)
    net.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
