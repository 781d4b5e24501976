"""Running a simulation's or a tournament's tasks on a Ray cluster, in task order.

This is ``--backend ray``: the same tasks as the process pool, so the same
results byte for byte, on a local Ray cluster started and stopped inside the
command, or on an existing one (``--address``).

Chunking keeps Ray's overhead small. Ray costs a few milliseconds per task
(scheduling, pickling the task and its result, the hops between driver, raylet
and worker; ``benchmarks/ray_backend.py`` measures it, docs/deploy.md has the
figures), far more than a process pool. Tasks are therefore never single
rounds: simulate sends chunks of up to 50 rounds and a tournament chunks of up
to 25 deals (50 rounds), a second or more of play for greedy bots, so the
overhead stays well under a percent. The chunks are the very ones ``--jobs``
uses, so the progress bar moves in the same steps. At most two tasks per CPU
of the cluster are in flight: every worker has its next task queued while the
driver collects results in order, and a long run never holds more than a few
results in memory.

A local cluster keeps to itself: its files go to a fresh temporary directory
that is removed afterwards, it has no dashboard, its node address is
127.0.0.1 so every port it opens is on loopback, usage statistics are off, and
its authentication token lives in the environment of its own processes rather
than in ``~/.ray``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import os
import secrets
import shutil
import socket
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .backend import split_address

T = TypeVar("T")
R = TypeVar("R")

IN_FLIGHT_PER_CPU = 2
"""Tasks submitted per CPU of the cluster before the driver waits for the oldest."""

OBJECT_STORE_BYTES = 100 * 1024 * 1024
"""A local cluster's shared-memory object store: results are small lists, and
Ray's default (30% of the memory) would be needlessly greedy."""

CONNECT_SECONDS = 10
"""How long to wait for the cluster at ``--address`` to accept a connection."""
JOIN_SECONDS = 60
"""How long ``ray.init`` may take to join a cluster that answers before we give up."""

_TOKEN = secrets.token_hex(32)
"""The local clusters' token: one per process, because Ray caches it on first use."""


def _local_environment() -> dict[str, str]:
    """What a local cluster's processes need in their environment (read when Ray starts)."""
    return {
        "RAY_USAGE_STATS_ENABLED": "0",
        # On Linux Ray replaces 127.0.0.1 by the machine's outward address unless
        # it believes it runs on one machine only; this switch says so, and with
        # node address 127.0.0.1 every Ray server listens on loopback only. It is
        # read when Ray is imported, hence the environment before the import.
        "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
        # Token authentication as Ray does by default, without writing ~/.ray.
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": _TOKEN,
    }


@contextlib.contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    """``os.environ`` updated with ``values`` inside, restored after."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _already_connected() -> bool:
    """Whether this process holds a Ray connection of its own (a notebook, a benchmark)."""
    ray = sys.modules.get("ray")
    return ray is not None and bool(ray.is_initialized())


@contextlib.contextmanager
def connected(address: str | None, cpus: int) -> Iterator[Any]:
    """The ``ray`` module, connected to ``address`` or to a local cluster of ``cpus`` CPUs.

    A local cluster is stopped and its files removed on the way out; a
    connection that this process already had is used and left open.
    """
    if _already_connected():
        yield sys.modules["ray"]
        return
    with _local(cpus) if address is None else _existing(address) as ray:
        yield ray


@contextlib.contextmanager
def _local(cpus: int) -> Iterator[Any]:
    temp = tempfile.mkdtemp(prefix="skipbo-ray-")
    with _environment(_local_environment()):
        import ray

        try:
            ray.init(
                num_cpus=cpus,
                object_store_memory=OBJECT_STORE_BYTES,
                include_dashboard=False,
                _temp_dir=temp,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
            yield ray
        finally:
            ray.shutdown()
            shutil.rmtree(temp, ignore_errors=True)


def _existing_environment(address: str) -> dict[str, str]:
    """What the driver needs to join the cluster at ``address``.

    A cluster on loopback (``127.0.0.1:PORT``, ``localhost:PORT``) has node address
    127.0.0.1: the driver must keep that address too, or Ray swaps it for the
    machine's outward one and retries, unreachable, for minutes. Ray's switch for
    that is read when Ray is imported, so it is set here, before the import.
    """
    values = {"RAY_USAGE_STATS_ENABLED": "0"}
    if _loopback(split_address(address)[0]):
        values["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    return values


def _loopback(host: str) -> bool:
    """Whether every address ``host`` names is a loopback one."""
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, None)}
        return bool(found) and all(ipaddress.ip_address(a).is_loopback for a in found)
    except (OSError, ValueError, UnicodeError):
        return False


@contextlib.contextmanager
def _existing(address: str) -> Iterator[Any]:
    _check_answers(address)
    with _environment(_existing_environment(address)):
        import ray

        _join(ray, address)  # not joined: nothing to shut down
        try:
            yield ray
        finally:
            ray.shutdown()


def _join(ray: Any, address: str) -> None:
    """``ray.init(address)``, or one line (ConnectionError) if it has not joined within
    :data:`JOIN_SECONDS` (Ray would otherwise retry in silence for minutes)."""
    failure: list[BaseException] = []

    def init() -> None:
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        except BaseException as exc:  # handed to the waiting thread
            failure.append(exc)

    joining = threading.Thread(target=init, name="ray-join", daemon=True)
    joining.start()
    joining.join(JOIN_SECONDS)
    if joining.is_alive():
        raise ConnectionError(
            f"the Ray cluster at {address} answers but did not take this driver within "
            f"{JOIN_SECONDS} s: is this host's address reachable from its nodes "
            "(a cluster on loopback takes drivers on this host only)?"
        )
    if failure:
        raise failure[0]


def _check_answers(address: str) -> None:
    """Fail in one line, at once, where nothing listens (Ray itself retries for minutes)."""
    try:
        socket.create_connection(split_address(address), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise ConnectionError(
            f"no Ray cluster answers at {address}: {exc.strerror or exc}"
        ) from None


def ordered_on(ray: Any, function: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
    """``map(function, tasks)`` in task order on a connected Ray (see the module docstring)."""
    remote = ray.remote(num_cpus=1)(function)
    window = IN_FLIGHT_PER_CPU * max(1, int(ray.cluster_resources().get("CPU", 1)))
    pending: deque[Any] = deque()
    try:
        for task in tasks:
            pending.append(remote.remote(task))
            if len(pending) >= window:
                yield ray.get(pending.popleft())
        while pending:
            yield ray.get(pending.popleft())
    finally:
        # On an early exit (Ctrl-C, a write error) drop the tasks not yet done.
        for ref in pending:
            ray.cancel(ref, force=True)


def ray_ordered_map(
    function: Callable[[T], R], tasks: Iterable[T], cpus: int, address: str | None
) -> Iterator[R]:
    """``map(function, tasks)`` in task order on Ray: a local cluster, or the one at ``address``."""
    with connected(address, cpus) as ray:
        yield from ordered_on(ray, function, tasks)
