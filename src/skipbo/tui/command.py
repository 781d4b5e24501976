"""``skipbo play``: the argument parser and the entry point of the terminal game.

Importing this module is cheap (no Textual): the ``skipbo`` command builds its
parser on every run. The app is imported only when the game starts.
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path
from typing import Any

from skipbo.bots import bot_names
from skipbo.core import Rules, RulesError

from .config import (
    DEFAULT_BOT,
    DEFAULT_DELAY,
    MAX_DELAY,
    ConfigError,
    GameConfig,
    bot_list,
    default_players,
    seat_kinds,
)
from .faces import FACE_STYLES
from .texts import LANGUAGES

MATCH_TARGET = 500


class PlayError(ValueError):
    """Bad options or an unreadable record: the command prints one line, exit 2."""


def add_play_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``play`` to the ``skipbo`` subcommands; it runs :func:`run_play_command`."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help="play in the terminal: you against bots, or friends at one keyboard",
        description=(
            "A full-screen Skip-Bo table in the terminal (docs/tui.md). People sit at "
            "seats 0, 1, ... (with --teams, as partners first); bots fill the other seats. "
            "Press ? in the game for the keys."
        ),
    )
    parser.add_argument(
        "--players", type=int, metavar="N", help="2..6 (default: the people plus the bots)"
    )
    parser.add_argument(
        "--humans",
        type=int,
        default=1,
        metavar="N",
        help="people at this keyboard, taking turns (default 1; 0 watches bots play)",
    )
    parser.add_argument(
        "--bots",
        metavar="A,B,...",
        help=(
            f"bots for the other seats: one name for all, or one per bot seat "
            f"(default {DEFAULT_BOT}; known: {', '.join(bot_names())})"
        ),
    )
    parser.add_argument("--teams", action="store_true", help="partnership play (4 or 6 players)")
    parser.add_argument("--stock", type=int, metavar="N", help="stock size 1..30")
    parser.add_argument(
        "--match",
        type=int,
        nargs="?",
        const=MATCH_TARGET,
        metavar="TARGET",
        help=f"play rounds until a side has TARGET points (default {MATCH_TARGET})",
    )
    parser.add_argument("--faces", choices=FACE_STYLES, default="numbers", help="card faces")
    parser.add_argument("--seed", metavar="S", help="deal seed, any text (default: random)")
    parser.add_argument(
        "--delay",
        type=float,
        default=DEFAULT_DELAY,
        metavar="SECONDS",
        help=f"pause before each bot move, thinking included (default {DEFAULT_DELAY}; 0: none)",
    )
    parser.add_argument("--save", metavar="FILE", help="save every round to FILE (JSON Lines)")
    parser.add_argument("--replay", metavar="FILE", help="step through the records in FILE")
    parser.add_argument("--light", action="store_true", help="light colours (ctrl+t switches)")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="en",
        help="language of every screen: the table, messages, end screens, help (default en)",
    )
    parser.set_defaults(run=run_play_command)
    return parser


def game_config(args: argparse.Namespace) -> GameConfig:
    """Check the options and build the game's configuration."""
    try:
        bots = bot_list(args.bots)
        players = args.players
        if players is None:
            players = default_players(args.humans, bots)
        rules = Rules.make(players, args.stock, args.teams)
        seats = seat_kinds(players, args.humans, bots, args.teams)
    except (ConfigError, RulesError) as exc:
        raise PlayError(str(exc)) from None
    if not 0 <= args.delay <= MAX_DELAY:  # also refuses nan
        raise PlayError(f"--delay must be 0..{MAX_DELAY:g} seconds, not {args.delay:g}")
    if args.match is not None and args.match < 1:
        raise PlayError(f"--match must be at least 1 point, not {args.match}")
    if args.save is not None:
        check_save_path(args.save)
    seed = args.seed if args.seed is not None else str(secrets.randbelow(1_000_000))
    return GameConfig(rules, seats, seed, args.match, args.delay, args.faces, args.save, args.lang)


def check_save_path(path: str) -> None:
    """Fail now, not after an hour of play, when ``--save`` cannot be written.

    The file is opened for appending (nothing in it changes) and removed again
    if this check created it.
    """
    target = Path(path)
    if target.is_dir():
        raise PlayError(f"--save {path}: that is a folder, not a file")
    existed = target.exists()
    try:
        with target.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise PlayError(f"--save {path}: cannot write there ({exc.strerror or exc})") from None
    if not existed:
        target.unlink()


def load_records(path: str) -> list[dict[str, Any]]:
    """The JSON records of a file: JSON Lines, or one (possibly indented) object."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PlayError(f"cannot read {path}: {exc}") from None
    try:
        whole = json.loads(text)
        return [whole] if isinstance(whole, dict) else list(whole)
    except (json.JSONDecodeError, TypeError):
        pass
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise PlayError(f"{path}, line {number}: not JSON ({exc.msg})") from None
    if not records:
        raise PlayError(f"{path} holds no record")
    return records


def run_play_command(args: argparse.Namespace) -> int:
    """Run the game (or the replay) until the player quits; returns the exit status."""
    if args.replay is not None:
        from .replay import ReplayApp, replay_rounds

        rounds = replay_rounds(load_records(args.replay))
        ReplayApp(rounds, args.faces, args.light, args.lang).run()
        return 0
    config = game_config(args)
    from .app import GameApp

    GameApp(config, args.light).run()
    return 0
