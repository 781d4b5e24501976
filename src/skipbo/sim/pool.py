"""Running independent tasks in order: on this process, a process pool or a Ray cluster.

Simulations and tournaments both split their rounds into seeded tasks whose
results do not depend on where they run; this is the one place that decides
where (:func:`run_tasks`), and the one place that reads ``--backend`` and
``--address`` for both commands.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
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


def _init_worker() -> None:
    """Worker initializer: Ctrl-C is handled once, by the parent, without worker
    tracebacks; SIGTERM, the parent stopping early, ends the worker's task at once,
    its own clean-up (an outside bot's process killed) included (:func:`_stop_worker`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)


_stopping = False
"""Set in a worker by SIGTERM: the tasks already queued for it end at once (:func:`_call`)."""


def _stop_worker(signum: int, frame: object) -> None:
    """SIGTERM in a worker: leave the task by ``SystemExit``, so that its ``finally``
    blocks run (a plain SIGTERM would leave an outside bot's process behind) and the
    worker exits without a traceback."""
    global _stopping
    _stopping = True
    raise SystemExit(128 + signum)


def _call(function: Callable[[T], R], task: T) -> R:
    """Run one task in a worker, unless the worker is stopping: the pool hands each
    worker its next task before the last one ends, and cancelling the futures does
    not take those back."""
    if _stopping:
        raise SystemExit(128 + signal.SIGTERM)
    return function(task)


def ordered_map(function: Callable[[T], R], tasks: Iterable[T], jobs: int) -> Iterator[R]:
    """``map(function, tasks)`` in task order, over ``jobs`` processes when ``jobs > 1``.

    On an early exit (Ctrl-C, a write error) the tasks not yet started are dropped and
    the running ones stopped: waiting for them took as long as a task (minutes, with
    slow bots) after Ctrl-C, with nothing said.
    """
    if jobs == 1:
        yield from map(function, tasks)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker)
    finished = False
    try:
        futures = deque(pool.submit(_call, function, task) for task in tasks)
        while futures:
            yield _result(futures.popleft())  # popped: a result is not kept once given
        finished = True
    finally:
        if not finished:
            _stop_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)


WAIT_SLICE = 0.1
"""Seconds the parent waits for a task's result at a time (:func:`_result`)."""


def _result(future: Future[R]) -> R:
    """The future's result, waited for in slices so that Ctrl-C is seen at once.

    Python runs a signal's handler in the main thread only once that thread runs
    again; a SIGINT that the kernel hands to one of the pool's own threads leaves
    a main thread blocked in an untimed wait asleep until the task is done.
    """
    while True:
        try:
            return future.result(timeout=WAIT_SLICE)
        except TimeoutError:
            if future.done():  # the task's own TimeoutError
                raise


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Send SIGTERM to the pool's worker processes (Python 3.14 has
    ``terminate_workers``; before it, the pool's processes are only in ``_processes``)."""
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.terminate()


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
