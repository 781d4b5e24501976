"""The record commands of the ``skipbo`` command line (notation.md, "Command line").

Most tests call :func:`skipbo.cli.main` in-process; a few run ``python -m
skipbo`` as a real process to prove the entry point, the exit codes and the
absence of tracebacks as another program would see them.
"""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skipbo.cli import main
from skipbo.core import (
    MOVE_COUNT,
    Round,
    format_move,
    parse_move,
    parse_record,
    player_view,
    start_round,
)

GOLDEN = Path(__file__).parent / "golden" / "spec_examples.jsonl"
RECORDS: list[dict[str, Any]] = [json.loads(line) for line in GOLDEN.read_text().splitlines()]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[Any], str]:
    """Run the command in-process: exit status, stdout as JSON lines, stderr."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, [json.loads(line) for line in captured.out.splitlines()], captured.err


def run_process(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m skipbo`` as its own process."""
    return subprocess.run(
        [sys.executable, "-m", "skipbo", *argv], input=stdin, capture_output=True, timeout=120
    )


def write_lines(path: Path, records: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def truncated(record: dict[str, Any], k: int) -> dict[str, Any]:
    """The record with only its first ``k`` moves and no result (an unfinished round)."""
    cut = copy.deepcopy(record)
    cut["moves"] = cut["moves"][:k]
    cut.pop("result")
    return cut


def played(record: dict[str, Any]) -> Round:
    """The round after the record's moves, through ``Round.play`` (not ``replay``)."""
    state = start_round(parse_record(record))
    for text in record["moves"]:
        state.play(parse_move(text))
    return state


def an_illegal_move(state: Round) -> str:
    """Some well-written move that is not legal in ``state``."""
    legal = set(state.legal_moves())
    return next(format_move(m) for m in range(MOVE_COUNT) if m not in legal)


def assert_one_error_line(err: str) -> None:
    assert err.startswith("skipbo: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


# ---------------------------------------------------------------------- replay


def test_replay_of_the_spec_examples_gives_their_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, lines, err = run(capsys, "replay", str(GOLDEN))
    assert (code, err) == (0, "")
    assert lines == [{"ok": True, "result": r["result"]} for r in RECORDS]
    assert len(lines) == 11


def test_replay_prints_exactly_the_spec_line(capsys: pytest.CaptureFixture[str]) -> None:
    main(["replay", str(GOLDEN)])
    first = capsys.readouterr().out.splitlines()[0]
    assert first == json.dumps({"ok": True, "result": RECORDS[0]["result"]})
    assert first.startswith('{"ok": true, "result": {"winner": 0, ')


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GOLDEN.read_bytes())))
    code, lines, _ = run(capsys, "replay", "-")
    assert code == 0
    assert [line["result"] for line in lines] == [r["result"] for r in RECORDS]


def test_an_unfinished_record_is_ok_with_a_null_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_lines(tmp_path / "cut.jsonl", [truncated(RECORDS[0], 10)])
    assert run(capsys, "replay", str(path))[:2] == (0, [{"ok": True, "result": None}])


def test_an_illegal_move_is_reported_at_its_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = copy.deepcopy(RECORDS[0])
    record["moves"][5] = an_illegal_move(played(truncated(record, 5)))
    path = write_lines(tmp_path / "bad.jsonl", [RECORDS[1], record, RECORDS[2]])
    code, lines, _ = run(capsys, "replay", str(path))
    assert code == 1
    assert [line["ok"] for line in lines] == [True, False, True]
    assert lines[1]["index"] == 5
    assert lines[1]["error"].startswith(record["moves"][5])


def test_a_malformed_move_text_is_illegal_at_its_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = copy.deepcopy(RECORDS[2])
    record["moves"][3] = "s-b1"
    code, lines, _ = run(capsys, "replay", str(write_lines(tmp_path / "m.jsonl", [record])))
    assert code == 1
    assert lines[0]["ok"] is False and lines[0]["index"] == 3
    assert "malformed" in lines[0]["error"]


def test_a_move_after_the_end_is_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = copy.deepcopy(RECORDS[7])
    record["moves"].append("H1-D1")
    code, lines, _ = run(capsys, "replay", str(write_lines(tmp_path / "m.jsonl", [record])))
    assert (code, lines[0]["ok"], lines[0]["index"]) == (1, False, len(RECORDS[7]["moves"]))


@pytest.mark.parametrize(
    "spoil",
    [
        lambda r: r["deck"].pop(),  # 161 cards
        lambda r: r["rules"].update(players=7),
        lambda r: r["result"].update(winner=1 - r["result"]["winner"]),
        lambda r: r["shuffles"].clear(),
    ],
    ids=["161 cards", "7 players", "wrong result", "missing shuffle"],
)
def test_a_bad_record_has_a_null_index(
    spoil: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = copy.deepcopy(RECORDS[1])  # a round that needs its reshuffle
    spoil(record)
    code, lines, _ = run(capsys, "replay", str(write_lines(tmp_path / "b.jsonl", [record])))
    assert code == 1
    assert lines == [{"ok": False, "index": None, "error": lines[0]["error"]}]
    assert isinstance(lines[0]["error"], str) and lines[0]["error"]


def test_lines_that_are_not_json_are_bad_records_and_blank_lines_are_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.jsonl"
    good = json.dumps(RECORDS[7]).encode()
    path.write_bytes(good + b"\n\n{not json\n  \n\xff\xfe\x00\n[1, 2]\n" + good + b"\n")
    code, lines, err = run(capsys, "replay", str(path))
    assert (code, err) == (1, "")
    assert [line["ok"] for line in lines] == [True, False, False, False, True]
    assert all(line["index"] is None for line in lines[1:4])


def test_an_empty_file_prints_nothing_and_succeeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    assert run(capsys, "replay", str(path)) == (0, [], f"skipbo: {path} holds no record\n")


@pytest.mark.parametrize("command", [["replay"], ["legal"], ["view", "--seat", "0"]])
def test_an_unreadable_file_is_one_error_line(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for missing in (tmp_path / "nope.jsonl", tmp_path):  # absent, and a directory
        code, lines, err = run(capsys, *command, str(missing))
        assert (code, lines) == (2, [])
        assert_one_error_line(err)


# ----------------------------------------------------------------- legal, view

CUTS = [(i, k) for i in (0, 3, 5, 7, 8, 10) for k in (0, 1, 6, 57)]


@pytest.mark.parametrize(("i", "k"), CUTS)
def test_legal_after_a_truncated_record_matches_the_core(
    i: int, k: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = truncated(RECORDS[i], min(k, len(RECORDS[i]["moves"]) - 1))
    state = played(record)
    code, lines, _ = run(capsys, "legal", str(write_lines(tmp_path / "t.jsonl", [record])))
    assert code == 0
    (line,) = lines
    assert line["to_move"] == state.to_move
    assert sorted(line["legal"]) == sorted(format_move(m) for m in state.legal_moves())
    assert len(set(line["legal"])) == len(line["legal"]) > 0


@pytest.mark.parametrize(("i", "k"), CUTS)
def test_view_after_a_truncated_record_matches_the_core(
    i: int, k: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = truncated(RECORDS[i], min(k, len(RECORDS[i]["moves"]) - 1))
    state = played(record)
    path = str(write_lines(tmp_path / "t.jsonl", [record]))
    for seat in range(state.rules.players):
        code, lines, _ = run(capsys, "view", path, "--seat", str(seat))
        assert code == 0
        assert lines == [player_view(state, seat).to_dict()]


def test_legal_is_empty_once_the_round_is_over(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "legal", str(GOLDEN))
    assert code == 0
    assert lines == [{"to_move": played(r).to_move, "legal": []} for r in RECORDS]


def test_legal_and_view_print_the_replay_line_for_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = copy.deepcopy(RECORDS[0])
    record["moves"][5] = an_illegal_move(played(truncated(record, 5)))
    path = str(write_lines(tmp_path / "bad.jsonl", [record, truncated(RECORDS[0], 3)]))
    expected = run(capsys, "replay", path)[1][0]
    for command in (["legal"], ["view", "--seat", "1"]):
        code, lines, _ = run(capsys, *command, path)
        assert code == 1
        assert lines[0] == expected and expected["index"] == 5
        assert "ok" not in lines[1]


@pytest.mark.parametrize("seat", ["2", "-1", "99"])
def test_view_of_a_seat_the_record_lacks_is_a_bad_argument(
    seat: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, err = run(capsys, "view", str(GOLDEN), "--seat", seat)
    assert (code, lines) == (2, [])
    assert_one_error_line(err)


def test_view_checks_the_seat_record_by_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    four, two = truncated(RECORDS[3], 4), truncated(RECORDS[0], 4)
    path = write_lines(tmp_path / "t.jsonl", [four, two])
    code, lines, err = run(capsys, "view", str(path), "--seat", "3")
    assert code == 2
    assert lines == [player_view(played(four), 3).to_dict()]
    assert_one_error_line(err)
    assert "line 2" in err


@pytest.mark.parametrize(
    "argv",
    [[], ["replay"], ["view", str(GOLDEN)], ["view", str(GOLDEN), "--seat", "x"], ["frobnicate"]],
)
def test_bad_arguments_are_one_error_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, err = run(capsys, *argv)
    assert (code, lines) == (2, [])
    assert_one_error_line(err)


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("replay", "legal", "view", "simulate"):
        assert command in out


# ------------------------------------------------------------- as a process


def test_the_module_entry_replays_the_spec_examples() -> None:
    done = run_process("replay", str(GOLDEN))
    assert (done.returncode, done.stderr) == (0, b"")
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [line["result"] for line in lines] == [r["result"] for r in RECORDS]


def test_the_module_entry_reads_stdin_and_reports_bad_lines() -> None:
    data = GOLDEN.read_bytes().splitlines()[7] + b"\n{oops\n"
    done = run_process("legal", "-", stdin=data)
    assert done.returncode == 1
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {"to_move": played(RECORDS[7]).to_move, "legal": []}
    assert second["ok"] is False and second["index"] is None


def test_the_module_entry_never_prints_a_traceback(tmp_path: Path) -> None:
    for argv in (["replay", str(tmp_path / "nope")], ["view", str(GOLDEN), "--seat", "5"], []):
        done = run_process(*argv)
        assert done.returncode == 2
        assert done.stdout == b""
        assert_one_error_line(done.stderr.decode())


def test_a_closed_output_pipe_is_quiet(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "many.jsonl", [truncated(RECORDS[0], 0)] * 2000)
    with subprocess.Popen(
        [sys.executable, "-m", "skipbo", "legal", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        assert json.loads(process.stdout.readline())["legal"]
        process.stdout.close()  # like `| head -1`
        err = process.stderr.read()
        assert process.wait(timeout=60) == 141
    assert err == b""
