"""Guessing the other hand from its last turn (issue 25 §2, research): the worlds a
deterministic ``combo`` agrees with. The true round always agrees, and the filter
rejects hands that ``combo`` would have played on with."""

from __future__ import annotations

from skipbo.bots import make_bot
from skipbo.bots.combo import ComboWeights
from skipbo.bots.research.expert_variants import ExpertVariant, VariantSettings
from skipbo.bots.research.inference import LastTurn
from skipbo.core import PlayerView, Round, Rules, new_round, player_view
from skipbo.core.determinize import sample_round
from skipbo.core.moves import DISCARD_BASE
from skipbo.sim.runner import play_round


def observed_turns(seed: str, turns: int = 60) -> list[tuple[LastTurn, Round]]:
    """Seat 0 (the expert) against ``combo``: at each start of seat 0's turn, what its
    views saw of combo's turn, with the true round then."""
    state = new_round(Rules.make(2, 30), seed)
    bots = [make_bot("expert", 0), make_bot("combo", 1)]
    ended: PlayerView | None = None
    seen: list[tuple[LastTurn, Round]] = []
    while state.result is None and len(seen) < turns:
        seat = state.to_move
        view = player_view(state, seat)
        if seat == 0 and ended is not None:
            turn = LastTurn.seen(ended, view)
            if turn is not None:
                seen.append((turn, state.copy()))
            ended = None
        move = bots[seat].choose(view, state.legal_moves())
        if seat == 0 and move >= DISCARD_BASE:
            ended = view
        state.play(move)
    return seen


def test_the_true_round_always_agrees_with_combos_last_turn() -> None:
    weights = ComboWeights()
    seen = [t for seed in ("a", "b", "c") for t in observed_turns(f"infer/{seed}")]
    assert len(seen) > 60
    for turn, truth in seen:
        assert turn.agrees(truth, weights)


def test_sampled_hands_are_often_rejected() -> None:
    """The filter says something: many uniformly sampled hands would have played on or
    discarded otherwise (a filter that accepts everything fails this)."""
    weights = ComboWeights()
    rejected = asked = 0
    for turn, truth in observed_turns("infer/d"):
        view = player_view(truth, 0)
        for k in range(5):
            asked += 1
            rejected += not turn.agrees(sample_round(view, f"s{k}"), weights)
    assert rejected > asked // 4


def test_a_bot_that_infers_plays_legal_rounds_and_finds_agreeing_worlds() -> None:
    settings = VariantSettings(race=True, events=3, worlds=2, margin=1000.0, infer=20)
    bot = ExpertVariant("i", settings=settings)
    state = play_round(Rules.make(2, 10), [bot, make_bot("combo", 3)], "infer/legal")
    assert state.result is not None and state.result.reason in ("stock", "blocked")
    found, missed = bot.inferred
    assert found > missed
