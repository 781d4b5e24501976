"""The command line as a new user meets it (issue 14, "Command line").

Every example printed by ``skipbo --help`` and ``skipbo COMMAND --help`` is run;
``simulate`` takes its player count from ``--bots``; ``serve`` checks its address
before it starts; empty record files and numbers too long to print get one plain
line.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from command_env import commands_env
from skipbo.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE_BOT = ROOT / "docs" / "examples" / "outside_bot.py"
INTERACTIVE = ("serve", "play")
"""Commands that run until a person stops them: their examples are parsed, not run."""


def help_texts() -> dict[str, str]:
    """``skipbo --help`` and every ``skipbo COMMAND --help``, by command ('' for the top)."""
    parser = build_parser()
    texts = {"": parser.format_help()}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                texts[name] = sub.format_help()
    return texts


def help_examples() -> list[str]:
    """Every line of a help text that is a ``skipbo COMMAND ...`` command line."""
    commands = [name for name in help_texts() if name]
    pattern = re.compile(rf"^\s*(skipbo (?:{'|'.join(commands)})\b.*)$")
    examples: list[str] = []
    for text in help_texts().values():
        for line in text.splitlines():
            match = pattern.match(line)
            if match and match.group(1) not in examples:
                examples.append(match.group(1).strip())
    return examples


@pytest.fixture(scope="module")
def example_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the examples name: a few records, one record, an outside bot."""
    tmp_path = tmp_path_factory.mktemp("examples")
    env = commands_env(tmp_path)
    simulate = ["skipbo", "simulate", "--bots", "greedy,random", "--games", "3", "--stock", "5"]
    subprocess.run(
        [*simulate, "--out", "games.jsonl"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    first = (tmp_path / "games.jsonl").read_text().splitlines()[0]
    (tmp_path / "one.jsonl").write_text(first + "\n")
    shutil.copy(OUTSIDE_BOT, tmp_path / "my_bot.py")
    return tmp_path


def test_the_help_texts_have_examples() -> None:
    examples = help_examples()
    assert len(examples) >= 6
    teams = "skipbo simulate --players 4 --teams --bots greedy,random"
    assert any(example.startswith(teams) for example in examples)


@pytest.mark.parametrize("example", help_examples())
def test_every_help_example_runs(example: str, example_dir: Path) -> None:
    command = example.split()[1]
    if command in INTERACTIVE:
        argv = [word.strip("'\"") for word in example.split()[1:]]
        build_parser().parse_args(argv)  # a usage error raises (one line, exit 2)
        return
    done = subprocess.run(
        ["bash", "-c", example],
        cwd=example_dir,
        env=commands_env(example_dir),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr


# -------------------------------------------------------------------- simulate


def simulate_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main(["simulate", "--games", "2", "--stock", "3", "--json", *argv])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    data: dict[str, object] = json.loads(captured.out)
    return data


@pytest.mark.parametrize("bots", [["greedy", "random", "easy"], ["random"] * 5, ["easy", "hard"]])
def test_simulate_takes_the_player_count_from_the_bots(
    bots: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    data = simulate_json(capsys, "--bots", ",".join(bots))
    assert data["bots"] == bots
    assert data["rules"] == {"players": len(bots), "stock": 3, "teams": False}


def test_one_bot_without_players_is_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_json(capsys, "--bots", "random")["bots"] == ["random", "random"]


def test_a_short_bot_list_goes_round_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--players", "4", "--teams", "--bots", "greedy,random")
    assert data["bots"] == ["greedy", "random", "greedy", "random"]
    data = simulate_json(capsys, "--players", "6", "--bots", "greedy,random,easy")
    assert data["bots"] == ["greedy", "random", "easy"] * 2


def test_simulate_help_says_how_the_bots_fill_the_table() -> None:
    text = " ".join(help_texts()["simulate"].split())
    assert "repeated around the table" in text
    assert "default: the number of --bots" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "3", "--bots", "greedy,random"], "2 bots cannot fill 3 seats"),
        (["--players", "4", "--bots", "a,b,c"], "3 bots cannot fill 4 seats"),
        (["--players", "2", "--bots", "greedy,random,easy"], "3 bots cannot fill 2 seats"),
        (["--bots", ",".join(["random"] * 7)], "players must be 2..6, not 7"),
    ],
)
def test_a_bot_list_that_does_not_fit_is_one_error_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "2", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("skipbo: error: ") and err.count("\n") == 1
    assert message in err


# ------------------------------------------------------------------------ serve


def run_serve(*argv: str) -> subprocess.CompletedProcess[str]:
    """``skipbo serve`` as its own process; a server that starts fails the timeout."""
    return subprocess.run(
        [sys.executable, "-m", "skipbo", "serve", "--db", "sqlite:///never.db", *argv],
        capture_output=True,
        text=True,
        timeout=20,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "99999"], "--port must be 1..65535, not 99999"),
        (["--port", "-5"], "--port must be 1..65535, not -5"),
        (["--port", "0"], "--port must be 1..65535, not 0"),
        (["--port", "http"], "invalid int value: 'http'"),
        (["--host", "no-such-host.invalid"], "--host 'no-such-host.invalid'"),
        (["--host", "x" * 300], "not a host name"),
        (["--host", ""], "--host ''"),
        (["--host", "192.0.2.1"], "cannot listen on 192.0.2.1"),
    ],
)
def test_serve_checks_its_address_before_starting(
    argv: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    done = run_serve(*argv)
    assert done.returncode == 2
    assert done.stdout == ""  # never "serving on ..."
    assert done.stderr.startswith("skipbo: error: ") and done.stderr.count("\n") == 1
    assert message in done.stderr
    assert not (tmp_path / "never.db").exists()


def test_serve_refuses_a_port_in_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_serve("--port", str(port))
    assert done.returncode == 2 and done.stdout == ""
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr


# ---------------------------------------------------------------- record files


def no_record_wording(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``skipbo play --replay`` says about a file without records."""
    assert main(["play", "--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("skipbo: error: ")
    return err.removeprefix("skipbo: error: ").strip()


@pytest.mark.parametrize("command", [["replay"], ["legal"], ["view", "--seat", "0"]])
@pytest.mark.parametrize("content", ["", "\n  \n\n"])
def test_a_file_without_records_says_so(
    command: list[str], content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text(content)
    wording = no_record_wording(path, capsys)
    assert main([*command, str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"skipbo: {wording}\n"


def test_empty_standard_input_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skipbo", "replay", "-"],
        input=b"",
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout == b""
    assert done.stderr == b"skipbo: standard input holds no record\n"


def test_a_number_too_long_to_read_is_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    digits = "9" * (sys.get_int_max_str_digits() + 10)
    path = tmp_path / "big.jsonl"
    path.write_text(f'{{"dealer": {digits}}}\n')
    assert main(["replay", str(path)]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line == {"ok": False, "index": None, "error": "line 1 holds a number too large"}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a disk that is full)")
@pytest.mark.parametrize(
    "command",
    [["simulate", "--games", "2"], ["match", "--bot", "hard", "--bot", "greedy", "--deals", "1"]],
)
def test_a_full_disk_names_the_out_file(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Writing the records fails (a full disk): the error says which file, in one line
    (it said only "[Errno 28] No space left on device")."""
    code = main([*command, "--stock", "3", "--out", "/dev/full"])
    err = capsys.readouterr().err
    assert code == 2 and err == "skipbo: error: cannot write /dev/full: No space left on device\n"
