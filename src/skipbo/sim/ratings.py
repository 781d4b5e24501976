"""Bradley–Terry ratings from head-to-head results, on an Elo-like scale.

The model: bot ``i`` beats bot ``j`` with probability ``p_i / (p_i + p_j)``.
The log-strengths are fitted by maximum likelihood with a damped Newton method
(see :func:`_fit`); the inputs (a handful of bots) are far too small to need
numpy, so this is pure Python.

Choices, and why:

- Only decided rounds count. A blocked or capped round says nothing about
  which bot is stronger, so callers pass win counts and nothing else.
- A weak prior keeps every rating finite. A bot that won all (or none) of its
  games has an infinite maximum-likelihood rating; ``prior`` virtual wins are
  added to *both* sides of every pair (the default 0.5 is one virtual draw per
  pair), which also connects pairs that never met. ``prior=0`` gives the plain
  maximum-likelihood fit and is refused when that fit does not exist.
- Ratings are ``400 * log10(p_i)``, the Elo scale: a 200-point gap means the
  stronger bot is expected to win about 76% of decided rounds. They are centred
  on a mean of 0, or anchored so that one named bot is exactly 0 (its interval
  is then [0, 0], and the others' intervals are relative to it).
- The 95% intervals are Wald intervals from the observed Fisher information of
  the fitted (prior-included) likelihood: rating ± 1.96 standard errors, the
  covariance being the pseudo-inverse of the information under the mean-0
  constraint, or its inverse without the anchor's row and column. They are
  approximate for small samples (they are symmetric, where the truth is not),
  but they are deterministic and cheap, and they shrink as games are added.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .stats import Z95

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of natural-log strength: ``400 * log10(x) = ELO_SCALE * ln(x)``."""

DEFAULT_PRIOR = 0.5
"""Virtual wins added to each side of every pair: one virtual draw per pair."""

TOLERANCE = 1e-12
"""The fit stops when no log-strength moves by more than this in one step."""

MAX_ITERATIONS = 500
"""Newton steps before giving up on more precision (a few dozen are ever needed)."""

Matrix = list[list[float]]


@dataclass(frozen=True, slots=True)
class Rating:
    """One bot's rating with its 95% interval, and the decided rounds behind it."""

    name: str
    rating: float
    low: float
    high: float
    wins: float
    losses: float

    @property
    def games(self) -> float:
        """Decided rounds the bot played (virtual prior games not included)."""
        return self.wins + self.losses

    def to_json(self) -> dict[str, Any]:
        """The rating as plain JSON values."""
        return {
            "bot": self.name,
            "rating": self.rating,
            "ci95": [self.low, self.high],
            "wins": _number(self.wins),
            "losses": _number(self.losses),
        }


def _number(value: float) -> float | int:
    """Whole counts as JSON integers (``3``, not ``3.0``)."""
    return int(value) if value.is_integer() else value


def expected_share(rating_a: float, rating_b: float) -> float:
    """The share of decided rounds that a bot rated ``rating_a`` should win against ``rating_b``."""
    return 1 / (1 + 10 ** ((rating_b - rating_a) / 400))


def bradley_terry(
    names: Sequence[str],
    wins: Sequence[Sequence[float]],
    *,
    prior: float = DEFAULT_PRIOR,
    anchor: str | None = None,
    z: float = Z95,
) -> list[Rating]:
    """Fit Bradley–Terry ratings; ``wins[i][j]`` is how often ``names[i]`` beat ``names[j]``.

    Returns one :class:`Rating` per name, in the order given. Raises
    ``ValueError`` for a malformed table, an unknown ``anchor``, a negative
    ``prior``, or (only with ``prior=0``) results from which no finite fit exists.
    """
    table = _checked_table(names, wins, prior)
    anchor_index = _anchor_index(names, anchor)
    if prior == 0 and not _strongly_connected(table):
        raise ValueError(
            "no finite ratings: some bots won all or none of their games against the rest"
            " (use a prior > 0)"
        )
    counts = [
        [w + prior if i != j else 0.0 for j, w in enumerate(row)] for i, row in enumerate(table)
    ]
    theta = _fit(counts)
    covariance = _covariance(counts, theta, anchor_index)
    shift = 0.0 if anchor_index is None else theta[anchor_index]  # theta has mean 0
    ratings = []
    for i, name in enumerate(names):
        rating = ELO_SCALE * (theta[i] - shift)
        half = z * ELO_SCALE * math.sqrt(max(covariance[i][i], 0.0))
        won, lost = math.fsum(table[i]), math.fsum(row[i] for row in table)
        ratings.append(Rating(name, rating, rating - half, rating + half, won, lost))
    return ratings


# ------------------------------------------------------------------- checks


def _checked_table(names: Sequence[str], wins: Sequence[Sequence[float]], prior: float) -> Matrix:
    """A copy of the win table as floats, after checking its shape and values."""
    n = len(names)
    if n < 2:
        raise ValueError(f"ratings need at least 2 players, not {n}")
    if len(set(names)) != n:
        raise ValueError("player names must be different")
    if len(wins) != n or any(len(row) != n for row in wins):
        raise ValueError(f"the win table must be {n} x {n}, one row and column per player")
    if not (math.isfinite(prior) and prior >= 0):
        raise ValueError(f"the prior must be a finite number >= 0, not {prior}")
    table = [[float(w) for w in row] for row in wins]
    if any(not (math.isfinite(w) and w >= 0) for row in table for w in row):
        raise ValueError("win counts must be finite and >= 0")
    if any(table[i][i] for i in range(n)):
        raise ValueError("a player cannot win against itself (the diagonal must be 0)")
    return table


def _anchor_index(names: Sequence[str], anchor: str | None) -> int | None:
    if anchor is None:
        return None
    if anchor not in names:
        raise ValueError(f"anchor {anchor!r} is not one of the players ({', '.join(names)})")
    return list(names).index(anchor)


def _strongly_connected(wins: Matrix) -> bool:
    """Whether everyone beat, through a chain of wins, everyone else.

    That is exactly when the plain maximum-likelihood fit exists (Ford 1957):
    otherwise some group never lost to the rest, and its strength runs off to
    infinity.
    """
    n = len(wins)
    forward = _reachable(n, lambda i, j: wins[i][j] > 0)
    backward = _reachable(n, lambda i, j: wins[j][i] > 0)
    return len(forward) == n and len(backward) == n


def _reachable(n: int, edge: Callable[[int, int], bool]) -> set[int]:
    """Players reachable from player 0 along ``edge(i, j)``."""
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in range(n):
            if j not in seen and edge(i, j):
                seen.add(j)
                todo.append(j)
    return seen


# --------------------------------------------------------------------- fit


def _fit(counts: Matrix) -> list[float]:
    """Log-strengths (mean 0) maximising the likelihood of ``counts``.

    Newton's method on the concave log-likelihood, halving a step until it does
    not lower the likelihood, so it converges from any start, in a few dozen
    steps even when one bot won almost everything (where the textbook MM
    iteration crawls). The Hessian it needs is the information matrix that the
    intervals use anyway.
    """
    n = len(counts)
    theta = [0.0] * n
    likelihood = _log_likelihood(counts, theta)
    for _ in range(MAX_ITERATIONS):
        step = _newton_step(counts, theta)
        size = 1.0
        while True:
            trial = [t + size * d for t, d in zip(theta, step, strict=True)]
            trial_likelihood = _log_likelihood(counts, trial)
            if trial_likelihood >= likelihood or size < TOLERANCE:
                break
            size /= 2
        theta, likelihood = trial, trial_likelihood
        if size * max(abs(d) for d in step) < TOLERANCE:
            break
    centre = math.fsum(theta) / n
    return [t - centre for t in theta]


def _log_likelihood(counts: Matrix, theta: list[float]) -> float:
    """``sum n_ij log P(i beats j)``, with ``log P = -log(1 + e^(theta_j - theta_i))``."""
    return -math.fsum(
        w * _log1p_exp(theta[j] - theta[i])
        for i, row in enumerate(counts)
        for j, w in enumerate(row)
        if w
    )


def _log1p_exp(x: float) -> float:
    """``log(1 + e^x)`` without overflow for large ``x``."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _beats(difference: float) -> float:
    """``P(i beats j)`` for ``theta_i - theta_j = difference``, without overflow."""
    if difference >= 0:
        return 1 / (1 + math.exp(-difference))
    odds = math.exp(difference)
    return odds / (1 + odds)


def _newton_step(counts: Matrix, theta: list[float]) -> list[float]:
    """The Newton step ``I^+ g``: information pseudo-inverse times the score.

    The score ``g_i = W_i - sum_j n_ij P(i beats j)`` sums to 0, so the
    ``J/n`` term of the pseudo-inverse drops out.
    """
    n = len(theta)
    score = [
        math.fsum(
            counts[i][j] - (counts[i][j] + counts[j][i]) * _beats(theta[i] - theta[j])
            for j in range(n)
            if j != i
        )
        for i in range(n)
    ]
    info = _information(counts, theta)
    inverse = _inverse([[v + 1 / n for v in row] for row in info])
    return [math.fsum(a * g for a, g in zip(row, score, strict=True)) for row in inverse]


def _information(counts: Matrix, theta: list[float]) -> Matrix:
    """The observed Fisher information of the log-strengths (a weighted graph Laplacian)."""
    n = len(theta)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                p = _beats(theta[i] - theta[j])
                info[i][j] = -(counts[i][j] + counts[j][i]) * p * (1 - p)
        info[i][i] = -math.fsum(info[i])
    return info


def _covariance(counts: Matrix, theta: list[float], anchor: int | None) -> Matrix:
    """The covariance of the log-strengths, centred (mean 0) or with ``anchor`` fixed at 0.

    The information is singular (adding a constant to every strength changes
    nothing); centring uses its pseudo-inverse ``(I + J/n)^-1 - J/n``, anchoring
    inverts it without the anchor's row and column.
    """
    info = _information(counts, theta)
    n = len(info)
    if anchor is None:
        shifted = [[v + 1 / n for v in row] for row in info]
        return [[v - 1 / n for v in row] for row in _inverse(shifted)]
    keep = [i for i in range(n) if i != anchor]
    reduced = _inverse([[info[i][j] for j in keep] for i in keep])
    covariance = [[0.0] * n for _ in range(n)]
    for a, i in enumerate(keep):
        for b, j in enumerate(keep):
            covariance[i][j] = reduced[a][b]
    return covariance


def _inverse(matrix: Matrix) -> Matrix:
    """The inverse of a small symmetric positive definite matrix (Gauss–Jordan with pivoting)."""
    n = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if rows[pivot][col] == 0:
            raise ValueError("the ratings cannot be separated (singular information matrix)")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        scale = rows[col][col]
        rows[col] = [v / scale for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]
