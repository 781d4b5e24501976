"""The small multilayer perceptrons the bots run in NumPy, and their weight files.

The learned evaluations (:mod:`skipbo.bots.value`, :mod:`skipbo.bots.discard_net`,
:mod:`skipbo.bots.research.pace`) are the same network: standardised inputs,
ReLU layers, one output. This module holds that network, how its weights are
saved and loaded (float32 ``.npz``, no pickle), and how the weights shipped in
the package are found; each evaluation adds only its features and what its
output means.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import ClassVar, Self

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


class Mlp:
    """Standardised inputs, ReLU layers, a linear output. ``layers`` are (weights,
    bias) pairs, input first; ``INPUTS`` is the input width a subclass reads."""

    INPUTS: ClassVar[int]
    KIND: ClassVar[str] = "network"
    """What the network is called in an error message."""

    def __init__(
        self, mean: FloatArray, scale: FloatArray, layers: Sequence[tuple[FloatArray, FloatArray]]
    ) -> None:
        if mean.shape != (self.INPUTS,):
            raise ValueError(f"the {self.KIND} expects {self.INPUTS} features, not {mean.shape}")
        self.mean = mean
        self.scale = scale
        self.layers = list(layers)

    @classmethod
    def load(cls, path: Path | str) -> Self:
        """The network saved by :meth:`save` (or by a training script)."""
        with np.load(path) as data:
            count = sum(1 for key in data.files if key.startswith("w"))
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
            return cls(data["mean"], data["scale"], layers)

    @classmethod
    def shipped(cls, name: str) -> Self:
        """The weights file ``name`` that ships in the ``skipbo.bots`` package."""
        with resources.as_file(resources.files("skipbo.bots") / name) as path:
            return cls.load(path)

    def save(self, path: Path | str) -> None:
        """Write the weights as float32 (the precision plays no part in the output)."""
        arrays = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        small = {key: value.astype(np.float32) for key, value in arrays.items()}
        np.savez_compressed(path, allow_pickle=False, **small)

    def _forward(self, inputs: npt.NDArray[np.float32]) -> FloatArray:
        """The output (before any squashing) for rows of the network's input."""
        h = (inputs - self.mean) / self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        result: FloatArray = h[..., 0]
        return result
