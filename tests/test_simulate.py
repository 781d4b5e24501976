"""Simulations: the bot loop, the statistics, ``simulate`` and ``skipbo simulate``."""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skipbo.bots import make_bot
from skipbo.cli import main
from skipbo.core import MOVE_COUNT, Move, PlayerView, Rules, parse_record, record_json, replay
from skipbo.sim import (
    SimConfig,
    Summary,
    mean,
    median,
    play_game,
    play_round,
    simulate,
    wilson_interval,
)

# ------------------------------------------------------------------- stats


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(81, 263)  # Wikipedia-style check against the closed form
    p, n, z = 81 / 263, 263, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    assert (low + high) / 2 == pytest.approx(centre)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and 0 < high < 0.2
    low, high = wilson_interval(20, 20)
    assert high == 1.0 and 0.8 < low < 1
    for bad in ((-1, 5), (6, 5)):
        with pytest.raises(ValueError):
            wilson_interval(*bad)


def test_wilson_interval_narrows_with_more_trials() -> None:
    widths = [b - a for a, b in (wilson_interval(n // 2, n) for n in (10, 100, 1000))]
    assert widths == sorted(widths, reverse=True)


def test_mean_and_median() -> None:
    assert mean([1, 2, 6]) == 3
    assert median([5, 1, 3]) == 3
    assert median([1, 2, 3, 10]) == 2.5
    assert mean([]) is None and median([]) is None


# ------------------------------------------------------------------ runner


class SpyBot:
    """A random bot that records what it was handed."""

    name = "spy"

    def __init__(self) -> None:
        self.inner = make_bot("random", 1)
        self.seen: list[Any] = []

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        self.seen.append(view)
        assert view.seat == view.to_move
        return self.inner.choose(view, legal)


class CheatBot:
    """Answers the first move that is not legal."""

    name = "cheat"

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        return next(m for m in range(MOVE_COUNT) if m not in legal)


def test_play_round_finishes_and_bots_only_see_views() -> None:
    bots = [SpyBot(), SpyBot()]
    state = play_round(Rules.make(2, stock=5), bots, "spy")
    assert state.result is not None
    assert all(type(view) is PlayerView for bot in bots for view in bot.seen)
    assert sum(len(bot.seen) for bot in bots) == len(state.history)
    assert replay(parse_record(record_json(state))).ok


def test_an_illegal_answer_forfeits_the_round() -> None:
    rules = Rules.make(2)
    state = play_round(rules, [make_bot("random", 0), CheatBot()], "x", dealer=1)
    # dealer 1: seat 0 moves first; the random bot plays until seat 1 cheats.
    assert state.result is not None
    assert (state.result.reason, state.result.forfeited) == ("forfeit", 1)
    assert state.result.winner is None
    assert replay(parse_record(record_json(state))).ok  # a forfeit record replays


def test_play_round_needs_a_bot_per_seat() -> None:
    with pytest.raises(ValueError):
        play_round(Rules.make(3), [make_bot("random")] * 2, 0)


def test_play_game_is_a_function_of_seed_and_index() -> None:
    config = SimConfig(Rules.make(3, stock=10), ("greedy", "random", "greedy"), 5, "s")
    first = play_game(config, 3)
    assert first.history == play_game(config, 3).history
    assert first.history != play_game(config, 4).history
    assert first.dealer == 3 % 3 and play_game(config, 4).dealer == 1


# ---------------------------------------------------------------- simulate


def strip_timing(summary: Summary) -> dict[str, Any]:
    out = summary.to_json()
    del out["seconds"], out["games_per_second"]
    return out


@pytest.mark.parametrize(
    ("rules", "bots"),
    [
        (Rules.make(2, stock=10), ("greedy", "random")),
        (Rules.make(4, stock=8, teams=True), ("greedy",) * 4),
        (Rules.make(3, stock=10, cap=15), ("random",) * 3),
    ],
    ids=["two", "partnership", "capped"],
)
def test_simulate_records_replay_and_add_up(rules: Rules, bots: tuple[str, ...]) -> None:
    out = io.StringIO()
    ticks: list[int] = []
    summary = simulate(SimConfig(rules, bots, 20, "t"), out, ticks.append)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(records) == 20 == sum(ticks) == summary.games
    results = []
    for record in records:
        assert record["names"] == [f"bot:{b}" for b in bots]
        outcome = replay(parse_record(record))
        assert outcome.ok, outcome.error
        assert outcome.state is not None and outcome.state.result is not None
        results.append(outcome.state.result)
    wins = [sum(r.winner == seat for r in results) for seat in range(rules.players)]
    assert [share.count for share in summary.seats] == wins
    assert summary.reasons["blocked"].count == sum(r.reason == "blocked" for r in results)
    assert summary.reasons["cap"].count == sum(r.reason == "cap" for r in results)
    no_winner = sum(share.count for share in summary.reasons.values())
    assert sum(wins) + no_winner == 20
    assert summary.moves.mean == pytest.approx(sum(r.moves for r in results) / 20)
    turns = sorted(r.turns for r in results)
    assert summary.turns.median == (turns[9] + turns[10]) / 2
    if rules.teams:
        assert [seats for seats, _ in summary.teams] == [(0, 2), (1, 3)]
        assert sum(share.count for _, share in summary.teams) == sum(wins)
    else:
        assert summary.teams == ()


def test_capped_rounds_end_at_the_cap() -> None:
    summary = simulate(SimConfig(Rules.make(2, cap=3), ("random", "random"), 10))
    assert summary.reasons["cap"].count == 10
    assert summary.turns.mean == 3


def test_jobs_do_not_change_the_results() -> None:
    config = SimConfig(Rules.make(2, stock=10), ("greedy", "random"), 30, "jobs")
    one, two = io.StringIO(), io.StringIO()
    alone = simulate(config, one)
    spread = simulate(replace(config, jobs=2), two)
    assert strip_timing(alone) == strip_timing(spread)
    assert one.getvalue() == two.getvalue()
    assert simulate(replace(config, seed="other")).to_json() != alone.to_json()


def test_summary_json_shape() -> None:
    summary = simulate(SimConfig(Rules.make(4, stock=5, teams=True), ("greedy",) * 4, 8))
    data = json.loads(json.dumps(summary.to_json()))
    assert data["games"] == 8
    assert data["rules"] == {"players": 4, "stock": 5, "teams": True}
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3]
    for entry in [*data["seats"], *data["teams"], *data["no_winner"].values()]:
        low, high = entry["ci95"]
        assert 0 <= low <= entry["share"] <= high <= 1
    assert set(data["no_winner"]) == {"blocked", "cap"}  # a forfeit is won by the others
    assert data["forfeits"]["count"] == 0 and data["seats"][0]["forfeits"] == 0
    assert set(data["moves"]) == set(data["turns"]) == {"mean", "median"}
    assert data["games_per_second"] > 0
    text = summary.to_text()
    assert "seat 3" in text and "team 1" in text and "blocked" in text


@pytest.mark.parametrize(
    "kwargs",
    [
        {"bots": ("greedy",)},
        {"bots": ("greedy", "nobody")},
        {"games": 0},
        {"jobs": 0},
    ],
)
def test_sim_config_refuses_bad_requests(kwargs: dict[str, Any]) -> None:
    base: dict[str, Any] = {"rules": Rules.make(2), "bots": ("greedy", "random"), "games": 3}
    with pytest.raises(ValueError):
        SimConfig(**{**base, **kwargs})


# ------------------------------------------------------------ the command


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


BAD_INPUTS = [
    ["--players", "7"],
    ["--players", "1"],
    ["--stock", "31"],
    ["--stock", "0"],
    ["--players", "6", "--stock", "23"],
    ["--players", "3", "--teams"],
    ["--cap", "0"],
    ["--bots", "nobody"],
    ["--players", "2", "--bots", "greedy,random,greedy"],
    ["--players", "3", "--bots", "greedy,random"],
    ["--bots", "greedy,"],
    ["--games", "0"],
    ["--games", "-5"],
    ["--games", "many"],
    ["--jobs", "-1"],
    ["--out", "/nonexistent-dir/x.jsonl"],
    ["--frobnicate"],
]


@pytest.mark.parametrize("argv", BAD_INPUTS, ids=[" ".join(a) for a in BAD_INPUTS])
def test_simulate_bad_input_is_one_error_line(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "simulate", "--games", "2", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("skipbo: error: ") and err.count("\n") == 1


def test_a_bad_request_writes_no_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "never.jsonl"
    assert run(capsys, "simulate", "--games", "0", "--out", str(out))[0] == 2
    assert not out.exists()


def test_simulate_writes_records_that_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    argv = ["--players", "3", "--stock", "10", "--bots", "greedy,random,greedy"]
    code, out, err = run(capsys, "simulate", *argv, "--games", "20", "--out", str(path))
    assert (code, err) == (0, "")  # no progress bar when stderr is not a terminal
    assert "seat 2" in out and "random" in out and "turns per round" in out
    assert len(path.read_text().splitlines()) == 20
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert all(json.loads(line)["ok"] for line in out.splitlines())


def test_simulate_json_is_one_object_and_independent_of_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--bots", "greedy,random", "--stock", "10", "--games", "20", "--json"]
    code, out, _ = run(capsys, *argv, "--jobs", "1")
    assert code == 0 and len(out.splitlines()) == 1
    one = json.loads(out)
    code, out, _ = run(capsys, *argv, "--jobs", "2")
    two = json.loads(out)
    for data in (one, two):
        assert math.isfinite(data.pop("seconds")) and data.pop("games_per_second") > 0
    assert one == two
    assert one["bots"] == ["greedy", "random"] and one["games"] == 20


def test_one_bot_name_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "5", "--bots", "random", "--games", "3", "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert json.loads(out)["bots"] == ["random"] * 5


def test_the_module_entry_simulates(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "skipbo", "simulate", "--games", "5", "--json", "--out", str(path)],
        capture_output=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["games"] == 5
    assert len(path.read_text().splitlines()) == 5
    bad = subprocess.run(
        [sys.executable, "-m", "skipbo", "simulate", "--players", "7"],
        capture_output=True,
        timeout=120,
    )
    assert bad.returncode == 2 and b"Traceback" not in bad.stderr
    assert bad.stderr.startswith(b"skipbo: error: ")
