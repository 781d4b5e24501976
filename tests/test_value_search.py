"""The learned evaluation inside the planner's search, at every table size."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pytest

from skipbo.bots import make_bot
from skipbo.bots.planner import PlannerBot
from skipbo.bots.value import FloatArray, ValueNet, value_net
from skipbo.bots.value_features import features, model_input, model_rows
from skipbo.core import PlayerView, Rules, new_round, player_view
from skipbo.sim.runner import play_round


class FakeNet(ValueNet):
    """The shipped network's shape, answering ``rate(view)`` and recording every view."""

    def __init__(self, rate: Callable[[PlayerView], float] | None = None) -> None:
        shipped = value_net()
        super().__init__(shipped.mean, shipped.scale, shipped.layers)
        self.rate = rate
        self.views: list[PlayerView] = []

    def win_chances(self, views: Sequence[PlayerView]) -> FloatArray:
        self.views += views
        if self.rate is None:
            return super().win_chances(views)
        return np.array([self.rate(v) for v in views], dtype=np.float64)


TABLES = [
    Rules.make(2, 10),
    Rules.make(3, 8),
    Rules.make(4, 8),
    Rules.make(4, 6, teams=True),
    Rules.make(6, 5),
]


def _play(rules: Rules, net: ValueNet | None, seed: str = "deal", **kw: float) -> list[int]:
    """A round of the planner (seat 0, and its partner) against ``hard`` bots."""
    bots = [
        PlannerBot(f"{seed}/{s}", value=net is not None, net=net, **kw)
        if rules.team_of(s) == 0
        else make_bot("hard", s)
        for s in range(rules.players)
    ]
    state = play_round(rules, bots, seed)
    assert state.result is not None
    assert state.result.reason in ("stock", "blocked")  # no forfeit: every move legal
    return state.history


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}")
def test_the_network_is_consulted_with_the_bots_own_views(rules: Rules) -> None:
    net = FakeNet()
    _play(rules, net)
    assert net.views, "the planner never asked the network"
    seats = {s for s in range(rules.players) if rules.team_of(s) == 0}
    for view in net.views:
        assert isinstance(view, PlayerView)
        assert view.seat in seats


def test_without_value_the_network_is_not_consulted() -> None:
    net = FakeNet()
    bots = [PlannerBot("a", value=False, net=net), make_bot("hard", 1)]
    play_round(Rules.make(2, 10), bots, "deal")
    bots = [PlannerBot("a", value=False, net=net)] + [make_bot("hard", s) for s in range(1, 4)]
    play_round(Rules.make(4, 8), bots, "deal")
    assert not net.views


def test_without_value_the_planner_plays_as_before_the_network() -> None:
    """``value=False`` is the planner measured before the network was wired in:
    the same moves as a planner whose network has no weight."""
    for rules in (Rules.make(2, 10), Rules.make(4, 8)):
        zero = FakeNet()
        names = ["value", "discard", "table_value", "table_discard"]
        weights = {f"{name}_weight": 0.0 for name in names}
        assert _play(rules, None) == _play(rules, zero, **weights)


@pytest.mark.parametrize("players", [2, 4])
def test_a_network_that_prefers_other_positions_changes_the_play(players: int) -> None:
    """A network that likes a full hand and one that likes an empty one, weighted
    heavily, steer the same deal differently; each is deterministic."""
    rules = Rules.make(players, 10)
    weights = {
        "value_weight": 1e5,
        "discard_weight": 1e5,
        "table_value_weight": 1e3,
        "table_discard_weight": 1e3,
    }

    def keep(v: PlayerView) -> float:
        return len(v.hand) / 5

    def shed(v: PlayerView) -> float:
        return 1 - len(v.hand) / 5

    kept = _play(rules, FakeNet(keep), **weights)
    assert kept == _play(rules, FakeNet(keep), **weights)
    assert kept != _play(rules, FakeNet(shed), **weights)


def test_the_planner_uses_the_shipped_network_by_default() -> None:
    bot = PlannerBot(0)
    assert bot.net is value_net()
    assert PlannerBot(0, value=False).net is None


def test_the_searchs_quick_input_rows_match_the_training_input() -> None:
    """:func:`model_rows` (the search's path) gives what :func:`model_input` of
    :func:`features` (the training's path) gives, at every table size."""
    views = []
    for rules in [*TABLES, Rules.make(2, 3)]:
        bots = [make_bot("hard", s) for s in range(rules.players)]
        state = new_round(rules, "rows")
        while state.result is None:
            views += [player_view(state, seat) for seat in range(rules.players)]
            seat = state.to_move
            state.play(bots[seat].choose(player_view(state, seat), state.legal_moves()))
    rows = np.stack([features(v) for v in views])
    assert np.array_equal(model_rows(views), model_input(rows))
