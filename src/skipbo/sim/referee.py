"""The host side of ``skipbo-bot/1``: a referee for built-in and outside bots.

:func:`play_match` plays *duplicate deals*: deal ``d`` is dealt from seed
``f"{seed}/{d}"`` (dealer ``d mod players``) and played once per seat
rotation ``r`` in ``0..players-1``, bot ``i`` sitting at seat
``(i + r) mod players``. Every bot so plays every deal from every seat, and
the luck of the cards cancels out of the comparison. ``deals`` counts deals;
a match is ``deals * players`` rounds. In partnership play bots ``i`` and
``i + players/2`` are always partners.

Every bot is driven through one small interface (:class:`RefereedBot`), with
one forfeit rule: an answer that is not JSON, not ``{"move": ...}``, not a
legal move, or that does not come within the time limit loses the round
(``state.forfeit(seat)``; result reason ``"forfeit"``) and is reported with
what the bot sent. The summary counts a forfeited round as lost by the
forfeiting bot (its side) and won by the others (:mod:`.scoring`), and counts
the *fallback moves* a program's ``serve_bot`` answered when its own choice
failed (the answer's ``fallback`` field). Outside programs run as :class:`ProtocolBot` (a
subprocess, a reader thread and a queue for the time limit); built-in names
run in this process as :class:`InProcessBot`, which is held to the same rules
and, seeded ``f"{seed}/bot{i}"``, plays exactly like the outside command
``skipbo bot NAME --seed SEED/botI``. Bots only ever receive player views;
legal moves come from the core.

With ``jobs > 1`` the deals are spread over worker processes, one deal per
task, each task with its own bots: outside programs are started afresh for
every deal, and built-in bots are seeded as if they had played every round
before (``SEED/botI/k``, ``k`` the round's number), so built-in bots play
exactly as with one job.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import IO, Any, NamedTuple

from skipbo import __version__
from skipbo.core import (
    Round,
    Rules,
    new_round,
    player_view,
    record_json,
)

from .pool import ordered_map
from .refereed_bots import (
    HELLO_LIMIT,
    MALFORMED,
    MISSING_MODULE_HINT,
    TIME_LIMIT,
    BotFault,
    BotSpec,
    InProcessBot,
    ProtocolBot,
    RefereedBot,
    RefereeError,
    read_hello,
    read_move,
    resolve_bot,
)
from .scoring import UNDECIDED_REASONS, side_credits
from .stats import NO_SHARE, Share, count_text, forfeits_text, plural

MAX_TIME_LIMIT = 86400.0
"""A day: longer waits are surely a typo (and beyond what a thread can wait)."""

__all__ = [
    "MAX_TIME_LIMIT",
    "BotFault",
    "MatchConfig",
    "MatchSummary",
    "RefereeError",
    "play_match",
    "read_hello",
    "read_move",
    "resolve_bot",
]


# ----------------------------------------------------------------- the match


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What to play; checked on creation so a bad request fails before any round."""

    rules: Rules
    bots: tuple[str, ...]
    """One ``--bot`` argument per bot; bot ``i`` starts at seat ``i``."""
    deals: int
    seed: str = "0"
    time_limit: float = TIME_LIMIT
    """Seconds per decision."""
    hello_limit: float = HELLO_LIMIT
    """Seconds for a hello answer (at least ``time_limit``): it may include a start-up."""
    jobs: int = 1
    """Worker processes; 1 plays every round in this process with one set of bots."""
    specs: tuple[BotSpec, ...] = field(init=False)

    def __post_init__(self) -> None:
        players = self.rules.players
        if len(self.bots) != players:
            raise RefereeError(f"{players} players need {players} bots, not {len(self.bots)}")
        if self.deals < 1:
            raise RefereeError(f"the number of deals must be at least 1, not {self.deals}")
        if self.jobs < 1:
            raise RefereeError(f"the number of jobs must be at least 1, not {self.jobs}")
        for what, limit in (("time limit", self.time_limit), ("hello limit", self.hello_limit)):
            if not 0 < limit <= MAX_TIME_LIMIT:
                raise RefereeError(
                    f"the {what} must be more than 0 s and at most {MAX_TIME_LIMIT:g} s,"
                    f" not {limit:g}"
                )
        object.__setattr__(self, "specs", tuple(resolve_bot(text) for text in self.bots))

    @property
    def rotations(self) -> int:
        """Seat rotations per deal: one per player."""
        return self.rules.players

    @property
    def rounds(self) -> int:
        """Rounds in the match: every deal once per rotation."""
        return self.deals * self.rotations


@dataclass(frozen=True, slots=True)
class Fault:
    """What one bot did wrong in one round, for the report."""

    round: int
    deal: int
    rotation: int
    seat: int
    bot: int
    label: str
    stage: str
    """``"hello"`` or ``"move"``."""
    why: str
    sent: str | None
    forfeited: bool
    """False only when the round ended before the bot's first decision."""
    kind: str = MALFORMED
    """What went wrong, in a word (``refereed_bots.FAULT_KINDS``)."""

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (also written into the round's record)."""
        return {
            "round": self.round,
            "deal": self.deal,
            "rotation": self.rotation,
            "seat": self.seat,
            "bot": self.bot,
            "name": self.label,
            "stage": self.stage,
            "why": self.why,
            "sent": self.sent,
            "forfeited": self.forfeited,
            "kind": self.kind,
        }

    def to_text(self) -> str:
        """One readable line: which bot, which round, why and what it sent."""
        where = f"round {self.round} (deal {self.deal}, rotation {self.rotation})"
        text = f"{where}: bot {self.bot} ({self.label}) at seat {self.seat}"
        text += " forfeited" if self.forfeited else " failed"
        text += f" at {'its hello' if self.stage == 'hello' else 'a move'}: {self.why}"
        if self.sent is not None:
            text += f"; it sent: {self.sent}"
        return text


@dataclass(frozen=True, slots=True)
class FallbackNote:
    """A move that an outside bot's ``serve_bot`` answered for it, its own choice
    having failed (the answer's ``fallback`` field): not the bot's play."""

    round: int
    seat: int
    bot: int
    label: str
    why: str

    def to_json(self) -> dict[str, Any]:
        """The note as JSON (also written into the round's record)."""
        return {
            "round": self.round,
            "seat": self.seat,
            "bot": self.bot,
            "name": self.label,
            "why": self.why,
        }

    def to_text(self) -> str:
        """One readable line."""
        return f"round {self.round}: bot {self.bot} ({self.label}) at seat {self.seat}: {self.why}"


@dataclass(slots=True)
class BotTally:
    """One bot's running totals across the match (bots rotate seats, so per bot)."""

    label: str
    hello: str | None = None
    rounds: int = 0
    wins: float = 0
    """Rounds won: 1 for each its side won, a share of each another side forfeited."""
    forfeits: int = 0
    forfeit_reasons: dict[str, int] = field(default_factory=dict)
    """Its forfeits by kind (``refereed_bots.FAULT_KINDS``)."""
    fallbacks: int = 0
    """Moves its ``serve_bot`` answered for it (see :class:`FallbackNote`)."""
    decisions: int = 0
    seconds: float = 0.0

    def to_json(self, index: int, decided: int) -> dict[str, Any]:
        """Counts and shares; ``decided`` is the number of rounds won or forfeited."""
        return {
            "bot": index,
            "name": self.label,
            "hello": self.hello,
            "rounds": self.rounds,
            "wins": Share(self.wins, self.rounds).to_json(),
            "of_decided": Share(self.wins, decided).to_json(),
            "forfeits": self.forfeits,
            "forfeit_reasons": dict(self.forfeit_reasons),
            "fallbacks": self.fallbacks,
            "decisions": self.decisions,
            "mean_decision_seconds": self.seconds / self.decisions if self.decisions else None,
        }

    def forfeits_text(self) -> str:
        """``2 forfeits (crashed 2)``."""
        return forfeits_text(self.forfeit_reasons)


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What a match found; :meth:`to_json` is what ``skipbo match --json`` prints."""

    config: MatchConfig
    bots: tuple[BotTally, ...]
    reasons: dict[str, int]
    """Rounds that nobody won, by reason (``blocked``, ``cap``)."""
    faults: tuple[Fault, ...]
    seconds: float
    fallbacks: tuple[FallbackNote, ...] = ()

    @property
    def decided(self) -> int:
        """Rounds that count for someone: won, or forfeited (won by the others)."""
        return self.config.rounds - sum(self.reasons.values())

    @property
    def forfeits(self) -> int:
        """Rounds that a bot forfeited."""
        return sum(tally.forfeits for tally in self.bots)

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON object."""
        config = self.config
        return {
            "deals": config.deals,
            "rotations": config.rotations,
            "rounds": config.rounds,
            "rules": config.rules.to_dict(),
            "seed": config.seed,
            "time_limit": config.time_limit,
            "bots": [tally.to_json(i, self.decided) for i, tally in enumerate(self.bots)],
            "no_winner": {
                reason: Share(count, config.rounds).to_json()
                for reason, count in self.reasons.items()
            },
            "forfeits": Share(self.forfeits, config.rounds).to_json(),
            "faults": [fault.to_json() for fault in self.faults],
            "fallbacks": [note.to_json() for note in self.fallbacks],
            "seconds": self.seconds,
        }

    def to_text(self, max_faults: int = 20) -> str:
        """A few readable lines (what ``skipbo match`` prints)."""
        lines = [
            self._headline(),
            "wins per bot: share of all rounds [95% interval] (share of decided rounds):",
        ]
        labels = [f"bot {i}  {_name(t)}" for i, t in enumerate(self.bots)]
        width = max(map(len, labels))
        for label, tally in zip(labels, self.bots, strict=True):
            share = _share_text(Share(tally.wins, tally.rounds))
            decided = _share_text(Share(tally.wins, self.decided))
            lines.append(f"  {label:<{width}}  {share}  ({decided})")
        total = self.config.rounds
        lines.append(
            "no winner: " + ", ".join(f"{r} {n} of {total}" for r, n in self.reasons.items())
        )
        lines.append(
            f"forfeits: {self.forfeits} of {plural(total, 'round')}; forfeited rounds count as"
            " lost by the forfeiting bot's side and won by the others (shared at more than two"
            " sides)"
        )
        lines.append("per bot: forfeits, fallback moves, decisions, mean time per decision:")
        for label, tally in zip(labels, self.bots, strict=True):
            mean = tally.seconds / tally.decisions * 1000 if tally.decisions else 0.0
            lines.append(
                f"  {label:<{width}}  {tally.forfeits_text()},"
                f" {plural(tally.fallbacks, 'fallback move')},"
                f" {plural(tally.decisions, 'decision')}, {mean:.2f} ms"
            )
        lines += _report_lines("faults", self.faults, max_faults)
        lines += _report_lines(
            "fallback moves (the bot's own choice failed; its serve_bot answered)",
            self.fallbacks,
            max_faults,
        )
        lines.append(f"time: {self.seconds:.2f} s")
        return "\n".join(lines)

    def _headline(self) -> str:
        config = self.config
        rules = config.rules
        text = (
            f"{plural(config.rounds, 'round')} ({plural(config.deals, 'deal')}"
            f" x {plural(config.rotations, 'seat rotation')}),"
            f" {rules.players} players, stock {rules.stock}"
        )
        if rules.teams:
            text += ", partnerships"
        if rules.cap is not None:
            text += f", cap {plural(rules.cap, 'turn')}"
        return f"{text}, seed {config.seed!r}, time limit {config.time_limit:g} s"

    def warnings(self) -> list[str]:
        """Advice on faults with a known cause: an outside bot that could not import
        a module, most likely run by a Python without skipbo."""
        bots = sorted({f.bot for f in self.faults if MISSING_MODULE_HINT in f.why})
        return [
            f"bot {i} ({self.bots[i].label}) died with ModuleNotFoundError: {MISSING_MODULE_HINT}"
            for i in bots
        ]


def _report_lines(title: str, reports: Sequence[Fault | FallbackNote], limit: int) -> list[str]:
    """A titled list of the first ``limit`` reports (none: no lines)."""
    if not reports:
        return []
    lines = [f"{title}:"] + [f"  {report.to_text()}" for report in reports[:limit]]
    if len(reports) > limit:
        lines.append(f"  ... and {len(reports) - limit} more (see --json or --out)")
    return lines


def _name(tally: BotTally) -> str:
    """A bot as the summary names it: an outside program by its hello name first."""
    if tally.hello is None or tally.label.startswith("bot:"):
        return tally.label
    return f"{tally.hello} ({tally.label})"


def _share_text(share: Share) -> str:
    if not share.total:
        return f"{NO_SHARE:>6} 0/0"
    low, high = share.ci95
    return f"{share.share:6.1%} [{low:6.1%}, {high:6.1%}] {count_text(share.count)}/{share.total}"


def make_bots(config: MatchConfig, first_round: int = 0) -> list[RefereedBot]:
    """One refereed bot per ``--bot``; outside programs are started at once, so a
    command that cannot run fails before any round (``RefereeError``).

    Built-in bots start counting their rounds at ``first_round`` (a worker's
    first round), which is what one set of bots playing every round would do."""
    bots: list[RefereedBot] = []
    try:
        for index, spec in enumerate(config.specs):
            if spec.builtin is not None:
                seed = f"{config.seed}/bot{index}"
                builtin = InProcessBot(spec.builtin, seed, config.time_limit)
                builtin.rounds = first_round
                bots.append(builtin)
            else:
                bot = ProtocolBot(spec.argv, spec.label, config.time_limit, config.hello_limit)
                bots.append(bot)
                bot.start()
    except BaseException:
        close_bots(bots)
        raise
    return bots


def close_bots(bots: Sequence[RefereedBot]) -> None:
    """End every bot; used however the match ends."""
    for bot in bots:
        bot.close()


@contextlib.contextmanager
def ending(bots: Sequence[RefereedBot]) -> Iterator[None]:
    """Ends every bot however the block ends (:func:`close_bots`); a block stopped (Ctrl-C,
    a write error) abandons them first: no grace for bots still thinking."""
    try:
        yield
    except BaseException:
        for bot in bots:
            bot.abandon()
        raise
    finally:
        close_bots(bots)


@dataclass(slots=True)
class _Table:
    """One round being played: the state, who sits where, and what went wrong."""

    state: Round
    seats: list[int]
    """``seats[s]`` is the index of the bot at seat ``s``."""
    number: int
    deal: int
    rotation: int
    faults: dict[int, Fault] = field(default_factory=dict)
    """Faults by seat; a seat with one forfeits at its next decision."""
    fallbacks: list[FallbackNote] = field(default_factory=list)

    def fault(self, bots: Sequence[RefereedBot], seat: int, stage: str, fault: BotFault) -> None:
        """Note a fault and drop the bot; it forfeits at its next decision."""
        index = self.seats[seat]
        bots[index].abandon()
        self.faults[seat] = Fault(
            self.number, self.deal, self.rotation, seat, index, bots[index].label,
            stage, fault.why, fault.sent, forfeited=False, kind=fault.kind,
        )  # fmt: skip


def play_deal_round(
    config: MatchConfig,
    bots: Sequence[RefereedBot],
    tallies: Sequence[BotTally],
    deal: int,
    rotation: int,
) -> _Table:
    """Play deal ``deal`` with the bots rotated by ``rotation``; the finished table."""
    rules = config.rules
    n = rules.players
    table = _Table(
        new_round(rules, f"{config.seed}/{deal}", dealer=deal % n),
        [(seat - rotation) % n for seat in range(n)],
        deal * config.rotations + rotation,
        deal,
        rotation,
    )
    for seat, index in enumerate(table.seats):
        tallies[index].rounds += 1
        try:
            tallies[index].hello = bots[index].hello(seat, rules)
        except BotFault as fault:
            table.fault(bots, seat, "hello", fault)
    _play_moves(table, bots, tallies)
    result = table.state.result
    assert result is not None
    for seat, index in enumerate(table.seats):
        if seat not in table.faults:
            bots[index].end(result.to_dict())
    return table


def _play_moves(table: _Table, bots: Sequence[RefereedBot], tallies: Sequence[BotTally]) -> None:
    """The decisions of the round, until it ends or a bot forfeits it.

    A seat with a fault forfeits at its next decision: at once after a bad
    answer, and at its first decision after a failed hello (forfeiting then
    keeps the record replayable: the forfeited seat is the seat to move).
    """
    state = table.state
    while state.result is None:
        seat = state.to_move
        if seat in table.faults:
            state.forfeit(seat)
            table.faults[seat] = replace(table.faults[seat], forfeited=True)
            return
        index = table.seats[seat]
        legal = state.legal_moves()
        start = time.perf_counter()
        try:
            move = bots[index].choose(player_view(state, seat), legal)
        except BotFault as fault:
            if fault.move is not None:
                fault.why += f" ({state.why_illegal(fault.move)})"
            table.fault(bots, seat, "move", fault)
            continue
        finally:
            tallies[index].decisions += 1
            tallies[index].seconds += time.perf_counter() - start
        why = bots[index].fallback
        if why is not None:
            tallies[index].fallbacks += 1
            table.fallbacks.append(FallbackNote(table.number, seat, index, bots[index].label, why))
        state.apply_unchecked(move)


def record_of(config: MatchConfig, bots: Sequence[RefereedBot], table: _Table) -> dict[str, Any]:
    """The round's ``skipbo-record/1`` object, with where it sits in the match."""
    names = [bots[index].label for index in table.seats]
    extra: dict[str, Any] = {
        "match": {
            "seed": config.seed,
            "deal": table.deal,
            "rotation": table.rotation,
            "round": table.number,
            "bots": list(table.seats),
            "referee": f"skipbo {__version__}",
        }
    }
    if table.faults:
        extra["faults"] = [table.faults[seat].to_json() for seat in sorted(table.faults)]
    if table.fallbacks:
        extra["fallbacks"] = [note.to_json() for note in table.fallbacks]
    return record_json(table.state, names, extra)


def _count(table: _Table, tallies: Sequence[BotTally], reasons: dict[str, int]) -> None:
    """Add the finished round: every bot gets its side's part of the win (a forfeit
    is lost by the forfeiting side, won by the others), a forfeit its reason."""
    result = table.state.result
    assert result is not None
    rules = table.state.rules
    credits = side_credits(rules, result)
    for seat, index in enumerate(table.seats):
        tallies[index].wins += credits[rules.team_of(seat)]
    if result.forfeited is not None:
        tally = tallies[table.seats[result.forfeited]]
        tally.forfeits += 1
        kind = table.faults[result.forfeited].kind
        tally.forfeit_reasons[kind] = tally.forfeit_reasons.get(kind, 0) + 1
    elif result.winner is None:
        reasons[result.reason] = reasons.get(result.reason, 0) + 1


def iter_rounds(config: MatchConfig, deals: range | None = None) -> Iterator[tuple[int, int]]:
    """(deal, rotation) of every round (of ``deals``), in the order they are played."""
    for deal in range(config.deals) if deals is None else deals:
        for rotation in range(config.rotations):
            yield deal, rotation


class _Played(NamedTuple):
    """What some rounds came to: the totals and each round's record as a JSON line."""

    tallies: list[BotTally]
    reasons: dict[str, int]
    faults: list[Fault]
    lines: list[str]
    fallbacks: list[FallbackNote]


def _play_rounds(
    config: MatchConfig, bots: Sequence[RefereedBot], played: _Played, deals: range | None
) -> Iterator[str]:
    """Play the rounds of ``deals`` (all: None), adding them up in ``played``;
    yields each round's record as a JSON line."""
    for deal, rotation in iter_rounds(config, deals):
        table = play_deal_round(config, bots, played.tallies, deal, rotation)
        _count(table, played.tallies, played.reasons)
        played.faults.extend(table.faults[seat] for seat in sorted(table.faults))
        played.fallbacks.extend(table.fallbacks)
        yield json.dumps(record_of(config, bots, table))


def _empty(config: MatchConfig) -> _Played:
    tallies = [BotTally(spec.label) for spec in config.specs]
    return _Played(tallies, dict.fromkeys(UNDECIDED_REASONS, 0), [], [], [])


def _play_deal(task: tuple[MatchConfig, int]) -> _Played:
    """One deal with its own bots; runs in a worker process when ``jobs > 1``."""
    config, deal = task
    played = _empty(config)
    bots = make_bots(config, first_round=deal * config.rotations)
    with ending(bots):
        played.lines.extend(_play_rounds(config, bots, played, range(deal, deal + 1)))
    return played


def _add(total: _Played, part: _Played) -> None:
    for mine, theirs in zip(total.tallies, part.tallies, strict=True):
        mine.hello = theirs.hello or mine.hello
        mine.rounds += theirs.rounds
        mine.wins += theirs.wins
        mine.forfeits += theirs.forfeits
        for kind, count in theirs.forfeit_reasons.items():
            mine.forfeit_reasons[kind] = mine.forfeit_reasons.get(kind, 0) + count
        mine.fallbacks += theirs.fallbacks
        mine.decisions += theirs.decisions
        mine.seconds += theirs.seconds
    for reason, count in part.reasons.items():
        total.reasons[reason] = total.reasons.get(reason, 0) + count
    total.faults.extend(part.faults)
    total.fallbacks.extend(part.fallbacks)


def play_match(
    config: MatchConfig,
    out: IO[str] | None = None,
    progress: Callable[[int], object] | None = None,
) -> MatchSummary:
    """Play every round of the match and sum it up.

    ``out``, when given, receives every round's record as one JSON line, in
    play order. ``progress`` is called with 1 after each round (``tqdm.update``
    fits). Raises :class:`RefereeError` if an outside bot cannot be started.
    """
    start = time.perf_counter()
    played = _empty(config)
    if config.jobs > 1:
        tasks = [(config, deal) for deal in range(config.deals)]
        for part in ordered_map(_play_deal, tasks, config.jobs):
            _add(played, part)
            _write(out, part.lines, progress)
    else:
        bots = make_bots(config)
        with ending(bots):
            for line in _play_rounds(config, bots, played, None):
                _write(out, [line], progress)
    seconds = time.perf_counter() - start
    return MatchSummary(
        config,
        tuple(played.tallies),
        played.reasons,
        tuple(played.faults),
        seconds,
        tuple(played.fallbacks),
    )


def _write(out: IO[str] | None, lines: list[str], progress: Callable[[int], object] | None) -> None:
    if out is not None:
        out.writelines(line + "\n" for line in lines)
    if progress is not None:
        progress(len(lines))
