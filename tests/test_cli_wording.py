"""What the commands say (issue 22 §4): a misspelt bot gets the built-in names in
every command, impossible ``play`` options name their own field, counts take the
right number ("1 round"), a share of nothing prints n/a, each command's count option
says what it counts, and long bot names are printed whole."""

from __future__ import annotations

import re

import pytest

from skipbo.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--bot", "grredy", "--bot", "greedy"],
        ["simulate", "--bots", "grredy"],
        ["tournament", "--bots", "grredy,random"],
    ],
)
def test_a_misspelt_bot_gets_the_built_in_names(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert "unknown bot 'grredy', did you mean 'greedy'?" in err
    assert "known: " in err and "expert" in err and "cmd:COMMAND" in err


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("--delay", "nan", "--delay must be 0..60 seconds, not nan"),
        ("--delay", "inf", "--delay must be 0..60 seconds, not inf"),
        ("--delay", "-1", "--delay must be 0..60 seconds, not -1"),
        ("--humans", "-1", "--humans must be 0..6, not -1"),
        ("--humans", "7", "--humans must be 0..6, not 7"),
    ],
)
def test_impossible_play_options_name_their_own_field(
    option: str, value: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "play", option, value)
    assert code == 2
    assert err == f"skipbo: error: {says}\n"


def test_one_round_is_one_round(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "simulate", "--rounds", "1", "--stock", "3", "--cap", "1")
    assert out.startswith("1 round, 2 players, stock 3, cap 1 turn, seed")
    _, out, _ = run(capsys, "match", "--bot", "greedy", "--bot", "random", "--deals", "1")
    assert out.startswith("2 rounds (1 deal x 2 seat rotations), 2 players")


def test_tournament_counts_in_the_singular_too(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    _, out, _ = run(
        capsys, "tournament", "--bots", "greedy,random", "--rounds", "1", "--stock", "2",
        "--out-dir", str(tmp_path),
    )  # fmt: skip
    assert "2 rounds per pairing (1 deal, each played from both seats)" in out


def test_a_share_of_nothing_is_n_a(capsys: pytest.CaptureFixture[str]) -> None:
    """With a cap of one turn no round is decided: the share of decided rounds is 0 of 0."""
    _, out, _ = run(capsys, "match", "--bot", "greedy", "--bot", "random", "--deals", "1",
                    "--cap", "1")  # fmt: skip
    rows = [line for line in out.splitlines() if line.startswith("  bot ")][:2]
    assert all(row.endswith("(   n/a 0/0)") for row in rows), rows
    assert not re.search(r"%[^(\n]*\b0/0\b", out)  # no percentage of nothing anywhere


def test_each_count_option_says_what_it_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate and tournament count rounds (``--rounds``), match counts deals
    (``--deals``); the old ``--games`` still works, and in match it says it is now
    ``--deals``."""
    _, by_rounds, _ = run(capsys, "simulate", "--rounds", "2", "--stock", "2", "--json")
    _, by_games, _ = run(capsys, "simulate", "--games", "2", "--stock", "2", "--json")
    timing = re.compile(r', "(seconds|games_per_second)": [0-9.e-]+')
    assert timing.sub("", by_rounds) == timing.sub("", by_games)
    assert '"games": 2' in by_rounds
    code, out, err = run(capsys, "match", "--bot", "greedy", "--bot", "random", "--games", "1")
    assert code == 0
    assert out.startswith("2 rounds (1 deal x 2 seat rotations)")
    assert err == "skipbo match: --games is now --deals (it counts deals)\n"
    code, _, err = run(capsys, "match", "--bot", "greedy", "--bot", "random", "--deals", "0")
    assert (code, err) == (2, "skipbo: error: --deals must be at least 1, not 0\n")


def test_long_bot_names_are_not_cut(capsys: pytest.CaptureFixture[str]) -> None:
    long_name = "skipbo bot greedy --seed a-seed-long-enough-to-make-a-long-name"
    code, out, _ = run(capsys, "match", "--bot", long_name, "--bot", "random", "--deals", "1",
                       "--stock", "2")  # fmt: skip
    assert code == 0
    assert out.count(long_name) >= 2  # the wins table and the per-bot table


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--bot", "greedy", "--bot", "random", "--bogus"],
        ["tournament", "--bogus"],
        ["simulate", "--rounds", "2", "extra"],
        ["replay", "-", "--nope"],
    ],
)
def test_an_unknown_option_points_at_its_commands_help(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse's line said "see 'skipbo --help'", whose text lists the commands but
    none of their options."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("skipbo: error: unrecognized arguments: ")
    assert err.rstrip().endswith(f"(see 'skipbo {argv[0]} --help')")
