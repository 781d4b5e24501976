"""How fast a bot decides, through ``skipbo bot`` and in process. Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/bot_speed.py [--bot expert] [--against hard] [--deals 20]``

1. **Through the protocol.** The bot runs as ``skipbo bot NAME`` (one process,
   so one core); this script is the host, plays the other seat in process, and
   times each move request from writing the JSON line to reading the answer:
   what a referee sees, JSON and view parsing included. Median, p99 and max
   per decision, and the bot process's CPU seconds per decision.
2. **In process, one core.** The same deals played by ``play_round`` with each
   decision timed, and games per second. Both are CPU time of this process
   (``time.process_time``), so other programs sharing the machine barely move
   them; the wall-clock figures are printed beside them.

Every deal is played twice with the seats swapped (stock 30, 2 players by
default), on fixed seeds, so two runs measure the same decisions.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ladder import Timed  # the same CPU-time wrapper the ladder uses (benchmarks/ is on sys.path)
from skipbo.bots import make_bot
from skipbo.core import Move, PlayerView, Rules, format_move, new_round, parse_move, player_view
from skipbo.sim.runner import play_round


def summary(times: list[float]) -> str:
    """``median, p99, max`` of ``times`` (seconds) in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"median {statistics.median(ordered) * 1e3:7.3f} ms, p99 {p99 * 1e3:7.2f} ms,"
        f" max {ordered[-1] * 1e3:7.1f} ms ({len(ordered):,} decisions)"
    )


def seatings(bot: str, against: str, deals: int) -> list[tuple[int, list[str]]]:
    """(deal, names by seat) for every deal, each with the seats swapped once."""
    return [(deal, names) for deal in range(deals) for names in ([bot, against], [against, bot])]


class PipeBot:
    """The host's side of one ``skipbo bot NAME`` process, timing each move request."""

    def __init__(self, name: str, seed: str) -> None:
        script = Path(sys.executable).with_name("skipbo")
        argv = [str(script)] if script.exists() else [sys.executable, "-m", "skipbo"]
        self.process = subprocess.Popen(
            [*argv, "bot", name, "--seed", seed],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.times: list[float] = []

    def ask(self, message: dict[str, object]) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("the bot process closed its output")
        answer: dict[str, object] = json.loads(line)
        return answer

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        message: dict[str, object] = {"type": "move", "view": view.to_dict()}
        message["legal"] = [format_move(m) for m in legal]
        start = time.perf_counter()
        answer = self.ask(message)
        self.times.append(time.perf_counter() - start)
        return parse_move(str(answer["move"]))

    def close(self) -> float:
        """End the process; its CPU seconds (user + system)."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime


def through_protocol(args: argparse.Namespace, rules: Rules) -> None:
    """Play the deals with the bot behind ``skipbo bot`` and time its answers."""
    pipe = PipeBot(args.bot, "speed")
    decisions = 0
    start = time.perf_counter()
    for deal, names in seatings(args.bot, args.against, args.deals):
        seat = names.index(args.bot)
        hello = {"type": "hello", "protocol": "skipbo-bot/1", "seat": seat}
        pipe.ask({**hello, "rules": rules.to_dict()})
        other = make_bot(args.against, f"speed/{deal}/{1 - seat}")
        state = new_round(rules, f"speed/{deal}", dealer=0)
        while state.result is None:
            mover, legal = state.to_move, state.legal_moves()
            bot = pipe if mover == seat else other
            state.apply_unchecked(bot.choose(player_view(state, mover), legal))
            decisions += mover == seat
        assert pipe.process.stdin is not None
        pipe.process.stdin.write(json.dumps({"type": "end", "result": {}}) + "\n")
    wall = time.perf_counter() - start
    cpu = pipe.close()
    print(f"through `skipbo bot {args.bot}` (round trip per move request, wall clock):")
    print(f"  {args.bot:>7}: {summary(pipe.times)}")
    print(
        f"  bot process CPU {cpu:.1f} s = {cpu / decisions * 1e3:.2f} ms per decision;"
        f" {2 * args.deals} games in {wall:.1f} s wall"
    )


def in_process(args: argparse.Namespace, rules: Rules) -> None:
    """Games per second on one core, and CPU time per decision."""
    times: dict[str, list[float]] = {}
    cpu, wall = time.process_time(), time.perf_counter()
    games = 0
    for deal, names in seatings(args.bot, args.against, args.deals):
        bots = [Timed(make_bot(n, f"speed/{deal}/{s}")) for s, n in enumerate(names)]
        play_round(rules, bots, f"speed/{deal}", dealer=0)
        games += 1
        for bot in bots:
            times.setdefault(bot.name, []).extend(bot.times)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"in process, one core (CPU time per decision, {os.getloadavg()[0]:.1f} load):")
    for name, values in sorted(times.items()):
        print(f"  {name:>7}: {summary(values)}")
    print(
        f"  {args.bot} vs {args.against}: {games} games, {games / cpu:.2f} games/s of CPU time"
        f" ({games / wall:.2f} games/s wall clock)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--against", default="hard")
    parser.add_argument("--deals", type=int, default=20, help="deals (x2 games, seats swapped)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--skip-protocol", action="store_true", help="only the in-process part")
    args = parser.parse_args()
    rules = Rules.make(args.players)
    if args.players != 2:
        raise SystemExit("bot_speed.py measures 2-player tables (one bot against one)")
    if not args.skip_protocol:
        through_protocol(args, rules)
    in_process(args, rules)


if __name__ == "__main__":
    main()
