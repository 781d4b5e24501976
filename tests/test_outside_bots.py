"""Your own bots are first-class: ``cmd:COMMAND`` wherever bots are seated.

``simulate``, ``tournament`` and ``play`` take outside programs beside built-in
names (through the referee's own driver) and call every bot by the name it
gives; ``serve_bot(MyBot())`` turns a Python bot into such a program; ``match``
spreads deals over ``--jobs``; the RL environments take Bot instances and
plain functions as opponents.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from skipbo.bots import make_bot, serve_bot
from skipbo.bots.hard import HardBot
from skipbo.cli import main
from skipbo.core import Move, PlayerView, Rules
from skipbo.sim import SimConfig, simulate
from skipbo.sim.players import bot_label, parse_spec
from skipbo.sim.referee import MatchConfig, play_match
from skipbo.sim.tournament import TournamentConfig, run_tournament
from skipbo.tui.config import HUMAN, GameConfig, bot_list
from skipbo.tui.session import GameSession

HERE = Path(__file__).parent
MYBOT = HERE.parent / "examples" / "mybot.py"
SCRIPTED = HERE / "bots" / "scripted_bot.py"
MY = "cmd:" + shlex.join([sys.executable, str(MYBOT)])


def scripted(mode: str) -> str:
    return "cmd:" + shlex.join([sys.executable, str(SCRIPTED), mode])


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---------------------------------------------------------------- bot specs


def test_a_spec_is_a_built_in_name_or_a_command() -> None:
    assert parse_spec("hard").builtin == "hard"
    spec = parse_spec("cmd:python my_bot.py --deep")
    assert spec.builtin is None and spec.argv == ("python", "my_bot.py", "--deep")
    with pytest.raises(ValueError, match=r"unknown bot 'python my_bot\.py'.*cmd:COMMAND"):
        parse_spec("python my_bot.py")
    with pytest.raises(ValueError, match="empty"):
        parse_spec("cmd:  ")


def test_a_program_goes_by_the_name_it_answers_to_hello() -> None:
    assert bot_label("expert") == "expert"
    assert bot_label(MY) == "mybot"
    with pytest.raises(ValueError, match="cannot start bot"):
        bot_label("cmd:no-such-program-xyz")


# ----------------------------------------------------------------- simulate


def test_simulate_plays_an_outside_bot_and_labels_it_by_its_hello(tmp_path: Path) -> None:
    log = tmp_path / "messages.jsonl"
    config = SimConfig(Rules.make(2, stock=5), (scripted(f"record:{log}"), "random"), 3, "o")
    assert config.labels == ("scripted-record", "random")
    assert config.names == ["scripted-record", "bot:random"]
    summary = simulate(config)
    assert summary.bots == ("scripted-record", "random")
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    # One process for the chunk: three rounds, each a hello, moves and an end.
    assert kinds.count("hello") == 3 + 1 and kinds.count("end") == 3  # + the label's hello
    assert kinds[-1] == "end"


def test_simulate_with_an_outside_bot_is_the_same_for_any_jobs() -> None:
    config = SimConfig(Rules.make(3, stock=5), (MY, "hard", "random"), 4, "j")
    one = simulate(config).to_json()
    two = simulate(SimConfig(config.rules, config.bots, 4, "j", jobs=2)).to_json()
    for key in ("seconds", "games_per_second"):
        del one[key], two[key]
    assert one == two
    assert [seat["bot"] for seat in one["seats"]] == ["mybot", "hard", "random"]


def test_an_outside_bot_that_answers_illegally_forfeits_with_a_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    summary = simulate(SimConfig(Rules.make(2, stock=5), (scripted("illegal:2"), "hard"), 2))
    assert summary.forfeited == 2 and summary.forfeits[0] == {"illegal move": 2}
    assert summary.seats[1].count == 2  # the forfeits are the other seat's wins
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("forfeits a round: illegal move" in line for line in err)
    # the core's reason, as skipbo match gives it: "illegal move H9-B1 (there is no 9 in the hand)"
    assert all(re.search(r"illegal move \S+ \(.+\); it sent: ", line) for line in err), err


def test_simulate_command_takes_cmd_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "simulate", "--bots", f"{MY},hard", "--games", "2", "--json")
    assert code == 0 and err == ""
    assert [seat["bot"] for seat in json.loads(out)["seats"]] == ["mybot", "hard"]
    code, out, err = cli(capsys, "simulate", "--bots", "cmd:no-such-program-xyz,hard")
    assert code == 2 and out == "" and err.startswith("skipbo: error: ") and err.count("\n") == 1


# --------------------------------------------------------------- tournament


def test_a_tournament_rates_an_outside_bot_by_its_hello_name() -> None:
    config = TournamentConfig((MY, "random"), games=2, stock=5, anchor=MY)
    assert config.labels == ("mybot", "random") and config.anchor == "mybot"
    result = run_tournament(config)
    assert {r.name for r in result.ratings} == {"mybot", "random"}
    assert result.pair("mybot", "random").rounds == 2
    assert result.to_json()["bots"] == ["mybot", "random"]


def test_two_bots_with_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="same name: scripted-good"):
        TournamentConfig((scripted("good"), scripted("good") + " ", "random"))


def test_tournament_command_takes_cmd_bots(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["tournament", "--bots", f"{MY},random", "--games", "2", "--stock", "5"]
    code, out, _ = cli(capsys, *argv, "--out-dir", str(tmp_path), "--json")
    assert code == 0
    assert json.loads(out)["bots"] == ["mybot", "random"]


# --------------------------------------------------------------------- play


def test_play_seats_an_outside_bot_under_its_hello_name() -> None:
    assert bot_list(f"hard,{MY}") == ["hard", MY]
    config = GameConfig(Rules.make(3, stock=3), (HUMAN, MY, "hard"), "p", target=None)
    assert config.names() == ["you", "bot:mybot", "bot:hard"]
    session = GameSession(GameConfig(Rules.make(2, stock=3), (MY, "hard"), "p", target=500))
    for _ in range(2):  # two rounds: the program is told the first ended, then greeted again
        while not session.round.over:
            session.play_bot(session.bot_choice())
        assert session.round.result is not None and session.round.result.reason != "forfeit"
        session.next_round()
    assert session.bot_notes == []
    session._seats.close()


# -------------------------------------------------------- serve_bot, match


def test_the_example_bot_plays_under_match_with_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """``examples/mybot.py`` is ``serve_bot(MyBot())``; ``--jobs 2`` plays as ``--jobs 1``."""
    outs = []
    for jobs in ("1", "2"):
        argv = ["match", "--bot", MY, "--bot", "hard", "--deals", "3", "--stock", "5"]
        code, out, err = cli(capsys, *argv, "--jobs", jobs, "--json")
        assert code == 0 and err == ""
        outs.append(json.loads(out))
    for data in outs:
        assert data["faults"] == [] and data["bots"][0]["hello"] == "mybot"
        del data["seconds"]
        for bot in data["bots"]:
            del bot["mean_decision_seconds"]
    assert outs[0] == outs[1]


def test_match_jobs_gives_the_same_records_for_built_in_bots(tmp_path: Path) -> None:
    rules = Rules.make(3, stock=4)
    records = []
    for jobs in (1, 2):
        path = tmp_path / f"{jobs}.jsonl"
        with path.open("w") as out:
            play_match(MatchConfig(rules, ("expert", "random", "hard"), 2, "J", jobs=jobs), out)
        records.append(path.read_text())
    assert records[0] == records[1] and records[0].count("\n") == 6


def test_match_warns_when_an_outside_bot_cannot_import_a_module(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "needs.py"
    script.write_text("import no_such_module_xyz\n")
    bot = "cmd:" + shlex.join([sys.executable, str(script)])
    code, out, err = cli(capsys, "match", "--bot", bot, "--bot", "hard", "--deals", "1")
    assert code == 0 and "it could not import a module" in out
    assert err.startswith("skipbo match: warning: bot 0") and err.count("\n") == 1
    assert "died with ModuleNotFoundError" in err and sys.executable in err


def test_a_bot_instance_serves_every_round() -> None:
    """``serve_bot(MyBot())`` answers hello with the bot's own name, round after round
    (``match`` also takes the command without ``cmd:``)."""
    config = MatchConfig(Rules.make(2, stock=3), (MY.removeprefix("cmd:"), "random"), 2, "s")
    summary = play_match(config)
    assert summary.faults == () and summary.bots[0].hello == "mybot"
    assert summary.bots[0].rounds == 4


def test_serve_bot_refuses_a_bot_class_at_once() -> None:
    with pytest.raises(TypeError, match=r"serve_bot takes a bot, HardBot\(\), not the class"):
        serve_bot(HardBot, io.StringIO(""), io.StringIO())


# ------------------------------------------------------------ RL opponents


def first_legal(view: PlayerView, legal: Sequence[Move]) -> Move:
    return legal[0]


@pytest.mark.parametrize("opponent", [HardBot(3), first_legal, [first_legal, "hard"]])
def test_the_gymnasium_env_takes_bots_and_functions_as_opponents(opponent: object) -> None:
    from skipbo.rl.gym_env import SkipBoEnv

    players = 3 if isinstance(opponent, list) else 2
    env = SkipBoEnv(players=players, stock=5, opponents=opponent)  # type: ignore[arg-type]
    obs, _ = env.reset(seed=1)
    for _ in range(400):
        action = int(obs["action_mask"].nonzero()[0][0])
        obs, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            break
    assert terminated or truncated


def test_an_opponent_that_is_no_bot_is_refused() -> None:
    from skipbo.rl.gym_env import SkipBoEnv

    with pytest.raises(TypeError, match="a bot must be"):
        SkipBoEnv(opponents=[42])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="unknown bot"):
        SkipBoEnv(opponents="nobody")


def test_pettingzoo_bot_action_takes_names_bots_and_functions() -> None:
    from skipbo.rl.pettingzoo_env import env as make_env

    aec = make_env(players=2, stock=5)
    aec.reset(seed=4)
    snapshot = make_bot("hard", 1)
    policies: list[object] = [snapshot, first_legal, "random"]
    for step in range(2000):
        _, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            break
        action = aec.bot_action(policies[step % 3])  # type: ignore[arg-type]
        assert aec.observe(aec.agent_selection)["action_mask"][action] == 1
        aec.step(action)
    assert aec.round is not None and aec.round.result is not None
    with pytest.raises(RuntimeError, match="no agent is to move"):
        aec.bot_action(first_legal)


def test_the_docs_show_examples_mybot_as_it_is() -> None:
    import re

    docs = (HERE.parent / "docs" / "protocol.md").read_text()
    shown = [block for block in re.findall(r"```python\n(.*?)```", docs, re.S) if "MyBot" in block]
    code = MYBOT.read_text()
    assert shown == [code[code.index("from collections.abc") :]]
    assert ".venv/bin/python" in code and len(code.splitlines()) <= 30
