"""``SkipBo-v0``: one seat of a Skip-Bo round as a Gymnasium environment.

The learner plays ``seat``; every other seat (its partner too, in partnership
play) is a bot, which sees only its own player view, as at any table: a
built-in bot's name (made afresh each round by :func:`skipbo.bots.make_bot`), a
:class:`~skipbo.bots.Bot` instance or a plain function ``(view, legal) -> move``
(kept across rounds: a frozen snapshot of the learner, for self-play).
``step`` plays the learner's move and then the bots' moves until the learner is
to move again or the round is over.

Observation and action spaces are those of ``skipbo_v0`` (one seat's encoded
view and ``action_mask``; ``Discrete(145)``). An action outside the mask ends
the episode as a forfeit: reward -1, ``terminated``, ``info["illegal_action"]``
True beside ``info["action"]`` (the id) and ``info["reason"]`` (a masked learner
never sees it; Gymnasium's checker samples unmasked actions, so this one does not
raise). Every step's ``info`` has ``illegal_action``; a step after the episode
ended raises :class:`~skipbo.core.RoundOverError`. A bot that raises or answers
an illegal move is a bug of the code that seated it: the round ends as that
seat's forfeit and the error is raised, naming the seat and the bot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium

from skipbo.bots import Bot
from skipbo.bots.adapt import BotLike, as_bot, is_bot_like
from skipbo.core import IllegalMoveError, Round, player_view
from skipbo.core.errors import shown, whole_number

from .encoding import ViewEncoder
from .render import check_render_mode, render_round
from .table import (
    RoundSeeds,
    action_fault,
    action_space,
    deal,
    make_rules,
    observation_space,
    observe,
    rewards,
    round_over,
)

Obs = dict[str, Any]


class SkipBoEnv(gymnasium.Env[Obs, Any]):
    """One round at a table of 2-6 against bots (options in the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        players: int = 2,
        teams: bool = False,
        stock: int | None = None,
        turn_cap: int | None = None,
        opponents: BotLike | Sequence[BotLike] = "random",
        seat: int = 0,
        render_mode: str | None = None,
    ) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.rules = make_rules(players, teams, stock, turn_cap)
        if not self.rules.is_seat(seat):
            raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
        self.seat = seat
        self.opponents = _opponent_names(opponents, players, seat)
        self.observation_space = observation_space(self.rules)
        self.action_space = action_space()
        self._encoder = ViewEncoder(self.rules)
        self._seeds = RoundSeeds()
        self._bots: list[Bot | None] = []
        self.round: Round | None = None
        self._legal: list[int] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal the next round and let the bots move until the learner's first decision."""
        super().reset(seed=seed)
        while True:
            self.round, round_seed = deal(self.rules, self._seeds, seed)
            seed = None
            self._bots = [
                None if p == self.seat else as_bot(bot, seed=f"{round_seed}/{p}")
                for p, bot in enumerate(self.opponents)
            ]
            self._advance()
            if self.round.result is None:  # a bot may win at once with a tiny stock: deal again
                if self.render_mode == "human":  # the deal too, not only the tables after steps
                    self.render()
                return self._observe(), {}

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play the learner's move, then the bots', up to the learner's next decision.

        An action outside the mask forfeits the round (reward -1, ``terminated``,
        ``info["illegal_action"]`` True with ``info["action"]`` the action id and
        ``info["reason"]`` the core's reason). After the episode ended (won,
        blocked, capped or forfeited), ``step`` raises
        :class:`~skipbo.core.RoundOverError` until ``reset()``.
        """
        round_ = self._current()
        if round_.result is not None:
            raise round_over(f"player_{self.seat}")
        move = whole_number(action)  # 40.9 or "S-B1" is no move id (int() read 40)
        if move is None or move not in self._legal:
            given = action if move is None else move
            reason = action_fault(round_, given)
            round_.forfeit(self.seat)
            self._legal = []
            info = {"illegal_action": True, "action": given, "reason": reason}
            info["result"] = round_.result.to_dict() if round_.result is not None else None
            return self._observe(), -1.0, True, False, info
        round_.apply_unchecked(move)
        self._advance()
        if self.render_mode == "human":
            self.render()
        result = round_.result
        if result is None:
            return self._observe(), 0.0, False, False, {"illegal_action": False}
        reward = rewards(self.rules, result)[self.seat]
        capped = result.reason == "cap"
        info = {"illegal_action": False, "result": result.to_dict()}
        return self._observe(), reward, not capped, capped, info

    def _advance(self) -> None:
        """Bots move until the learner is to move or the round is over.

        A bot that raises, or answers anything but a legal move, is a bug in the
        code that seated it (a bot function, a snapshot of the learner), so it
        raises, naming the seat and the bot. The round then ends first as that
        seat's forfeit: were it left half-way through the bot's turn, ``step``
        would still hold the learner's old mask and play its action for the bot's
        seat. Further steps raise :class:`~skipbo.core.RoundOverError` until
        ``reset()``.
        """
        round_ = self._current()
        while round_.result is None and round_.to_move != self.seat:
            seat = round_.to_move
            bot = self._bots[seat]
            assert bot is not None
            who = f"player_{seat} (bot {getattr(bot, 'name', type(bot).__name__)!r})"
            try:
                move = bot.choose(player_view(round_, seat), round_.legal_moves())
            except Exception as exc:
                self._stop(seat)
                exc.add_note(f"raised by the bot of {who}; the round is over: call reset()")
                raise
            reason = round_.why_illegal(move)
            if reason is not None:
                self._stop(seat)
                raise IllegalMoveError(
                    f"{who} answered {shown(move)}: {reason};"
                    " the round is over (that seat forfeited): call reset()"
                )
            round_.play(move)
        self._legal = round_.legal_moves()

    def _stop(self, seat: int) -> None:
        """End the round as ``seat``'s forfeit (its bot failed): nothing more is played."""
        self._current().forfeit(seat)
        self._legal = []

    def _observe(self) -> Obs:
        return observe(self._current(), self.seat, self._encoder, self._legal)

    def _current(self) -> Round:
        if self.round is None:
            raise RuntimeError("call reset() before step()")
        return self.round

    def action_masks(self) -> Any:
        """The current action mask (the name sb3-contrib's ``MaskablePPO`` looks for)."""
        return self._observe()["action_mask"]

    def render(self) -> str | None:
        """The table as the learner sees it (text); printed in ``human`` mode."""
        return render_round(self._current(), self.seat, self._legal, self.render_mode)


def _opponent_names(
    opponents: BotLike | Sequence[BotLike], players: int, seat: int
) -> list[BotLike]:
    """One bot per seat (the learner's entry unused): a single bot (name, Bot or
    function) fills every seat, a list names the other seats in order."""
    if is_bot_like(opponents):
        names: list[BotLike] = [opponents] * (players - 1)  # type: ignore[list-item]
    elif isinstance(opponents, Iterable):
        names = list(opponents)
    else:  # 5 or None: say what is expected, not "'int' object is not iterable"
        raise TypeError(
            "opponents must be a bot (a built-in bot's name, a Bot or a function"
            f" (view, legal) -> move) or a list of them, not {shown(opponents)}"
        )
    if len(names) != players - 1:
        raise ValueError(f"need {players - 1} opponent names, got {len(names)}")
    for name in names:
        as_bot(name)  # an unknown name or a non-bot fails now rather than at reset
    return [*names[:seat], "", *names[seat:]]
