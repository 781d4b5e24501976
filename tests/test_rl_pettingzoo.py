"""The PettingZoo environment ``skipbo_v0`` and the observation encoding it shares.

PettingZoo's own checkers (``api_test``, ``seed_test``) run on several tables;
then properties on random positions: the mask is exactly the core's legal
moves, the observation changes with nothing the seat may not see, and its
entries say what the layout in ``skipbo.rl.encoding`` says.
"""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import given, settings

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from conftest import choose, scramble_hidden
from skipbo.core import (
    MOVE_COUNT,
    MOVE_TEXT,
    SB,
    IllegalMoveError,
    MoveSyntaxError,
    PlayerView,
    Round,
    Rules,
    new_round,
    player_view,
)
from skipbo.rl import encoding, skipbo_v0
from test_properties import PROPERTY_SETTINGS, seeds, tables

TABLES = [
    {"players": 2},
    {"players": 3, "stock": 5},
    {"players": 4, "teams": True, "stock": 5},
    {"players": 6, "teams": True, "stock": 3, "turn_cap": 40},
]


@pytest.mark.parametrize("options", TABLES, ids=str)
def test_pettingzoo_api_test(options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about Dict observations, as for chess
        api_test(skipbo_v0.env(**options), num_cycles=200)


@pytest.mark.parametrize("options", TABLES[:3], ids=str)
def test_pettingzoo_seed_test(options: dict[str, object]) -> None:
    seed_test(lambda: skipbo_v0.env(**options), num_cycles=50)


def random_position(rules: Rules, seed: int) -> Round:
    """A round after a random number of random (play-biased) moves."""
    rng = random.Random(seed)
    state = new_round(rules, seed)
    for _ in range(rng.randrange(120)):
        if state.over:
            break
        state.apply_unchecked(choose(state, rng, 0.7))
    return state


@PROPERTY_SETTINGS
@given(rules=tables(), seed=seeds)
def test_mask_is_the_cores_legal_moves(rules: Rules, seed: int) -> None:
    env = skipbo_v0.env(players=rules.players, teams=rules.teams, stock=rules.stock)
    env.reset(seed=seed)
    env.round = state = random_position(rules, seed)
    env._legal = state.legal_moves()
    for p, agent in enumerate(env.possible_agents):
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (MOVE_COUNT,)
        expected = set(state.legal_moves()) if p == state.to_move else set()
        assert set(np.flatnonzero(mask).tolist()) == expected


@PROPERTY_SETTINGS
@given(rules=tables(), seed=seeds)
def test_observation_carries_nothing_hidden(rules: Rules, seed: int) -> None:
    """Two rounds that differ only in cards a seat cannot see encode alike for it."""
    state = random_position(rules, seed)
    rng = random.Random(seed)
    encoder = encoding.ViewEncoder(rules)
    for seat in range(rules.players):
        other = scramble_hidden(state, seat, rng)
        ours = encoder.encode(player_view(state, seat))
        theirs = encoding.ViewEncoder(rules).encode(player_view(other, seat))
        assert np.array_equal(ours, theirs)


@PROPERTY_SETTINGS
@given(rules=tables(), seed=seeds)
def test_observation_layout(rules: Rules, seed: int) -> None:
    """The entries are what the documented layout says, read back from the view."""
    state = random_position(rules, seed)
    n = rules.players
    for seat in range(n):
        view = player_view(state, seat)
        obs = encoding.ViewEncoder(rules).encode(view).astype(int)
        assert obs.shape == (encoding.observation_size(n),)
        assert np.all(obs <= encoding.observation_high(n))
        assert obs[0:4].tolist() == list(view.build)
        assert obs[52:54].tolist() == [view.draw, view.completed]
        hand = obs[54:67].tolist()
        assert hand == [view.hand.count(c) for c in range(1, SB + 1)]
        hidden = view.draw + sum(max(p.stock - 1, 0) for p in view.players)
        hidden += sum(p.hand for i, p in enumerate(view.players) if i != seat)
        assert sum(obs[67:80]) == hidden
        assert obs[80] == (seat == state.to_move)
        for k in range(n):
            player = view.players[(seat + k) % n]
            block = obs[encoding.GLOBAL_SIZE + k * encoding.PLAYER_SIZE :][: encoding.PLAYER_SIZE]
            assert block[13:15].tolist() == [player.stock, player.hand]
            top = player.stock_top
            assert block[0:13].tolist() == [int(top == c) for c in range(1, SB + 1)]
            heights = [block[17 + 14 * i + 13] for i in range(4)]
            assert heights == [len(pile) for pile in player.discards]
            assert sum(block[73:86]) == sum(heights)


@settings(PROPERTY_SETTINGS, max_examples=20)
@given(rules=tables(), seed=seeds)
def test_encoder_caches_never_change_an_observation(rules: Rules, seed: int) -> None:
    """One encoder kept over two whole rounds (every seat's view at every decision, and
    the same views rebuilt from JSON, which share no tuples with the core's) encodes
    every view exactly as a fresh encoder does."""
    rng = random.Random(seed)
    kept = encoding.ViewEncoder(rules)
    for k in range(2):
        state = new_round(rules, seed + k)
        while True:
            for seat in range(rules.players):
                view = player_view(state, seat)
                fresh = encoding.ViewEncoder(rules).encode_bytes(view)
                assert kept.encode_bytes(view) == fresh
                if rng.random() < 0.2:
                    assert kept.encode_bytes(PlayerView.from_dict(view.to_dict())) == fresh
            if state.over:
                break
            state.apply_unchecked(choose(state, rng, 0.7))


def test_cumulative_rewards_per_agent() -> None:
    """+1 to the winner and partner, -1 to the others, read through last()."""
    env = skipbo_v0.env(players=4, teams=True, stock=1)
    env.reset(seed=5)
    rng = random.Random(5)
    seen: dict[str, float] = {}
    while env.agents:
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seen[env.agent_selection] = reward
            env.step(None)
            continue
        legal = [int(m) for m in np.flatnonzero(obs["action_mask"])]
        plays = [m for m in legal if m < 92]
        env.step(rng.choice(plays or legal))
    result = env.round.result
    assert result is not None and result.winner is not None
    team = env.rules.team_seats(result.winner)
    assert seen == {f"player_{p}": (1.0 if p in team else -1.0) for p in range(4)}


def test_turn_cap_truncates_with_zero_reward() -> None:
    env = skipbo_v0.env(players=2, turn_cap=3)
    env.reset(seed=1)
    rng = random.Random(1)
    while True:
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert truncated and not terminated and reward == 0.0
    assert info["result"]["reason"] == "cap"


def test_illegal_action_raises() -> None:
    env = skipbo_v0.env()
    env.reset(seed=0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        env.step(illegal)
    # not a move id at all: refused as such, never read as one (int(40.9) was 40)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    for action in (legal + 0.9, float(legal), str(legal), True, None):
        with pytest.raises(IllegalMoveError, match="an action is a move id"):
            env.step(action)  # type: ignore[arg-type]
    env.step(np.int64(legal))  # a NumPy integer is one


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = skipbo_v0.env(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "to move" in text and "legal:" in text
    human = skipbo_v0.env(render_mode="human")
    human.reset(seed=0)
    assert capsys.readouterr().out == text  # the deal is shown at once
    assert human.render() is None
    assert capsys.readouterr().out == text
    with pytest.raises(ValueError):
        skipbo_v0.env(render_mode="rgb_array")


def test_using_the_environment_before_reset_says_so() -> None:
    """``last()`` and ``step()`` before ``reset()`` raised AttributeError about
    ``agent_selection`` (``env()`` adds no OrderEnforcingWrapper)."""
    env = skipbo_v0.env()
    for use in (env.last, lambda: env.step(0), env.render, lambda: env.observe("player_0")):
        with pytest.raises(RuntimeError, match=r"call reset\(\)"):
            use()


def test_bot_action_takes_an_answer_in_notation() -> None:
    """A function bot may answer ``"S-B1"`` (the Gymnasium environment plays that);
    ``bot_action`` used ``int()`` on it: "invalid literal for int()"."""
    env = skipbo_v0.env()
    env.reset(seed=0)
    obs, *_ = env.last()
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    assert env.bot_action(lambda view, moves: MOVE_TEXT[legal]) == legal
    assert env.bot_action(lambda view, moves: np.int64(legal)) == legal
    with pytest.raises(MoveSyntaxError, match="a move is a move id"):
        env.bot_action(lambda view, moves: 1.5)
