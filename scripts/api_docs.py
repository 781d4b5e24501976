"""Build the API reference from the docstrings with pdoc; pdoc's warnings are errors.

Run: ``.venv/bin/python scripts/api_docs.py [--out DIR]`` (default ``artifacts/api``),
then open ``DIR/index.html``. tests/test_api_docs.py runs it on every test run, so
a docstring or a type hint that pdoc cannot read fails the tests.

The reference covers the library: ``skipbo.core``, ``skipbo.records_io``,
``skipbo.bots``, ``skipbo.sim``, ``skipbo.coach``, ``skipbo.rl`` and the command
(``skipbo.cli``). The server and the terminal game are applications, described in
docs/server.md and docs/tui.md; their modules are left out (their Textual and
FastAPI base classes would fill the reference with those frameworks' members).

One warning is excused, and only in its exact shape: pdoc cannot resolve the
postponed annotations of a ``typing.NamedTuple``'s generated ``__init__``
(mitmproxy/pdoc issue 765); the fields themselves are documented correctly.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import typing
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("skipbo", "!skipbo.server", "!skipbo.server.*", "!skipbo.tui", "!skipbo.tui.*")
_NAMEDTUPLE_INIT = re.compile(
    r"Error parsing type annotation ForwardRef\(.*\) for (?P<cls>[\w.]+)\.__init__\. "
)


def _is_named_tuple_init(message: str) -> bool:
    """True for pdoc's warning about a NamedTuple's generated ``__init__`` (issue 765)."""
    match = _NAMEDTUPLE_INIT.match(message)
    if match is None:
        return False
    module, _, name = match["cls"].rpartition(".")
    cls = getattr(importlib.import_module(module), name, None)
    return isinstance(cls, type) and typing.NamedTuple in getattr(cls, "__orig_bases__", ())


def build(out: Path) -> list[str]:
    """Write the reference to ``out``; pdoc's warnings that are not excused."""
    import pdoc
    import pdoc.render

    pdoc_dir = str(Path(pdoc.__file__).parent)
    pdoc.render.configure(docformat="restructuredtext", footer_text="skipbo API reference")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*MODULES, output_directory=out)
    own = [w for w in caught if w.filename.startswith(pdoc_dir)]
    return [str(w.message) for w in own if not _is_named_tuple_init(str(w.message))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts" / "api", metavar="DIR")
    args = parser.parse_args()
    problems = build(args.out)
    for problem in problems:
        print(f"api_docs: warning: {problem}", file=sys.stderr)
    if problems:
        print(f"api_docs: {len(problems)} warnings (errors here)", file=sys.stderr)
        return 1
    print(f"api_docs: {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
