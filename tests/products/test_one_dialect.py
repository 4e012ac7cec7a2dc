"""One dialect for every piece (issue 21): a tile face, an aid card and the bundle's cover
are looks in the layout like any declared piece's, changed in YAML alone."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from pypdf import PdfReader

from generator.build.pipeline import build
from tests.pdfprobe import MM

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

NS = "{http://www.w3.org/2000/svg}"
# A layout of the designer's own, in YAML only: a polygon frame round the tile's
# insignias (a hexagon, round joins) and a row of five dots repeated under the name.
FRAMED = """extends: default
pieces:
  tile:
    front:
      frame:
        polygon:
          points: [[10, 33], [31.75, 29], [53.5, 33], [53.5, 48], [31.75, 52], [10, 48]]
          fill: "#FFFFFF"
          opacity: 0.2
          stroke: "#E9D9A6"
          stroke_width: 0.6
          join: round
      dots:
        repeat:
          times: 5
          dx: 5
          draw:
            - circle: {cx: 21.75, cy: 16, r: 1, fill: "#E9D9A6"}
"""


def _layout(project, name: str, text: str) -> None:
    (project / "templates" / "layouts" / f"{name}.yaml").write_text(text)


def test_a_tile_face_drawn_from_yaml_alone_builds_with_a_polygon_frame_and_a_repeat(project):
    _layout(project, "framed", FRAMED)
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["tiles"], ("framed",))
    root = ElementTree.parse(out / "svg" / "tiles" / "ember-hollow.svg").getroot()
    paths = [p.get("d") for p in root.iter(NS + "path")]
    hexagon = [d for d in paths if d and d.count("L") == 5 and d.endswith("Z")]
    assert hexagon, paths  # the frame, moved by the tile's 3 mm bleed
    assert hexagon[0].startswith("M13 36") and "L56.5 36" in hexagon[0]
    frame = next(p for p in root.iter(NS + "path") if p.get("d") == hexagon[0])
    assert frame.get("stroke-linejoin") == "round" and frame.get("stroke") == "#E9D9A6"
    dots = sorted((float(c.get("cx")), float(c.get("cy"))) for c in root.iter(NS + "circle")
                  if c.get("r") == "1" and c.get("fill") == "#E9D9A6")
    assert dots == [(24.75 + 5 * n, 19.0) for n in range(5)]  # a row, 5 mm apart
    # The frame is drawn before the insignias (the order of the look): under them.
    kinds = [e.tag.removeprefix(NS) for e in root.iter() if e.tag in (NS + "path", NS + "g")]
    assert kinds.index("path") < len(kinds) - 1
    # ... and it prints: the bundle holds the tiles drawn in this layout.
    assert PdfReader(out / "pnp-a4.pdf").pages[2].extract_text()


def test_a_wrong_name_in_the_yaml_face_is_told_at_its_line(project):
    from generator.check.validate import Templates, validate

    _layout(project, "framed", FRAMED.replace('fill: "#E9D9A6"}', 'fill: "{insignia}"}'))
    report = validate(project / "content", Templates(project / "templates", ("framed",)))
    [found] = [d for d in report.diagnostics if d.code == "TKG604"]
    assert found.path.endswith("framed.yaml") and found.line == 18  # the circle's fill
    assert "{insignia}" in found.message


CARD = """extends: default
pieces:
  aid:
    size: [63.5mm, 88.9mm]
"""


def test_the_aid_cards_trim_comes_from_the_layout(project):
    _layout(project, "small-aids", CARD)
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["aids"],
          ("small-aids",))
    shop = PdfReader(out / "print-shop" / "aids.pdf")
    for page in shop.pages:  # a card per page: the new trim, its 3 mm of bleed round it
        box = [float(v) * MM for v in page.mediabox]
        assert box == pytest.approx([0, 0, 63.5 + 6, 88.9 + 6], abs=0.02)
        trim = [float(v) * MM for v in page.trimbox]
        assert trim == pytest.approx([3, 3, 66.5, 91.9], abs=0.02)
    root = ElementTree.parse(out / "svg" / "aids" / "fire.svg").getroot()
    assert (root.get("width"), root.get("height")) == ("69.5mm", "94.9mm")
    # Smaller cards: the four fit one sheet with room, and the words still fit them.
    sheets = PdfReader(out / "pdf" / "a4" / "player-aids.pdf")
    assert len(sheets.pages) == 1
    text = " ".join(sheets.pages[0].extract_text().split())
    assert text.count("One action a turn") == 4 and "Unsealed tiles" in text


def test_a_shape_drawn_off_its_piece_is_told(project):
    # A mat too short for its world: the grid's last row runs off it (as a world of 4
    # rows on a mat made for 3 did).
    from generator.check.validate import Templates, validate

    _layout(project, "short", "extends: default\npieces:\n  world-mats:\n"
            "    size: [196mm, 200mm]\n")
    report = validate(project / "content", Templates(project / "templates", ("short",)))
    found = [d for d in report.diagnostics if d.code == "TKG515"]
    assert found, [d.format() for d in report.diagnostics]
    [grid] = [d for d in found if "the grid is drawn off the piece" in d.message]
    assert re.search(r"3 of its shapes lie mostly beyond", grid.message)  # the last row
    assert grid.path.endswith("default.yaml")
