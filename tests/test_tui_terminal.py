"""Smoke test of ``skipbo play`` in a real terminal: tmux, 80×24.

The pilot tests drive the app headless; this one checks that the installed
command draws in a real (pseudo) terminal and answers keys. Without tmux it
skips, loudly (``.ci/run`` installs it on Debian).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="SKIPPED LOUDLY: tmux is not installed, the terminal test cannot run"
)


class Terminal:
    """One tmux session on a private server (its own socket), 80 columns × 24 rows."""

    def __init__(self, command: str) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-L", f"skipbo-test-{os.getpid()}"]
        self.name = "play"
        self.tmux("new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", command)

    def tmux(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=10)
        return done.stdout

    def screen(self) -> str:
        """The visible screen as text."""
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def alive(self) -> bool:
        return subprocess.run([*self.base, "has-session", "-t", self.name]).returncode == 0

    def wait_for(self, text: str, timeout: float = 30) -> str:
        """The screen once ``text`` is on it; fails with the screen after ``timeout``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.screen()}")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.15)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    command = f"{sys.executable} -m skipbo play --seed 1 --delay 0 --stock 3"
    term = Terminal(command)
    try:
        yield term
    finally:
        term.close()


def test_the_game_draws_at_80x24_and_answers_keys(terminal: Terminal) -> None:
    parts = ("you to move", "Round 1", "bot:medium", "Build", "B1", "Hand", "D4", "Last moves")
    for part in (*parts, "help"):  # tmux may show a frame half drawn: wait for each part
        terminal.wait_for(part)
    screen = terminal.screen()
    lines = screen.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    for part in (*parts, "help"):
        assert part in screen, f"{part!r} missing from:\n{screen}"
    terminal.keys("?")
    terminal.wait_for("Skip-Bo in the terminal")
    terminal.keys("x")
    terminal.wait_for("you to move")
    terminal.keys("d", "1")
    terminal.wait_for("discard pile 1 is empty")
    terminal.keys("Escape")
    terminal.wait_for("you to move")
    terminal.keys("q")
    terminal.wait_for("Quit? The round is not over.")
    terminal.keys("Escape")
    terminal.wait_for("you to move")
    terminal.keys("q")
    terminal.wait_for("quit without saving")
    terminal.keys("y")
    end = time.monotonic() + 15
    while terminal.alive() and time.monotonic() < end:
        time.sleep(0.2)
    assert not terminal.alive(), "the game did not quit on q y"


def test_the_game_speaks_french_in_a_real_terminal() -> None:
    term = Terminal(f"{sys.executable} -m skipbo play --seed 1 --delay 0 --stock 3 --lang fr")
    try:
        parts = ("Manche 1", "à jouer\u00a0: vous", "Séries", "Main", "Derniers coups", "aide")
        for part in (*parts, "quitter"):
            term.wait_for(part)
        lines = term.screen().splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert "q quitter" in lines[-1], lines[-1]  # the footer's last key is whole
        term.keys("d", "1")
        term.wait_for("votre défausse 1 est vide")
        term.keys("q")
        term.wait_for("Quitter\u00a0? La manche n'est pas finie.")
        term.keys("y")
        end = time.monotonic() + 15
        while term.alive() and time.monotonic() < end:
            time.sleep(0.2)
        assert not term.alive(), "the game did not quit on q y"
    finally:
        term.close()
