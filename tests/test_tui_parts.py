"""The terminal game's parts without a screen: options, seats, keys, choices, replay."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Static

from skipbo.bots import make_bot
from skipbo.cli import main
from skipbo.core import SB, Rules, record_json
from skipbo.sim.runner import play_round
from skipbo.tui.command import PlayError, load_records
from skipbo.tui.config import HUMAN, ConfigError, human_seat_order, seat_kinds
from skipbo.tui.faces import face
from skipbo.tui.keys import key_table
from skipbo.tui.replay import ReplayApp, ReplayScreen, replay_rounds
from skipbo.tui.selection import Selection
from skipbo.tui.session import GameSession
from tui_helpers import config


def test_people_sit_first_and_bots_fill_the_other_seats() -> None:
    assert seat_kinds(3, 1, ["hard", "easy"], False) == (HUMAN, "hard", "easy")
    assert seat_kinds(4, 1, ["hard"], False) == (HUMAN, "hard", "hard", "hard")
    assert seat_kinds(2, 2, [], False) == (HUMAN, HUMAN)


def test_two_people_in_partnership_play_are_partners() -> None:
    assert human_seat_order(4, True)[:2] == [0, 2]
    assert seat_kinds(4, 2, ["hard"], True) == (HUMAN, "hard", HUMAN, "hard")


def test_a_bot_list_that_does_not_fit_the_seats_is_refused() -> None:
    with pytest.raises(ConfigError, match="2 bot seat"):
        seat_kinds(3, 1, ["hard", "easy", "random"], False)


def test_bad_options_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["play", "--players", "3", "--teams"]) == 2
    assert "partnerships need 4 or 6" in capsys.readouterr().err
    assert main(["play", "--delay", "-1"]) == 2
    assert main(["play", "--replay", "/nonexistent/file"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_card_faces_mirror_the_browser() -> None:
    assert [face(c, "cards") for c in (1, 2, 10, 11, 12, SB)] == ["A", "2", "10", "J", "Q", "K"]
    assert face(SB) == "SB"


def test_keys_follow_the_hand_and_the_step() -> None:
    sources = key_table(True, (3, 7, SB))
    assert sources["1"] == "H3" and sources["3"] == "HSB" and "4" not in sources
    assert sources["d2"] == "D2" and sources["ps"] == "pS" and sources["e"] == "end"
    targets = key_table(False, (3,))
    assert targets["1"] == "B1" and targets["b4"] == "B4" and targets["d3"] == "D3"


def test_the_choice_comes_from_the_legal_moves_and_the_core_says_why_not() -> None:
    selection = Selection(["S-B1", "S-B2", "H5-D1", "H5-D2"])
    assert selection.sources() == ["S", "H5"] and selection.playable() == ["S"]
    assert selection.choose_source("D1", lambda text: "the own discard pile 1 is empty") == (
        "D1: the own discard pile 1 is empty"  # no target was chosen: none is named
    )
    assert selection.choose_source("S", lambda text: None) is None
    assert selection.targets() == ["B1", "B2"]
    assert selection.move_to("B2", lambda text: None) == ("S-B2", None)
    move, error = selection.move_to("B3", lambda text: "a 1 cannot go on B3, which needs a 4")
    assert move is None and error == "S-B3: a 1 cannot go on B3, which needs a 4"


def test_the_session_plays_through_the_match_and_refuses_with_the_reason() -> None:
    session = GameSession(config())
    refused = session.play_text("S-B9")
    assert refused is not None and refused.startswith("malformed move 'S-B9' (a move is written")
    if session.human_to_move():
        error = session.play_text("end")
        assert error is not None and "empty hand" in error
    assert len(session.round.history) == 0


def _recorded_round(tmp_path: Path) -> tuple[Path, int]:
    rules = Rules.make(2, 3)
    state = play_round(rules, [make_bot("hard", 1), make_bot("easy", 2)], seed=5)
    path = tmp_path / "round.jsonl"
    path.write_text(json.dumps(record_json(state, ["ann", "bob"])) + "\n")
    return path, len(state.history)


def test_replay_steps_through_a_record_by_keys(tmp_path: Path) -> None:
    path, count = _recorded_round(tmp_path)
    app = ReplayApp(replay_rounds(load_records(str(path))))

    def status() -> str:
        return str(app.screen.query_one("#status", Static).content)

    async def script() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            assert f"move 0/{count}" in status()
            await pilot.press("right", "right", "n")
            assert f"move 3/{count}" in status()
            await pilot.press("left")
            assert f"move 2/{count}" in status()
            await pilot.press("end")
            assert f"move {count}/{count}" in status()
            info = str(app.screen.query_one("#replay-info", Static).content)
            assert "Round over" in info and "wins" in info
            await pilot.press("q")

    asyncio.run(script())


def test_a_record_with_an_illegal_move_is_stepped_up_to_it(tmp_path: Path) -> None:
    path, _ = _recorded_round(tmp_path)
    record = json.loads(path.read_text())
    record["moves"] = [*record["moves"][:4], "S-B4", *record["moves"][4:]]
    del record["result"]
    rounds = replay_rounds([record])
    assert len(rounds[0].moves) <= 4 and rounds[0].problem is not None


def test_an_unreadable_records_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("{not json\n")
    with pytest.raises(PlayError, match="line 1: not JSON"):
        load_records(str(path))


def test_the_command_line_does_not_load_textual_for_other_commands() -> None:
    code = (
        "import sys, skipbo.cli as c; c.build_parser(); "
        "print(any(m.split('.')[0] == 'textual' for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
