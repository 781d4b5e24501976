"""The OpenSpiel game ``python_skipbo``: OpenSpiel's own checks, chance, and ISMCTS."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from skipbo.core import full_deck, player_view
from skipbo.rl import openspiel_game
from skipbo.rl.encoding import ViewEncoder


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "stock": 4},
        {"players": 4, "teams": True, "stock": 2},
        {"players": 3, "stock": 2, "turn_cap": 15},
    ],
    ids=str,
)
def test_random_sim_test(params: dict[str, object]) -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def play_chance(state: pyspiel.State, rng: np.random.RandomState) -> None:
    """Resolve chance nodes until a player is to move (or the round is over)."""
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))


def test_the_deal_is_chance_card_by_card() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "stock": 3})
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    assert first[12] == pytest.approx(18 / 162) and first[0] == pytest.approx(12 / 162)
    assert sum(first.values()) == pytest.approx(1.0)
    play_chance(state, np.random.RandomState(1))
    assert len(state.dealt) == 2 * 3 + 5 and state.current_player() == 0
    assert state.round.hand_cards(0) == sorted(state.dealt[-5:])
    assert Counter(state.round.draw) + Counter(state.dealt) == Counter(full_deck())


def test_draws_are_chance_over_the_draw_pile() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "stock": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    play_chance(state, rng)
    discard = max(state.legal_actions())  # a discard: the turn ends, the next seat draws
    state.apply_action(discard)
    assert state.is_chance_node()
    pile = Counter(state.round.draw)
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {c - 1: pytest.approx(k / sum(pile.values())) for c, k in pile.items()}
    picks = []
    while state.is_chance_node():
        picks.append(int(rng.choice(list(outcomes))))
        state.apply_action(picks[-1])
        outcomes = dict(state.chance_outcomes()) if state.is_chance_node() else outcomes
    assert state.current_player() == 1
    assert Counter(state.round.hand_cards(1)) >= Counter(p + 1 for p in picks)


def test_observation_tensor_is_the_view_encoding() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 3, "stock": 4})
    state = game.new_initial_state()
    play_chance(state, np.random.RandomState(3))
    for seat in range(3):
        expected = ViewEncoder(game.rules).encode(player_view(state.round, seat))
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
    assert state.observation_string(0) != state.observation_string(1)


def test_resample_keeps_the_information_state() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "stock": 5})
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    for _ in range(6):
        play_chance(state, rng)
        state.apply_action(int(rng.choice(state.legal_actions())))
    play_chance(state, rng)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(player, sampler)
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.legal_actions() == state.legal_actions()
    assert player_view(other.round, player) == player_view(state.round, player)


def test_ismcts_plays_a_few_moves() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "stock": 3})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    state = game.new_initial_state()
    for _ in range(4):
        play_chance(state, rng)
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_game_parameters() -> None:
    assert openspiel_game.game_parameters(players=4, teams=True)["teams"] is True
    with pytest.raises(ValueError, match="unknown"):
        openspiel_game.game_parameters(seats=3)
