"""The medium bot: the easy bot's habits, plus plays from its own discard tops.

Where ``easy`` plays only its stock card and hand numbers that fit, ``medium``
also plays a discard-pile top that fits (after the stock card and the hand
numbers), so its discard piles do not silt up. It still looks one card ahead
only and discards as ``easy`` does, from the same seeded random choices.
"""

from __future__ import annotations

from .easy import EasyBot


class MediumBot(EasyBot):
    """The ``medium`` level: ``easy`` plus plays from its discard tops."""

    name = "medium"
    plays_discard_tops = True
