"""Every code block in README.md and docs/*.md runs as written.

The convention (also in docs/library.md, "Code blocks in these docs"):

- Every fence names its language. ``text`` (or ``json``) is for what is not a
  program: layouts, synopses, output. Those are not run.
- ``python`` blocks run in order, one namespace per file, in a fresh temporary
  directory shared by that file's blocks, with empty standard input.
- ``bash``/``sh``/``console`` blocks: every command (in ``console``, the lines
  after ``$ ``) must be a ``skipbo ...`` or ``.venv/bin/skipbo ...`` command; each
  runs in that same directory, in document order with the python blocks, must
  exit 0 and must finish within :data:`COMMAND_TIMEOUT` seconds.
- A block that cannot run in a test (starts a server or the terminal game, sets
  up a machine, trains for minutes) is marked on the line before its fence with
  ``<!-- not run: the reason -->``. Keep commands in docs short instead where
  you can (``--games 3`` rather than ``--games 1000``).

The test ids say how many blocks of each file ran and how many are marked.
"""

from __future__ import annotations

import io
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from command_env import commands_env

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND_TIMEOUT = 60
PYTHON = ("python", "py")
SHELL = ("bash", "sh", "shell", "console")
NOT_CODE = ("text", "json", "jsonl")
OPTIONAL_MODULES = ("gymnasium", "pettingzoo", "pyspiel", "open_spiel")
"""Extras a block may need (``pip install 'skipbo[rl,openspiel]'``): without them
the file is skipped, not failed; ``scripts/setup.sh`` installs them for CI."""

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
NOT_RUN = re.compile(r"^\s*<!--\s*not run:\s*(\S.*?)\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    """One fenced block: where it starts, its language, its text, why it is not run."""

    path: Path
    line: int
    language: str
    code: str
    not_run: str | None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    @property
    def runs(self) -> bool:
        return self.not_run is None and self.language in PYTHON + SHELL


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of a Markdown file, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, language = opening.groups()
        before = next((line for line in reversed(lines[:i]) if line.strip()), "")
        marker = NOT_RUN.match(before)
        end = i + 1
        while end < len(lines) and lines[end].strip() != fence:
            end += 1
        body = "\n".join(line.removeprefix(indent) for line in lines[i + 1 : end])
        out.append(Block(path, i + 1, language, body + "\n", marker.group(1) if marker else None))
        i = end + 1
    return out


def commands(block: Block) -> list[str]:
    """The command lines of a shell block (continuation lines joined)."""
    text = block.code.replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines()]
    if block.language == "console":
        return [line[2:] for line in lines if line.startswith("$ ")]
    return [line for line in lines if line and not line.startswith("#")]


def is_skipbo_command(command: str) -> bool:
    words = shlex.split(command, comments=True)
    return bool(words) and words[0] in ("skipbo", ".venv/bin/skipbo")


def census(path: Path) -> str:
    found = blocks(path)
    ran = sum(block.runs for block in found)
    marked = sum(block.not_run is not None for block in found)
    return f"{path.relative_to(ROOT)}: {ran} run, {marked} not run"


def test_every_block_names_its_language_and_runs_or_says_why_not() -> None:
    problems: list[str] = []
    for path in DOCS:
        for block in blocks(path):
            if block.not_run is not None:
                continue
            if not block.language:
                problems.append(f"{block.where}: name the language (```text for non-code)")
            elif block.language in SHELL:
                problems += [
                    f"{block.where}: {command!r} is not a skipbo command: mark the block"
                    " '<!-- not run: why -->'"
                    for command in commands(block)
                    if not is_skipbo_command(command)
                ]
            elif block.language not in PYTHON + NOT_CODE:
                problems.append(f"{block.where}: unknown language {block.language!r}")
    assert not problems, "\n".join(problems)
    print("\n".join(census(path) for path in DOCS))


def run_shell(block: Block, directory: Path) -> None:
    """Run a shell block's commands, only if every one is a skipbo command."""
    others = [command for command in commands(block) if not is_skipbo_command(command)]
    if others:
        pytest.fail(f"{block.where}: not skipbo commands, so not run: {others}; mark the block")
    env = commands_env(directory)
    for command in commands(block):
        try:
            done = subprocess.run(
                ["bash", "-c", command],
                cwd=directory,
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=COMMAND_TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"{block.where}: {command!r} ran over {COMMAND_TIMEOUT} s: shorten it")
        assert done.returncode == 0, f"{block.where}: {command!r} failed:\n{done.stderr}"


def run_python(block: Block, namespace: dict[str, object]) -> None:
    code = compile(block.code, block.where, "exec")
    try:
        exec(code, namespace)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in OPTIONAL_MODULES:
            pytest.skip(f"{block.where} needs {exc.name}")
        raise


RUNNABLE = [path for path in DOCS if any(block.runs for block in blocks(path))]
"""The files with at least one block to run (a case for a file with none would run
nothing and pass); the census test above still reads every file."""


def test_the_project_has_runnable_examples() -> None:
    assert ROOT / "README.md" in RUNNABLE and len(RUNNABLE) >= 3


@pytest.mark.parametrize("path", RUNNABLE, ids=census)
def test_the_code_blocks_of_a_file_run(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    namespace: dict[str, object] = {"__name__": "docs_example"}
    ran = 0
    for block in blocks(path):
        if not block.runs:
            continue
        if block.language in PYTHON:
            run_python(block, namespace)
        else:
            run_shell(block, tmp_path)
        ran += 1
    assert ran > 0
