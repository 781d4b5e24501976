"""Ctrl-C during ``simulate``, ``tournament`` and ``match``: out at once, no bot left behind.

With ``--jobs 2`` the parent waited for the running tasks to end (a chunk of 50
rounds; minutes with slow bots) before it left, saying nothing: a SIGINT that the
kernel hands to one of the process pool's threads leaves a main thread blocked in
an untimed wait asleep, and the workers ignore SIGINT. And a program that ignores
end of input outlived the command when the stop came while it was being closed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from skipbo.sim.refereed_bots import _Process

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the pool forks its workers")

STUBBORN = textwrap.dedent(
    """\
    import json, os, signal, sys, time
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # and it ignores end of input below
    with open(os.path.join(sys.argv[1], str(os.getpid())), "w"):
        pass
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"name": "stubborn"}), flush=True)
        elif message["type"] == "move":
            time.sleep(0.2)
            print(json.dumps({"move": message["legal"][0]}), flush=True)
    while True:
        time.sleep(1)
    """
)
"""A slow outside bot that writes its pid into a folder and exits only when killed."""


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie, killed but not yet collected, is not alive)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def run_interrupted(argv: list[str], after: float, cwd: Path) -> tuple[int, float, str]:
    """Run ``python -m skipbo ARGV``, send SIGINT after ``after`` seconds: (status, seconds
    from the signal to the exit, stderr)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "skipbo", *argv],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        # a test run in a background job inherits SIGINT ignored: Python would keep it so
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        start_new_session=True,  # its workers share its group: killed below whatever happens
    )
    time.sleep(after)
    start = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # workers left behind, if any
        process.wait()
    return process.returncode, time.monotonic() - start, err.decode()


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "--bots", "cmd:{bot},greedy", "--rounds", "400", "--stock", "5"],
        ["tournament", "--bots", "cmd:{bot},greedy", "--rounds", "400", "--out-dir", "out"],
        ["match", "--bot", "{bot}", "--bot", "greedy", "--deals", "50", "--stock", "5"],
    ],
    ids=lambda argv: argv[0],
)
def test_ctrl_c_with_two_jobs_stops_at_once_and_kills_the_programs(
    command: list[str], tmp_path: Path
) -> None:
    script = tmp_path / "stubborn.py"
    script.write_text(STUBBORN)
    pids = tmp_path / "pids"
    pids.mkdir()
    bot = f"{sys.executable} {script} {pids}"
    argv = [word.format(bot=bot) for word in command] + ["--jobs", "2"]
    try:
        code, seconds, err = run_interrupted(argv, 3.0, tmp_path)
        assert code == 130, err
        assert "Traceback" not in err
        # a task (50 rounds of 0.2 s moves) runs for minutes; the stop takes a moment
        assert seconds < 10
        started = bot_pids(pids)
        assert started, "no bot was started"
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in started) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in started if alive(pid)], "bots outlived the command"
    finally:
        for pid in bot_pids(pids):  # whatever happened, none is left running
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def bot_pids(folder: Path) -> list[int]:
    """The pids the stubborn bots wrote into ``folder``."""
    return [int(path.name) for path in folder.iterdir()]


def test_a_program_closed_while_ctrl_c_comes_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    """``close`` waits a grace time for the program to leave; a stop in that wait
    used to skip the kill, and a program that ignores end of input stayed."""
    process = _Process([sys.executable, "-c", "import time; time.sleep(60)"])
    wait = process.popen.wait

    def interrupted(timeout: float | None = None) -> int:
        if timeout is not None:
            raise KeyboardInterrupt
        return wait()

    monkeypatch.setattr(process.popen, "wait", interrupted)
    with pytest.raises(KeyboardInterrupt):
        process.close()
    assert process.popen.poll() is not None


def test_ctrl_c_while_a_program_says_its_name_kills_it_at_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``simulate`` and ``tournament`` ask each program its name before playing; a stop
    then gave a program that ignores end of input its whole grace time (2 s) first."""
    from skipbo.sim import players
    from skipbo.sim.refereed_bots import ProtocolBot

    started: list[ProtocolBot] = []

    def interrupted(self: ProtocolBot, seat: int, rules: object) -> str:
        started.append(self)
        raise KeyboardInterrupt

    monkeypatch.setattr(ProtocolBot, "_hello", interrupted)
    script = tmp_path / "stubborn.py"
    script.write_text(STUBBORN)
    begin = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        players.bot_label(f"cmd:{sys.executable} {script} {tmp_path}")
    assert time.monotonic() - begin < 1.5
    assert started and started[0].process is None
