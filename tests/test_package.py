"""The package people install (issue 22 §5): ``python -m build`` makes an sdist and
a wheel that ``twine check`` passes, with ``py.typed``, the page's static files and
the bots' weights inside; the wheel, installed into a fresh virtual environment and
run from outside the repository, answers ``skipbo --help``, replays the spec's
examples, plays a simulation and serves the page. The version is written once.

Offline and quick: the build runs without isolation on this environment's
setuptools (``--no-isolation``), the wheel is installed with ``--no-index
--no-deps``, and the fresh environment finds the runtime dependencies through a
``.pth`` line naming this environment's site-packages (whose own ``.pth`` files,
the editable install among them, are not read from there). The sources are copied
to a temporary directory first, so that building writes nothing into the tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import skipbo
from server_harness import free_port

ROOT = Path(__file__).resolve().parent.parent
SPEC_EXAMPLES = Path(__file__).resolve().parent / "golden" / "spec_examples.jsonl"
BUILD_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "CHANGELOG.md")
SHIPPED = ("skipbo/py.typed", "skipbo/server/static/index.html", "skipbo/bots/value_net.npz")
"""Files that are no Python module and must be in both the sdist and the wheel."""


@dataclass(frozen=True)
class Built:
    """The sdist, the wheel and a fresh environment with the wheel installed."""

    sdist: Path
    wheel: Path
    venv: Path
    outside: Path
    """An empty directory outside the repository, to run commands in."""

    def run(self, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """``skipbo ARGV`` of the installed wheel, run outside the repository."""
        return subprocess.run(
            [str(self.venv / "bin" / "skipbo"), *argv],
            cwd=self.outside,
            env=_clean_env(),
            capture_output=True,
            text=True,
            timeout=timeout,
        )


def _clean_env() -> dict[str, str]:
    """The environment without anything that could put the repository on the path."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


def _copy_sources(to: Path) -> None:
    for name in BUILD_FILES:
        shutil.copy(ROOT / name, to / name)
    shutil.copytree(
        ROOT / "src" / "skipbo",
        to / "src" / "skipbo",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.c"),
    )


def _build(sources: Path, out: Path) -> tuple[Path, Path]:
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(sources)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (sdist,) = out.glob("skipbo-*.tar.gz")
    (wheel,) = out.glob("skipbo-*.whl")
    return sdist, wheel


def _install(wheel: Path, venv: Path) -> None:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    subprocess.run(
        [*pip, "--no-index", "--no-deps", str(wheel)], check=True, capture_output=True, timeout=300
    )
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    deps = sysconfig.get_paths()["purelib"]  # this environment's: numpy, fastapi, ...
    Path(purelib, "runtime_dependencies.pth").write_text(deps + "\n")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Build once for the module, install the wheel once."""
    tmp = tmp_path_factory.mktemp("package")
    sources, out, venv, outside = tmp / "sources", tmp / "dist", tmp / "venv", tmp / "outside"
    (sources / "src").mkdir(parents=True)
    outside.mkdir()
    _copy_sources(sources)
    sdist, wheel = _build(sources, out)
    _install(wheel, venv)
    return Built(sdist, wheel, venv, outside)


def test_twine_check_passes(built: Built) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(built.sdist), str(built.wheel)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_and_the_sdist_ship_more_than_modules(built: Built) -> None:
    wheel_names = set(zipfile.ZipFile(built.wheel).namelist())
    static = {n for n in wheel_names if n.startswith("skipbo/server/static/")}
    src = ROOT / "src"
    in_tree = {p.relative_to(src).as_posix() for p in (src / "skipbo/server/static").rglob("*")}
    in_tree = {name for name in in_tree if (src / name).is_file()}
    assert static == in_tree
    bots = ROOT / "src" / "skipbo" / "bots"
    weights = {f"skipbo/bots/{p.relative_to(bots).as_posix()}" for p in bots.rglob("*.npz")}
    assert weights <= wheel_names
    with tarfile.open(built.sdist) as sdist:
        names = sdist.getnames()
    top = names[0].split("/")[0]
    assert set(SHIPPED) <= wheel_names
    assert set(SHIPPED) <= {n.removeprefix(f"{top}/src/") for n in names}
    assert f"{top}/CHANGELOG.md" in names


def test_the_version_is_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project
    assert "version" in project["dynamic"]


def test_the_installed_command_is_the_wheel_and_knows_its_version(built: Built) -> None:
    where = subprocess.run(
        [
            str(built.venv / "bin" / "python"),
            "-c",
            "import importlib.metadata as m, skipbo; print(skipbo.__file__, m.version('skipbo'))",
        ],
        cwd=built.outside,
        env=_clean_env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert Path(where[0]).is_relative_to(built.venv)
    assert where[1] == skipbo.__version__
    assert built.run("--version").stdout.strip() == f"skipbo {skipbo.__version__}"
    help_text = built.run("--help")
    assert help_text.returncode == 0
    assert "replay" in help_text.stdout


def test_the_installed_command_replays_the_spec_examples(built: Built) -> None:
    shutil.copy(SPEC_EXAMPLES, built.outside / "rounds.jsonl")
    done = built.run("replay", "rounds.jsonl")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 11
    assert all(line.startswith('{"ok": true') for line in lines)


def test_the_installed_command_simulates_with_a_learned_bot(built: Built) -> None:
    """``expert`` loads its weights from the package: they must be in the wheel."""
    done = built.run("simulate", "--bots", "expert,greedy", "--games", "1", "--stock", "3")
    assert done.returncode == 0, done.stderr
    assert "expert" in done.stdout


@pytest.fixture
def served(built: Built) -> Iterator[str]:
    """``skipbo serve`` of the installed wheel on a free port: its address."""
    port = free_port()
    server = subprocess.Popen(
        [
            str(built.venv / "bin" / "skipbo"),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{built.outside / 'serve.db'}",
        ],
        cwd=built.outside,
        env=_clean_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base + "/api/health", server)
        yield base
    finally:
        server.terminate()
        server.wait(30)
        assert server.stderr is not None
        server.stderr.close()


def _wait_for(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            assert server.stderr is not None
            raise AssertionError(f"skipbo serve exited: {server.stderr.read().decode()}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("skipbo serve did not answer in time")


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=20) as response:
        assert response.status == 200
        body: bytes = response.read()
        return body


def test_the_installed_server_serves_the_page_and_its_files(served: str) -> None:
    page = _get(served + "/").decode()
    assert "<html" in page.lower()
    assert _get(served + "/static/table.js")
    assert _get(served + "/static/i18n.js")
