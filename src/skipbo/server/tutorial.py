"""The guided first game: one short round on an arranged deal.

A newcomer learns by playing: the page (``static/tutorial.js``) points at one part
of the table at a time and asks for one move at a time, and each lesson must come
at a known move. So the tutorial's round is not shuffled: its deck is arranged
here, card by card, and dealt by the core (:meth:`~skipbo.core.Round.deal`, exactly
as rules §3 deals any deck). Every move is then judged by the core as at any other
table; the page only asks for the move the lesson needs.

The opponent is the greedy bot, whose choices depend on its view alone: on this
deal it can never build, so its one turn is a discard and the person's second
turn starts where the script says (``tests/test_tutorial.py`` plays it through).

The lessons, in order (:data:`PERSON_MOVES`): a 1 from the hand starts a building
pile, the stock's 2 follows, a Skip-Bo card stands for the missing 3, the stock's 4
follows, a 12 goes on a discard pile and ends the turn; the opponent discards; the
hand has been refilled to five; 5 to 9 from the hand empty it and five new cards
come at once; the stock's 10, an 11 from the hand, the discard pile's 12 completes
the pile, which leaves the table; the stock's last card, a 1, wins the round.
"""

from __future__ import annotations

from skipbo.core import Round, Rules, SeededShuffler, full_deck, parse_card

from .config import HUMAN, TableConfig

DEAL = "tutorial"
"""The name a table's configuration gives this deal (:attr:`TableConfig.deal`)."""
OPPONENT = "bot:greedy"
"""Deterministic (no random choice): the script knows what it will do."""
STOCK = 4
PERSON, BOT_SEAT = 0, 1
DEALER = BOT_SEAT
"""The dealer's left, the person, plays first."""

STOCKS: dict[int, tuple[str, ...]] = {
    PERSON: ("2", "4", "10", "1"),
    BOT_SEAT: ("12", "9", "8", "7"),
}
"""Each seat's stock, top card first."""

DRAWS: tuple[str, ...] = (
    *("1", "SB", "7", "9", "12"),  # the person's first hand
    *("2", "3", "10", "11", "12"),  # the bot's hand: nothing fits the pile at 4
    *("5", "6", "8"),  # the person's refill: 5 to 9 in hand
    *("11", "3", "6", "2", "8"),  # five at once when the hand is empty
)
"""The draw pile's first cards, top first, in the order they are drawn."""

PERSON_MOVES: tuple[str, ...] = (
    *("H1-B1", "S-B1", "HSB-B1", "S-B1", "H12-D1"),
    *("H5-B1", "H6-B1", "H7-B1", "H8-B1", "H9-B1"),
    *("S-B1", "H11-B1", "D1-B1", "S-B1"),
)
"""The person's moves the lessons ask for, in order (the page holds the same list)."""


def tutorial_deck() -> list[int]:
    """The whole deck, top card first: stocks dealt as rules §3 deals, then the draws.

    Card ``k`` of the deal goes to seat ``(dealer + 1 + k) % 2`` and on top of its
    stock, so a seat's top card is the last it is dealt. The cards the script never
    reaches follow in the deck's own order.
    """
    players = len(STOCKS)
    dealt = [0] * (players * STOCK)
    for seat, top_first in STOCKS.items():
        first = (seat - DEALER - 1) % players
        for depth, name in enumerate(reversed(top_first)):
            dealt[first + depth * players] = parse_card(name)
    head = dealt + [parse_card(name) for name in DRAWS]
    rest = full_deck()
    for card in head:
        rest.remove(card)
    return head + rest


def tutorial_round(rules: Rules) -> Round:
    """The tutorial's round, dealt by the core from :func:`tutorial_deck`.

    No reshuffle is ever needed (the round ends long before the draw pile does);
    one would come from the deal's name like any seeded one.
    """
    return Round.deal(rules, DEALER, tutorial_deck(), SeededShuffler(DEAL))


ARRANGED = {DEAL: tutorial_round}
"""Arranged deals by name; a table whose configuration names one is dealt it."""


def arranged_round(name: str, rules: Rules) -> Round:
    """The round of the arranged deal ``name`` (a stored configuration's)."""
    return ARRANGED[name](rules)


def tutorial_config() -> TableConfig:
    """A private table, the person against the greedy bot, no hints and no timer."""
    return TableConfig.make(2, STOCK, seats=[HUMAN, OPPONENT], hints=False, deal=DEAL)
