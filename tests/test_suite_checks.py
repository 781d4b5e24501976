"""The suite's own checks (suite_checks.py): in CI a skip for a missing service fails."""

from __future__ import annotations

import os
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


def run_pytest(tmp_path: Path, source: str, ci: bool) -> tuple[int, str]:
    """pytest's exit status and its output on one planted test file."""
    test = tmp_path / "test_planted.py"
    test.write_text(source)
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "SKIPBO_REQUIRE_SERVICES")}
    env["PYTHONPATH"] = str(HERE)
    if ci:
        env["CI"] = "true"
    args = [sys.executable, "-m", "pytest", "-q", "-p", "suite_checks", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*args, "--rootdir", str(tmp_path), str(test)],
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
