"""`tkg watch`'s preview page in a real headless Chromium (Debian's, never a download).

The watcher runs as a user runs it: `tkg watch --port 0` in a subprocess, in a copy of
the project, its URL read from what it prints. The browser opens the gallery, and the
tests edit the copied content and watch the page follow by itself: the server-sent
event stream reloads it after each build, a changed tile comes with a new `?v=` hash,
a broken edit shows its positioned diagnostic while the last good pieces stay, and a
fix turns the banner valid again. Every piece is an SVG document whose text is set in
the game's own fonts (loaded from /files/fonts/), never a fallback font. The proof sheet
shows every tile at print size. And an open page survives Ctrl-C of the watcher and
follows a new `tkg watch` on the same port.

Every wait is bounded (WAIT) and uses Playwright's waiting functions; nothing sleeps.
"""

from __future__ import annotations

import importlib.util
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
WAIT = 60.0  # seconds: an upper bound for the first build and each rebuild, never a sleep
WAIT_MS = WAIT * 1000
HAVE_PLAYWRIGHT = importlib.util.find_spec("playwright") is not None

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
    pytest.mark.skipif(not HAVE_PLAYWRIGHT,
                       reason="the playwright package is not installed (pip install playwright)"),
]

if HAVE_PLAYWRIGHT:
    from playwright.sync_api import Page, expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)  # not 5 s: a first build on a slow machine may take more

# The status of the face of each family that some text in an SVG document is set in
# ("not declared" if the SVG has no @font-face for it, so the text fell back).
_USED_FACES = """const usedFaces = (doc) => {
  const name = (family) => family.trim().replace(/^["']|["']$/g, "");
  const faces = new Map(Array.from(doc.fonts, (f) => [name(f.family), f.status]));
  const used = new Set(Array.from(doc.querySelectorAll("text, tspan"),
    (t) => name(doc.defaultView.getComputedStyle(t).fontFamily.split(",")[0])));
  return Array.from(used, (family) => [family, faces.get(family) || "not declared"]);
};"""

# Every SVG object matching the selector shows its file as an SVG document (the file of
# its current `data`, not an earlier one), has a size, and the fonts its text uses have
# settled: loaded, or failed (which expect_real_fonts then reports).
ALL_LOADED = "(selector) => {\n" + _USED_FACES + """
  const objects = Array.from(document.querySelectorAll(selector));
  return objects.length > 0 && objects.every((o) => {
    const doc = o.contentDocument;
    return doc !== null && doc.readyState === "complete" && doc.URL === o.data
      && doc.documentElement.namespaceURI === "http://www.w3.org/2000/svg"
      && doc.documentElement.localName === "svg" && o.getBoundingClientRect().width > 0
      && usedFaces(doc).every(([, status]) => status !== "unloaded" && status !== "loading");
  });
}"""

# For the loaded objects matching the selector: the families whose text did not get its
# face, and the families that did.
FONTS_USED = "(selector) => {\n" + _USED_FACES + """
  const faults = new Set(), loaded = new Set();
  for (const o of document.querySelectorAll(selector)) {
    for (const [family, status] of usedFaces(o.contentDocument)) {
      if (status === "loaded") { loaded.add(family); }
      else { faults.add(`${o.data}: ${family} is ${status}`); }
    }
  }
  return {faults: Array.from(faults), loaded: Array.from(loaded).sort()};
}"""


# -- the watcher ---------------------------------------------------------------------


class Watcher:
    """`tkg watch` running in a subprocess; its output lines are collected as they come."""

    def __init__(self, project: Path, port: int = 0):
        self.project = project
        self.lines: list[str] = []
        self.url = ""  # set by start_watcher
        self._queue: queue.Queue[str | None] = queue.Queue()
        command = [sys.executable, "-m", "generator", "watch", "--port", str(port), "--paper", "a4",
                   "--content", "content", "--templates", "templates", "--out", "output"]
        self.process = subprocess.Popen(
            command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True)
        self._reader = threading.Thread(target=self._read, name="tkg-watch-output", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for_line(self, pattern: str) -> re.Match:
        """The first new output line matching `pattern`, waiting at most WAIT seconds."""
        deadline = time.monotonic() + WAIT
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._queue.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                raise AssertionError(f"tkg watch ended early:\n{self.output()}")
            self.lines.append(line)
            if found := re.search(pattern, line):
                return found
        raise AssertionError(f"no line matching {pattern!r} within {WAIT} s:\n{self.output()}")

    def output(self) -> str:
        """Everything printed so far (for failure messages)."""
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.lines.append(line)
        return "\n".join(self.lines)

    def stop(self) -> int:
        """Ctrl-C, as a user stops it; killed if it does not stop within 10 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)  # its own session, see Popen
                self.process.wait(10)
        self._reader.join(10)
        return self.process.returncode


def start_watcher(project: Path, port: int = 0) -> Watcher:
    """`tkg watch` on `project`, once it says where its preview is (`watcher.url`)."""
    running = Watcher(project, port)
    try:
        running.url = running.wait_for_line(r"preview at (http://127\.0\.0\.1:\d+/)").group(1)
    except BaseException:
        running.stop()
        raise
    return running


@pytest.fixture
def watcher(project: Path):
    """`tkg watch` on a temporary copy of the project, stopped at the end."""
    running = start_watcher(project)
    try:
        yield running
    finally:
        running.stop()


# -- the browser ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module, closed even when a test fails."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=CHROMIUM_ARGS, timeout=WAIT_MS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, watcher):
    """A fresh tab that records script errors and failed requests to the preview server."""
    context = browser.new_context()
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    tab.problems = []
    tab.fonts = set()  # the font files the tab asked the server for
    tab.on("request", lambda r: "/files/fonts/" in r.url and tab.fonts.add(r.url.split("?")[0]))
    tab.on("pageerror", lambda error: tab.problems.append(f"script error: {error}"))
    tab.on("response", lambda r: r.status >= 400 and tab.problems.append(f"{r.status} {r.url}"))
    # A reload or a click cancels the loads in flight (net::ERR_ABORTED): not a problem.
    tab.on("requestfailed", lambda r: "/events" not in r.url and "ERR_ABORTED" not in r.failure
           and tab.problems.append(f"failed {r.url}: {r.failure}"))
    try:
        yield tab
    finally:
        context.close()


# -- helpers -------------------------------------------------------------------------


def edit(project: Path, old: str, new: str) -> None:
    """Replace the first `old` in the copied tiles.yaml, as an editor saving would."""
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    assert old in text, old
    tiles.write_text(text.replace(old, new, 1))


def generation(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-generation"))


def mark(page: Page) -> None:
    """Mark the page's window: a reload drops the mark, a change in place would not."""
    page.evaluate("window.__marked = true")


def reloaded(page: Page, watcher: Watcher, shown: int, banner: str) -> int:
    """Wait until the marked page reloaded by itself to a newer build with `banner`."""
    page.wait_for_function("(shown) => window.__marked === undefined"
                           " && Number(document.body.dataset.generation) > shown", arg=shown)
    expect(page.locator("#status")).to_have_class(banner)
    assert generation(page) > shown, watcher.output()
    return generation(page)


def tiles_src(page: Page) -> dict[str, str]:
    """Each tile's path and its object's data (path plus `?v=` hash)."""
    return page.eval_on_selector_all(
        "#tiles figure.tile", "(fs) => Object.fromEntries(fs.map("
        "(f) => [f.dataset.path, f.querySelector('object').getAttribute('data')]))")


def expect_real_fonts(page: Page, selector: str) -> None:
    """All text in the loaded SVGs is set in the game's own fonts, which each SVG carries.

    An SVG in an <img> loads no fonts: its text fell back to the browser's, unlike the print.
    """
    found = page.evaluate(FONTS_USED, selector)
    assert found["faults"] == [], found["faults"]
    assert {"TKG-bold", "TKG-italic", "TKG-title"} <= set(found["loaded"]), found
    assert not page.fonts, page.fonts  # embedded: no piece fetches a font file


def expect_full_gallery(page: Page) -> None:
    """48 tiles, the back, 4 tokens and 4 Oinks, every SVG loaded with its fonts; the PDFs."""
    for selector, count in (("#tiles figure.tile", 48), ("#backs figure.back", 1),
                            ("#tokens figure.token", 4), ("#oinks figure.oink", 4)):
        expect(page.locator(selector)).to_have_count(count)
        expect(page.locator(selector + ' object[type="image/svg+xml"]')).to_have_count(count)
    for section in ("#tiles", "#backs", "#tokens", "#oinks"):
        page.wait_for_function(ALL_LOADED, arg=section + " object")
    expect_real_fonts(page, "#tiles object, #backs object, #tokens object, #oinks object")
    pdfs = page.eval_on_selector_all("#pdfs a", "(as) => as.map((a) => a.getAttribute('href'))")
    names = {re.sub(r"\?v=\w+$", "", href) for href in pdfs}
    assert {"/files/pnp-a4.pdf", "/files/rulebook/rulebook-a4.pdf"} <= names, pdfs
    assert all(re.fullmatch(r"/files/\S+\.pdf\?v=[0-9a-f]{12}", href) for href in pdfs), pdfs
    bundle = page.request.get(page.url.rstrip("/") + next(h for h in pdfs if "pnp-a4" in h))
    assert bundle.ok and bundle.headers["content-type"] == "application/pdf"
    assert bundle.body().startswith(b"%PDF")


# -- the tests -----------------------------------------------------------------------


def test_gallery_follows_edits_breakage_and_fix(page, watcher):
    page.goto(watcher.url)
    if generation(page) == 0:  # opened while the first build runs: no failure claimed
        expect(page.locator("#status")).to_have_class(re.compile("pending|ok"))
        expect(page.locator("#status")).not_to_contain_text("failed")
    # The page reloads by itself when the first build is done.
    expect(page.locator("#status")).to_have_class("ok")
    expect(page.locator("#status")).to_contain_text("Valid content")
    expect_full_gallery(page)
    before = tiles_src(page)
    mossfen = "svg/tiles/mossfen.svg"
    assert re.fullmatch(r"/files/svg/tiles/mossfen\.svg\?v=[0-9a-f]{12}", before[mossfen])

    # A good edit: the page reloads itself and the tile comes with a new version.
    shown = generation(page)
    mark(page)
    edit(watcher.project, "name: Mossfen\n", "name: Mossfen Deep\n")
    shown = reloaded(page, watcher, shown, "ok")
    # The changed file as the terminal names it, not the full path of the temporary copy.
    expect(page.locator("#status")).to_contain_text("after content/tiles.yaml")
    assert str(watcher.project) not in page.locator("#status").inner_text()
    expect_full_gallery(page)
    after = tiles_src(page)
    assert after[mossfen] != before[mossfen]
    assert {p for p in before if after[p] != before[p]} == {mossfen}  # the others stay cached
    svg = page.evaluate("(src) => fetch(src).then((r) => r.text())", after[mossfen])
    assert "Mossfen Deep" in svg
    shown_svg = page.locator(f'figure[data-path="{mossfen}"] object').evaluate(
        "(o) => o.contentDocument.documentElement.textContent")
    assert "Mossfen Deep" in shown_svg  # the object shows the new version

    # A broken edit: the banner fails with the positioned diagnostic, the old tiles stay.
    text = (watcher.project / "content" / "tiles.yaml").read_text().splitlines()
    line = text.index("    name: Mossfen Deep") + 2  # the insignias line after it, 1-based
    assert text[line - 1] == "    insignias: [water, earth]"
    column = text[line - 1].index("water") + 1
    mark(page)
    edit(watcher.project, "name: Mossfen Deep\n    insignias: [water, earth]",
         "name: Mossfen Deep\n    insignias: [fyre]")
    shown = reloaded(page, watcher, shown, "broken")
    status = page.locator("#status")
    expect(status).to_contain_text("Build failed")
    expect(page.locator("#diagnostics li.error")).to_have_count(1)
    expect(page.locator("#diagnostics li.error")).to_contain_text(
        f"content/tiles.yaml:{line}:{column}: error TKG107: unknown element 'fyre'")
    expect_full_gallery(page)  # the previous output is kept and still served
    assert tiles_src(page) == after
    watcher.wait_for_line(r"NOT built .*previous output kept")

    # The fix: valid again, and the same files as before the breakage.
    mark(page)
    edit(watcher.project, "insignias: [fyre]", "insignias: [water, earth]")
    reloaded(page, watcher, shown, "ok")
    expect(status).to_contain_text("Valid content")
    expect(page.locator("#diagnostics")).to_have_count(0)
    expect_full_gallery(page)
    assert tiles_src(page) == after
    assert page.problems == [], page.problems


def test_proof_sheet_shows_every_tile_at_print_size(page, watcher):
    page.goto(watcher.url)
    expect(page.locator("#status")).to_have_class("ok")
    page.get_by_role("link", name="Proof sheet").click()
    page.wait_for_url(watcher.url + "proof")
    expect(page.locator("#status")).to_have_class("ok")
    expect(page.locator('.proof object.tile[type="image/svg+xml"]')).to_have_count(48)
    page.wait_for_function(ALL_LOADED, arg=".proof object.tile")
    expect_real_fonts(page, ".proof object.tile")
    size = page.locator(".proof object.tile").first.evaluate(
        "(o) => [o.getBoundingClientRect().width, o.getBoundingClientRect().height]")
    assert size == pytest.approx([69.5 / 25.4 * 96] * 2, abs=0.5)  # 69.5 mm in CSS pixels
    assert page.problems == [], page.problems


def test_page_stays_when_the_watcher_stops_and_follows_its_restart(page, watcher):
    page.goto(watcher.url)
    expect(page.locator("#status")).to_have_class("ok")
    for _ in range(2):  # saves without a change: quick builds that still count
        shown = generation(page)
        mark(page)
        edit(watcher.project, "name: Mossfen\n", "name: Mossfen\n")
        reloaded(page, watcher, shown, "ok")
    assert generation(page) == 3
    page.wait_for_function(ALL_LOADED, arg="object")  # nothing in flight when it stops

    # Ctrl-C: the event stream ends without announcing a build, so the page stays put
    # (it used to reload into the browser's error page) and its stream keeps retrying.
    mark(page)
    assert watcher.stop() == 0 and "stopped watching" in watcher.output()
    page.wait_for_function("() => window.__marked === undefined"
                           " || events.readyState === EventSource.CONNECTING")
    assert page.evaluate("window.__marked") is True, f"reloaded when it stopped: {page.url}"
    expect(page.locator("#tiles figure.tile")).to_have_count(48)

    # `tkg watch` again on the same port: its builds count from 1 again, below the page's
    # 3; the page learns of the restart when its stream reconnects, and reloads.
    port = int(watcher.url.rsplit(":", 1)[1].strip("/"))
    again = start_watcher(watcher.project, port)
    try:
        again.wait_for_line(r"start: built in .*content valid")
        page.wait_for_function("() => window.__marked === undefined")
        expect(page.locator("#status")).to_have_class("ok")
        shown = generation(page)
        assert shown == 1
        mark(page)
        edit(again.project, "name: Mossfen\n", "name: Mossfen Again\n")
        reloaded(page, again, shown, "ok")
        svg = page.evaluate("(src) => fetch(src).then((r) => r.text())",
                            tiles_src(page)["svg/tiles/mossfen.svg"])
        assert "Mossfen Again" in svg
    finally:
        again.stop()
    assert page.problems == [], page.problems
