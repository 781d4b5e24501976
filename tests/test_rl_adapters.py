"""The three RL adapters refuse the same illegal actions as docs/rl.md documents
(issue 22 §3, "RL adapters that agree").

One list of illegal actions, built from each adapter's own position by the same
rule (:func:`illegal_actions`), drives PettingZoo, Gymnasium and OpenSpiel:

- PettingZoo and OpenSpiel raise :class:`~skipbo.core.IllegalMoveError` ending
  with the core's reason (``Round.why_illegal``) and change nothing;
- Gymnasium forfeits (its checker samples unmasked actions, so it must not
  raise): reward -1, ``terminated``, ``info["illegal_action"]`` True beside
  ``info["action"]`` and ``info["reason"]``;
- after the round ended, every adapter raises :class:`~skipbo.core.RoundOverError`;
- OpenSpiel refuses a chance outcome that no card left can give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np

from skipbo.core import END, MOVE_COUNT, IllegalMoveError, Round, RoundOverError
from skipbo.core.moves import DISCARD_BASE, SLOTS, SRC_PARTNER_STOCK, play_move
from skipbo.rl import skipbo_v0
from skipbo.rl.gym_env import SkipBoEnv

LABELS = ("out of range", "end with cards in hand", "partner without partner", "not held", "no fit")


def illegal_actions(round_: Round) -> list[tuple[str, int]]:
    """One illegal action of each kind in ``round_``'s position (2 players, hand full)."""
    legal = set(round_.legal_moves())
    seat = round_.to_move
    held = set(round_.hand_cards(seat))
    missing = next(card for card in range(1, 14) if card not in held)
    no_fit = next(m for m in range(DISCARD_BASE) if m not in legal and m // SLOTS != 5)
    found = [
        ("out of range", MOVE_COUNT),
        ("end with cards in hand", END),
        ("partner without partner", play_move(SRC_PARTNER_STOCK, 0)),
        ("not held", DISCARD_BASE + (missing - 1) * SLOTS),
        ("no fit", no_fit),
    ]
    assert [label for label, _ in found] == list(LABELS)
    assert not legal & {action for _, action in found}
    return found


def expect_refusal(round_: Round, action: int, step: Callable[[int], object]) -> None:
    """``step(action)`` raises IllegalMoveError with the core's reason; nothing changes."""
    history = list(round_.history)
    reason = round_.why_illegal(action)
    assert reason
    with pytest.raises(IllegalMoveError) as info:
        step(action)
    assert not isinstance(info.value, RoundOverError)
    assert str(info.value).endswith(f"action {action}: {reason}")
    assert round_.history == history and round_.result is None


# ------------------------------------------------------------------ illegal actions


@pytest.mark.parametrize("kind", LABELS)
def test_pettingzoo_raises_with_the_cores_reason(kind: str) -> None:
    env = skipbo_v0.env(players=2, stock=5)
    env.reset(seed=3)
    assert env.round is not None
    action = dict(illegal_actions(env.round))[kind]
    agent = env.agent_selection
    expect_refusal(env.round, action, env.step)
    assert env.agent_selection == agent
    env.step(int(env.last()[0]["action_mask"].argmax()))  # a legal move still plays


@pytest.mark.parametrize("kind", LABELS)
def test_gymnasium_forfeits_with_the_action_and_reason_in_info(kind: str) -> None:
    env = SkipBoEnv(players=2, stock=5, opponents="random")
    env.reset(seed=3)
    assert env.round is not None
    action = dict(illegal_actions(env.round))[kind]
    reason = env.round.why_illegal(action)
    obs, reward, terminated, truncated, info = env.step(np.int64(action))
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True and info["action"] == action
    assert isinstance(info["action"], int) and info["reason"] == reason
    assert info["result"]["reason"] == "forfeit" and info["result"]["forfeited"] == env.seat
    assert not obs["action_mask"].any()
    with pytest.raises(RoundOverError):
        env.step(action)


@pytest.mark.parametrize("kind", LABELS)
def test_openspiel_raises_with_the_cores_reason(kind: str) -> None:
    state = openspiel_decision()
    action = dict(illegal_actions(state.round))[kind]
    before = state.history()
    expect_refusal(state.round, action, state.apply_action)
    assert state.history() == before and state.current_player() == state.round.to_move
    state.apply_action(state.legal_actions()[0])  # a legal move still plays


def test_gymnasium_info_says_illegal_action_false_on_every_other_step() -> None:
    env = SkipBoEnv(players=2, stock=3, opponents="random")
    obs, _ = env.reset(seed=1)
    while True:
        obs, _, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
        assert info["illegal_action"] is False and "action" not in info
        if terminated or truncated:
            break


# ------------------------------------------------------------------ after the end


def test_every_adapter_refuses_an_action_after_the_end() -> None:
    env = skipbo_v0.env(players=2, stock=2)
    env.reset(seed=5)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        env.step(int(obs["action_mask"].argmax()))
    assert env.round is not None and env.round.result is not None
    with pytest.raises(RoundOverError):
        env.step(0)  # a real action for a finished agent
    for _ in env.possible_agents:
        env.step(None)  # the AEC goodbye, once per agent
    with pytest.raises(RoundOverError):
        env.step(None)  # and nothing after it

    gym = SkipBoEnv(players=2, stock=2, opponents="random")
    obs, _ = gym.reset(seed=5)
    done = False
    while not done:
        obs, _, terminated, truncated, _ = gym.step(int(obs["action_mask"].argmax()))
        done = terminated or truncated
    with pytest.raises(RoundOverError):
        gym.step(int(obs["action_mask"].argmax()))
    gym.reset(seed=6)  # a reset deals the next round

    pyspiel = pytest.importorskip("pyspiel")
    state = openspiel_decision(stock=2)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(state.legal_actions()[-1])
    with pytest.raises((RoundOverError, pyspiel.SpielError)):
        state.apply_action(0)


# ------------------------------------------------------------------ chance


@pytest.mark.parametrize("outcome", [13, 999, MOVE_COUNT])
def test_openspiel_refuses_a_chance_outcome_that_cannot_come(outcome: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from skipbo.rl import openspiel_game

    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "stock": 3})
    state = game.new_initial_state()
    with pytest.raises(IllegalMoveError, match="chance"):
        state.apply_action(outcome)
    assert state.history() == [] and state.dealt == []
    state = openspiel_decision()
    state.apply_action(max(state.legal_actions()))  # a discard: the next seat draws
    assert state.is_chance_node()
    drawn = list(state.draws)
    with pytest.raises(IllegalMoveError, match="chance"):
        state.apply_action(outcome)
    assert state.draws == drawn


def test_openspiel_refuses_a_card_no_longer_in_the_deck() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from skipbo.rl import openspiel_game

    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "stock": 30})
    state = game.new_initial_state()
    for _ in range(12):  # the deck holds twelve 1s
        state.apply_action(0)
    assert 0 not in dict(state.chance_outcomes())
    with pytest.raises(IllegalMoveError, match="possible now: 1, 2"):
        state.apply_action(0)
    assert len(state.dealt) == 12


def openspiel_decision(stock: int = 5) -> Any:
    """An OpenSpiel ``python_skipbo`` state at player 0's first decision (2 players)."""
    pyspiel = pytest.importorskip("pyspiel")
    from skipbo.rl import openspiel_game

    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "stock": stock})
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state
