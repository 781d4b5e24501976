"""The words of the status line and of the end-of-round screen.

Plain functions of the session, kept out of the app so that the app only
wires screens together. The texts are the session's language's (:mod:`.texts`).
"""

from __future__ import annotations

from rich.markup import escape

from skipbo.bots import Bot
from skipbo.core import RoundResult
from skipbo.sim.players import forfeit_why
from skipbo.sim.refereed_bots import BotFault
from skipbo.sim.scoring import side_credits

from .fit import fitted_scores, status_lines
from .session import GameSession


def status_line(session: GameSession, width: int | None = None) -> str:
    """The status line: round, whose turn, scores (the seed is on the end screen).

    In a match whose scores do not fit ``width`` cells beside the turn, they take
    a second line, the names cut as much as they must be.
    """
    words, state = session.words, session.round
    turn = words("round_over") if state.over else words("to_move", who=session.names[state.to_move])
    head = f"{words('round_n', n=session.round_number)} · {turn}"
    target = session.config.target
    if target is None:
        return head
    one = status_lines(head, words("scores_to", scores=scores_text(session), target=target), width)
    if "\n" not in one or width is None:
        return one
    room = width - len(words("scores_to", scores="", target=target))
    pairs = [(session.side_name(side), score) for side, score in enumerate(session.match.scores)]
    return f"{head}\n{words('scores_to', scores=fitted_scores(pairs, room), target=target)}"


def scores_text(session: GameSession) -> str:
    """Each side's score: ``you 95, bot:medium 40``."""
    scores = session.match.scores
    return ", ".join(f"{session.side_name(side)} {score}" for side, score in enumerate(scores))


def end_text(session: GameSession) -> str:
    """The end-of-round (and maybe end-of-match) summary, as Rich markup."""
    words, result = session.words, session.round.result
    assert result is not None
    head = words("round_n", n=session.round_number)
    lines = [f"[b]{head}[/b]: {escape(_result_line(session, result))}"]
    lines.append(f"[dim]{escape(words('seed', seed=session.config.seed))}[/dim]")
    match = session.match
    if session.config.target is not None:
        lines.append("")
        for side, score in enumerate(match.scores):
            lines.append(f"  {escape(session.side_name(side))}: {score}")
        lines.append(f"  {words('played_to', target=session.config.target)}")
    if match.over and match.winner is not None:
        key = "match_won" if session.config.target is not None else "game_won"
        lines += ["", f"[b]{escape(words(key, who=session.side_name(match.winner)))}[/b]"]
    elif match.over and result.forfeited is not None:  # a single round, forfeited
        others = _others(session, result)
        key = "game_won" if len(others) == 1 else "game_shared"
        lines += ["", f"[b]{escape(words(key, who=words.both(others)))}[/b]"]
    return "\n".join(lines)


def _others(session: GameSession, result: RoundResult) -> list[str]:
    """The sides a forfeited round counts for (the core's rule, via side_credits)."""
    credits = side_credits(session.config.rules, result)
    return [session.side_name(side) for side, credit in enumerate(credits) if credit]


def fault_text(bot: Bot | None, session: GameSession) -> str:
    """Why ``bot`` forfeited: the kind of fault in the screen's language, with the
    program's own words (what it did and sent) as they are."""
    words = session.words
    fault = getattr(bot, "fault", None)
    kind = fault.kind if isinstance(fault, BotFault) else "other"
    return words("fault", kind=words(f"fault_{kind}"), detail=forfeit_why(bot))


def _forfeit_line(session: GameSession, result: RoundResult) -> str:
    """Which bot forfeited and why, and who the round counts for."""
    words, seat = session.words, result.forfeited
    assert seat is not None
    others = _others(session, result)
    line = words(
        "forfeit_won" if len(others) == 1 else "forfeit_shared",
        bot=session.names[seat],
        why=fault_text(session.bots.get(seat), session),
        loser=session.side_name(session.config.rules.team_of(seat)),
        who=words.both(others),
    )
    if session.config.target is not None:
        line += words("no_points")
    return line + "."


def _result_line(session: GameSession, result: RoundResult) -> str:
    words = session.words
    if result.forfeited is not None:
        return _forfeit_line(session, result)
    if result.winner is None:
        if result.reason == "blocked":
            return words("round_blocked")
        return words("round_ended", reason=result.reason)
    side = session.side_name(session.config.rules.team_of(result.winner))
    return words("round_won", who=side, points=result.points)
