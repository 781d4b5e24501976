"""Ratings (issue 20 §3): OpenSkill's own numbers for 2, 4 and 2×2 games, bots, losses.

Each game goes through the store (SQLite and PostgreSQL): ``record_game`` reads
the ratings rows, rates with OpenSkill and writes them back with a point on the
graph; the test computes the same game with ``openskill`` directly.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from skipbo.server.cluster.recorder import Recorder
from skipbo.server.config import TableConfig
from skipbo.server.online import Online, game_result, record_with_players
from skipbo.server.ratings import (
    BOT_SKILLS,
    LADDER,
    MODEL,
    START,
    Skill,
    current_skill,
    record_game,
    shown_rating,
    side_ranks,
)
from skipbo.server.storage import GroupCommitStorage
from skipbo.server.storage import games as pages
from skipbo.server.storage import players as people
from skipbo.server.storage.games import GameResult, SeatResult
from skipbo.server.tables import Table
from storage_backends import Backend

T0 = 1_800_000_000.0


@pytest.fixture
def store(storage_backend: Backend) -> Iterator[GroupCommitStorage[Any]]:
    yield from storage_backend.opened()


def new_players(store: GroupCommitStorage[Any], *names: str, kind: str = "account") -> list[int]:
    ids = []
    for name in names:
        row = store.run(people.insert_player(kind, name, name.casefold(), None, T0))
        assert row is not None
        ids.append(row.player_id)
    return ids


def finish(
    store: GroupCommitStorage[Any],
    code: str,
    entrants: Sequence[int | str],
    ranks: Sequence[int],
    *,
    sides: Sequence[int] | None = None,
    rated: bool = True,
    resigned: Sequence[int] = (),
    game_index: int = 0,
    new_table: bool = True,
) -> Any:
    """Record one finished game: ``entrants`` per seat (a player id, or a bot level)."""
    if new_table:
        store.create_table(code, "{}")
    side_of = list(sides) if sides is not None else list(range(len(entrants)))
    seats = tuple(
        SeatResult(
            seat=i,
            side=side_of[i],
            name=str(who),
            score=0,
            stock_left=3 * i,
            player_id=who if isinstance(who, int) else None,
            bot=who if isinstance(who, str) else None,
            resigned=i in resigned,
        )
        for i, who in enumerate(entrants)
    )
    result = GameResult(
        table_id=code,
        game_index=game_index,
        first_round=0,
        rounds=1,
        finished=T0 + len(code) + game_index,
        players=len(entrants),
        teams=sides is not None,
        stock=10,
        rated=rated,
        ending="resigned" if resigned else "won",
        seats=seats,
        ranks=tuple(ranks),
    )
    return store.run(record_game(result))


def openskill(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """The same game computed by openskill alone, from a model of its own."""
    model = PlackettLuce()
    teams = [[PlackettLuceRating(s.mu, s.sigma) for s in side] for side in sides]
    out = model.rate(teams, ranks=[float(r) for r in ranks])
    return [[Skill(r.mu, r.sigma) for r in side] for side in out]


def skill_of(store: GroupCommitStorage[Any], player_id: int) -> Skill:
    standing = store.run(pages.standing(player_id))
    assert standing is not None
    return current_skill(standing)


def test_a_two_player_game_moves_ratings_as_openskill_does(
    store: GroupCommitStorage[Any],
) -> None:
    ann, bob = new_players(store, "Ann", "Bob")
    recorded = finish(store, "TWO", [ann, bob], [1, 2])
    (winner,), (loser,) = openskill([[START], [START]], [1, 2])
    # OpenSkill 6's numbers for two new players, pinned
    assert winner.mu == pytest.approx(27.635389493140497)
    assert loser.mu == pytest.approx(22.364610506859503)
    assert winner.sigma == loser.sigma == pytest.approx(8.06590141354368)
    assert recorded.changes == {ann: (START, winner), bob: (START, loser)}
    assert skill_of(store, ann) == pytest.approx(winner)
    assert skill_of(store, bob) == pytest.approx(loser)
    graph = store.run(pages.rating_graph(ann))
    assert [(p.game_id, p.rating) for p in graph] == [(recorded.game_id, shown_rating(winner.mu))]


def test_a_four_player_game_with_earlier_ratings(store: GroupCommitStorage[Any]) -> None:
    ann, bob, cy, dee = new_players(store, "Ann", "Bob", "Cy", "Dee")
    finish(store, "WARM", [ann, bob], [2, 1])  # Ann and Bob start from other ratings
    before = [skill_of(store, p) for p in (ann, bob, cy, dee)]
    ranks = [3, 1, 2, 4]
    recorded = finish(store, "FOUR", [ann, bob, cy, dee], ranks)
    expected = openskill([[s] for s in before], ranks)
    for player, (side,) in zip((ann, bob, cy, dee), expected, strict=True):
        assert skill_of(store, player) == pytest.approx(side)
        assert recorded.changes[player][1] == pytest.approx(side)
    assert skill_of(store, bob).mu > skill_of(store, cy).mu > before[2].mu


def test_a_two_by_two_partnership_game(store: GroupCommitStorage[Any]) -> None:
    ann, bob, cy, dee = new_players(store, "Ann", "Bob", "Cy", "Dee")
    finish(store, "WARM", [cy, dee], [1, 2])
    before = {p: skill_of(store, p) for p in (ann, bob, cy, dee)}
    # seats 0 and 2 are partners (side 0), 1 and 3 (side 1); side 1 wins
    finish(store, "TEAMS", [ann, cy, bob, dee], [2, 1], sides=[0, 1, 0, 1])
    expected = openskill([[before[ann], before[bob]], [before[cy], before[dee]]], [2, 1])
    assert skill_of(store, ann) == pytest.approx(expected[0][0])
    assert skill_of(store, bob) == pytest.approx(expected[0][1])
    assert skill_of(store, cy) == pytest.approx(expected[1][0])
    assert skill_of(store, dee) == pytest.approx(expected[1][1])


def test_bots_count_at_their_fixed_public_rating(store: GroupCommitStorage[Any]) -> None:
    (ann,) = new_players(store, "Ann")
    recorded = finish(store, "BOT", [ann, "expert"], [1, 2])
    (won,), _ = openskill([[START], [BOT_SKILLS["expert"]]], [1, 2])
    assert skill_of(store, ann) == pytest.approx(won)
    assert set(recorded.changes) == {ann}  # the bot is never changed
    (later,) = new_players(store, "Bob")
    finish(store, "BOT2", [later, "expert"], [1, 2])
    assert skill_of(store, later) == pytest.approx(won)  # the same bot, the same numbers


def test_the_bots_ratings_reproduce_the_measured_ladder() -> None:
    for bot, reference, share in LADDER:
        predicted, _ = MODEL.predict_win(
            [
                [MODEL.rating(mu=BOT_SKILLS[bot].mu, sigma=BOT_SKILLS[bot].sigma)],
                [MODEL.rating(mu=BOT_SKILLS[reference].mu, sigma=BOT_SKILLS[reference].sigma)],
            ]
        )
        assert predicted == pytest.approx(share, abs=0.002), bot
    order = sorted(BOT_SKILLS, key=lambda bot: BOT_SKILLS[bot].mu)
    assert order[:4] == ["random", "easy", "medium", "greedy"] and order[-1] == "expert"
    assert BOT_SKILLS["medium"].shown == START.shown == 1500


def test_resigning_or_abandoning_is_a_loss_whatever_the_score() -> None:
    assert side_ranks([10, 90], winner=1) == [2, 1]
    assert side_ranks([90, 10], gave_up={0}) == [2, 1]  # ahead, but resigned
    assert side_ranks([90, 40, 40], gave_up={0}) == [3, 1, 1]
    assert side_ranks([90, 40, 60, 10], winner=1, gave_up={2, 3}) == [2, 1, 3, 3]
    assert side_ranks([0, 0]) == [1, 1]


def test_a_resigned_rated_game_costs_the_resigner(store: GroupCommitStorage[Any]) -> None:
    ann, bob = new_players(store, "Ann", "Bob")
    finish(store, "RES", [ann, bob], side_ranks([120, 30], gave_up={0}), resigned=[0])
    assert skill_of(store, ann).mu < START.mu < skill_of(store, bob).mu
    games = store.run(pages.player_games(ann))
    assert games[0].ending == "resigned" and games[0].seats[0].resigned
    assert [seat.place for seat in games[0].seats] == [2, 1]


def played_table(players: int = 2) -> Table:
    """A rated one-round table (stock 1) of people, played to its end by random moves,
    its writes kept by a :class:`Recorder` (no store needed)."""
    table = Table.create("PLAYED", TableConfig.make(players, 1, rated=True), Recorder())
    tokens = [table.join(name)[1] for name in ("Ann", "Bob", "Cy", "Dee")[:players]]
    rng = random.Random(7)
    while not table.finished:
        seat = table.match.round.to_move
        legal = table.view_for(seat)["legal"]
        table.play(seat, tokens[seat], rng.choice([m for m in legal if "-B" in m] or legal))
    return table


def test_a_live_game_left_for_good_is_lost_by_whoever_left() -> None:
    """At the end of a live game, a person on autopilot with no connection left went away
    and did not come back: their seat is marked, their side ranks last and the game is
    ``abandoned``. Connected again before the end, they keep their result."""
    table = played_table()
    played = game_result(table, T0)
    assert played.ending == "won" and not any(seat.resigned for seat in played.seats)
    table.presence.autopilot.add(1)  # Bob went away; the autopilot finished for him
    left = game_result(table, T0)
    assert left.ending == "abandoned" and left.ranks == (1, 2)
    assert [seat.resigned for seat in left.seats] == [False, True]
    table.presence.connect(1)  # Bob came back in time
    assert game_result(table, T0) == played


def test_a_bot_seat_from_an_earlier_game_is_the_bots_alone(store: GroupCommitStorage[Any]) -> None:
    """Cy resigned game 0 at three sides: the stand-in took her seat, and she lost that
    game. Game 1 at the table is the bot's from the start: Cy is neither counted nor
    rated for it, though her seat is still linked to her."""
    ann, bob, cy = new_players(store, "Ann", "Bob", "Cy")
    store.create_table("LATER", "{}")
    for seat, player in enumerate((ann, bob, cy)):
        store.run(people.seat_player("LATER", seat, player))

    def game(index: int, resigned: bool) -> GameResult:
        seats = (
            SeatResult(0, 0, "Ann", 0, 3),
            SeatResult(1, 1, "Bob", 0, 2),
            SeatResult(2, 2, "Cy", 0, 0, bot="hard", resigned=resigned),
        )
        ending = "won"
        return GameResult("LATER", index, index, 1, T0 + index, 3, False, 10, True, ending,
                          seats, (2, 3, 1) if not resigned else (1, 2, 3))  # fmt: skip

    first = store.run(record_with_players(game(0, resigned=True)))
    assert set(first.changes) == {ann, bob, cy} and skill_of(store, cy).mu < START.mu
    second = store.run(record_with_players(game(1, resigned=False)))
    assert set(second.changes) == {ann, bob}
    standing = store.run(pages.standing(cy))
    assert standing is not None and (standing.games, standing.rated_games) == (1, 1)


def test_an_unrated_game_counts_but_rates_nothing(store: GroupCommitStorage[Any]) -> None:
    ann, bob = new_players(store, "Ann", "Bob")
    recorded = finish(store, "FUN", [ann, bob], [1, 2], rated=False)
    assert recorded.changes == {}
    standing = store.run(pages.standing(ann))
    assert standing is not None
    assert (standing.games, standing.wins, standing.rated_games) == (1, 1, 0)
    assert standing.mu == START.mu and store.run(pages.rating_graph(ann)) == []


def test_a_game_recorded_twice_counts_once(store: GroupCommitStorage[Any]) -> None:
    ann, bob = new_players(store, "Ann", "Bob")
    first = finish(store, "ONCE", [ann, bob], [1, 2])
    again = finish(store, "ONCE", [ann, bob], [1, 2], new_table=False)
    assert first.fresh and not again.fresh and again.changes == {}
    standing = store.run(pages.standing(ann))
    assert standing is not None and (standing.games, standing.rated_games) == (1, 1)


def test_guests_are_provisional_and_accounts_join_the_board_after_ten_games(
    store: GroupCommitStorage[Any],
) -> None:
    (guest,) = new_players(store, "Guest", kind="guest")
    (ann,) = new_players(store, "Ann")
    for game in range(pages.LISTED_GAMES):
        finish(store, f"G{game}", [guest, ann], [1, 2])
        board = store.run(pages.leaderboard())
        assert board.total == (1 if game == pages.LISTED_GAMES - 1 else 0)
    standing = store.run(pages.standing(guest))
    assert standing is not None and standing.provisional and standing.rated_games == 10
    assert [row.player_id for row in store.run(pages.leaderboard()).rows] == [ann]
    # the guest claims an account: it keeps its rating and joins the board
    assert store.run(people.make_account(guest, "Guest", "guest name", "$argon2id$x")) == "ok"
    rows = store.run(pages.leaderboard()).rows
    assert [row.player_id for row in rows] == [guest, ann]
    assert rows[0].rating > rows[1].rating and rows[0].place == 1


def test_a_finished_game_is_listed_and_recorded_once(store: GroupCommitStorage[Any]) -> None:
    """Messages after a game's end ("next game", a reaction) change the table again;
    the hub observes each change, and none writes the listing or the result again (they
    once wrote the listing at every change after the end: work for nothing on the
    store's writer, which commits every move)."""
    table = played_table()
    written: list[str] = []

    class Counted:
        """The store, counting the operations it is given (by the function that made them)."""

        def run(self, op: Any) -> Any:
            return store.run(op)

        def run_async(self, op: Any) -> Any:
            written.append(op.__qualname__.split(".")[0])
            return store.run_async(op)

    async def observe_thrice() -> None:
        online = Online(Counted())
        for _ in range(3):
            online.observe(table)
        await online.drain()

    asyncio.run(observe_thrice())
    assert sorted(written) == ["record_with_players", "update_listing"]
