"""Guessing the other hand from the turn it played: worlds a deterministic opponent agrees with.

A world sampled from a view deals the other seats' hands at random from the unseen
cards. But the seat that moved just before us ended its turn with a discard, and a
bot that uses no randomness (``combo``, the ladder's bots) would have ended it that
way only with some hands: with one that let it play on, it would have played; with
another, it would have discarded another card. :class:`LastTurn` keeps what the own
views showed of that turn (the discard piles before and after it, the build piles
it left) and :meth:`LastTurn.agrees` tells whether a sampled world's hand for that
seat, with ``combo``'s rules, ends the turn as it was seen to end.

One turn says little of a five-card hand, but the turns before it say more: a card
the other seat held at the end of its previous turn and did not play or discard
since is still in its hand. :class:`HandParticles` carries such guesses from turn to
turn (a particle filter): each guess of the hand at the end of the previous turn
keeps the cards that cannot have left it, is filled up from the unseen cards, and
survives only if the last turn agrees with it. :func:`world_with_hand` deals a
world around one guess.

This is inference from the views only (what a player at the table sees of the
previous turn), so a bot that uses it stays fair; it assumes the other seat plays
like ``combo``, which is exactly true against ``combo`` and a guess against anyone
else (a world none agrees with just falls back to the plain sample).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from skipbo.core import Move, PlayerView, Round, player_view
from skipbo.core.cards import NO_CARD
from skipbo.core.determinize import sample_round, unseen_cards
from skipbo.core.errors import SkipBoError
from skipbo.core.moves import discard_move
from skipbo.core.shuffles import SeededShuffler

from .combo import NODE_LIMIT, ComboBot, ComboWeights, TurnSearch, combo_discard
from .greedy import stock_play


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The previous seat's turn as the own views saw it: the board it left (the view at
    the start of the own turn) and, per discard pile it may have discarded on, the
    card on top."""

    seat: int
    """The seat that moved just before (its hand is what is inferred)."""
    board: PlayerView
    """The own view at the start of the own turn: the build piles it left."""
    discards: tuple[tuple[int, int], ...]
    """(pile, card) for each pile its discard may have gone on (usually one)."""

    @staticmethod
    def seen(before: PlayerView, now: PlayerView) -> LastTurn | None:
        """What ``before`` (the own view at the last own discard) and ``now`` (the
        own view at the start of the next own turn) say of the previous seat's turn;
        None when nothing can be told (a partner moved last, or no discard is seen)."""
        seat = now.seat
        assert seat is not None
        rules = now.rules
        other = (seat - 1) % rules.players
        if rules.team_of(other) == rules.team_of(seat):
            return None
        old = before.players[other].discards
        new = now.players[other].discards
        fits = [p for p in range(len(new)) if new[p] and new[p][:-1] == old[p][: len(new[p]) - 1]]
        changed = [p for p in fits if new[p] != old[p][: len(new[p])]]
        piles = changed or fits
        if not piles:
            return None
        return LastTurn(other, now, tuple((p, new[p][-1]) for p in piles))

    def agrees(self, world: Round, weights: ComboWeights) -> bool:
        """Whether ``combo`` holding ``world``'s hand for :attr:`seat` (plus the card
        it discarded) would have stopped playing and made that discard."""
        return self.agrees_hand(world.hand_cards(self.seat), weights)

    def agrees_hand(self, hand: list[int], weights: ComboWeights, nodes: int = NODE_LIMIT) -> bool:
        """:meth:`agrees` for a hand given as its cards; ``nodes`` bounds combo's search
        (its own bound by default: a smaller one is faster and now and then wrong)."""
        for pile, card in self.discards:
            view = self._their_view(hand, pile, card)
            try:
                if stock_play(view) is not None or TurnSearch(view, weights, nodes).best():
                    continue
            except SkipBoError:
                # the completed piles went back into the draw pile during the own turn:
                # cards the board shows may be in a sampled hand now; nothing to tell
                return True
            if combo_discard(view) == discard_move(card, pile):
                return True
        return False

    def _their_view(self, hand: list[int], pile: int, card: int) -> PlayerView:
        """The previous seat's view just before its discard of ``card`` on ``pile``."""
        board = self.board
        them = board.players[self.seat]
        piles = tuple(p[:-1] if i == pile else p for i, p in enumerate(them.discards))
        player = them._replace(discards=piles, hand=them.hand + 1)
        players = tuple(player if i == self.seat else p for i, p in enumerate(board.players))
        return board._replace(
            seat=self.seat, to_move=self.seat, hand=tuple(sorted([*hand, card])), players=players
        )


def cards_that_may_have_left(
    before: PlayerView, now: PlayerView, turn: LastTurn
) -> Counter[int] | None:
    """The cards the previous seat may have played from its hand or discarded between
    the own views ``before`` (the own last discard) and ``now``: what the build and
    completed piles gained, less the cards seen to come from its stock (the top it
    showed) and its discard piles, plus its discard. Every card of its hand that is
    not among them is still there. None when the views cannot tell (the completed
    piles went back into the draw pile, or the host sends no build pile cards)."""
    old = _piled(before)
    new = _piled(now)
    if old is None or new is None or any(new[card] < count for card, count in old.items()):
        return None
    gone = new - old
    was, now_them = before.players[turn.seat], now.players[turn.seat]
    if now_them.stock < was.stock:
        gone[was.stock_top] -= 1  # the stock cards below it were hidden: any might be
    for old_pile, new_pile in zip(was.discards, now_them.discards, strict=True):
        kept = 0
        while kept < min(len(old_pile), len(new_pile)) and old_pile[kept] == new_pile[kept]:
            kept += 1
        gone.subtract(old_pile[kept:])
    gone = +gone  # a card another seat played counts at most as often as it was seen
    for _, card in turn.discards:
        gone[card] += 1
    return gone


def _piled(view: PlayerView) -> Counter[int] | None:
    """The cards on the build and completed piles (None when some are unseen)."""
    cards = Counter(card for pile in view.build_piles for card in pile)
    cards.update(view.completed_cards)
    return None if NO_CARD in cards else cards


CANNOT_TELL = "cannot tell"
"""What :meth:`TurnStart.replayed` answers when the replay reaches a chance event the
views do not settle (the hand emptied and was drawn up again)."""


@dataclass(frozen=True, slots=True)
class TurnStart:
    """The previous seat's turn from its start, when it came right after the own turn
    and played at most one stock card: ``combo`` replayed from the own view then (its
    hand drawn up to five) with a guessed starting hand must end the turn as the own
    view now shows it. A tighter filter than :class:`LastTurn`'s, which sees only the
    end of the turn: every choice of the turn must come out the same."""

    start: PlayerView
    """The own view right after the own discard: the other seat's turn starts."""
    now: PlayerView
    seat: int
    under_top: int | None
    """The stock card its one stock card played revealed (None: it played none)."""

    @staticmethod
    def seen(
        before: PlayerView, discard: Move, now: PlayerView, turn: LastTurn, seed: str
    ) -> TurnStart | None:
        """The turn of ``turn.seat`` between ``before`` (the own view at the own
        ``discard``) and ``now``, or None when it cannot be replayed (another seat moved
        in between, or it played more than one stock card: the ones under were hidden)."""
        own = before.seat
        assert own is not None
        if (own + 1) % before.rules.players != turn.seat:
            return None
        was, then = before.players[turn.seat], now.players[turn.seat]
        played = was.stock - then.stock
        if played > 1 or (played == 1 and not then.stock):
            return None
        world = sample_round(before, seed)
        world.apply_unchecked(discard)
        if world.result is not None or world.to_move != turn.seat:
            return None
        under = then.stock_top if played == 1 else None
        return TurnStart(player_view(world, own), now, turn.seat, under)

    def replayed(self, hand: list[int], weights: ComboWeights, seed: str) -> list[int] | str | None:
        """The hand ``combo`` ends the turn with when it starts it holding ``hand``, if it
        ends the turn as seen; None when it does not; :data:`CANNOT_TELL`."""
        seat = self.seat
        world = world_with_hand(self.start, seat, hand, seed, self.under_top)
        if world is None:
            return None
        bot = ComboBot(0, weights)
        held = len(hand)
        while world.result is None and world.to_move == seat:
            world.apply_unchecked(bot.choose(player_view(world, seat), world.legal_moves()))
            if world.to_move == seat:
                size = world.hand_sizes[seat]
                if size > held:
                    return CANNOT_TELL  # the hand was drawn up again: unseen cards
                held = size
        if world.result is not None:
            return None
        end = player_view(world, self.now.seat)
        now = self.now
        if (
            end.build_piles != now.build_piles
            or end.completed_cards != now.completed_cards
            or end.players[seat] != now.players[seat]
        ):
            return None
        left = world.hand_cards(seat)
        return None if Counter(left) - Counter(unseen_cards(now)) else left


@dataclass(slots=True)
class HandParticles:
    """Guesses of the previous seat's hand at the end of its last turn, each one
    consistent with every turn of it seen since the guesses started (module doc)."""

    size: int
    """How many guesses are kept."""
    tries: int
    """Fills tried per guess before it is dropped."""
    nodes: int = NODE_LIMIT
    """Bound on combo's search when a fill is checked against the last turn."""
    checks: int = 0
    """Hands checked against the last turn per update at most (0: no bound); past it a
    fill is taken unchecked, so an update costs at most that many of combo's searches."""
    replay: bool = False
    """Check a guess by replaying the whole turn (:class:`TurnStart`) where the views
    allow it, rather than its end only (measured: the guesses hold no more of the true
    hand, at 2.5 times the time; docs/bots.md)."""
    seat: int | None = None
    hands: list[list[int]] = field(default_factory=list)
    found: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """[guesses carried on, guesses dropped, times every guess was dropped and the
    guesses started again from uniform samples, guesses checked by a whole replay]."""

    def update(
        self,
        before: PlayerView,
        discard: Move,
        now: PlayerView,
        turn: LastTurn | None,
        weights: ComboWeights,
        seed: str,
    ) -> None:
        """Carry the guesses over the previous seat's turn seen between ``before`` and
        ``now`` (the own views at the own last ``discard`` and at the own turn's start)."""
        gone = cards_that_may_have_left(before, now, turn) if turn is not None else None
        if turn is None or gone is None or turn.seat != self.seat:
            self.hands = []
        if turn is None:
            self.seat = None
            return
        self.seat = turn.seat
        replay = None
        if self.replay and gone is not None:
            replay = TurnStart.seen(before, discard, now, turn, seed)
        guess = _Guess(
            turn, replay, gone or Counter(), now, weights, seed, self.tries, self.nodes, self.checks
        )
        carried = [guess.carried(self.hands, k) for k in range(self.size)]
        if not any(hand is not None for hand in carried) and self.hands:
            self.found[2] += 1
            carried = [guess.carried([], k) for k in range(self.size)]
        self.hands = [hand for hand in carried if hand is not None]
        self.found[0] += len(self.hands)
        self.found[1] += self.size - len(self.hands)
        self.found[3] += guess.replays


@dataclass(slots=True)
class _Guess:
    """One update of :class:`HandParticles`: how each guess is carried over the turn."""

    turn: LastTurn
    replay: TurnStart | None
    gone: Counter[int]
    now: PlayerView
    weights: ComboWeights
    seed: str
    tries: int
    nodes: int
    checks: int
    replays: int = 0
    rng: random.Random = field(init=False)
    unseen_now: Counter[int] = field(init=False)
    """The cards the own view now does not show (every guess is dealt from them)."""
    unseen_at_start: Counter[int] = field(init=False)
    """The same at the start of the replayed turn (empty without a replay)."""
    agreed: dict[tuple[int, ...], bool] = field(default_factory=dict)
    """:meth:`LastTurn.agrees_hand` by hand, asked once per update: the fills of 16
    guesses of two or three cards from 13 numbers meet the same hands again and again."""

    def __post_init__(self) -> None:
        self.rng = random.Random(f"skipbo/particles/{self.seed}")
        self.unseen_now = Counter(unseen_cards(self.now))
        start = self.replay.start if self.replay is not None else None
        self.unseen_at_start = Counter(unseen_cards(start)) if start is not None else Counter()

    def carried(self, hands: list[list[int]], k: int) -> list[int] | None:
        """The ``k``-th new guess from the old ones (none: from uniform samples), or None."""
        old = hands[k % len(hands)] if hands else None
        if self.replay is not None:
            hand = self._replayed(old, k)
            if hand != CANNOT_TELL:
                return hand if isinstance(hand, list) else None
        return self._filled(old or [])

    def _replayed(self, old: list[int] | None, k: int) -> list[int] | str | None:
        """The turn replayed from the old guess plus the cards it drew: those it must
        have played or discarded that the old guess lacks, and others at random."""
        replay = self.replay
        assert replay is not None
        start_size = replay.start.players[replay.seat].hand
        kept = Counter(old or ())
        needed = self.gone - kept
        free = start_size - kept.total() - needed.total()
        if free < 0:
            return CANNOT_TELL  # more left the hand than it held: it was drawn up again
        unseen = self.unseen_at_start
        if kept + needed - unseen:
            return None
        pool = list((unseen - kept - needed).elements())
        for t in range(self.tries):
            hand = sorted([*kept.elements(), *needed.elements(), *self.rng.sample(pool, free)])
            self.replays += 1
            left = replay.replayed(hand, self.weights, f"{self.seed}/{k}/{t}")
            if left is not None:
                return left
        return None

    def _filled(self, old: list[int]) -> list[int] | None:
        """The old guess's cards that stayed, filled up from the unseen cards until the
        last turn's end agrees (:meth:`LastTurn.agrees_hand`)."""
        held = self.now.players[self.turn.seat].hand
        unseen = self.unseen_now
        stayed = Counter(old) - self.gone
        if stayed.total() > held or stayed - unseen:
            return None
        pool = list((unseen - stayed).elements())
        for _ in range(self.tries):
            hand = sorted([*stayed.elements(), *self.rng.sample(pool, held - stayed.total())])
            if self._agrees(hand):
                return hand
        return None

    def _agrees(self, hand: list[int]) -> bool:
        key = tuple(hand)
        agreed = self.agreed.get(key)
        if agreed is None:
            if self.checks and len(self.agreed) >= self.checks:
                return True  # the update's checks are spent: taken as it is
            agreed = self.agreed[key] = self.turn.agrees_hand(hand, self.weights, self.nodes)
        return agreed


def world_with_hand(
    view: PlayerView, seat: int, hand: list[int], seed: str, under_top: int | None = None
) -> Round | None:
    """A world sampled from ``view`` in which ``seat`` holds ``hand`` (and, when given,
    has ``under_top`` right under its stock top); None when the view shows one of those
    cards elsewhere (the guess is out of date) or the hand's size is not the view's."""
    wanted = Counter(hand)
    if under_top is not None:
        if view.players[seat].stock < 2:
            return None
        wanted[under_top] += 1
    if len(hand) != view.players[seat].hand or wanted - Counter(unseen_cards(view)):
        return None
    world = sample_round(view, seed)
    own = view.seat
    stocks = [list(stock) for stock in world._stocks]
    pool = Counter(card for stock in stocks for card in stock[:-1])
    pool.update(world._draw_pile)
    for other in range(view.rules.players):
        if other != own:
            pool.update(world.hand_cards(other))
    cards = list((pool - wanted).elements())
    random.Random(f"skipbo/withhand/{seed}").shuffle(cards)
    for other, stock in enumerate(stocks):
        known = [under_top] if other == seat and under_top is not None else []
        stock[:-1] = [*(cards.pop() for _ in range(len(stock) - 1 - len(known))), *known]
    hands = [
        world.hand_cards(other)
        if other == own
        else list(hand)
        if other == seat
        else [cards.pop() for _ in range(view.players[other].hand)]
        for other in range(view.rules.players)
    ]
    return with_hidden_cards(world, stocks, hands, cards, f"withhand/{seed}")


def with_hidden_cards(
    world: Round, stocks: list[list[int]], hands: list[list[int]], draw: list[int], shuffler: str
) -> Round:
    """``world`` with its stocks, hands and draw pile dealt again as given (the open
    cards kept: discard, build and completed piles), and a seeded shuffler for the
    reshuffles to come."""
    return Round.assemble(
        rules=world.rules,
        to_move=world.to_move,
        stocks=stocks,
        hands=hands,
        discards=[[list(pile) for pile in piles] for piles in world._discards],
        build_cards=[list(cards) for cards in world._build_cards],
        completed=list(world._completed),
        draw=draw,
        shuffler=SeededShuffler(shuffler),
    )
