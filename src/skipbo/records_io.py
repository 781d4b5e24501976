"""Files of game records (``skipbo-record/1``): reading and writing them.

The rules core parses and writes records as data and text
(:func:`skipbo.core.parse_record`, :func:`skipbo.core.record_json`) but does no
I/O; this module is the file side, for the library and the ``skipbo`` command:

- :func:`read_records` reads a path or an open file: JSON Lines (one record a
  line, what ``skipbo simulate --out`` and ``skipbo match --out`` write) or one
  pretty-printed JSON record (as notation.md itself shows one);
- :func:`write_records` writes records, rounds or record dicts as JSON Lines, or
  one record pretty-printed (``indent=2``);
- :func:`scan_records` is the tolerant reader underneath: one item per record,
  each decoded or with the reason it could not be, so a file with one bad line
  still yields the others (the record commands report each line).

A file that is neither JSON Lines nor one JSON record (a PNG, say) is refused as
a whole with one :class:`RecordFileError`, not one error per line.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any, TypeAlias, cast

from skipbo.core import BadRecordError, Record, Round, parse_record, record_json

Source: TypeAlias = "str | os.PathLike[str] | IO[bytes] | IO[str]"
"""A path, or a file open for reading (binary or text)."""
Target: TypeAlias = "str | os.PathLike[str] | IO[str] | IO[bytes]"
"""A path (created or overwritten), or a file open for writing (text or binary)."""
Writable: TypeAlias = Record | Round | Mapping[str, Any]  # not a string: pdoc evaluates it
"""What :func:`write_records` writes: a :class:`~skipbo.core.Record`, a
:class:`~skipbo.core.Round` (as :func:`~skipbo.core.record_json` writes it) or a
record's JSON object."""

SHAPES = "JSON Lines (one record a line) nor one JSON record"


class RecordFileError(BadRecordError):
    """A file that does not hold records at all: not JSON Lines nor one JSON record
    (binary data, plain text, a JSON array). Its message says so in one line."""


@dataclass(frozen=True, slots=True)
class RecordItem:
    """One record of a file as read: its JSON data, or why it could not be decoded."""

    line: int
    """The line the record starts on (1-based)."""
    data: object
    """The decoded JSON value (not yet checked to be a record); None with ``error``."""
    error: str | None = None
    """Why the line is not JSON at all (then it is no record)."""


def scan_records(source: Source) -> Iterator[RecordItem]:
    """Every record of ``source`` decoded from JSON, in order, blank lines skipped.

    JSON Lines are read lazily, line by line (a line that is not JSON is an item
    with its ``error``, and reading goes on). When the first line is not JSON on
    its own, the whole file is read: one pretty-printed JSON object is one item;
    a file in which no line is JSON raises :class:`RecordFileError` before any
    item. ``source`` is a path or a file open for reading (binary or text).
    """
    if isinstance(source, str | os.PathLike):
        try:
            stream = open(source, "rb")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise RecordFileError(
                f"cannot read {os.fspath(source)}: {exc.strerror or exc}"
            ) from None
        with stream:
            yield from _scan(stream)
    else:
        yield from _scan(source)


def read_records(source: Source) -> Iterator[Record]:
    """The records of ``source`` (a path or an open file), checked for shape, lazily.

    JSON Lines or one pretty-printed record (see :func:`scan_records`). Raises
    :class:`~skipbo.core.BadRecordError` at the first line that is not a record,
    saying which line, and :class:`RecordFileError` (a ``BadRecordError``) for a
    file that holds no JSON at all. Replay each with :func:`skipbo.core.replay`.
    """
    for item in scan_records(source):
        if item.error is not None:
            raise BadRecordError(f"line {item.line}: {item.error}")
        try:
            yield parse_item(item)
        except BadRecordError as exc:
            raise BadRecordError(f"line {item.line}: {exc}") from None


def write_records(
    target: Target, records: Writable | Iterable[Writable], *, indent: int | None = None
) -> int:
    """Write ``records`` to ``target`` (a path, or a file open for writing); the count.

    One record a line (JSON Lines) by default; ``indent=2`` pretty-prints a single
    record (a file that :func:`read_records` reads back, and people read). Each
    record is a :class:`~skipbo.core.Record`, a :class:`~skipbo.core.Round`
    (written by :func:`~skipbo.core.record_json`, seats named ``seat0``...) or a
    record's JSON object, which is checked with :func:`~skipbo.core.parse_record`
    first; one record may be given alone.
    """
    if isinstance(records, Record | Round | Mapping):
        records = [records]
    objects = [_record_object(item) for item in records]
    if indent is not None and len(objects) != 1:
        raise BadRecordError(
            f"a pretty-printed file holds one record, not {len(objects)};"
            " write JSON Lines (indent=None) for several"
        )
    text = "".join(json.dumps(obj, indent=indent) + "\n" for obj in objects)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
    elif isinstance(target, io.RawIOBase | io.BufferedIOBase) or "b" in getattr(target, "mode", ""):
        cast("IO[bytes]", target).write(text.encode())
    else:
        cast("IO[str]", target).write(text)
    return len(objects)


def _record_object(item: object) -> dict[str, Any]:
    if isinstance(item, Round):
        return record_json(item)
    if isinstance(item, Record):
        return item.to_dict()
    if isinstance(item, Mapping):
        data = dict(item)
        parse_record(data)  # refuse to write what nobody could read back
        return data
    raise BadRecordError(f"a record is a Record, a Round or a dict, not {type(item).__name__}")


# ------------------------------------------------------------------ reading


TOO_LARGE = "holds a number too large"


def decode_line(raw: bytes | str, number: int) -> RecordItem:
    """Line ``number`` of a JSON Lines file, decoded (or why it is no JSON)."""
    try:
        return RecordItem(number, json.loads(raw))
    except UnicodeDecodeError:
        return RecordItem(number, None, f"line {number} is not UTF-8 text")
    except (json.JSONDecodeError, RecursionError) as exc:
        return RecordItem(number, None, f"line {number} is not valid JSON: {exc}")
    except ValueError:  # an integer longer than sys.get_int_max_str_digits()
        return RecordItem(number, None, f"line {number} {TOO_LARGE}")


def _is_json(item: RecordItem) -> bool:
    """True for a line written in JSON (one holding a number too large to read is)."""
    return item.error is None or item.error.endswith(TOO_LARGE)


def _lines(numbered: Iterable[tuple[int, Any]]) -> Iterator[RecordItem]:
    for number, raw in numbered:
        if raw.strip():
            yield decode_line(raw, number)


def _scan(stream: IO[bytes] | IO[str]) -> Iterator[RecordItem]:
    numbered: Iterator[tuple[int, Any]] = enumerate(stream, 1)
    for number, raw in numbered:  # noqa: B007 - number is the first record's line
        if raw.strip():
            break
    else:
        return
    first = decode_line(raw, number)
    if _is_json(first):  # JSON Lines: read on lazily
        yield first
        yield from _lines(numbered)
        return
    rest = list(numbered)
    whole = raw[:0].join([raw, *(line for _, line in rest)])
    try:
        data = json.loads(whole)
    except (ValueError, RecursionError) as exc:
        others = list(_lines(rest))
        if any(map(_is_json, others)):  # JSON Lines with a bad first line
            yield first
            yield from others
            return
        why = "it is not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else first.error
        raise RecordFileError(f"not {SHAPES}: {why}") from None
    if not isinstance(data, dict):
        raise RecordFileError(
            f"not {SHAPES}: it holds one JSON {_json_kind(data)} over {len(rest) + 1} lines"
        )
    yield RecordItem(number, data)


def parse_item(item: RecordItem) -> Record:
    """The record of a decoded line. A line of JSON that is not an object is refused as
    such: :func:`~skipbo.core.parse_record` would take a string for JSON text."""
    if not isinstance(item.data, dict):
        raise BadRecordError(f"a record must be a JSON object, not a JSON {_json_kind(item.data)}")
    return parse_record(item.data)


def _json_kind(data: object) -> str:
    if isinstance(data, list):
        return "array"
    if isinstance(data, str):
        return "string"
    return "value"
