"""``skipbo_v0``: one round of Skip-Bo as a PettingZoo AEC environment.

Agents are ``player_0`` .. ``player_{n-1}`` (the core's seats). A seat acts
several times in a row within its turn (plays, then a discard), which the AEC
model expresses directly: ``agent_selection`` is always the core's seat to move.
Each agent observes only its own :func:`~skipbo.core.player_view`, encoded by
:mod:`skipbo.rl.encoding`, and its ``action_mask`` is exactly the core's
``Round.legal_moves()`` (all zero for an agent that is not to move).

An illegal action raises :class:`~skipbo.core.IllegalMoveError` (a
``ValueError``) with the core's reason, leaving the round as it was: use the
mask, or PettingZoo's ``TerminateIllegalWrapper`` for a learner that should lose
instead. Once the round is over each agent steps ``None`` once, as the AEC API
asks; any other action then raises :class:`~skipbo.core.RoundOverError`.

:meth:`SkipBoAEC.bot_action` lets a bot act for the agent to move: a built-in
bot's name, a :class:`~skipbo.bots.Bot` instance or a plain function
``(view, legal) -> move``, given that agent's player view, as at any table. So a
learner can play against built-in bots or against frozen snapshots of itself.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import AECEnv

from skipbo.bots.adapt import BotLike, as_bot
from skipbo.core import Round, as_move, format_move, player_view
from skipbo.core.errors import whole_number

from .encoding import ViewEncoder
from .render import check_render_mode, render_round
from .table import (
    RoundSeeds,
    action_space,
    deal,
    illegal_action,
    make_rules,
    observation_space,
    observe,
    rewards,
    round_over,
)

Obs = dict[str, Any]


class SkipBoAEC(AECEnv[str, Obs, int]):  # type: ignore[misc]
    """One round at a table of 2-6 players (options as :func:`env` documents)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "skipbo_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        teams: bool = False,
        stock: int | None = None,
        turn_cap: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.rules = make_rules(players, teams, stock, turn_cap)
        self.possible_agents = [f"player_{p}" for p in range(self.rules.players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        self._obs_spaces = {a: observation_space(self.rules) for a in self.possible_agents}
        self._act_spaces = {a: action_space() for a in self.possible_agents}
        self._encoder = ViewEncoder(self.rules)
        self._seeds = RoundSeeds()
        self.round: Round | None = None
        self._legal: list[int] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space object on every call (PettingZoo seeds it)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(145)``: move ids of :mod:`skipbo.core.moves`."""
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round from the next seed (``seed`` restarts the sequence)."""
        self.round, _ = deal(self.rules, self._seeds, seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._legal = self.round.legal_moves()
        self.agent_selection = self.possible_agents[self.round.to_move]
        if self.render_mode == "human":  # the deal too, not only the tables after steps
            self.render()

    def observe(self, agent: str) -> Obs:
        """``agent``'s view encoded, with its action mask."""
        round_ = self.round or self._current()  # a Round is always true; None raises
        return observe(round_, self._seat[agent], self._encoder, self._legal)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to move's observation (None with ``observe=False``), reward so far,
        flags and info (PettingZoo's ``last``); before ``reset()`` it says to call it,
        not ``AttributeError``."""
        self._current()
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move (``None`` for a finished agent)."""
        round_ = self.round or self._current()  # before reset(): say so, not AttributeError
        agent = self.agent_selection
        if round_.result is not None and (action is not None or agent not in self.terminations):
            raise round_over(agent)  # only None, once per agent, after the end (AEC)
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = None if action is None else whole_number(action)
        if move is None or move not in self._legal:
            raise illegal_action(round_, action, agent)
        self._cumulative_rewards[agent] = 0.0
        round_.apply_unchecked(move)
        result = round_.result
        if result is None:
            self._legal = round_.legal_moves()
            self.agent_selection = self.possible_agents[round_.to_move]
        else:
            self._finish(result.reason == "cap")
        if self.render_mode == "human":
            self.render()

    def _finish(self, capped: bool) -> None:
        """Hand out the round's rewards and end every agent."""
        round_ = self._current()
        assert round_.result is not None
        self._legal = []
        for agent, reward in zip(self.agents, rewards(self.rules, round_.result), strict=True):
            self.rewards[agent] = reward
            self.infos[agent] = {"result": round_.result.to_dict()}
            (self.truncations if capped else self.terminations)[agent] = True
        self._accumulate_rewards()

    def _current(self) -> Round:
        if self.round is None:
            raise RuntimeError("call reset() before using the environment")
        return self.round

    def render(self) -> str | None:
        """The table as the agent to move sees it (text); printed in ``human`` mode."""
        round_ = self._current()
        return render_round(
            round_, round_.to_move, self._legal, self.render_mode, self.possible_agents
        )

    def close(self) -> None:
        """Nothing to release; here because PettingZoo expects it beside render()."""

    def bot_action(self, bot: BotLike, seed: int | str = 0) -> int:
        """The action ``bot`` picks for the agent to move, from that agent's view
        only (a name makes a fresh built-in bot seeded ``seed``). Pass it to
        :meth:`step`; a bot's answer outside the mask raises there. An answer in
        notation (``"S-B1"``, which the Gymnasium environment's bots may give too)
        is its move id; one that is no move at all raises
        :class:`~skipbo.core.MoveSyntaxError` here, rather than ``int()``'s error."""
        round_ = self._current()
        seat = round_.to_move
        if round_.result is not None:
            raise RuntimeError("the round is over: no agent is to move")
        return as_move(as_bot(bot, seed).choose(player_view(round_, seat), list(self._legal)))

    def move_text(self, action: int) -> str:
        """The notation of an action id, e.g. ``"S-B1"``."""
        return format_move(action)


def env(**options: Any) -> SkipBoAEC:
    """A ``skipbo_v0`` environment.

    Options: ``players`` (2-6), ``teams`` (partnerships, 4 or 6 players),
    ``stock`` (cards per stock; default the printed 30 or 20), ``turn_cap``
    (end the round, unwon, after that many turns; truncation, reward 0) and
    ``render_mode`` (``"ansi"`` or ``"human"``). No wrappers are added, so
    ``env()`` and ``raw_env()`` are the same thing; wrap it as you need.
    """
    return SkipBoAEC(**options)


raw_env = env
