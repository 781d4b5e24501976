"""The suite's own checks (suite_checks.py): in CI a skip for a missing service fails;
a failing Hypothesis run prints the seed that repeats it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

MISSING_BROWSER = """
import pytest
pytest.skip("no browser at /nowhere/chromium", allow_module_level=True)
"""
MISSING_DATABASE = """
import pytest
@pytest.fixture
def store():
    pytest.skip("PostgreSQL tests need SKIPBO_TEST_POSTGRES=postgresql://...")
def test_store(store):
    pass
def test_other():
    pytest.skip("an optional extra is not installed")
"""


def run_pytest(tmp_path: Path, source: str, ci: bool, *options: str) -> tuple[int, str]:
    """pytest's exit status and its output on one planted test file."""
    test = tmp_path / "test_planted.py"
    test.write_text(source)
    own = ("CI", "SKIPBO_REQUIRE_SERVICES", "SKIPBO_HYPOTHESIS_SEED")  # not this run's
    env = {k: v for k, v in os.environ.items() if k not in own}
    env["PYTHONPATH"] = str(HERE)
    if ci:
        env["CI"] = "true"
    args = [sys.executable, "-m", "pytest", "-q", "-p", "suite_checks", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*args, *options, "--rootdir", str(tmp_path), str(test)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode, done.stdout


@pytest.mark.parametrize("source", [MISSING_BROWSER, MISSING_DATABASE], ids=["module", "fixture"])
def test_a_missing_service_skips_on_a_desk_and_fails_in_ci(tmp_path: Path, source: str) -> None:
    status, out = run_pytest(tmp_path, source, ci=False)
    assert status in (0, 5) and "skipped" in out and "missing in CI" not in out  # 5: none ran
    status, out = run_pytest(tmp_path, source, ci=True)
    assert status not in (0, 5) and "a service is missing in CI" in out


def test_other_skips_stay_skips_in_ci(tmp_path: Path) -> None:
    source = 'import pytest\ndef test_x():\n    pytest.skip("an optional extra is missing")\n'
    assert run_pytest(tmp_path, source, ci=True)[0] == 0


FAILING_PROPERTY = """
from hypothesis import Phase, given, settings, strategies as st
@settings(phases=[Phase.generate], max_examples=5000)  # no shrinking: the first failure
@given(st.integers(10**6, 10**12))
def test_residue(n):
    assert n % 101 != 50  # which n fails first, the seed says
"""


def first_failure(out: str) -> tuple[str, str]:
    """The run's seed as printed at the end, and the falsifying n."""
    seed = re.search(r"hypothesis seed (\d+) \(the same examples again: --hypothesis-seed=\1", out)
    falsified = re.search(r"n=([\d_]+),", out)
    assert seed and falsified, out
    return seed[1], falsified[1]


def test_a_failing_property_prints_the_seed_that_repeats_it_in_ci(tmp_path: Path) -> None:
    status, out = run_pytest(tmp_path, FAILING_PROPERTY, ci=True)
    assert status == 1 and "@reproduce_failure(" in out
    seed, falsified = first_failure(out)
    status, again = run_pytest(tmp_path, FAILING_PROPERTY, True, f"--hypothesis-seed={seed}")
    assert status == 1 and first_failure(again) == (seed, falsified)
    # the seed chooses the examples (a derandomized run would try the same ones)
    other = str(int(seed) + 1)
    status, elsewhere = run_pytest(tmp_path, FAILING_PROPERTY, True, f"--hypothesis-seed={other}")
    assert status == 1 and first_failure(elsewhere)[1] != falsified
