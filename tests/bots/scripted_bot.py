"""An outside bot for the referee tests; ``argv[1]`` says how it misbehaves.

It needs nothing but Python (like any outside bot) and, when it plays, plays
the first legal move, so its games are deterministic. Modes:

``good``            plays every move.
``illegal[:N]``     plays N moves (default 0), then answers a move that is not legal.
``malformed``       answers a move with text that is not JSON.
``wrong-shape``     answers a move with JSON that is not ``{"move": ...}``.
``sleep``           answers hello, then never answers a move in time.
``silent-hello``    never answers hello.
``unflushed``       writes its hello answer into a buffer it never flushes.
``no-newline``      writes its hello answer without a newline (flushed).
``crash``           answers hello, then exits with status 3 after a line on stderr.
``chatty``          answers every move with the move and one extra line.
``once``            plays one round, then exits (a bot may end after a round).
``record:PATH``     plays every move and appends every message it gets to PATH.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
CANDIDATES = ("end", "S-B1", "H1-D1", "pS-B1")


def send(data: object) -> None:
    print(json.dumps(data), flush=True)


def answer_move(message: dict[str, Any], moves_made: int) -> None:
    legal = message["legal"]
    kind, _, count = MODE.partition(":")
    if kind == "illegal" and moves_made >= int(count or 0):
        send({"move": next(m for m in CANDIDATES if m not in legal)})
    elif MODE == "malformed":
        print("this is not JSON {", flush=True)
    elif MODE == "wrong-shape":
        send(["S-B1", legal[0]])
    elif MODE == "sleep":
        time.sleep(30)
    elif MODE == "crash":
        print("boom: the bot fell over", file=sys.stderr, flush=True)
        sys.exit(3)
    else:
        send({"move": legal[0]})
        if MODE == "chatty":
            send({"note": "one line too many"})


def main() -> None:
    moves_made = 0
    for line in sys.stdin:
        message = json.loads(line)
        if MODE.startswith("record:"):
            with open(MODE.partition(":")[2], "a", encoding="utf-8") as log:
                log.write(line)
        if message["type"] == "hello":
            if MODE == "unflushed":  # block-buffered even under PYTHONUNBUFFERED
                buffered = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)  # noqa: SIM115
                buffered.write(json.dumps({"name": "unflushed"}) + "\n")
            elif MODE == "no-newline":
                sys.stdout.write(json.dumps({"name": "no-newline"}))
                sys.stdout.flush()
            elif MODE != "silent-hello":
                send({"name": f"scripted-{MODE.partition(':')[0]}", "version": "1"})
        elif message["type"] == "move":
            answer_move(message, moves_made)
            moves_made += 1
        elif MODE == "once":
            return


if __name__ == "__main__":
    main()
