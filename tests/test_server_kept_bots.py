"""A bot seat's bot is kept between its decisions of a round (server/bots.py)."""

from __future__ import annotations

from skipbo.bots import make_bot
from skipbo.bots.expert import ExpertBot
from skipbo.core import Rules, format_move, new_round, player_view
from skipbo.server.bots import KEPT, BotTurn, KeptBots, choose_bot_move


def turn_at(
    code: str, seat: int, round_index: int, bot: str = "expert", seed: str = "", kept: bool = True
) -> BotTurn:
    """A decision of ``code``'s ``seat`` (a fresh round's first position)."""
    state = new_round(Rules.make(2, 10), code)
    return BotTurn(
        code=code,
        seat=seat,
        bot=bot,
        seed=seed or f"{code}/{seat}",
        round_index=round_index,
        move_index=0,
        view=player_view(state, state.to_move).to_dict(),
        legal=tuple(format_move(m) for m in state.legal_moves()),
        kept=kept,
    )


def test_one_bot_per_table_seat_round_and_name_the_oldest_let_go() -> None:
    kept = KeptBots(limit=3)
    first = kept.get(turn_at("A", 1, 0))
    assert kept.get(turn_at("A", 1, 0, seed="another")) is first  # the same seat's bot
    assert kept.get(turn_at("A", 1, 1)) is not first  # a new round, a new bot
    assert kept.get(turn_at("A", 0, 0)) is not first
    assert kept.get(turn_at("A", 1, 0, bot="hard")) is not first  # a stand-in of another name
    assert len(kept) == 3 and kept.get(turn_at("A", 1, 0)) is not first  # let go


def test_a_kept_expert_plays_a_round_as_one_that_was_never_let_go() -> None:
    """Every decision of the bot seat goes through choose_bot_move, each from its
    view only; the kept bot remembers the round, so its moves are those of one
    ExpertBot that played the whole round (and it guesses the other hand)."""
    rules = Rules.make(2, 30)
    histories = []
    for through_server in (True, False):
        state = new_round(rules, "kept")
        expert, combo = ExpertBot("kept/0/0/0"), make_bot("combo", 1)
        while state.result is None:
            seat, view = state.to_move, player_view(state, state.to_move)
            if seat == 1:
                move = combo.choose(view, state.legal_moves())
            elif through_server:
                index = len(state.history)
                turn = BotTurn(
                    code="kept",
                    seat=0,
                    bot="expert",
                    seed=f"kept/0/0/{index}",
                    round_index=0,
                    move_index=index,
                    view=view.to_dict(),
                    legal=tuple(format_move(m) for m in state.legal_moves()),
                )
                move = state.legal_moves()[
                    [format_move(m) for m in state.legal_moves()].index(choose_bot_move(turn))
                ]
            else:
                move = expert.choose(view, state.legal_moves())
            state.play(move)
        histories.append(state.history)
    assert histories[0] == histories[1]
    kept = KEPT.get(turn_at("kept", 0, 0))[0]
    assert isinstance(kept, ExpertBot) and kept.guesses.found[0] > 0


def test_a_hint_is_never_kept() -> None:
    before = len(KEPT)
    choose_bot_move(turn_at("hint-only", 0, 0, kept=False))
    assert len(KEPT) == before
