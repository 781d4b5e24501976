"""Combo's threat term with the next opponent's hand guessed (research, issue 25)."""

from __future__ import annotations

import itertools

from skipbo.bots import make_bot
from skipbo.bots.combo import HAND, ComboWeights, _cover, _Threat
from skipbo.bots.guessed_threat import GuessedThreat, next_opponent
from skipbo.bots.research.expert_variants import ExpertVariant, VariantSettings
from skipbo.core import SB, PlayerView, Round, Rules, new_round, player_view
from skipbo.sim.runner import play_round

WEIGHTS = ComboWeights()


def views_of_a_round(seed: str, players: int = 2) -> list[tuple[PlayerView, Round]]:
    """Each decision's view of a round of ``combo`` bots, with the true round then."""
    state = new_round(Rules.make(players, 30), seed)
    bots = [make_bot("combo", seat) for seat in range(players)]
    seen = []
    while state.result is None:
        view = player_view(state, state.to_move)
        seen.append((view, state.copy()))
        state.apply_unchecked(bots[state.to_move].choose(view, state.legal_moves()))
    return seen


BUILDS = [list(b) for b in itertools.islice(itertools.product(range(13), repeat=4), 0, 28561, 331)]
"""Build piles to ask about (a spread of the 13**4 values)."""


def test_no_card_kept_is_combos_own_count() -> None:
    """Guesses that keep no card draw all five: exactly combo's chance, every pile."""
    for view, _ in views_of_a_round("empty")[::7]:
        counted, guessed = _Threat(view, WEIGHTS), GuessedThreat(view, WEIGHTS, [[]])
        assert all(counted.chance(b) == guessed.chance(b) for b in BUILDS)


def test_the_draws_left_decide_the_chance() -> None:
    """The kept cards leave fewer draws (combo's own chain, asked for that many:
    tests/test_combo.py checks it against the plain chain for every number)."""
    assert _cover(2, 1, 0.1, 0.1, 0) == 0.0  # no card to draw, nothing covered
    assert _cover(3, 2, 0.1, 0.1, 2) < _cover(3, 2, 0.1, 0.1, 4)  # more draws, more chance
    assert _cover(3, 2, 0.1, 0.1, HAND) == _cover(3, 2, 0.1, 0.1)


def test_a_kept_card_that_bridges_the_gap_is_a_sure_threat() -> None:
    """Where the opponent's stock card is one step above a build pile, a kept card of
    that step (or a wild card) makes the pile a sure threat, whatever is drawn."""
    checked = 0
    for view, _ in views_of_a_round("bridge"):
        threat = GuessedThreat(view, WEIGHTS, [[]])
        top = threat.top
        if threat.pool and 2 < top <= 12 and not threat.piles_seen:
            for kept in ([top - 1], [SB]):
                sure = GuessedThreat(view, WEIGHTS, [kept])
                assert sure.chance([top - 2, 0, 0, 0]) == 1.0
                assert threat.chance([top - 2, 0, 0, 0]) < 1.0
            checked += 1
    assert checked > 0


def test_the_true_hand_changes_the_count() -> None:
    """The kept cards matter: with the true hand the chance differs from combo's count
    for most positions with a threat (not a test of strength: docs/bots.md)."""
    moved = asked = 0
    for view, truth in views_of_a_round("true")[::5]:
        other = next_opponent(view)
        assert other is not None
        counted = _Threat(view, WEIGHTS)
        seer = GuessedThreat(view, WEIGHTS, [truth.hand_cards(other)])
        for build in BUILDS[::5]:
            asked += 1
            moved += abs(seer.chance(build) - counted.chance(build)) > 0.01
    assert moved > asked // 5


def test_next_opponent_skips_the_partner() -> None:
    view = player_view(new_round(Rules.make(4, 20, teams=True), "p"), 0)
    assert view.partner == 2 and next_opponent(view) == 1
    view = player_view(new_round(Rules.make(3, 20), "q"), 2)
    assert next_opponent(view) == 0


def test_a_bot_with_guessed_threats_plays_legal_rounds_on_views() -> None:
    """The variant plays whole rounds through the checked runner (an illegal move
    would forfeit) and guesses the hand of the seat its threat is about."""
    settings = VariantSettings(particles=8, guessed_threat=True)
    for players in (2, 3):
        bot = ExpertVariant("t", settings=settings)
        bots = [bot] + [make_bot("combo", seat) for seat in range(1, players)]
        state = play_round(Rules.make(players, 10), bots, f"threat/{players}")
        assert state.result is not None and state.result.forfeited is None
        assert bot.guesses.found[0] > 0
