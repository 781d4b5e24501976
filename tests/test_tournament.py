"""Round-robin tournaments (:mod:`skipbo.sim.tournament`) on tiny runs.

The command is driven through its own argparse harness, as ``skipbo
tournament`` will be once it is wired into :mod:`skipbo.cli`.
"""

from __future__ import annotations

import argparse
import csv
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from skipbo.bots import Bot
from skipbo.core import Round, Rules
from skipbo.sim import play_round, tournament
from skipbo.sim.tournament import (
    FILES,
    TournamentConfig,
    add_tournament_parser,
    run_tournament,
    run_tournament_command,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="skipbo")
    add_tournament_parser(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(["tournament", *argv])


def run_json(capsys: pytest.CaptureFixture[str], out_dir: Path, *argv: str) -> dict[str, Any]:
    args = parse("--bots", "random,greedy", "--out-dir", str(out_dir), "--json", *argv)
    assert run_tournament_command(args) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("seconds", "files")}


# --------------------------------------------------------------- the command


def test_jobs_do_not_change_the_results(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one = run_json(capsys, tmp_path / "one", "--games", "10", "--seed", "s")
    two = run_json(capsys, tmp_path / "two", "--games", "10", "--seed", "s", "--jobs", "2")
    assert without_timing(one) == without_timing(two)
    for name in ("results.csv", "ratings.csv", "results.md"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    [pair] = one["pairs"]
    assert (pair["a"], pair["b"], pair["rounds"]) == ("greedy", "random", 10)
    assert pair["a_wins"] + pair["b_wins"] + sum(pair["no_winner"].values()) == 10
    assert one["files"] == [str(tmp_path / "one" / name) for name in FILES]


def test_files_are_written_and_parseable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = run_json(capsys, tmp_path, "--games", "10")
    with (tmp_path / "results.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert {(r["bot"], r["opponent"]) for r in rows} == {("greedy", "random"), ("random", "greedy")}
    for row in rows:
        counts = int(row["wins"]) + int(row["losses"]) + int(row["no_winner"])
        assert counts == int(row["rounds"]) == 10
        low, share, high = (float(row[k]) for k in ("ci95_low", "share", "ci95_high"))
        assert 0 <= low <= share <= high <= 1
    with (tmp_path / "ratings.csv").open(newline="") as stream:
        ratings = list(csv.DictReader(stream))
    assert [r["bot"] for r in ratings] == [r["bot"] for r in data["ratings"]["bots"]]
    assert float(ratings[0]["rating"]) == pytest.approx(-float(ratings[1]["rating"]))
    markdown = (tmp_path / "results.md").read_text()
    assert markdown.startswith("# Skip-Bo tournament\n")
    assert "| rank | bot | rating | 95% interval | won | lost |" in markdown
    assert "## Win share" in markdown and "## Pairings" in markdown
    assert (tmp_path / "ratings.png").read_bytes().startswith(PNG_SIGNATURE)


def test_text_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = parse("--bots", "greedy, random", "--games", "4", "--out-dir", str(tmp_path))
    assert run_tournament_command(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("tournament: 2 bots, 4 rounds per pairing (2 deals")
    assert "ratings (Bradley–Terry, Elo scale, mean 0" in out
    assert "win share of the row bot against the column bot" in out
    assert f"wrote {tmp_path / 'results.csv'}" in out


def test_odd_games_are_rounded_up_to_whole_deals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = run_json(capsys, tmp_path, "--games", "3", "--anchor", "random")
    assert (data["deals_per_pairing"], data["rounds_per_pairing"]) == (2, 4)
    assert data["pairs"][0]["rounds"] == 4
    anchored = {r["bot"]: r for r in data["ratings"]["bots"]}["random"]
    assert anchored["rating"] == 0 and anchored["ci95"] == [0, 0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["--bots", "random"], "at least 2"),
        (["--bots", "random,random"], "twice"),
        (["--bots", "random,,greedy"], "empty"),
        (["--rounds", "0"], "--rounds must be at least 1"),
        (["--jobs", "-1"], "--jobs"),
        (["--stock", "31"], "impossible rules"),
        (["--anchor", "hard"], "--anchor"),
    ],
)
def test_bad_arguments_are_one_line_value_errors(
    argv: list[str], message: str, tmp_path: Path
) -> None:
    args = parse("--bots", "random,greedy", "--out-dir", str(tmp_path / "out"), *argv)
    with pytest.raises(ValueError, match=message) as caught:
        run_tournament_command(args)
    assert "\n" not in str(caught.value)
    assert not (tmp_path / "out").exists()  # refused before anything was written


def test_unwritable_out_dir_fails_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setattr(tournament, "run_tournament", pytest.fail)
    args = parse("--bots", "random,greedy", "--out-dir", str(blocker / "out"))
    with pytest.raises(OSError, match="cannot write to") as caught:
        run_tournament_command(args)
    assert "\n" not in str(caught.value)


# ---------------------------------------------------------------- the games


def test_every_deal_is_played_twice_with_the_seats_swapped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[tuple[str, tuple[str, ...]]] = []

    def spy(rules: Rules, bots: Sequence[Bot], seed: int | str, dealer: int | None = None) -> Round:
        played.append((str(seed), tuple(bot.name for bot in bots)))
        return play_round(rules, bots, seed, dealer)

    monkeypatch.setattr(tournament, "play_round", spy)
    run_tournament(TournamentConfig(("random", "greedy"), games=6, seed="x"))
    assert Counter(seed for seed, _ in played) == {f"x/greedy,random/{d}": 2 for d in range(3)}
    for seed in {seed for seed, _ in played}:
        seatings = [bots for s, bots in played if s == seed]
        assert sorted(seatings) == [("greedy", "random"), ("random", "greedy")]


def test_pairings_do_not_depend_on_the_bot_order() -> None:
    forward = run_tournament(TournamentConfig(("random", "greedy"), games=4))
    backward = run_tournament(TournamentConfig(("greedy", "random"), games=4))
    assert forward.pairs == backward.pairs
    assert {r.name: r.rating for r in forward.ratings} == pytest.approx(
        {r.name: r.rating for r in backward.ratings}
    )


def test_progress_counts_every_round() -> None:
    seen: list[int] = []
    config = TournamentConfig(("random", "greedy"), games=8, jobs=1)
    result = run_tournament(config, seen.append)
    assert sum(seen) == config.rounds == 8
    assert result.share("greedy", "random").total == result.pair("random", "greedy").decided
