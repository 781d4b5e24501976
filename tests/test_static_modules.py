"""The page's scripts are ES modules with no globals (issue 24 §3).

They used to be classic scripts sharing one global scope, where a second ``function
renderMe`` in a later script silently replaced the first. Now each module imports
what it uses (eslint's ``no-undef`` and tsc check the names), the page loads one
entry module, and it names every module that entry reaches in a ``modulepreload``
link, so the browser fetches them all at once instead of one import level at a time
(and a new module is not forgotten there). The server sends each module with its
imports turned into content-hashed URLs (delivery.py): checked here against the
folder's own files.
"""

from __future__ import annotations

import re
from pathlib import Path

from skipbo.server.delivery import Shell, linked_modules, module_imports, reachable

STATIC = Path(__file__).resolve().parents[1] / "src" / "skipbo" / "server" / "static"
SCRIPT = re.compile(r"<script\b([^>]*)>")
PRELOAD = re.compile(r'<link rel="modulepreload" href="/static/([\w.-]+)">')


def text(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def raw() -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in STATIC.iterdir() if path.is_file()}


PAGES = (("index.html", "app.js"), ("offline.html", "offline.js"), ("notfound.html", "notfound.js"))
"""Each page and its entry module."""


def test_each_page_loads_one_entry_module() -> None:
    assert SCRIPT.findall(text("index.html")) == [' type="module" src="/static/app.js"']
    assert SCRIPT.findall(text("offline.html")) == [' type="module" src="/static/offline.js"']
    assert SCRIPT.findall(text("notfound.html")) == [' type="module" src="/static/notfound.js"']


def test_the_page_preloads_every_module_its_entry_reaches() -> None:
    imports = module_imports(raw())
    for page, entry in PAGES:
        preloaded = set(PRELOAD.findall(text(page)))
        assert preloaded == reachable(entry, imports) - {entry}, page


def test_every_page_module_is_reached_from_an_entry() -> None:
    imports = module_imports(raw())
    reached = set().union(*(reachable(entry, imports) for _, entry in PAGES))
    assert reached == set(imports) - {"sw.js"}  # the service worker is a worker script


def test_no_module_writes_a_global() -> None:
    writes = re.compile(r"\b(?:window|globalThis|self)\.\w+\s*=[^=]")
    for name in module_imports(raw()):
        if name != "sw.js":
            assert not writes.search(text(name)), name


def test_modules_are_sent_with_hashed_imports_that_cover_what_they_reach() -> None:
    shell = Shell(STATIC)
    motion = shell.files["motion.js"].body.decode()
    assert f'from "{shell.url("i18n.js")}"' in motion
    assert 'from "./' not in motion
    # i18n.js imports nothing: its hash is that of its bytes; app.js reaches i18n.js,
    # so a changed i18n.js would give app.js a new URL too
    changed = raw() | {"i18n.js": raw()["i18n.js"] + b"\n// changed\n"}
    before, after = linked_modules(raw()), linked_modules(changed)
    assert before["i18n.js"].digest != after["i18n.js"].digest
    assert before["app.js"].digest != after["app.js"].digest
    assert before["cards.js"].digest == after["cards.js"].digest  # it reaches no i18n.js
