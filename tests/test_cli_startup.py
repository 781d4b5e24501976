"""The ``skipbo`` command starts fast because it imports only what a command uses
(issue 22 §4): ``--version`` and ``--help`` load no part of the game, the record
commands only the core, and no command loads numpy, the bots, the server, the
terminal UI or the coach unless it runs them.

Checked through ``sys.modules`` in a fresh interpreter, not the clock: what is
imported decides the start-up time (benchmarks/startup.py measures it), and a
module list does not flake on a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from skipbo.cli import COMMANDS, build_parser, chosen_command

GOLDEN = Path(__file__).resolve().parent / "golden" / "spec_examples.jsonl"

HEAVY = (
    "numpy",
    "tqdm",
    "matplotlib",
    "textual",
    "fastapi",
    "uvicorn",
    "skipbo.bots",
    "skipbo.sim",
    "skipbo.server",
    "skipbo.tui",
    "skipbo.coach",
    "skipbo.rl",
)
"""Packages that only the commands playing, serving or analysing need."""

GAME = ("skipbo.core", "skipbo.records_io", *HEAVY)
"""Everything of the game: ``--version`` and ``--help`` need none of it."""

_PROBE = """\
import contextlib, io, json, sys
from skipbo.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    status = main(json.loads(sys.argv[1]))
print(json.dumps([status, sorted(sys.modules)]))
"""


def modules_after(argv: list[str]) -> tuple[int, set[str]]:
    """Run ``skipbo ARGV`` in a fresh interpreter: its exit status and every module loaded."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(argv)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    status, modules = json.loads(done.stdout)
    return status, set(modules)


def loaded(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    """The packages of ``packages`` that were imported (a package or any module in it)."""
    return [p for p in packages if any(m == p or m.startswith(p + ".") for m in modules)]


@pytest.mark.parametrize("argv", [["--version"], ["--help"], [], ["frobnicate"]])
def test_version_and_help_load_no_part_of_the_game(argv: list[str]) -> None:
    status, modules = modules_after(argv)
    assert status in (0, 2)
    assert loaded(modules, GAME) == []


@pytest.mark.parametrize("command", ["replay", "legal", "view"])
def test_the_record_commands_load_only_the_core(command: str) -> None:
    extra = ["--seat", "0"] if command == "view" else []
    status, modules = modules_after([command, str(GOLDEN), *extra])
    assert status == 0
    assert "skipbo.core" in modules
    assert loaded(modules, HEAVY) == []
    assert "hashlib" not in modules  # only new_round(seed=None) needs it (secrets)


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_a_command_help_loads_no_other_command(command: str) -> None:
    """``skipbo COMMAND --help`` builds that command alone: the server's help does
    not load the terminal UI, and the terminal game's does not load the server."""
    status, modules = modules_after([command, "--help"])
    assert status == 0
    others = {
        "serve": "skipbo.server",
        "play": "skipbo.tui",
        "analyze": "skipbo.coach",
        "tournament": "skipbo.sim.tournament",
    }
    assert loaded(modules, tuple(m for c, m in others.items() if c != command)) == []


def subcommand_help(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    """Each subcommand's line in ``skipbo --help``, by name."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {choice.dest: choice.help for choice in action._choices_actions}
    raise AssertionError("no subcommands")


def test_the_table_of_commands_says_what_each_command_says_of_itself() -> None:
    """The summaries in skipbo.cli.COMMANDS (shown by ``skipbo --help`` without
    importing anything) equal the ones the subcommands' own modules give."""
    full = subcommand_help(build_parser())
    light = subcommand_help(build_parser(only=()))
    assert full == light == {c.name: c.summary for c in COMMANDS}


def test_only_the_chosen_command_is_built_in_full() -> None:
    parser = build_parser(only=("legal",))
    args = parser.parse_args(["legal", "-"])
    assert args.run.__name__ == "_cmd_legal"
    assert build_parser().parse_args(["serve"]).command == "serve"


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["--version"], None),
        ([], None),
        (["legal", "-"], "legal"),
        (["--help", "serve"], "serve"),
        (["simulate", "--games", "3"], "simulate"),
    ],
)
def test_the_command_is_the_first_word_that_is_no_option(
    argv: list[str], command: str | None
) -> None:
    assert chosen_command(argv) == command
