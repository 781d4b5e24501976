"""The card art (cards.js), the how-to texts (howto.js) and the favicon.

The first tests read the files as text, so they run everywhere: what the
Content-Security-Policy forbids must not appear, and every language must use
its official pile names. The last one loads both scripts into a blank page in
Debian's chromium, served with the server's CSP by a tiny static server, and
checks what only a browser can: every face is an <svg>, and every text of the
art reaches 4.5:1 contrast against the colour it is drawn on. It is skipped
when chromium or playwright is missing, like tests/test_browser.py.
"""

from __future__ import annotations

import http.server
import os
import re
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[1] / "src" / "skipbo" / "server" / "static"
SCRIPTS = ("cards.js", "howto.js")
LANGUAGES = ("en", "fr", "de", "nl")
VALUES = [str(n) for n in range(1, 13)] + ["SB"]
CHROMIUM = "/usr/bin/chromium"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'"
)
# The pile names of each language's printed rule sheet (see the header of i18n.js).
PILE_NAMES = {
    "en": ("stock pile", "discard pile", "building pile", "draw pile", "hand"),
    "fr": ("stock", "défausse", "série", "pioche", "main"),
    "de": ("Vorratsstapel", "Ablagestapel", "Baustapel", "Nachziehstapel", "Hand"),
    "nl": ("stok", "weggooistapel", "bouwstapel", "trekstapel", "hand"),
}


def source(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def language_block(lang: str) -> str:
    """The text of one language's list in howto.js, up to the next language."""
    text = source("howto.js")
    match = re.search(rf"^\s*{lang}: \[(.*?)^\s*\],", text, re.M | re.S)
    assert match, f"howto.js has no list for {lang}"
    return match.group(1)


def contrast(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_formula_matches_known_pairs() -> None:
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#ffffff", "#e07a12") < 4.5  # the old SB card of issue 11


@pytest.mark.parametrize("name", [*SCRIPTS, "favicon.svg"])
def test_files_exist(name: str) -> None:
    assert (STATIC / name).stat().st_size > 0


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_respect_the_csp(name: str) -> None:
    """No markup strings, no inline styles, nothing fetched from elsewhere."""
    text = source(name)
    assert re.search(r"^export const \w+ = ", text, re.M), "an ES module (strict by itself)"
    markup = ("innerHTML", "outerHTML", "insertAdjacentHTML")
    for forbidden in (*markup, "style=", '"style"', "'style'"):
        assert forbidden not in text, f"{name} contains {forbidden!r}"
    urls = set(re.findall(r"https?://[^\s\"'`]+", text))
    assert urls <= {"http://www.w3.org/2000/svg"}, urls


@pytest.mark.parametrize("lang", LANGUAGES)
def test_howto_uses_the_official_pile_names(lang: str) -> None:
    block = language_block(lang)
    assert len(re.findall(r'^\s*"', block, re.M)) >= 6, "too few paragraphs"
    for name in PILE_NAMES[lang]:
        assert name in block, f"{lang} how-to never names the {name!r}"


def test_favicon_is_a_plain_svg() -> None:
    root = ET.fromstring(source("favicon.svg"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 64 64"
    assert not root.findall(".//{http://www.w3.org/2000/svg}script")


# ------------------------------------------------------------------ in a browser

BLANK = (
    b"<!doctype html><html><head><meta charset='utf-8'>"
    b"<link rel='icon' href='/static/favicon.svg'>"
    b"<script type='module' src='/static/cards.js'></script>"
    b"<script type='module' src='/static/howto.js'></script></head><body></body></html>"
)

# Draws every face in both styles and every other piece, then lists them.
COLLECT = """async (values) => {
  const { Cards } = await import("/static/cards.js");
  const pieces = [];
  for (const faces of ["numbers", "cards"]) {
    for (const v of values) pieces.push([`face ${v} ${faces}`, Cards.face(v, faces)]);
  }
  pieces.push(["back", Cards.back()], ["empty", Cards.empty("B1")]);
  const stacks = [[30, "7", "stock"], [120, null, "draw"], [0, null, "draw"],
                  [36, "SB", "completed"]];
  for (const [count, top, kind] of stacks) {
    pieces.push([`stack ${count} ${kind}`, Cards.stack(count, top, "cards", kind)]);
  }
  pieces.push(["areas", Cards.areas({stock: "stock pile", hand: "hand", discard: "discard piles",
                                     build: "building piles", draw: "draw pile"})]);
  return pieces.map(([name, el]) => {
    document.body.append(el);
    const texts = [...el.querySelectorAll("text")];
    return {
      name, isSvg: el instanceof SVGSVGElement, viewBox: el.getAttribute("viewBox"),
      hidden: el.getAttribute("aria-hidden"), cls: el.getAttribute("class"),
      count: el.dataset.count ?? null,
      texts: texts.map((t) => [t.textContent, t.getAttribute("fill"), t.dataset.bg]),
    };
  });
}"""


class _Static(http.server.SimpleHTTPRequestHandler):
    """Serves the blank page at / and static/ under /static/, with the server's CSP."""

    def do_GET(self) -> None:
        if self.path == "/":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(BLANK)
            return
        super().do_GET()

    def translate_path(self, path: str) -> str:
        name = path.split("?")[0].removeprefix("/static/")
        return str(STATIC / name) if "/" not in name else str(STATIC / "missing")

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def static_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Static)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def browser_pieces() -> tuple[list[dict[str, Any]], dict[str, list[str]], list[str]]:
    """Every drawn piece, HOWTO, and the console errors of the page (CSP reports included)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with static_server() as base, sync_api.sync_playwright() as p:
        args = ["--no-sandbox", "--disable-gpu"]
        browser = p.chromium.launch(executable_path=CHROMIUM, args=args)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
            page.goto(base + "/")
            page.wait_for_load_state()
            pieces = page.evaluate(COLLECT, VALUES)
            howto = page.evaluate("async () => (await import('/static/howto.js')).HOWTO")
        finally:
            browser.close()
    return pieces, howto, errors


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no browser at {CHROMIUM}")
def test_art_in_a_browser() -> None:
    pieces, howto, errors = browser_pieces()
    assert not errors, errors
    assert len(pieces) == 2 * len(VALUES) + 7
    for piece in pieces:
        assert piece["isSvg"], piece["name"]
        assert piece["texts"], f"{piece['name']} has no text"
        for text, fill, background in piece["texts"]:
            ratio = contrast(fill, background)
            pair = f"{text!r} {fill} on {background}"
            assert ratio >= 4.5, f"{piece['name']}: {pair} is {ratio:.2f}:1"
        if piece["name"] != "areas":
            assert piece["viewBox"] == "0 0 100 140" and piece["hidden"] == "true", piece["name"]
            assert "card-art" in piece["cls"].split(), piece["name"]
    stacks = [p for p in pieces if p["name"].startswith("stack")]
    for stack in stacks:  # the count badge is the last text
        assert stack["texts"][-1][0] == stack["count"], stack["name"]
    assert sorted(howto) == sorted(LANGUAGES)
    assert all(len(howto[lang]) >= 6 and all(howto[lang]) for lang in LANGUAGES)
