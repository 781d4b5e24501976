"""User names: what is allowed, when two names are the same, and guests' random names.

A name is shown as typed (NFC, spaces collapsed) and compared by its *key*:
NFKC, then case folding, then NFKC again (case folding can undo the first
normalisation), so "Zoë", "ZOË", "zoe\\u0308" (e + a combining diaeresis) and
"Ｚｏë" (full-width letters) are one name. Length is counted in grapheme
clusters (what a reader sees as one character: "ë" written with a combining
mark, a flag, or a family emoji joined by zero-width joiners), with the
``regex`` package's ``\\X``, which follows the current Unicode rules.

Allowed, cluster by cluster: a letter or digit with its marks (any script), an
emoji, a single space between words, and the four signs ``- _ . '``; at least
one letter or digit. Control and invisible formatting characters (bidi
overrides, zero-width spaces) are refused, since they make one name look like
another. Look-alikes across scripts (a Cyrillic "о" for a Latin "o") are not
folded: NFKC does not map them, and telling them apart is the reader's job.
"""

from __future__ import annotations

import secrets
import unicodedata
from typing import Protocol

import regex

from skipbo.bots import bot_names

from .account_errors import AccountError

MIN_LENGTH = 2
MAX_LENGTH = 20
"""Bounds of a user name, in grapheme clusters."""
MAX_CLUSTER = 10
"""Code points in one cluster at most: a family emoji has 7, a letter piled with marks more."""
SIGNS = frozenset("-_.'")
DELETED = "deleted player"
"""The name every deleted account shows in its old games."""

_WORD = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}\p{M}\u200c\u200d]*")
"""A letter or digit and what may join it in one cluster (marks, Indic joiners)."""
_EMOJI = regex.compile(
    r"(?:\p{Extended_Pictographic}|\p{Regional_Indicator})"
    r"[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200d\ufe0f"
    r"\U000e0020-\U000e007f]*"
)
"""An emoji cluster: pictographs, skin tones, flags, ZWJ sequences, tag sequences."""
_CLUSTER = regex.compile(r"\X")
_HIDDEN_START = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{M}\u2800]")
"""What no cluster may begin with: a code point that shows nothing (a Hangul filler, a
soft hyphen, a joiner or a variation selector with nothing before it, the blank braille
pattern) or a mark with no letter to sit on. Hangul fillers are letters to Unicode, so
without this "Ann" and "Ann" + U+3164 (or a name of fillers alone) would be two names
that look the same."""
_INVISIBLE = regex.compile(r"[\p{Default_Ignorable_Code_Point}\u2800]")
"""Code points that show nothing wherever they stand; a word keeps only the two joiners of
Indic scripts (U+200C, U+200D) and a keycap's emoji selector ("1️⃣") among them, so that
"Ann" + U+FE0F is not a second "Ann"."""
_WORD_JOINERS = str.maketrans("", "", "\u200c\u200d")
KEYCAP = "\ufe0f\u20e3"

ADJECTIVES = (
    "Bold", "Brave", "Bright", "Calm", "Clever", "Cosy", "Daring", "Eager", "Gentle", "Happy",
    "Jolly", "Keen", "Kind", "Lucky", "Merry", "Nimble", "Plucky", "Quick", "Quiet", "Sunny",
    "Swift", "Witty", "Zesty", "Steady",
)  # fmt: skip
ANIMALS = (
    "Badger", "Beaver", "Bison", "Crane", "Dingo", "Egret", "Falcon", "Ferret", "Gecko", "Heron",
    "Ibis", "Koala", "Lemur", "Lynx", "Marten", "Moose", "Otter", "Panda", "Puffin", "Walrus",
    "Wombat", "Gibbon", "Hare", "Robin",
)  # fmt: skip
"""Guests' names are "Adjective Animal NNN": 24 × 24 × 900 of them, each a valid user name."""


class Draw(Protocol):
    """What picks a guest's name: :mod:`secrets` by default, a seeded Random in tests."""

    def choice(self, seq: tuple[str, ...], /) -> str: ...

    def randrange(self, start: int, stop: int, /) -> int: ...


def name_key(name: str) -> str:
    """The form under which names are unique: NFKC, case folded, NFKC; spaces collapsed."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def shown_form(name: str) -> str:
    """``name`` as it is stored and shown: NFC, spaces trimmed and collapsed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def clusters(text: str) -> list[str]:
    """The grapheme clusters of ``text`` (what a reader counts as characters)."""
    return _CLUSTER.findall(text)


def reserved_keys() -> frozenset[str]:
    """Keys no player may take: the deleted players' name, staff-like words, bot levels."""
    words = {DELETED, "guest", "admin", "administrator", "moderator", "skipbo", "system", "bot"}
    return frozenset(name_key(word) for word in words | set(bot_names()))


def check_user_name(name: str) -> str:
    """The name as it is stored and shown (NFC, spaces collapsed); :class:`AccountError` if not.

    Refusals say what is allowed: ``user_name_length`` (with min, max),
    ``user_name_characters`` (with the first character refused),
    ``user_name_letter`` and ``user_name_reserved``.
    """
    shown = shown_form(name)
    parts = clusters(shown)
    if not MIN_LENGTH <= len(parts) <= MAX_LENGTH:
        raise AccountError("user_name_length", "name", min=MIN_LENGTH, max=MAX_LENGTH)
    for part in parts:
        if not _allowed(part):
            raise AccountError("user_name_characters", "name", character=_describe(part))
    if not any(_WORD.fullmatch(part) for part in parts):
        raise AccountError("user_name_letter", "name")
    if name_key(shown) in reserved_keys():
        raise AccountError("user_name_reserved", "name", name=shown)
    return shown


def visible(part: str) -> bool:
    """Whether the grapheme cluster ``part`` begins with something a reader sees."""
    return _HIDDEN_START.match(part) is None


def _allowed(part: str) -> bool:
    if len(part) > MAX_CLUSTER or not visible(part):
        return False
    if part == " " or part in SIGNS or _EMOJI.fullmatch(part):
        return True
    seen = part.replace(KEYCAP, "\u20e3").translate(_WORD_JOINERS)
    return bool(_WORD.fullmatch(part)) and not _INVISIBLE.search(seen)


def _describe(part: str) -> str:
    """A refused cluster as the message shows it: the character if visible, always its code."""
    head = part[:MAX_CLUSTER]
    codes = " ".join(f"U+{ord(c):04X}" for c in head)
    more = " …" if len(part) > MAX_CLUSTER else ""
    visible = head.isprintable() and not head.isspace()
    return f'"{head}" ({codes}{more})' if visible else f"{codes}{more}"


def guest_name(draw: Draw | None = None, wide: bool = False) -> str:
    """A friendly random name for a new guest, e.g. "Calm Heron 317" (always a valid name).

    ``wide``: a number of six digits ("Calm Heron 317054"), for when the three-digit names
    drawn were taken: they are only 518,400, which guests alone could use up.
    """
    pick = draw if draw is not None else secrets.SystemRandom()
    adjective, animal = pick.choice(ADJECTIVES), pick.choice(ANIMALS)
    number = pick.randrange(100_000, 1_000_000) if wide else pick.randrange(100, 1000)
    return f"{adjective} {animal} {number}"
