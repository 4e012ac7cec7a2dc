"""The play mats the rules need, shipped as declared pieces (issue 11, item 3): a world mat
per player that fits one A4 and one Letter page, and a table mat printed over several
pages with glue flaps and alignment marks that assemble to the size the cover states.
Everything is measured from the PDF pages, as a player would with a ruler."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.build.pipeline import build
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES, load_layout
from tests.pdfprobe import MM, cover_rows, placements

PAPERS = {"a4": (210, 297), "letter": (215.9, 279.4)}
MARGIN = 6.35  # DESIGN.md's printable margin
ROWS = ("World tiles", "Life tokens", "Oinks", "Player aids", "World mats", "Table mat")


@pytest.fixture(scope="module")
def mats(tmp_path_factory):
    """The shipped content built as `tkg build --only world-mats,table-mat` does."""
    out = tmp_path_factory.mktemp("mats") / "output"
    build(CONTENT, TEMPLATES, out, tuple(PAPERS), ["world-mats", "table-mat"],
          languages=ONE_LANGUAGE)
    return out


def checklist(reader: PdfReader) -> dict[str, tuple[str, range]]:
    """The cover's rows: name -> (detail, 0-based pages)."""
    return {name: (detail, range(where[0] - 1, where[1]))
            for name, (detail, where) in cover_rows(reader, ROWS).items() if where}


def segments(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """Every line drawn on the page itself, (x0, y0, x1, y1) mm from the bottom left."""
    ops = ContentStream(reader.pages[index].get_contents(), reader).operations
    ends = [(float(a[0]) * MM, float(a[1]) * MM) for a, op in ops if op in (b"m", b"l")]
    return [(*ends[i], *ends[i + 1]) for i in range(0, len(ends), 2)]


def crosses_and_marks(lines):
    """Alignment crosses (a horizontal and a vertical line through one midpoint) and the
    other lines (crop marks)."""
    def mid(s):
        return round((s[0] + s[2]) / 2, 2), round((s[1] + s[3]) / 2, 2)

    by_mid: dict = {}
    for s in lines:
        by_mid.setdefault(mid(s), []).append(s)
    crosses = sorted(m for m, group in by_mid.items() if len(group) == 2)
    marks = [s for s in lines if mid(s) not in crosses]
    return crosses, marks


@pytest.mark.slow
def test_the_plain_build_bundles_both_mats_on_both_papers(mats):
    for paper in PAPERS:
        rows = checklist(PdfReader(mats / f"pnp-{paper}.pdf"))
        assert {"World mats", "Table mat"} <= set(rows), rows
        assert rows["World mats"][0].startswith("4 mats, one per player")


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_each_world_mat_fits_one_page_inside_the_printable_margin(mats, paper):
    reader = PdfReader(mats / f"pnp-{paper}.pdf")
    _, pages = checklist(reader)["World mats"]
    width, height = PAPERS[paper]
    svg = ElementTree.parse(mats / "svg" / "pieces" / "world-mats" / "fire.svg").getroot()
    w, h = (float(svg.get(k).removesuffix("mm")) for k in ("width", "height"))
    bleed = load_layout().look("world-mats").bleed  # the print shop's: the page shows the trim
    w, h = w - 2 * bleed, h - 2 * bleed
    assert w >= 3 * 63.5 and h >= 3 * 63.5  # a 3 x 3 world of tiles lies on it
    found = []
    for index in pages:
        box = reader.pages[index].mediabox
        assert (float(box.width) * MM, float(box.height) * MM) == pytest.approx(
            (width, height), abs=0.05)
        for name, x, y in placements(reader, index):
            found.append(name)
            x, y = x + bleed, y + bleed
            assert x >= MARGIN - 1e-6 and x + w <= width - MARGIN + 1e-6
            assert y >= MARGIN - 1e-6 and y + h <= height - MARGIN + 1e-6
    assert sorted(found) == [f"piece-world-mats-{e}" for e in ("air", "earth", "fire", "water")]


def test_a_world_mat_shows_its_oink_the_token_places_and_the_rule(mats, shipped_game):
    svg = (mats / "svg" / "pieces" / "world-mats" / "water.svg").read_text()
    assert "Tide Oink" in svg and 'class="insignia water"' in svg
    capacity = shipped_game.rules.oink_capacity
    assert f"holds {capacity} life tokens" in svg
    assert "must share an insignia with the tile under your Oink" in svg


def _page_of(text: str) -> tuple[int, int]:
    found = re.search(r"row (\d+), column (\d+)", text)
    assert found, text
    return int(found[1]), int(found[2])


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_the_table_mat_pages_assemble_to_the_size_the_cover_states(mats, paper):
    reader = PdfReader(mats / f"pnp-{paper}.pdf")
    detail, pages = checklist(reader)["Table mat"]
    stated = re.search(r"assembled (\d+(?:\.\d+)?) x (\d+(?:\.\d+)?) mm", detail)
    assert stated, detail
    size = (float(stated[1]), float(stated[2]))
    fronts = {}
    for index in pages:
        text = reader.pages[index].extract_text()
        if "left blank" in text:
            continue
        crosses, marks = crosses_and_marks(segments(reader, index))
        fronts[_page_of(text)] = (crosses, marks, text)
    assert len(fronts) > 1
    # Each page's cut: the extreme crop marks (vertical marks give x, horizontal y).
    cuts = {}
    for key, (_, marks, _) in fronts.items():
        xs = [s[0] for s in marks if abs(s[0] - s[2]) < 1e-6]
        ys = [s[1] for s in marks if abs(s[1] - s[3]) < 1e-6]
        cuts[key] = (min(xs), min(ys), max(xs), max(ys))
    # Chain the pages into the first page's frame through their shared crosses.
    origin = {min(fronts): (0.0, 0.0)}
    for key in sorted(fronts):
        row, column = key
        for before in ((row, column - 1), (row - 1, column)):
            if before in fronts and key not in origin:
                origin[key] = _offset(fronts[before][0], fronts[key][0], before, key,
                                      origin[before], cuts)
    assert set(origin) == set(fronts)
    # Assembled: the first page's outer cuts to the last page's, in one frame (the
    # flaps lie under the next page).
    lefts = [cuts[k][0] + origin[k][0] for k in fronts]
    rights = [cuts[k][2] + origin[k][0] for k in fronts]
    bottoms = [cuts[k][1] + origin[k][1] for k in fronts]
    tops = [cuts[k][3] + origin[k][1] for k in fronts]
    assert max(rights) - min(lefts) == pytest.approx(size[0], abs=0.2)
    assert max(tops) - min(bottoms) == pytest.approx(size[1], abs=0.2)
    assert any("glue here" in " ".join(text.split()) for _, _, text in fronts.values())


def _offset(ours, theirs, before, key, base, cuts):
    """Where page `key` lies in the first page's frame. It lies right of the page
    `before` it or under it; the crosses on their joint (our right or bottom edge, its
    left or top edge) must fall on each other, and on its cut edge."""
    across = key[0] == before[0]
    axis = 0 if across else 1
    # PDF y points up: "under" is lower y. Our joint is our rightmost or lowest crosses,
    # theirs their leftmost or highest.
    joint = max(c[0] for c in ours) if across else min(c[1] for c in ours)
    edge = min(c[0] for c in theirs) if across else max(c[1] for c in theirs)
    shared_ours = sorted(c for c in ours if abs(c[axis] - joint) < 0.01)
    shared_theirs = sorted(c for c in theirs if abs(c[axis] - edge) < 0.01)
    assert len(shared_ours) == len(shared_theirs) >= 2
    shifts = {(round(a[0] - b[0], 2), round(a[1] - b[1], 2))
              for a, b in zip(shared_ours, shared_theirs, strict=True)}
    assert len(shifts) == 1, shifts  # every pair of marks agrees: one way to lay the page
    dx, dy = shifts.pop()
    # The later page's cut edge runs through the marks it shares.
    left, _, _, top = cuts[key]
    assert (left + dx if across else top + dy) == pytest.approx(joint, abs=0.05)
    return base[0] + dx, base[1] + dy


@pytest.mark.parametrize(("rows", "columns"), [(4, 3), (3, 4), (5, 5), (2, 2)])
def test_a_world_mat_draws_the_worlds_own_shape_inside_the_mat(project, rows, columns):
    # A 4 x 3 world's mat said "4 x 3 tiles" and drew 3 rows, the 4th off the page.
    from generator.draw.kit import Kit
    from generator.draw.piece import drawn
    from generator.load.content import load_content
    from tests.conftest import load_layout

    game_yaml = project / "content" / "game.yaml"
    text = game_yaml.read_text()
    for old, new in (("    rows: 3 ", f"    rows: {rows} "), ("    columns: 3\n",
                     f"    columns: {columns}\n"), ("    end_tiles: 9 ",
                                                  f"    end_tiles: {rows * columns} ")):
        assert old in text
        text = text.replace(old, new, 1)
    game_yaml.write_text(text)
    game = load_content(project / "content").game
    [kind] = [k for k in game.pieces if k.name == "world-mats"]
    look = load_layout().look("world-mats")
    done = drawn(Kit(game), kind, look, kind.items[0], "front")
    cells = [item for item in _leaves(done.scene.items) if type(item).__name__ == "Rect"
             and item.r == 2]
    assert len(cells) == rows * columns, done.problems
    width, height = look.size
    bleed = done.scene.bleed
    for cell in cells:  # each cell wholly on the mat
        assert bleed - 1e-6 <= cell.x and cell.x + cell.w <= bleed + width + 1e-6
        assert bleed - 1e-6 <= cell.y and cell.y + cell.h <= bleed + height + 1e-6
    assert len({round(c.w, 6) for c in cells}) == 1  # all alike
    assert cells[0].w == pytest.approx(cells[0].h)  # and square, as the tiles are
    fits = rows <= 3 and columns <= 3
    assert (cells[0].w == pytest.approx(65)) == fits  # the look's own size when it fits
    # Cells made smaller than the tiles they are measured from: told, as the tiles would
    # hang over them (TKG517, a warning; tests/layout/test_mats_follow_the_pieces.py).
    assert [p.code for p in done.problems] == ([] if fits else ["TKG517"])


def _leaves(items):
    for item in items:
        children = getattr(item, "children", None)
        yield from (_leaves(children) if children is not None else (item,))
