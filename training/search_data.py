"""Discards labelled by the expert's own search with many sampled worlds.

The sampling expert (:data:`~skipbo.bots.research.expert_variants.SAMPLING`)
ends a turn by comparing its tidiest discards in two sampled worlds: the other
seats' turns played, then combo's score of its own next turn. Two worlds are a
noisy estimate; this script plays seeded rounds with that expert and, at every
such decision, scores each candidate discard in ``--worlds`` worlds (the first
two are the expert's own), so that a network can learn the many-world worth of
a discard from the view alone (``training/search_train.py``). Every table size is played: 2 players
(stock 30) against ``combo`` and ``hard``, and 3, 4, 4 in partnerships, 6 and
6 in partnerships (stock 20) with the expert in every other seat.

Each chunk file holds, per decision (``c`` candidates, up to 5, padded):
``pace`` the :func:`~skipbo.bots.pace_features.pace_features` of the view right
after each candidate (uint8), ``value`` its
:func:`~skipbo.bots.value_features.features`, ``tidy`` combo's tidiness of each,
``worths`` (worlds x 5) each candidate's worth per world (NaN where the world
cannot tell discards apart), ``count`` c and ``players``.

    .venv/bin/python training/search_data.py --seconds 1500 --part 0 --out artifacts/search
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from skipbo.bots import make_bot
from skipbo.bots.expert import after_discards, ranked_discards
from skipbo.bots.pace_features import FEATURE_SIZE as PACE_SIZE
from skipbo.bots.pace_features import pace_rows
from skipbo.bots.research.expert_variants import SAMPLING, ExpertVariant
from skipbo.bots.value_features import RAW_SIZE, feature_rows
from skipbo.core import Move, PlayerView, Rules
from skipbo.sim.runner import play_round

CANDIDATES = 5
TABLES = [  # (weight, players, teams, stock, other bot)
    (4, 2, False, 30, "combo"),
    (2, 2, False, 30, "hard"),
    (1, 3, False, 20, "combo"),
    (1, 4, False, 20, "combo"),
    (1, 4, True, 20, "combo"),
    (1, 6, False, 20, "combo"),
    (1, 6, True, 20, "combo"),
]


class LabellingExpert(ExpertVariant):
    """The expert (sampling two worlds, as it did when the data was made),
    recording every discard decision with many-world worths."""

    def __init__(self, seed: int | str, worlds: int, sink: list[dict[str, np.ndarray]]) -> None:
        super().__init__(seed, settings=SAMPLING)
        self.worlds = worlds
        self.sink = sink

    def _discard(self, view: PlayerView, seed: str) -> Move | None:
        ranked = ranked_discards(view)[: self.settings.discards]
        if len(ranked) > 1:
            self.sink.append(self._label(view, ranked, seed))
        return super()._discard(view, seed)

    def _label(
        self, view: PlayerView, ranked: list[tuple[float, Move]], seed: str
    ) -> dict[str, np.ndarray]:
        count = len(ranked)
        after = after_discards(view, ranked)
        pace = np.zeros((CANDIDATES, PACE_SIZE), np.uint8)
        value = np.zeros((CANDIDATES, RAW_SIZE), np.uint8)
        pace[:count] = pace_rows(after)
        value[:count] = feature_rows(after)
        tidy = np.zeros(CANDIDATES, np.float32)
        tidy[:count] = [t for t, _ in ranked]
        worths = np.full((self.worlds, CANDIDATES), np.nan, np.float32)
        for i in range(self.worlds):
            found = self.world_worths(view, ranked, f"{seed}/d{i}")
            if found is not None:
                worths[i, :count] = [w for w, _ in found]
        return {
            "pace": pace,
            "value": value,
            "tidy": tidy,
            "worths": worths,
            "count": np.array(count, np.uint8),
            "players": np.array(view.rules.players, np.uint8),
        }


def play(index: int, part: int, worlds: int, sink: list[dict[str, np.ndarray]]) -> None:
    """Round ``index`` of this part: its table by the weights, the expert every other seat."""
    wheel = [table for table in TABLES for _ in range(table[0])]
    _, players, teams, stock, other = wheel[index % len(wheel)]
    rules = Rules.make(players, stock, teams=teams)
    seed = f"search/{part}/{index}"
    first = index // len(wheel) % 2
    bots = [
        LabellingExpert(f"{seed}/{s}", worlds, sink)
        if s % 2 == first
        else make_bot(other, f"{seed}/{s}")
        for s in range(players)
    ]
    play_round(rules, bots, seed)


def save(out: Path, part: int, chunk: int, rows: list[dict[str, np.ndarray]]) -> None:
    arrays = {key: np.stack([row[key] for row in rows]) for key in rows[0]}
    np.savez_compressed(out / f"part{part}-{chunk:04d}.npz", allow_pickle=False, **arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--part", type=int, default=0, help="seed prefix (one per process)")
    parser.add_argument("--chunk", type=int, default=20, help="rounds per file")
    parser.add_argument("--out", type=Path, default=Path("artifacts/search"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    index = chunk = decisions = 0
    while time.monotonic() - start < args.seconds:
        rows: list[dict[str, np.ndarray]] = []
        for _ in range(args.chunk):
            play(index, args.part, args.worlds, rows)
            index += 1
        if rows:
            save(args.out, args.part, chunk, rows)
        chunk += 1
        decisions += len(rows)
        spent = time.monotonic() - start
        print(f"{index} rounds, {decisions} decisions, {spent:.0f} s", flush=True)


if __name__ == "__main__":
    main()
