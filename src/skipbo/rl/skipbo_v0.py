"""PettingZoo's naming convention: ``from skipbo.rl import skipbo_v0; skipbo_v0.env()``."""

from .pettingzoo_env import SkipBoAEC, env, raw_env

__all__ = ["SkipBoAEC", "env", "raw_env"]
