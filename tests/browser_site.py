"""One server and one chromium for a whole test module, and pages sized as devices.

The accessibility, CSP and screenshot tests look at many screens but play little:
starting a server and a browser per test would cost more than the checks, so a
module shares them (every table gets its own code, every page its own context and
so its own localStorage and seat). No limit on created tables: one client (the
tests) creates them all.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from browser_helpers import ARGS, CHROMIUM, DESKTOP, INSTANT, PHONE, TIMEOUT_MS, sync_api
from server_harness import thread_server

SIZES = {"desktop": (DESKTOP, False), "phone": (PHONE, True)}
"""Device sizes by name: (viewport, touch screen). Phones get has_touch and is_mobile."""


@contextmanager
def shared_site(folder: Path) -> Iterator[tuple[str, Any]]:
    """A server (store in ``folder``) and chromium; yields (base URL, browser)."""
    with (
        thread_server(folder / "site.db", create_limit=0) as (base, _app),
        sync_api.sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield base, browser
        finally:
            browser.close()


def device_page(browser: Any, size: str, bypass_csp: bool = True) -> Any:
    """A page in a new context of the named size, bot moves shown at once.

    ``bypass_csp`` lets Playwright's string predicates (``wait_for_function``) and
    axe's injected script run: the page's CSP forbids eval, rightly. The CSP test
    opens its pages without it. JavaScript errors are kept in ``page.js_errors``.
    """
    viewport, touch = SIZES[size]
    context = browser.new_context(
        viewport=viewport, has_touch=touch, is_mobile=touch, bypass_csp=bypass_csp
    )
    context.add_init_script(INSTANT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def close_page(page: Any) -> None:
    """Close the page's context, failing on any JavaScript error it recorded."""
    errors = list(page.js_errors)
    page.context.close()
    assert not errors, f"JavaScript errors: {errors}"
