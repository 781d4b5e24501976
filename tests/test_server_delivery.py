"""How the page is delivered (issue 21 §3): the web app manifest and its icons,
gzip, content-hashed static URLs kept a year, no-cache pages, the service worker.

One server for the module: nothing here changes it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import struct
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

from server_harness import TIMEOUT, Client, http, thread_server
from skipbo.server import app as app_module

STATIC = Path(app_module.__file__).parent / "static"
IMMUTABLE = "public, max-age=31536000, immutable"
HASHED = re.compile(r"""["'](/static/[\w.-]+\?v=[0-9a-f]{16})["']""")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with thread_server(tmp_path_factory.mktemp("delivery") / "d.db") as (url, _app):
        yield url


def get(base: str, path: str, **headers: str) -> tuple[int, Message, bytes]:
    """Status, headers and raw body (not decompressed) of a GET with ``headers``."""
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read()


def page_urls(base: str, path: str = "/") -> list[str]:
    """The hashed static URLs a page names."""
    status, _, body = get(base, path)
    assert status == 200
    return HASHED.findall(body.decode())


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_app_and_its_icons(base: str) -> None:
    status, headers, body = get(base, "/manifest.webmanifest")
    assert status == 200
    assert headers["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["name"] and manifest["short_name"] == "Skip-Bo"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    pngs = {}
    for icon in manifest["icons"]:
        status, headers, data = get(base, icon["src"])
        assert status == 200, icon["src"]
        assert headers["Content-Type"] == icon["type"]
        assert headers["Cache-Control"] == IMMUTABLE  # the manifest names hashed URLs
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
            pngs[(icon["purpose"], width)] = icon["src"]
    assert {("any", 192), ("any", 512), ("maskable", 192), ("maskable", 512)} <= set(pngs)
    status, _, html = get(base, "/")
    assert b'<link rel="manifest" href="/manifest.webmanifest">' in html


def test_text_files_are_sent_gzipped_when_the_browser_takes_it(base: str) -> None:
    urls = [url for url in page_urls(base) if not url.split("?")[0].endswith(".png")]
    plain_total = packed_total = 0
    for url in ["/", *urls]:
        _, plain_headers, plain = get(base, url)
        _, headers, packed = get(base, url, **{"Accept-Encoding": "gzip, deflate, br"})
        assert plain_headers["Content-Encoding"] is None, url
        assert headers["Content-Encoding"] == "gzip", url
        assert "Accept-Encoding" in headers["Vary"], url
        assert gzip.decompress(packed) == plain, url
        plain_total += len(plain)
        packed_total += len(packed)
    assert packed_total < plain_total * 0.4, (plain_total, packed_total)
    _, headers, _ = get(base, "/static/app.js", **{"Accept-Encoding": "gzip;q=0, identity"})
    assert headers["Content-Encoding"] is None


def test_hashed_urls_are_kept_a_year_and_pages_are_asked_again(base: str) -> None:
    urls = page_urls(base)
    assert {url.split("?")[0] for url in urls} >= {
        "/static/app.css",
        "/static/app.js",
        "/static/i18n.js",
        "/static/pwa.js",
    }
    for url in urls:
        status, headers, body = get(base, url)
        assert status == 200 and headers["Cache-Control"] == IMMUTABLE, url
        digest = url.split("?v=")[1]
        if url.split("?")[0].endswith(".js"):
            # a module: sent with its imports as hashed URLs, every one a URL of the
            # page's; its hash covers the modules it reaches (test_static_modules)
            imported = set(re.findall(rb'from "(/static/[^"]+)"', body))
            assert imported <= {u.encode() for u in urls} and b'from "./' not in body, url
        else:
            assert hashlib.sha256(body).hexdigest()[:16] == digest, url  # the content's
    for page in ("/", "/offline", "/manifest.webmanifest", "/sw.js"):
        status, headers, _ = get(base, page)
        assert status == 200 and headers["Cache-Control"] == "no-cache", page


def test_an_old_or_missing_hash_still_gets_the_file_but_not_for_long(base: str) -> None:
    current = next(url for url in page_urls(base) if url.startswith("/static/app.js?"))
    _, _, body = get(base, current)
    for stale in ("/static/app.js?v=0123456789abcdef", "/static/app.js"):
        status, headers, old = get(base, stale)
        assert status == 200 and old == body, stale
        assert headers["Cache-Control"] == "no-cache", stale
    status, _, missing = get(base, "/static/nothing.js?v=0123456789abcdef")
    assert status == 404 and json.loads(missing)["code"] == "not_found"


def test_a_file_the_browser_has_is_not_sent_again(base: str) -> None:
    _, headers, _ = get(base, "/")
    status, again, body = get(base, "/", **{"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b"" and again["ETag"] == headers["ETag"]


def test_a_first_visit_paints_the_tutorial_offer_at_once(base: str) -> None:
    """A browser without the session cookie gets the landing page with the guided first
    game's offer shown, so the script does not push the page down after its first paint
    (a layout shift); a browser with the cookie gets it hidden, as before."""
    offer = re.compile(r'<section id="tutorial-offer"[^>]*>')
    _, first, body = get(base, "/")
    shown = offer.search(body.decode())
    assert shown is not None and " hidden" not in shown.group(0)
    _, again, body = get(base, "/", Cookie="skipbo_session=anything")
    hidden = offer.search(body.decode())
    assert hidden is not None and hidden.group(0).endswith(" hidden>")
    assert first["ETag"] != again["ETag"]
    assert "Cookie" in first["Vary"] and "Cookie" in again["Vary"]
    # the two copies differ in that one attribute only
    assert body.decode().replace(hidden.group(0), shown.group(0)) == get(base, "/")[2].decode()


def test_the_service_worker_caches_the_shell_and_never_the_game(base: str) -> None:
    status, headers, body = get(base, "/sw.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    strict, head = body.decode().split("\n")[:2]
    assert strict == '"use strict";'  # a directive only counts as the first statement
    shell = json.loads(head.removeprefix("const SKIPBO_SHELL = ").removesuffix(";"))
    assert set(page_urls(base)) <= set(shell["urls"])
    assert set(page_urls(base, "/offline")) <= set(shell["urls"])
    assert "/offline" in shell["urls"]
    assert not [url for url in shell["urls"] if url.startswith(("/api", "/ws"))]
    for url in shell["urls"]:
        assert get(base, url)[0] == 200, url


def test_the_offline_page_says_so_in_every_language(base: str) -> None:
    status, headers, body = get(base, "/offline")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b'data-i18n="offlineTitle"' in body and b"You are offline" in body
    texts = (STATIC / "i18n.js").read_text(encoding="utf-8")
    for key in ("offlineTitle", "offlineText", "offlineRetry"):
        assert texts.count(f"{key}:") == 4, key


def test_the_new_documents_carry_the_security_headers(base: str) -> None:
    for path in ("/manifest.webmanifest", "/sw.js", "/offline", "/static/icon-192.png"):
        _, headers, _ = get(base, path)
        assert headers["Content-Security-Policy"].startswith("default-src 'self'"), path
        assert headers["X-Content-Type-Options"] == "nosniff", path


def test_the_websocket_still_works_beside_compression(base: str) -> None:
    status, created = http(base, "POST", "/api/tables", {"players": 2, "seats": ["bot:random"] * 2})
    assert status == 200
    client = Client(base, created["code"])
    try:
        assert client.hello()["view"]["code"] == created["code"]
    finally:
        client.close()


BROWSER_NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_a_browser_asking_for_a_page_the_site_lacks_gets_a_page(base: str) -> None:
    status, headers, body = get(base, "/t/ABC234", Accept=BROWSER_NAVIGATION)
    assert status == 404 and headers["Content-Type"].startswith("text/html")
    assert headers["Cache-Control"] == "no-store"
    assert headers["Content-Security-Policy"].startswith("default-src 'self'")
    page = body.decode()
    assert 'data-i18n="notFoundTitle"' in page and 'href="/"' in page
    for url in HASHED.findall(page):  # its script and style are there to be had
        assert get(base, url)[0] == 200, url
    texts = (STATIC / "i18n.js").read_text(encoding="utf-8")
    for key in ("notFoundTitle", "notFoundText", "notFoundHome", "notFoundTable"):
        assert texts.count(f"{key}:") == 4, key


def test_a_program_asking_for_what_the_site_lacks_gets_coded_json(base: str) -> None:
    for path, accept in [
        ("/t/ABC234", "application/json"),  # not a browser's navigation
        ("/api/nothing", BROWSER_NAVIGATION),  # the API never answers with a page
        ("/static/nothing.js", BROWSER_NAVIGATION),
    ]:
        status, headers, body = get(base, path, Accept=accept)
        assert status == 404 and headers["Content-Type"] == "application/json", path
        assert json.loads(body)["code"] == "not_found", path
