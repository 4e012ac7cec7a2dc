"""`tkg watch`'s preview page in a real headless Chromium (Debian's, never a download).

The watcher runs as a user runs it: `tkg watch --port 0` in a subprocess, in a copy of
the project, its URL read from what it prints (`tests/live/livekit.py`). The browser
opens the gallery, and the tests edit the copied content and watch the page follow by
itself, in place: the server-sent event names the files a build changed, and the page
swaps those pictures (a changed tile comes with a new `?v=` hash, the others stay as they
are), its banner and its captions, with no reload. A broken edit shows its positioned
diagnostic while the last good pieces stay, and a fix turns the banner valid again. The
proof sheet shows every tile at print size, each an SVG document whose text is set in
the game's own fonts, never a fallback font. And an open page survives Ctrl-C of the
watcher and follows a new `tkg watch` on the same port.

Every wait is bounded (WAIT) and uses Playwright's waiting functions; nothing sleeps.
"""

from __future__ import annotations

import re

import pytest

from tests.live.livekit import HAVE_BROWSER, WHY_NO_BROWSER, Watcher, edit, start_watcher

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not HAVE_BROWSER, reason=WHY_NO_BROWSER)]

if HAVE_BROWSER:
    from playwright.sync_api import Page, expect

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


# -- helpers -------------------------------------------------------------------------


def generation(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-generation"))


def mark(page: Page) -> None:
    """Mark the page's window: a reload drops the mark, a change in place would not."""
    page.evaluate("window.__marked = true")


def updated(page: Page, watcher: Watcher, shown: int, banner: str) -> int:
    """Wait until the marked page took a newer, finished build with `banner`, in place."""
    page.wait_for_function("(shown) => Number(document.body.dataset.generation) > shown"
                           " && !document.getElementById('status').hasAttribute('data-pending')",
                           arg=shown)
    expect(page.locator("#status")).to_have_class(banner)
    assert generation(page) > shown, watcher.output()
    assert page.evaluate("window.__marked") is True, "the page reloaded instead"
    return generation(page)


def tiles_src(page: Page) -> dict[str, str]:
    """Each tile's path and its thumbnail's URL (path plus `?v=` hash)."""
    return page.eval_on_selector_all(
        "#tiles figure.tile", "(fs) => Object.fromEntries(fs.map("
        "(f) => [f.dataset.path, f.querySelector('img.thumb').getAttribute('src')]))")


def expect_real_fonts(page: Page, selector: str) -> None:
    """All text in the loaded SVG documents is set in the game's own fonts, which each
    SVG carries (the gallery's thumbnails are checked by pixels: test_gallery.py)."""
    found = page.evaluate(FONTS_USED, selector)
    assert found["faults"] == [], found["faults"]
    assert {"TKG-bold", "TKG-italic", "TKG-title"} <= set(found["loaded"]), found
    assert not page.fonts, page.fonts  # embedded: no piece fetches a font file


THUMBS_LOADED = """(selector) => {
  const images = Array.from(document.querySelectorAll(selector));
  return images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0
    && i.getBoundingClientRect().width > 0);
}"""


def expect_full_gallery(page: Page) -> None:
    """48 tiles, the back, 4 tokens and 4 Oinks, every thumbnail loaded; the PDFs."""
    for selector, count in (("#tiles figure.tile", 48), ("#backs figure.back", 1),
                            ("#tokens figure.token", 4), ("#oinks figure.oink", 4)):
        expect(page.locator(selector)).to_have_count(count)
        expect(page.locator(selector + " img.thumb")).to_have_count(count)
    for section in ("#tiles", "#backs", "#tokens", "#oinks"):
        page.wait_for_function(THUMBS_LOADED, arg=section + " img.thumb")
    assert re.fullmatch(r"/files/svg/back\.svg\?v=[0-9a-f]{12}",
                        page.locator("#backs img.thumb").get_attribute("src"))
    pdfs = page.eval_on_selector_all("#pdfs a", "(as) => as.map((a) => a.getAttribute('href'))")
    names = {re.sub(r"\?v=\w+$", "", href) for href in pdfs}
    assert {"/files/pnp-a4.pdf", "/files/rulebook/rulebook-a4.pdf"} <= names, pdfs
    assert all(re.fullmatch(r"/files/\S+\.pdf\?v=[0-9a-f]{12}", href) for href in pdfs), pdfs
    bundle = page.request.get(page.url.split("#")[0].rstrip("/")
                              + next(h for h in pdfs if "pnp-a4" in h))
    assert bundle.ok and bundle.headers["content-type"] == "application/pdf"
    assert bundle.body().startswith(b"%PDF")


# -- the tests -----------------------------------------------------------------------


def test_gallery_follows_edits_breakage_and_fix(page, watcher):
    page.goto(watcher.url)
    if generation(page) == 0:  # opened while the first build runs: no failure claimed
        expect(page.locator("#status")).to_have_class(re.compile("pending|ok"))
        expect(page.locator("#status")).not_to_contain_text("failed")
    # The page takes the first build by itself when it is done.
    expect(page.locator("#status")).to_have_class("ok")
    expect(page.locator("#status")).to_contain_text("Valid content")
    expect_full_gallery(page)
    before = tiles_src(page)
    mossfen = "svg/tiles/mossfen.svg"
    assert re.fullmatch(r"/files/svg/tiles/mossfen\.svg\?v=[0-9a-f]{12}", before[mossfen])

    # A good edit: the page updates in place and the tile comes with a new version.
    shown = generation(page)
    mark(page)
    edit(watcher.project, "name: Mossfen\n", "name: Mossfen Deep\n")
    shown = updated(page, watcher, shown, "ok")
    # The changed file as the terminal names it, not the full path of the temporary copy.
    expect(page.locator("#status")).to_contain_text("after content/tiles.yaml")
    assert str(watcher.project) not in page.locator("#status").inner_text()
    expect_full_gallery(page)
    after = tiles_src(page)
    assert after[mossfen] != before[mossfen]
    assert {p for p in before if after[p] != before[p]} == {mossfen}  # the others stay cached
    svg = page.evaluate("(src) => fetch(src).then((r) => r.text())", after[mossfen])
    assert "Mossfen Deep" in svg
    expect(page.locator(f'figure[data-path="{mossfen}"] figcaption .name')).to_have_text(
        "Mossfen Deep")

    # A broken edit: the banner fails with the positioned diagnostic, the old tiles stay.
    text = (watcher.project / "content" / "tiles.yaml").read_text().splitlines()
    line = text.index("    name: Mossfen Deep") + 2  # the insignias line after it, 1-based
    assert text[line - 1] == "    insignias: [water, earth]"
    column = text[line - 1].index("water") + 1
    edit(watcher.project, "name: Mossfen Deep\n    insignias: [water, earth]",
         "name: Mossfen Deep\n    insignias: [fyre]")
    shown = updated(page, watcher, shown, "broken")
    status = page.locator("#status")
    expect(status).to_contain_text("Build failed")
    expect(page.locator("#diagnostics li.error")).to_have_count(1)
    expect(page.locator("#diagnostics li.error")).to_contain_text(
        f"content/tiles.yaml:{line}:{column}: error TKG107: unknown element 'fyre'")
    expect_full_gallery(page)  # the previous output is kept and still served
    assert tiles_src(page) == after
    watcher.wait_for_line(r"NOT built .*previous output kept")

    # The fix: valid again, and the same files as before the breakage.
    edit(watcher.project, "insignias: [fyre]", "insignias: [water, earth]")
    updated(page, watcher, shown, "ok")
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
    # In tile order, as the sheets print them.
    first = page.locator(".proof object.tile").first.get_attribute("data-path")
    assert first == "svg/tiles/ember-hollow.svg"
    assert page.problems == [], page.problems


def test_page_stays_when_the_watcher_stops_and_follows_its_restart(page, watcher):
    page.goto(watcher.url)
    expect(page.locator("#status")).to_have_class("ok")
    mark(page)
    for _ in range(2):  # saves without a change: quick builds that still count
        shown = generation(page)
        edit(watcher.project, "name: Mossfen\n", "name: Mossfen\n")
        updated(page, watcher, shown, "ok")
    assert generation(page) == 3
    page.wait_for_function(THUMBS_LOADED, arg="img.thumb")  # nothing in flight when it stops

    # Ctrl-C: the event stream ends without announcing a build, so the page stays put
    # (it used to reload into the browser's error page) and its stream keeps retrying.
    assert watcher.stop() == 130 and "stopped watching" in watcher.output()  # Ctrl-C: 130
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
        updated(page, again, shown, "ok")
        svg = page.evaluate("(src) => fetch(src).then((r) => r.text())",
                            tiles_src(page)["svg/tiles/mossfen.svg"])
        assert "Mossfen Again" in svg
    finally:
        again.stop()
    assert page.problems == [], page.problems
