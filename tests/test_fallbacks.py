"""``serve_bot``'s fallback moves are counted and reported to the host (issue 22).

When a bot's ``choose`` raises or answers a move that is not legal, ``serve_bot``
answers the fallback policy's move for it and says so in the answer's added
``fallback`` field; the referee (and ``simulate``, ``tournament``) count those
moves and print them. With ``strict=True`` (``skipbo bot NAME --strict``) the
bot answers ``{"forfeit": WHY}`` instead and loses the round.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from skipbo.bots import make_bot, registry, serve_bot
from skipbo.cli import main
from skipbo.core import Move, PlayerView, Rules, format_move, new_round, parse_move, player_view
from skipbo.sim import SimConfig, simulate
from skipbo.sim.referee import MatchConfig, play_match

HERE = Path(__file__).parent
RULES = Rules.make(2, stock=5)


class Broken:
    """A bot whose every choice fails: it raises, or answers a move that is not legal."""

    name = "broken"

    def __init__(self, seed: int | str = 0, raises: bool = True) -> None:
        self.raises = raises

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        if self.raises:
            raise ZeroDivisionError("oops")
        return next(m for m in range(1000) if m not in legal)


def messages(seat: int = 0) -> tuple[list[str], list[Move], PlayerView]:
    """A hello and one move message for the seat to move in a fresh round."""
    state = new_round(RULES, "fb", dealer=1 - seat)
    assert state.to_move == seat
    view = player_view(state, seat)
    legal = list(state.legal_moves())
    lines = [
        json.dumps({"type": "hello", "protocol": "skipbo-bot/1", "seat": seat,
                    "rules": RULES.to_dict()}),
        json.dumps({"type": "move", "view": view.to_dict(),
                    "legal": [format_move(m) for m in legal]}),
    ]  # fmt: skip
    return lines, legal, view


def serve(bot: Any, strict: bool = False) -> tuple[list[dict[str, Any]], list[str]]:
    lines, _, _ = messages()
    out, err = io.StringIO(), io.StringIO()
    text = "".join(line + "\n" for line in lines)
    assert serve_bot(bot, io.StringIO(text), out, seed="s", stderr=err, strict=strict) == 0
    return [json.loads(x) for x in out.getvalue().splitlines()], err.getvalue().splitlines()


@pytest.mark.parametrize("raises", [True, False], ids=["raises", "illegal"])
def test_a_fallback_move_says_so_in_the_answer(raises: bool) -> None:
    from skipbo.bots.protocol import FALLBACK_POLICY

    _, legal, view = messages()
    answers, err = serve(Broken(raises=raises))
    answer = answers[1]
    assert set(answer) == {"move", "fallback"}
    expected = make_bot(FALLBACK_POLICY, "s/1").choose(view, legal)
    assert parse_move(answer["move"]) == expected
    assert answer["fallback"]["policy"] == FALLBACK_POLICY == "greedy"
    assert answer["fallback"]["count"] == 1
    assert ("ZeroDivisionError: oops" in answer["fallback"]["why"]) == raises
    assert len(err) == 1 and "internal error in bot 'broken'" in err[0]


def test_a_bot_s_own_move_has_no_fallback_field() -> None:
    answers, err = serve(make_bot("greedy"))
    assert set(answers[1]) == {"move"} and err == []


def test_strict_serving_forfeits_instead_of_a_fallback() -> None:
    answers, err = serve(Broken(), strict=True)
    assert set(answers[1]) == {"forfeit"}
    assert "ZeroDivisionError: oops" in answers[1]["forfeit"]
    assert len(err) == 1 and "forfeits the round (strict)" in err[0]


def test_skipbo_bot_strict(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry.BOTS, "broken", Broken)
    lines, _, _ = messages()
    stdin = io.TextIOWrapper(io.BytesIO("".join(x + "\n" for x in lines).encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["bot", "broken", "--strict"]) == 0
    answers = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert set(answers[1]) == {"forfeit"}


# --------------------------------------------------------------- the hosts


def broken_program(tmp_path: Path, strict: bool) -> str:
    """An outside program: ``serve_bot`` around a bot that always raises."""
    script = tmp_path / f"broken_{strict}.py"
    script.write_text(
        "from skipbo.bots import serve_bot\n"
        "class Broken:\n"
        "    name = 'broken'\n"
        "    def choose(self, view, legal):\n"
        "        raise ZeroDivisionError('oops')\n"
        f"raise SystemExit(serve_bot(Broken(), strict={strict}))\n"
    )
    return shlex.join([sys.executable, str(script)])


def test_the_referee_counts_and_prints_fallback_moves(tmp_path: Path) -> None:
    config = MatchConfig(RULES, (broken_program(tmp_path, False), "greedy"), 1, "fb", 30.0)
    out = io.StringIO()
    summary = play_match(config, out)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert summary.faults == () and summary.bots[0].forfeits == 0
    moves = sum(len(r.get("fallbacks", [])) for r in records)
    assert moves > 0 and summary.bots[0].fallbacks == moves == len(summary.fallbacks)
    assert summary.bots[1].fallbacks == 0
    assert "ZeroDivisionError: oops" in summary.fallbacks[0].why
    text = summary.to_text()
    assert re.search(rf"{moves} fallback moves?, ", text)
    assert "fallback moves (the bot's own choice failed; its serve_bot answered):" in text
    data = summary.to_json()
    assert data["bots"][0]["fallbacks"] == moves and len(data["fallbacks"]) == moves


def test_the_referee_forfeits_a_strict_bot(tmp_path: Path) -> None:
    config = MatchConfig(RULES, (broken_program(tmp_path, True), "greedy"), 1, "fb", 30.0)
    summary = play_match(config)
    assert summary.bots[0].forfeits == 2 and summary.bots[0].forfeit_reasons == {"bot error": 2}
    assert "it forfeits: ZeroDivisionError: oops" in summary.faults[0].why
    assert [t.wins for t in summary.bots] == [0, 2]


def test_simulate_counts_fallback_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bots = ("cmd:" + broken_program(tmp_path, False), "greedy")
    summary = simulate(SimConfig(RULES, bots, 2, "fb"))
    assert summary.fallbacks[0] > 0 and summary.fallbacks[1] == 0
    assert "fallback move" in summary.to_text()
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("answered a fallback move" in line for line in err)


# -------------------------------------------------------------------- docs


def test_the_docs_name_the_fallback_policy_the_code_uses() -> None:
    from skipbo.bots.protocol import FALLBACK_POLICY

    docs = (HERE.parent / "docs" / "protocol.md").read_text()
    named = re.findall(r"answers? the `(\w+)` (?:bot's|policy's) move", docs)
    assert len(named) >= 2 and set(named) == {FALLBACK_POLICY}
