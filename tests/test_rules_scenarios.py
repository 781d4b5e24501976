"""One or more scenario tests for every rule of /work/shared/spec/rules.md.

Each test is named after its section (``test_s5_...`` tests §5). Positions are
dealt from a computed deck order where that is practical (:func:`deal_from`),
else built with :func:`make_position`; see conftest.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from conftest import (
    ALL_MOVES,
    NOTATION_PLAYER_KEYS,
    NOTATION_VIEW_KEYS,
    cards,
    check_invariants,
    check_legality,
    check_view_json,
    deal_from,
    deal_index,
    deck_for,
    hand,
    legal_texts,
    make_position,
    play,
    play_out,
    scramble_hidden,
    snapshot,
    view_json_sorted,
)
from skipbo.core import (
    END,
    MOVE_COUNT,
    NO_CARD,
    SB,
    BadRecordError,
    DealError,
    IllegalMoveError,
    Match,
    MoveSyntaxError,
    RecordedShuffles,
    Round,
    RoundOverError,
    Rules,
    RulesError,
    SeededShuffler,
    Shuffler,
    SkipBoError,
    card_name,
    dealer_by_high_card,
    default_stock,
    format_move,
    full_deck,
    new_round,
    parse_card,
    parse_move,
    player_view,
    seeded_dealer,
    shuffled_deck,
)
from skipbo.core.moves import PLAY_COUNT

ONE_TO_TWELVE = list(range(1, 13))


def _two_player_round(draw: list[int]) -> Round:
    """2 players, stock 5, dealer 0: seat 1 moves first with ``draw[:5]`` in hand."""
    return deal_from(Rules.make(2, stock=5), 0, None, draw)


# ================================================================ §1 Cards


def test_s1_deck_has_162_cards_twelve_of_each_number_and_18_sb() -> None:
    deck = full_deck()
    counts = Counter(deck)
    assert len(deck) == 162
    assert all(counts[v] == 12 for v in range(1, 13))
    assert counts[SB] == 18
    assert set(counts) == set(range(1, 14))


def test_s1_card_notation_is_1_to_12_and_sb() -> None:
    assert [card_name(c) for c in range(1, 14)] == [str(v) for v in range(1, 13)] + ["SB"]
    assert all(parse_card(card_name(c)) == c for c in range(1, 14))
    for bad in ("0", "13", "sb", "K", " 1", "01", 1, None):
        with pytest.raises(ValueError):
            parse_card(bad)


def test_s1_shuffled_deck_is_a_full_deck() -> None:
    for seed in range(5):
        assert sorted(shuffled_deck(seed)) == full_deck()
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(7) != shuffled_deck(8)


def test_s1_sb_takes_the_value_each_pile_needs() -> None:
    state = _two_player_round([*cards("SB 2 SB 4 SB"), 6, 7, 8, 9, 10])
    assert state.to_move == 1
    play(state, "HSB-B1")
    assert state.build[0] == 1, "SB on an empty slot counts as 1"
    play(state, "H2-B1", "HSB-B1")
    assert state.build[0] == 3, "SB on a pile at 2 counts as 3"
    play(state, "H4-B1")
    assert state.build[0] == 4
    play(state, "HSB-B2")
    assert state.build[1] == 1
    assert state.build_cards[0] == (SB, 2, SB, 4)
    # the hand was emptied: 5 new cards; the next plain card must follow the SB's value
    assert state.is_legal(parse_move("H6-B1")) is False
    assert state.is_legal(parse_move("H6-B2")) is False


def test_s1_sb_as_twelve_completes_the_pile() -> None:
    state = make_position(
        Rules.make(2),
        hands={0: cards("SB 9")},
        build=[list(range(1, 12)), [], [], []],
    )
    play(state, "HSB-B1")
    assert state.build[0] == 0
    assert state.build_cards[0] == ()
    assert sorted(state.completed) == [*range(1, 12), SB]


def test_s1_sb_from_a_completed_pile_is_wild_again() -> None:
    rules = Rules.make(2)
    order = [SB, 3, 4, *range(5, 12), 1, 2]  # the completed pile, reshuffled: SB on top
    state = make_position(
        rules,
        to_move=0,
        hands={0: cards("9"), 1: []},
        build=[[], [1, 2, 3], [], []],
        completed=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, SB],
        rest=(0, 3),
        shuffler=RecordedShuffles([order]),
    )
    play(state, "H9-D1")  # seat 1 refills 5 from the reshuffled completed pile
    assert state.shuffles == [order]
    assert hand(state, 1) == sorted([SB, 3, 4, 5, 6])
    legal = legal_texts(state)
    assert {"HSB-B1", "HSB-B2", "HSB-B3", "HSB-B4"} <= legal
    play(state, "HSB-B2")
    assert state.build[1] == 4


# ================================================================ §2 Players, seats, teams


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s2_two_to_six_players(players: int) -> None:
    rules = Rules.make(players)
    state = new_round(rules, seed=players)
    assert len(state.stocks) == players
    assert len(player_view(state, 0).to_dict()["players"]) == players


@pytest.mark.parametrize("players", [0, 1, 7, 8, -2])
def test_s2_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(RulesError, match="players"):
        Rules.make(players)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_s2_partnerships_only_with_4_or_6(players: int) -> None:
    with pytest.raises(RulesError, match="4 or 6"):
        Rules.make(players, teams=True)


@pytest.mark.parametrize("players", [4, 6])
def test_s2_seat_i_is_in_team_i_mod_half_and_partners_never_adjacent(players: int) -> None:
    rules = Rules.make(players, teams=True)
    half = players // 2
    for seat in range(players):
        assert rules.team_of(seat) == seat % half
        partner = rules.partner(seat)
        assert partner == (seat + half) % players
        assert rules.team_of(partner) == rules.team_of(seat)
        assert partner not in ((seat + 1) % players, (seat - 1) % players)
        assert rules.team_seats(seat) == tuple(sorted((seat, partner)))
    assert rules.sides == half  # teams score and win


def test_s2_no_partner_without_teams() -> None:
    rules = Rules.make(4, stock=5)
    assert rules.sides == 4
    assert all(rules.partner(s) is None for s in range(4))
    assert [rules.team_of(s) for s in range(4)] == [0, 1, 2, 3]
    state = make_position(
        rules,
        stocks={2: [9, 9, 9, 9, 1]},
        hands={0: [9]},
        discards={2: [[1], [], [], []]},
    )
    assert not any(t.startswith("p") for t in legal_texts(state))
    assert "no partner" in (state.why_illegal(parse_move("pS-B1")) or "")
    assert "no partner" in (state.why_illegal(parse_move("pD1-B1")) or "")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s2_play_passes_to_the_left(players: int) -> None:
    state = new_round(Rules.make(players), seed=11, dealer=players - 1)
    seen = []
    for _ in range(2 * players):
        seen.append(state.to_move)
        discard = next(m for m in state.legal_moves() if m >= PLAY_COUNT)
        state.play(discard)
    assert seen == [i % players for i in range(2 * players)]


def _team_rules() -> Rules:
    return Rules.make(4, stock=2, teams=True)


def test_s2_partner_stock_top_is_playable() -> None:
    rules = _team_rules()
    stocks = {2: [5, 1]}  # partner of seat 0 is seat 2
    state = deal_from(rules, 3, stocks, [9, 9, 10, 10, 11])
    assert state.to_move == 0
    assert "pS-B1" in legal_texts(state)
    play(state, "pS-B1")
    assert state.build[0] == 1
    assert state.stocks[2] == (5,)
    assert player_view(state, 0).to_dict()["players"][2]["stock_top"] == "5"
    check_invariants(state)


def test_s2_partner_discard_top_is_playable_but_not_below_it() -> None:
    rules = _team_rules()
    state = make_position(
        rules,
        hands={0: [9, 9]},
        discards={2: [[1], [3, 2], [], []]},
        build=[[], [1], [], []],
    )
    legal = legal_texts(state)
    assert {"pD1-B1", "pD1-B3", "pD1-B4", "pD2-B2"} <= legal
    assert "pD2-B1" not in legal  # the 3 below the 2 is not playable
    play(state, "pD2-B2", "pD2-B2")
    assert state.build[1] == 3
    assert state.discards[2][1] == ()
    assert "partner's discard pile 2 is empty" in (state.why_illegal(parse_move("pD2-B1")) or "")


def test_s2_opponents_piles_are_never_playable() -> None:
    rules = _team_rules()
    stocks = {1: [9, 1], 3: [9, 1]}  # both opponents of seat 0 show a 1
    state = make_position(
        rules,
        stocks=stocks,
        hands={0: [9, 10]},
        discards={1: [[1], [], [], []], 3: [[SB], [], [], []]},
    )
    plays = {t for t in legal_texts(state) if "-B" in t}
    assert plays == set(), plays


def test_s2_never_discard_onto_partner_piles() -> None:
    """No move puts a card on a partner's (or anyone else's) discard pile."""
    for text in ("H1-pD1", "pH1-D1", "H1-pD4", "HSB-pD2"):
        with pytest.raises(MoveSyntaxError):
            parse_move(text)
    rules = _team_rules()
    state = new_round(rules, seed=3)
    p = state.to_move
    before = snapshot(state)
    for m in state.legal_moves():
        if m < PLAY_COUNT or m == END:
            continue
        trial = state.clone()
        trial.play(m)
        for seat in range(4):
            if seat != p:
                assert [list(d) for d in trial.discards[seat]] == before["discards"][seat]
        assert sum(map(len, trial.discards[p])) == 1


# ================================================================ §3 Set-up


def test_s3_default_stock_sizes() -> None:
    assert [default_stock(n) for n in range(2, 7)] == [30, 30, 30, 20, 20]
    assert [Rules.make(n).stock for n in range(2, 7)] == [30, 30, 30, 20, 20]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s3_any_stock_1_to_30_if_n_times_stock_plus_5_fits(players: int) -> None:
    for stock in range(-1, 33):
        ok = 1 <= stock <= 30 and players * (stock + 5) <= 162
        if ok:
            assert Rules.make(players, stock).stock == stock
            new_round(Rules.make(players, stock), seed=stock)  # and it deals
        else:
            with pytest.raises(RulesError, match="stock"):
                Rules.make(players, stock)


def test_s3_too_large_stock_error_is_clear() -> None:
    with pytest.raises(RulesError) as info:
        Rules.make(6, 23)
    message = str(info.value)
    assert "23" in message and "6 players" in message and "162" in message
    assert "at most 22" in message
    with pytest.raises(RulesError, match=r"1\.\.30"):
        Rules.make(2, 31)
    with pytest.raises(RulesError, match=r"1\.\.30"):
        Rules.make(2, 0)


def test_s3_rules_must_be_well_typed() -> None:
    for bad in [
        {"players": True},
        {"players": "2"},
        {"players": 2, "stock": 2.5},
        {"players": 2, "teams": "yes"},
        {"players": 2, "cap": 0},
        {"players": 2, "cap": -3},
        {"players": 2, "colour": "red"},
        {"stock": 10},
        [2],
    ]:
        with pytest.raises(RulesError):
            Rules.from_dict(bad)
    assert Rules.from_dict({"players": 5}) == Rules(5, 20, False, None)
    rules = Rules.from_dict({"players": 4, "stock": 7, "teams": True, "cap": 9})
    assert Rules.from_dict(rules.to_dict()) == rules


def test_s3_deal_order_last_card_is_stock_top() -> None:
    """Two players, dealer 0: the deck's first card is the bottom of seat 1's stock."""
    rules = Rules.make(2, stock=3)
    deck = list(range(1, 13)) * 12 + [SB] * 18
    # deck[0..5] = 1 2 3 4 5 6: seat 1 gets 1, 3, 5 and seat 0 gets 2, 4, 6
    state = Round.deal(rules, 0, deck, RecordedShuffles([]))
    assert state.stocks[1] == (1, 3, 5)
    assert state.stocks[0] == (2, 4, 6)
    assert state.stock_top(1) == 5 and state.stock_top(0) == 6
    # the rest of the deck, in order, is the draw pile; seat 1 drew its first 5
    assert hand(state, 1) == [7, 8, 9, 10, 11]
    assert list(reversed(state.draw)) == deck[11:]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s3_dealing_order_is_exact_for_every_dealer(players: int) -> None:
    rules = Rules.make(players)
    deck = shuffled_deck(f"deal-{players}")
    for dealer in range(players):
        state = Round.deal(rules, dealer, deck, RecordedShuffles([]))
        for k in range(players * rules.stock):
            seat = (dealer + 1 + k) % players
            assert state.stocks[seat][k // players] == deck[k]
        for seat in range(players):
            assert len(state.stocks[seat]) == rules.stock
            # the last card the seat received is its stock top
            last = deal_index(rules, dealer, seat, rules.stock - 1)
            assert state.stock_top(seat) == deck[last]
        rest = deck[players * rules.stock :]
        first = (dealer + 1) % players
        assert hand(state, first) == sorted(rest[:5])
        assert list(reversed(state.draw)) == rest[5:]


def test_s3_deck_for_helper_agrees_with_the_deal() -> None:
    rules = Rules.make(3, stock=4)
    stocks = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    for dealer in range(3):
        deck = deck_for(rules, dealer, stocks, [SB, SB, 1, 1, 1])
        state = Round.deal(rules, dealer, deck, RecordedShuffles([]))
        assert [list(s) for s in state.stocks] == stocks
        assert hand(state, (dealer + 1) % 3) == [1, 1, 1, SB, SB]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s3_dealers_left_plays_first_and_begins_with_the_refill(players: int) -> None:
    rules = Rules.make(players)
    for dealer in range(players):
        state = new_round(rules, seed=dealer, dealer=dealer)
        first = (dealer + 1) % players
        assert state.to_move == first
        assert state.turns == 1
        assert state.hand_sizes[first] == 5
        assert [state.hand_sizes[s] for s in range(players) if s != first] == [0] * (players - 1)
        assert state.build == (0, 0, 0, 0)
        assert all(d == ((), (), (), ()) for d in state.discards)
        assert len(state.draw) == 162 - players * rules.stock - 5


def test_s3_deal_refuses_a_bad_dealer_or_deck() -> None:
    rules = Rules.make(2)
    with pytest.raises(DealError, match="dealer"):
        Round.deal(rules, 2, full_deck(), RecordedShuffles([]))
    with pytest.raises(DealError, match="dealer"):
        Round.deal(rules, -1, full_deck(), RecordedShuffles([]))
    with pytest.raises(DealError, match="162"):
        Round.deal(rules, 0, full_deck()[:-1], RecordedShuffles([]))
    with pytest.raises(DealError, match="162"):
        Round.deal(rules, 0, [*full_deck()[:-1], 1], RecordedShuffles([]))


def test_s3_dealer_by_high_card_highest_number_deals() -> None:
    assert dealer_by_high_card(3, [5, 9, 3]) == 1
    assert dealer_by_high_card(2, [12, 1]) == 0
    assert dealer_by_high_card(4, [1, 2, 3, 4]) == 3


def test_s3_dealer_by_high_card_sb_does_not_count_and_is_redrawn() -> None:
    # seat 0 draws SB (redrawn: 4), seat 1 draws 7
    assert dealer_by_high_card(2, [SB, 4, 7]) == 1
    # seat 0 draws 5, seat 1 draws SB, SB, then 2
    assert dealer_by_high_card(2, [5, SB, SB, 2]) == 0


def test_s3_dealer_by_high_card_ties_redrawn_among_the_tied() -> None:
    # seats 0 and 2 tie on 9; only they draw again: seat 0 gets 3, seat 2 gets 8
    assert dealer_by_high_card(3, [9, 4, 9, 3, 8]) == 2
    # a second tie (6, 6) is drawn again once more: 2 and 1
    assert dealer_by_high_card(3, [9, 4, 9, 6, 6, 2, 1]) == 0
    # seat 1 is out after the first draw even though it would draw high later
    assert dealer_by_high_card(3, [7, 1, 7, 12, 2]) == 0


def test_s3_dealer_by_high_card_runs_out() -> None:
    with pytest.raises(ValueError):
        dealer_by_high_card(2, [5, 5])


def test_s3_seeded_dealer_is_a_deterministic_seat() -> None:
    for n in range(2, 7):
        seats = {seeded_dealer(n, seed) for seed in range(40)}
        assert seats <= set(range(n))
        assert len(seats) > 1
        assert seeded_dealer(n, "x") == seeded_dealer(n, "x")
        assert new_round(Rules.make(n), "x").dealer == seeded_dealer(n, "x")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_s3_deal_passes_left_in_a_match(players: int) -> None:
    match = Match(Rules.make(players, stock=1), seed="pass-left", target=10_000)
    rng = random.Random(players)
    dealers = [match.round.dealer]
    for _ in range(2 * players):
        play_out(match.round, rng)  # plays on the round directly; Match.play is tested in §8
        match.next_round()
        dealers.append(match.round.dealer)
    first = dealers[0]
    assert dealers == [(first + i) % players for i in range(len(dealers))]
    assert match.round.to_move == (match.round.dealer + 1) % players


# ================================================================ §4 The table


def test_s4_four_build_slots_empty_at_the_start() -> None:
    state = new_round(Rules.make(3), seed=4)
    assert state.build == (0, 0, 0, 0)
    assert state.build_cards == ((), (), (), ())
    assert state.completed == ()


def test_s4_pile_reaching_12_is_set_aside_at_once_and_slot_is_empty() -> None:
    draw = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 2, 3, 4]
    state = _two_player_round(draw)
    play(state, *(f"H{v}-B1" for v in range(1, 12)))
    assert state.build[0] == 11
    play(state, "H12-B1")
    assert state.build[0] == 0
    assert state.build_cards[0] == ()
    assert list(state.completed) == ONE_TO_TWELVE
    assert player_view(state, 1).to_dict()["build"] == [0, 0, 0, 0]
    assert player_view(state, 1).to_dict()["completed"] == 12
    # the slot takes a 1 or an SB again, nothing else
    assert state.why_illegal(parse_move("H2-B1")) == "a 2 cannot go on B1, which needs a 1"
    check_invariants(state)


def test_s4_completion_happens_before_the_win() -> None:
    rules = Rules.make(2, stock=1)
    state = deal_from(rules, 0, [[9], [12]], [*range(1, 12), 9, 9, 9, 9])
    play(state, *(f"H{v}-B2" for v in range(1, 12)))
    assert state.result is None
    play(state, "S-B2")
    assert state.result is not None and state.result.winner == 1
    assert state.build[1] == 0 and state.build_cards[1] == ()
    assert list(state.completed) == ONE_TO_TWELVE
    check_invariants(state)


def test_s4_completion_happens_before_the_draw_it_causes() -> None:
    """The last hand card completes a pile while nothing is drawable: the new
    completed pile is already there for the draw of 5 (§5) and gets reshuffled."""
    rules = Rules.make(2)
    state = make_position(
        rules,
        hands={0: [12]},
        build=[list(range(1, 12)), [], [], []],
        rest=(1, 0),
        shuffler=SeededShuffler("s4"),
    )
    assert state.draw == () and state.completed == ()
    play(state, "H12-B1")
    assert len(state.shuffles) == 1
    assert sorted(state.shuffles[0]) == ONE_TO_TWELVE
    assert state.hand_sizes[0] == 5
    assert hand(state, 0) == sorted(state.shuffles[0][:5])
    assert len(state.draw) == 7 and state.completed == ()
    assert state.to_move == 0 and state.result is None
    check_invariants(state)


# ================================================================ §5 A turn


def test_s5_refill_to_five_at_the_start_of_each_turn() -> None:
    draw = [1, 2, 7, 7, 9, 3, 4, 5, 6, 8, 10, 10, 11, 12, 12, 12]
    state = _two_player_round(draw)
    assert hand(state, 1) == [1, 2, 7, 7, 9]
    play(state, "H1-B1", "H2-B1", "H9-D1")
    assert hand(state, 1) == [7, 7]
    assert state.to_move == 0 and hand(state, 0) == [3, 4, 5, 6, 8]
    play(state, "H8-D1")
    assert state.to_move == 1
    assert hand(state, 1) == [7, 7, 10, 10, 11], "seat 1 refilled exactly 3 cards"
    assert hand(state, 0) == [3, 4, 5, 6], "no refill outside one's own turn"
    play(state, "H11-D2")
    assert hand(state, 0) == [3, 4, 5, 6, 12]


def test_s5_sources_own_stock_top_discard_tops_and_hand() -> None:
    rules = Rules.make(2, stock=5)
    stocks = {0: [9, 9, 9, 1, 5]}  # top 5, the 1 below is hidden
    state = make_position(
        rules,
        stocks=stocks,
        hands={0: [4, 10]},
        discards={0: [[1, 3], [], [], []], 1: [[1], [], [], []]},
        build=[[], [1, 2], [1, 2, 3, 4], []],
    )
    legal = legal_texts(state)
    assert "S-B3" in legal  # stock top 5 on the pile at 4
    assert "S-B1" not in legal  # the 1 below the stock top is not playable
    assert "D1-B2" in legal  # discard top 3 on the pile at 2
    assert "D1-B1" not in legal  # the 1 below that discard top is not playable
    assert "H4-B3" not in legal and "H4-B2" not in legal
    check_legality(state)
    play(state, "D1-B2", "D1-B1", "H4-B2", "S-B2")
    assert state.build == (1, 5, 4, 0)
    assert state.stocks[0][-1] == 1


def test_s5_empty_slot_takes_a_1_or_sb_only() -> None:
    state = _two_player_round(cards("2 12 SB 1 7"))
    for slot in range(1, 5):
        for text in ("H2", "H12", "H7"):
            reason = state.why_illegal(parse_move(f"{text}-B{slot}"))
            assert reason is not None and "needs a 1" in reason
        assert state.is_legal(parse_move(f"H1-B{slot}"))
        assert state.is_legal(parse_move(f"HSB-B{slot}"))


def test_s5_pile_at_k_takes_k_plus_1_or_sb() -> None:
    rules = Rules.make(2)
    for k in range(1, 12):
        held = [*sorted({max(1, k - 1), k, min(12, k + 1), min(12, k + 2)}), SB]
        state = make_position(
            rules, hands={0: held}, build=[list(range(1, k + 1)), [], [], []], rest=(1, 0)
        )
        for c in held:
            expected = c == SB or c == k + 1
            assert state.is_legal(parse_move(f"H{card_name(c)}-B1")) == expected, (k, c)


def test_s5_emptied_hand_draws_five_at_once_and_play_goes_on() -> None:
    draw = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    state = _two_player_round(draw)
    play(state, "H1-B1", "H2-B1", "H3-B1", "H4-B1")
    assert state.hand_sizes[1] == 1
    play(state, "H5-B1")
    assert hand(state, 1) == [6, 7, 8, 9, 10]
    assert state.to_move == 1 and state.turns == 1
    play(state, "H6-B1")  # the turn simply goes on
    assert state.build[0] == 6


def test_s5_emptied_hand_draws_also_after_a_stock_or_discard_play() -> None:
    """The hand was already empty (nothing drawable); a play that completes a pile
    makes cards drawable, so right after it the player draws 5 (§5.2, last point)."""
    rules = Rules.make(2, stock=5)
    stocks = {0: [9, 9, 9, 10, 12]}
    state = make_position(
        rules,
        stocks=stocks,
        hands={0: []},
        discards={0: [[11], [], [], []]},
        build=[list(range(1, 11)), [], [], []],
        rest=(1, 0),
        shuffler=SeededShuffler(5),
    )
    assert "end" in legal_texts(state)
    play(state, "D1-B1")  # an 11: hand stays empty, nothing to draw
    assert state.hand_sizes[0] == 0 and state.build[0] == 11
    assert "end" in legal_texts(state)
    play(state, "S-B1")  # the 12 completes the pile: now there are cards to draw
    assert state.hand_sizes[0] == 5
    assert len(state.shuffles) == 1 and len(state.draw) == 7
    assert "end" not in legal_texts(state)
    assert state.to_move == 0 and state.result is None


def test_s5_emptied_hand_with_nothing_drawable_stays_empty() -> None:
    rules = Rules.make(2)
    state = make_position(rules, hands={0: [1], 1: [5]}, rest=(1, 0))
    play(state, "H1-B1")
    assert state.hand_sizes[0] == 0
    assert state.to_move == 0 and state.result is None
    assert legal_texts(state) == {"end"}
    play(state, "end")
    assert state.to_move == 1


def test_s5_discard_ends_the_turn_and_next_seat_refills_at_once() -> None:
    draw = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    rules = Rules.make(3, stock=5)
    state = deal_from(rules, 2, None, draw)
    assert state.to_move == 0
    play(state, "H5-D3")
    assert state.to_move == 1 and state.turns == 2
    assert hand(state, 1) == [6, 7, 8, 9, 10]
    assert state.discards[0] == ((), (), (5,), ())
    view = player_view(state, 1).to_dict()
    assert view["to_move"] == 1 and len(view["hand"]) == 5


def test_s5_any_hand_card_on_any_own_discard_pile() -> None:
    state = _two_player_round(cards("1 7 7 12 SB"))
    legal = legal_texts(state)
    for c in ("1", "7", "12", "SB"):
        for pile in range(1, 5):
            assert f"H{c}-D{pile}" in legal
    assert not any(t.startswith("H3-D") for t in legal)
    # two 7s are one move each
    assert sum(1 for m in state.legal_moves() if format_move(m) == "H7-D1") == 1
    play(state, "H7-D4")
    assert state.discards[1][3] == (7,)


def test_s5_end_is_legal_only_with_an_empty_hand() -> None:
    state = _two_player_round([1, 2, 3, 4, 5])
    reason = state.why_illegal(END)
    assert reason is not None and "empty hand" in reason
    with pytest.raises(IllegalMoveError, match="end"):
        state.play(END)
    rules = Rules.make(2)
    one = make_position(rules, hands={0: [SB]}, rest=(1, 0))
    assert "end" not in legal_texts(one) and not one.is_legal(END)
    empty = make_position(rules, hands={0: []}, rest=(1, 0))
    assert empty.why_illegal(END) is None
    assert not any(m >= PLAY_COUNT and m != END for m in empty.legal_moves())
    empty.play(END)
    assert empty.to_move == 1 and empty.turns == 2


def test_s5_no_discarding_from_stock_or_discard_piles() -> None:
    for text in ("S-D1", "D1-D2", "pS-D1", "pD1-D1", "S-D4", "D4-D1"):
        with pytest.raises(MoveSyntaxError):
            parse_move(text)
    state = new_round(Rules.make(4, teams=True), seed=9)
    p = state.to_move
    before = [list(s) for s in state.stocks]
    for m in state.legal_moves():
        if m >= PLAY_COUNT and m != END:
            trial = state.clone()
            trial.play(m)
            assert [list(s) for s in trial.stocks] == before  # a discard never takes a stock card
            assert trial.hand_sizes[p] == state.hand_sizes[p] - 1
            assert sum(map(len, trial.discards[p])) == 1


def test_s5_never_forced_to_play_and_the_turn_never_ends_by_itself() -> None:
    state = _two_player_round([1, 2, 3, 4, 5, 9, 9, 10, 10, 11])
    legal = legal_texts(state)
    assert "H1-B1" in legal and "H1-D1" in legal  # a discard is allowed though a play is
    play(state, "H1-B1", "H2-B1", "H3-B1")
    assert state.to_move == 1  # plays never end the turn
    play(state, "H5-D1")
    assert state.to_move == 0


# ================================================================ §6 Draw pile running out


def _reshuffle_position(shuffler: Shuffler) -> Round:
    """Seat 0 to move, draw pile empty, one completed pile waiting, seat 1 holding 2."""
    rules = Rules.make(2)
    return make_position(
        rules,
        hands={0: [5, 6], 1: [7, 8]},
        completed=ONE_TO_TWELVE,
        rest=(0, 3),
        shuffler=shuffler,
    )


def test_s6_empty_draw_pile_reshuffles_completed_piles_seeded() -> None:
    state = _reshuffle_position(SeededShuffler("six"))
    play(state, "H5-D1")
    assert state.to_move == 1 and state.hand_sizes[1] == 5
    assert len(state.shuffles) == 1
    order = state.shuffles[0]
    assert sorted(order) == ONE_TO_TWELVE
    assert hand(state, 1) == sorted([7, 8, *order[:3]])
    assert list(reversed(state.draw)) == order[3:]
    assert state.completed == ()
    # a seeded shuffle depends only on the seed and the shuffle's index
    again = _reshuffle_position(SeededShuffler("six"))
    play(again, "H5-D1")
    assert again.shuffles == state.shuffles
    assert SeededShuffler("six")(0, list(reversed(ONE_TO_TWELVE))) == order
    assert any(SeededShuffler(seed)(0, ONE_TO_TWELVE) != order for seed in ("a", "b", "c")), (
        "different seeds should give different orders"
    )


def test_s6_recorded_shuffle_fixes_the_new_draw_pile() -> None:
    order = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    state = _reshuffle_position(RecordedShuffles([order, [1] * 12]))
    play(state, "H5-D1")
    assert state.shuffles == [order]
    assert hand(state, 1) == [7, 8, 10, 11, 12]
    assert list(reversed(state.draw)) == [9, 8, 7, 6, 5, 4, 3, 2, 1]


def test_s6_missing_recorded_shuffle_is_a_bad_record() -> None:
    state = _reshuffle_position(RecordedShuffles([]))
    with pytest.raises(BadRecordError, match="shuffle 1"):
        play(state, "H5-D1")


def test_s6_wrong_recorded_shuffle_is_a_bad_record() -> None:
    state = _reshuffle_position(RecordedShuffles([[*range(1, 12), SB]]))
    with pytest.raises(BadRecordError, match="not exactly"):
        play(state, "H5-D1")
    short = _reshuffle_position(RecordedShuffles([list(range(1, 12))]))
    with pytest.raises(BadRecordError):
        play(short, "H5-D1")


def test_s6_draw_yields_nothing_without_completed_piles() -> None:
    rules = Rules.make(2)
    state = make_position(rules, hands={0: [5]}, draw=[3, 4], rest=(0, 3))
    play(state, "H5-D1")
    assert state.to_move == 1
    assert hand(state, 1) == [3, 4], "the hand stays short"
    assert state.draw == () and state.shuffles == []
    assert state.result is None


def _blocked_position(players: int, teams: bool = False, **kw: Any) -> Round:
    """Seat 0 to move; every hand 1 5 6 7 8; the draw pile (unless ``draw`` is
    given) and the completed piles (unless ``completed`` is) empty."""
    rules = Rules.make(players, stock=10, teams=teams)
    hands = {s: [1, 5, 6, 7, 8] for s in range(players)}
    return make_position(rules, hands=hands, rest=(0, 3), **kw)


@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, True), (6, True)])
def test_s6_blocked_after_n_idle_turns_with_nothing_to_draw(players: int, teams: bool) -> None:
    state = _blocked_position(players, teams)
    assert state.draw == () and state.completed == ()
    for i in range(players):
        assert state.result is None
        assert "H1-B1" in legal_texts(state)  # a play was possible; the turn is idle anyway
        mover = state.to_move
        play(state, "H8-D1")
        if i < players - 1:
            assert state.result is None, f"ended after {i + 1} idle turns"
    result = state.result
    assert result is not None
    assert (result.winner, result.reason, result.points) == (None, "blocked", None)
    assert result.moves == players and result.turns == players
    assert state.to_move == mover, "no next turn begins"
    assert state.legal_moves() == []
    with pytest.raises(RoundOverError):
        play(state, "H1-B1")
    assert result.to_dict() == {
        "winner": None,
        "reason": "blocked",
        "moves": players,
        "turns": players,
    }


def test_s6_blocked_with_end_moves() -> None:
    rules = Rules.make(3)
    state = make_position(rules, hands={}, rest=(0, 3))
    play(state, "end", "end")
    assert state.result is None
    play(state, "end")
    assert state.result is not None and state.result.reason == "blocked"


def test_s6_a_turn_with_a_play_is_not_idle() -> None:
    state = _blocked_position(2)
    play(state, "H8-D1")  # idle 1
    play(state, "H1-B1", "H8-D1")  # seat 1 played: the streak starts again
    assert state.result is None
    play(state, "H7-D1")  # idle 1
    assert state.result is None
    play(state, "H7-D1")  # idle 2
    assert state.result is not None and state.result.reason == "blocked"
    assert state.result.turns == 4


def test_s6_an_idle_turn_ending_with_cards_in_the_draw_pile_does_not_count() -> None:
    # the draw pile holds one card; seat 1's hand is full so nobody draws it until
    # seat 0's second turn
    state = _blocked_position(2, draw=[9])
    play(state, "H8-D1")  # ends with the draw pile holding 1: not counted
    play(state, "H8-D1")  # idem; then seat 0 refills the 9
    assert state.draw == ()
    assert state.result is None
    play(state, "H7-D1")  # idle 1
    assert state.result is None
    play(state, "H7-D1")  # idle 2
    assert state.result is not None and state.result.reason == "blocked"
    assert state.result.turns == 4


def test_s6_an_idle_turn_ending_with_completed_piles_does_not_count() -> None:
    # the completed piles hold 12 cards; both hands are full, so nothing is drawn
    state = _blocked_position(2, completed=ONE_TO_TWELVE, shuffler=SeededShuffler(1))
    play(state, "H8-D1")  # ends with completed cards: not counted
    assert state.result is None
    play(state, "H8-D1")  # idem (seat 0 then refills from a reshuffle)
    assert state.result is None, "a completed pile waited: the round is not blocked"
    assert len(state.shuffles) == 1


def test_s6_cap_ends_the_round_after_turn_number_cap() -> None:
    rules = Rules.make(2, stock=5, cap=3)
    state = deal_from(rules, 0, None, [1, 2, 3, 4, 5] + [6] * 5 + [7] * 5)
    play(state, "H5-D1", "H6-D1")
    assert state.result is None and state.turns == 3
    play(state, "H1-B1", "H2-B1")  # plays inside the last turn do not end it
    assert state.result is None
    play(state, "H3-D1")
    result = state.result
    assert result is not None
    assert (result.winner, result.reason, result.turns, result.moves) == (None, "cap", 3, 5)
    assert state.to_move == 1
    assert state.legal_moves() == []


def test_s6_cap_one_and_a_win_before_the_cap() -> None:
    rules = Rules.make(2, stock=1, cap=1)
    state = deal_from(rules, 0, [[9], [1]], [5, 6, 7, 8, 9])
    play(state, "S-B1")
    assert state.result is not None and state.result.reason == "stock"
    other = deal_from(rules, 0, [[9], [1]], [5, 6, 7, 8, 9])
    play(other, "H5-D1")
    assert other.result is not None and other.result.reason == "cap"
    assert other.result.turns == 1


def test_s6_no_cap_means_no_cap() -> None:
    rules = Rules.make(2, stock=30)
    assert rules.cap is None and "cap" not in rules.to_dict()
    state = new_round(rules, seed=3)
    while state.result is None:  # discard only: ends once the draw pile is used up
        discard = next(m for m in state.legal_moves() if m >= PLAY_COUNT)
        state.play(discard)
    assert state.result.reason == "blocked"
    assert state.result.turns > 80, "no cap shortened the round"


# ================================================================ §7 Winning a round


def test_s7_win_as_soon_as_own_stock_is_empty() -> None:
    rules = Rules.make(2, stock=3)
    state = deal_from(rules, 0, [[9, 9, 9], [3, 2, 1]], [7, 7, 8, 8, 9])
    play(state, "S-B1", "S-B1")
    assert state.result is None
    play(state, "S-B1")
    result = state.result
    assert result is not None
    assert (result.winner, result.reason, result.points) == (1, "stock", 25 + 5 * 3)
    assert result.team is None
    assert state.hand_sizes[1] == 5, "cards left in hand do not matter"
    assert state.to_move == 1
    assert state.legal_moves() == []
    assert result.to_dict() == {
        "winner": 1,
        "reason": "stock",
        "points": 40,
        "moves": 3,
        "turns": 1,
    }
    assert player_view(state, 0).to_dict()["players"][1]["stock_top"] is None


def test_s7_winning_card_completing_a_pile_does_not_draw() -> None:
    rules = Rules.make(2)
    stocks = {0: [12]}
    state = make_position(
        rules,
        stocks=stocks,
        hands={0: []},
        build=[list(range(1, 12)), [], [], []],
        rest=(1, 0),
        shuffler=RecordedShuffles([]),  # a draw here would raise BadRecordError
    )
    play(state, "S-B1")
    assert state.result is not None and state.result.winner == 0
    assert len(state.completed) == 12, "the pile was set aside"
    assert state.hand_sizes[0] == 0 and state.shuffles == [], "a won round draws nothing"


def test_s7_partnership_needs_both_stocks_empty_winner_is_the_mover() -> None:
    rules = Rules.make(4, stock=2, teams=True)
    stocks = {0: [2, 1], 2: [4, 3]}
    state = deal_from(rules, 3, stocks, [9, 9, 10, 10, 11])
    assert state.to_move == 0
    play(state, "S-B1", "S-B1")
    assert state.stocks[0] == ()
    assert state.result is None, "the partner's stock still holds cards"
    legal = legal_texts(state)
    assert "pS-B1" in legal and "H9-D1" in legal  # a player with an empty stock plays on
    assert not any(t.startswith("S-") for t in legal)
    assert state.why_illegal(parse_move("S-B1")) == "the own stock is empty"
    play(state, "pS-B1")
    assert state.result is None
    play(state, "pS-B1")  # the team's last stock card comes from the partner's stock
    result = state.result
    assert result is not None
    assert result.winner == 0, "the winner named is the seat to move"
    assert result.team == (0, 2)
    assert result.points == 25 + 5 * (2 + 2)
    assert result.to_dict()["team"] == [0, 2]


def test_s7_partnership_own_stock_last_after_partners() -> None:
    rules = Rules.make(4, stock=1, teams=True)
    stocks = {1: [2], 3: [1]}  # seats 1 and 3 are partners
    state = deal_from(rules, 0, stocks, [9, 9, 10, 10, 11])
    assert state.to_move == 1
    play(state, "pS-B1")
    assert state.result is None and state.stocks[3] == ()
    play(state, "S-B1")
    assert state.result is not None
    assert (state.result.winner, state.result.team, state.result.points) == (1, (1, 3), 35)


def test_s7_player_with_empty_stock_plays_on_over_several_turns() -> None:
    rules = Rules.make(4, stock=2, teams=True)
    stocks = {0: [2, 1], 2: [12, 12]}
    draw = [9, 9, 10, 10, 11] + [3, 4, 5, 6, 7] * 4
    state = deal_from(rules, 3, stocks, draw)
    play(state, "S-B1", "S-B1", "H9-D1")  # seat 0: stock empty, the turn ends normally
    assert state.result is None and state.to_move == 1
    play(state, "H3-D1", "H3-D1", "H3-D1")  # seats 1, 2, 3
    assert state.to_move == 0 and state.hand_sizes[0] == 5
    legal = legal_texts(state)
    assert "D1-B2" not in legal and "H9-B1" not in legal
    assert any(t.startswith("H") and "-B" in t for t in legal)  # hand plays still possible
    assert any(t.startswith("H") and "-D" in t for t in legal)
    assert state.result is None


def test_s7_partner_of_an_empty_stock_may_play_its_discards() -> None:
    rules = Rules.make(4, stock=1, teams=True)
    state = make_position(
        rules,
        to_move=2,
        stocks=[[], [9], [12], [9]],
        hands={2: [10]},
        discards={0: [[1], [], [], []]},
    )
    assert "pD1-B1" in legal_texts(state)
    play(state, "pD1-B1")
    assert state.discards[0][0] == () and state.result is None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_s7_without_teams_the_first_empty_stock_wins(players: int) -> None:
    rules = Rules.make(players, stock=1)
    stocks = {1: [1]}
    state = deal_from(rules, 0, stocks, [9, 9, 10, 10, 11])
    play(state, "S-B1")
    assert state.result is not None and state.result.winner == 1
    assert state.result.points == 25 + 5 * (players - 1)


# ================================================================ §8 Scoring


def test_s8_points_25_plus_5_per_card_in_the_opponents_stock() -> None:
    rules = Rules.make(2)
    state = make_position(rules, stocks=[[9] * 12 + [10] * 5, [1]], hands={1: [5]}, to_move=1)
    play(state, "S-B1")
    assert state.result is not None and state.result.winner == 1
    assert state.result.points == 25 + 5 * 17
    short = deal_from(Rules.make(2, stock=1), 0, [[9], [1]], [9, 9, 10, 10, 11])
    play(short, "S-B1")
    assert short.result is not None and short.result.points == 30


def test_s8_partnership_points_count_both_stocks_of_every_opposing_team() -> None:
    rules = Rules.make(6, teams=True)
    state = make_position(
        rules,
        to_move=4,
        stocks=[[10] * 3, [], [11] * 5, [12] * 7, [1], [9] * 11],
        hands={4: [5]},
    )
    play(state, "S-B2")
    result = state.result
    assert result is not None
    assert (result.winner, result.team) == (4, (1, 4))
    assert result.points == 25 + 5 * (3 + 5 + 7 + 11)
    rules4 = Rules.make(4, teams=True)
    state4 = make_position(rules4, to_move=1, stocks=[[9] * 4, [1], [10] * 6, []])
    play(state4, "S-B1")
    assert state4.result is not None and state4.result.points == 25 + 5 * (4 + 6)
    assert state4.result.team == (1, 3)


def _finish(match: Match, rng: random.Random, play_bias: float = 0.9) -> None:
    from conftest import choose  # local: only the match tests use it

    while not match.round.over:
        match.play(choose(match.round, rng, play_bias))


def test_s8_match_scores_until_a_side_reaches_the_target() -> None:
    rules = Rules.make(3, stock=2)
    match = Match(rules, seed="s8", target=150)
    rng = random.Random(8)
    expected = [0, 0, 0]
    rounds = 0
    while True:
        _finish(match, rng)
        result = match.round.result
        assert result is not None
        if result.winner is not None:
            assert result.points is not None
            expected[result.winner] += result.points
        assert match.scores == expected
        rounds += 1
        if match.over:
            break
        assert max(match.scores) < 150
        match.next_round()
    assert max(expected) >= 150
    assert match.winner == expected.index(max(expected))
    assert rounds >= 2
    with pytest.raises(RoundOverError):
        match.next_round()
    with pytest.raises(RoundOverError):
        match.play(0)


def test_s8_match_next_round_only_after_the_round_ended() -> None:
    match = Match(Rules.make(2), seed=1)
    assert match.target == 500 and not match.over and match.winner is None
    with pytest.raises(RoundOverError):
        match.next_round()


def test_s8_match_partnership_scores_per_team() -> None:
    rules = Rules.make(4, stock=1, teams=True)
    match = Match(rules, seed="teams", target=60)
    rng = random.Random(2)
    while True:
        _finish(match, rng)
        if match.over:
            break
        match.next_round()
    assert len(match.scores) == 2
    won = [r.result for r in match.rounds if r.result is not None and r.result.winner is not None]
    for team in (0, 1):
        total = sum(r.points or 0 for r in won if r.winner is not None and r.winner % 2 == team)
        assert match.scores[team] == total
    assert match.winner is not None and match.scores[match.winner] >= 60


def test_s8_blocked_round_scores_nothing_and_is_replayed_with_the_next_dealer() -> None:
    match = Match(Rules.make(2), seed="blocked", target=500)
    rng = random.Random(0)
    _finish(match, rng, play_bias=0.0)  # discarding at random blocks a round quickly
    first = match.round
    assert first.result is not None and first.result.reason == "blocked"
    assert match.scores == [0, 0] and not match.over and match.winner is None
    second = match.next_round()
    assert second is match.round and len(match.rounds) == 2
    assert second.dealer == (first.dealer + 1) % 2
    assert second.result is None and second.turns == 1


def test_s8_single_round_without_a_target() -> None:
    match = Match(Rules.make(2, stock=1), seed="one", target=None)
    _finish(match, random.Random(1))
    result = match.round.result
    assert result is not None
    assert match.over
    if result.winner is not None:
        assert match.winner == result.winner
    with pytest.raises(RoundOverError):
        match.next_round()


# ================================================================ §9 Illegal actions


def _rich_position() -> Round:
    rules = Rules.make(4, stock=5, teams=True)
    return make_position(
        rules,
        stocks={0: [10, 10, 10, 10, 3], 2: [11, 11, 11, 11, SB]},
        hands={0: [1, 2, 2, 7, SB], 1: [4, 4, 4, 4, 4]},
        discards={0: [[6], [], [5, 4], []], 2: [[2], [], [], [1]]},
        build=[[1, 2], [], [1, 2, 3, 4, 5], [SB, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    )


def test_s9_every_illegal_move_is_refused_with_a_reason_and_changes_nothing() -> None:
    state = _rich_position()
    check_legality(state)
    before = snapshot(state)
    illegal = [m for m in ALL_MOVES if not state.is_legal(m)]
    assert len(illegal) > 50
    for m in illegal:
        reason = state.why_illegal(m)
        assert isinstance(reason, str) and len(reason) > 10
        with pytest.raises(IllegalMoveError) as info:
            state.play(m)
        assert str(info.value).startswith(format_move(m) + ": ")
        assert reason in str(info.value)
        assert not isinstance(info.value, RoundOverError)
        assert snapshot(state) == before, f"{format_move(m)} changed the state"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("S-B2", "a 3 cannot go on B2, which needs a 1"),
        ("H7-B1", "a 7 cannot go on B1, which needs a 3"),
        ("H12-B3", "there is no 12 in the hand"),
        ("H5-D1", "there is no 5 in the hand"),
        ("D2-B1", "the own discard pile 2 is empty"),
        ("pD2-B1", "the partner's discard pile 2 is empty"),
        ("D3-B1", "a 4 cannot go on B1, which needs a 3"),
        ("end", "'end' is only allowed with an empty hand; discard a card to end the turn"),
    ],
)
def test_s9_reasons_say_what_is_wrong(text: str, reason: str) -> None:
    state = _rich_position()
    assert state.why_illegal(parse_move(text)) == reason


def test_s9_legal_moves_of_the_rich_position() -> None:
    state = _rich_position()
    legal = legal_texts(state)
    # build counts 2, 0, 5, 11: B1 needs a 3, B2 a 1, B3 a 6, B4 a 12
    assert {"S-B1", "D1-B3", "pS-B1", "pS-B4", "pD4-B2", "H1-B2", "HSB-B4", "H7-D4"} <= legal
    assert {"D3-B1", "pD1-B1", "H2-B1", "H7-B4", "H12-D1", "D3-B3"}.isdisjoint(legal)


def test_s9_moves_after_the_round_are_refused() -> None:
    rules = Rules.make(2, stock=1)
    state = deal_from(rules, 0, [[9], [1]], [5, 6, 7, 8, 9])
    play(state, "S-B1")
    before = snapshot(state)
    for m in ALL_MOVES:
        assert state.why_illegal(m) == "the round is already over"
        with pytest.raises(RoundOverError, match="already over"):
            state.play(m)
    assert snapshot(state) == before


def test_s9_unknown_move_ids_and_texts() -> None:
    state = new_round(Rules.make(2), seed=1)
    before = snapshot(state)
    for m in (-1, MOVE_COUNT, 10_000):
        assert state.why_illegal(m) is not None
        with pytest.raises(IllegalMoveError):
            state.play(m)
    for text in ("", "S-B0", "play", "H1 B1", None, 3):
        with pytest.raises(MoveSyntaxError):
            parse_move(text)
    assert snapshot(state) == before


# ================================================================ §10 What each player may see


def test_s10_view_has_the_notation_fields_with_public_values() -> None:
    """notation.md's fields are all there with the values rules §10 allows;
    fields the project adds (allowed: "it may add fields") must be public too."""
    rules = Rules.make(4, teams=True)
    state = new_round(rules, seed="view")
    play_out(state, random.Random(1), limit=40)
    for seat in [*range(4), None]:
        view = player_view(state, seat).to_dict()
        assert set(view) >= NOTATION_VIEW_KEYS
        for p in view["players"]:
            assert set(p) >= NOTATION_PLAYER_KEYS
        check_view_json(state, seat)
        assert json.loads(json.dumps(view)) == view  # plain JSON


def test_s10_own_hand_only_partner_hand_hidden() -> None:
    rules = Rules.make(4, teams=True)
    state = make_position(
        rules,
        hands={0: [1, 1, 2], 1: [3], 2: [SB, SB, SB, SB, SB], 3: [4, 4]},
    )
    view0 = player_view(state, 0).to_dict()
    assert sorted(view0["hand"], key=parse_card) == ["1", "1", "2"]
    assert [p["hand"] for p in view0["players"]] == [3, 1, 5, 2]
    assert "SB" not in json.dumps(view0), "the partner's SBs must not show"
    view2 = player_view(state, 2).to_dict()
    assert view2["hand"] == ["SB"] * 5
    assert player_view(state, None).to_dict()["hand"] == []


def test_s10_stock_below_top_and_draw_order_are_hidden() -> None:
    rng = random.Random(10)
    for players, teams in [(2, False), (4, True), (6, True), (5, False)]:
        state = new_round(Rules.make(players, teams=teams), seed=players)
        play_out(state, rng, limit=60)
        for seat in [*range(players), None]:
            changed = 0
            for _ in range(5):
                other = scramble_hidden(state, seat, rng)
                check_invariants(other)
                assert player_view(other, seat) == player_view(state, seat)
                assert view_json_sorted(other, seat) == view_json_sorted(state, seat)
                changed += other.draw != state.draw or other.stocks != state.stocks
            assert changed, "the scramble should change hidden cards"


def test_s10_public_information_is_all_there() -> None:
    rules = Rules.make(2, stock=5)
    state = make_position(
        rules,
        stocks={1: [9, 9, 9, 3, 7]},
        hands={0: [1, 2], 1: [4]},
        discards={1: [[5, 6, SB], [], [8], []]},
        build=[[1, 2, 3], [], [], [SB]],
        draw=[10, 11],
        completed=ONE_TO_TWELVE,
    )
    view = player_view(state, 0).to_dict()
    assert view["build"] == [3, 0, 0, 1]
    assert view["completed"] == 12
    assert view["draw"] == len(state.draw)
    assert view["players"][1] == {
        "stock_top": "7",
        "stock": 5,
        "hand": 1,
        "discards": [["5", "6", "SB"], [], ["8"], []],
    }
    assert view["rules"] == {"players": 2, "stock": 5, "teams": False}


def test_s10_view_after_a_discard_and_after_the_end() -> None:
    rules = Rules.make(2, stock=1)
    state = deal_from(rules, 0, [[1], [9]], [5, 6, 7, 8, 9, 2, 3, 4, 10, 11])
    play(state, "H5-D2")
    view = player_view(state, 0).to_dict()
    assert view["to_move"] == 0
    assert sorted(view["hand"], key=parse_card) == ["2", "3", "4", "10", "11"]
    assert view["players"][1]["discards"] == [[], ["5"], [], []]
    assert view["players"][1]["hand"] == 4
    play(state, "S-B1")  # seat 0 wins
    after = player_view(state, 1)
    assert after.over and after.to_move == 0
    assert after.to_dict()["players"][0]["stock_top"] is None


def test_s10_view_follows_the_discard_piles_move_by_move() -> None:
    """Views taken before and after each change of a discard pile (own discard,
    play from an own and from a partner's discard pile) show the piles as they are."""
    rules = Rules.make(4, stock=5, teams=True)
    state = make_position(
        rules,
        hands={0: [2, 9, 9], 1: [9, 9]},
        discards={0: [[1], [], [], []], 2: [[3], [], [], []]},
    )
    assert player_view(state, 1).to_dict()["players"][0]["discards"][0] == ["1"]
    assert player_view(state, 1).to_dict()["players"][2]["discards"][0] == ["3"]
    play(state, "D1-B1")
    assert player_view(state, 1).to_dict()["players"][0]["discards"][0] == []
    play(state, "H2-B1", "pD1-B1")
    assert player_view(state, 1).to_dict()["players"][2]["discards"][0] == []
    play(state, "H9-D3")
    views = [player_view(state, seat).to_dict() for seat in (None, 0, 1, 2, 3)]
    assert all(v["players"][0]["discards"] == [[], [], ["9"], []] for v in views)
    for seat in range(4):
        check_view_json(state, seat)


def test_s10_view_completed_count_drops_to_0_after_a_reshuffle() -> None:
    state = _reshuffle_position(SeededShuffler(3))
    assert player_view(state, 1).to_dict()["completed"] == 12
    play(state, "H5-D1")
    assert player_view(state, 1).to_dict()["completed"] == 0
    assert player_view(state, 1).to_dict()["draw"] == 9


def test_s10_view_refuses_a_seat_the_round_does_not_have() -> None:
    state = new_round(Rules.make(3), seed=0)
    for seat in (-1, 3, 7):
        with pytest.raises(SkipBoError):
            player_view(state, seat)


def test_s10_view_json_reads_back() -> None:
    from skipbo.core import PlayerView

    state = new_round(Rules.make(4, teams=True), seed=5)
    play_out(state, random.Random(5), limit=30)
    view = player_view(state, 1)
    again = PlayerView.from_dict(json.loads(json.dumps(view.to_dict())))
    assert again.to_dict() == view.to_dict()
    assert again.partner == 3


def test_s10_stock_top_none_is_no_card() -> None:
    rules = Rules.make(4, stock=1, teams=True)
    state = make_position(rules, stocks=[[], [9], [12], [9]], hands={0: [5]})
    assert state.stock_top(0) == NO_CARD
    assert player_view(state, 1).to_dict()["players"][0]["stock_top"] is None
