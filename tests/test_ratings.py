"""Bradley–Terry ratings (:mod:`skipbo.sim.ratings`) on inputs whose answer is known."""

from __future__ import annotations

import math

import pytest

from skipbo.sim.ratings import ELO_SCALE, Rating, bradley_terry, expected_share
from skipbo.sim.stats import Z95

LOG10_3 = math.log10(3)


def by_name(ratings: list[Rating]) -> dict[str, Rating]:
    return {r.name: r for r in ratings}


def width(r: Rating) -> float:
    return r.high - r.low


# ---------------------------------------------------------------- known fits


def test_two_players_three_to_one_is_400_log10_3_apart() -> None:
    a, b = bradley_terry(["a", "b"], [[0, 300], [100, 0]], prior=0)
    assert a.rating - b.rating == pytest.approx(400 * LOG10_3)  # about 190.8
    assert a.rating == pytest.approx(-b.rating)  # centred on a mean of 0
    assert expected_share(a.rating, b.rating) == pytest.approx(0.75)
    assert (a.wins, a.losses, b.wins, b.losses) == (300, 100, 100, 300)


def test_two_player_interval_is_the_wald_interval() -> None:
    # var(theta_a - theta_b) = 1 / (n p (1 - p)); each centred rating carries half the gap.
    a, _ = bradley_terry(["a", "b"], [[0, 300], [100, 0]], prior=0)
    half = Z95 * ELO_SCALE * math.sqrt(1 / (400 * 0.75 * 0.25)) / 2
    assert a.high - a.rating == pytest.approx(half)
    assert a.rating - a.low == pytest.approx(half)


def test_prior_is_one_virtual_draw_per_pair() -> None:
    a, b = bradley_terry(["a", "b"], [[0, 300], [100, 0]])
    assert a.rating - b.rating == pytest.approx(400 * math.log10(300.5 / 100.5))
    a, b = bradley_terry(["a", "b"], [[0, 300], [100, 0]], prior=2)
    assert a.rating - b.rating == pytest.approx(400 * math.log10(302 / 102))


def test_symmetric_results_give_equal_ratings() -> None:
    wins = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    ratings = bradley_terry(["a", "b", "c"], wins)
    for r in ratings:
        assert r.rating == pytest.approx(0, abs=1e-9)
        assert width(r) == pytest.approx(width(ratings[0]))
        assert r.low == pytest.approx(-r.high)


def test_ratings_follow_a_transitive_order() -> None:
    # a beats b 70%, b beats c 70%, a beats c 85%: a > b > c, whatever the input order.
    names = ["c", "b", "a"]
    wins = [[0, 30, 15], [70, 0, 30], [85, 70, 0]]
    c, b, a = bradley_terry(names, wins)
    assert a.rating > b.rating > c.rating
    assert [r.name for r in bradley_terry(names, wins)] == names  # order kept


def test_fit_matches_expected_and_observed_wins() -> None:
    # At the maximum-likelihood fit each player's expected wins equal its actual wins.
    names = ["a", "b", "c", "d"]
    wins = [[0, 12, 9, 20], [8, 0, 11, 14], [11, 9, 0, 13], [5, 6, 7, 0]]
    ratings = bradley_terry(names, wins, prior=0)
    for i, r in enumerate(ratings):
        expected = sum(
            (wins[i][j] + wins[j][i]) * expected_share(r.rating, other.rating)
            for j, other in enumerate(ratings)
            if j != i
        )
        assert expected == pytest.approx(sum(wins[i]))
    assert sum(r.rating for r in ratings) == pytest.approx(0, abs=1e-9)


def test_intervals_shrink_with_more_games() -> None:
    base = [[0, 6, 7], [4, 0, 6], [3, 4, 0]]
    widths = []
    for k in (1, 10, 100):
        ratings = bradley_terry(["a", "b", "c"], [[k * w for w in row] for row in base], prior=0)
        widths.append(width(ratings[0]))
    assert widths == sorted(widths, reverse=True)
    assert widths[2] / widths[0] == pytest.approx(0.1)  # 1 / sqrt(100) at the same shares


def test_anchor_fixes_one_bot_at_zero() -> None:
    wins = [[0, 30, 20], [10, 0, 25], [20, 15, 0]]
    centred = by_name(bradley_terry(["a", "b", "c"], wins))
    anchored = by_name(bradley_terry(["a", "b", "c"], wins, anchor="b"))
    assert anchored["b"].rating == 0 and anchored["b"].low == anchored["b"].high == 0
    for name in "ac":
        gap = centred[name].rating - centred["b"].rating
        assert anchored[name].rating == pytest.approx(gap)
        assert width(anchored[name]) > width(centred[name])  # now includes b's uncertainty


# ------------------------------------------------------------ unbeaten bots


def test_unbeaten_and_winless_bots_get_finite_ratings_with_the_prior() -> None:
    a, b, c = bradley_terry(["a", "b", "c"], [[0, 20, 20], [0, 0, 20], [0, 0, 0]])
    assert all(math.isfinite(x) for r in (a, b, c) for x in (r.rating, r.low, r.high))
    assert a.rating > b.rating > c.rating
    assert b.rating == pytest.approx(0, abs=1e-9)


def test_without_prior_an_unbeaten_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="no finite ratings"):
        bradley_terry(["a", "b"], [[0, 5], [0, 0]], prior=0)
    with pytest.raises(ValueError, match="no finite ratings"):  # {a, b} never lost to c
        bradley_terry(["a", "b", "c"], [[0, 3, 1], [2, 0, 1], [0, 0, 0]], prior=0)


def test_lopsided_results_still_converge_exactly() -> None:
    n = 10**6
    wins = [[0, n, n, n], [0, 0, n, n], [0, 0, 0, n], [0, 0, 0, 0]]
    a, b, c, d = bradley_terry(list("abcd"), wins)
    assert a.rating == pytest.approx(-d.rating) and b.rating == pytest.approx(-c.rating)
    assert a.rating > b.rating > 0


def test_win_counts_in_json_are_integers() -> None:
    a, _ = bradley_terry(["a", "b"], [[0, 3], [1, 0]])
    data = a.to_json()
    assert data["wins"] == 3 and isinstance(data["wins"], int)
    assert data["bot"] == "a" and data["ci95"] == [a.low, a.high]


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("names", "wins", "kwargs", "message"),
    [
        (["a"], [[0]], {}, "at least 2"),
        (["a", "a"], [[0, 1], [1, 0]], {}, "different"),
        (["a", "b"], [[0, 1]], {}, "2 x 2"),
        (["a", "b"], [[0, -1], [1, 0]], {}, ">= 0"),
        (["a", "b"], [[0, math.nan], [1, 0]], {}, "finite"),
        (["a", "b"], [[1, 1], [1, 0]], {}, "diagonal"),
        (["a", "b"], [[0, 1], [1, 0]], {"prior": -0.5}, "prior"),
        (["a", "b"], [[0, 1], [1, 0]], {"anchor": "z"}, "anchor"),
    ],
)
def test_bad_input_is_a_value_error(
    names: list[str], wins: list[list[float]], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        bradley_terry(names, wins, **kwargs)  # type: ignore[arg-type]


def test_expected_share_on_the_elo_scale() -> None:
    assert expected_share(0, 0) == 0.5
    assert expected_share(200, 0) == pytest.approx(1 / (1 + 10**-0.5))  # about 76%
    assert expected_share(0, 400) == pytest.approx(1 / 11)
