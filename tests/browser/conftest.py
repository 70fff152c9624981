"""Headless Chromium for the browser tests: Debian's chromium, driven by Playwright (no browser download)."""
from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, sync_playwright

# Playwright's sync API runs an event loop in the test's thread; the ORM calls made there (the
# fixtures, the checks on saved rows) are still plain blocking calls.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps trying hosts a closed network refuses.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


@pytest.fixture
def browser() -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"The browser tests need Chromium at {CHROMIUM}: `make test` installs it as root with apt, "
                    "else run `sudo apt-get install chromium` (or set CHROMIUM=/path/to/chromium).", pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# Content-Security-Policy: a blocked script, style or image fires "securitypolicyviolation" in the
# page (and Chromium logs it). The init script runs before the page's own, outside its policy.
_REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error("CSP violation: " + event.violatedDirective + " blocked " + (event.blockedURI || "inline"));
});
"""


def watch_csp(context: BrowserContext) -> list[str]:
    """Every Content-Security-Policy violation on the context's pages, as they happen."""
    violations: list[str] = []
    context.add_init_script(_REPORT_CSP_VIOLATIONS)

    def record(message: ConsoleMessage) -> None:
        if "CSP violation" in message.text or "Content Security Policy" in message.text:
            violations.append(message.text)

    context.on("console", record)
    return violations
