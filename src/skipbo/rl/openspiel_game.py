"""``python_skipbo``: one round of Skip-Bo as an OpenSpiel game with explicit chance.

Importing this module registers the game (``pip install 'skipbo[openspiel]'``)::

    import pyspiel, skipbo.rl.openspiel_game
    game = pyspiel.load_game("python_skipbo", {"players": 2, "stock": 5})

Every card that comes out of hiding is a chance outcome, so that search and
counterfactual algorithms see the game's randomness where it happens:

- the deal: one chance node per card, stocks first (one card at a time from
  the dealer's left, as rules §3 deals), then the first player's five cards;
- each card drawn later (refilling a hand, emptying it by a play): a chance
  node over the card values in the draw pile, each with its share of the
  pile; when the draw pile runs out mid-draw, over the completed piles that
  the core reshuffles into a new one.

Chance outcomes are card values: outcome ``c - 1`` is card ``c`` (1..12, SB).
Player actions are the core's move ids (``Discrete(145)``, ``docs/rl.md``).
Between a player's action and its draws the state is a chance node; the move
is then applied by the core itself, with the draw pile arranged so that it
yields exactly the drawn cards (and a reshuffle put together the same way).
The dealer is the last seat, so player 0 begins.

Observations are the encoding of :mod:`skipbo.rl.encoding` (as ``float32``) of
the seat's :func:`~skipbo.core.player_view`. The information state adds the
public history (every move is public in Skip-Bo) to the string; its tensor is
the observation tensor, which is not perfect recall (it forgets, for one, which
completed cards were reshuffled into the draw pile). ``resample_from_infostate``
deals the unseen cards anew with :func:`skipbo.core.determinize.sample_round`,
so OpenSpiel's ISMCTS bot runs on the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from skipbo.core import (
    MOVE_COUNT,
    MOVE_INFO,
    SB,
    IllegalMoveError,
    PlayerView,
    Round,
    Rules,
    card_name,
    format_move,
    full_deck,
    player_view,
)
from skipbo.core.determinize import sample_round

from .encoding import ViewEncoder, observation_size
from .table import illegal_action, make_rules, rewards, round_over

SHORT_NAME = "python_skipbo"
DEFAULTS: dict[str, Any] = {"players": 2, "stock": 0, "teams": False, "turn_cap": 0}
"""Game parameters; ``stock`` 0 is the printed stock for the player count, ``turn_cap``
0 is no cap."""
MAX_GAME_LENGTH = 100_000
"""A bound OpenSpiel asks for; a round has no fixed length (reshuffles), this is far
beyond any round seen."""


def _game_type(utility: pyspiel.GameType.Utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Skip-Bo",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


def _rules(params: dict[str, Any]) -> Rules:
    values = {**DEFAULTS, **params}
    return make_rules(
        int(values["players"]),
        bool(values["teams"]),
        int(values["stock"]) or None,
        int(values["turn_cap"]) or None,
    )


def _zero_sum(rules: Rules) -> bool:
    """Winner's side +1 each, the rest -1 each: zero-sum when the two sides are equal."""
    return rules.players == 2 or (rules.teams and rules.players == 4)


class SkipBoGame(pyspiel.Game):  # type: ignore[misc]
    """The game: its rules come from the parameters (see :data:`DEFAULTS`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules = _rules(params or {})
        zero = _zero_sum(self.rules)
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=MOVE_COUNT,
            max_chance_outcomes=SB,
            num_players=self.rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(utility), info, {**DEFAULTS, **(params or {})})

    def new_initial_state(self) -> SkipBoState:
        """The state before the deal: the first chance node deals the first card."""
        return SkipBoState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> SkipBoObserver:
        """Observation (default) or information state (``perfect_recall=True``)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return SkipBoObserver(self.rules, iig_obs_type or pyspiel.IIGObservationType())


class ChanceShuffler:
    """The core's reshuffle (rules §6), with the new pile's top cards set by chance.

    ``front`` holds the cards the chance nodes drew from this reshuffle, top first;
    the rest of the pile follows in sorted order, as its order is decided by
    later chance nodes anyway.
    """

    def __init__(self) -> None:
        self.front: list[int] = []
        self.seen: list[list[int]] = []

    def __call__(self, index: int, cards: list[int]) -> list[int]:
        self.seen.append(sorted(cards))
        rest = Counter(cards)
        rest.subtract(self.front)
        return [*self.front, *sorted(rest.elements())]


class SkipBoState(pyspiel.State):  # type: ignore[misc]
    """A round in progress: the core's :class:`Round` plus the chance bookkeeping."""

    def __init__(self, game: SkipBoGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.round: Round | None = None
        self.dealt: list[int] = []
        self.pending: int | None = None
        self.draws: list[int] = []
        """Cards drawn by chance for the pending move, in drawing order."""
        self.plan: tuple[int, list[int]] = (0, [])
        """(cards the pending move draws from the draw pile, reshuffled cards drawn from)."""
        self.need = 0
        self.public: list[str] = []

    # ------------------------------------------------------------ whose turn

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` while cards are dealt or drawn, or ``TERMINAL``."""
        round_ = self.round
        if round_ is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if round_.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return round_.to_move

    def _legal_actions(self, player: int) -> list[int]:
        """The core's legal moves (ascending, as OpenSpiel wants)."""
        assert self.round is not None
        return sorted(self.round.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The card values the next hidden card can be, with their probabilities."""
        pool = Counter(self._chance_pool())
        total = sum(pool.values())
        return [(card - 1, count / total) for card, count in sorted(pool.items())]

    def _chance_pool(self) -> list[int]:
        """The cards the next chance outcome is drawn from (a multiset)."""
        if self.round is None:
            pool = Counter(full_deck())
            pool.subtract(self.dealt)
            return list(pool.elements())
        from_pile, reshuffled = self.plan
        i = len(self.draws)
        pool = Counter(self.round._draw_pile if i < from_pile else reshuffled)
        pool.subtract(self.draws[:from_pile] if i < from_pile else self.draws[from_pile:])
        return list(pool.elements())

    # ------------------------------------------------------------ moves

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome or a player's move; anything OpenSpiel would not list
        (:meth:`legal_actions`, :meth:`chance_outcomes`) raises
        :class:`~skipbo.core.IllegalMoveError` and leaves the state as it was."""
        if self.is_terminal():
            raise round_over("python_skipbo")
        if self.round is None or self.pending is not None:
            self._check_chance(action)
        if self.round is None:
            self._deal(action + 1)
        elif self.pending is not None:
            self.draws.append(action + 1)
            if len(self.draws) == self.need:
                self._play_pending()
        else:
            seat = self.round.to_move
            if not self.round.is_legal(action):
                raise illegal_action(self.round, action, f"player {seat}")
            self.public.append(f"{seat}:{format_move(action)}")
            self._begin_move(action)

    def _check_chance(self, action: object) -> None:
        """Refuse a chance outcome that is no card left where the next card comes from."""
        card = action + 1 if isinstance(action, int) and 0 <= action < SB else None
        if card is None or card not in self._chance_pool():
            possible = ", ".join(str(outcome) for outcome, _ in self.chance_outcomes())
            raise IllegalMoveError(
                f"chance: outcome {action!r} is not a card that can come now"
                f" (outcome c - 1 is card c; possible now: {possible})"
            )

    def _deal(self, card: int) -> None:
        """One more card dealt; the last one deals the round (dealer: the last seat)."""
        self.dealt.append(card)
        n = self.rules.players
        if len(self.dealt) < n * self.rules.stock + 5:
            return
        rest = Counter(full_deck())
        rest.subtract(self.dealt)
        deck = [*self.dealt, *sorted(rest.elements())]
        self.round = Round.deal(self.rules, n - 1, deck, ChanceShuffler())

    def _begin_move(self, move: int) -> None:
        """Find out what ``move`` draws (on a copy); draw by chance first if anything."""
        round_ = self.round
        assert round_ is not None
        probe = round_.clone()
        probe.shuffler = recorder = ChanceShuffler()
        probe.apply_unchecked(move)
        from_hand = 1 if MOVE_INFO[move].card else 0
        need = sum(probe._hand_sizes) - sum(round_._hand_sizes) + from_hand
        if need == 0:
            round_.apply_unchecked(move)
            return
        reshuffled = recorder.seen[0] if recorder.seen else []
        self.pending, self.need, self.draws = move, need, []
        self.plan = (min(need, len(round_._draw_pile)), reshuffled)

    def _play_pending(self) -> None:
        """Arrange the draw pile (and any reshuffle) to give the drawn cards, then play."""
        round_ = self.round
        assert round_ is not None and self.pending is not None
        from_pile = self.plan[0]
        first = self.draws[:from_pile]
        rest = Counter(round_._draw_pile)
        rest.subtract(first)
        round_._draw_pile = [*sorted(rest.elements()), *reversed(first)]
        shuffler = round_.shuffler
        assert isinstance(shuffler, ChanceShuffler)
        shuffler.front = self.draws[from_pile:]
        round_.apply_unchecked(self.pending)
        shuffler.front = []
        self.pending, self.need, self.draws, self.plan = None, 0, [], (0, [])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {card_name(action + 1)}"
        return format_move(action)

    # ------------------------------------------------------------ the end

    def is_terminal(self) -> bool:
        """True once the core says the round is over."""
        return self.round is not None and self.pending is None and self.round.result is not None

    def returns(self) -> list[float]:
        """+1 to the winning side, -1 to the others, 0 each without a winner."""
        if not self.is_terminal():
            return [0.0] * self.rules.players
        assert self.round is not None and self.round.result is not None
        return rewards(self.rules, self.round.result)

    def __str__(self) -> str:
        if self.round is None:
            return f"dealing: {len(self.dealt)} cards dealt"
        lines = [format_view(player_view(self.round, seat)) for seat in range(self.rules.players)]
        return "\n".join(lines)

    # ------------------------------------------------------------ search

    def view(self, player: int) -> PlayerView | None:
        """``player``'s view, or None before the round is dealt (nothing to see yet)."""
        return None if self.round is None else player_view(self.round, player)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SkipBoState:
        """A state ``player_id`` cannot tell from this one: the unseen cards dealt anew.

        Only at ``player_id``'s own decisions (what ISMCTS asks for); the public
        counters (turn, idle turns, whether a card was played this turn) are
        public and copied, the hidden cards come from :func:`sample_round`.
        """
        view = self.view(player_id)
        if view is None or self.pending is not None or view.to_move != player_id:
            raise ValueError("resample only at the decisions of the player whose view it is")
        assert self.round is not None
        sampled = sample_round(view, int(probability_sampler() * 2**31))
        sampled._draw_pile.sort()
        sampled.shuffler = ChanceShuffler()
        for name in ("dealer", "turns", "played_this_turn", "idle_streak"):
            setattr(sampled, name, getattr(self.round, name))
        sampled.history = list(self.round.history)
        game = self.get_game()
        state = game.new_initial_state()
        state.dealt, state.round, state.public = list(self.dealt), sampled, list(self.public)
        return state  # type: ignore[no-any-return]


def format_view(view: PlayerView) -> str:
    """A view on one line: the strings of observations and debug output."""
    players = " ".join(
        f"[{p.stock}/{card_name(p.stock_top) if p.stock_top else '-'} h{p.hand} "
        + "/".join(" ".join(card_name(c) for c in pile) for pile in p.discards)
        + "]"
        for p in view.players
    )
    hand = " ".join(card_name(c) for c in view.hand)
    build = " ".join(str(v) for v in view.build)
    return (
        f"seat {view.seat} move {view.to_move} build {build} draw {view.draw} "
        f"done {view.completed} hand {hand} {players}"
    )


class SkipBoObserver:
    """OpenSpiel's Python observer: ``tensor`` and ``string_from`` for one seat.

    ``perfect_recall`` adds the public move history to the string. A public
    observer (``private_info`` NONE) leaves out the seat's hand.
    """

    def __init__(self, rules: Rules, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self._encoder = ViewEncoder(rules)
        self._history = bool(iig_obs_type.perfect_recall)
        self._private = iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(observation_size(rules.players), np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: SkipBoState, player: int) -> PlayerView | None:
        view = state.view(player)
        if view is not None and not self._private:
            view = view._replace(hand=())
        return view

    def set_from(self, state: SkipBoState, player: int) -> None:
        """The tensor of ``player``'s view (zeros while the cards are being dealt)."""
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self._encoder.encode(view)

    def string_from(self, state: SkipBoState, player: int) -> str:
        """``player``'s view as text, with the public history in the information state."""
        view = self._view(state, player)
        text = f"dealing {len(state.dealt)}" if view is None else format_view(view)
        if state.pending is not None:
            text += " drawing"
        if self._history:
            text += " | " + " ".join(state.public)
        return text


def game_parameters(**options: Any) -> dict[str, Any]:
    """Parameters for ``pyspiel.load_game(SHORT_NAME, ...)`` from environment-style options."""
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown parameter(s): {', '.join(sorted(unknown))}")
    return {**DEFAULTS, **{k: v for k, v in options.items() if v is not None}}


pyspiel.register_game(_game_type(pyspiel.GameType.Utility.GENERAL_SUM), SkipBoGame)
