"""The intervals the benchmarks print: they cover the truth about 95% of the time."""

from __future__ import annotations

import random

import pytest

from skipbo.sim.stats import mean_interval, quantile_interval


def coverage(trials: int, check: object) -> float:
    assert callable(check)
    return sum(bool(check(random.Random(f"trial {t}"))) for t in range(trials)) / trials


@pytest.mark.parametrize("q", [0.5, 0.9, 0.99])
def test_quantile_interval_covers_the_true_quantile(q: float) -> None:
    # Uniform(0, 1) has its q-quantile at q.
    def covered(rng: random.Random) -> bool:
        low, high = quantile_interval([rng.random() for _ in range(600)], q)
        return low <= q <= high

    assert 0.92 <= coverage(400, covered) <= 0.995


def test_quantile_interval_narrows_with_more_values() -> None:
    rng = random.Random(1)
    small = quantile_interval([rng.random() for _ in range(100)], 0.5)
    large = quantile_interval([rng.random() for _ in range(10_000)], 0.5)
    assert large[1] - large[0] < (small[1] - small[0]) / 4


def test_quantile_interval_stays_inside_the_values() -> None:
    assert quantile_interval([3.0], 0.5) == (3.0, 3.0)
    assert quantile_interval([1.0, 2.0, 3.0], 0.99) == (2.0, 3.0)
    with pytest.raises(ValueError):
        quantile_interval([], 0.5)
    with pytest.raises(ValueError):
        quantile_interval([1.0], 1.0)


def test_mean_interval_covers_the_true_mean() -> None:
    def covered(rng: random.Random) -> bool:
        low, high = mean_interval([rng.expovariate(2.0) for _ in range(200)])
        return low <= 0.5 <= high

    assert 0.92 <= coverage(400, covered) <= 0.98
    with pytest.raises(ValueError):
        mean_interval([1.0])
