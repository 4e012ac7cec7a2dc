"""Fixtures of the browser tests: `tkg watch` on a copy of the project, one headless
Chromium per module, and a fresh tab per test that records what went wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.live.livekit import HAVE_BROWSER, WAIT_MS, launch, start_watcher


@pytest.fixture
def watcher(project: Path):
    """`tkg watch` on a temporary copy of the project, stopped at the end."""
    running = start_watcher(project)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module, closed even when a test fails."""
    if not HAVE_BROWSER:
        pytest.skip("no browser")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)  # not 5 s: a first build on a slow machine may take more
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def tab(browser):
    """A fresh tab that records script errors, failed requests and font files fetched."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.problems = []
    page.fonts = set()  # the font files the tab asked the server for
    page.on("request", lambda r: "/files/fonts/" in r.url and page.fonts.add(r.url.split("?")[0]))
    page.on("pageerror", lambda error: page.problems.append(f"script error: {error}"))
    page.on("response", lambda r: r.status >= 400 and page.problems.append(f"{r.status} {r.url}"))
    # A reload or a click cancels the loads in flight (net::ERR_ABORTED): not a problem.
    page.on("requestfailed", lambda r: "/events" not in r.url and "ERR_ABORTED" not in r.failure
            and page.problems.append(f"failed {r.url}: {r.failure}"))
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def page(tab, watcher):
    """A fresh tab, with `tkg watch` running on a copy of the project."""
    return tab
