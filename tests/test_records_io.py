"""Files of records (issue 22 §2): ``read_records``/``write_records`` read JSON Lines
and one pretty-printed record, ``parse_record`` takes text, and the record commands
say in one line (exit 2) that a file holds no records at all."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from skipbo.cli import main
from skipbo.core import BadRecordError, Rules, new_round, parse_record, record_json, replay

GOLDEN = Path(__file__).parent / "golden" / "spec_examples.jsonl"
LINES = [line for line in GOLDEN.read_text().splitlines() if line.strip()]
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\n\x08\x02\x00\x00\x00\x90wS\xde\n" * 8


def pretty(index: int = 0) -> str:
    """A spec example pretty-printed, as notation.md shows one."""
    return json.dumps(json.loads(LINES[index]), indent=2) + "\n"


# ------------------------------------------------------------------ parse_record


def test_parse_record_takes_text_as_well_as_a_dict() -> None:
    data = json.loads(LINES[0])
    expected = parse_record(data)
    assert parse_record(LINES[0]) == expected
    assert parse_record(LINES[0].encode()) == expected
    assert parse_record(pretty(0)) == expected
    assert replay(parse_record(pretty(0))).ok


@pytest.mark.parametrize(
    ("text", "why"),
    [("{oops", "must be JSON"), ("[1, 2]", "JSON object"), (b"\xff\xfe\x00", "UTF-8|JSON")],
)
def test_parse_record_of_bad_text_is_a_bad_record(text: str | bytes, why: str) -> None:
    with pytest.raises(BadRecordError, match=why):
        parse_record(text)


# ------------------------------------------------------------------ read_records


def test_read_records_reads_json_lines_from_a_path_and_from_files(tmp_path: Path) -> None:
    from skipbo.records_io import read_records

    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(LINES) + "\n\n")
    expected = [parse_record(line) for line in LINES]
    assert list(read_records(path)) == expected
    assert list(read_records(str(path))) == expected
    with path.open("rb") as binary:
        assert list(read_records(binary)) == expected
    assert list(read_records(io.StringIO(path.read_text()))) == expected


def test_read_records_reads_one_pretty_printed_record(tmp_path: Path) -> None:
    from skipbo.records_io import read_records

    path = tmp_path / "one.json"
    path.write_text("\n" + pretty(3))
    assert list(read_records(path)) == [parse_record(LINES[3])]
    assert list(read_records(io.BytesIO(pretty(3).encode()))) == [parse_record(LINES[3])]


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (PNG, "not UTF-8"),
        (b"# A title\n\nSome text.\n", "line 1 is not valid JSON"),
        (b'[\n  {"format": "skipbo-record/1"}\n]\n', "one JSON array"),
    ],
    ids=["png", "text", "array"],
)
def test_a_file_that_holds_no_records_is_one_error(
    tmp_path: Path, content: bytes, why: str
) -> None:
    from skipbo.records_io import RecordFileError, read_records

    path = tmp_path / "not-records"
    path.write_bytes(content)
    with pytest.raises(RecordFileError, match=f"not JSON Lines .* nor one JSON record: .*{why}"):
        list(read_records(path))
    assert issubclass(RecordFileError, BadRecordError)


def test_read_records_names_the_line_of_a_bad_record(tmp_path: Path) -> None:
    from skipbo.records_io import read_records

    path = tmp_path / "mixed.jsonl"
    path.write_text(f"{LINES[0]}\n{{oops\n{LINES[1]}\n")
    records = read_records(path)
    assert next(records) == parse_record(LINES[0])
    with pytest.raises(BadRecordError, match=r"^line 2: line 2 is not valid JSON"):
        next(records)
    path.write_text(f'{LINES[0]}\n{{"format": "skipbo-record/1"}}\n')
    with pytest.raises(BadRecordError, match=r"^line 2: a record must have its rules"):
        list(read_records(path))
    path.write_text(f'{LINES[0]}\n"a string"\n')  # JSON, but not an object (not JSON text)
    with pytest.raises(
        BadRecordError, match=r"^line 2: a record must be a JSON object, not a JSON string$"
    ):
        list(read_records(path))


# ------------------------------------------------------------------ write_records


def test_write_records_writes_what_read_records_reads(tmp_path: Path) -> None:
    from skipbo.records_io import read_records, write_records

    state = new_round(Rules.make(players=3, stock=4), seed=2)
    while not state.over:
        state.play(state.legal_moves()[-1])
    items: list[Any] = [state, parse_record(LINES[0]), json.loads(LINES[1])]
    path = tmp_path / "out.jsonl"
    assert write_records(path, items) == 3
    assert len(path.read_text().splitlines()) == 3
    read = list(read_records(path))
    assert read == [
        parse_record(record_json(state)),
        parse_record(LINES[0]),
        parse_record(LINES[1]),
    ]
    buffer = io.StringIO()
    write_records(buffer, state, indent=2)
    assert buffer.getvalue().startswith('{\n  "format": "skipbo-record/1"')
    assert list(read_records(io.StringIO(buffer.getvalue()))) == [read[0]]
    binary = io.BytesIO()
    write_records(binary, [read[1]])
    assert binary.getvalue().decode() == json.dumps(read[1].to_dict()) + "\n"


def test_write_records_refuses_what_nobody_could_read_back(tmp_path: Path) -> None:
    from skipbo.records_io import write_records

    with pytest.raises(BadRecordError, match="pretty-printed file holds one record"):
        write_records(tmp_path / "two.json", [json.loads(LINES[0])] * 2, indent=2)
    with pytest.raises(BadRecordError):
        write_records(tmp_path / "bad.jsonl", [{"format": "skipbo-record/1"}])
    with pytest.raises(BadRecordError, match="a Record, a Round or a dict"):
        write_records(tmp_path / "bad.jsonl", [42])  # type: ignore[list-item]


# ------------------------------------------------------------------ the record commands


@pytest.mark.parametrize("command", [["replay"], ["legal"], ["view", "--seat", "0"]])
def test_the_record_commands_read_a_pretty_printed_record(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one.json"
    path.write_text(pretty(2))
    assert main([*command, str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and len(out.splitlines()) == 1
    assert main([*command, str(GOLDEN)]) == 0
    assert capsys.readouterr().out.splitlines()[2] == out.strip()


@pytest.mark.parametrize("command", [["replay"], ["legal"], ["view", "--seat", "0"]])
@pytest.mark.parametrize(
    "content", [PNG, b"# notes\nnot json\nat all\n", b"{oops"], ids=["png", "text", "one-line"]
)
def test_a_file_without_records_is_one_error_line_exit_2(
    command: list[str], content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "file.bin"
    path.write_bytes(content)
    assert main([*command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"skipbo: error: {path}: not JSON Lines")


def test_json_lines_with_a_bad_first_line_still_report_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(f"{{oops\n{LINES[0]}\n")
    assert main(["replay", str(path)]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["ok"] is False and "line 1" in first["error"]
    assert second["ok"] is True
