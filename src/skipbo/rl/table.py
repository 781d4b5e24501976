"""What the environments share: the table's rules, the round's seeds, rewards and spaces.

Kept apart from any one RL library so that the PettingZoo and Gymnasium
environments read the same rules the same way (and the OpenSpiel game the same
rewards): +1 to the winner and partner, -1 to everyone else, 0 when a round
ends without a winner (blocked, or stopped by the turn cap).
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces

from skipbo.core import (
    MOVE_COUNT,
    IllegalMoveError,
    Round,
    RoundOverError,
    RoundResult,
    Rules,
    new_round,
    player_view,
)
from skipbo.core.errors import shown, whole_number

from .encoding import MaskArray, ViewEncoder, legal_mask, observation_high, observation_size


def make_rules(
    players: int = 2, teams: bool = False, stock: int | None = None, turn_cap: int | None = None
) -> Rules:
    """The table's rules from environment options (validated by the core)."""
    return Rules.make(players, stock, teams, turn_cap)


def rewards(rules: Rules, result: RoundResult) -> list[float]:
    """Each seat's reward for a finished round: +1 winning side, -1 others, 0 if none won."""
    if result.winner is None:
        return [0.0] * rules.players
    team = rules.team_seats(result.winner)
    return [1.0 if seat in team else -1.0 for seat in range(rules.players)]


def observation_space(rules: Rules) -> spaces.Dict:
    """``{"observation": Box(uint8), "action_mask": Box(int8)}`` for one seat."""
    high = observation_high(rules.players)
    return spaces.Dict(
        {
            "observation": spaces.Box(0, high, (observation_size(rules.players),), np.uint8),
            "action_mask": spaces.Box(0, 1, (MOVE_COUNT,), np.int8),
        }
    )


def action_space() -> spaces.Discrete:
    """One action per move of the notation, numbered as :mod:`skipbo.core.moves` does."""
    return spaces.Discrete(MOVE_COUNT)


NO_MOVES: MaskArray = np.zeros(MOVE_COUNT, dtype=np.int8)
NO_MOVES.flags.writeable = False


def observe(round_: Round, seat: int, encoder: ViewEncoder, legal: list[int]) -> dict[str, Any]:
    """``seat``'s observation: its view encoded, and its mask (``legal`` when it moves)."""
    mask = (
        legal_mask(legal) if seat == round_.to_move and round_.result is None else NO_MOVES.copy()
    )
    return {"observation": encoder.encode(player_view(round_, seat)), "action_mask": mask}


class RoundSeeds:
    """Seeds for successive rounds: ``reset(seed=s)`` starts ``s/0, s/1, ...``.

    Without any seed the sequence starts from fresh entropy, as Gymnasium and
    PettingZoo expect of an unseeded reset; the core itself never draws
    randomness, it is handed a seed. The dealer moves on by one seat per round
    from a seat the seed picks, which saves the draw for the first dealer
    (a third of the cost of a deal) and still varies who begins.
    """

    def __init__(self) -> None:
        self._base = secrets.randbits(63)
        self._count = 0

    def next(self, seed: int | None) -> tuple[str, int]:
        """The next round's seed and dealer (``seed`` restarts the sequence)."""
        if seed is not None:
            self._base, self._count = int(seed), 0
        self._count += 1
        return f"rl/{self._base}/{self._count - 1}", self._base + self._count - 1


def deal(rules: Rules, seeds: RoundSeeds, seed: int | None) -> tuple[Round, str]:
    """The next round of an environment, dealt by the core, and its seed (for bots)."""
    round_seed, dealer = seeds.next(seed)
    return new_round(rules, round_seed, dealer % rules.players), round_seed


def illegal_action(round_: Round, action: object, who: str) -> IllegalMoveError:
    """The error for a player's action outside the mask, the same in every adapter:
    ``"{who}: action {action}: {the core's reason}"``."""
    return IllegalMoveError(f"{who}: action {shown(action)}: {action_fault(round_, action)}")


def action_fault(round_: Round, action: object) -> str:
    """Why ``action`` cannot be played now: not a move id at all (40.9, "S-B1", None:
    never read as 40), or the core's reason."""
    if whole_number(action) is None:
        return "an action is a move id (an int)"
    return round_.why_illegal(action) or "not legal now"


def round_over(who: str) -> RoundOverError:
    """The error for an action after the episode ended, the same in every adapter."""
    return RoundOverError(f"{who}: the round is over")
