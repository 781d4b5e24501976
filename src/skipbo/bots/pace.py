"""The pace network: own stock cards the next own turns will play, from a view.

A small multilayer perceptron over
:func:`skipbo.bots.pace_features.pace_features` of the view right after an own
discard, trained by ``training/pace_train.py`` on the stock cards the mover
then played in its next two turns (a dense target about the discard, where the
value network's is who won the round). Its weights ship with the package as
``pace_net.npz`` and run in NumPy. The expert can add it to each candidate
discard's worth (:attr:`skipbo.bots.deep.DeepSettings.pace`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from skipbo.core import PlayerView

from .pace_features import FEATURE_SIZE, pace_rows

WEIGHTS_FILE = "pace_net.npz"
FloatArray = npt.NDArray[np.float64]


class PaceNet:
    """Standardised features, ReLU layers, a linear output (stock cards).
    ``layers`` are (weights, bias) pairs, input first."""

    def __init__(
        self, mean: FloatArray, scale: FloatArray, layers: Sequence[tuple[FloatArray, FloatArray]]
    ) -> None:
        if mean.shape != (FEATURE_SIZE,):
            raise ValueError(f"the pace network expects {FEATURE_SIZE} features, not {mean.shape}")
        self.mean = mean
        self.scale = scale
        self.layers = list(layers)

    @classmethod
    def load(cls, path: Path | str) -> PaceNet:
        """The network saved by :meth:`save`."""
        with np.load(path) as data:
            count = sum(1 for key in data.files if key.startswith("w"))
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
            return cls(data["mean"], data["scale"], layers)

    def save(self, path: Path | str) -> None:
        """Write the weights as float32."""
        arrays = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        small = {key: value.astype(np.float32) for key, value in arrays.items()}
        np.savez_compressed(path, allow_pickle=False, **small)

    def predict(self, x: npt.ArrayLike) -> FloatArray:
        """Predicted stock cards for rows of :func:`~.pace_features.pace_features`."""
        h = (np.atleast_2d(np.asarray(x, dtype=np.float32)) - self.mean) / self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        result: FloatArray = h[..., 0]
        return result

    def paces(self, views: Sequence[PlayerView]) -> FloatArray:
        """Predicted own stock cards of the next turns after each view (one batch)."""
        return self.predict(pace_rows(views))


@cache
def pace_net() -> PaceNet:
    """The trained network shipped with the package (loaded once)."""
    with resources.as_file(resources.files("skipbo.bots") / WEIGHTS_FILE) as path:
        return PaceNet.load(path)
