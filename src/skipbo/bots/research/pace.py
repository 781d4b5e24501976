"""The pace network: own stock cards the next own turns will play, from a view.

A small multilayer perceptron over
:func:`skipbo.bots.pace_features.pace_features` of the view right after an own
discard, trained by ``training/pace_train.py`` on the stock cards the mover
then played in its next two turns (a dense target about the discard, where the
value network's is who won the round). Its weights ship with the package as
``skipbo/bots/pace_net.npz`` (beside the shipped networks' weights, which the
package data lists) and run in NumPy. An expert variant can add it to each
candidate discard's worth
(:attr:`skipbo.bots.research.expert_variants.VariantSettings.pace`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from skipbo.core import PlayerView

from ..mlp import FloatArray, Mlp
from ..pace_features import FEATURE_SIZE, pace_rows

WEIGHTS_FILE = "pace_net.npz"


class PaceNet(Mlp):
    """Own stock cards the next turns will play: :class:`~skipbo.bots.mlp.Mlp` as it is."""

    INPUTS = FEATURE_SIZE
    KIND = "pace network"

    def predict(self, x: npt.ArrayLike) -> FloatArray:
        """Predicted stock cards for rows of
        :func:`~skipbo.bots.pace_features.pace_features`."""
        return self._forward(np.atleast_2d(np.asarray(x, dtype=np.float32)))

    def paces(self, views: Sequence[PlayerView]) -> FloatArray:
        """Predicted own stock cards of the next turns after each view (one batch)."""
        return self.predict(pace_rows(views))


@cache
def pace_net() -> PaceNet:
    """The trained network shipped with the package (loaded once)."""
    return PaceNet.shipped(WEIGHTS_FILE)
