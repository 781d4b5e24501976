"""Bots play notation.md's minimal view: no ``build_piles``, no ``completed_cards``.

A host may leave out those two fields (notation.md: a reader must not require
them). The cards they would show are then unseen: the view holds ``NO_CARD`` for
each, a sampled world deals each one as its position's number or an SB, and
every bot plays on, at every table size. The host here is a test referee that
strips the fields from every view it sends.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skipbo.bots import bot_names, make_bot
from skipbo.bots.greedy import GreedyBot
from skipbo.bots.protocol import PROTOCOL, serve_bot
from skipbo.core import (
    NO_CARD,
    SB,
    Move,
    PlayerView,
    Round,
    Rules,
    SkipBoError,
    format_move,
    full_deck,
    new_round,
    parse_move,
    player_view,
)
from skipbo.core.determinize import sample_round, unseen_cards
from skipbo.sim import referee
from skipbo.sim.referee import MatchConfig, play_match
from skipbo.sim.refereed_bots import ProtocolBot

TABLES = [(2, False), (3, False), (4, False), (4, True), (5, False), (6, False), (6, True)]
OPTIONAL = ("build_piles", "completed_cards")


def minimal_json(view: PlayerView) -> dict[str, Any]:
    """The view as JSON without notation.md's two optional fields."""
    data = view.to_dict()
    for key in OPTIONAL:
        data.pop(key, None)
    return data


def minimal(view: PlayerView) -> PlayerView:
    """The view a bot reads from a host that sends the minimal JSON."""
    return PlayerView.from_dict(json.loads(json.dumps(minimal_json(view))))


def greedy_position(players: int, teams: bool, seed: int, moves: int) -> Round:
    """A position after up to ``moves`` moves of greedy bots (piles get completed)."""
    state = new_round(Rules.make(players, teams=teams), seed)
    bots = [GreedyBot(f"{seed}/{seat}") for seat in range(players)]
    for _ in range(moves):
        if state.result is not None:
            break
        state.apply_unchecked(
            bots[state.to_move].choose(player_view(state, state.to_move), state.legal_moves())
        )
    return state


def positions_with_completed_piles(players: int, teams: bool) -> Iterator[Round]:
    """Unfinished positions with completed piles and a started build pile."""
    for seed in range(40):
        state = greedy_position(players, teams, seed, moves=60 + 25 * seed)
        if state.result is None and state.completed and any(state.build):
            yield state


# ------------------------------------------------------------------- the view


def test_a_minimal_view_leaves_the_pile_cards_unseen_and_writes_back_minimal() -> None:
    state = next(positions_with_completed_piles(2, False))
    view = player_view(state, state.to_move)
    read = minimal(view)
    assert [len(pile) for pile in read.build_piles] == list(view.build)
    assert set(card for pile in read.build_piles for card in pile) <= {NO_CARD}
    assert read.completed_cards == (NO_CARD,) * view.completed > ()
    assert read.to_dict() == minimal_json(view)
    # A full view still round-trips with both fields.
    assert PlayerView.from_dict(view.to_dict()).to_dict() == view.to_dict()


@settings(max_examples=30, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), moves=st.integers(0, 400))
def test_a_world_sampled_from_a_minimal_view_agrees_with_it(
    table: tuple[int, bool], seed: int, moves: int
) -> None:
    state = greedy_position(*table, seed, moves)
    if state.result is not None:
        return
    seat = state.to_move
    view = minimal(player_view(state, seat))
    world = sample_round(view, seed)
    assert minimal_json(player_view(world, seat)) == minimal_json(view)
    assert sorted(world.legal_moves()) == sorted(state.legal_moves())
    cards = [c for s in world.stocks for c in s] + list(world.draw) + list(world.completed)
    cards += [c for seat_piles in world.discards for pile in seat_piles for c in pile]
    cards += [c for pile in world.build_cards for c in pile]
    cards += [c for p in range(table[0]) for c in world.hand_cards(p)]
    assert Counter(cards) == Counter(full_deck())
    for pile in world.build_cards:
        assert all(card in (i + 1, SB) for i, card in enumerate(pile))
    assert all(card in (i % 12 + 1, SB) for i, card in enumerate(world.completed))


def test_unseen_pile_cards_join_the_unseen_pool() -> None:
    state = next(positions_with_completed_piles(3, False))
    view = player_view(state, state.to_move)
    in_piles = view.completed + sum(view.build)
    assert len(unseen_cards(minimal(view))) == len(unseen_cards(view)) + in_piles


def test_an_impossible_minimal_view_is_an_error_not_a_wrong_world() -> None:
    state = next(positions_with_completed_piles(2, False))
    data = minimal_json(player_view(state, state.to_move))
    data["completed"] = 12 * 12  # twelve completed piles: more 1s than the deck holds
    with pytest.raises(SkipBoError):
        sample_round(PlayerView.from_dict(data), 1)


# ------------------------------------------------------------------- the bots


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}{'t' if t[1] else ''}")
def test_every_bot_decides_from_minimal_views_at_every_table_size(table: tuple[int, bool]) -> None:
    """Called directly (no safety net): a bot that cannot read the view raises here."""
    states = list(positions_with_completed_piles(*table))[:3]
    assert states, "no position with completed piles: the test would prove nothing"
    for name in bot_names():
        for state in states:
            legal = state.legal_moves()
            view = minimal(player_view(state, state.to_move))
            assert make_bot(name, 1).choose(view, legal) in legal, name


class MinimalViewHost(ProtocolBot):
    """The referee's outside-bot driver, sending minimal views; keeps the bot's stderr."""

    stderr: ClassVar[list[str]] = []
    completed_seen: ClassVar[list[int]] = []

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        self.completed_seen.append(view.completed)
        return super().choose(minimal(view), legal)

    def close(self) -> None:
        if self.process is not None:
            process = self.process
            super().close()
            process.stderr_reader.join(timeout=5)
            self.stderr.extend(process.tail)


def test_skipbo_bot_expert_plays_whole_rounds_of_minimal_views_at_every_table_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reported bug: ``skipbo bot expert`` under a host of minimal views.

    Its own moves, not the fallback: the bot writes nothing on stderr."""
    monkeypatch.setattr(referee, "ProtocolBot", MinimalViewHost)
    for players, teams in TABLES:
        rules = Rules.make(players, stock=8, teams=teams)
        bots = ("skipbo bot expert", *["hard"] * (players - 1))
        summary = play_match(MatchConfig(rules, bots, deals=1, seed=f"m{players}", time_limit=60))
        assert summary.faults == (), [f.to_text() for f in summary.faults]
        assert summary.forfeits == 0 and summary.fallbacks == ()
    assert max(MinimalViewHost.completed_seen) > 0
    assert MinimalViewHost.stderr == []


# ------------------------------------------------------- never die of an error


class Broken:
    """A bot with a bug: it raises, or answers a move that is not legal."""

    name = "broken"

    def __init__(self, raises: bool) -> None:
        self.raises = raises

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        if self.raises:
            raise ZeroDivisionError("oops")
        return max(range(1000)) if legal else 0


def serve_minimal(bot: Any, states: Sequence[Round]) -> tuple[list[Move], list[str], int]:
    """Serve one round's hello and a minimal move message per state, in-process."""
    lines = []
    for state in states:
        seat = state.to_move
        lines.append({"type": "hello", "protocol": PROTOCOL, "seat": seat,
                      "rules": state.rules.to_dict()})  # fmt: skip
        legal = [format_move(m) for m in state.legal_moves()]
        lines.append(
            {"type": "move", "view": minimal_json(player_view(state, seat)), "legal": legal}
        )
    out, err = io.StringIO(), io.StringIO()
    text = "".join(json.dumps(line) + "\n" for line in lines)
    status = serve_bot(bot, io.StringIO(text), out, seed="s", stderr=err)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    moves = [parse_move(a["move"]) for a in answers if "move" in a]
    return moves, err.getvalue().splitlines(), status


@pytest.mark.parametrize(
    "bot", [Broken(raises=True), Broken(raises=False)], ids=["raises", "illegal"]
)
def test_a_failing_bot_answers_the_greedy_policy_move_and_says_why(bot: Broken) -> None:
    states = [next(positions_with_completed_piles(*table)) for table in TABLES]
    moves, err, status = serve_minimal(bot, states)
    assert status == 0 and len(moves) == len(states) == len(err)
    for state, move in zip(states, moves, strict=True):
        view = minimal(player_view(state, state.to_move))
        assert move == GreedyBot("s/1").choose(view, state.legal_moves())
    assert all("internal error in bot 'broken'" in line for line in err)
    assert all("ZeroDivisionError" in line for line in err) == bot.raises


def test_the_expert_given_an_impossible_view_still_answers_a_legal_move() -> None:
    """Twelve completed piles need more 1s and SBs than the deck holds: sampling
    fails (at the decisions where the expert samples)."""
    states = [next(positions_with_completed_piles(*table)) for table in TABLES]
    lines = []
    for state in states:
        seat = state.to_move
        data = minimal_json(player_view(state, seat))
        data["completed"] = 144
        lines += [
            {"type": "hello", "protocol": PROTOCOL, "seat": seat, "rules": state.rules.to_dict()},
            {"type": "move", "view": data, "legal": [format_move(m) for m in state.legal_moves()]},
        ]
    proc = subprocess.run(
        [sys.executable, "-m", "skipbo", "bot", "expert"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0
    answers = [json.loads(line)["move"] for line in proc.stdout.splitlines() if "move" in line]
    for state, move in zip(states, answers, strict=True):
        assert parse_move(move) in state.legal_moves()
    assert len(answers) == len(states)
    err = proc.stderr.splitlines()
    assert err and all("internal error in bot 'expert' (SkipBoError" in line for line in err)
    assert "Traceback" not in proc.stderr


def test_a_bot_that_cannot_even_be_made_leaves_the_process_serving() -> None:
    def factory(seed: str) -> Broken:
        raise RuntimeError("no bot today")

    hello = {"type": "hello", "protocol": PROTOCOL, "seat": 0, "rules": {"players": 2}}
    out, err = io.StringIO(), io.StringIO()
    status = serve_bot(factory, io.StringIO(f"{json.dumps(hello)}\n" * 2), out, stderr=err)
    assert status == 0 and out.getvalue() == ""
    notes = err.getvalue().splitlines()
    assert [n.split(" (")[0] for n in notes] == [
        "skipbo bot: internal error at message 1",
        "skipbo bot: internal error at message 2",
    ]
    assert all("RuntimeError: no bot today" in n for n in notes)
