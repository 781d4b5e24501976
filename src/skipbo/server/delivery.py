"""The page delivered fast and installable: its files read, hashed and compressed once.

At start-up every file of ``static/`` is read into memory with the hash of its
content and, where it is text, a gzip copy. The pages (``/`` and ``/offline``), the
web app manifest and the service worker name the static files by content-hashed
URLs (``/static/app.js?v=HASH``): such a URL always means the same bytes, so the
browser may keep it a year without asking again (``immutable``), and a new release
changes the URL instead of waiting for caches to expire. The pages themselves are
``no-cache``: the browser asks every time (cheaply, by ETag) and so finds the new
hashes at once. A URL without a hash, or with an old one, still gets the file as it
is now, marked ``no-cache`` so that no cache keeps it under that name.

The page's scripts are ES modules that import each other by relative names
(``import { t } from "./i18n.js"``), as the type checker reads them. Each is sent with
those names turned into hashed URLs, so that a module is loaded once under one URL
(the same as the page's ``modulepreload`` link names). A module's hash covers its own
bytes and those of every module it reaches through imports: a change to ``i18n.js``
gives every module that imports it, directly or not, a new URL too, so no browser
keeps an old module that names the old ``i18n.js``. (Imports may form circles, which
is why the hash is over the reachable set and not over the rewritten text.)

Serving from memory is also what makes the hashes true: a file edited on disk after
start-up is not served under the hash of its old content (a restart picks it up).

The landing page comes in two copies that differ in one attribute: a browser without
the session cookie (a first visit) gets the guided first game's offer shown from the
first paint, every other one gets it hidden. The page's script decides again as it
always did (tutorial.js); the copy only makes the first paint agree with it, so the
offer does not push the page down after it is drawn (a layout shift that Lighthouse
counted at 0.27 on the landing page).

The service worker (``static/sw.js``, served at ``/sw.js`` so that its scope is the
whole site) gets the list of the shell's hashed URLs written in front of it, the way
a build step would: its bytes change with any file, so the browser installs the new
one. It never keeps ``/api/*`` or the WebSocket: game state is never shown from a
cache (docs/server.md, "Delivery").

A browser that asks for an address the site does not have (a mistyped link,
``/t/ABC234``) gets a page, with status 404, in its language, that leads to the lobby
or to the table the address names; API calls and files keep their coded JSON 404.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response

from .config import TableError
from .player_routes import SESSION_COOKIE

IMMUTABLE = "public, max-age=31536000, immutable"
"""A content-hashed URL: its bytes never change, keep them a year."""
REVALIDATE = "no-cache"
"""The pages, and files asked for by a name without their current hash."""
TYPES = {
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}
COMPRESSED = {".css", ".html", ".js", ".json", ".svg", ".webmanifest"}
"""PNG is compressed already; gzip would only cost time."""
PAGES = {
    "/": "index.html",
    "/offline": "offline.html",
    "/manifest.webmanifest": "manifest.webmanifest",
}
"""Served at the site's root, with the static URLs in them hashed."""
NOT_PAGES = ("/api/", "/ws", "/static/")
"""Paths under which a miss is never a page's: they answer coded JSON."""
FIRST_VISIT_OFFER = re.compile(r'(<section id="tutorial-offer"[^>]*?) hidden>')
"""The guided first game's offer in index.html, hidden until the script shows it."""
STATIC_URL = re.compile(r"""(?<=["'])/static/([\w.-]+)(?=["'])""")
"""A quoted URL of a static file, in a page or the manifest."""
MODULE_IMPORT = re.compile(r"""(\b(?:from|import)\s*\(?\s*)(["'])\./([\w.-]+\.js)\2""")
"""A static or dynamic import of a sibling module: ``from "./table.js"``."""


@dataclass(frozen=True)
class Asset:
    """One file as sent: its bytes, a gzip copy when that is smaller, its type and hash."""

    body: bytes
    gzipped: bytes | None
    media_type: str
    digest: str

    @classmethod
    def of(cls, body: bytes, suffix: str, digest: str | None = None) -> Asset:
        """``digest`` defaults to the hash of ``body`` (a module's covers its imports)."""
        packed = gzip.compress(body, compresslevel=9, mtime=0) if suffix in COMPRESSED else None
        return cls(
            body=body,
            gzipped=packed if packed is not None and len(packed) < len(body) else None,
            media_type=TYPES.get(suffix, "application/octet-stream"),
            digest=digest or hashlib.sha256(body).hexdigest()[:16],
        )

    def response(self, request: Request, cache_control: str) -> Response:
        """The file for ``request``: 304 when the browser has it, gzip when it takes it."""
        etag = f'"{self.digest}"'
        headers = {"Cache-Control": cache_control, "ETag": etag, "Vary": "Accept-Encoding"}
        if etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if self.gzipped is not None and accepts_gzip(request.headers.get("accept-encoding", "")):
            headers["Content-Encoding"] = "gzip"
            return Response(self.gzipped, media_type=self.media_type, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)


def not_found_page(shell: Shell, request: Request) -> Response | None:
    """The "no such page" page for a browser's navigation to an address the site does
    not have (status 404); None for anything else (an API call, a script, a file), which
    keeps its coded JSON body."""
    if request.method not in ("GET", "HEAD"):
        return None
    if request.url.path.startswith(NOT_PAGES) or "text/html" not in request.headers.get(
        "accept", ""
    ):
        return None
    page = shell.not_found
    return Response(
        page.body,
        status_code=404,
        media_type=page.media_type,
        headers={"Cache-Control": "no-store"},
    )


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (``gzip;q=0`` refuses it)."""
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class Shell:
    """The page's files and its root documents, ready to send (see the module's doc)."""

    def __init__(self, folder: Path) -> None:
        raw = {
            path.name: path.read_bytes()
            for path in sorted(folder.iterdir())
            if path.is_file() and not path.name.startswith(".")
        }
        self.files = {name: Asset.of(body, Path(name).suffix) for name, body in raw.items()}
        self.files.update(linked_modules(raw))
        self.shell_urls: set[str] = {"/offline"}
        self.pages = {route: self._page(name) for route, name in PAGES.items()}
        self.pages["/sw.js"] = self._worker()
        self.first_visit = self._first_visit(self.pages["/"])
        self.not_found = self._page("notfound.html")

    def url(self, name: str) -> str:
        """The content-hashed URL of a static file."""
        return f"/static/{name}?v={self.files[name].digest}"

    def _page(self, name: str) -> Asset:
        """A root document with every static URL it names turned into its hashed URL."""

        def hashed(match: re.Match[str]) -> str:
            if match.group(1) not in self.files:
                return match.group(0)
            url = self.url(match.group(1))
            if name.endswith(".html"):
                self.shell_urls.add(url)
            return url

        text = STATIC_URL.sub(hashed, self.files[name].body.decode("utf-8"))
        return Asset.of(text.encode("utf-8"), Path(name).suffix)

    def landing(self, request: Request) -> Asset:
        """The landing page as ``request`` should first paint it (see the module's doc)."""
        return self.pages["/"] if SESSION_COOKIE in request.cookies else self.first_visit

    @staticmethod
    def _first_visit(landing: Asset) -> Asset:
        """The landing page with the guided first game's offer shown."""
        text, found = FIRST_VISIT_OFFER.subn(r"\1>", landing.body.decode("utf-8"))
        if found != 1:
            raise ValueError("index.html has no hidden tutorial-offer section")
        return Asset.of(text.encode("utf-8"), ".html")

    def _worker(self) -> Asset:
        """sw.js with the shell's URLs and a version in front: the hash of the URLs, of
        the offline page and of the worker, so that a change to any of them makes a new
        worker with a cache of its own."""
        urls = sorted(self.shell_urls)
        parts = [*urls, self.pages["/offline"].digest, self.files["sw.js"].digest]
        version = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
        # "use strict" first: a directive after the head's statement would be ignored
        shell = json.dumps({"version": version, "urls": urls})
        head = f'"use strict";\nconst SKIPBO_SHELL = {shell};\n'
        return Asset.of(head.encode("utf-8") + self.files["sw.js"].body, ".js")


def module_imports(raw: dict[str, bytes]) -> dict[str, set[str]]:
    """Which sibling modules each script imports (names that exist in the folder)."""
    return {
        name: {m.group(3) for m in MODULE_IMPORT.finditer(body.decode("utf-8"))} & raw.keys()
        for name, body in raw.items()
        if name.endswith(".js")
    }


def reachable(start: str, imports: dict[str, set[str]]) -> set[str]:
    """Every module that ``start`` loads, itself included, through any chain of imports."""
    seen = {start}
    todo = [start]
    while todo:
        for name in imports[todo.pop()] - seen:
            seen.add(name)
            todo.append(name)
    return seen


def linked_modules(raw: dict[str, bytes]) -> dict[str, Asset]:
    """The scripts with their sibling imports turned into hashed URLs (module doc)."""
    imports = module_imports(raw)
    digests = {}
    for name in imports:
        hasher = hashlib.sha256(raw[name])
        for other in sorted(reachable(name, imports) - {name}):
            hasher.update(b"\0" + other.encode() + b"\0" + raw[other])
        digests[name] = hasher.hexdigest()[:16]

    def hashed(match: re.Match[str]) -> str:
        name = match.group(3)
        if name not in digests:
            return match.group(0)
        quote = match.group(2)
        return f"{match.group(1)}{quote}/static/{name}?v={digests[name]}{quote}"

    return {
        name: Asset.of(MODULE_IMPORT.sub(hashed, raw[name].decode("utf-8")).encode(), ".js", digest)
        for name, digest in digests.items()
    }


def add_delivery_routes(app: FastAPI, folder: Path) -> Shell:
    """The pages, the manifest, the service worker and ``/static/*``, from memory."""
    shell = Shell(folder)
    app.state.missing_page = partial(not_found_page, shell)  # guard.py's 404 handler asks it

    def root_document(route: str) -> None:
        async def send(request: Request) -> Response:
            if route == "/":
                response = shell.landing(request).response(request, REVALIDATE)
                response.headers["Vary"] = "Accept-Encoding, Cookie"
                return response
            return shell.pages[route].response(request, REVALIDATE)

        app.add_api_route(route, send, methods=["GET", "HEAD"], include_in_schema=False)

    for route in shell.pages:
        root_document(route)

    @app.api_route("/static/{name}", methods=["GET", "HEAD"], include_in_schema=False)
    async def static_file(name: str, request: Request) -> Response:
        asset = shell.files.get(name)
        if asset is None:
            raise TableError("not_found")
        current = request.query_params.get("v") == asset.digest
        return asset.response(request, IMMUTABLE if current else REVALIDATE)

    return shell
