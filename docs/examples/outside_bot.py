"""A complete outside Skip-Bo bot: it speaks skipbo-bot/1 with nothing but Python.

Run it under the referee:  skipbo match --bot "python outside_bot.py" --bot greedy
It plays its stock when it can, else any play onto a build pile that keeps its
wild cards in hand, else the first legal move (a discard, or "end").
"""

import json
import sys


def choose(view: dict[str, object], legal: list[str]) -> str:
    stock = [m for m in legal if m.startswith(("S-", "pS-"))]
    plays = [m for m in legal if "-B" in m and not m.startswith("HSB")]
    return (stock or plays or legal)[0]


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        answer = {"name": "example", "version": "1.0"}
    elif message["type"] == "move":
        answer = {"move": choose(message["view"], message["legal"])}
    else:
        continue  # "end": the round is over; the next message is a new hello
    print(json.dumps(answer), flush=True)
