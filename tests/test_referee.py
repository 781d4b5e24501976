"""The referee (``skipbo match``): duplicate deals, forfeits, records and summary.

Outside bots are the scripts in ``tests/bots`` (and the documented example in
``docs/examples``), run as ``[sys.executable, path]`` like any outside program.
Time limits are small (0.5 s) where a bot must time out, so that it does so
fast, and generous elsewhere; nothing here asserts how fast anything runs.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from skipbo.bots import registry
from skipbo.cli import main
from skipbo.core import (
    MOVE_COUNT,
    Move,
    PlayerView,
    Rules,
    format_move,
    parse_move,
    parse_record,
    player_view,
    replay,
    start_round,
)
from skipbo.sim.referee import (
    BotFault,
    MatchConfig,
    MatchSummary,
    RefereeError,
    play_match,
    read_hello,
    read_move,
    resolve_bot,
)

HERE = Path(__file__).parent
SCRIPTED = HERE / "bots" / "scripted_bot.py"
EXAMPLE = HERE.parent / "docs" / "examples" / "outside_bot.py"
LIMIT = 0.5


def scripted(mode: str) -> str:
    """The ``--bot`` argument that runs the scripted outside bot in ``mode``."""
    return shlex.join([sys.executable, str(SCRIPTED), mode])


def run_match(
    bots: Sequence[str],
    deals: int = 1,
    seed: str = "t",
    rules: Rules | None = None,
    time_limit: float = 30.0,
    **kw: Any,
) -> tuple[MatchSummary, list[dict[str, Any]]]:
    """Play a match; its summary and its records.

    The time limit is generous unless a test waits for it to pass, so that a
    busy machine cannot turn a slow answer into a forfeit.
    """
    rules = rules or Rules.make(len(bots))
    config = MatchConfig(rules, tuple(bots), deals, seed, time_limit=time_limit, **kw)
    out = io.StringIO()
    summary = play_match(config, out)
    return summary, [json.loads(line) for line in out.getvalue().splitlines()]


def assert_replays(record: dict[str, Any]) -> None:
    outcome = replay(parse_record(record))
    assert outcome.ok, outcome.error


def assert_forfeited(record: dict[str, Any], seat: int) -> None:
    result = record["result"]
    assert {k: result[k] for k in ("winner", "reason", "forfeited")} == {
        "winner": None,
        "reason": "forfeit",
        "forfeited": seat,
    }
    assert "points" not in result
    assert_replays(record)


# ------------------------------------------------------------------ bot specs


def test_a_registered_name_is_built_in_and_anything_else_a_command() -> None:
    assert resolve_bot("greedy").builtin == "greedy"
    assert resolve_bot("greedy").label == "bot:greedy"
    spec = resolve_bot("python my_bot.py --deep 'two words'")
    assert spec.builtin is None
    assert spec.argv == ("python", "my_bot.py", "--deep", "two words")
    assert spec.label == "python my_bot.py --deep 'two words'"


def test_a_skipbo_command_runs_this_installation() -> None:
    assert resolve_bot("skipbo bot greedy").argv == (
        sys.executable,
        "-m",
        "skipbo",
        "bot",
        "greedy",
    )


@pytest.mark.parametrize("text", ["", "   ", "python 'unbalanced"])
def test_unusable_bot_arguments_are_refused(text: str) -> None:
    with pytest.raises(RefereeError):
        resolve_bot(text)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ("greedy",)}, "2 players need 2 bots"),
        ({"deals": 0}, "at least 1"),
        ({"time_limit": 0.0}, "more than 0"),
    ],
)
def test_a_bad_config_fails_before_any_round(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"rules": Rules.make(2), "bots": ("greedy", "random"), "deals": 1}
    with pytest.raises(RefereeError, match=message):
        MatchConfig(**{**args, **kwargs})


def test_a_command_that_cannot_start_fails_before_any_round() -> None:
    config = MatchConfig(Rules.make(2), ("greedy", "cmd:no-such-program-xyz"), 1)
    with pytest.raises(RefereeError, match="cannot start bot 'cmd:no-such-program-xyz'"):
        play_match(config)


def test_one_word_that_is_no_bot_and_no_program_is_a_misspelt_name() -> None:
    with pytest.raises(RefereeError, match="unknown bot 'grredy', did you mean 'greedy'"):
        MatchConfig(Rules.make(2), ("greedy", "grredy"), 1)


def test_one_word_with_a_slash_is_a_program_path() -> None:
    """``./mybot`` names a program, found or not: never "unknown bot" with the names."""
    config = MatchConfig(Rules.make(2), ("greedy", "./no-such-bot-xyz"), 1)
    with pytest.raises(RefereeError, match=r"cannot start bot '\./no-such-bot-xyz'"):
        play_match(config)


# ------------------------------------------------------------------- answers


LEGAL: list[Move] = [parse_move(m) for m in ("S-B1", "D1-B1", "H7-D2")]


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b"not json\n", "malformed JSON"),
        (b'["S-B1"]\n', "malformed answer"),
        (b'{"mvoe": "S-B1"}\n', "malformed answer"),
        (b'{"move": "s-b1"}\n', "'s-b1' is not a move in the notation"),
        (b'{"move": 7}\n', "7 is not a move in the notation"),
        (b'{"move": "S-B2"}\n', "illegal move S-B2"),
        (b"\xff\xfe\n", "not UTF-8"),
    ],
)
def test_bad_answers_are_faults_that_quote_what_was_sent(line: bytes, why: str) -> None:
    with pytest.raises(BotFault) as caught:
        read_move(line, LEGAL)
    assert why in caught.value.why
    assert caught.value.sent == line.decode("utf-8", "replace").rstrip("\n")


def test_a_legal_answer_is_read_and_extra_fields_are_allowed() -> None:
    assert read_move(b'{"move": "D1-B1", "note": "hi"}\n', LEGAL) == LEGAL[1]


def test_what_a_bot_sent_is_cut_to_200_characters() -> None:
    with pytest.raises(BotFault) as caught:
        read_move(b"x" * 5000 + b"\n", LEGAL)
    sent = caught.value.sent
    assert sent is not None and len(sent) == 200 and sent.endswith("...")


def test_hello_answers_need_a_name() -> None:
    assert read_hello(b'{"name": "mine", "version": "2"}\n') == "mine"
    for line in (b"{}\n", b'{"name": 3}\n', b"hello\n"):
        with pytest.raises(BotFault):
            read_hello(line)


# -------------------------------------------------------- duplicate deals


def test_each_deal_is_played_once_per_seat_rotation() -> None:
    summary, records = run_match(["greedy", "random", "greedy"], deals=2)
    assert summary.config.rounds == len(records) == 6
    for deal in range(2):
        rounds = [r for r in records if r["match"]["deal"] == deal]
        assert [r["match"]["rotation"] for r in rounds] == [0, 1, 2]
        assert len({json.dumps([r["deck"], r["dealer"]]) for r in rounds}) == 1
        for r in rounds:
            rotation = r["match"]["rotation"]
            # bot i sits at seat (i + r) mod 3, so seat s holds bot (s - r) mod 3
            assert r["match"]["bots"] == [(s - rotation) % 3 for s in range(3)]
            labels = ["bot:greedy", "bot:random", "bot:greedy"]
            assert r["names"] == [labels[i] for i in r["match"]["bots"]]
    assert records[0]["deck"] != records[3]["deck"]
    for r in records:
        assert_replays(r)
    assert all(t.rounds == 6 for t in summary.bots)


def test_the_same_seed_gives_the_same_records_and_another_seed_others() -> None:
    bots = ["random", scripted("good")]
    first = run_match(bots, deals=2, seed="d")[1]
    assert first == run_match(bots, deals=2, seed="d")[1]
    assert first != run_match(bots, deals=2, seed="e")[1]


def test_a_built_in_bot_plays_like_its_protocol_process() -> None:
    """``--bot random`` and ``--bot "skipbo bot random --seed SEED/bot0"`` play the same."""
    _, inside = run_match(["random", "greedy"], deals=2, seed="eq")
    _, outside = run_match(["skipbo bot random --seed eq/bot0", "greedy"], deals=2, seed="eq")
    assert [r["moves"] for r in inside] == [r["moves"] for r in outside]
    assert [r["result"] for r in inside] == [r["result"] for r in outside]
    assert outside[0]["names"][0] == "skipbo bot random --seed eq/bot0"


def test_wins_are_counted_per_bot_and_partners_win_together() -> None:
    rules = Rules.make(4, stock=5, teams=True)
    summary, records = run_match(["greedy", "random", "greedy", "random"], 2, rules=rules)
    for r in records:
        bots = r["match"]["bots"]
        for seat in range(4):  # bots i and i + 2 are partners at every rotation
            assert bots[rules.partner(seat) or 0] == (bots[seat] + 2) % 4
    wins = [t.wins for t in summary.bots]
    assert wins[0] == wins[2] and wins[1] == wins[3]
    decided = sum(1 for r in records if r["result"]["winner"] is not None)
    assert summary.decided == decided and wins[0] + wins[1] == decided


def test_the_summary_reports_per_bot() -> None:
    summary, _ = run_match(["greedy", "random"], deals=3)
    data = summary.to_json()
    assert (data["deals"], data["rotations"], data["rounds"]) == (3, 2, 6)
    assert [b["name"] for b in data["bots"]] == ["bot:greedy", "bot:random"]
    for tally, bot in zip(summary.bots, data["bots"], strict=True):
        assert bot["rounds"] == 6 and bot["wins"]["count"] == tally.wins
        low, high = bot["wins"]["ci95"]
        assert 0 <= low <= bot["wins"]["share"] <= high <= 1
        assert bot["decisions"] > 0 and bot["mean_decision_seconds"] >= 0
    assert set(data["no_winner"]) == {"blocked", "cap"}
    text = summary.to_text()
    assert "6 rounds (3 deals x 2 seat rotations)" in text and "bot 1  bot:random" in text


# ------------------------------------------------------------------- forfeits


@pytest.mark.parametrize(
    ("mode", "why", "sent"),
    [
        (
            "illegal",
            "illegal move end ('end' is only allowed with an empty hand",
            '{"move": "end"}',
        ),
        ("illegal:4", "illegal move", '{"move": "end"}'),
        ("malformed", "malformed JSON", "this is not JSON {"),
        ("wrong-shape", "malformed answer", '["S-B1", '),
        ("sleep", f"no answer within {LIMIT:g} s", None),
        ("crash", "exited with status 3); its stderr ended with: boom", None),
    ],
)
def test_a_bot_that_breaks_the_protocol_forfeits_with_a_report(
    mode: str, why: str, sent: str | None
) -> None:
    summary, records = run_match([scripted(mode), "greedy"], deals=1, time_limit=LIMIT)
    assert len(records) == 2  # the match goes on after a forfeit
    for record in records:
        seat = record["match"]["bots"].index(0)
        assert_forfeited(record, seat)
        (fault,) = record["faults"]
        assert (fault["bot"], fault["seat"], fault["stage"], fault["forfeited"]) == (
            0,
            seat,
            "move",
            True,
        )
        assert why in fault["why"]
        if sent is None:
            assert fault["sent"] is None
        else:
            assert fault["sent"].startswith(sent)
    assert [t.forfeits for t in summary.bots] == [2, 0]
    assert summary.forfeits == 2 and [t.wins for t in summary.bots] == [0, 2]
    assert len(summary.faults) == 2
    assert f"bot 0 ({scripted(mode)}) at seat" in summary.to_text()


def test_a_forfeit_after_some_moves_replays() -> None:
    _, records = run_match([scripted("illegal:6"), "random"], deals=1)
    for record in records:
        assert len(record["moves"]) >= 6
        assert_forfeited(record, record["match"]["bots"].index(0))


def test_a_line_nobody_asked_for_forfeits() -> None:
    _, records = run_match([scripted("chatty"), "greedy"], deals=1)
    for record in records:
        assert_forfeited(record, record["match"]["bots"].index(0))
        assert "one line too many" in record["faults"][0]["sent"]


def test_a_silent_hello_forfeits_at_the_first_decision() -> None:
    summary, records = run_match(
        [scripted("silent-hello"), "greedy"], time_limit=LIMIT, hello_limit=LIMIT
    )
    for record in records:
        seat = record["match"]["bots"].index(0)
        assert_forfeited(record, seat)
        assert record["faults"][0]["stage"] == "hello"
        assert "no answer within" in record["faults"][0]["why"]
    assert "forfeited at its hello" in summary.to_text()


@pytest.mark.parametrize("mode", ["unflushed", "no-newline", "silent-hello"])
def test_a_hello_that_never_comes_says_to_end_the_line_and_flush(mode: str) -> None:
    """A bot that answers at once in a terminal but never through a pipe (no newline,
    or its answer left in the output buffer) got only "no answer within 10 s"."""
    _, records = run_match([scripted(mode), "greedy"], time_limit=LIMIT, hello_limit=LIMIT)
    why = records[0]["faults"][0]["why"]
    assert why.startswith(f"no answer within {LIMIT:g} s (no line came back: ")
    assert "end every answer with a newline and flush the output" in why


def test_a_bot_that_exits_after_each_round_is_started_again() -> None:
    summary, records = run_match([scripted("once"), "greedy"], deals=2)
    assert summary.faults == ()
    assert all(r["result"]["reason"] != "forfeit" for r in records)


class _SpyBot:
    """A built-in bot that checks it is given a view and a sequence of moves only."""

    name = "spy"
    seen: ClassVar[list[tuple[type, type]]] = []

    def __init__(self, seed: int | str = 0) -> None:
        pass

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        _SpyBot.seen.append((type(view), type(legal)))
        return legal[0]


class _BrokenBot(_SpyBot):
    name = "broken"

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        raise RuntimeError("no idea")


class _SlowBot(_SpyBot):
    name = "slow"

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        time.sleep(0.05)
        return legal[0]


class _CheatBot(_SpyBot):
    name = "cheat"

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        return next(m for m in range(MOVE_COUNT) if m not in legal)


@pytest.fixture
def extra_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    for bot in (_SpyBot, _BrokenBot, _SlowBot, _CheatBot):
        monkeypatch.setitem(registry.BOTS, bot.name, bot)


@pytest.mark.usefixtures("extra_bots")
@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("broken", "raised RuntimeError: no idea"),
        ("cheat", r"illegal move S-B1 \(an? (\d+|SB) cannot go on B1, which needs a 1\)"),
    ],
)
def test_a_built_in_bot_is_held_to_the_same_forfeit_rules(name: str, why: str) -> None:
    _, records = run_match([name, "greedy"])
    for record in records:
        assert_forfeited(record, record["match"]["bots"].index(0))
        assert re.fullmatch(why, record["faults"][0]["why"])


@pytest.mark.usefixtures("extra_bots")
def test_a_built_in_bot_over_the_time_limit_forfeits() -> None:
    rules = Rules.make(2)
    config = MatchConfig(rules, ("slow", "greedy"), 1, "slow", time_limit=0.01)
    summary = play_match(config)
    assert summary.bots[0].forfeits == 2
    assert "over the 0.01 s limit" in summary.faults[0].why
    assert summary.faults[0].sent is not None and summary.faults[0].sent.startswith('{"move": ')


# --------------------------------------------------------- hidden information


@pytest.mark.usefixtures("extra_bots")
def test_built_in_bots_receive_only_views() -> None:
    _SpyBot.seen.clear()
    run_match(["spy", "greedy"])
    assert _SpyBot.seen and all(kinds == (PlayerView, tuple) for kinds in _SpyBot.seen)


def test_outside_bots_receive_exactly_their_seat_s_view(tmp_path: Path) -> None:
    """Every message matches the core's view of that seat at that point, nothing more."""
    log = tmp_path / "messages.jsonl"
    _, records = run_match([scripted(f"record:{log}"), "greedy"], deals=1, seed="hidden")
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    hellos = [m for m in messages if m["type"] == "hello"]
    assert [set(m) for m in hellos] == [{"type", "protocol", "seat", "rules"}] * 2
    moves = iter(m for m in messages if m["type"] == "move")
    for record in records:
        seat = record["match"]["bots"].index(0)
        state = start_round(parse_record(record))
        for text in record["moves"]:
            if state.to_move == seat:
                message = next(moves)
                assert set(message) == {"type", "view", "legal"}
                assert message["view"] == player_view(state, seat).to_dict()
                assert message["legal"] == [format_move(m) for m in state.legal_moves()]
            state.play(parse_move(text))
    assert next(moves, None) is None
    ends = [m for m in messages if m["type"] == "end"]
    assert [m["result"] for m in ends] == [r["result"] for r in records]


# ------------------------------------------------------------ the example bot


def test_the_documented_example_bot_plays_a_clean_match() -> None:
    bot = shlex.join([sys.executable, str(EXAMPLE)])
    summary, records = run_match([bot, "greedy"], deals=2)
    assert summary.faults == ()
    assert summary.bots[0].hello == "example"
    for record in records:
        assert record["result"]["reason"] in ("stock", "blocked")
        assert_replays(record)


def test_the_docs_show_the_example_bot_as_it_is() -> None:
    docs = (HERE.parent / "docs" / "protocol.md").read_text()
    shown = re.search(r"```python\n(.*?)```", docs, re.S)
    assert shown is not None
    code = EXAMPLE.read_text()
    body = code[code.index("import json") :]
    assert shown[1] == body


# ------------------------------------------------------------ the command line


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_match_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "match", "--bot", "greedy", "--bot", "random", "--deals", "2")
    assert code == 0 and err == ""
    assert out.startswith("4 rounds (2 deals x 2 seat rotations), 2 players, stock 30, seed '0'")
    assert "bot 0  bot:greedy" in out and "bot 1  bot:random" in out


def test_match_json_and_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    argv = ["match", "--bot", "greedy", "--players", "3", "--stock", "5", "--cap", "40"]
    argv += ["--deals", "1", "--seed", "cli", "--out", str(out_file), "--json"]
    code, out, err = run_cli(capsys, *argv)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["rules"] == {"players": 3, "stock": 5, "teams": False, "cap": 40}
    assert data["rounds"] == 3 and len(data["bots"]) == 3
    assert main(["replay", str(out_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(json.loads(x)["ok"] for x in lines)


def test_match_with_an_outside_bot_that_forfeits(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--bot", scripted("malformed"), "--bot", "greedy", "--deals", "1"]
    code, out, _ = run_cli(capsys, *argv, "--time-limit", "0.5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["forfeits"]["count"] == 2
    assert [b["wins"]["count"] for b in data["bots"]] == [0, 2]
    assert [f["sent"] for f in data["faults"]] == ["this is not JSON {"] * 2


@pytest.mark.parametrize(
    "argv",
    [
        ["match"],
        ["match", "--bot", "greedy"],
        ["match", "--bot", "greedy", "--bot", "random", "--players", "3"],
        ["match", "--bot", "greedy", "--players", "7"],
        ["match", "--bot", "greedy", "--players", "2", "--teams"],
        ["match", "--bot", "greedy", "--players", "2", "--stock", "0"],
        ["match", "--bot", "greedy", "--players", "2", "--deals", "0"],
        ["match", "--bot", "greedy", "--players", "2", "--time-limit", "0"],
        ["match", "--bot", "greedy", "--players", "2", "--time-limit", "soon"],
        ["match", "--bot", "greedy", "--players", "2", "--time-limit", "inf"],
        ["match", "--bot", "greedy", "--bot", "no-such-program-xyz"],
        ["match", "--bot", "greedy", "--bot", "python 'unbalanced"],
        ["match", "--bot", "greedy", "--bot", ""],
        ["match", "--bot", "greedy", "--players", "2", "--out", "/no/such/dir/x.jsonl"],
    ],
)
def test_bad_match_arguments_are_one_error_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("skipbo: error: ") and err.count("\n") == 1 and "Traceback" not in err
