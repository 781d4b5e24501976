"""Simulations: bots playing rounds against each other, and what came out of them.

:func:`play_round` is the one loop that lets bots play (they only ever see a
player view); :func:`simulate` runs many seeded rounds, optionally over several
processes, and sums them up in a :class:`Summary`.
"""

from .runner import play_round
from .simulate import GameOutcome, SimConfig, play_game, simulate
from .stats import Share, Spread, Summary, mean, median, wilson_interval

__all__ = [
    "GameOutcome",
    "Share",
    "SimConfig",
    "Spread",
    "Summary",
    "mean",
    "median",
    "play_game",
    "play_round",
    "simulate",
    "wilson_interval",
]
