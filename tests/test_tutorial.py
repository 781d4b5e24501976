"""The guided first game (issue 21 §2): the arranged deal is what the page's script
expects, lesson by lesson, on the real core and through the real server.

The page (static/tutorial.js) asks for the moves of ``PERSON_MOVES`` in order and
points at what each lesson names; these tests play the same moves, with the greedy
bot answering as it does at the table, and check every position a lesson talks
about: the hand dealt, the stock's tops, the wild card standing for a 3, the
opponent's lone discard, the refill to five, the five cards drawn at once, the
completed pile leaving, and the win.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_harness import Client, assert_no_leak, http, thread_server
from skipbo.core import Match, PlayerView, Round, card_name, format_move, player_view
from skipbo.server.bots import BotTurn, choose_bot_move
from skipbo.server.tutorial import (
    OPPONENT,
    PERSON_MOVES,
    tutorial_config,
    tutorial_deck,
    tutorial_round,
)

BOT_MOVES = ["H12-D1"]
"""The greedy bot's only turn: nothing of its fits the pile at 4, it discards its 12."""
SECOND_TURN = 5
"""The person's moves before the bot's turn (PERSON_MOVES[:5])."""


ORDER = [str(n) for n in range(1, 13)] + ["SB"]


def name(card: int) -> str:
    """A card's notation (the core's views hold ints)."""
    return card_name(card)


def hand(view: PlayerView) -> list[str]:
    """The person's hand, sorted as the page shows it (SB last)."""
    return sorted((name(card) for card in view.hand), key=ORDER.index)


def bot_move(state: Round) -> str:
    """The greedy bot's answer, asked as the server asks it (the view and legal moves)."""
    view = player_view(state, 1).to_dict()
    legal = tuple(format_move(move) for move in state.legal_moves())
    return choose_bot_move(BotTurn("TUTOR1", 1, "greedy", "seed", 0, 0, view, legal))


def play_through() -> list[tuple[int, str, PlayerView]]:
    """The whole tutorial on the core: (seat, move, the person's view before it)."""
    config = tutorial_config()
    match = Match(config.rules, "tutorial", None, [tutorial_round(config.rules)])
    state = match.round
    mine = iter(PERSON_MOVES)
    played = []
    while not state.over:
        before = player_view(state, 0)
        move = next(mine) if state.to_move == 0 else bot_move(state)
        played.append((state.to_move, move, before))
        match.play(move)
    assert next(mine, None) is None, "the round ended before the script did"
    return played


def test_the_deck_is_a_whole_deck_dealt_as_the_rules_say() -> None:
    deck = tutorial_deck()
    assert sorted(deck) == sorted(Match(tutorial_config().rules, 1, None).round.deck)
    state = tutorial_round(tutorial_config().rules)
    assert state.dealer == 1 and state.to_move == 0
    view = player_view(state, 0)
    assert hand(view) == ["1", "7", "9", "12", "SB"]
    assert view.players[0].stock == 4 and name(view.players[0].stock_top) == "2"
    assert name(view.players[1].stock_top) == "12"


def test_each_lesson_finds_the_position_it_talks_about() -> None:
    played = play_through()
    seats = [seat for seat, _, _ in played]
    assert seats == [0] * SECOND_TURN + [1] * len(BOT_MOVES) + [0] * 9
    assert [move for seat, move, _ in played if seat == 1] == BOT_MOVES
    views = [view for seat, _, view in played if seat == 0]
    tops = [name(view.players[0].stock_top) for view in views]
    builds = [view.build[0] for view in views]
    # the first turn: 1 from the hand, the stock's 2, the wild card as 3, the stock's 4
    assert builds[:5] == [0, 1, 2, 3, 4] and tops[:4] == ["2", "2", "4", "4"]
    assert views[3].build_piles[0] == (1, 2, 13)  # the SB counts as the 3 the pile needed
    assert hand(views[4]) == ["7", "9", "12"]  # nothing fits: the 12 is discarded
    # the second turn: the hand was refilled to five, 5 to 9 in order
    refilled = views[SECOND_TURN]
    assert (
        hand(refilled) == ["5", "6", "7", "8", "9"] and name(refilled.players[0].stock_top) == "10"
    )
    # the hand emptied on the 9 and five new cards came at once
    drawn = views[SECOND_TURN + 5]
    assert len(drawn.hand) == 5 and "11" in hand(drawn) and builds[SECOND_TURN + 5] == 9
    assert not {"10", "12", "SB", "1"} & set(hand(drawn)), "the lessons ask for the stock's 10"
    # the stock's 10, the 11, then the discard pile's 12 completes the pile
    completing = views[SECOND_TURN + 7]
    assert completing.build[0] == 11 and completing.players[0].discards[0] == (12,)
    last = views[-1]
    assert last.build == (0, 0, 0, 0) and last.completed == 12
    assert last.players[0].stock == 1 and name(last.players[0].stock_top) == "1"


def test_the_person_wins_on_the_last_stock_card() -> None:
    config = tutorial_config()
    match = Match(config.rules, "tutorial", None, [tutorial_round(config.rules)])
    for seat, move, _ in play_through():
        assert match.round.to_move == seat
        match.play(move)
    result = match.round.result
    assert result is not None and result.winner == 0 and result.reason == "stock"
    assert match.over


def test_the_server_deals_the_tutorial_and_the_bot_answers_as_scripted(tmp_path: Path) -> None:
    with thread_server(tmp_path / "t.db") as (base, app):
        status, created = http(base, "POST", "/api/tutorial", {"name": "ann"})
        assert status == 200 and created["seat"] == 0, created
        code, token = created["code"], created["token"]
        view = created["table"]
        assert view["config"]["deal"] == "tutorial" and view["config"]["hints"] is False
        assert view["config"]["seats"] == ["human", OPPONENT] and view["phase"] == "playing"
        table = app.state.registry.get(code)
        client = Client(base, code)
        view = client.hello(token)["view"]
        for move in PERSON_MOVES:
            view = _until_my_turn(client, view)
            assert move in view["legal"], (move, view["legal"])
            client.send({"type": "move", "move": move, "at": [view["round_index"], view["moves"]]})
            view = _after(client, view["moves"])
            assert_no_leak(client.raw[-1], table, 0, [str(table._seed)])
        assert view["phase"] == "match_over" and view["result"]["winner"] == 0
        bot_moves = [text for seat, text in table.log[0] if seat == 1]
        assert bot_moves == BOT_MOVES
        client.close()
        status, lobby = http(base, "GET", "/api/lobby")
        assert code not in str(lobby), "a tutorial is not an open table"


def test_a_tutorial_table_comes_back_after_a_restart(tmp_path: Path) -> None:
    """The stored moves replay on the arranged deal, not on a deal from the seed."""
    db = tmp_path / "r.db"
    with thread_server(db) as (base, _app):
        _, created = http(base, "POST", "/api/tutorial", {"name": "ann"})
        code, token = created["code"], created["token"]
        client = Client(base, code)
        view = client.hello(token)["view"]
        for move in PERSON_MOVES[:3]:
            client.send({"type": "move", "move": move})
            view = _after(client, view["moves"])
        client.close()
    with thread_server(db) as (base, app):
        table = app.state.registry.get(code)
        assert [text for _, text in table.log[0]] == list(PERSON_MOVES[:3])
        client = Client(base, code)
        view = client.hello(token)["view"]
        assert view["view"]["build"][0] == 3 and view["view"]["players"][0]["stock_top"] == "4"
        assert "S-B1" in view["legal"]
        client.close()


def _after(client: Client, moves: int) -> dict[str, Any]:
    """The first view that shows more than ``moves`` moves (the move just sent)."""
    message = client.until(
        lambda m: m["type"] == "error" or (m["type"] == "state" and m["view"]["moves"] > moves)
    )
    assert message["type"] == "state", message
    view: dict[str, Any] = message["view"]
    return view


def _until_my_turn(client: Client, view: dict[str, Any]) -> dict[str, Any]:
    """The views sent while the bot plays, up to the person's turn (or the end)."""
    while view["phase"] == "playing" and view["view"]["to_move"] != 0:
        view = client.until(lambda m: m["type"] == "state")["view"]
    return view
