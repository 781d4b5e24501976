"""A directory in which shell commands find this test run's ``skipbo`` and ``python``.

Docs and ``--help`` texts show commands as a user types them (``skipbo ...``,
``.venv/bin/skipbo ...``, ``python my_bot.py``); tests run them as written, with
these names bound to the interpreter running the tests.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def commands_env(directory: Path) -> dict[str, str]:
    """The environment for commands run in ``directory``; creates the names there."""
    script = f'#!/bin/sh\nexec "{sys.executable}" -m skipbo "$@"\n'
    for where in (directory / ".bin", directory / ".venv" / "bin"):
        where.mkdir(parents=True, exist_ok=True)
        (where / "skipbo").write_text(script)
        (where / "skipbo").chmod(0o755)
    python = directory / ".bin" / "python"
    if not python.exists():
        python.symlink_to(sys.executable)
    path = os.pathsep.join([str(directory / ".bin"), os.environ.get("PATH", "")])
    return {**os.environ, "PATH": path}
