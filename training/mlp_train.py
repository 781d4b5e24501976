"""Fitting :class:`skipbo.bots.mlp.Mlp` networks in NumPy: what the training scripts share.

``value_train.py`` (log-loss on who won), ``pace_train.py`` (squared error on
stock cards played) and ``search_train.py`` (squared error between a decision's
candidates) differ only in the error at the output; the split of the data files,
the input scaling, the layers, the backward pass through them and Adam with
decoupled weight decay are here once.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.floating]
Params = list[list[Array]]
T = TypeVar("T")


def split_by_file(files: Sequence[T]) -> tuple[list[T], list[T], list[T]]:
    """Training, validation (every tenth file from the fifth: picks the epoch) and
    test (every tenth from the tenth: only reported). Whole files of rounds go to
    one side, so that no round has positions on two."""
    parts: dict[int, list[T]] = {0: [], 4: [], 9: []}
    for i, item in enumerate(files):
        parts[i % 10 if i % 10 in (4, 9) else 0].append(item)
    return parts[0], parts[4], parts[9]


def joined(files: Sequence[tuple[Array, ...]]) -> tuple[Array, ...]:
    """The files' arrays, each column concatenated over the files."""
    return tuple(np.concatenate(column) for column in zip(*files, strict=True))


def standardiser(x: Array) -> tuple[Array, Array]:
    """The mean and scale of each input column. An entry the data never varies
    (at the 2-player tables: players, partner) gets a huge scale, so that other
    tables' values of it play no part."""
    mean, std = x.mean(0), x.std(0)
    return mean, np.where(std > 1e-3, std, 1e6).astype(np.float32)


def init(sizes: list[int], rng: np.random.Generator) -> Params:
    """He-initialised weights and zero biases, input layer first."""
    return [
        [rng.normal(0, np.sqrt(2 / a), (a, b)).astype(np.float32), np.zeros(b, np.float32)]
        for a, b in itertools.pairwise(sizes)
    ]


def forward(params: Params, x: Array) -> tuple[list[Array], Array]:
    """Activations of every layer (input first) and the output (before any squashing)."""
    acts = [x]
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i < len(params) - 1:
            h = np.maximum(h, 0)
            acts.append(h)
    return acts, h[:, 0]


def backward(params: Params, acts: list[Array], delta: Array) -> Params:
    """Gradients of every layer, given the loss's gradient at the output (a column)."""
    grads: Params = []
    for i in range(len(params) - 1, -1, -1):
        w, _ = params[i]
        grads.append([acts[i].T @ delta, delta.sum(0)])
        if i:
            delta = (delta @ w.T) * (acts[i] > 0)
    return grads[::-1]


def adam(
    params: Params,
    data: tuple[Array, Array],
    valid: tuple[Array, Array],
    settings: tuple[int, int, float, float],
    rng: np.random.Generator,
    gradients: Callable[[Params, Array, Array], Params],
    loss: tuple[str, Callable[[Params, Array, Array], float]],
) -> Params:
    """Adam on shuffled mini-batches, the step size halved each epoch past the first
    half; returns the epoch with the best validation loss. ``settings`` are the
    epochs, the batch size, the step size and the decoupled weight decay (times
    the step size); ``loss`` is its name for the progress lines and the function."""
    x, y = data
    epochs, size, rate, decay = settings
    name, measure = loss
    m = [[np.zeros_like(p) for p in layer] for layer in params]
    v = [[np.zeros_like(p) for p in layer] for layer in params]
    step = 0
    best_loss, best = float("inf"), params
    for epoch in range(epochs):
        lr = rate * (0.5 ** max(0, epoch - epochs // 2))
        order = rng.permutation(len(y))
        for start in range(0, len(y), size):
            batch = order[start : start + size]
            grads = gradients(params, x[batch], y[batch])
            step += 1
            for layer, g_layer, m_layer, v_layer in zip(params, grads, m, v, strict=True):
                for j in range(2):
                    m_layer[j] = 0.9 * m_layer[j] + 0.1 * g_layer[j]
                    v_layer[j] = 0.999 * v_layer[j] + 0.001 * g_layer[j] ** 2
                    m_hat = m_layer[j] / (1 - 0.9**step)
                    v_hat = v_layer[j] / (1 - 0.999**step)
                    layer[j] -= lr * (m_hat / (np.sqrt(v_hat) + 1e-8) + decay * layer[j])
        found = measure(params, *valid)
        print(f"epoch {epoch + 1}/{epochs}: validation {name} {found:.4f}", file=sys.stderr)
        if found < best_loss:
            best_loss, best = found, [[p.copy() for p in layer] for layer in params]
    return best
