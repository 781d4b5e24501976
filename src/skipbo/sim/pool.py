"""Running independent tasks in order, on this process or on a process pool.

Simulations and tournaments both split their rounds into seeded tasks whose
results do not depend on where they run; this is the one place that decides
where.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def resolve_jobs(jobs: int) -> int:
    """The worker count a ``--jobs`` option means: 0 is one per CPU."""
    return jobs or os.cpu_count() or 1


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is handled once, by the parent, without worker tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def ordered_map(function: Callable[[T], R], tasks: Iterable[T], jobs: int) -> Iterator[R]:
    """``map(function, tasks)`` in task order, over ``jobs`` processes when ``jobs > 1``."""
    if jobs == 1:
        yield from map(function, tasks)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
    try:
        yield from pool.map(function, tasks)
    finally:
        # On an early exit (Ctrl-C, a write error) drop the tasks not yet started.
        pool.shutdown(wait=True, cancel_futures=True)
