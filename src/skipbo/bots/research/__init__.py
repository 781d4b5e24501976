"""Bots and networks kept for measurement, not shipped as levels.

Every idea measured against the shipped bots and not taken stays here, so that
its figures in docs/bots.md can be reproduced (``benchmarks/expert_variants.py``)
and the training scripts can make their data (``training/``):
:mod:`.expert_variants` (the expert with its search options: sampled worlds at
the discard, looking past the line's chance events, the value and pace
networks as extra terms) and :mod:`.pace` (the pace network). Nothing in the
registry imports this package.
"""
