"""The bot side of ``skipbo-bot/1``: ``skipbo bot NAME`` and :func:`serve_bot`.

Most tests drive :func:`serve_bot` in-process with string streams; the
conformance tests run ``python -m skipbo bot`` as a real process and play whole
rounds through it, the way an outside host would.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from skipbo.bots import Bot, make_bot
from skipbo.bots.protocol import (
    PROTOCOL,
    Budget,
    bot_factory,
    parse_budget,
    serve_bot,
    takes_budget,
)
from skipbo.cli import main
from skipbo.core import Round, Rules, format_move, new_round, parse_move, player_view

RULES = Rules.make(2)


def hello(seat: int = 0, rules: Rules = RULES, protocol: str = PROTOCOL) -> dict[str, Any]:
    return {"type": "hello", "protocol": protocol, "seat": seat, "rules": rules.to_dict()}


def move_message(state: Round) -> dict[str, Any]:
    """The host's move message for the seat to move in ``state``."""
    view = player_view(state, state.to_move).to_dict()
    return {"type": "move", "view": view, "legal": [format_move(m) for m in state.legal_moves()]}


def serve(
    lines: list[Any], name: str = "greedy", seed: str = "0"
) -> tuple[int, list[dict[str, Any]], list[str]]:
    """Serve ``lines`` (dicts are sent as JSON, strings as they are): status, answers, stderr."""
    text = "".join((json.dumps(x) if isinstance(x, dict) else x) + "\n" for x in lines)
    out, err = io.StringIO(), io.StringIO()
    status = serve_bot(bot_factory(name), io.StringIO(text), out, seed=seed, stderr=err)
    return (
        status,
        [json.loads(line) for line in out.getvalue().splitlines()],
        err.getvalue().splitlines(),
    )


def assert_one_error_line(err: str) -> None:
    assert err.startswith("skipbo: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


# ------------------------------------------------------------ in-process serving


def test_hello_move_end_are_answered_as_the_spec_says() -> None:
    state = new_round(RULES, "p", dealer=1)
    status, answers, err = serve([hello(0), move_message(state), {"type": "end", "result": {}}])
    assert status == 0 and err == []
    assert answers[0] == {"name": "greedy", "version": answers[0]["version"]}
    assert isinstance(answers[0]["version"], str)
    assert set(answers[1]) == {"move"}
    assert parse_move(answers[1]["move"]) in state.legal_moves()
    assert len(answers) == 2  # "end" gets no answer


def test_each_hello_makes_a_fresh_bot_seeded_by_the_round_count() -> None:
    """Round k of ``--seed S`` plays like a new bot seeded ``S/k``: a process
    serving many rounds behaves like one process per round."""
    state = new_round(RULES, "fresh", dealer=1)
    message = move_message(state)
    lines: list[Any] = []
    for _ in range(3):
        lines += [hello(0), message, message, {"type": "end", "result": {}}]
    _, answers, _ = serve(lines, name="random", seed="s")
    moves = [a["move"] for a in answers if "move" in a]
    view = player_view(state, state.to_move)
    legal = state.legal_moves()
    for k in range(3):
        bot = make_bot("random", f"s/{k}")
        expected = [format_move(bot.choose(view, legal)) for _ in range(2)]
        assert moves[2 * k : 2 * k + 2] == expected


def test_the_same_seed_gives_the_same_answers() -> None:
    state = new_round(RULES, "det", dealer=0)
    lines = [hello(1), *[move_message(state)] * 5]
    assert serve(lines, "random", "x") == serve(lines, "random", "x")
    assert serve(lines, "random", "x") != serve(lines, "random", "y")


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "a message must be a JSON object"),
        ({"type": "shuffle"}, "unknown message type 'shuffle'"),
        ({"type": "hello", "protocol": PROTOCOL, "seat": 2, "rules": RULES.to_dict()}, "seat"),
        ({"type": "hello", "protocol": PROTOCOL, "seat": 0, "rules": {"players": 9}}, "players"),
        ({"type": "hello", "protocol": PROTOCOL, "seat": True, "rules": RULES.to_dict()}, "seat"),
    ],
)
def test_a_malformed_message_gets_no_answer_and_one_stderr_line(line: Any, why: str) -> None:
    status, answers, err = serve([line, hello(0)])
    assert status == 0
    assert answers == [{"name": "greedy", "version": answers[0]["version"]}]
    assert len(err) == 1
    assert err[0].startswith("skipbo bot: ignored message 1 (") and why in err[0]


def test_bad_move_messages_are_ignored_and_the_bot_goes_on() -> None:
    state = new_round(RULES, "bad", dealer=1)  # seat 0 to move
    good = move_message(state)
    other_seat = json.loads(json.dumps(good))
    other_seat["view"]["seat"] = 1
    lines = [
        good,  # before any hello
        hello(0),
        {**good, "view": "a view"},
        {**good, "view": {"seat": 0}},
        {**good, "legal": []},
        {**good, "legal": ["S-B1", "s-b1"]},
        other_seat,
        good,
    ]
    status, answers, err = serve(lines)
    assert status == 0
    assert len(answers) == 2 and "name" in answers[0] and "move" in answers[1]
    assert len(err) == 6
    assert "before any hello" in err[0]
    assert all(line.startswith("skipbo bot: ignored message") for line in err)


def test_blank_lines_are_skipped() -> None:
    status, answers, err = serve(["", "   ", hello(0)])
    assert status == 0 and len(answers) == 1 and err == []


def test_another_protocol_version_ends_the_bot_with_status_1() -> None:
    status, answers, err = serve([hello(0, protocol="skipbo-bot/2"), hello(0)])
    assert status == 1
    assert answers == []
    assert len(err) == 1 and "skipbo-bot/2" in err[0]


def test_end_of_input_at_once_is_a_clean_exit() -> None:
    assert serve([]) == (0, [], [])


# ---------------------------------------------------------------------- budgets


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("100ms", Budget(seconds=0.1)),
        ("2s", Budget(seconds=2.0)),
        ("1.5s", Budget(seconds=1.5)),
        ("500it", Budget(iterations=500)),
    ],
)
def test_budgets_parse(text: str, budget: Budget) -> None:
    assert parse_budget(text) == budget


@pytest.mark.parametrize("text", ["", "100", "fast", "0s", "1.5it", "-3ms", "10 ms", "5m"])
def test_bad_budgets_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="budget"):
        parse_budget(text)


class _BudgetBot:
    name = "budgeted"

    def __init__(self, seed: int | str = 0, budget: int = 1) -> None:
        self.budget = budget

    def choose(self, view: Any, legal: Any) -> int:
        return int(legal[0])


def test_a_budget_reaches_bots_that_take_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from skipbo.bots import registry

    monkeypatch.setitem(registry.BOTS, "budgeted", _BudgetBot)
    assert takes_budget("budgeted", Budget(iterations=7))
    assert not takes_budget("budgeted", Budget(seconds=1.0))  # it has no time_budget
    bot = bot_factory("budgeted", Budget(iterations=7))("seed")
    assert isinstance(bot, _BudgetBot) and bot.budget == 7
    assert not takes_budget("greedy", Budget(iterations=7))
    assert bot_factory("greedy", Budget(iterations=7))("s").name == "greedy"


def test_an_unknown_bot_name_fails_before_serving() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        bot_factory("nobody")


# ------------------------------------------------------------ a real process


def start_bot(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "skipbo", "bot", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ask(proc: subprocess.Popen[str], message: dict[str, Any]) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()
    answer: dict[str, Any] = json.loads(proc.stdout.readline())
    return answer


def tell(proc: subprocess.Popen[str], message: dict[str, Any]) -> None:
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()


def play_through(
    proc: subprocess.Popen[str], seat: int, seed: str, other: Bot, cap: int = 60
) -> Round:
    """Play one round: the process at ``seat``, ``other`` in-process elsewhere."""
    rules = Rules.make(2, cap=cap)
    state = new_round(rules, seed, dealer=0)
    assert ask(proc, hello(seat, rules))["name"] == "greedy"
    while state.result is None:
        if state.to_move == seat:
            answer = ask(proc, move_message(state))
            move = parse_move(answer["move"])
            assert move in state.legal_moves()
        else:
            move = other.choose(player_view(state, state.to_move), state.legal_moves())
        state.apply_unchecked(move)
    tell(proc, {"type": "end", "result": state.result.to_dict()})
    return state


def test_skipbo_bot_plays_several_rounds_on_one_process() -> None:
    proc = start_bot("greedy", "--seed", "7")
    try:
        for k in range(3):
            state = play_through(proc, k % 2, f"conf/{k}", make_bot("random", k))
            assert state.result is not None
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert out == "" and err == ""


def test_skipbo_bot_survives_malformed_input_and_bytes_that_are_not_utf8() -> None:
    lines = b"\xff\xfe not text\n{oops\n" + json.dumps(hello(1)).encode() + b"\n"
    done = subprocess.run(
        [sys.executable, "-m", "skipbo", "bot", "random"],
        input=lines,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert [json.loads(x)["name"] for x in done.stdout.splitlines()] == ["random"]
    err = done.stderr.decode().splitlines()
    assert len(err) == 2 and all(x.startswith("skipbo bot: ignored message") for x in err)
    assert b"Traceback" not in done.stderr


def test_skipbo_bot_notes_an_unused_budget(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main(["bot", "greedy", "--budget", "100ms"]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "skipbo bot: greedy takes no time budget; --budget ignored\n"


@pytest.mark.parametrize(
    "argv",
    [["bot", "nobody"], ["bot", "greedy", "--budget", "fast"], ["bot"], ["bot", "greedy", "--x"]],
)
def test_bad_bot_arguments_are_one_error_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert_one_error_line(captured.err)
