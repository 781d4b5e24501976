"""The discard network: what the expert's search makes of a discard, from the view alone.

The sampling expert (:mod:`skipbo.bots.research.expert_variants`) judges its
candidate discards by sampled worlds: the other seats' turns, then combo's score
of its own next turn. The expert (:mod:`skipbo.bots.expert`) asks this network
instead: a small multilayer perceptron over
:func:`skipbo.bots.pace_features.pace_features` of the view right after a
candidate, trained by ``training/search_train.py`` on those same judgements
with many more worlds (``training/search_data.py``), as differences between the
candidates of one decision: its output is a
candidate's worth relative to the others, in hundreds of combo's score (a
stock card is 10), and only differences between candidates mean anything. Its
weights ship as ``discard_net.npz`` and run in NumPy.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from skipbo.core import PlayerView

from .mlp import FloatArray, Mlp
from .pace_features import FEATURE_SIZE, pace_rows

WEIGHTS_FILE = "discard_net.npz"
SCALE = 100.0
"""Combo's score per unit of the network's output (a stock card is 10)."""


class DiscardNet(Mlp):
    """A candidate discard's relative worth: :class:`~.mlp.Mlp` as it is."""

    INPUTS = FEATURE_SIZE
    KIND = "discard network"

    def predict(self, x: npt.ArrayLike) -> FloatArray:
        """Relative worths (hundreds of points) for rows of
        :func:`~.pace_features.pace_features`."""
        return self._forward(np.atleast_2d(np.asarray(x, dtype=np.float32)))

    def worths(self, views: Sequence[PlayerView]) -> FloatArray:
        """Each view's relative worth in combo's score (one batch); the views are
        the same decision's candidates, each right after its discard."""
        return self.predict(pace_rows(views)) * SCALE


@cache
def discard_net() -> DiscardNet:
    """The trained network shipped with the package (loaded once)."""
    return DiscardNet.shipped(WEIGHTS_FILE)
