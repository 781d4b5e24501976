"""Round-robin tournaments between bots: pairwise win shares and ratings.

Every unordered pair of bots plays two-player rounds on *duplicate deals*: deal
``d`` of the pair ``A, B`` (names in sorted order) is dealt from seed
``f"{seed}/{A},{B}/{d}"`` and played twice, once with A in seat 0 and once with
B in seat 0. Both bots so get the same cards, the same first player and the
same reshuffles, and most of the luck of the deal cancels, which makes a
pairing's result far less noisy than as many independently dealt rounds.

A pairing's rounds depend only on the seed, the stock size and the two names,
not on the other bots in the tournament, their order, or how the work is spread
over processes: ``--jobs 4`` gives exactly what ``--jobs 1`` gives.

Only decided rounds count for win shares and ratings: those won, and those
forfeited, which the forfeiting bot loses and its opponent wins (as chess
engine tournament managers score crashes, time losses and illegal moves;
:mod:`.scoring`). Blocked and capped rounds, which nobody won, are counted and
reported apart, and so is every bot's forfeits with their kinds. The ratings
are Bradley–Terry fits (:mod:`skipbo.sim.ratings`).

A bot is a built-in name or an outside program, ``cmd:COMMAND``
(:mod:`.players`), and goes by the name it gives (a program: its hello name),
which is also the name its pairings' seeds are made from. A program keeps one
process per task (a fixed number of deals when programs take part, so that
``--jobs`` still changes nothing).
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from skipbo.bots import bot_names
from skipbo.core import Rules

from .players import Seats, check_labels, parse_spec
from .pool import (
    PROCESSES,
    Backend,
    add_backend_options,
    backend_from_args,
    resolve_jobs,
    run_tasks,
)
from .ratings import DEFAULT_PRIOR, Rating, bradley_terry
from .runner import play_round
from .scoring import UNDECIDED_REASONS
from .stats import NO_SHARE, Share, kinds_text, plural

DEFAULT_GAMES = 100
DEFAULT_STOCK = 30
DEFAULT_OUT_DIR = "tournament-out"

MAX_CHUNK = 25
"""Deals (so twice as many rounds) per task sent to a worker process."""

FILES = ("results.csv", "ratings.csv", "results.md", "ratings.png")
"""What a tournament writes into its output directory."""

Progress = Callable[[int], object]
"""Called with the number of rounds just finished (``tqdm.update`` fits)."""


# ------------------------------------------------------------------ config


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """What to play. Checked on creation, so a bad request fails before any round."""

    bots: tuple[str, ...]
    """Built-in names or ``cmd:COMMAND``, as given."""
    games: int = DEFAULT_GAMES
    """Rounds per pairing, rounded up to an even number (every deal is played twice)."""
    seed: str = "0"
    stock: int = DEFAULT_STOCK
    jobs: int = 1
    anchor: str | None = None
    """A bot whose rating is fixed at 0 (by spec or name); None centres the ratings
    on a mean of 0."""
    backend: Backend = PROCESSES
    """Where the tasks run (a process pool or Ray); never changes the results."""
    rules: Rules = field(init=False)
    labels: tuple[str, ...] = field(init=False)
    """The name each bot goes by (an outside program: its hello name), in order."""

    def __post_init__(self) -> None:
        _check_bots(self.bots)
        if self.games < 1:
            raise ValueError(f"--rounds must be at least 1, not {self.games}")
        if self.jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {self.jobs}")
        if self.anchor is not None and self.anchor not in self.bots:
            raise ValueError(f"--anchor {self.anchor!r} is not one of the tournament's bots")
        try:
            rules = Rules.make(2, self.stock)
        except ValueError as exc:
            raise ValueError(f"impossible rules: {exc}") from None
        object.__setattr__(self, "rules", rules)
        labels = tuple(check_labels(self.bots))
        twins = sorted({label for label in labels if labels.count(label) > 1})
        if twins:
            raise ValueError(f"two bots go by the same name: {', '.join(twins)}")
        object.__setattr__(self, "labels", labels)
        if self.anchor is not None:
            object.__setattr__(self, "anchor", labels[self.bots.index(self.anchor)])

    @property
    def outside(self) -> bool:
        """True when an outside program takes part."""
        return any(parse_spec(text).builtin is None for text in self.bots)

    def spec(self, label: str) -> str:
        """The spec of the bot that goes by ``label``."""
        return self.bots[self.labels.index(label)]

    @property
    def deals(self) -> int:
        """Deals per pairing; each is played twice, with the seats swapped."""
        return math.ceil(self.games / 2)

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """Every unordered pair of bots, each as its two names in sorted order."""
        return [(a, b) if a < b else (b, a) for a, b in itertools.combinations(self.labels, 2)]

    @property
    def rounds(self) -> int:
        """Rounds in the whole tournament."""
        return len(self.pairs) * self.deals * 2


def _check_bots(bots: Sequence[str]) -> None:
    if len(bots) < 2:
        raise ValueError(f"a tournament needs at least 2 different bots, not {len(bots)}")
    if len(set(bots)) != len(bots):
        raise ValueError(f"--bots lists a bot twice: {', '.join(bots)}")
    for text in bots:
        parse_spec(text)  # a bad name fails before any program is started


# ----------------------------------------------------------------- playing


@dataclass(slots=True)
class PairResult:
    """How a pairing went: wins of each bot and rounds without a winner, by reason.

    A round one bot forfeited is a win of the other (in ``a_wins``/``b_wins``);
    :attr:`forfeits` says how often each bot forfeited and why."""

    a: str
    b: str
    a_wins: int = 0
    b_wins: int = 0
    no_winner: dict[str, int] = field(default_factory=lambda: dict.fromkeys(UNDECIDED_REASONS, 0))
    forfeits: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per bot that forfeited here, its forfeits by kind (``refereed_bots.FAULT_KINDS``)."""
    fallbacks: dict[str, int] = field(default_factory=dict)
    """Per outside bot, the moves its ``serve_bot`` answered for it (only those with any)."""

    @property
    def rounds(self) -> int:
        """All rounds played, decided or not."""
        return self.decided + sum(self.no_winner.values())

    @property
    def decided(self) -> int:
        """Rounds won or forfeited, the only ones that count for shares and ratings."""
        return self.a_wins + self.b_wins

    def share(self, bot: str) -> Share:
        """``bot``'s share of the decided rounds."""
        return Share(self.a_wins if bot == self.a else self.b_wins, self.decided)

    def forfeited(self, bot: str) -> int:
        """How often ``bot`` forfeited in this pairing."""
        return sum(self.forfeits.get(bot, {}).values())

    def add(self, other: PairResult) -> None:
        """Add the rounds of ``other`` (another chunk of the same pairing)."""
        self.a_wins += other.a_wins
        self.b_wins += other.b_wins
        for reason, count in other.no_winner.items():
            self.no_winner[reason] = self.no_winner.get(reason, 0) + count
        for bot, reasons in other.forfeits.items():
            for kind, count in reasons.items():
                self.note_forfeit(bot, kind, count)
        for bot, count in other.fallbacks.items():
            self.fallbacks[bot] = self.fallbacks.get(bot, 0) + count

    def note_forfeit(self, bot: str, kind: str, count: int = 1) -> None:
        """Count ``count`` forfeits of ``bot`` of kind ``kind``."""
        reasons = self.forfeits.setdefault(bot, {})
        reasons[kind] = reasons.get(kind, 0) + count

    def to_json(self) -> dict[str, Any]:
        """The pairing as plain JSON values (shares from ``a``'s side)."""
        return {
            "a": self.a,
            "b": self.b,
            "rounds": self.rounds,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "no_winner": dict(self.no_winner),
            "a_forfeits": self.forfeited(self.a),
            "b_forfeits": self.forfeited(self.b),
            "forfeit_reasons": {bot: dict(reasons) for bot, reasons in self.forfeits.items()},
            "fallbacks": dict(self.fallbacks),
            "a_share": self.share(self.a).to_json(),
        }


class _Task(NamedTuple):
    """Deals ``start..stop-1`` of one pairing (cheap to send to a worker)."""

    rules: Rules
    seed: str
    a: str
    b: str
    start: int
    stop: int
    specs: tuple[str, str]
    """How to make bots ``a`` and ``b``."""


def deal_seed(seed: str, a: str, b: str, deal: int) -> str:
    """The seed of deal ``deal`` of the pairing ``a, b`` (names in sorted order)."""
    return f"{seed}/{a},{b}/{deal}"


def _run_task(task: _Task) -> PairResult:
    """Play the task's deals from both seats; runs in a worker process when jobs > 1 or on Ray."""
    result = PairResult(task.a, task.b)
    names = (task.a, task.b)
    with Seats(task.specs) as table:
        for deal in range(task.start, task.stop):
            seed = deal_seed(task.seed, task.a, task.b, deal)
            for swap, order in enumerate(((0, 1), (1, 0))):
                bots = [table.bot(i, f"{seed}/{swap}/{seat}") for seat, i in enumerate(order)]
                state = play_round(task.rules, bots, seed)
                notes = table.end(state, order)
                for index, count in notes.fallbacks.items():
                    result.fallbacks[names[index]] = result.fallbacks.get(names[index], 0) + count
                outcome = state.result
                assert outcome is not None, "play_round returns finished rounds only"
                if notes.forfeit is not None:  # lost by the forfeiting bot, won by the other
                    loser, kind = notes.forfeit
                    result.note_forfeit(names[loser], kind)
                    winner: int | None = 1 - loser
                else:
                    winner = None if outcome.winner is None else order[outcome.winner]
                if winner is None:
                    result.no_winner[outcome.reason] = result.no_winner.get(outcome.reason, 0) + 1
                elif winner == 0:
                    result.a_wins += 1
                else:
                    result.b_wins += 1
    return result


def _tasks(config: TournamentConfig) -> list[_Task]:
    # About eight tasks per worker keeps the workers evenly busy to the end.
    total = config.deals * len(config.pairs)
    size = max(1, min(MAX_CHUNK, math.ceil(total / (config.jobs * 8))))
    if config.outside:  # a program's process lives for one task
        size = MAX_CHUNK
    tasks = []
    for a, b in config.pairs:
        specs = (config.spec(a), config.spec(b))
        for start in range(0, config.deals, size):
            stop = min(start + size, config.deals)
            tasks.append(_Task(config.rules, config.seed, a, b, start, stop, specs))
    return tasks


def _played(config: TournamentConfig) -> Iterator[PairResult]:
    """The tasks' results in task order, on this process, a pool of ``config.jobs`` or Ray."""
    return run_tasks(_run_task, _tasks(config), config.jobs, config.backend)


# ------------------------------------------------------------------ result


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """What a tournament found: every pairing and the ratings (in ``config.bots`` order)."""

    config: TournamentConfig
    pairs: tuple[PairResult, ...]
    ratings: tuple[Rating, ...]
    seconds: float

    def pair(self, bot: str, opponent: str) -> PairResult:
        """The pairing of two bots, in either order."""
        key = {bot, opponent}
        return next(p for p in self.pairs if {p.a, p.b} == key)

    def share(self, bot: str, opponent: str) -> Share:
        """``bot``'s share of the decided rounds against ``opponent``."""
        return self.pair(bot, opponent).share(bot)

    def forfeits(self, bot: str) -> dict[str, int]:
        """How often ``bot`` forfeited, by kind, over all its pairings."""
        total: dict[str, int] = {}
        for p in self.pairs:
            for kind, count in p.forfeits.get(bot, {}).items():
                total[kind] = total.get(kind, 0) + count
        return total

    def fallbacks(self, bot: str) -> int:
        """Moves that ``bot``'s ``serve_bot`` answered for it, over all its pairings."""
        return sum(p.fallbacks.get(bot, 0) for p in self.pairs)

    @property
    def ranked(self) -> list[Rating]:
        """The ratings, best first (ties by name, so the order is stable)."""
        return sorted(self.ratings, key=lambda r: (-r.rating, r.name))

    def to_json(self) -> dict[str, Any]:
        """The tournament as one JSON object (what ``--json`` prints, plus ``files``)."""
        config = self.config
        return {
            "bots": list(config.labels),
            "seed": config.seed,
            "rules": config.rules.to_dict(),
            "rounds_per_pairing": 2 * config.deals,
            "deals_per_pairing": config.deals,
            "ratings": {
                "model": "bradley-terry",
                "scale": "elo",
                "anchor": config.anchor,
                "prior": DEFAULT_PRIOR,
                "bots": [r.to_json() for r in self.ranked],
            },
            "pairs": [p.to_json() for p in self.pairs],
            "forfeits": {bot: self.forfeits(bot) for bot in config.labels if self.forfeits(bot)},
            "fallbacks": {bot: self.fallbacks(bot) for bot in config.labels if self.fallbacks(bot)},
            "seconds": self.seconds,
        }


def run_tournament(config: TournamentConfig, progress: Progress | None = None) -> TournamentResult:
    """Play every pairing and fit the ratings; only ``seconds`` depends on the machine."""
    start = time.perf_counter()
    pairs = {pair: PairResult(*pair) for pair in config.pairs}
    for chunk in _played(config):
        pairs[chunk.a, chunk.b].add(chunk)
        if progress is not None:
            progress(chunk.rounds)
    ratings = _ratings(config, list(pairs.values()))
    return TournamentResult(config, tuple(pairs.values()), ratings, time.perf_counter() - start)


def _ratings(config: TournamentConfig, pairs: Sequence[PairResult]) -> tuple[Rating, ...]:
    index = {name: i for i, name in enumerate(config.labels)}
    wins = [[0] * len(index) for _ in index]
    for p in pairs:
        wins[index[p.a]][index[p.b]] = p.a_wins
        wins[index[p.b]][index[p.a]] = p.b_wins
    return tuple(bradley_terry(config.labels, wins, anchor=config.anchor))


# ------------------------------------------------------------------- text


def _signed(value: float) -> str:
    return f"{value:+.0f}"


def _interval(rating: Rating) -> str:
    return f"[{_signed(rating.low)}, {_signed(rating.high)}]"


def _share_cell(share: Share) -> str:
    """A share with its interval in percent, e.g. ``90.0% [59.6, 98.2] (9/10)``."""
    if share.total == 0:
        return f"{NO_SHARE} (0/0)"
    low, high = share.ci95
    return f"{share.share:.1%} [{100 * low:.1f}, {100 * high:.1f}] ({share.count}/{share.total})"


def _headline(config: TournamentConfig) -> str:
    return (
        f"{len(config.bots)} bots, {plural(2 * config.deals, 'round')} per pairing"
        f" ({plural(config.deals, 'deal')}, each played from both seats), seed {config.seed!r},"
        f" stock {config.stock}"
    )


def _scale_text(config: TournamentConfig) -> str:
    zero = "mean 0" if config.anchor is None else f"{config.anchor} = 0"
    return f"Bradley–Terry, Elo scale, {zero}, 95% interval; won and forfeited rounds"


def _forfeit_text(result: TournamentResult) -> str | None:
    """Who forfeited how often and why (``None``: nobody), and fallback moves."""
    parts = []
    for bot in result.config.labels:
        reasons = result.forfeits(bot)
        if reasons:
            parts.append(f"{bot} {_forfeit_cell(reasons)}")
    fallbacks = [(bot, result.fallbacks(bot)) for bot in result.config.labels]
    text = "; ".join(parts) if parts else "none"
    moved = ", ".join(f"{bot} {count}" for bot, count in fallbacks if count)
    if not parts and not moved:
        return None
    if moved:
        text += f"; fallback moves (the bot's serve_bot answered for it): {moved}"
    return text


def _forfeit_cell(reasons: dict[str, int]) -> str:
    """``4 (illegal move 4)``, or ``0``."""
    return f"{sum(reasons.values())} ({kinds_text(reasons)})" if reasons else "0"


def _no_winner_text(result: TournamentResult) -> str:
    totals = dict.fromkeys(UNDECIDED_REASONS, 0)
    for p in result.pairs:
        for reason, count in p.no_winner.items():
            totals[reason] = totals.get(reason, 0) + count
    rounds = sum(p.rounds for p in result.pairs)
    parts = ", ".join(f"{reason} {count}" for reason, count in totals.items() if count)
    undecided = f"{sum(totals.values())} of {plural(rounds, 'round')}"
    return f"{undecided} ({parts})" if parts else undecided


def _matrix_rows(result: TournamentResult) -> list[list[str]]:
    """The win-share table: a header row, then one row per bot (best first)."""
    names = [r.name for r in result.ranked]
    rows = [["", *names]]
    for bot in names:
        cells = [
            ("–" if bot == other else _share_cell(result.share(bot, other))) for other in names
        ]
        rows.append([bot, *cells])
    return rows


def summary_text(result: TournamentResult) -> str:
    """The readable summary that ``skipbo tournament`` prints."""
    ranked = result.ranked
    width = max(len(r.name) for r in ranked)
    lines = [f"tournament: {_headline(result.config)}", f"ratings ({_scale_text(result.config)}):"]
    for rank, r in enumerate(ranked, 1):
        record = f"{r.wins:g} won, {r.losses:g} lost"
        lines.append(
            f"  {rank:>2}. {r.name:<{width}}  {_signed(r.rating):>6}  {_interval(r)}  {record}"
        )
    lines.append("win share of the row bot against the column bot (decided rounds, 95% interval):")
    rows = _matrix_rows(result)
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    for row in rows:
        lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))
    lines.append(f"no winner: {_no_winner_text(result)}")
    forfeits = _forfeit_text(result)
    if forfeits is not None:
        lines.append(f"forfeits (counted as lost): {forfeits}")
    return "\n".join(line.rstrip() for line in lines)


# ------------------------------------------------------------------ files


def prepare_out_dir(path: str | os.PathLike[str]) -> Path:
    """Create the output directory and prove it writable, before any round is played."""
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        raise OSError(f"cannot write to {out}: {exc.strerror or exc}") from None
    return out


def _markdown_table(rows: list[list[str]], align: str) -> list[str]:
    """A markdown table; ``align`` has one character per column, ``l`` or ``r``."""
    rule = ["---:" if a == "r" else "---" for a in align]
    return [
        "| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |"
        for row in [rows[0], rule, *rows[1:]]
    ]


def results_markdown(result: TournamentResult) -> str:
    """``results.md``: the ratings, the win-share table and every pairing."""
    config = result.config
    ratings = [["rank", "bot", "rating", "95% interval", "won", "lost", "forfeits"]]
    for rank, r in enumerate(result.ranked, 1):
        row = [
            str(rank),
            r.name,
            _signed(r.rating),
            _interval(r),
            f"{r.wins:.0f}",
            f"{r.losses:.0f}",
            _forfeit_cell(result.forfeits(r.name)),
        ]
        ratings.append(row)
    matrix = _matrix_rows(result)
    matrix[1:] = [[f"**{row[0]}**", *row[1:]] for row in matrix[1:]]
    pairs = [["bot A", "bot B", "rounds", "A won", "B won", "no winner", "A forfeited",
              "B forfeited", "A's share of decided"]]  # fmt: skip
    for p in result.pairs:
        no_winner = sum(p.no_winner.values())
        numbers = (p.rounds, p.a_wins, p.b_wins, no_winner, p.forfeited(p.a), p.forfeited(p.b))
        pairs.append([p.a, p.b, *map(str, numbers), _share_cell(p.share(p.a))])
    lines = [
        "# Skip-Bo tournament",
        "",
        f"{_headline(config)}.",
        "",
        "## Ratings",
        "",
        f"{_scale_text(config)}. The intervals come from the Fisher information;",
        "a prior of one virtual draw per pairing keeps unbeaten bots' ratings finite.",
        "A forfeited round (a crash, an illegal or malformed answer, no answer in time)",
        "counts as lost by the bot that forfeited it and won by its opponent.",
        f"Rounds without a winner: {_no_winner_text(result)}.",
        "",
        *_markdown_table(ratings, "rlrlrrl"),
        "",
        "## Win share",
        "",
        "Share of the decided rounds that the row bot won against the column bot,",
        "with the 95% Wilson interval in percent and the count.",
        "",
        *_markdown_table(matrix, "l" * len(matrix[0])),
        "",
        "## Pairings",
        "",
        *_markdown_table(pairs, "llrrrrrrl"),
    ]
    return "\n".join(lines) + "\n"


def _write_results_csv(result: TournamentResult, path: Path) -> None:
    """One row per bot and opponent (both directions), for spreadsheets and pandas."""
    header = ["bot", "opponent", "rounds", "wins", "losses", "no_winner", *UNDECIDED_REASONS]
    header += ["forfeits", "fallbacks"]
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow([*header, "share", "ci95_low", "ci95_high"])
        for p in result.pairs:
            for bot, opponent, won, lost in (
                (p.a, p.b, p.a_wins, p.b_wins),
                (p.b, p.a, p.b_wins, p.a_wins),
            ):
                share = p.share(bot)
                reasons = [p.no_winner.get(reason, 0) for reason in UNDECIDED_REASONS]
                counts = [p.rounds, won, lost, sum(p.no_winner.values()), *reasons]
                counts += [p.forfeited(bot), p.fallbacks.get(bot, 0)]
                writer.writerow([bot, opponent, *counts, share.share, *share.ci95])


def _write_ratings_csv(result: TournamentResult, path: Path) -> None:
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        header = ["rank", "bot", "rating", "ci95_low", "ci95_high", "wins", "losses", "forfeits"]
        writer.writerow(header)
        for rank, r in enumerate(result.ranked, 1):
            forfeits = sum(result.forfeits(r.name).values())
            row = [rank, r.name, r.rating, r.low, r.high, f"{r.wins:g}", f"{r.losses:g}", forfeits]
            writer.writerow(row)


def _write_plot(result: TournamentResult, path: Path) -> None:
    """``ratings.png``: each rating with its 95% interval, best at the top.

    matplotlib is imported here, not at the top, so that the command line
    starts fast; the object-oriented API (no pyplot) needs no display and
    leaves no global state behind.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise OSError(f"cannot write {path}: matplotlib is not installed") from None
    ranked = result.ranked[::-1]
    figure = Figure(figsize=(7, 1.5 + 0.45 * len(ranked)), layout="constrained")
    axes = figure.subplots()
    ratings = [r.rating for r in ranked]
    errors = [[r.rating - r.low for r in ranked], [r.high - r.rating for r in ranked]]
    axes.errorbar(ratings, range(len(ranked)), xerr=errors, fmt="o", capsize=4)
    for y, r in enumerate(ranked):
        axes.annotate(
            _signed(r.rating), (r.rating, y), textcoords="offset points", xytext=(0, 6), ha="center"
        )
    axes.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylim(-0.6, len(ranked) - 0.3)  # room for the top label under the title
    axes.set_yticks(range(len(ranked)), [r.name for r in ranked])
    axes.set_xlabel(f"rating ({_scale_text(result.config)})")
    axes.set_title(f"Skip-Bo tournament: {plural(2 * result.config.deals, 'round')} per pairing")
    figure.savefig(path, dpi=100)


def write_outputs(result: TournamentResult, out_dir: str | os.PathLike[str]) -> list[Path]:
    """Write :data:`FILES` into ``out_dir``; returns their paths."""
    out = prepare_out_dir(out_dir)
    paths = [out / name for name in FILES]
    csv_path, ratings_path, markdown_path, plot_path = paths
    try:
        _write_results_csv(result, csv_path)
        _write_ratings_csv(result, ratings_path)
        markdown_path.write_text(results_markdown(result), encoding="utf-8")
    except OSError as exc:
        raise OSError(f"cannot write to {out}: {exc.strerror or exc}") from None
    _write_plot(result, plot_path)
    return paths


# ------------------------------------------------------------ command line


def add_tournament_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``tournament`` to the ``skipbo`` subcommands (the result of ``add_subparsers``).

    The command runs through ``args.run(args)``, i.e. :func:`run_tournament_command`.
    """
    known = ", ".join(bot_names())
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tournament",
        help="round robin between bots: ratings and win shares",
        description=(
            "Let every pair of bots play 2-player rounds on duplicate deals (each deal "
            "played twice, seats swapped) and report Bradley–Terry ratings on the Elo "
            "scale and pairwise win shares, with 95% intervals. Writes results.csv, "
            "ratings.csv, results.md and ratings.png to --out-dir. The results depend "
            "only on the seed, never on --jobs."
        ),
    )
    parser.add_argument(
        "--bots",
        metavar="A,B,...",
        help=f"the bots, at least 2: built-in names or cmd:COMMAND (default all: {known})",
    )
    parser.add_argument(
        "--rounds",
        "--games",
        dest="games",
        type=int,
        default=DEFAULT_GAMES,
        metavar="N",
        help=f"rounds per pairing, rounded up to even (default {DEFAULT_GAMES}); --games is"
        " the same",
    )
    parser.add_argument("--seed", default="0", metavar="S", help="any text (default 0)")
    parser.add_argument(
        "--stock",
        type=int,
        default=DEFAULT_STOCK,
        metavar="N",
        help="stock size 1..30 (default 30)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="worker processes; 0 = one per CPU (default 1); results do not depend on it",
    )
    add_backend_options(parser)
    parser.add_argument(
        "--anchor", metavar="BOT", help="fix this bot's rating at 0 (default: mean rating 0)"
    )
    parser.add_argument(
        "--out-dir",
        default=DEFAULT_OUT_DIR,
        metavar="DIR",
        help=f"where to write the tables and the plot (default {DEFAULT_OUT_DIR})",
    )
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.set_defaults(run=run_tournament_command)
    return parser


def config_from_args(args: argparse.Namespace) -> TournamentConfig:
    """The tournament an argument namespace asks for; ``ValueError`` if it is impossible."""
    if args.jobs < 0:
        raise ValueError(f"--jobs must be 0 (every CPU) or more, not {args.jobs}")
    if args.bots is None:
        bots = tuple(bot_names())
    else:
        bots = tuple(name.strip() for name in args.bots.split(","))
        if any(not name for name in bots):
            raise ValueError(f"--bots {args.bots!r}: a bot name is empty")
    return TournamentConfig(
        bots,
        args.games,
        args.seed,
        args.stock,
        resolve_jobs(args.jobs),
        args.anchor,
        backend_from_args(args),
    )


def _run_with_progress(config: TournamentConfig) -> TournamentResult:
    """Run it, with a progress bar on stderr only for a person watching a terminal."""
    from tqdm import tqdm

    interactive = sys.stderr.isatty()
    with tqdm(
        total=config.rounds, unit=" rounds", file=sys.stderr, disable=not interactive, leave=False
    ) as bar:
        return run_tournament(config, bar.update)


def run_tournament_command(args: argparse.Namespace) -> int:
    """``skipbo tournament``: play, write the files, print a summary; returns the exit status.

    Bad arguments raise ``ValueError`` and an unwritable ``--out-dir`` raises
    ``OSError``, each with a one-line message, before any round is played.
    """
    config = config_from_args(args)
    prepare_out_dir(args.out_dir)
    result = _run_with_progress(config)
    paths = write_outputs(result, args.out_dir)
    if args.json:
        print(json.dumps({**result.to_json(), "files": [str(p) for p in paths]}))
    else:
        print(summary_text(result))
        print("wrote " + ", ".join(str(p) for p in paths))
    return 0
