"""Optional compiled build: ``SKIPBO_COMPILE=1 pip install .`` compiles the hot
modules with mypyc (the same typed Python source, as C extensions; about 2-3x
faster, see docs/performance.md). Without the variable, a plain pure-Python install.
"""

import os

from setuptools import setup

HOT_MODULES = [
    "src/skipbo/core/cards.py",
    "src/skipbo/core/moves.py",
    "src/skipbo/core/rules.py",
    "src/skipbo/core/state.py",
    "src/skipbo/core/view.py",
    "src/skipbo/core/records.py",
    "src/skipbo/core/shuffles.py",
    "src/skipbo/bots/greedy.py",
    "src/skipbo/bots/random_bot.py",
    "src/skipbo/sim/runner.py",
]

ext_modules = []
if os.environ.get("SKIPBO_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(HOT_MODULES, opt_level="3")

setup(ext_modules=ext_modules)
