"""Two checks on the whole run, imported by conftest.py as pytest hooks.

* **Services required in CI.** Tests that need PostgreSQL, Redis, Debian's
  chromium or tmux skip when the service is missing, so a developer without them
  still gets a useful run. In CI (``CI=true``, as ``.ci/run`` is started) or with
  ``SKIPBO_REQUIRE_SERVICES=1`` such a skip fails the run instead: a broken
  install step can never hide behind a green suite.
* **Hypothesis, reproducible.** Every run draws one seed for all property tests
  and prints it at the end (``--hypothesis-seed=N`` runs the same examples
  again, and its run prints N too); a failing test also prints its falsifying
  example and a ``@reproduce_failure`` line (``print_blob``). In CI too:
  Hypothesis's own CI profile (loaded when it sees ``$CI``) derandomizes, which
  would ignore the seed and try the same examples in every run, so the profile
  turns that off. Hypothesis reads and writes no example database while a seed
  is set (the seed alone gives the examples), so the profile names none. A
  failure worth keeping becomes an ``@example(...)`` on its test: every run
  tries it first, CI's fresh clone too.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import settings

SERVICE_SKIPS = (
    "no browser at",
    "PostgreSQL",
    "cluster tests need",
    "redis-server missing",
    "needs SKIPBO_TEST_REDIS",
    "tmux is not installed",
)
"""Words of the skip reasons of the tests that need a service (see
storage_backends.py, browser_helpers.py, test_server_cluster.py,
test_server_outage.py, private_postgres.py and test_tui_terminal.py)."""

SEED_ENV = "SKIPBO_HYPOTHESIS_SEED"

settings.register_profile("skipbo", derandomize=False, database=None, print_blob=True)
settings.load_profile("skipbo")


def services_required() -> bool:
    return os.environ.get("CI") == "true" or os.environ.get("SKIPBO_REQUIRE_SERVICES") == "1"


def service_skip(reason: str) -> bool:
    """Whether a skip's reason says a service was missing."""
    return any(words in reason for words in SERVICE_SKIPS)


def pytest_configure(config: pytest.Config) -> None:
    """One Hypothesis seed for the run, the same in every xdist worker (they
    inherit the environment the first process sets here)."""
    from hypothesis import core

    given = config.getoption("hypothesis_seed", None)
    if given is None:
        seed = os.environ.setdefault(SEED_ENV, str(random.SystemRandom().randrange(2**32)))
        core.global_force_seed = int(seed)
    else:  # Hypothesis's plugin sets it; the summary says it all the same
        os.environ[SEED_ENV] = str(given)


def fail_service_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    """In CI a test skipped for a missing service is reported as failed."""
    if not (report.skipped and services_required()):
        return
    reason = str(report.longrepr[2]) if isinstance(report.longrepr, tuple) else ""
    if service_skip(reason):
        report.outcome = "failed"
        report.longrepr = f"a service is missing in CI ({reason}): .ci/run must install it"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    fail_service_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    """The same for a module skipped whole at import (the browser tests)."""
    report = yield
    fail_service_skip(report)
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    seed = os.environ.get(SEED_ENV)
    if seed is not None:
        terminalreporter.write_line(
            f"hypothesis seed {seed} (the same examples again: --hypothesis-seed={seed})"
        )
