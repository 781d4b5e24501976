"""Every bot: plays only legal moves, sees only views, is deterministic by seed."""

from __future__ import annotations

import inspect
import json

import pytest

from conftest import make_position
from skipbo.bots import bot_names, make_bot
from skipbo.bots.plan_search import Weights
from skipbo.bots.planner import PlannerBot
from skipbo.bots.planning_bot import PlanningBot
from skipbo.bots.registry import BOTS
from skipbo.core import (
    PlayerView,
    Round,
    Rules,
    format_move,
    parse_record,
    player_view,
    record_json,
    replay,
)
from skipbo.sim.runner import play_round

TABLES = [
    Rules.make(2, 10),
    Rules.make(3, 8),
    Rules.make(4, 6),
    Rules.make(5, 5),
    Rules.make(6, 5),
    Rules.make(4, 6, teams=True),
    Rules.make(6, 5, teams=True),
]
MIXED = ["expert", "combo", "hard", "greedy"]
"""The combo family and the policy it grew from, seated together at every table."""
LONG_TABLES = [
    Rules.make(2, 30),
    Rules.make(3, 20),
    Rules.make(4, 15),
    Rules.make(5, 10),
    Rules.make(6, 8),
    Rules.make(4, 15, teams=True),
    Rules.make(6, 8, teams=True),
]
"""Full-length stocks: long enough that completed build piles are shuffled back
into the draw pile, which the sampling bots must count right."""


def test_each_bot_lives_in_the_module_of_its_name() -> None:
    """``medium`` is ``skipbo.bots.medium.MediumBot``, and so on (``random``: random_bot)."""
    for name, factory in BOTS.items():
        module = "random_bot" if name == "random" else name
        assert (factory.__module__, factory.__name__) == (
            f"skipbo.bots.{module}",
            f"{name.capitalize()}Bot",
        ), name


@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}")
def test_bot_finishes_rounds_without_forfeit(name: str, rules: Rules) -> None:
    bots = [make_bot(name, f"s{seat}") for seat in range(rules.players)]
    state = play_round(rules, bots, f"bots/{name}")
    assert state.result is not None
    assert state.result.reason in ("stock", "blocked")
    outcome = replay(parse_record(json.loads(json.dumps(record_json(state)))))
    assert outcome.ok


@pytest.mark.parametrize(
    "rules", LONG_TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}"
)
def test_mixed_tables_finish_with_legal_moves_only(rules: Rules) -> None:
    for deal in range(2):
        names = [MIXED[(seat + deal) % len(MIXED)] for seat in range(rules.players)]
        bots = [make_bot(name, f"{deal}/{seat}") for seat, name in enumerate(names)]
        state = play_round(rules, bots, f"mixed/{deal}")
        assert state.result is not None
        assert state.result.reason in ("stock", "blocked")


@pytest.mark.parametrize("name", bot_names())
def test_bot_is_deterministic_by_seed(name: str) -> None:
    rules = Rules.make(2, 8)

    def history(seed: str) -> list[int]:
        bots = [make_bot(name, f"{seed}/{seat}") for seat in range(2)]
        return play_round(rules, bots, "deal").history

    assert history("a") == history("a")


@pytest.mark.parametrize("name", ["easy", "medium", "planner", "random"])
def test_a_bot_that_samples_plays_differently_under_another_seed(name: str) -> None:
    """The seed reaches the bots that draw random numbers: a seed that were ignored
    would pass the test above alone."""
    rules = Rules.make(2, 8)

    def history(seed: str) -> list[int]:
        bots = [make_bot(name, f"{seed}/{seat}") for seat in range(2)]
        return play_round(rules, bots, "deal").history

    first = history("a")
    assert any(history(seed) != first for seed in "bcdef")


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


def _buried_six_position() -> Round:
    """Seat 0 holds only a 3 and must discard it; its stock top is 7, its D1 shows
    the 6 that bridges B1 (at 4) to it once a 5 comes along."""
    return make_position(
        Rules.make(2, 30),
        stocks={0: [9, 7], 1: [2, 11]},
        hands={0: [3], 1: [1, 12, 12, 12, 10]},
        discards={0: [[6], [], [], []]},
        build=[[1, 2, 3, 4], [], [], []],
    )


def test_planners_keep_the_card_their_stock_needs_in_view() -> None:
    state = _buried_six_position()
    view, legal = player_view(state, 0), state.legal_moves()
    # without the cover_needed weight the planner's discard value covers the 6 ...
    assert format_move(PlanningBot("t", Weights(cover_needed=0)).choose(view, legal)) == "H3-D1"
    # ... with it, a step of next turn's chain to the stock stays in view
    for bot in (PlanningBot("t"), PlannerBot("t")):
        assert format_move(bot.choose(view, legal)) in {"H3-D2", "H3-D3", "H3-D4"}
