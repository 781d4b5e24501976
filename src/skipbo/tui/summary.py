"""The words of the status line and of the end-of-round screen.

Plain functions of the session, kept out of the app so that the app only
wires screens together.
"""

from __future__ import annotations

from rich.markup import escape

from skipbo.core import RoundResult
from skipbo.sim.players import forfeit_why
from skipbo.sim.scoring import side_credits

from .session import GameSession


def status_line(session: GameSession) -> str:
    """The status line: round, whose turn, scores (the seed is on the end screen)."""
    state = session.round
    turn = "round over" if state.over else f"{session.names[state.to_move]} to move"
    parts = [f"Round {session.round_number}", turn]
    target = session.config.target
    if target is not None:
        sides = range(len(session.match.scores))
        scores = ", ".join(f"{session.side_name(s)} {session.match.scores[s]}" for s in sides)
        parts.append(f"{scores} (to {target})")
    return " · ".join(parts)


def end_text(session: GameSession) -> str:
    """The end-of-round (and maybe end-of-match) summary."""
    result = session.round.result
    assert result is not None
    lines = [f"[b]Round {session.round_number}[/b]: {escape(_result_line(session, result))}"]
    lines.append(f"[dim]seed {escape(session.config.seed)}[/dim]")
    match = session.match
    if session.config.target is not None:
        lines.append("")
        for side, score in enumerate(match.scores):
            lines.append(f"  {escape(session.side_name(side))}: {score}")
        lines.append(f"  (the match is played to {session.config.target})")
    if match.over and match.winner is not None:
        lines.append("")
        what = "match" if session.config.target is not None else "game"
        lines.append(f"[b]The {what} is won by {escape(session.side_name(match.winner))}![/b]")
    elif match.over and result.forfeited is not None:  # a single round, forfeited
        lines.append("")
        lines.append(f"[b]The game is {escape(_others(session, result))}![/b]")
    return "\n".join(lines)


def _others(session: GameSession, result: RoundResult) -> str:
    """``won by X`` (two sides) or ``shared by X and Y``: who a forfeit counts for."""
    credits = side_credits(session.config.rules, result)
    names = [session.side_name(side) for side, credit in enumerate(credits) if credit]
    if len(names) == 1:
        return f"won by {names[0]}"
    return f"shared by {', '.join(names[:-1])} and {names[-1]}"


def _forfeit_line(session: GameSession, result: RoundResult) -> str:
    """Which bot forfeited and why, and who the round counts for."""
    seat = result.forfeited
    assert seat is not None
    why = forfeit_why(session.bots.get(seat))
    lost = session.side_name(session.config.rules.team_of(seat))
    line = f"{session.names[seat]} forfeited: {why}. The round is lost by {lost} and"
    line += f" {_others(session, result)}"
    if session.config.target is not None:
        line += " (no points are scored: the match goes on with the next round)"
    return line + "."


def _result_line(session: GameSession, result: RoundResult) -> str:
    if result.forfeited is not None:
        return _forfeit_line(session, result)
    if result.winner is None:
        reasons = {"blocked": "blocked — no card could be drawn or played; no points"}
        return reasons.get(result.reason, f"ended without a winner ({result.reason})")
    side = session.side_name(session.config.rules.team_of(result.winner))
    return f"won by {side}, {result.points} points (25 + 5 per card left in other stocks)."
