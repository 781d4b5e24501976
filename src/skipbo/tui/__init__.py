"""The terminal game (``skipbo play``), built on Textual.

Importing this package does not import Textual: the command line registers
``play`` through :mod:`skipbo.tui.command`, which loads the app only when the
game starts, so the other commands start as fast as before. The pieces:

- :mod:`.config` — what the command line asked for (seats, rules, pacing);
- :mod:`.session` — the game driven through :class:`skipbo.core.Match` (no UI);
- :mod:`.selection` — choosing a source then a target from the legal moves;
- :mod:`.render` — the table drawn from a player view, as Rich text;
- :mod:`.app`, :mod:`.game_screen`, :mod:`.screens`, :mod:`.replay` — the
  Textual app and its screens.
"""
