"""Record commands on several processes (``--jobs``; by default for a large file):
the same lines, in the same order, with the same exit status as one process.

Each case runs ``python -m skipbo`` as a real process (the shares are forked
processes, and the command leaves without the interpreter's teardown), once with
``--jobs 1`` and once with more, and compares the bytes.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skipbo.cli import main
from skipbo.record_commands import FORK_BYTES, line_shares, render_result, run_forked
from test_cli import RECORDS, truncated

JOBS = ["2", "3", "0", "50"]
"""More processes than cores, one per CPU, more than there are lines."""


def skipbo(*argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "skipbo", *argv], capture_output=True, timeout=120)


def seen(run: subprocess.CompletedProcess[bytes]) -> tuple[int, bytes, bytes]:
    """What a caller sees of a run: exit status, standard output, standard error."""
    return run.returncode, run.stdout, run.stderr


def mixed_lines() -> bytes:
    """Good, unfinished, illegal and bad records, lines that are no JSON, blank
    lines and a Windows line end: every kind of line the commands report."""
    illegal = truncated(RECORDS[0], 6)
    illegal["moves"][5] = "S-B9"
    lines: list[Any] = [*RECORDS, truncated(RECORDS[2], 10), illegal, {"format": "x"}]
    text = [json.dumps(line) for line in lines]
    text[3] += "\r"
    return ("\n".join(text[:5]) + "\n\n{not json\n" + "\n".join(text[5:]) + "\n").encode()


@pytest.mark.parametrize("command", [["replay"], ["legal"], ["view", "--seat", "1"]])
def test_every_process_count_prints_the_same_bytes(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(mixed_lines() * 3)
    alone = skipbo(*command, "--jobs", "1", str(path))
    assert alone.returncode == 1 and alone.stdout.count(b"\n") == 3 * (len(RECORDS) + 4)
    for jobs in JOBS:
        shared = skipbo(*command, "--jobs", jobs, str(path))
        assert seen(shared) == seen(alone), jobs


def test_a_usage_error_in_a_later_share_stops_there(tmp_path: Path) -> None:
    """``view --seat 3`` of 4-player records, then a 2-player one near the end: the
    lines before it, then the one error line (exit 2), as in one process."""
    four, two = truncated(RECORDS[3], 4), truncated(RECORDS[0], 4)
    path = tmp_path / "seats.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [four] * 9 + [two, four]))
    alone = skipbo("view", "--seat", "3", "--jobs", "1", str(path))
    assert alone.returncode == 2 and alone.stdout.count(b"\n") == 9
    assert b"line 10" in alone.stderr and b"Traceback" not in alone.stderr
    for jobs in JOBS:
        shared = skipbo("view", "--seat", "3", "--jobs", jobs, str(path))
        assert seen(shared) == seen(alone), jobs


def test_a_large_file_is_shared_by_default_with_the_same_output(tmp_path: Path) -> None:
    path = tmp_path / "large.jsonl"
    text = mixed_lines()
    path.write_bytes(text * (2 * FORK_BYTES // len(text) + 1))
    alone = skipbo("replay", "--jobs", "1", str(path))
    default = skipbo("replay", str(path))
    assert seen(default) == seen(alone)


def test_a_pretty_printed_record_and_bad_jobs(tmp_path: Path) -> None:
    """One pretty-printed record is read whole whatever ``--jobs`` says; a negative
    count is one error line."""
    path = tmp_path / "one.json"
    path.write_text(json.dumps(RECORDS[1], indent=2))
    alone = skipbo("replay", "--jobs", "1", str(path))
    shared = skipbo("replay", "--jobs", "4", str(path))
    assert alone.returncode == 0 and shared.stdout == alone.stdout
    refused = skipbo("replay", "--jobs", "-1", str(path))
    assert refused.returncode == 2
    assert refused.stderr.decode().startswith("skipbo: error: --jobs must be 0")


def test_the_shares_cover_the_file_at_line_ends_with_their_line_numbers() -> None:
    data = mixed_lines() * 5
    for count in (2, 3, 7, 1000):
        shares = line_shares(data, count)
        assert shares is not None and 2 <= len(shares) <= count
        assert shares[0][0] == 0 and shares[-1][1] == len(data)
        for (_, end, _), (start, _, next_first) in itertools.pairwise(shares):
            assert end == start and data[start - 1 : start] == b"\n"
            assert next_first == 1 + data.count(b"\n", 0, start)
    assert line_shares(json.dumps(RECORDS[0], indent=2).encode() * 2, 2) is None


def test_a_shared_run_really_forks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs 2`` runs shares (not the one-process path), and prints what one does."""
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(mixed_lines())
    assert run_forked(str(path), render_result, 2) == 1
    shared = capsys.readouterr().out
    assert run_forked(str(path), render_result, 1) is None
    assert main(["replay", "--jobs", "1", str(path)]) == 1
    assert capsys.readouterr().out == shared
