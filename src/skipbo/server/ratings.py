"""Ratings: OpenSkill's Weng–Lin Plackett–Luce model for 2–6 players and partnerships.

A rated game updates every identified player (guests too) with OpenSkill's
``PlackettLuce`` at its default parameters (mu 25, sigma 25/3, beta 25/6, tau
25/300): one model for two players, several, and teams, where a partnership is
an OpenSkill team. Sides are ranked by :func:`side_ranks`: the winner first,
then by score, and a side that resigned or abandoned the game last, which
makes it a loss whatever its score.

Bots have fixed public ratings (:data:`BOT_SKILLS`): they take part in the
update as opponents with their fixed skill and are never changed themselves.
Their skills come from the measured ladder of ``docs/bots.md`` (2 players,
duplicate deals): the medium bot stands where a new player starts, and each
other level is placed so that OpenSkill's own win prediction gives the share
it was measured to win.

The shown rating is ``1500 + 40 × (mu − 25)``: a new player shows 1500, and
between settled players 200 points mean about four wins in five. A guest's
rating, and an account's until :data:`PROVISIONAL_GAMES` rated games, is
provisional (the pages mark it); the leaderboard lists accounts with
:data:`LISTED_GAMES` rated games.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from openskill.models import PlackettLuce

from .storage.games import (
    LISTED_GAMES,
    PROVISIONAL_GAMES,
    GameResult,
    PlayerStanding,
    count_game,
    insert_game,
    read_skills,
    write_rating,
)
from .storage.tx import Op, Tx

__all__ = [
    "BOT_SKILLS",
    "LISTED_GAMES",
    "MODEL",
    "PROVISIONAL_GAMES",
    "START",
    "Recorded",
    "Skill",
    "current_skill",
    "rate",
    "record_game",
    "shown_rating",
    "side_ranks",
]

MODEL = PlackettLuce()
"""OpenSkill's Plackett–Luce model with its default parameters."""
SHOWN_BASE = 1500
SHOWN_SCALE = 40
BOT_SIGMA = 1.0
"""A bot's uncertainty: small, since its strength is measured and fixed."""


@dataclass(frozen=True, slots=True)
class Skill:
    """OpenSkill's belief about a player: mean ``mu`` and uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The rating the pages show (:func:`shown_rating`)."""
        return shown_rating(self.mu)


START = Skill(MODEL.mu, MODEL.sigma)
"""A new player's skill."""


def current_skill(standing: PlayerStanding) -> Skill:
    """A player's skill now: :data:`START` until its first game."""
    if standing.mu is None or standing.sigma is None:
        return START
    return Skill(standing.mu, standing.sigma)


def shown_rating(mu: float) -> int:
    """``1500 + 40 × (mu − 25)``, rounded: the number a player sees."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - MODEL.mu))


LADDER = (
    ("easy", "medium", 1 - 0.885),
    ("random", "easy", 1 - 0.99),
    ("hard", "medium", 0.798),
    ("greedy", "hard", 1 - 0.631),
    ("combo", "hard", 0.740),
    ("expert", "hard", 0.776),
    ("planner", "expert", 1 - 0.712),
)
"""(bot, reference, the bot's share of decided rounds against it), from ``docs/bots.md``'s
measured ladder; easy won all 14 decided rounds of 1,000 against random, taken as 99%."""


def _ladder_skills() -> dict[str, Skill]:
    """Each bot placed so that OpenSkill's win prediction against its reference is its share.

    Between two players of sigma ``s`` the model predicts
    ``Φ((mu_a − mu_b) / sqrt(2 beta² + 2 s²))``, so the gap is that root times Φ⁻¹(share).
    """
    spread = math.sqrt(2 * MODEL.beta**2 + 2 * BOT_SIGMA**2)
    skills = {"medium": Skill(MODEL.mu, BOT_SIGMA)}
    for bot, reference, share in LADDER:
        gap = spread * NormalDist().inv_cdf(share)
        skills[bot] = Skill(round(skills[reference].mu + gap, 2), BOT_SIGMA)
    return skills


BOT_SKILLS = _ladder_skills()
"""Every bot level's fixed, public skill."""


def side_ranks(
    scores: Sequence[int], winner: int | None = None, gave_up: Collection[int] = ()
) -> list[int]:
    """Each side's rank, 1 the best, equal ranks for a tie.

    The ``winner`` side first (the match's winner, or the round's in a
    one-round game), then the others by ``scores``, higher first; sides in
    ``gave_up`` (resigned, or abandoned past a deadline) last, whatever their
    score: a loss. At two sides, the one that did not give up wins.
    """

    def key(side: int) -> tuple[int, int]:
        if side in gave_up:
            return (2, 0)
        return (0, 0) if side == winner else (1, -scores[side])

    keys = [key(side) for side in range(len(scores))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every side's skills after a game with these ``ranks`` (OpenSkill's own update)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [[Skill(r.mu, r.sigma) for r in side] for side in rated]


@dataclass(frozen=True, slots=True)
class Recorded:
    """A recorded game: its id, and each rated player's skill before and after it.

    ``fresh`` is False when the game had been recorded already (by another worker,
    or a retry): nothing was counted twice.
    """

    game_id: int | None
    changes: dict[int, tuple[Skill, Skill]]
    fresh: bool = True


def record_game(result: GameResult) -> Op[Recorded]:
    """The operation that stores a finished game and, if rated, updates the ratings.

    In one transaction: the game and its seats, each player's counters (games,
    wins, stock left), and for a rated game every player's new skill with a
    point on their graph. Bots count at their :data:`BOT_SKILLS`, players
    without a rating at :data:`START`; seats of neither (nobody identified)
    count at START and are not stored. A game already recorded is left as it is.
    """

    def run(tx: Tx) -> Recorded:
        game_id = insert_game(tx, result)
        if game_id is None:
            return Recorded(None, {}, fresh=False)
        now = result.finished
        start = (START.mu, START.sigma, START.shown)
        people = [seat for seat in result.seats if seat.player_id is not None]
        for seat in people:
            won = result.ranks[seat.side] == 1 and list(result.ranks).count(1) == 1  # no tie
            count_game(tx, seat.player_id or 0, won, seat.stock_left, start, now)
        if not result.rated:
            return Recorded(game_id, {})
        stored = read_skills(tx, [seat.player_id for seat in people if seat.player_id])
        sides: list[list[Skill]] = [[] for _ in result.ranks]
        places: list[list[int | None]] = [[] for _ in result.ranks]
        for seat in result.seats:
            if seat.bot is not None:
                skill = BOT_SKILLS[seat.bot]
            elif seat.player_id is not None and seat.player_id in stored:
                skill = Skill(stored[seat.player_id].mu, stored[seat.player_id].sigma)
            else:
                skill = START
            sides[seat.side].append(skill)
            places[seat.side].append(seat.player_id if seat.bot is None else None)
        after = rate(sides, result.ranks)
        changes: dict[int, tuple[Skill, Skill]] = {}
        for side, ids in enumerate(places):
            for index, player_id in enumerate(ids):
                if player_id is None:
                    continue
                new = after[side][index]
                write_rating(tx, player_id, game_id, now, new.mu, new.sigma, new.shown)
                changes[player_id] = (sides[side][index], new)
        return Recorded(game_id, changes)

    return run
