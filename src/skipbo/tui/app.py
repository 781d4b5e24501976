"""``skipbo play``: the Textual app, which runs the game's flow.

:class:`GameApp` owns the :class:`~skipbo.tui.session.GameSession` and decides
whose view the table shows: the one person's, or in hot-seat play the seat to
move after a hand-over screen (the spectators' view in between, so no hand is
ever on screen for the wrong person). The table screen
(:mod:`.game_screen`) turns keys into moves; the bots play in a worker, one
move at a time, ``delay`` seconds apart.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual import work

from .config import GameConfig
from .game_screen import GameScreen
from .screens import (
    EndScreen,
    HelpScreen,
    PassScreen,
    QuitScreen,
    SavePathScreen,
    SizedApp,
)
from .session import GameSession
from .summary import end_text, status_line
from .texts import Words
from .typed import shown_move


class GameApp(SizedApp):
    """You (and maybe friends at one keyboard) against bots, round after round."""

    TITLE = "Skip-Bo"

    def __init__(self, config: GameConfig, light: bool = False) -> None:
        super().__init__()
        self.session = GameSession(config)
        self.words: Words = self.session.words
        humans = config.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.table = GameScreen(self.session)
        self.light = light

    def on_mount(self) -> None:
        """Show the table and start the first turn."""
        self.theme = "textual-light" if self.light else "textual-dark"
        self.push_screen(self.table)

    # ------------------------------------------------------------------ flow

    def my_turn(self) -> bool:
        """True when the person whose view is shown is to move."""
        session = self.session
        return session.human_to_move() and self.viewer == session.to_move

    def advance(self) -> None:
        """Go on after a move: end screen, hand-over, or the bots' moves."""
        session = self.session
        self.table.new_turn()
        if session.round.over:
            self._round_over()
            return
        seat = session.to_move
        hot_seat = len(session.config.humans) > 1
        if session.is_human(seat):
            if hot_seat and self.viewer != seat:
                self.viewer = None
                self.table.redraw()
                screen = PassScreen(session.names[seat], self._recent(seat), self.words)
                self.push_screen(screen, self._handed)
            return
        if hot_seat:
            self.viewer = None
            self.table.redraw()
        self.play_bots()

    def _handed(self, _: None = None) -> None:
        """The next person confirmed: show their view."""
        self.viewer = self.session.to_move
        self.table.new_turn()
        self.table.say(self.words("your_turn_name", name=self.session.names[self.viewer]))

    def _recent(self, seat: int) -> str:
        """For the hand-over screen: what happened since ``seat`` last moved (its own
        moves it knows), the last few of them."""
        session, faces = self.session, self.session.config.faces
        log = [e for e in session.log if e.round == session.round_number]
        own = [i for i, e in enumerate(log) if e.seat == seat]
        since = log[own[-1] + 1 :] if own else log
        lines = [f"{session.names[e.seat]}: {shown_move(e.move, faces)}" for e in since[-6:]]
        if not lines:
            return self.words("first_turn")
        return self.words("recent", moves=", ".join(lines))

    @work(exclusive=True, group="bots")
    async def play_bots(self) -> None:
        """Let the bots move one at a time, ``delay`` seconds apart.

        The pause comes before each bot's move, while the status line says the
        bot is to move and the message line that it is playing: the two always
        name the same seat. A move is drawn together with the next seat's
        message, and after a turn's last move the next person plays at once.
        """
        session = self.session
        delay = session.config.delay
        while not session.round.over and not session.is_human(session.to_move):
            seat = session.to_move
            self.table.say(self.words("playing", name=session.names[seat]))
            started = time.monotonic()
            view, legal = session.view(seat), session.round.legal_moves()
            move = await asyncio.to_thread(session.bots[seat].choose, view, legal)
            pause = delay - (time.monotonic() - started)  # the bot's thinking counts
            if pause > 0:
                await asyncio.sleep(pause)
            session.play_bot(move)
            self.table.redraw()
        self.table.say("")
        self.advance()

    # ------------------------------------------------------------------ end

    def _round_over(self) -> None:
        """The round's result and the scores; saved at once with ``--save``."""
        session = self.session
        self.viewer = self.viewer if len(session.config.humans) <= 1 else None
        self.table.redraw()
        screen = EndScreen(
            end_text(session),
            not session.match.over,
            self._save_on_end,
            bool(session.config.save),
            self.words,
        )
        self.push_screen(screen, self._after_round)

    def _save_on_end(self) -> None:
        """Save from the end screen and say so there (asking for a path if it fails)."""
        screen = self.screen
        if isinstance(screen, EndScreen):
            self.save_then(screen.say)

    def _after_round(self, choice: str | None) -> None:
        if choice != "next":
            self.exit()
            return
        self.session.next_round()
        humans = self.session.config.humans
        self.viewer = humans[0] if len(humans) == 1 else None
        self.advance()

    # ------------------------------------------------------------------ actions

    def status(self) -> str:
        """The status line of the table (two lines when the scores need them)."""
        return status_line(self.session, self.size.width - 2)

    def save_then(self, then: Callable[[str], None]) -> None:
        """Save every round so far, then pass ``then`` the message to show.

        When the file cannot be written, a screen asks for another path until
        one works (or Esc gives up): a finished match is never lost to a typo.
        """
        session = self.session
        words = self.words
        error = session.save_to(session.save_path)
        if error is None:
            then(words("saved", path=session.save_path))
            return

        def done(path: str | None) -> None:
            then(words("not_saved") if path is None else words("saved", path=path))

        screen = SavePathScreen(error, session.save_path, session.save_to, words)
        self.push_screen(screen, done)

    def action_save(self) -> None:
        """ctrl+s on the table."""
        self.save_then(self.table.say)

    async def action_quit(self) -> None:
        """ctrl+q: as q."""
        self.action_leave()

    def action_leave(self) -> None:
        """q: leave at once once the game is decided, else ask first (and offer to save)."""
        if self.session.match.over:
            self.exit()
            return
        what = "round" if self.session.config.target is None else "match"
        self.push_screen(QuitScreen(what, self.words), self._quit_answer)

    def _quit_answer(self, choice: str | None) -> None:
        if choice == "quit":
            self.exit()
        elif choice == "save":
            # "Saved to ./skipbo-7.jsonl" stays on the terminal after the game closes
            self.save_then(lambda said: self.exit(message=said))
        elif isinstance(self.screen, GameScreen):
            self.table.say(self.words("go_on"))

    def action_help(self) -> None:
        """The rules in brief, the keys and the notation."""
        self.push_screen(HelpScreen(self.session.config.lang))

    def action_toggle_theme(self) -> None:
        """Switch between the dark and the light colours."""
        self.theme = "textual-dark" if self.theme == "textual-light" else "textual-light"
