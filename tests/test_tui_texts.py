"""The terminal game's texts (src/skipbo/tui/texts.py): every text in every language,
and every reason the core gives against a move said in each of them."""

from __future__ import annotations

import random
import re
import string

import pytest

from skipbo.core import END, Rules, new_round
from skipbo.sim.refereed_bots import ILLEGAL, BotFault
from skipbo.tui.config import GameConfig
from skipbo.tui.reasons import known, said
from skipbo.tui.selection import Selection
from skipbo.tui.session import GameSession
from skipbo.tui.summary import end_text
from skipbo.tui.texts import LANGUAGES, TEXTS, Words
from skipbo.tui.typed import shown_message, with_articles

MORE_FIELDS = {"fault": {"kind"}}
"""Texts whose translations may say more than the English one (the kind of a bot's
fault, which English reads from the program's own words)."""


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_text_exists_in_all_four_languages() -> None:
    assert set(TEXTS) == set(LANGUAGES) == {"en", "fr", "de", "nl"}
    english = TEXTS["en"]
    for lang, texts in TEXTS.items():
        assert set(texts) == set(english), (lang, set(texts) ^ set(english))
        for key, text in texts.items():
            assert text.strip(), (lang, key)
            extra = fields(text) - fields(english[key])
            assert extra <= MORE_FIELDS.get(key, set()), (lang, key, extra)
            assert fields(english[key]) <= fields(text) or key in MORE_FIELDS, (lang, key)


def test_each_language_uses_its_rule_sheet_pile_names() -> None:
    names = {
        "en": ("discard pile", "stock pile", "building pile", "draw"),
        "fr": ("défausse", "stock", "série", "pioche"),
        "de": ("Ablagestapel", "Vorratsstapel", "Baustapel", "Nachziehstapel"),
        "nl": ("weggooistapel", "stok", "bouwstapel", "trekstapel"),
    }
    for lang, (discard, stock, build, draw) in names.items():
        words = Words(lang)
        assert discard in words("own_discard_empty", n=1)
        assert stock in words("own_stock_empty") and stock in words("round_won", who="x", points=1)
        assert build.lower() in (words("build") + words("kind_play")).lower()
        assert draw in words("draw_completed", draw=1, completed=0)


def test_people_are_named_in_the_language_and_bots_keep_their_names() -> None:
    assert [Words(lang).name("you") for lang in LANGUAGES] == ["you", "vous", "du", "jij"]
    assert Words("de").name("Player 2") == "Spieler 2" and Words("nl").name("bot:hard") == (
        "bot:hard"
    )
    assert Words("xx").lang == "en"


def core_reasons() -> set[str]:
    """The reasons the core and the table give, across many positions of many tables."""
    reasons: set[str] = set()
    for players, teams in ((2, False), (4, True), (6, True), (3, False)):
        chooser = random.Random(players)
        for seed in range(3):
            state = new_round(Rules.make(players, 2, teams), seed)
            for count in range(5000):
                if state.over:
                    break
                if count < 100:
                    every = (state.why_illegal(m) for m in range(END + 1))
                    reasons |= {with_articles(r) for r in every if r}
                state.play(chooser.choice(state.legal_moves()))
            reasons.add(state.why_illegal(END) or "")
            reasons.add(state.why_illegal(0) or "")
    reasons.discard("")
    selection = Selection(["H3-D1"])
    reasons.add(selection.choose_source("S", lambda _: None) or "")
    reasons.add(selection.move_to("B1", lambda _: None)[1] or "")
    return reasons


def test_every_reason_of_the_core_is_said_in_each_language() -> None:
    reasons = core_reasons()
    assert len(reasons) > 60 and "the round is already over" in reasons
    unknown = sorted(r for r in reasons if not known(r))
    assert not unknown, unknown
    for lang in ("fr", "de", "nl"):
        words = Words(lang)
        for reason in reasons:
            text = said(reason, words)
            assert text != reason and not re.search(r"\b(cannot|there is|needs)\b", text), text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "S-B1: an 8 cannot go on B1, which needs an A"),
        ("fr", "S-B1: un 8 ne va pas sur B1, qui attend un A"),
        ("de", "S-B1: eine 8 passt nicht auf B1, dort fehlt eine A"),
        ("nl", "S-B1: een 8 past niet op B1, die een A nodig heeft"),
    ],
)
def test_a_reason_keeps_its_move_and_the_faces_shown(lang: str, expected: str) -> None:
    reason = shown_message("S-B1: a 8 cannot go on B1, which needs a 1", "cards")
    assert said(reason, Words(lang)) == expected


def test_a_text_that_is_no_reason_is_left_as_it_is() -> None:
    assert said("Could not save: disk full", Words("fr")) == "Could not save: disk full"


class _Faulty:
    """A bot that broke the protocol, as an outside program's driver reports it."""

    fault = BotFault("illegal move end", '{"move": "end"}', kind=ILLEGAL)


def test_a_forfeit_is_told_in_the_language_with_the_program_s_own_words() -> None:
    rules = Rules.make(2, 3)
    session = GameSession(GameConfig(rules, ("hard", "hard"), "1", None, 0.0, lang="fr"))
    seat = session.round.to_move  # only the seat to move can forfeit
    session.bots[seat] = _Faulty()  # type: ignore[assignment]
    session.round.forfeit(seat)
    text = end_text(session)
    said = f"bot:hard#{seat} déclare forfait\u00a0: un coup interdit (illegal move end; it sent:"
    assert said in text
    assert f"La partie est gagnée par bot:hard#{1 - seat}\u00a0!" in text
    session._seats.close()


def test_french_marks_never_start_a_line() -> None:
    """A no-break space before : ; ? ! » and after « in the French texts, as the page's
    (tests/test_static_typography.py): a narrow terminal never starts a line with one."""
    from skipbo.tui.texts import TEXTS

    found = [text for text in TEXTS["fr"].values() if re.search(r" [:;?!»%]|« ", text)]
    assert not found, found
