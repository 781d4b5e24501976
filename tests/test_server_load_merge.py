"""``benchmarks/server_load.py --generators K`` (issue 23 §2): the tables shared out
between K generator processes and their measurements merged into one run's
figures. Only the arithmetic is checked here, not the speed."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

BENCHMARK = runpy.run_path(str(Path(__file__).parents[1] / "benchmarks" / "server_load.py"))
Share = BENCHMARK["Share"]


def test_every_table_is_played_by_exactly_one_generator() -> None:
    split = BENCHMARK["split"]
    for tables in (1, 2, 7, 100, 250):
        for k in (1, 2, 3, 8):
            shares = split(tables, k)
            assert len(shares) == min(k, tables)
            assert sorted(i for share in shares for i in share) == list(range(tables))
            sizes = [len(share) for share in shares]
            assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 1


def test_merged_figures_are_those_of_all_moves_together() -> None:
    """Two generators' latencies give one run's quantiles (not an average of theirs),
    counts add up, a slow second counts once even if both saw it, set-up took as long
    as the slower generator, and their CPU adds up."""
    fast = Share(
        latencies=[0.001] * 98,
        moves=98,
        nexts=3,
        refused=1,
        errors=["x"],
        slow_seconds=[],
        client_cpu=0.5,
        setup_s=1.0,
        connect_s=0.2,
    )
    slow = Share(
        latencies=[0.2, 0.1],
        moves=3,
        nexts=1,
        refused=0,
        errors=[],
        slow_seconds=[17, 18],
        client_cpu=0.25,
        setup_s=2.0,
        connect_s=0.1,
    )
    also_slow = Share(latencies=[0.3], moves=1, slow_seconds=[18], setup_s=0.5)
    merged = BENCHMARK["merge"]([fast, slow, also_slow])
    assert merged.latencies == sorted([0.001] * 98 + [0.1, 0.2, 0.3])
    assert (merged.moves, merged.nexts, merged.refused) == (102, 4, 1)
    assert merged.slow_seconds == [17, 18] and merged.errors == ["x"]
    assert (merged.setup_s, merged.connect_s) == (2.0, 0.2)
    assert merged.client_cpu == 0.75
    measured: dict[str, float] = {"server_cpu": 0.5, "wall": 10.0}
    result: dict[str, Any] = BENCHMARK["summary"](
        "saturation", 3, 10.0, True, merged, measured, generators=3
    )
    assert result["delivered"] == 101 and result["moves_per_s"] == 10.1
    assert result["p50_ms"] == 1.0 and result["p99_ms"] == 200.0 and result["max_ms"] == 300.0
    assert result["slow"] == 3 and result["slow_seconds"] == 2
    assert result["client_cpu"] == 0.075
    assert BENCHMARK["cpu_per_move_ms"](result) == 1000 * 0.5 / 10.1
