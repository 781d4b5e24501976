"""Garbage collection without stalls: the start-up heap frozen, every pause timed.

CPython's cyclic collector runs on the event loop's thread and stops it: every
move in flight waits for it. A full collection (generation 2) walks every object
the collector tracks, and right after start-up those are the server's own code
and libraries (FastAPI, pydantic, the routes, the bots): some 69,000 objects
that live as long as the process, so every full collection would walk them
again: some 20 ms of stopped server each time, for nothing.

:func:`settle` runs once per process when the server has started (modules
imported, storage open, tables restored): it collects what start-up left
behind, then moves everything still alive into the permanent generation
(``gc.freeze()``), which no collection walks again; a full collection walks
only what was made since: the tables and connections. The thresholds stay
Python's: a bigger young generation (20,000 instead of 700) makes each middle
collection walk every table and connection made since the last one, longer
pauses than Python's thresholds give. docs/deploy.md ("No stalls") has the
pause times measured with and without each.

:func:`watch` times every collection (``gc.callbacks``) into the histogram
``skipbo_gc_pause_seconds`` of ``/metrics``, by generation, so that a stall
shows where an operator looks. ``SKIPBO_GC_TUNING=off`` leaves the start-up heap
unfrozen (the pauses are timed all the same), to compare.
"""

from __future__ import annotations

import gc
import os
import time
from typing import Any

from . import metrics

ENV_TUNING = "SKIPBO_GC_TUNING"
_settled = False
_started: float | None = None


def settle() -> None:
    """Collect once and freeze the survivors: once per process, after start-up (a
    second app in the same process, as tests make, changes nothing)."""
    global _settled
    if _settled or os.environ.get(ENV_TUNING, "on") == "off":
        return
    _settled = True
    gc.collect()
    gc.freeze()


def watch() -> None:
    """Time every collection of this process into ``skipbo_gc_pause_seconds`` (once)."""
    if _timer not in gc.callbacks:
        gc.callbacks.append(_timer)


def _timer(phase: str, info: dict[str, Any]) -> None:
    global _started
    if phase == "start":
        _started = time.perf_counter()
    elif _started is not None:
        metrics.GC_PAUSES_BY_GENERATION[info["generation"]].observe(time.perf_counter() - _started)
        _started = None
