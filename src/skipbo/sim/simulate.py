"""Many seeded rounds between bots, on one process or spread over several.

Every round is a pure function of the simulation seed and its own index: round
``i`` is dealt from seed ``f"{seed}/{i}"``, the bot of seat ``s`` is seeded with
``f"{seed}/{i}/{s}"`` and made fresh for that round, and the deal rotates
(dealer ``i mod players``) so that every seat plays first equally often, seat
order being a real advantage in Skip-Bo. Nothing carries over between rounds,
so the results are the same whatever the number of processes or chunk sizes.

A seat may also hold an outside program (``cmd:COMMAND``, :mod:`.players`): it
keeps one process per seat for a chunk of rounds, and chunks then have a fixed
size, so that even a program that counts its rounds plays the same for any
``jobs``.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, NamedTuple

from skipbo.core import Round, Rules, record_json

from .players import RoundNotes, Seats, check_labels, parse_spec
from .pool import PROCESSES, Backend, run_tasks
from .refereed_bots import ILLEGAL
from .runner import play_round
from .scoring import UNDECIDED_REASONS, seat_credits
from .stats import Share, Spread, Summary

MAX_CHUNK = 50
"""Rounds per task sent to a worker process: big enough to amortise pickling,
small enough for a lively progress bar and an even spread over the workers."""


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to simulate. Checked on creation, so a bad request fails before any work."""

    rules: Rules
    bots: tuple[str, ...]
    """One bot per seat: a built-in name or ``cmd:COMMAND``."""
    games: int
    seed: str = "0"
    jobs: int = 1
    """Worker processes; 1 plays every round in this process."""
    backend: Backend = PROCESSES
    """Where the chunks run (a process pool or Ray); never changes the results."""
    labels: tuple[str, ...] = field(init=False)
    """What each seat's bot calls itself (an outside program: its hello name)."""

    def __post_init__(self) -> None:
        players = self.rules.players
        if len(self.bots) != players:
            raise ValueError(f"{players} players need {players} bots, not {len(self.bots)}")
        for text in self.bots:
            parse_spec(text)  # a bad name fails before any program is started
        if self.games < 1:
            raise ValueError(f"the number of games must be at least 1, not {self.games}")
        if self.jobs < 1:
            raise ValueError(f"the number of jobs must be at least 1, not {self.jobs}")
        object.__setattr__(self, "labels", tuple(check_labels(self.bots)))

    @property
    def outside(self) -> bool:
        """True when a seat holds an outside program."""
        return any(parse_spec(text).builtin is None for text in self.bots)

    @property
    def names(self) -> list[str]:
        """The players' names written into records: ``"bot:greedy"`` for a built-in
        bot, the hello name for an outside program."""
        return [
            f"bot:{label}" if parse_spec(text).builtin is not None else label
            for text, label in zip(self.bots, self.labels, strict=True)
        ]


class GameOutcome(NamedTuple):
    """The little that a summary needs of one round (cheap to send between processes)."""

    winner: int | None
    reason: str
    moves: int
    turns: int
    forfeited: int | None = None
    """The seat that forfeited the round, if one did."""
    forfeit_kind: str | None = None
    """Why, in a word (``refereed_bots.FAULT_KINDS``)."""
    fallbacks: tuple[tuple[int, int], ...] = ()
    """(seat, count) of the fallback moves answered for outside programs."""


def play_game(config: SimConfig, index: int, seats: Seats | None = None) -> Round:
    """Play round ``index`` of a simulation; the same index always gives the same round
    (for outside programs: as long as they play deterministically).

    ``seats`` keeps outside programs running between rounds; without it they are
    started for this round only."""
    if seats is None:
        with Seats(config.bots) as own:
            return play_game(config, index, own)
    seed = f"{config.seed}/{index}"
    bots = [seats.bot(seat, f"{seed}/{seat}") for seat in range(config.rules.players)]
    state = play_round(config.rules, bots, seed, dealer=index % config.rules.players)
    seats.end(state)
    return state


def _outcome(state: Round, notes: RoundNotes | None = None) -> GameOutcome:
    result = state.result
    assert result is not None, "play_round returns finished rounds only"
    kind = None if notes is None or notes.forfeit is None else notes.forfeit[1]
    fallbacks = () if notes is None else tuple(sorted(notes.fallbacks.items()))
    return GameOutcome(
        result.winner, result.reason, result.moves, result.turns, result.forfeited, kind, fallbacks
    )


class _Chunk(NamedTuple):
    config: SimConfig
    start: int
    stop: int
    records: bool


Played = list[tuple[GameOutcome, str | None]]
"""A chunk's rounds in order: the outcome and, when asked for, the record's JSON line."""


def _run_chunk(chunk: _Chunk) -> Played:
    """Play rounds ``start..stop-1``; runs in a worker process when ``jobs > 1`` or on Ray."""
    played: Played = []
    names = chunk.config.names
    with Seats(chunk.config.bots) as seats:
        for index in range(chunk.start, chunk.stop):
            state = play_game(chunk.config, index, seats)
            line = json.dumps(record_json(state, names)) if chunk.records else None
            played.append((_outcome(state, seats.notes), line))
    return played


def _chunks(config: SimConfig, records: bool) -> list[_Chunk]:
    # About eight tasks per worker keeps the workers evenly busy to the end; a
    # program's process lives for one chunk, so then the size must not depend on jobs.
    size = max(1, min(MAX_CHUNK, math.ceil(config.games / (config.jobs * 8))))
    if config.outside:
        size = MAX_CHUNK
    return [
        _Chunk(config, start, min(start + size, config.games), records)
        for start in range(0, config.games, size)
    ]


def played_chunks(config: SimConfig, records: bool = False) -> Iterator[Played]:
    """The simulation's rounds, chunk by chunk, always in index order."""
    return run_tasks(_run_chunk, _chunks(config, records), config.jobs, config.backend)


class _Tally:
    """Running counts of finished rounds, turned into a :class:`Summary` at the end.

    A forfeited round is lost by the forfeiting seat's side and won by the
    others (:mod:`.scoring`): it counts in their wins, not among the rounds
    without a winner."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.wins = [0.0] * rules.players
        self.no_winner = dict.fromkeys(UNDECIDED_REASONS, 0)
        self.forfeits: list[dict[str, int]] = [{} for _ in range(rules.players)]
        self.fallbacks = [0] * rules.players
        self.moves: list[int] = []
        self.turns: list[int] = []

    def add(self, outcome: GameOutcome) -> None:
        for seat, credit in enumerate(seat_credits(self.rules, outcome)):
            self.wins[seat] += credit
        if outcome.forfeited is not None:
            reasons = self.forfeits[outcome.forfeited]
            kind = outcome.forfeit_kind or ILLEGAL
            reasons[kind] = reasons.get(kind, 0) + 1
        elif outcome.winner is None:
            self.no_winner[outcome.reason] = self.no_winner.get(outcome.reason, 0) + 1
        for seat, count in outcome.fallbacks:
            self.fallbacks[seat] += count
        self.moves.append(outcome.moves)
        self.turns.append(outcome.turns)

    def summary(self, config: SimConfig, seconds: float) -> Summary:
        total = len(self.moves)
        rules = config.rules
        teams = [rules.team_seats(team) for team in range(rules.sides)] if rules.teams else []
        return Summary(
            games=total,
            rules=rules.to_dict(),
            bots=config.labels,
            seed=config.seed,
            seats=tuple(Share(wins, total) for wins in self.wins),
            teams=tuple((seats, Share(sum(self.wins[s] for s in seats), total)) for seats in teams),
            reasons={reason: Share(n, total) for reason, n in self.no_winner.items()},
            moves=Spread.of(self.moves),
            turns=Spread.of(self.turns),
            seconds=seconds,
            forfeits=tuple(self.forfeits),
            fallbacks=tuple(self.fallbacks),
        )


def simulate(
    config: SimConfig,
    out: IO[str] | None = None,
    progress: Callable[[int], object] | None = None,
) -> Summary:
    """Play ``config.games`` rounds and sum them up.

    ``out``, when given, receives every round's record as one JSON line, in
    index order. ``progress`` is called with the number of rounds just finished
    after each chunk (``tqdm.update`` fits). Only ``seconds`` (and so the speed)
    of the summary depends on the machine; everything else on the config alone.
    """
    start = time.perf_counter()
    tally = _Tally(config.rules)
    for played in played_chunks(config, records=out is not None):
        for outcome, line in played:
            tally.add(outcome)
            if out is not None and line is not None:
                out.write(line + "\n")
        if progress is not None:
            progress(len(played))
    return tally.summary(config, time.perf_counter() - start)
