"""The page's texts keep a mark with what it belongs to: never a line that starts with it.

French sets a space before ``:``, ``;``, ``?``, ``!`` and ``»`` (and after ``«``); a
plain space there let the browser wrap the mark onto a line of its own ("Chloé gagne
la manche" / ": 45 points." in the result dialog on a phone). So the French texts use
a no-break space there, and every language one between a number and ``%``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[1] / "src" / "skipbo" / "server" / "static"
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`')
"""A JavaScript string literal (double-quoted or a template)."""
FRENCH_BREAKS = re.compile(r" [:;?!»%]|« ")
NUMBER_BREAK = re.compile(r"[0-9}] %")


def block(source: str, start: int) -> str:
    """The bracketed block that opens at ``start`` (strings skipped while counting)."""
    depth, quote, i = 0, "", start
    while i < len(source):
        char = source[i]
        if quote:
            if char == "\\":
                i += 2
                continue
            if char == quote:
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return source[start : i + 1]
        i += 1
    raise AssertionError(f"no end to the block at {start}")


def french_blocks(source: str) -> list[str]:
    return [block(source, m.start(1)) for m in re.finditer(r"\bfr: ([\[{])", source)]


SCRIPTS = sorted(path.name for path in STATIC.glob("*.js"))


@pytest.mark.parametrize("name", SCRIPTS)
def test_french_marks_never_start_a_line(name: str) -> None:
    source = (STATIC / name).read_text(encoding="utf-8")
    found = [
        literal
        for text in french_blocks(source)
        for literal in STRING.findall(text)
        if FRENCH_BREAKS.search(literal)
    ]
    assert not found, found


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_percent_sign_stays_with_its_number(name: str) -> None:
    source = (STATIC / name).read_text(encoding="utf-8")
    found = [literal for literal in STRING.findall(source) if NUMBER_BREAK.search(literal)]
    assert not found, found


def test_the_french_texts_are_found() -> None:
    """The check above reads the texts it means to (a block missed would pass it)."""
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    (french,) = french_blocks(source)
    assert 'hintText: "Conseil\\u00a0: {move}"' in french
