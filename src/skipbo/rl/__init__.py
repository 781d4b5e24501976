"""Reinforcement-learning interfaces: PettingZoo, Gymnasium and (optionally) OpenSpiel.

Install with ``pip install 'skipbo[rl]'`` (``'skipbo[rl,openspiel]'`` for OpenSpiel).
Everything here observes the table through :func:`skipbo.core.player_view` only
(:mod:`skipbo.rl.encoding`); ``docs/rl.md`` documents spaces, encoding and rewards.

- ``skipbo.rl.skipbo_v0.env(...)``: the PettingZoo AEC environment;
- ``gymnasium.make("SkipBo-v0", ...)``: one seat against built-in bots
  (registered when this package is imported; ``gymnasium.make("skipbo.rl:SkipBo-v0")``
  imports it first);
- ``skipbo.rl.openspiel_game``: registers ``python_skipbo`` with ``pyspiel``.
"""

from __future__ import annotations

import gymnasium

ENV_ID = "SkipBo-v0"

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="skipbo.rl.gym_env:SkipBoEnv")

__all__ = ["ENV_ID"]
