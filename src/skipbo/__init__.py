"""Skip-Bo, exactly as the printed rules say.

The rules live in :mod:`skipbo.core` (pure: no I/O, no global randomness); bots,
simulation and the command line are built on top of it.
"""

__version__ = "0.1.0"
