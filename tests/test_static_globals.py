"""The page's classic scripts share one global scope: no two may declare the same name.

A second ``function renderMe`` in a later script silently replaced the first one
(the own cards were no longer drawn); a ``let`` or ``const`` twice stops the later
script altogether. Top-level declarations are read from the source.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "src" / "skipbo" / "server" / "static"
TOP_LEVEL = re.compile(
    r"^(?:async\s+)?(?:function\*?|let|const|var|class)\s+([A-Za-z_$][\w$]*)", re.MULTILINE
)


def test_no_global_name_is_declared_by_two_scripts() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for script in sorted(STATIC.glob("*.js")):
        for name in TOP_LEVEL.findall(script.read_text(encoding="utf-8")):
            where[name].append(script.name)
    twice = {name: files for name, files in where.items() if len(files) > 1}
    assert not twice, twice
