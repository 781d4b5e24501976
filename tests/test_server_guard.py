"""HTTP hygiene: security headers on every response, the table-creation limit, the favicon."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

from server_harness import TIMEOUT, http, thread_server
from skipbo.server import app as app_module

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def fetch(base: str, path: str) -> tuple[int, Message, bytes]:
    """Status, headers and body of a GET (error statuses included)."""
    try:
        with urllib.request.urlopen(base + path, timeout=TIMEOUT) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read()


def test_every_response_carries_the_security_headers(tmp_path: Path) -> None:
    with thread_server(tmp_path / "h.db") as (base, _app):
        for path in ("/", "/api/health", "/static/app.js", "/api/tables/NOPE22", "/nothing"):
            status, headers, _ = fetch(base, path)
            assert status in (200, 404), path
            assert headers["Content-Security-Policy"] == CSP, path
            assert headers["X-Frame-Options"] == "DENY", path
            assert headers["X-Content-Type-Options"] == "nosniff", path
            assert headers["Referrer-Policy"] == "same-origin", path


def test_tables_created_per_client_are_limited(tmp_path: Path) -> None:
    with thread_server(tmp_path / "l.db", create_limit=3) as (base, _app):
        for _ in range(3):
            assert http(base, "POST", "/api/tables", {"players": 2})[0] == 200
        status, answer = http(base, "POST", "/api/tables", {"players": 2})
        assert status == 429
        assert answer["code"] == "too_many_tables" and answer["params"] == {"limit": 3}
        assert http(base, "POST", "/api/tables", {"players": 9})[0] == 400  # checked first
    with thread_server(tmp_path / "u.db", create_limit=0) as (base, _app):
        for _ in range(12):
            assert http(base, "POST", "/api/tables", {"players": 2})[0] == 200


def test_the_favicon_is_the_static_svg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    static = tmp_path / "static"
    static.mkdir()
    icon = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 14"></svg>'
    (static / "favicon.svg").write_bytes(icon)
    with thread_server(tmp_path / "f.db") as (base, _app):
        monkeypatch.setattr(app_module, "STATIC", static)
        status, headers, body = fetch(base, "/favicon.ico")
        assert status == 200 and body == icon
        assert headers["Content-Type"].startswith("image/svg+xml")
        (static / "favicon.svg").unlink()
        status, _, body = fetch(base, "/favicon.ico")
        assert status == 404 and b'"not_found"' in body


STATIC = Path(app_module.__file__).parent / "static"
TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


def test_static_files_are_served_with_their_types(tmp_path: Path) -> None:
    """nosniff makes the browser trust Content-Type: a script served as text won't run."""
    with thread_server(tmp_path / "t.db") as (base, _app):
        for path in sorted(STATIC.iterdir()):
            if path.suffix not in TYPES:
                continue
            status, headers, _ = fetch(base, f"/static/{path.name}")
            assert status == 200, path.name
            assert headers["Content-Type"].startswith(TYPES[path.suffix]), path.name
        status, headers, _ = fetch(base, "/")
        assert status == 200 and headers["Content-Type"].startswith("text/html")


def test_the_page_needs_nothing_the_csp_forbids() -> None:
    """No inline script or style, no style or on* attributes, no markup strings in scripts."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    assert "<style" not in page and " style=" not in page
    assert not re.search(r"\son[a-z]+=", page), "an inline event handler"
    for tag in re.findall(r"<script\b[^>]*>(.*?)</script>", page, re.S):
        assert tag.strip() == "", "an inline script"
    assert not re.search(r"<script\b(?![^>]*\bsrc=\"/static/)[^>]*>", page), "a foreign script"
    for path in sorted(STATIC.glob("*.js")):
        text = re.sub(r"^\s*//.*$", "", path.read_text(encoding="utf-8"), flags=re.M)
        for forbidden in ("innerHTML", "outerHTML", "insertAdjacentHTML", "eval(", "new Function"):
            assert forbidden not in text, f"{path.name} uses {forbidden}"
        assert not re.search(r"setAttribute\(\s*[\"']style[\"']", text), f"{path.name}: style attr"
        assert not re.search(r"\"style\"\s*:", text), f"{path.name}: a style attribute"
