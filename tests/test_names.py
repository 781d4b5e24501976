"""User names: grapheme length, the characters allowed, and one key per look-alike name."""

from __future__ import annotations

import random

import pytest

from skipbo.server.account_errors import AccountError
from skipbo.server.names import (
    MAX_LENGTH,
    check_user_name,
    clusters,
    guest_name,
    name_key,
)

FAMILY = "👨\u200d👩\u200d👧\u200d👦"


@pytest.mark.parametrize(
    "name",
    [
        f"Zoë {FAMILY}",
        "O'Neil-Ray_2.0",
        "李小龍",
        "क्षत्रिय",
        "محمد علي",
        "Ярослава",
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scot",
        "1\ufe0f\u20e3 one",
        "🇫🇷 Émile",
        "Zoë" + "👍🏽" * 17,
    ],
)
def test_names_of_every_script_and_emoji_are_accepted(name: str) -> None:
    assert check_user_name(name) == name


def test_length_counts_what_a_reader_sees() -> None:
    assert clusters(f"Zoë {FAMILY}") == ["Z", "o", "ë", " ", FAMILY]
    assert check_user_name("Zoe\u0308 " + FAMILY) == f"Zoë {FAMILY}"  # stored composed (NFC)
    twenty = "e\u0301" * MAX_LENGTH  # 40 code points, 20 letters with their accent
    assert check_user_name(twenty) == "é" * MAX_LENGTH
    with pytest.raises(AccountError) as caught:
        check_user_name(twenty + "e")
    assert caught.value.code == "user_name_length"
    assert caught.value.params == {"min": 2, "max": MAX_LENGTH}
    assert "an emoji, or a letter with its accents, counts as one" in str(caught.value)


def test_spaces_are_collapsed() -> None:
    assert check_user_name("  Ann \t  Lee ") == "Ann Lee"


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Zoë", "ZOË"),
        ("Zoë", "zoe\u0308"),
        ("Zoë", "Ｚｏë"),
        ("Straße", "STRASSE"),
        ("ﬁona", "Fiona"),
        ("Ann Lee", "ann   lee"),
        ("Ⅻ player", "xii PLAYER"),
    ],
)
def test_names_differing_in_case_or_look_alike_letters_share_a_key(name: str, key: str) -> None:
    assert name_key(name) == name_key(key)


def test_different_names_have_different_keys() -> None:
    assert len({name_key(n) for n in ("Zoe", "Zoë", "Zoé", "Zoë 👍", "Zoë 👍🏽")}) == 5


@pytest.mark.parametrize(
    ("name", "code", "shown"),
    [
        ("a", "user_name_length", "2..20 characters"),
        ("ab\u202ecd", "user_name_characters", "U+202E"),
        ("zero\u200bwidth", "user_name_characters", "U+200B"),
        ("a<b>", "user_name_characters", '"<" (U+003C)'),
        ("tab\x00", "user_name_characters", "U+0000"),
        ("a" + "\u0301" * 20 + "b", "user_name_characters", "U+0301 …"),
        ("👍👍", "user_name_letter", "at least one letter or digit"),
        ("--", "user_name_letter", "at least one letter or digit"),
        ("Deleted Player", "user_name_reserved", "reserved"),
        ("EXPERT", "user_name_reserved", "reserved"),
    ],
)
def test_refusals_say_what_is_allowed(name: str, code: str, shown: str) -> None:
    with pytest.raises(AccountError) as caught:
        check_user_name(name)
    assert caught.value.code == code
    assert caught.value.field == "name"
    assert shown in str(caught.value)
    if code == "user_name_characters":
        assert "letters, digits, emoji, single spaces and - _ . ' only" in str(caught.value)
    assert caught.value.payload()["code"] == code


def test_guest_names_are_friendly_valid_names() -> None:
    draw = random.Random(3)
    names = [guest_name(draw) for _ in range(300)]
    assert all(check_user_name(name) == name for name in names)
    assert len(set(names)) == len(names)
    assert all(len(name.split()) == 3 for name in names)
