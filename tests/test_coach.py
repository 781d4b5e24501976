"""The coach (``skipbo analyze``, hints): output shape, fairness, marks.

Fairness is tested the way a cheat would be caught: a record whose hidden cards
(the draw pile's unseen rest, the opponent's stock below its top) are scrambled,
consistently with everything seat 0 saw, must get exactly the same analysis.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from skipbo.bots import make_bot
from skipbo.bots.value_features import steps_to
from skipbo.cli import main
from skipbo.coach import analyze, decisions, hint, mark_for
from skipbo.core import (
    Round,
    Rules,
    format_move,
    new_round,
    parse_record,
    player_view,
    record_json,
    replay,
)
from skipbo.core.moves import is_play
from skipbo.sim.runner import play_round

RULES = Rules.make(players=2, stock=5)


def short_record(seed: int) -> dict[str, Any]:
    """A finished hard-vs-hard round at stock 5 that never reshuffled."""
    for n in range(seed, seed + 50):
        state = play_round(RULES, [make_bot("hard", n), make_bot("hard", n + 1)], f"coach/{n}")
        if not state.shuffles and state.result is not None and state.result.winner is not None:
            return record_json(state)
    raise AssertionError("no short round without a reshuffle")


def test_analyze_prints_one_line_per_decision_of_the_seat(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    data = short_record(1)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    assert main(["analyze", str(path), "--seat", "1", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    expected = [d.index for d in decisions(parse_record(data), 1)]
    assert [line["index"] for line in lines] == expected
    for line in lines:
        assert line["seat"] == 1
        assert data["moves"][line["index"]] == line["played"]
        assert 0 <= line["after_played"] <= 100 and 0 <= line["after_best"] <= 100
        assert line["drop"] == pytest.approx(
            max(0.0, line["after_best"] - line["after_played"]), abs=0.11
        )
        assert line["mark"] == mark_for(line["drop"])
        if line["played"] == line["best"]:
            assert line["drop"] == 0


def test_analyze_refuses_a_bad_seat_in_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(short_record(1)))
    assert main(["analyze", str(path), "--seat", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seats 0..1" in err


def _scrambled(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """``data`` with the cards ``seat`` never saw permuted among their deck places:
    the opponent's stock below its last top, and the draw pile's undrawn rest."""
    record = parse_record(data)
    final = replay(record).state
    assert final is not None and not final.shuffles
    n, stock = RULES.players, RULES.stock
    hidden: list[int] = []
    for other in range(n):
        if other != seat:
            first = (other - record.dealer - 1) % n
            places = list(range(first, n * stock, n))
            hidden += places[: max(len(final.stocks[other]) - 1, 0)]
    hidden += range(len(record.deck) - len(final.draw), len(record.deck))
    deck = [data["deck"][i] for i in range(len(record.deck))]
    values = [deck[i] for i in hidden]
    rotated = values[1:] + values[:1]
    for place, card in zip(hidden, rotated, strict=True):
        deck[place] = card
    out = dict(data, deck=deck)
    assert out["deck"] != data["deck"]
    return out


def test_analysis_reads_only_the_seats_view() -> None:
    data = short_record(3)
    other = _scrambled(data, 0)
    assert replay(parse_record(other)).ok
    original = list(decisions(parse_record(data), 0))
    scrambled = list(decisions(parse_record(other), 0))
    assert [d.view for d in original] == [d.view for d in scrambled]  # the same to seat 0
    first = [a.to_json() for a in analyze(parse_record(data), 0)]
    second = [a.to_json() for a in analyze(parse_record(other), 0)]
    assert first == second


def _close_finish() -> tuple[dict[str, Any], Round]:
    """A round won by a stock card while the loser's last stock card fit a build pile
    too, and the position just before the winning card."""
    for n in range(200):
        state = play_round(RULES, [make_bot("hard", n), make_bot("hard", n + 1)], f"close/{n}")
        data = record_json(state)
        if state.result is None or state.result.winner is None or state.shuffles:
            continue
        before = parse_record(dict(data, moves=data["moves"][:-1], result=None))
        position = replay(before).state
        assert position is not None
        loser = 1 - state.result.winner
        top = position.stock_top(loser)
        if len(position.stocks[loser]) == 1 and steps_to(top, position.build) == 0:
            return data, position
    raise AssertionError("no close finish in 200 rounds")


def test_skipping_the_winning_card_when_the_opponent_wins_next_is_a_blunder() -> None:
    data, position = _close_finish()
    winner, last = position.to_move, len(data["moves"]) - 1
    assert data["moves"][last].startswith("S-")  # the stock's last card won
    discard = next(m for m in position.legal_moves() if not is_play(m))
    moves = [*data["moves"][:last], format_move(discard)]
    verdict = list(analyze(parse_record(dict(data, moves=moves, result=None)), winner))[-1]
    assert verdict.index == last and verdict.played == discard
    assert verdict.best != discard and verdict.after_best == 1.0
    assert verdict.mark == "blunder", verdict


def test_marks_follow_the_thresholds() -> None:
    assert [mark_for(d) for d in (0, 4.9, 5, 9.9, 10, 19.9, 20, 80)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_hint_is_the_experts_legal_move() -> None:
    state = new_round(Rules.make(players=2, stock=30), "hint")
    view = player_view(state, state.to_move)
    legal = state.legal_moves()
    move = hint(view, legal)
    assert move in legal
    assert move == make_bot("expert", "hint").choose(view, legal)


def test_the_table_for_a_person_counts_the_marks() -> None:
    import io

    from skipbo.coach.analysis import Assessment
    from skipbo.coach.command import write_table

    rows = [
        Assessment(3, 2, 0, 40, 0, 0.40, 0.52),  # 12 points: a mistake
        Assessment(5, 2, 0, 0, 0, 0.55, 0.55),
    ]
    out = io.StringIO()
    write_table(rows, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 4 and lines[1].rstrip().endswith("mistake")
    assert lines[-1] == "2 decisions: 0 inaccuracies, 1 mistake, 0 blunders; mean drop 6.0 points"


# ------------------------------------------- the coach agrees with itself (issue 22)


def test_the_suggested_move_is_never_rated_below_the_played_one() -> None:
    """Both are rated on the same sampled worlds, and the suggestion is the better
    of the expert's move and the one played (it was H7-D1 75.6 vs HSB-B1 60.6)."""
    rules = Rules.make(players=2, stock=5)
    seen = 0
    for n in range(2):
        bots = [make_bot("medium", n), make_bot("hard", n + 1)]
        record = parse_record(record_json(play_round(rules, bots, f"scan/{n}")))
        for seat in (0, 1):
            for a in analyze(record, seat):
                seen += 1
                assert a.after_best >= a.after_played, a.to_json()
                if a.best == a.played:
                    assert a.after_best == a.after_played and a.drop == 0
    assert seen > 20


def test_a_turn_ending_move_rates_the_same_in_every_sampled_world() -> None:
    """Why one world is enough for a discard: the seat's view after it is the same."""
    from skipbo.coach import Evaluator

    state = new_round(RULES, "worlds")
    view, legal = player_view(state, state.to_move), state.legal_moves()
    discard = next(m for m in legal if not is_play(m))
    one, many = Evaluator(worlds=1), Evaluator(worlds=4)
    assert many.after(view, [discard], "w") == one.after(view, [discard], "w")
    play = next((m for m in legal if is_play(m)), discard)
    assert many.after(view, [discard, play], "w")[0] == one.after(view, [discard], "w")[0]


class _SureNet:
    """A value network that is sure of a win (its output rounds to 1.0)."""

    def win_chances(self, views: Any) -> list[float]:
        return [1.0 for _ in views]


def test_a_network_estimate_is_never_shown_as_certain() -> None:
    from skipbo.coach import Evaluator
    from skipbo.coach.analysis import Assessment
    from skipbo.coach.command import write_table

    state = new_round(RULES, "sure")
    view, legal = player_view(state, state.to_move), state.legal_moves()
    discard = next(m for m in legal if not is_play(m))
    (chance,) = Evaluator(net=_SureNet(), worlds=1).after(view, [discard], "s")  # type: ignore[arg-type]
    assert chance < 1.0
    row = Assessment(3, 2, 0, discard, discard, chance, chance).to_json()
    assert row["after_played"] == 99.9 and row["after_best"] == 99.9
    won = Assessment(4, 2, 0, discard, 0, 0.9996, 1.0)
    assert won.to_json()["after_best"] == 100.0 and won.to_json()["after_played"] == 99.9
    import io

    out = io.StringIO()
    write_table([won, Assessment(5, 2, 0, discard, discard, 0.0002, 0.0002)], out)
    lines = out.getvalue().splitlines()
    assert ">99.9" in lines[1] and "100.0" in lines[1]
    assert "<0.1" in lines[2]


def test_the_progress_bar_only_on_a_terminal(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(short_record(1)))
    assert main(["analyze", str(path), "--json"]) == 0
    assert capsys.readouterr().err == ""
