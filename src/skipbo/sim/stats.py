"""Small statistics for simulation results, and the summary they fill.

A win share from a few hundred games is noisy; every share is reported with a
Wilson score interval (which, unlike the textbook normal interval, stays inside
[0, 1] and behaves for shares near 0 or 1 and for small samples), so that a
reader can tell a real difference between bots from luck.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``successes`` out of ``trials``.

    With no trials nothing is known, so the interval is all of ``[0, 1]``. A
    fractional count (shared wins) is taken as it is.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The exact ends when nothing (or everything) happened, free of rounding noise.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def quantile_interval(values: Sequence[float], q: float, z: float = Z95) -> tuple[float, float]:
    """A distribution-free 95% interval for the ``q``-quantile of ``values``.

    The number of values below the true quantile is binomial(n, q), so the order
    statistics at ``n*q -/+ z*sqrt(n*q*(1-q))`` bracket it (normal approximation,
    rounded outwards). It assumes independent values: decisions taken within one
    round are not quite that, so read it as a lower bound on the uncertainty.
    """
    if not 0.0 < q < 1.0:
        raise ValueError(f"need 0 < q < 1, got {q}")
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    n = len(ordered)
    half = z * math.sqrt(n * q * (1 - q))
    low = max(0, math.floor(n * q - half) - 1)
    high = min(n - 1, math.ceil(n * q + half))
    return (ordered[low], ordered[high])


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean of ``values`` plus or minus ``z`` standard errors (95% by default);
    for independent samples of a few dozen or more, where the mean is close to normal."""
    if len(values) < 2:
        raise ValueError("need at least two values")
    centre = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (centre - half, centre + half)


def mean(values: Sequence[float]) -> float | None:
    """The arithmetic mean, or None for no values (rather than an exception)."""
    return statistics.fmean(values) if values else None


def median(values: Sequence[float]) -> float | None:
    """The median (mean of the middle two for an even count), or None for no values."""
    return statistics.median(values) if values else None


NO_SHARE = "n/a"
"""What a share of nothing (0 of 0) prints as, in every report: no percentage."""


def plural(count: int, noun: str) -> str:
    """``1 forfeit``, ``2 forfeits``, ``0 forfeits``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def kinds_text(reasons: dict[str, int]) -> str:
    """Counts by kind, most frequent first: ``illegal move 2, crashed 1``."""
    ordered = sorted(reasons.items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{kind} {count}" for kind, count in ordered)


def forfeits_text(reasons: dict[str, int]) -> str:
    """Forfeits and their kinds: ``3 forfeits (illegal move 2, crashed 1)``."""
    text = plural(sum(reasons.values()), "forfeit")
    return f"{text} ({kinds_text(reasons)})" if reasons else text


def count_text(count: float) -> str:
    """A count as people write it: ``3``, ``1.5``, ``0.33`` (a shared win is a fraction)."""
    return f"{round(count, 2):g}"


def json_count(count: float) -> float | int:
    """A count for JSON: whole counts as integers (``3``, not ``3.0``), others to 9 decimals."""
    rounded = round(count, 9)
    return int(rounded) if float(rounded).is_integer() else rounded


@dataclass(frozen=True, slots=True)
class Share:
    """How often something happened: a count out of a total, with its 95% interval.

    The count may be a fraction: a forfeited round shared by three or more
    sides gives each a part of a win (:mod:`skipbo.sim.scoring`)."""

    count: float
    total: int

    @property
    def share(self) -> float:
        """``count / total`` (0 when there is no total)."""
        return self.count / self.total if self.total else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The Wilson 95% confidence interval of :attr:`share`."""
        return wilson_interval(self.count, self.total)

    def to_json(self) -> dict[str, Any]:
        """Count, share and interval as plain JSON values."""
        low, high = self.ci95
        return {"count": json_count(self.count), "share": self.share, "ci95": [low, high]}


@dataclass(frozen=True, slots=True)
class Spread:
    """Mean and median of a per-round quantity (moves, turns)."""

    mean: float | None
    median: float | None

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of ``values``."""
        return cls(mean(values), median(values))

    def to_json(self) -> dict[str, Any]:
        """Mean and median as plain JSON values."""
        return {"mean": self.mean, "median": self.median}


@dataclass(frozen=True, slots=True)
class Summary:
    """What a simulation found; :meth:`to_json` is what ``skipbo simulate --json`` prints.

    ``seats`` holds one win share per seat; ``teams`` one per partnership (empty
    without partnerships); ``reasons`` counts how rounds without a winner ended
    (``blocked``, ``cap``), each key present even at zero so that readers need
    not guess. A forfeited round is lost by the forfeiting seat's side and won by
    the others (shared at more than two sides, :mod:`skipbo.sim.scoring`), so it
    counts among the wins; ``forfeits`` holds each seat's forfeits by kind and
    ``fallbacks`` each seat's fallback moves (an outside program's ``serve_bot``
    answered for it).
    """

    games: int
    rules: dict[str, Any]
    bots: tuple[str, ...]
    seed: str
    seats: tuple[Share, ...]
    teams: tuple[tuple[tuple[int, ...], Share], ...]
    reasons: dict[str, Share]
    moves: Spread
    turns: Spread
    seconds: float
    forfeits: tuple[dict[str, int], ...] = ()
    fallbacks: tuple[int, ...] = ()

    @property
    def forfeited(self) -> int:
        """Rounds that a seat forfeited."""
        return sum(sum(reasons.values()) for reasons in self.forfeits)

    @property
    def games_per_second(self) -> float | None:
        """Rounds played per second of wall time (None if no time was measured)."""
        return self.games / self.seconds if self.seconds > 0 else None

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON object."""
        return {
            "games": self.games,
            "rules": self.rules,
            "bots": list(self.bots),
            "seed": self.seed,
            "seats": [
                {"seat": seat, "bot": bot, **share.to_json(), **self._seat_faults(seat)}
                for seat, (bot, share) in enumerate(zip(self.bots, self.seats, strict=True))
            ],
            "teams": [
                {"team": index, "seats": list(seats), **share.to_json()}
                for index, (seats, share) in enumerate(self.teams)
            ],
            "no_winner": {reason: share.to_json() for reason, share in self.reasons.items()},
            "forfeits": Share(self.forfeited, self.games).to_json(),
            "moves": self.moves.to_json(),
            "turns": self.turns.to_json(),
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }

    def _seat_faults(self, seat: int) -> dict[str, Any]:
        reasons = self.forfeits[seat] if self.forfeits else {}
        fallbacks = self.fallbacks[seat] if self.fallbacks else 0
        return {
            "forfeits": sum(reasons.values()),
            "forfeit_reasons": dict(reasons),
            "fallbacks": fallbacks,
        }

    def to_text(self) -> str:
        """The summary as a few readable lines (what ``skipbo simulate`` prints)."""
        rows = self._share_rows()
        width = max(len(label) for label, share in rows if share is not None)
        lines = [self._headline()]
        for label, share in rows:
            lines.append(label if share is None else f"  {label:<{width}}  {_share_text(share)}")
        lines += self._fault_lines()
        speed = self.games_per_second
        rate = "n/a" if speed is None else f"{speed:,.1f} rounds/s"
        lines += [
            f"moves per round: {_spread_text(self.moves)}",
            f"turns per round: {_spread_text(self.turns)}",
            f"speed: {rate} ({self.seconds:.2f} s)",
        ]
        return "\n".join(lines)

    def _fault_lines(self) -> list[str]:
        """Who forfeited how often and why, and the fallback moves (none: no lines)."""
        every = [(seat, self._seat_faults(seat)) for seat in range(len(self.bots))]
        seats = [
            (seat, faults) for seat, faults in every if faults["forfeits"] or faults["fallbacks"]
        ]
        if not seats:
            return []
        lines = [
            f"forfeits: {self.forfeited} of {plural(self.games, 'round')}, counted as lost by"
            " the forfeiting seat's side and won by the others:"
        ]
        for seat, faults in seats:
            text = f"  seat {seat}  {self.bots[seat]}: {forfeits_text(faults['forfeit_reasons'])}"
            if faults["fallbacks"]:
                text += f"; {plural(faults['fallbacks'], 'fallback move')}"
            lines.append(text)
        return lines

    def _headline(self) -> str:
        rules = self.rules
        text = f"{plural(self.games, 'round')}, {rules['players']} players, stock {rules['stock']}"
        if rules.get("teams"):
            text += ", partnerships"
        if rules.get("cap") is not None:
            text += f", cap {plural(rules['cap'], 'turn')}"
        return f"{text}, seed {self.seed!r}"

    def _share_rows(self) -> list[tuple[str, Share | None]]:
        """Labelled shares; a row without a share is a heading."""
        rows: list[tuple[str, Share | None]] = [("wins (95% confidence interval):", None)]
        for seat, (bot, share) in enumerate(zip(self.bots, self.seats, strict=True)):
            rows.append((f"seat {seat}  {bot}", share))
        for team, (seats, share) in enumerate(self.teams):
            rows.append((f"team {team}  seats {'+'.join(map(str, seats))}", share))
        rows.append(("no winner:", None))
        # Cap only matters when it can happen or did.
        shown = {"blocked", "cap"} if self.rules.get("cap") is not None else {"blocked"}
        for reason, share in self.reasons.items():
            if reason in shown or share.count:
                rows.append((reason, share))
        return rows


def _share_text(share: Share) -> str:
    if not share.total:
        return f"{NO_SHARE:>6}  (0 of 0)"
    low, high = share.ci95
    count = count_text(share.count)
    return f"{share.share:6.1%}  [{low:6.1%}, {high:6.1%}]  ({count} of {share.total})"


def _spread_text(spread: Spread) -> str:
    if spread.mean is None or spread.median is None:
        return "n/a"
    return f"mean {spread.mean:.1f}, median {spread.median:g}"
