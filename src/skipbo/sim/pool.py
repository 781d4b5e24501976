"""Running independent tasks in order: on this process, a process pool or a Ray cluster.

Simulations and tournaments both split their rounds into seeded tasks whose
results do not depend on where they run; this is the one place that decides
where (:func:`run_tasks`), and the one place that reads ``--backend`` and
``--address`` for both commands.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from .backend import BACKENDS, RAY_INSTALL_HINT, Backend

__all__ = [
    "PROCESSES",
    "Backend",
    "add_backend_options",
    "backend_from_args",
    "ordered_map",
    "resolve_jobs",
    "run_tasks",
]

T = TypeVar("T")
R = TypeVar("R")

PROCESSES = Backend()
"""The default: this process, or a pool of processes on this machine."""


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


def run_tasks(
    function: Callable[[T], R], tasks: Iterable[T], jobs: int, backend: Backend
) -> Iterator[R]:
    """``map(function, tasks)`` in task order, on the backend asked for.

    ``function`` must be a module-level function (it is sent by reference).
    With Ray, ``jobs`` is the local cluster's CPUs; an existing cluster runs
    as many tasks at once as it has CPUs.
    """
    if backend.name == "ray":
        from .ray_backend import ray_ordered_map  # Ray is an optional extra

        return ray_ordered_map(function, tasks, jobs, backend.address)
    return ordered_map(function, tasks, jobs)


# ------------------------------------------------------------ command line


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--address``, the same for ``simulate`` and ``tournament``."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="where the rounds run: this machine's processes (default) or a Ray cluster;"
        " the results are the same",
    )
    parser.add_argument(
        "--address",
        metavar="HOST:PORT",
        help="with --backend ray: an existing Ray cluster (default: start a local one)",
    )


def backend_from_args(args: argparse.Namespace) -> Backend:
    """The backend the options ask for; ``ValueError`` (one line) if it cannot be used."""
    backend = Backend(args.backend, args.address)
    if backend.name == "ray" and importlib.util.find_spec("ray") is None:
        raise ValueError(f"--backend ray needs Ray, an optional extra: {RAY_INSTALL_HINT}")
    return backend
