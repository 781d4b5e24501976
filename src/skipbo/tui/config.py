"""What ``skipbo play`` was asked for: seats, rules, match target, pacing.

Kept apart from Textual so that the command line can check every argument (and
say what is wrong in one line) before a full-screen app takes the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from skipbo.core import Rules
from skipbo.core.rules import MAX_PLAYERS
from skipbo.sim.players import bot_label

DEFAULT_BOT: Final = "medium"
DEFAULT_DELAY: Final = 0.6
MAX_DELAY: Final = 60.0
"""The longest ``--delay``: a pause longer than a minute after each bot move is a typo."""
HUMAN: Final = ""
"""The entry of :attr:`GameConfig.seats` for a person at the keyboard."""


class ConfigError(ValueError):
    """An impossible combination of options; the message says which and why."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """One game: ``seats[i]`` is a bot (a name or ``cmd:COMMAND``), or :data:`HUMAN`."""

    rules: Rules
    seats: tuple[str, ...]
    seed: str
    target: int | None = None
    """Points that win the match; None plays a single round."""
    delay: float = DEFAULT_DELAY
    faces: str = "numbers"
    save: str | None = None
    lang: str = "en"
    """The language of every screen (en, fr, de, nl): see :mod:`.texts`."""

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played at the keyboard, ascending."""
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == HUMAN)

    def names(self) -> list[str]:
        """Seat names for the screen and the record: you, Player k, or bot:NAME
        (an outside program's NAME: what it answers to hello).

        A bot kind that sits more than once gets its seat number (``bot:hard#3``)
        so that the last moves say which one played.
        """
        humans = self.humans
        out = []
        for seat, kind in enumerate(self.seats):
            if kind != HUMAN:
                twin = self.seats.count(kind) > 1
                name = bot_label(kind)
                out.append(f"bot:{name}#{seat}" if twin else f"bot:{name}")
            elif len(humans) == 1:
                out.append("you")
            else:
                out.append(f"Player {humans.index(seat) + 1}")
        return out


def human_seat_order(players: int, teams: bool) -> list[int]:
    """Where people sit: seats 0, 1, ... or, in partnership play, partners first.

    With teams, seat i and seat i + n/2 are partners (rules §2), so two people
    at one keyboard play together against the bots, which is what a couple at
    a table usually wants; four people fill both teams.
    """
    if not teams:
        return list(range(players))
    half = players // 2
    return [seat for team in range(half) for seat in (team, team + half)]


def bot_list(text: str | None) -> list[str]:
    """The bots of ``--bots`` (comma separated: names or ``cmd:COMMAND``), each one
    checked (a program is started once, to learn its name)."""
    if text is None:
        return []
    names = [name.strip() for name in text.split(",")]
    for name in names:
        try:
            bot_label(name)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
    return names


def default_players(humans: int, bots: list[str]) -> int:
    """The table without ``--players``: the people plus the listed bots.

    A lone person with no ``--bots`` gets one opponent, the default bot. A count of
    people that no table has is refused here, naming ``--humans`` (not the player
    count that would follow from it).
    """
    if not 0 <= humans <= MAX_PLAYERS:
        raise ConfigError(f"--humans must be 0..{MAX_PLAYERS}, not {humans}")
    return humans + (len(bots) if bots else (1 if humans < 2 else 0))


def seat_kinds(players: int, humans: int, bots: list[str], teams: bool) -> tuple[str, ...]:
    """Every seat's kind: people first (see :func:`human_seat_order`), then bots.

    One bot name fills every bot seat; several must name each bot seat.
    """
    if not 0 <= humans <= players:
        raise ConfigError(f"--humans must be 0..{players}, not {humans}")
    free = players - humans
    if not bots:
        bots = [DEFAULT_BOT]
    if free and len(bots) == 1:
        bots = bots * free
    if len(bots) != free and (free or bots != [DEFAULT_BOT]):
        raise ConfigError(
            f"--bots lists {len(bots)} bot(s) for {free} bot seat(s)"
            f" ({players} players, {humans} at the keyboard): give one per bot seat, or one"
        )
    kinds = [HUMAN] * players
    order = human_seat_order(players, teams)
    bot_seats = sorted(order[humans:])
    for seat, name in zip(bot_seats, bots[:free], strict=True):
        kinds[seat] = name
    return tuple(kinds)
