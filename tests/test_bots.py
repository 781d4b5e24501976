"""Every bot: plays only legal moves, sees only views, is deterministic by seed."""

from __future__ import annotations

import inspect
import json

import pytest

from skipbo.bots import bot_names, make_bot
from skipbo.core import PlayerView, Rules, parse_record, record_json, replay
from skipbo.sim.runner import play_round

TABLES = [
    Rules.make(2, 10),
    Rules.make(3, 8),
    Rules.make(4, 6, teams=True),
    Rules.make(6, 5, teams=True),
]


@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}")
def test_bot_finishes_rounds_without_forfeit(name: str, rules: Rules) -> None:
    bots = [make_bot(name, f"s{seat}") for seat in range(rules.players)]
    state = play_round(rules, bots, f"bots/{name}")
    assert state.result is not None
    assert state.result.reason in ("stock", "blocked")
    outcome = replay(parse_record(json.loads(json.dumps(record_json(state)))))
    assert outcome.ok


@pytest.mark.parametrize("name", bot_names())
def test_bot_is_deterministic_by_seed(name: str) -> None:
    rules = Rules.make(2, 8)

    def history(seed: str) -> list[int]:
        bots = [make_bot(name, f"{seed}/{seat}") for seat in range(2)]
        return play_round(rules, bots, "deal").history

    assert history("a") == history("a")


@pytest.mark.parametrize("name", bot_names())
def test_bot_interface_takes_a_view_not_a_state(name: str) -> None:
    bot = make_bot(name, 0)
    hints = inspect.get_annotations(type(bot).choose, eval_str=True)
    assert hints["view"] is PlayerView


def test_unknown_bot_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody")


def test_greedy_beats_random_in_most_decided_rounds() -> None:
    rules = Rules.make(2, 10)
    wins = {"greedy": 0, "random": 0}
    for deal in range(20):
        for seats in (("greedy", "random"), ("random", "greedy")):
            bots = [make_bot(n, deal) for n in seats]
            result = play_round(rules, bots, f"g{deal}", dealer=0).result
            assert result is not None
            if result.winner is not None:
                wins[seats[result.winner]] += 1
    assert wins["greedy"] > 3 * wins["random"]
