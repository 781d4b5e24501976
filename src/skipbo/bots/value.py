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

import numpy as np
import numpy.typing as npt

from skipbo.core import PlayerView

from .mlp import FloatArray, Mlp
from .value_features import FEATURE_SIZE, model_input, model_rows

WEIGHTS_FILE = "value_net.npz"


class ValueNet(Mlp):
    """Win probability of the viewer's side: :class:`~.mlp.Mlp` with a sigmoid
    on its output."""

    INPUTS = FEATURE_SIZE
    KIND = "value network"

    def logits(self, x: npt.ArrayLike) -> FloatArray:
        """Pre-sigmoid outputs for rows of :func:`~.value_features.features`."""
        return self._forward(model_input(np.atleast_2d(np.asarray(x))))

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
    return ValueNet.shipped(WEIGHTS_FILE)


def win_chance(view: PlayerView) -> float:
    """The shipped network's win chance for the side of ``view``'s seat."""
    return float(value_net().win_chances([view])[0])
