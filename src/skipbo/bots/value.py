"""The learned evaluation: a seat's chance to win the round, from its view alone.

A small multilayer perceptron over :func:`skipbo.bots.value_features.features`,
trained on self-play positions of the strongest bots by
``training/value_train.py`` (docs/bots.md tells how). Its weights ship with the
package as ``value_net.npz`` (a few tens of kilobytes) and run in NumPy, so
nothing here needs a deep-learning library or the network.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from skipbo.core import PlayerView

from .value_features import FEATURE_SIZE, model_input, model_rows

WEIGHTS_FILE = "value_net.npz"
FloatArray = npt.NDArray[np.float64]


class ValueNet:
    """Win probability of the viewer's side: standardised features, ReLU layers,
    a sigmoid output. ``layers`` are (weights, bias) pairs, input first."""

    def __init__(
        self, mean: FloatArray, scale: FloatArray, layers: Sequence[tuple[FloatArray, FloatArray]]
    ) -> None:
        if mean.shape != (FEATURE_SIZE,):
            raise ValueError(f"the value network expects {FEATURE_SIZE} features, not {mean.shape}")
        self.mean = mean
        self.scale = scale
        self.layers = list(layers)

    @classmethod
    def load(cls, path: Path | str) -> ValueNet:
        """The network saved by :meth:`save` (or by the training script)."""
        with np.load(path) as data:
            count = sum(1 for key in data.files if key.startswith("w"))
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
            return cls(data["mean"], data["scale"], layers)

    def save(self, path: Path | str) -> None:
        """Write the weights as float32 (the precision plays no part in a probability)."""
        arrays = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        small = {key: value.astype(np.float32) for key, value in arrays.items()}
        np.savez_compressed(path, allow_pickle=False, **small)

    def logits(self, x: npt.ArrayLike) -> FloatArray:
        """Pre-sigmoid outputs for rows of :func:`~.value_features.features`."""
        return self._forward(model_input(np.atleast_2d(np.asarray(x))))

    def _forward(self, inputs: npt.NDArray[np.float32]) -> FloatArray:
        """Logits of rows of the network's input (features and derived columns)."""
        h = (inputs - self.mean) / self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        result: FloatArray = h[..., 0]
        return result

    def predict(self, x: npt.ArrayLike) -> FloatArray:
        """Win probabilities for rows of :func:`~.value_features.features`."""
        result: FloatArray = 1.0 / (1.0 + np.exp(-self.logits(x)))
        return result

    def win_chances(self, views: Sequence[PlayerView]) -> FloatArray:
        """The win chance of each view's side (one batch through the network)."""
        result: FloatArray = 1.0 / (1.0 + np.exp(-self._forward(model_rows(views))))
        return result


@cache
def value_net() -> ValueNet:
    """The trained network shipped with the package (loaded once)."""
    with resources.as_file(resources.files("skipbo.bots") / WEIGHTS_FILE) as path:
        return ValueNet.load(path)


def win_chance(view: PlayerView) -> float:
    """The shipped network's win chance for the side of ``view``'s seat."""
    return float(value_net().win_chances([view])[0])
