"""A forfeit is a loss for the forfeiting side and a win for the others (issue 22).

A bot that crashes, answers an illegal move or says nothing in time must never
do better than one that plays on and loses: in ``skipbo match``, ``simulate``,
``tournament`` (and its Bradley–Terry ratings) and the terminal game. With
three or more sides the others share the round (docs/rules-decisions.md 12).
Every summary says who forfeited, how often and why.
"""

from __future__ import annotations

import io
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from skipbo.bots import registry
from skipbo.core import MOVE_COUNT, Move, PlayerView, Rules
from skipbo.sim import SimConfig, simulate
from skipbo.sim.referee import MatchConfig, MatchSummary, play_match
from skipbo.sim.tournament import TournamentConfig, run_tournament, summary_text
from skipbo.tui.config import GameConfig
from skipbo.tui.session import GameSession
from skipbo.tui.summary import end_text

SCRIPTED = Path(__file__).parent / "bots" / "scripted_bot.py"


def command(mode: str) -> str:
    """The scripted outside bot in ``mode``, as a command line."""
    return shlex.join([sys.executable, str(SCRIPTED), mode])


def match(bots: list[str], rules: Rules, deals: int = 1) -> MatchSummary:
    config = MatchConfig(rules, tuple(bots), deals, "f", time_limit=30.0)
    return play_match(config, io.StringIO())


# ------------------------------------------------------------------ the rule


def test_the_round_credit_of_a_forfeit() -> None:
    """Two sides: the other side wins it all; more: the others share it."""
    from skipbo.core import RoundResult
    from skipbo.sim.scoring import side_credits

    forfeit = RoundResult(None, "forfeit", 3, 1, forfeited=1)
    assert side_credits(Rules.make(2), forfeit) == (1.0, 0.0)
    assert side_credits(Rules.make(3), forfeit) == (0.5, 0.0, 0.5)
    assert side_credits(Rules.make(4, teams=True), forfeit) == (1.0, 0.0)
    assert side_credits(Rules.make(6, teams=True), forfeit) == (0.5, 0.0, 0.5)
    won = RoundResult(2, "stock", 90, 20, points=25)
    assert side_credits(Rules.make(3), won) == (0.0, 0.0, 1.0)
    assert side_credits(Rules.make(3), RoundResult(None, "blocked", 90, 20)) == (0.0, 0.0, 0.0)


# --------------------------------------------------------------------- match


def test_match_gives_the_win_to_the_opponent_of_a_crashing_bot() -> None:
    summary = match([command("crash"), "greedy"], Rules.make(2, stock=5))
    assert [t.wins for t in summary.bots] == [0, 2]
    assert [t.forfeits for t in summary.bots] == [2, 0]
    assert summary.decided == 2
    data = summary.to_json()
    assert [b["wins"]["count"] for b in data["bots"]] == [0, 2]
    assert data["bots"][0]["forfeit_reasons"] == {"crashed": 2}
    assert data["forfeits"]["count"] == 2 and set(data["no_winner"]) == {"blocked", "cap"}
    text = summary.to_text()
    assert "2 forfeits (crashed 2)" in text
    assert "forfeited rounds count as lost by the forfeiting bot" in text


def test_match_at_three_seats_lets_the_others_share_a_forfeited_round() -> None:
    summary = match([command("illegal"), "greedy", "random"], Rules.make(3, stock=5))
    assert [t.wins for t in summary.bots] == [0, 1.5, 1.5]
    data = summary.to_json()
    assert [b["wins"]["count"] for b in data["bots"]] == [0, 1.5, 1.5]
    assert "1.5/3" in summary.to_text()


def test_match_partners_of_a_forfeiting_bot_lose_with_it() -> None:
    bots = [command("illegal"), "greedy", "greedy", "greedy"]
    summary = match(bots, Rules.make(4, stock=5, teams=True))
    assert [t.wins for t in summary.bots] == [0, 4, 0, 4]
    assert [t.forfeits for t in summary.bots] == [4, 0, 0, 0]


# ------------------------------------------------------------------ simulate


def test_simulate_gives_the_round_of_a_forfeiting_seat_to_the_other() -> None:
    config = SimConfig(Rules.make(2, stock=5), ("cmd:" + command("illegal"), "hard"), 3, "f")
    summary = simulate(config)
    assert [share.count for share in summary.seats] == [0, 3]
    assert summary.forfeits == ({"illegal move": 3}, {})
    assert set(summary.reasons) == {"blocked", "cap"}
    data = summary.to_json()
    assert data["seats"][0]["forfeits"] == 3 and data["forfeits"]["count"] == 3
    assert data["seats"][0]["forfeit_reasons"] == {"illegal move": 3}
    text = summary.to_text()
    assert "seat 0  scripted-illegal: 3 forfeits (illegal move 3)" in text


def test_simulate_at_three_seats_splits_a_forfeited_round() -> None:
    bots = ("cmd:" + command("crash"), "greedy", "random")
    summary = simulate(SimConfig(Rules.make(3, stock=5), bots, 2, "f"))
    assert [share.count for share in summary.seats] == [0, 1, 1]  # half a round each, twice


# ---------------------------------------------------------------- tournament


def test_a_tournament_ranks_a_bot_that_always_cheats_last() -> None:
    """The issue's report: the cheater ranked above easy with 0 won, 0 lost."""
    config = TournamentConfig(("cmd:" + command("illegal"), "hard", "easy"), games=2, stock=5)
    result = run_tournament(config)
    cheater = {r.name: r for r in result.ratings}["scripted-illegal"]
    assert (cheater.wins, cheater.losses) == (0, 4)
    assert result.ranked[-1].name == "scripted-illegal"
    assert result.pair("scripted-illegal", "hard").share("hard").count == 2
    assert result.forfeits("scripted-illegal") == {"illegal move": 4}
    text = summary_text(result)
    assert "forfeits (counted as lost): scripted-illegal 4 (illegal move 4)" in text
    pairs = result.to_json()["pairs"]
    assert {p["a"]: p["a_forfeits"] for p in pairs if p["b"] == "scripted-illegal"} == {
        "easy": 0,
        "hard": 0,
    }


class _Cheat:
    """A built-in bot that answers a move that is not legal."""

    name = "cheat"

    def __init__(self, seed: int | str = 0) -> None:
        pass

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        return next(m for m in range(MOVE_COUNT) if m not in legal)


def test_a_tournament_counts_a_built_in_bot_s_forfeits_from_either_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry.BOTS, "cheat", _Cheat)
    result = run_tournament(TournamentConfig(("random", "cheat"), games=4, stock=5))
    assert result.forfeits("cheat") == {"illegal move": 4} and result.forfeits("random") == {}
    assert {r.name: (r.wins, r.losses) for r in result.ratings}["cheat"] == (0, 4)


def test_tournament_files_count_forfeits(tmp_path: Path) -> None:
    from skipbo.sim.tournament import write_outputs

    config = TournamentConfig(("cmd:" + command("crash"), "random"), games=2, stock=5)
    write_outputs(run_tournament(config), tmp_path)
    header, *rows = (tmp_path / "results.csv").read_text().splitlines()
    assert "forfeits" in header.split(",") and "forfeit" not in header.split(",")
    columns = header.split(",")
    table = [dict(zip(columns, row.split(","), strict=True)) for row in rows]
    crash = next(r for r in table if r["bot"] == "scripted-crash")
    assert (crash["wins"], crash["losses"], crash["forfeits"]) == ("0", "2", "2")


# ------------------------------------------------------------- terminal game


def end_screen(bots: tuple[str, ...]) -> str:
    """The end screen's text after the bots of ``bots`` played one round."""
    session = GameSession(GameConfig(Rules.make(len(bots), stock=3), bots, "e", None))
    try:
        while not session.round.over:
            session.play_bot(session.bot_choice())
        return end_text(session)
    finally:
        session._seats.close()


def test_the_end_screen_says_which_bot_forfeited_and_why() -> None:
    text = end_screen(("cmd:" + command("illegal"), "hard"))
    assert "bot:scripted-illegal forfeited: illegal move" in text
    assert "won by bot:hard" in text
    assert "The game is won by bot:hard" in text


def test_the_end_screen_shares_a_forfeited_round_among_the_others() -> None:
    text = end_screen(("cmd:" + command("crash"), "hard", "easy"))
    assert "bot:scripted-crash forfeited: " in text and "exited with status 3" in text
    assert "shared by bot:hard and bot:easy" in text
