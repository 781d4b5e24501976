"""The discard network: the expert's search, learned; its shipped weights and its use."""

from __future__ import annotations

import numpy as np
import pytest

from skipbo.bots import make_bot
from skipbo.bots.discard_net import discard_net
from skipbo.bots.expert import ExpertBot, after_discards, ranked_discards
from skipbo.bots.research.expert_variants import SAMPLING, ExpertVariant, VariantSettings
from skipbo.core import Move, PlayerView, Round, Rules, new_round, player_view
from skipbo.core.moves import DISCARD_BASE, SLOTS
from skipbo.sim.runner import play_round
from test_bots import LONG_TABLES as TABLES


def _decisions(rules: Rules, count: int = 12) -> list[tuple[PlayerView, list[tuple[float, Move]]]]:
    """Views where combo discards with two or more candidates, and the candidates."""
    state: Round = new_round(rules, "discard-net/views")
    bots = [make_bot("combo", seat) for seat in range(rules.players)]
    found = []
    while state.result is None and len(found) < count:
        seat = state.to_move
        view = player_view(state, seat)
        move = bots[seat].choose(view, state.legal_moves())
        ranked = ranked_discards(view)[:5]
        if move >= DISCARD_BASE and len(ranked) > 1:
            found.append((view, ranked))
        state.play(move)
    return found


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}")
def test_the_shipped_weights_tell_candidates_apart(rules: Rules) -> None:
    decisions = _decisions(rules)
    assert decisions
    spreads = []
    for view, ranked in decisions:
        worths = discard_net().worths(after_discards(view, ranked))
        assert worths.shape == (len(ranked),)
        assert np.all(np.isfinite(worths))
        assert np.all(np.abs(worths) < 5_000)  # a stock card is 1,000
        spreads.append(float(worths.max() - worths.min()))
    assert max(spreads) > 1.0  # not one constant for every candidate


def test_world_worths_scores_every_candidate_or_none() -> None:
    bot = ExpertVariant("worths", settings=SAMPLING)
    scored = 0
    for view, ranked in _decisions(Rules.make(2, 30)):
        found = bot.world_worths(view, ranked, "w0")
        if found is None:
            continue
        scored += 1
        assert len(found) == len(ranked)
        seat = view.seat
        assert seat is not None
        for (_, move), (_, after) in zip(ranked, found, strict=True):
            card, pile = divmod(move - DISCARD_BASE, SLOTS)
            assert after.players[seat].discards[pile][-1] == card + 1
    assert scored > 0, "no decision was scored: the test checked nothing"


@pytest.mark.parametrize(
    "settings",
    [SAMPLING, VariantSettings(discard_worlds=2, learned=2.0)],
    ids=["sampled", "sampled+learned"],
)
@pytest.mark.parametrize("rules", TABLES[:1] + TABLES[5:6], ids=["2p", "4pt"])
def test_the_expert_with_sampled_worlds_plays_whole_legal_rounds(
    rules: Rules, settings: VariantSettings
) -> None:
    for deal in range(2):
        bots = [
            ExpertVariant(f"{deal}/{seat}", settings=settings)
            if seat % 2 == 0
            else make_bot("combo", seat)
            for seat in range(rules.players)
        ]
        state = play_round(rules, bots, f"discard-net/{deal}")
        assert state.result is not None
        assert state.result.reason in ("stock", "blocked"), "an illegal answer forfeits"


def test_the_expert_judges_its_discards_by_the_network() -> None:
    """With no sampled worlds, the discard is the best by tidiness plus twice the
    network's worth: the network decides where tidiness alone would not."""
    differs = 0
    for rules in TABLES[:3]:
        for view, ranked in _decisions(rules, 20):
            worths = discard_net().worths(after_discards(view, ranked))
            totals = [tidy + 2.0 * float(w) for (tidy, _), w in zip(ranked, worths, strict=True)]
            best = ranked[max(range(len(ranked)), key=lambda k: totals[k])][1]
            assert ExpertBot("any").discard(view) == best
            differs += best != ranked[0][1]
    assert differs > 0
