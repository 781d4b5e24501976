"""Saved games keep their match (issue 22 §4): each round's record holds the target
and the scores, and ``skipbo play --replay`` reads them back."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.widgets import Static

from skipbo.core import Rules, parse_record, replay
from skipbo.tui.command import load_records
from skipbo.tui.config import GameConfig
from skipbo.tui.replay import ReplayApp, replay_rounds
from skipbo.tui.session import GameSession

TARGET = 300


def play_match(config: GameConfig, rounds: int) -> tuple[GameSession, list[list[int]]]:
    """Bots play ``rounds`` rounds (the last one left running); the scores after each."""
    session = GameSession(config)
    after: list[list[int]] = []
    try:
        for number in range(rounds):
            while not session.round.over and (
                number < rounds - 1 or len(session.round.history) < 9
            ):
                session.play_bot(session.bot_choice())
            if number < rounds - 1:
                after.append(list(session.match.scores))
                session.next_round()
    finally:
        session._seats.close()
    return session, after


def test_saved_rounds_record_the_target_and_the_scores(tmp_path: Path) -> None:
    config = GameConfig(Rules.make(2, 2), ("hard", "easy"), "7", TARGET, 0.0)
    session, after = play_match(config, 3)
    path = session.save(tmp_path / "match.jsonl")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["match"]["round"] for r in records] == [1, 2, 3]
    assert all(r["match"]["target"] == TARGET and r["match"]["seed"] == "7" for r in records)
    assert [r["match"]["scores"] for r in records] == [*after, list(session.match.scores)]
    assert any(score > 0 for score in after[0]), "the first round scored nothing to record"
    assert all(replay(parse_record(r)).ok for r in records)  # still plain skipbo-record/1


def test_a_team_match_records_the_scores_by_team(tmp_path: Path) -> None:
    config = GameConfig(Rules.make(4, 2, True), ("hard",) * 4, "3", TARGET, 0.0)
    session, after = play_match(config, 2)
    records = [json.loads(line) for line in session.save(tmp_path / "t.jsonl").read_text().split()]
    assert [len(r["match"]["scores"]) for r in records] == [2, 2]
    assert records[0]["match"]["scores"] == after[0]


def test_the_replay_reads_the_scores_back(tmp_path: Path) -> None:
    config = GameConfig(Rules.make(2, 2), ("hard", "easy"), "7", TARGET, 0.0)
    session, after = play_match(config, 2)
    path = session.save(tmp_path / "match.jsonl")
    rounds = replay_rounds(load_records(str(path)))
    assert rounds[1].match is not None and rounds[1].match.before == tuple(after[0])
    app = ReplayApp(rounds, lang="fr")
    names = session.names
    seen: list[str] = []

    def status() -> str:
        return str(app.screen.query_one("#status", Static).content)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen.append(status())
            await pilot.press("end")
            seen.append(status())
            await pilot.press("right_square_bracket")
            seen.append(status())

    asyncio.run(main())
    deal, end, second = seen
    assert f"{names[0]} 0, {names[1]} 0 (en {TARGET})" in deal
    assert f"{names[0]} {after[0][0]}, {names[1]} {after[0][1]} (en {TARGET})" in end
    assert f"{names[0]} {after[0][0]}, {names[1]} {after[0][1]} (en {TARGET})" in second
    assert deal.startswith("Revoir · manche 1/2")


def test_a_single_round_has_no_match_scores_in_the_replay(tmp_path: Path) -> None:
    config = GameConfig(Rules.make(2, 2), ("hard", "easy"), "7", None, 0.0)
    session, _ = play_match(config, 1)
    record = session.records()[0]
    assert record["match"]["target"] is None
    assert replay_rounds([record])[0].match is None
