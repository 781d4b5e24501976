"""The hard bot: combo's chains to the stock and kept wild cards, a short search, no threat."""

from __future__ import annotations

from skipbo.bots import make_bot
from skipbo.bots.combo import ComboBot, TurnSearch
from skipbo.bots.greedy import GreedyBot
from skipbo.bots.hard import HARD_NODES, HARD_WEIGHTS, HardBot
from skipbo.core import SB, Rules, player_view
from skipbo.sim.runner import play_round
from test_combo import _play_turn, _position


def test_hard_is_the_hard_level_and_greedy_keeps_its_own_name() -> None:
    assert isinstance(make_bot("hard"), HardBot) and make_bot("hard").name == "hard"
    greedy = make_bot("greedy")
    assert type(greedy) is GreedyBot and greedy.name == "greedy"


def test_plays_the_stock_card_when_it_fits() -> None:
    state = _position([9, 10, 11, 11, 12], [[1, 2, 3]], stock=(9, 4))
    assert _play_turn(HardBot("t"), state)[0] == "S-B1"


def test_chains_hand_discard_top_and_wild_card_to_the_stock() -> None:
    # stock 7 on B1 at 3: the hand's 4, D1's 5 and a wild card as 6 reach it
    state = _position([4, SB, 9, 10, 11], [[1, 2, 3]], [[5], [], [], []], stock=(9, 7))
    assert _play_turn(HardBot("t"), state)[:4] == ["H4-B1", "D1-B1", "HSB-B1", "S-B1"]


def test_plays_a_discard_pile_down_to_the_stock() -> None:
    state = _position([9, 10, 11, 11, 12], [[1, 2, 3]], [[6, 5, 4], [], [], []], stock=(9, 7))
    assert _play_turn(HardBot("t"), state)[:4] == ["D1-B1", "D1-B1", "D1-B1", "S-B1"]


def test_keeps_the_wild_card_when_no_chain_reaches_the_stock() -> None:
    # the wild card as 2 would let 3 and 4 follow, but the stock's 12 stays out of reach
    state = _position([SB, 3, 4, 9, 10], [[1]], stock=(9, 12))
    moves = _play_turn(HardBot("t"), state)
    assert not any(move.startswith("HSB") for move in moves)
    assert len(moves) == 1 and moves[0].startswith("H") and "-D" in moves[0]


def test_spends_a_wild_card_to_empty_the_hand() -> None:
    state = _position([SB], [[1, 2, 3]], stock=(9, 12))
    assert _play_turn(HardBot("t"), state)[0] == "HSB-B1"


def test_does_not_watch_what_the_next_opponent_needs() -> None:
    # the 4 leaves B1 needing 5, the next opponent's stock card: combo holds it back,
    # hard plays it (a hand card played comes back fresh) as if the 5 were anyone's
    state = _position([4, 9, 10, 11, 11], [[1, 2, 3]], stock=(9, 12), next_stock=(2, 5))
    assert "H4-B1" not in _play_turn(ComboBot("t"), state.clone())
    assert _play_turn(HardBot("t"), state)[0] == "H4-B1"


def test_takes_the_first_line_to_the_stock_it_finds_not_the_shortest() -> None:
    # combo reaches the stock's 11 with H9, H10 on B4 and keeps its discard piles;
    # hard's short search sees the line through B1 first and spends D1 and D4 on it
    build = [[], [1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7, 8]]
    piles = [[6, 5, 4, 3, 2], [7, 6, 5, 4, 3, 2], [12, 11, 7], [8, 7, 6, 5]]
    state = _position([1, 9, 10, 12, 12], build, piles, stock=(9, 11))
    assert _play_turn(ComboBot("t"), state.clone())[:3] == ["H9-B4", "H10-B4", "S-B4"]
    moves = _play_turn(HardBot("t"), state)
    assert moves.index("S-B1") > 10 and moves[:2] == ["H1-B1", "D1-B1"]


def test_the_search_looks_at_no_more_than_its_bound() -> None:
    build = [[], [1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7, 8]]
    piles = [[6, 5, 4, 3, 2], [7, 6, 5, 4, 3, 2], [12, 11, 7], [8, 7, 6, 5]]
    view = player_view(_position([1, 9, 10, 12, 12], build, piles, stock=(9, 11)), 0)
    search = TurnSearch(view, HARD_WEIGHTS, HARD_NODES)
    search.best()
    assert len(search.seen) == HARD_NODES


def test_is_deterministic_and_ignores_its_seed() -> None:
    rules = Rules.make(3, 12)

    def history(seed: str) -> list[int]:
        bots = [HardBot(f"{seed}/{seat}") for seat in range(3)]
        return play_round(rules, bots, "deal").history

    assert history("a") == history("a") == history("b")
