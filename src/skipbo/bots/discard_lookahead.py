"""Choosing the discard that ends a turn by looking at one's own next turn.

A discard changes nothing the opponents play with: the build piles, their hands
and the draw pile are the same whichever card goes onto whichever of one's own
discard piles. So the other seats' turns can be simulated once per sampled world
(:func:`skipbo.core.determinize.sample_round`, with the greedy policy standing in
for each opponent) and replayed unchanged after every candidate discard. What
differs is only one's own next turn, which the planner then searches. Comparing
the candidates on the very same worlds and the very same opponent moves (common
random numbers) is what makes a handful of samples enough: the only noise left
is in one's own next draw, and it is shared as well.

At a 4-player table this raised the expert's own pace by about one stock card per
round (docs/bots.md); the bot still only ever receives views.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import Move, PlayerView, Round, player_view
from skipbo.core.determinize import sample_round
from skipbo.core.moves import END, PLAY_COUNT

from .greedy import GreedyBot
from .planner import Weights, discard_value, search_lines

WORLDS = 8
"""Sampled worlds per decision."""
CANDIDATES = 6
"""Discards compared (the tidiest by the planner's own discard value)."""
NEXT_TURN_BUDGET = 120
"""Search nodes of each next-turn plan."""
MAX_OTHER_MOVES = 400
"""Safety bound on the other seats' moves until one's own turn comes back."""


def best_discard(
    view: PlayerView, plays: Sequence[Move], planned: Move, weights: Weights, seed: str
) -> Move:
    """The discard to end the turn with after ``plays`` (``planned`` if in doubt)."""
    seat = view.seat
    if seat is None or planned < PLAY_COUNT or planned == END:
        return planned
    worlds = _worlds(view, plays, seed)
    if not worlds:
        return planned
    candidates = _candidates(worlds[0], planned, weights)
    if len(candidates) <= 1:
        return planned
    totals = dict.fromkeys(candidates, 0.0)
    for index, world in enumerate(worlds):
        world_seed = f"{seed}/{index}"
        others = _other_turns(world, candidates[0], seat, world_seed)
        for move in candidates:
            totals[move] += _next_turn_value(world, move, others, seat, weights, world_seed)
    return max(candidates, key=lambda move: totals[move])


def _worlds(view: PlayerView, plays: Sequence[Move], seed: str) -> list[Round]:
    """Sampled worlds after ``plays``; none if a play ends the round."""
    worlds = []
    for index in range(WORLDS):
        world = sample_round(view, f"{seed}/discard{index}")
        for move in plays:
            world.apply_unchecked(move)
        if world.result is not None:
            return []
        worlds.append(world)
    return worlds


def _candidates(state: Round, planned: Move, weights: Weights) -> list[Move]:
    """The planned discard and the tidiest others (the same in every world: the
    viewer's hand and piles are known)."""
    options = [move for move in state.legal_moves() if move >= PLAY_COUNT and move != END]
    options.sort(key=lambda move: -discard_value(state, move, weights))
    top = [planned, *(move for move in options if move != planned)]
    return top[: CANDIDATES + 1]


def _other_turns(world: Round, discard: Move, seat: int, seed: str) -> list[Move]:
    """The other seats' moves after ``discard``, played by the greedy policy."""
    state = world.clone()
    state.apply_unchecked(discard)
    return _play_others(state, seat, seed)


def _play_others(state: Round, seat: int, seed: str) -> list[Move]:
    """Let the greedy policy move for every other seat until ``seat`` is to move."""
    bots: dict[int, GreedyBot] = {}
    moves: list[Move] = []
    while state.result is None and state.to_move != seat and len(moves) < MAX_OTHER_MOVES:
        mover = state.to_move
        bot = bots.setdefault(mover, GreedyBot(f"{seed}/{mover}"))
        move = bot.choose(player_view(state, mover), state.legal_moves())
        state.apply_unchecked(move)
        moves.append(move)
    return moves


def _next_turn_value(
    world: Round, discard: Move, others: list[Move], seat: int, weights: Weights, seed: str
) -> float:
    """The planner's best score for one's own next turn after ``discard`` and the
    other seats' ``others`` (played on afresh should one no longer be legal)."""
    state = world.clone()
    state.apply_unchecked(discard)
    for move in others:
        if state.result is not None:
            break
        if not state.is_legal(move):
            _play_others(state, seat, seed)
            break
        state.apply_unchecked(move)
    if state.result is not None or state.to_move != seat:
        return 0.0  # the round ended (or ran away) in the others' turns: no difference
    lines = search_lines(state, weights, NEXT_TURN_BUDGET)
    return lines[0].score if lines else 0.0
