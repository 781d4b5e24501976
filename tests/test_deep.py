"""The deep bot: combo's turn search, looking past its chance events in sampled worlds."""

from __future__ import annotations

import pytest

from skipbo.bots import make_bot
from skipbo.bots.deep import DeepBot, DeepSettings
from skipbo.core import Rules, new_round, player_view
from skipbo.sim.runner import play_round

TABLES = [
    Rules.make(2, 30),
    Rules.make(3, 20),
    Rules.make(4, 15),
    Rules.make(5, 10),
    Rules.make(6, 8),
    Rules.make(4, 15, teams=True),
    Rules.make(6, 8, teams=True),
]


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p{'t' if r.teams else ''}")
def test_plays_whole_rounds_with_legal_moves_only(rules: Rules) -> None:
    for deal in range(2):
        names = ["deep", "combo"] * rules.players
        bots = [make_bot(names[seat], f"{deal}/{seat}") for seat in range(rules.players)]
        state = play_round(rules, bots, f"deep/{deal}")
        assert state.result is not None
        assert state.result.reason in ("stock", "blocked")


def test_is_deterministic_by_seed() -> None:
    rules = Rules.make(2, 10)

    def history(seed: str) -> list[int]:
        bots = [DeepBot(f"{seed}/{seat}") for seat in range(2)]
        return play_round(rules, bots, "deal").history

    assert history("a") == history("a")


def test_every_variant_answers_legal_moves() -> None:
    rules = Rules.make(2, 10)
    settings = [DeepSettings(events=1), DeepSettings(depth=2), DeepSettings(value=True)]
    for deal, setting in enumerate(settings):
        bots = [DeepBot(f"v/{deal}", settings=setting), make_bot("combo", deal)]
        state = play_round(rules, bots, f"variant/{deal}")
        assert state.result is not None


def test_a_fresh_bot_answers_the_same_view_the_same_way() -> None:
    state = new_round(Rules.make(2, 30), "positions")
    combo = [make_bot("combo", 1), make_bot("combo", 2)]
    for _ in range(60):
        view = player_view(state, state.to_move)
        legal = state.legal_moves()
        move = DeepBot("x").choose(view, legal)
        assert move == DeepBot("x").choose(view, legal)
        assert move in legal
        state.play(combo[state.to_move].choose(view, legal))
