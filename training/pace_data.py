"""Positions for the pace network: the view right after each discard, and the
stock cards the mover played in its next turns.

Plays seeded rounds (most ``expert`` against ``combo`` at 2 players, stock 30,
some against ``hard``) and records, at every discard of every seat, the
:func:`~skipbo.bots.pace_features.pace_features` of the mover's view right
after it. The labels are dense and about the discard rather than the round:
``y[:, k - 1]`` (k = 1, 2, 3) is how many of its own stock cards the mover
played in its next k turns (fewer when the round ends first), ``y[:, 3]`` the
same for k = 2 minus what the next opponent played in the same span (plus 30,
so that it fits ``uint8``). Rounds are written in chunks, so stopping the
script early keeps what it made.

    .venv/bin/python training/pace_data.py --seconds 840 --out artifacts/pace

With ``--explore P`` each discard is, with chance P, replaced by one drawn
evenly from the expert's candidates (:func:`~skipbo.bots.expert.ranked_discards`,
the first five), so that the network also sees the discards the bots would
not make (data of the bots' own discards only cannot tell them apart):

    .venv/bin/python training/pace_data.py --seconds 600 --explore 0.5 --out artifacts/pace-explore
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np

from skipbo.bots import make_bot
from skipbo.bots.expert import ranked_discards
from skipbo.bots.pace_features import pace_features
from skipbo.core import Round, Rules, new_round, player_view
from skipbo.core.moves import DISCARD_BASE

TABLES = [  # (weight, bot names by seat)
    (3, ("expert", "combo")),
    (3, ("combo", "expert")),
    (1, ("expert", "hard")),
    (1, ("hard", "expert")),
]
SPANS = (1, 2, 3)
OFFSET = 30
"""Added to the own-minus-opponent label so that it is never negative."""


def play(
    names: tuple[str, ...], seed: str, explore: float = 0.0
) -> tuple[list[np.ndarray], list[list[int]]]:
    """One 2-player round (stock 30): features after each discard and the labels."""
    rules = Rules.make(2, 30, False)
    rng = random.Random(f"{seed}/explore")
    bots = [make_bot(name, f"{seed}/{i}") for i, name in enumerate(names)]
    state: Round = new_round(rules, seed)
    rows: list[np.ndarray] = []
    marks: list[tuple[int, int]] = []  # (seat, index in that seat's discard list)
    stocks: list[list[tuple[int, int]]] = [[] for _ in range(rules.players)]
    while state.result is None:
        seat = state.to_move
        view = player_view(state, seat)
        move = bots[seat].choose(view, state.legal_moves())
        if move >= DISCARD_BASE and explore and rng.random() < explore:
            ranked = ranked_discards(view)[:5]
            if ranked:
                move = rng.choice(ranked)[1]
        state.play(move)
        if move >= DISCARD_BASE:
            rows.append(pace_features(player_view(state, seat)))
            marks.append((seat, len(stocks[seat])))
            stocks[seat].append((len(state.stocks[seat]), len(state.stocks[1 - seat])))
    final = [(len(state.stocks[s]), len(state.stocks[1 - s])) for s in range(rules.players)]
    labels = []
    for seat, i in marks:
        own = stocks[seat]
        mine, theirs = own[i]
        later = [own[i + k] if i + k < len(own) else final[seat] for k in SPANS]
        played = [mine - after[0] for after in later]
        lost = theirs - later[1][1]
        labels.append([*played, played[1] - lost + OFFSET])
    return rows, labels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=840)
    parser.add_argument("--out", type=Path, default=Path("artifacts/pace"))
    parser.add_argument("--seed", default="pace")
    parser.add_argument("--explore", type=float, default=0.0, help="chance of a random discard")
    parser.add_argument("--chunk", type=int, default=25, help="rounds per file")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    weights = [t[0] for t in TABLES]
    start = time.monotonic()
    game = chunk = positions = 0
    feats: list[np.ndarray] = []
    labels: list[list[int]] = []
    while time.monotonic() - start < args.seconds:
        names = rng.choices(TABLES, weights)[0][1]
        rows, ys = play(names, f"{args.seed}/{game}", args.explore)
        feats += rows
        labels += ys
        game += 1
        if game % args.chunk == 0:
            positions += _save(args.out / f"{args.seed}-{chunk:04d}.npz", feats, labels)
            chunk += 1
            feats, labels = [], []
            print(f"{game} rounds, {positions} positions, {time.monotonic() - start:.0f} s")
    if feats:
        positions += _save(args.out / f"{args.seed}-{chunk:04d}.npz", feats, labels)
    print(f"done: {game} rounds, {positions} positions in {time.monotonic() - start:.0f} s")


def _save(path: Path, feats: list[np.ndarray], labels: list[list[int]]) -> int:
    np.savez_compressed(path, x=np.stack(feats), y=np.array(labels, dtype=np.uint8))
    return len(labels)


if __name__ == "__main__":
    main()
