"""A match: rounds scored until a target score (rules §8).

:class:`Match` is the one authority over a table: the running round, the deal
passing left, the scores across rounds and the finished rounds. Simulations,
the command line and (later) the server and terminal game drive this object.
Each round's deck and reshuffles derive from the match seed, so a match is a
pure function of its seed and its moves.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field

from .deal import seeded_dealer, shuffled_deck
from .errors import DealError, RoundOverError, RulesError, shown, whole_number
from .moves import Move
from .rules import Rules
from .shuffles import SeededShuffler
from .state import Round

DEFAULT_TARGET = 500


def new_round(rules: Rules, seed: int | str | None = None, dealer: int | None = None) -> Round:
    """A round dealt from a deck shuffled by ``seed``.

    ``seed`` is an ``int`` (any integer type, NumPy's too) or a ``str``: the same
    seed deals the same round, every time and everywhere. ``None`` (the default)
    means fresh randomness: a new seed is drawn from the operating system's
    entropy (:func:`secrets.randbits`), so each call deals a different round.
    That is not global random state: nothing shared is read or changed, and the
    drawn seed is kept as ``state.shuffler.seed``, so the round can be dealt
    again. Anything else (a float, bytes, a ``random.Random``) is refused with a
    :class:`DealError`.

    Without ``dealer``, the first dealer is drawn by high card (rules §3), also
    from ``seed``. Reshuffles of completed piles derive from ``seed`` too.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules, e.g. Rules.make(players=2), not {shown(rules)}")
    seed = _check_seed(seed)
    if dealer is None:
        dealer = seeded_dealer(rules.players, seed)
    elif not rules.is_seat(dealer):
        raise DealError(f"dealer must be a seat 0..{rules.players - 1}, not {shown(dealer)}")
    return Round.deal(rules, dealer, shuffled_deck(seed), SeededShuffler(seed))


def _check_seed(seed: object) -> int | str:
    """``seed`` as an ``int`` or ``str``; a fresh one for None; :class:`DealError` else."""
    if seed is None:
        import secrets  # here: it imports hashlib, which no other part of the core needs

        return secrets.randbits(64)
    if isinstance(seed, str):
        return seed
    if not isinstance(seed, bool):
        try:
            return operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise DealError(
        f"seed must be an int or a str (or None for a fresh random deal), not {shown(seed)}"
    )


@dataclass(slots=True)
class Match:
    """Rounds until a side reaches ``target`` points; ``target=None`` is one round.

    Scores are kept per side: the team index in partnership play, else the seat.
    A round without a winner scores nothing; in a match the next round (with
    the next dealer) replaces it, as rules §8 says for blocked rounds.
    """

    rules: Rules
    seed: int | str
    target: int | None = DEFAULT_TARGET
    rounds: list[Round] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        target = self.target
        if target is not None and (whole_number(target) is None or target < 1):
            raise RulesError(f"target must be a whole number >= 1 or None, not {target!r}")
        self.scores = [0] * self.rules.sides
        if not self.rounds:
            self.rounds.append(new_round(self.rules, f"{self.seed}/0"))

    @property
    def round(self) -> Round:
        """The round being played (or the last one, once the match is over)."""
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        """True when the match is decided."""
        return self.winner is not None or (self.target is None and self.round.over)

    @property
    def winner(self) -> int | None:
        """The winning side (team index or seat), once there is one."""
        if self.target is None:
            result = self.round.result
            return None if result is None or result.winner is None else self._side(result.winner)
        best = max(self.scores)
        return self.scores.index(best) if best >= self.target else None

    def _side(self, seat: int) -> int:
        return self.rules.team_of(seat)

    def play(self, move: Move | str) -> None:
        """Apply a move (an id or its notation) to the running round; scores it
        when it ends the round."""
        state = self.round
        state.play(move)
        if state.result is not None:
            self._score(state)

    def _score(self, state: Round) -> None:
        result = state.result
        if result is not None and result.winner is not None and result.points is not None:
            self.scores[self._side(result.winner)] += result.points

    @classmethod
    def restore(
        cls,
        rules: Rules,
        seed: int | str,
        target: int | None,
        rounds: Sequence[Sequence[Move | str]],
    ) -> Match:
        """The match after ``rounds`` (each round's moves, ids or notation), replayed.

        This is how a table comes back after a restart: storage keeps only the
        seed and the accepted moves, and the core replays them, so the restored
        match is exactly the one that was lost. A round that is not the last must
        be finished by its moves; every move is checked as if played now.
        """
        return cls(rules, seed, target).replay(rounds)

    def replay(self, rounds: Sequence[Sequence[Move | str]]) -> Match:
        """This fresh match after ``rounds``, played again as :meth:`restore` does;
        for a match whose first round was dealt otherwise (an arranged deal)."""
        for index, moves in enumerate(rounds):
            if index:
                self.next_round()
            for move in moves:
                self.play(move)
        return self

    def history(self) -> list[list[Move]]:
        """Every round's moves so far: what :meth:`restore` takes back."""
        return [list(state.history) for state in self.rounds]

    def next_round(self) -> Round:
        """Deal the next round, the deal passing left; only after a round ended."""
        if not self.round.over:
            raise RoundOverError("the current round is not over yet")
        if self.over:
            raise RoundOverError("the match is over")
        dealer = (self.round.dealer + 1) % self.rules.players
        state = new_round(self.rules, f"{self.seed}/{len(self.rounds)}", dealer)
        self.rounds.append(state)
        return state
