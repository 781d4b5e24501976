"""Self-play positions for the value network: features of player views, and who won.

Plays rounds between the strongest bots (``expert`` and ``hard``; most rounds at
2 players, stock 30, some at other sizes so that the network has seen every
table) and stores, for every decision, the mover's view, plus every seat's view
when a turn starts (the position right after a discard, which the coach
evaluates). The label is 1 when the viewer's side won the round. Rounds are
written in chunks, so stopping the script early keeps what it made.

    .venv/bin/python training/value_data.py --mix expert --seconds 900 --out artifacts/values
    .venv/bin/python training/value_data.py --mix hard --seconds 900 --out artifacts/values

The ``expert-tables`` mix is the ``expert`` one plus a sixth of rounds with the
expert at 3, 4 (also partnerships) and 6 players among ``hard`` bots; now that
the expert plays a round in a fifth of a second it alone yields millions of
positions in an hour of one core.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np

from skipbo.bots import make_bot
from skipbo.bots.value_features import features
from skipbo.core import Round, Rules, new_round, player_view

MIXES: dict[str, list[tuple[int, int, int, bool, tuple[str, ...]]]] = {
    # name: [(weight, players, stock, teams, bot names by seat)]
    "expert": [
        (4, 2, 30, False, ("expert", "hard")),
        (4, 2, 30, False, ("hard", "expert")),
        (2, 2, 30, False, ("expert", "expert")),
        (1, 2, 15, False, ("expert", "hard")),
        (1, 2, 15, False, ("hard", "expert")),
    ],
    "expert-tables": [
        (4, 2, 30, False, ("expert", "hard")),
        (4, 2, 30, False, ("hard", "expert")),
        (2, 2, 30, False, ("expert", "expert")),
        (1, 2, 15, False, ("expert", "hard")),
        (1, 2, 15, False, ("hard", "expert")),
        (1, 3, 20, False, ("expert", "hard", "hard")),
        (1, 3, 20, False, ("hard", "hard", "expert")),
        (1, 4, 20, False, ("expert", "hard", "hard", "hard")),
        (1, 4, 20, False, ("hard", "hard", "expert", "hard")),
        (1, 4, 20, True, ("expert", "hard", "expert", "hard")),
        (1, 6, 15, False, ("hard", "hard", "hard", "expert", "hard", "hard")),
    ],
    "hard": [
        (40, 2, 30, False, ("hard", "hard")),
        (10, 2, 15, False, ("hard", "hard")),
        (5, 2, 5, False, ("hard", "hard")),
        (8, 3, 20, False, ("hard",) * 3),
        (8, 4, 20, False, ("hard",) * 4),
        (6, 4, 20, True, ("hard",) * 4),
        (4, 5, 15, False, ("hard",) * 5),
        (4, 6, 15, False, ("hard",) * 6),
        (3, 6, 15, True, ("hard",) * 6),
    ],
}
"""Expert rounds are slow (seconds each on a busy machine), ``hard`` ones a tenth of a
second: run one process of each to get both quality and quantity."""


def play(rules: Rules, names: tuple[str, ...], seed: str) -> tuple[list[np.ndarray], list[int]]:
    """One round: the feature vectors it yields and the seat of each."""
    bots = [make_bot(name, f"{seed}/{i}") for i, name in enumerate(names)]
    state: Round = new_round(rules, seed)
    rows: list[np.ndarray] = []
    seats: list[int] = []
    last_mover = -1
    while state.result is None:
        seat = state.to_move
        if seat != last_mover:
            for other in range(rules.players):
                if other != seat:
                    rows.append(features(player_view(state, other)))
                    seats.append(other)
            last_mover = seat
        view = player_view(state, seat)
        rows.append(features(view))
        seats.append(seat)
        legal = state.legal_moves()
        move = bots[seat].choose(view, legal)
        state.play(move)
    winner = state.result.winner
    won = set() if winner is None else set(rules.team_seats(winner))
    return rows, [int(s in won) for s in seats]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=900)
    parser.add_argument("--out", type=Path, default=Path("artifacts/values"))
    parser.add_argument("--seed", default=None, help="default: the mix name")
    parser.add_argument("--mix", choices=sorted(MIXES), default="hard")
    parser.add_argument("--chunk", type=int, default=20, help="rounds per file")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    args.seed = args.seed or args.mix
    rng = random.Random(args.seed)
    tables = MIXES[args.mix]
    weights = [t[0] for t in tables]
    start = time.monotonic()
    game = chunk = positions = 0
    feats: list[np.ndarray] = []
    labels: list[int] = []
    games: list[int] = []
    while time.monotonic() - start < args.seconds:
        _, players, stock, teams, names = rng.choices(tables, weights)[0]
        rows, won = play(Rules.make(players, stock, teams), names, f"{args.seed}/{game}")
        feats += rows
        labels += won
        games += [game] * len(rows)
        game += 1
        if game % args.chunk == 0:
            positions += _save(args.out / f"{args.seed}-{chunk:04d}.npz", feats, labels, games)
            chunk += 1
            feats, labels, games = [], [], []
            print(f"{game} rounds, {positions} positions, {time.monotonic() - start:.0f} s")
    if feats:
        positions += _save(args.out / f"{args.seed}-{chunk:04d}.npz", feats, labels, games)
    print(f"done: {game} rounds, {positions} positions in {time.monotonic() - start:.0f} s")


def _save(path: Path, feats: list[np.ndarray], labels: list[int], games: list[int]) -> int:
    np.savez_compressed(
        path,
        x=np.stack(feats),
        y=np.array(labels, dtype=np.uint8),
        game=np.array(games, dtype=np.int32),
    )
    return len(labels)


if __name__ == "__main__":
    main()
