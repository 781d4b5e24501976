"""The expert (combo's line, the discard network's discard) and its research
variants (looking past chance events, sampled worlds at the discard)."""

from __future__ import annotations

import pytest

from skipbo.bots import make_bot
from skipbo.bots.combo import ComboBot
from skipbo.bots.expert import ExpertBot
from skipbo.bots.research.expert_variants import (
    SAMPLING,
    ExpertVariant,
    VariantSettings,
    _Candidates,
)
from skipbo.core import PlayerView, Rules, format_move, new_round, player_view
from skipbo.core.determinize import sample_round
from skipbo.sim.runner import play_round
from test_architecture import graph
from test_bots import LONG_TABLES


def test_every_variant_answers_legal_moves() -> None:
    rules = Rules.make(2, 10)
    settings = [
        VariantSettings(events=3),
        VariantSettings(events=1, depth=2),
        VariantSettings(value=True, events=3),
        VariantSettings(discards=1),
        VariantSettings(net_now=300.0, net_next=1000.0, discard_worlds=2),
        SAMPLING,
    ]
    for deal, setting in enumerate(settings):
        bots = [ExpertVariant(f"v/{deal}", settings=setting), make_bot("combo", deal)]
        state = play_round(rules, bots, f"variant/{deal}")
        assert state.result is not None
        assert state.result.reason in ("stock", "blocked"), "an illegal answer forfeits"


def test_a_fresh_bot_answers_the_same_view_the_same_way() -> None:
    state = new_round(Rules.make(2, 30), "positions")
    combo = [make_bot("combo", 1), make_bot("combo", 2)]
    for _ in range(60):
        view = player_view(state, state.to_move)
        legal = state.legal_moves()
        move = ExpertBot("x").choose(view, legal)
        assert move == ExpertBot("x").choose(view, legal)
        assert move in legal
        state.play(combo[state.to_move].choose(view, legal))


# Own stock 5 on B3 (at 5: no) / B4 (at 3): the hand's 4 bridges to it. Combo,
# guessing what the next stock card is worth, first runs B2 up with the hand's 8
# (the stock card can come later); the variant that samples what the stock card
# reveals plays the 4 and the stock card first and decides the rest having seen it.
STOCK_FIRST = {
    "seat": 0,
    "to_move": 0,
    "rules": {"players": 2, "stock": 30, "teams": False},
    "hand": ["4", "6", "8", "10", "10"],
    "build": [0, 7, 5, 3],
    "draw": 69,
    "completed": 12,
    "players": [
        {"stock_top": "5", "stock": 27, "hand": 5, "discards": [["10", "9", "9"], [], [], []]},
        {"stock_top": "10", "stock": 23, "hand": 4, "discards": [["9"], ["9"], ["11", "11"], []]},
    ],
    "build_piles": [
        [],
        ["SB", "2", "SB", "SB", "5", "6", "7"],
        ["1", "2", "3", "4", "5"],
        ["1", "2", "3"],
    ],
    "completed_cards": ["SB", "2", "3", "4", "SB", "6", "7", "8", "9", "10", "SB", "12"],
}


def _turn_start(data: dict[str, object], minimal: bool = False) -> tuple[PlayerView, list[int]]:
    if minimal:
        data = {k: v for k, v in data.items() if k not in ("build_piles", "completed_cards")}
    view = PlayerView.from_dict(data)
    return view, sample_round(view, 0).legal_moves()


def test_looking_past_the_stock_card_plays_it_before_an_unneeded_run() -> None:
    view, legal = _turn_start(STOCK_FIRST)
    assert format_move(ComboBot("t").choose(view, legal)) == "H8-B2"
    looking = ExpertVariant("t", settings=VariantSettings(events=1))
    assert format_move(looking.choose(view, legal)) == "H4-B4"
    assert format_move(ExpertBot("t").choose(view, legal)) == "H8-B2"  # combo's line


def test_decides_from_a_minimal_view() -> None:
    """No ``build_piles``, no ``completed_cards`` (notation.md's minimal view)."""
    view, legal = _turn_start(STOCK_FIRST, minimal=True)
    assert ExpertBot("t").choose(view, legal) in legal
    # and a discard decision (nothing fits), where worlds are sampled for the next turn
    # (12 fewer cards on the build piles: 12 more in the draw pile)
    nothing_fits = {**STOCK_FIRST, "build": [0, 1, 1, 1], "draw": 81}
    view, legal = _turn_start(nothing_fits, minimal=True)
    move = ExpertBot("t").choose(view, legal)
    assert move in legal and format_move(move).startswith("H")
    assert format_move(move)[-2] == "D"


# Nothing this turn plays well; the 9 on D1's 9 and the 6 on D3's 6 are equally
# tidy by combo's rules, which then discards the higher card. The sampled next
# turns prefer keeping the 9 (the opponent's 7 on their stock keeps B1's run
# below it for us to build on, and the 9 follows a 6-7-8 made next turn).
TIE = {
    "seat": 1,
    "to_move": 1,
    "rules": {"players": 2, "stock": 30, "teams": False},
    "hand": ["2", "3", "4", "6", "9"],
    "build": [2, 0, 0, 0],
    "draw": 81,
    "completed": 0,
    "players": [
        {
            "stock_top": "7",
            "stock": 29,
            "hand": 4,
            "discards": [["12", "12", "11"], ["10", "9", "8"], [], []],
        },
        {
            "stock_top": "6",
            "stock": 30,
            "hand": 5,
            "discards": [["10", "9"], ["12"], ["7", "6"], []],
        },
    ],
    "build_piles": [["SB", "2"], [], [], []],
    "completed_cards": [],
}


def test_the_sampled_next_turn_breaks_combos_tie_between_discards() -> None:
    """The sampling expert (the judgement the discard network learned). The
    shipped expert judges by the discard network instead, which here discards
    the 9 as combo does: one position is not what it was trained to get right."""
    view, legal = _turn_start(TIE)
    assert format_move(ComboBot("t").choose(view, legal)) == "H9-D1"
    for seed in ("t", "u", "v"):
        assert format_move(ExpertVariant(seed, settings=SAMPLING).choose(view, legal)) == "H6-D3"


@pytest.mark.parametrize(
    ("expert", "variant"),
    [
        ({"guesses": 0}, VariantSettings()),
        ({}, VariantSettings(particles=16, guessed_threat=True, checks=32)),
    ],
    ids=["the expert without guesses: the defaults", "the shipped expert: -H16-T1-K32"],
)
def test_the_variant_plays_the_experts_moves(
    expert: dict[str, int], variant: VariantSettings
) -> None:
    """The research variants start from the expert without guesses of the other hand
    (so that every figure measured before the guesses means what it did), and with
    ``particles=16``, ``guessed_threat`` and ``checks=32`` they are the shipped expert:
    every move of whole rounds is the same (so their figures compare)."""
    for rules in (LONG_TABLES[0], LONG_TABLES[5]):
        for deal in range(2):
            histories = []
            for make in (
                lambda seed: ExpertBot(seed, **expert),
                lambda seed: ExpertVariant(seed, settings=variant),
            ):
                bots = [
                    make(f"{deal}/{seat}") if seat % 2 == 0 else make_bot("hard", seat)
                    for seat in range(rules.players)
                ]
                histories.append(play_round(rules, bots, f"defaults/{deal}").history)
            assert histories[0] == histories[1]


def test_an_expert_kept_for_the_next_round_forgets_the_last_one() -> None:
    """A bot played round after round (a match, a tournament) starts each round with no
    guesses: what it guessed of the last round's hands says nothing of the new ones."""
    rules, bot = Rules.make(2, 10), ExpertBot("m")
    play_round(rules, [bot, make_bot("combo", 1)], "match/0")
    state = new_round(rules, "match/1", dealer=1)  # the expert moves first
    assert bot.guesses.hands and state.to_move == 0
    bot.choose(player_view(state, 0), state.legal_moves())
    assert bot.guesses.hands == [] and bot.guesses.seat is None


def test_the_expert_guesses_at_two_players_only() -> None:
    """At two players the expert keeps guesses of the other hand and its line changes
    with them; at three it keeps none (the guesses would be of the seat before it,
    and its threat term is about the seat after it) and plays as without guesses."""
    two, three = Rules.make(2, 30), Rules.make(3, 20)
    remembering = ExpertBot("g")
    played = play_round(two, [remembering, make_bot("combo", 1)], "guesses/2").history
    alone = play_round(two, [ExpertBot("g", guesses=0), make_bot("combo", 1)], "guesses/2")
    assert remembering.guesses.found[0] > 0 and played != alone.history
    bot = ExpertBot("h")
    histories = [
        play_round(three, [b, make_bot("combo", 1), make_bot("combo", 2)], "guesses/3").history
        for b in (bot, ExpertBot("h", guesses=0))
    ]
    assert histories[0] == histories[1] and bot.guesses.found == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "judge",
    [{"race": True}, {"value": True, "reply": True}],
    ids=["race", "value at the next turn"],
)
def test_a_judge_with_an_unreachable_margin_plays_combos_line(judge: dict[str, bool]) -> None:
    """``margin``: another line must beat combo's own best line by that much in the race
    (or in win chance at the own next turn); with a margin no line reaches, the variant
    plays the expert's moves."""
    rules = LONG_TABLES[0]
    settings = VariantSettings(events=3, worlds=1, margin=1e12, **judge)
    for deal in range(2):
        histories = []
        for bot in (ExpertBot(f"{deal}", guesses=0), ExpertVariant(f"{deal}", settings=settings)):
            bots = [bot, make_bot("combo", deal)]
            histories.append(play_round(rules, bots, f"margin/{deal}").history)
        assert histories[0] == histories[1]


def test_the_value_judge_gives_every_line_a_win_chance_in_every_world() -> None:
    """With a ``margin``, ``value`` and ``reply`` judge each candidate line per world by
    the win chance at the own next turn, 1,000 a point, as the race's lists are."""
    rules = LONG_TABLES[0]
    settings = VariantSettings(value=True, reply=True, events=3, worlds=3, margin=1.0)
    bot = ExpertVariant("v", settings=settings)
    judged, players = 0, [make_bot("combo", seat) for seat in range(rules.players)]
    state = new_round(rules, "value-races")
    while state.result is None and judged < 5:
        view = player_view(state, state.to_move)
        if state.to_move == 0 and (top := _Candidates(view, bot.weights, 3).candidates(4))[1:]:
            worlds = [bot._world(view, f"v/{judged}/{i}") for i in range(3)]
            races = bot._value_races(view, 0, top, worlds, f"v/{judged}")
            assert [len(race) for race in races] == [3] * len(top)
            assert all(0.0 <= worth <= 100_000.0 for race in races for worth in race)
            assert len({worth for race in races for worth in race}) > 1
            judged += 1
        state.apply_unchecked(players[state.to_move].choose(view, state.legal_moves()))
    assert judged == 5


def test_a_race_lead_must_beat_the_margin_and_with_confidence_its_doubt() -> None:
    """``confidence``: a lead over combo's line that comes from one lucky world is not
    enough; a steady one is (races: each candidate's worth in each world)."""
    steady = [[0.0] * 4, [1500.0] * 4, [1200.0] * 4]
    lucky = [[0.0] * 4, [8000.0, 0.0, 0.0, -2000.0]]
    bare = ExpertVariant("z", settings=VariantSettings(race=True, margin=1000.0))
    careful = ExpertVariant("z", settings=VariantSettings(race=True, margin=1000.0, confidence=1.0))
    assert bare._overruling(steady) == careful._overruling(steady) == 1
    assert bare._overruling(lucky) == 1 and careful._overruling(lucky) == 0
    assert bare._overruling([[0.0] * 4, [900.0] * 4]) == 0  # inside the margin


def test_a_race_can_finish_its_own_turn_with_the_discard_it_will_make() -> None:
    """``own_discard``: in each sampled world the own turn ends with the expert's
    (network) discard instead of combo's, where the two differ."""
    state = new_round(Rules.make(2, 30), "own-discard")
    expert = ExpertBot("o")
    found = 0
    while state.result is None and found < 3:
        view = player_view(state, state.to_move)
        move = expert.choose(view, state.legal_moves()) if view.seat == 0 else None
        mine, combos = expert.discard(view), ComboBot("o").discard(view)
        if move is not None and move == mine and mine != combos:
            found += 1
            for flag, wanted in ((True, mine), (False, combos)):
                bot = ExpertVariant("o", settings=VariantSettings(race=True, own_discard=flag))
                world = sample_round(view, "w")
                ended = bot._turn_played(world, 0, [], "s", 0, replies=False)
                assert ended.history[-1] == wanted
        if move is None:
            move = make_bot("combo", 1).choose(view, state.legal_moves())
        state.play(move)
    assert found == 3


def test_nothing_shipped_imports_the_research_bots() -> None:
    """The registry, the coach and the servers play the shipped bots only."""
    research = "skipbo.bots.research"
    outside = {
        module: sorted(t for t in targets if t == research or t.startswith(research + "."))
        for module, targets in graph().items()
        if not (module == research or module.startswith(research + "."))
    }
    assert {module: found for module, found in outside.items() if found} == {}
