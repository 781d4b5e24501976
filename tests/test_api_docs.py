"""The API reference is built from the docstrings on every test run, pdoc's warnings
counted as errors (issue 22 §5): scripts/api_docs.py, as the README says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    out = tmp_path / "api"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "api_docs.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    core = (out / "skipbo" / "core.html").read_text(encoding="utf-8")
    for name in ("IllegalMoveError", "legal_moves", "player_view", "parse_record"):
        assert name in core
    assert (out / "skipbo" / "records_io.html").exists()
    assert not (out / "skipbo" / "server.html").exists()  # an application, not the library


def test_a_docstring_pdoc_cannot_read_fails_the_build(tmp_path: Path) -> None:
    """The check can fail: a module whose annotation pdoc cannot evaluate is refused."""
    package = tmp_path / "src" / "skipbo"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        '"""A stand-in."""\n\nfrom __future__ import annotations\n\nAlias = "int | list[int]"\n\n\n'
        'def f(x: Alias | None) -> None:\n    """Take x."""\n'
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "api_docs.py"), "--out", str(tmp_path / "o")],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": str(tmp_path / "src"), "PATH": ""},
    )
    assert done.returncode == 1
    assert "Error parsing type annotation" in done.stderr
