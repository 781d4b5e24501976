"""``--backend ray``: the same games as ``--jobs``, byte for byte, on a real Ray cluster.

The cluster is a head and one worker node, both started here with Ray's own
``ray start`` on loopback (node address 127.0.0.1, no dashboard, one CPU each,
files under a temporary directory), and stopped here by the ids of the
processes this test started. The commands run as subprocesses, as a user runs
them, so that every Ray start-up and shutdown happens inside the command.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from skipbo.sim.pool import Backend, backend_from_args

HAVE_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(
    not HAVE_RAY, reason="Ray is not installed (an optional extra: pip install -e '.[ray]')"
)

SIMULATE = ["simulate", "--players", "2", "--bots", "greedy,random", "--games", "40"]
SIMULATE += ["--seed", "ray", "--jobs", "2", "--out", "games.jsonl"]
TOURNAMENT = ["tournament", "--bots", "greedy,random,easy", "--games", "6", "--seed", "ray"]
TOURNAMENT += ["--jobs", "2", "--out-dir", "out"]
TOURNAMENT_FILES = ("out/results.csv", "out/ratings.csv", "out/results.md")

HEAD = [
    "start",
    "--head",
    "--node-ip-address",
    "127.0.0.1",
    "--port",
    "0",
    "--include-dashboard",
    "false",
]
NODE = ["--block", "--num-cpus", "1", "--disable-usage-stats"]
"""Both nodes: one CPU each, in the foreground (so stopping the process stops the node)."""

WORKER_NODE = """\
import sys
import ray._private.services as services
from ray.scripts.scripts import main

# Ray replaces 127.0.0.1 by the machine's outward address on Linux, and its
# switch against that (RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0) refuses to add a
# second node; so this node's address lookup is pinned to loopback instead.
services.get_node_ip_address = lambda address=None: "127.0.0.1"
sys.argv[0] = "ray"
main()
"""


# ------------------------------------------------------------ helpers


def without_speed(text: str) -> str:
    """A simulation summary less its one line that depends on the machine."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("speed:"))


def listening_addresses(pids: set[int]) -> set[str]:
    """The local addresses of the TCP sockets that the processes ``pids`` listen on."""
    inodes: set[str] = set()
    for pid in pids:
        with_fds = Path(f"/proc/{pid}/fd")
        for fd in with_fds.glob("*") if with_fds.exists() else ():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[len("socket:[") : -1])
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                found.add(fields[1].split(":")[0])
    return found


LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F", "00000000000000000000000001000000"}
"""127.0.0.1 as /proc/net/tcp writes it, the same as an IPv4-mapped IPv6 address, and ::1."""


def descendants(roots: set[int]) -> set[int]:
    """``roots`` and every process below them."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found = set(roots)
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return found


def wait_for(ready: Callable[[], object], node: subprocess.Popen[bytes], log: Path) -> None:
    """Until ``ready()``; fails at once, with the node's log, if its process ended."""
    deadline = time.monotonic() + 120
    while not ready():
        if node.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"a Ray node did not start:\n{log.read_text()}")
        time.sleep(0.2)


# ------------------------------------------------------------ fixtures


class Cluster:
    """A head and a worker node on loopback, started by ``ray start --block``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.env = {
            **os.environ,
            "RAY_USAGE_STATS_ENABLED": "0",
            "RAY_AUTH_MODE": "token",
            "RAY_AUTH_TOKEN": secrets.token_hex(32),
        }
        self.loopback_env = {**self.env, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
        self.processes: list[subprocess.Popen[bytes]] = []
        self.address = ""

    def _start(
        self, name: str, command: list[str], env: dict[str, str]
    ) -> tuple[subprocess.Popen[bytes], Path]:
        log = self.root / f"{name}.log"
        with log.open("wb") as stream:
            node = subprocess.Popen(command, env=env, stdout=stream, stderr=subprocess.STDOUT)
        self.processes.append(node)
        return node, log

    def start(self) -> None:
        ray = str(Path(sys.executable).with_name("ray"))
        head_dir, worker_dir = str(self.root / "head"), str(self.root / "worker")
        head = self._start("head", [ray, *HEAD, *NODE, "--temp-dir", head_dir], self.loopback_env)
        address_file = Path(head_dir) / "ray_current_cluster"
        wait_for(lambda: address_file.exists() and address_file.read_text().strip(), *head)
        self.address = address_file.read_text().strip()
        worker = [sys.executable, "-c", WORKER_NODE, "start", *NODE, "--temp-dir", worker_dir]
        node, log = self._start("worker", [*worker, "--address", self.address], self.env)
        wait_for(lambda: b"Ray runtime started" in log.read_bytes(), node, log)

    def worker_node_ran_tasks(self) -> bool:
        """Whether a worker process of the worker node served a job (a driver's tasks).

        Ray names worker logs ``worker-WORKER_ID-JOB_ID-PID.out``; a worker that
        never ran a job's task has the job id ``ffffffff``.
        """
        logs = (self.root / "worker").glob("session_*/logs/worker-*.out")
        return any(log.name.split("-")[2] != "ffffffff" for log in logs)

    def pids(self) -> set[int]:
        return descendants({process.pid for process in self.processes})

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="module")
def root() -> Iterator[Path]:
    """A short directory (Ray's socket paths must stay under about 100 characters)."""
    path = Path(tempfile.mkdtemp(prefix="sbray-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster(root: Path) -> Iterator[Cluster]:
    before = ray_default_places()
    running = Cluster(root / "cluster")
    running.root.mkdir()
    try:
        running.start()
        yield running
    finally:
        running.stop()
    assert ray_default_places() == before, "Ray wrote outside its temp dir"


def ray_default_places() -> dict[Path, bool]:
    """Whether the places Ray writes to unless told otherwise exist."""
    return {path: path.exists() for path in (Path.home() / ".ray", Path("/tmp/ray"))}


@dataclass
class Run:
    """A finished ``skipbo`` command: its directory and what its processes listened on."""

    where: Path
    listening: set[str]

    @property
    def stdout(self) -> str:
        return (self.where / "stdout").read_text()


def run_in(root: Path, name: str, args: list[str], env: dict[str, str] | None = None) -> Run:
    """Run ``skipbo ARGS`` in a fresh directory ``root/name``; it must succeed quietly.

    While it runs, the TCP ports that it and its child processes listen on are
    sampled, so that a Ray started inside the command can be checked too.
    """
    where = root / name
    where.mkdir()
    with (where / "stdout").open("wb") as out, (where / "stderr").open("wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "skipbo", *args], cwd=where, env=env, stdout=out, stderr=err
        )
    listening: set[str] = set()
    deadline = time.monotonic() + 300
    while process.poll() is None:
        listening |= listening_addresses(descendants({process.pid}))
        if time.monotonic() > deadline:
            process.kill()
        time.sleep(0.3)
    assert (process.returncode, (where / "stderr").read_text()) == (0, "")
    return Run(where, listening)


@pytest.fixture(scope="module")
def with_jobs(root: Path) -> Run:
    """The reference: the simulation with ``--jobs 2`` on this machine's processes."""
    return run_in(root, "jobs", SIMULATE)


def assert_same_simulation(one: Run, two: Run) -> None:
    assert (one.where / "games.jsonl").read_bytes() == (two.where / "games.jsonl").read_bytes()
    assert len((one.where / "games.jsonl").read_text().splitlines()) == 40
    assert "speed:" in one.stdout and without_speed(one.stdout) == without_speed(two.stdout)


def assert_on_loopback(listening: set[str]) -> None:
    """Ray listened somewhere (so the sampling saw it), and only on loopback."""
    assert listening and listening <= LOOPBACK, listening


# ------------------------------------------------------------ tests


@needs_ray
def test_simulate_on_an_existing_cluster_gives_what_jobs_gives(
    cluster: Cluster, root: Path, with_jobs: Run
) -> None:
    """The command as documented: without Ray's loopback switch in its environment
    (it hung, retrying the machine's outward address, before the command set it)."""
    args = [*SIMULATE, "--backend", "ray", "--address", cluster.address]
    assert "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER" not in cluster.env
    on_ray = run_in(root, "ray-cluster", args, cluster.env)
    assert_same_simulation(with_jobs, on_ray)
    assert cluster.worker_node_ran_tasks()
    assert_on_loopback(on_ray.listening | listening_addresses(cluster.pids()))


@needs_ray
def test_tournament_on_an_existing_cluster_gives_what_jobs_gives(
    cluster: Cluster, root: Path
) -> None:
    one = run_in(root, "tournament-jobs", TOURNAMENT)
    args = [*TOURNAMENT, "--backend", "ray", "--address", cluster.address]
    two = run_in(root, "tournament-ray", args, cluster.loopback_env)
    assert one.stdout == two.stdout and "easy" in one.stdout
    for name in TOURNAMENT_FILES:
        assert (one.where / name).read_bytes() == (two.where / name).read_bytes()


@needs_ray
def test_a_local_cluster_is_started_and_stopped_inside_the_command(
    root: Path, with_jobs: Run
) -> None:
    before = ray_default_places()
    temp = root / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp)}
    on_ray = run_in(root, "ray-local", [*SIMULATE, "--backend", "ray"], env)
    assert_same_simulation(with_jobs, on_ray)
    assert_on_loopback(on_ray.listening)
    assert list(temp.iterdir()) == []  # Ray's files went to its own temp dir, now removed
    assert ray_default_places() == before


# ------------------------------------------------- options, without Ray


def options(backend: str, address: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(backend=backend, address=address)


def test_backend_options_are_checked() -> None:
    assert backend_from_args(options("process")) == Backend()
    with pytest.raises(ValueError, match=r"--address .* needs --backend ray"):
        backend_from_args(options("process", "127.0.0.1:6379"))
    with pytest.raises(ValueError, match="unknown backend"):
        Backend("dask")
    for address in ("head", "head:", ":6379", "head:port", "head:70000"):
        with pytest.raises(ValueError, match="--address must be HOST:PORT"):
            Backend("ray", address)
    assert Backend("ray", "[::1]:6379").address == "[::1]:6379"


@needs_ray
def test_an_address_where_nothing_listens_is_one_line_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from skipbo import cli

    with socket.socket() as unused:  # a port that was free a moment ago
        unused.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{unused.getsockname()[1]}"
    argv = ["simulate", "--games", "2", "--backend", "ray", "--address", address]
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"skipbo: error: no Ray cluster answers at {address}")


def test_a_driver_of_a_loopback_cluster_keeps_the_loopback_address() -> None:
    from skipbo.sim.ray_backend import _existing_environment

    switch = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
    for address in ("127.0.0.1:6379", "localhost:6379", "[::1]:6379"):
        assert _existing_environment(address)[switch] == "0", address
    assert switch not in _existing_environment("192.0.2.7:6379")  # another host's cluster


def test_without_ray_the_option_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from skipbo import cli

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *rest: None if name == "ray" else real_find_spec(name, *rest),
    )
    for argv in (
        ["simulate", "--games", "2", "--backend", "ray"],
        ["tournament", "--games", "2", "--backend", "ray", "--out-dir", str(tmp_path)],
    ):
        assert cli.main(argv) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.count("\n") == 1 and "pip install -e '.[ray]'" in err
