"""The designer's gallery in headless Chromium (issue 17).

Cards come in tile order with each tile's number and real name; a card enlarges to print
size with bleed and safe-zone guides that toggle; a filter shows pieces by element and by
kind; thumbnails are images drawn in the pieces' own fonts; the comparison page sets its
tiles in their fonts (text widths measured in the page). And the two timings: a name edit
reaches the page in place (no reload), and the gallery opens; both are asserted only to
happen, their figures are `bench/bench_preview.py`'s.

Every wait is bounded (livekit.WAIT) and uses Playwright's waiting functions; nothing sleeps.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.load.content import load_content
from generator.load.fonts import read_metrics, text_width
from tests.live.livekit import (
    HAVE_BROWSER,
    WHY_NO_BROWSER,
    edit,
    open_gallery,
    start_watcher,
    time_name_edit,
)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not HAVE_BROWSER, reason=WHY_NO_BROWSER)]

if HAVE_BROWSER:
    from playwright.sync_api import expect

MM = 96 / 25.4  # CSS pixels a millimetre
MOSSFEN = "svg/tiles/mossfen.svg"

# A document (an <object>'s or an <embed>'s SVG) is loaded and the fonts its text uses
# have settled.
_DOCUMENT_READY = """const documentReady = (doc) => {
  if (!doc || doc.readyState !== "complete" || doc.documentElement.localName !== "svg") {
    return false;
  }
  return Array.from(doc.fonts).every((f) => f.status !== "loading")
    && doc.fonts.status === "loaded";
};
const documentOf = (element) => element.getSVGDocument ? element.getSVGDocument()
  : element.contentDocument;"""

EMBEDDED_READY = "(selector) => {\n" + _DOCUMENT_READY + """
  const all = Array.from(document.querySelectorAll(selector));
  return all.length > 0 && all.every((e) => documentReady(documentOf(e)));
}"""

# Each text of the role's class in the document: its text, font size, the width the
# browser set it at, and the width the same text gets in the fallback (serif) instead.
TEXT_WIDTHS = "([selector, role]) => {\n" + _DOCUMENT_READY + """
  const doc = documentOf(document.querySelector(selector));
  return Array.from(doc.querySelectorAll(`text.f-${role}`), (text) => {
    const fallback = text.cloneNode(true);
    fallback.removeAttribute("class");
    fallback.setAttribute("font-family", "serif");
    text.parentNode.appendChild(fallback);
    const widths = [text.getComputedTextLength(), fallback.getComputedTextLength()];
    fallback.remove();
    return {text: text.textContent, size: Number(text.getAttribute("font-size")),
            measured: widths[0], fallback: widths[1]};
  });
}"""

# The thumbnail drawn on a canvas as the page shows it, against the same SVG with its
# @font-face rules taken out: the number of pixels that differ. If the image's text fell
# back to the browser's fonts, the two would be the same picture.
FONTS_CHANGE_PIXELS = """async (path) => {
  const shown = document.querySelector(`figure.piece[data-path="${path}"] img.thumb`);
  const source = await (await fetch(shown.src)).text();
  const bare = source.replace(/@font-face\\{[^}]*\\}/g, "");
  if (bare === source) { return -1; }
  const stripped = new Image();
  stripped.src = URL.createObjectURL(new Blob([bare], {type: "image/svg+xml"}));
  await stripped.decode();
  const pixels = (image) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 300;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0, 300, 300);
    return context.getImageData(0, 0, 300, 300).data;
  };
  const a = pixels(shown), b = pixels(stripped);
  let differ = 0;
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
    differ += d > 48 ? 1 : 0;
  }
  return differ;
}"""

VISIBLE = """() => Array.from(document.querySelectorAll("figure.piece"))
  .filter((f) => f.checkVisibility()).map((f) => f.dataset.path)"""


def _game(project: Path):
    loaded = load_content(project / "content")
    assert loaded.game is not None
    return loaded.game


def _element_order(game) -> list[str]:
    """The elements in the order the tiles first show them (the gallery's order)."""
    return list(dict.fromkeys(e for t in game.tiles for e in t.insignias))


def _box(locator) -> tuple[float, float, float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"], box["y"], box["width"], box["height"]


# -- the cards -----------------------------------------------------------------------


def test_cards_come_in_tile_order_with_number_and_real_name(page, watcher):
    game = _game(watcher.project)
    open_gallery(page, watcher.url)
    cards = page.eval_on_selector_all("#tiles figure.piece", """(fs) => fs.map((f) => [
        f.dataset.path, f.querySelector("figcaption .number").textContent,
        f.querySelector("figcaption .name").textContent, f.querySelector("img.thumb").alt])""")
    assert cards == [[f"svg/tiles/{t.id}.svg", str(t.number), t.name, t.name]
                     for t in game.tiles]
    # The content's order is not the files' alphabetical one, so the order is really read.
    assert [c[0] for c in cards] != sorted(c[0] for c in cards)
    expect(page.locator("#tiles figure.piece").first).to_contain_text("1 Ember Hollow")
    # The other pieces are named by their element, in the tiles' order of elements.
    order = [e.capitalize() for e in _element_order(game)]
    for section in ("tokens", "oinks", "aids"):
        names = page.eval_on_selector_all(f"#{section} figcaption .name",
                                          "(ns) => ns.map((n) => n.textContent)")
        assert names == order, section
    assert page.problems == [], page.problems


def test_thumbnails_are_drawn_in_the_pieces_own_fonts(page, watcher):
    open_gallery(page, watcher.url)
    for path in (MOSSFEN, "svg/back.svg", "svg/oinks/fire.svg"):
        differ = page.evaluate(FONTS_CHANGE_PIXELS, path)
        assert differ > 300, f"{path}: {differ} pixels owe anything to its fonts"
    assert not page.fonts, page.fonts  # embedded in each SVG: no font file is fetched
    assert page.problems == [], page.problems


# -- enlarge -------------------------------------------------------------------------


def test_a_card_enlarges_to_print_size_with_guides_that_toggle(page, watcher):
    game = _game(watcher.project)
    open_gallery(page, watcher.url)
    page.locator(f'figure.piece[data-path="{MOSSFEN}"]').click()
    dialog = page.locator("dialog#enlarged")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".caption")).to_have_text(re.compile(r"21\s+Mossfen"))
    page.wait_for_function(EMBEDDED_READY, arg="dialog#enlarged object.piece")
    # Print size: 63.5 mm cut + 3 mm bleed each side, in CSS millimetres.
    x, y, w, h = _box(dialog.locator("object.piece"))
    assert (w, h) == pytest.approx((69.5 * MM, 69.5 * MM), abs=0.5)
    trim, safe = dialog.locator("svg.guides .trim"), dialog.locator("svg.guides .safe")
    expect(trim).to_be_visible()
    expect(safe).to_be_visible()
    # Within the lines' own width (0.3 mm, 1.1 px), far less than a millimetre off.
    tx, ty, tw, th = _box(trim)
    assert (tx - x, ty - y, tw, th) == pytest.approx((3 * MM, 3 * MM, 63.5 * MM, 63.5 * MM),
                                                     abs=1.5)
    sx, sy, sw, sh = _box(safe)
    assert (sx - x, sy - y, sw, sh) == pytest.approx((6 * MM, 6 * MM, 57.5 * MM, 57.5 * MM),
                                                     abs=1.5)

    dialog.get_by_label("Bleed").uncheck()
    expect(trim).to_be_hidden()
    expect(safe).to_be_visible()
    dialog.get_by_label("Safe zone").uncheck()
    expect(safe).to_be_hidden()
    dialog.get_by_label("Bleed").check()
    expect(trim).to_be_visible()

    # The full SVG, in the game's fonts: the name is as wide as the font's metrics say.
    title = read_metrics(game.font("title"))
    (name,) = page.evaluate(TEXT_WIDTHS, ["dialog#enlarged object.piece", "title"])
    assert name["text"] == "Mossfen"
    assert name["measured"] == pytest.approx(text_width(title, "Mossfen", name["size"]),
                                             rel=0.005)

    # An edit while it is open: the enlarged view shows the new version, guides as set.
    edit(watcher.project, "name: Mossfen\n", "name: Mossfen Deep\n")
    expect(dialog.locator(".caption")).to_have_text(re.compile(r"21\s+Mossfen Deep"))
    page.wait_for_function("() => document.querySelector('dialog#enlarged object.piece')"
                           ".getSVGDocument()?.documentElement?.textContent.includes('Deep')")
    expect(trim).to_be_visible()
    expect(safe).to_be_hidden()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # A token: print size from its own SVG, and the guides of its own look: its 2 mm of
    # bleed, and its safe zone a disc inside its 20.1 mm face (its corners are cut).
    page.locator('figure.piece[data-path="svg/tokens/fire.svg"]').click()
    expect(dialog).to_be_visible()
    page.wait_for_function(EMBEDDED_READY, arg="dialog#enlarged object.piece")
    svg = (watcher.project / "output" / "svg" / "tokens" / "fire.svg").read_text()
    side = float(re.search(r'width="([\d.]+)mm"', svg).group(1))
    assert _box(dialog.locator("object.piece"))[2:] == pytest.approx((side * MM,) * 2, abs=0.5)
    expect(dialog.get_by_label("Bleed")).to_be_enabled()
    expect(dialog.locator(".note")).to_have_text(
        "bleed 2 mm, safe zone 2 mm inside the disc")
    dialog.get_by_label("Safe zone").check()
    expect(safe).to_be_visible()
    width, rx = (float(safe.get_attribute(a)) for a in ("width", "rx"))
    assert width == pytest.approx(20.1 - 2 * 2) and rx == pytest.approx(width / 2)
    page.keyboard.press("Escape")
    assert page.problems == [], page.problems


# -- filter --------------------------------------------------------------------------


def test_the_filter_shows_pieces_by_element_and_by_kind(page, watcher):
    game = _game(watcher.project)
    open_gallery(page, watcher.url)
    everything = page.evaluate(VISIBLE)
    assert len(everything) == page.locator("figure.piece").count() > len(game.tiles)

    page.get_by_role("radio", name="Fire", exact=True).check()
    fire = [f"svg/tiles/{t.id}.svg" for t in game.tiles if "fire" in t.insignias]
    assert 0 < len(fire) < len(game.tiles)
    shown = page.evaluate(VISIBLE)
    assert [p for p in shown if p.startswith("svg/tiles/")] == fire
    # Every other piece of fire's (a token, an Oink, an aid, ...), and only those.
    assert [p for p in shown if not p.startswith("svg/tiles/")] == [
        p for p in everything if p.endswith("/fire.svg")]
    assert {"svg/tokens/fire.svg", "svg/oinks/fire.svg", "svg/aids/fire.svg"} <= set(shown)
    expect(page.locator("section#backs")).to_be_hidden()  # the back bears no element
    expect(page.locator("section#tiles h2")).to_have_text(f"Tile faces ({len(fire)} of 48)")

    page.get_by_role("radio", name="Life tokens", exact=True).check()
    assert page.evaluate(VISIBLE) == ["svg/tokens/fire.svg"]
    expect(page.locator("section#tiles")).to_be_hidden()

    page.get_by_role("radio", name="All elements", exact=True).check()
    assert page.evaluate(VISIBLE) == [f"svg/tokens/{e}.svg" for e in _element_order(game)]

    # The filter is in the address: a reload (or a shared link) keeps it.
    assert "kind=tokens" in page.url
    page.reload()
    page.wait_for_function("() => document.readyState === 'complete'")
    expect(page.get_by_role("radio", name="Life tokens", exact=True)).to_be_checked()
    assert page.evaluate(VISIBLE) == [f"svg/tokens/{e}.svg" for e in _element_order(game)]

    page.get_by_role("radio", name="All kinds", exact=True).check()
    assert page.evaluate(VISIBLE) == everything
    assert page.problems == [], page.problems


# The page shows a build after `generation` (the whole one, not the pieces-first step).
SHOWS_WHOLE_BUILD_AFTER = """(generation) => Number(document.body.dataset.generation) > generation
  && !document.getElementById("status").hasAttribute("data-pending")"""


def test_the_filter_follows_an_edit_of_a_tiles_elements(page, watcher):
    game = _game(watcher.project)
    open_gallery(page, watcher.url)
    page.evaluate("window.__marked = true")  # a reload would drop it
    page.get_by_role("radio", name="Water", exact=True).check()
    water = [f"svg/tiles/{t.id}.svg" for t in game.tiles if "water" in t.insignias]
    assert MOSSFEN in water and MOSSFEN in page.evaluate(VISIBLE)
    heading = page.locator("section#tiles h2")
    expect(heading).to_have_text(f"Tile faces ({len(water)} of 48)")
    shown = int(page.locator("body").get_attribute("data-generation"))

    edit(watcher.project, "name: Mossfen\n    insignias: [water, earth]",
         "name: Mossfen\n    insignias: [fire, earth]")
    page.wait_for_function(SHOWS_WHOLE_BUILD_AFTER, arg=shown)

    mossfen = page.locator(f'figure.piece[data-path="{MOSSFEN}"]')
    assert mossfen.get_attribute("data-elements") == "fire earth"
    assert page.evaluate("window.__marked") is True, "the page reloaded"
    # Swapped in place, and filtered again: no longer water's.
    visible = page.evaluate(VISIBLE)
    assert [p for p in visible if p.startswith("svg/tiles/")] == [
        p for p in water if p != MOSSFEN]
    expect(mossfen).to_be_hidden()
    expect(heading).to_have_text(f"Tile faces ({len(water) - 1} of 48)")
    assert page.problems == [], page.problems


# -- the comparison page -------------------------------------------------------------


def test_the_comparison_page_sets_its_tiles_in_their_fonts(tab, project):
    game = _game(project)
    running = start_watcher(project, layouts=("default", "cluster"))
    try:
        open_gallery(tab, running.url)
        tab.get_by_role("link", name="Layout comparison").click()
        tab.wait_for_url(re.compile(re.escape(running.url + "files/compare/index.html")
                                    + r"\?v=[0-9a-f]{12}$"))
        tile = game.tiles[0]
        first = f'embed[src="{{}}/{tile.id}.svg"]'
        for layout in ("default", "cluster"):
            tab.wait_for_function(EMBEDDED_READY, arg=first.format(layout))
            for role, text in (("title", tile.name), ("italic", tile.flavour)):
                metrics = read_metrics(game.font(role))
                (found,) = tab.evaluate(TEXT_WIDTHS, [first.format(layout), role])
                assert found["text"] == text
                expected = text_width(metrics, text, found["size"])
                assert found["measured"] == pytest.approx(expected, rel=0.005), (layout, found)
                # The measure can tell: the fallback font sets the text at another width,
                # well outside the tolerance above.
                assert abs(found["fallback"] - expected) > 0.01 * expected, (found, expected)
        assert tab.locator("embed").count() == 2 * len(game.tiles)
        assert not tab.fonts, tab.fonts
        assert tab.problems == [], tab.problems
    finally:
        running.stop()


# -- the timings (figures: bench/bench_preview.py) ------------------------------------


def test_a_name_edit_reaches_the_open_gallery_in_place(page, watcher):
    opened = open_gallery(page, watcher.url)
    before = page.eval_on_selector_all(
        "figure.piece", "(fs) => fs.map((f) => [f.dataset.path, f.querySelector('img').src])")
    page.evaluate("window.__marked = true")  # a reload would drop it
    shown = int(page.locator("body").get_attribute("data-generation"))

    seconds = time_name_edit(page, watcher.project, MOSSFEN, "Mossfen", "Mossfen Deep")

    # The rest of the build (the PDFs) follows; the page takes it in place as well.
    expect(page.locator("#status")).to_contain_text(re.compile(r"built in [\d.]+ s"))
    expect(page.locator("#status")).to_contain_text("after content/tiles.yaml")
    assert int(page.locator("body").get_attribute("data-generation")) > shown
    assert page.evaluate("window.__marked") is True, "the page reloaded"
    after = dict(page.eval_on_selector_all(
        "figure.piece", "(fs) => fs.map((f) => [f.dataset.path, f.querySelector('img').src])"))
    assert {p for p, src in before if after[p] != src} == {MOSSFEN}  # only that one swapped
    print(f"\ngallery opened in {opened:.3f} s; name edit on the page after {seconds:.3f} s")
    assert page.problems == [], page.problems
