"""The Gymnasium environment ``SkipBo-v0``: one seat against built-in bots."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import skipbo.rl
from skipbo.core import END, IllegalMoveError, PlayerView, RoundOverError
from skipbo.rl.gym_env import SkipBoEnv


@pytest.mark.parametrize(
    "options",
    [
        {"opponents": "hard"},
        {"players": 4, "teams": True, "stock": 5, "opponents": ["random", "easy", "hard"]},
        {"players": 3, "stock": 3, "seat": 2, "turn_cap": 30},
    ],
    ids=str,
)
def test_check_env(options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker's advice about render fps and such
        check_env(gymnasium.make(skipbo.rl.ENV_ID, **options).unwrapped, skip_render_check=True)


def test_make_by_module_path_and_id() -> None:
    env = gymnasium.make("skipbo.rl:SkipBo-v0", players=3, stock=5)
    assert isinstance(env.unwrapped, SkipBoEnv)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)


def play(env: SkipBoEnv, seed: int) -> tuple[float, bool, dict[str, object]]:
    """One episode with random masked actions: (reward, truncated, last info)."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        assert env.round is not None and env.round.to_move == env.seat
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward), truncated, info


def test_rewards_follow_the_result() -> None:
    env = SkipBoEnv(players=4, teams=True, stock=2, seat=1, opponents="hard")
    for seed in range(5):
        reward, truncated, info = play(env, seed)
        result = info["result"]
        assert isinstance(result, dict) and not truncated
        winner = result["winner"]
        if winner is None:
            assert reward == 0.0
        else:
            assert reward == (1.0 if 1 in env.rules.team_seats(winner) else -1.0)


def test_same_seed_same_episode() -> None:
    env = SkipBoEnv(stock=5, opponents="medium")
    first = play(env, 7)
    assert env.round is not None
    history = list(env.round.history)
    assert play(env, 7) == first and env.round.history == history


def test_illegal_action_forfeits() -> None:
    env = SkipBoEnv()
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True and info["action"] == illegal


def test_an_action_that_is_no_move_id_forfeits_as_such() -> None:
    env = SkipBoEnv()
    obs, _ = env.reset(seed=0)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    _, reward, terminated, _, info = env.step(legal + 0.9)  # int() would have played it
    assert (reward, terminated) == (-1.0, True)
    assert info["reason"] == "an action is a move id (an int)" and info["action"] == legal + 0.9


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="opponent"):
        SkipBoEnv(players=3, opponents=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        SkipBoEnv(opponents="nobody")
    with pytest.raises(ValueError, match="seat"):
        SkipBoEnv(seat=2)


def test_render_ansi() -> None:
    env = SkipBoEnv(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "*player_0" in text


def always_end(view: PlayerView, legal: object) -> int:
    """An opponent with a bug: it ends its turn with cards in hand."""
    return END


def discard(obs: dict[str, np.ndarray]) -> int:
    """A legal discard of the learner's, which hands the turn to the next seat."""
    return int(next(a for a in np.flatnonzero(obs["action_mask"]) if 92 <= a < END))


def test_an_opponents_illegal_answer_names_it_and_ends_the_round() -> None:
    """It used to raise the core's bare reason half-way through the bots' turns,
    leaving the learner's old mask in place: the next step played the learner's
    action for the bot's seat."""
    env = SkipBoEnv(stock=5, opponents=always_end)
    obs, _ = env.reset(seed=1)  # seat 0 begins
    with pytest.raises(IllegalMoveError, match=r"^player_1 \(bot 'always_end'\) answered 144: "):
        env.step(discard(obs))
    assert env.round is not None and env.round.result is not None
    assert (env.round.result.reason, env.round.result.forfeited) == ("forfeit", 1)
    assert not env.action_masks().any()
    with pytest.raises(RoundOverError):
        env.step(discard(obs))
    obs, _ = env.reset(seed=1)  # a fresh round plays on
    assert env.action_masks().any()


def test_an_opponent_that_raises_is_named_and_ends_the_round() -> None:
    def broken(view: PlayerView, legal: object) -> int:
        raise ZeroDivisionError("boom")

    env = SkipBoEnv(stock=5, opponents=broken)
    obs, _ = env.reset(seed=1)
    with pytest.raises(ZeroDivisionError) as raised:
        env.step(discard(obs))
    assert "raised by the bot of player_1 (bot 'broken')" in "".join(raised.value.__notes__)
    assert env.round is not None and env.round.result is not None
    with pytest.raises(RoundOverError):
        env.step(discard(obs))


@pytest.mark.parametrize("opponents", [5, None])
def test_opponents_that_are_no_bot_say_what_is_expected(opponents: object) -> None:
    with pytest.raises(TypeError, match=r"opponents must be a bot .* or a list of them, not"):
        SkipBoEnv(opponents=opponents)  # type: ignore[arg-type]


def test_human_mode_shows_the_deal_at_reset(capsys: pytest.CaptureFixture[str]) -> None:
    env = SkipBoEnv(render_mode="human")
    env.reset(seed=0)
    shown = capsys.readouterr().out
    assert "*player_0" in shown and "legal:" in shown
