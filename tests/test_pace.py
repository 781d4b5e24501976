"""The pace network: features of the view after a discard, shipped weights, the
expert's optional pace term."""

from __future__ import annotations

import numpy as np
import pytest

from skipbo.bots import make_bot
from skipbo.bots.pace_features import FEATURE_SIZE, pace_features, pace_rows, run_length
from skipbo.bots.research.expert_variants import ExpertVariant, VariantSettings
from skipbo.bots.research.pace import pace_net
from skipbo.core import SB, PlayerView, Round, Rules, new_round, player_view
from skipbo.sim.runner import play_round
from test_bots import LONG_TABLES as TABLES


def _views(rules: Rules, moves: int = 120) -> list[PlayerView]:
    """Views of every seat along a round played by combo."""
    state: Round = new_round(rules, "pace/views")
    bots = [make_bot("combo", seat) for seat in range(rules.players)]
    views = []
    for _ in range(moves):
        if state.result is not None:
            break
        views += [player_view(state, seat) for seat in range(rules.players)]
        seat = state.to_move
        state.play(bots[seat].choose(player_view(state, seat), state.legal_moves()))
    return views


def test_run_length_counts_the_descending_run_from_the_top() -> None:
    assert run_length(()) == 0
    assert run_length((7,)) == 1
    assert run_length((10, 9, 8)) == 3  # bottom first: 8 on top, then 9, 10 beneath
    assert run_length((3, 9, 8)) == 2
    assert run_length((10, SB, 8)) == 3  # the SB beneath stands for the 9
    assert run_length((5, 4, 9, 8)) == 2


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}")
def test_features_are_a_pure_function_of_the_view(rules: Rules) -> None:
    views = _views(rules, 60)
    rows = pace_rows(views)
    assert rows.shape == (len(views), FEATURE_SIZE)
    for view, row in zip(views[::7], rows[::7], strict=True):
        assert np.array_equal(pace_features(view), row)
        again = PlayerView.from_dict(view.to_dict())
        assert np.array_equal(pace_features(again), row)


def test_features_do_not_depend_on_which_pile_holds_what() -> None:
    for view in _views(Rules.make(2, 30))[::5]:
        seat = view.seat
        assert seat is not None
        me = view.players[seat]
        turned = me._replace(discards=tuple(reversed(me.discards)))
        players = tuple(turned if i == seat else p for i, p in enumerate(view.players))
        assert np.array_equal(pace_features(view), pace_features(view._replace(players=players)))


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}")
def test_the_shipped_weights_give_finite_predictions(rules: Rules) -> None:
    views = _views(rules, 40)
    paces = pace_net().paces(views)
    assert paces.shape == (len(views),)
    assert np.all(np.isfinite(paces))
    assert np.all((paces > -2) & (paces < 30))


@pytest.mark.parametrize("rules", TABLES[:1] + TABLES[5:6], ids=["2p", "4pt"])
def test_the_expert_with_pace_plays_whole_legal_rounds(rules: Rules) -> None:
    for deal in range(2):
        bots = [
            ExpertVariant(f"{deal}/{seat}", settings=VariantSettings(pace=300.0))
            if seat % 2 == 0
            else make_bot("combo", seat)
            for seat in range(rules.players)
        ]
        state = play_round(rules, bots, f"pace/{deal}")
        assert state.result is not None
        assert state.result.reason in ("stock", "blocked")
