"""SVG pieces parse, measure in mm with their bleed, and carry the tile's insignias."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from generator.backends.svg import scene_svg
from generator.draw.piece import oink_face, tile_back, tile_face, token_face
from tests.conftest import load_layout

NS = "{http://www.w3.org/2000/svg}"


def _insignias(root) -> list[str]:
    return [g.get("class").split()[1] for g in root.iter(NS + "g")
            if (g.get("class") or "").startswith("insignia ")]


@pytest.mark.parametrize("layout", ["default", "cluster"])
def test_each_tile_svg_has_its_size_in_mm_and_its_insignias(shipped_game, kit, layout):
    lay = load_layout(layout)
    for tile in shipped_game.tiles:
        root = ET.fromstring(scene_svg(tile_face(kit, lay, tile), kit.memo))
        assert root.get("width") == "69.5mm" and root.get("height") == "69.5mm"
        assert root.get("viewBox") == "0 0 69.5 69.5"
        assert _insignias(root) == list(tile.insignias)
        assert tile.name in "".join(root.itertext())


@pytest.mark.slow
def test_written_svgs_match_the_tiles(built, shipped_game):
    for tile in shipped_game.tiles:
        root = ET.parse(built / "svg" / "tiles" / f"{tile.id}.svg").getroot()
        assert _insignias(root) == list(tile.insignias)


def test_text_is_escaped(shipped_game, kit):
    tile = dataclasses.replace(shipped_game.tiles[0], name='Fire & <Ice> "x"',
                               flavour="a < b & c")
    text = scene_svg(tile_face(kit, load_layout(), tile), kit.memo)
    root = ET.fromstring(text)  # would raise on unescaped markup
    assert 'Fire & <Ice> "x"' in "".join(root.itertext())


def test_back_tokens_and_oinks_are_standalone_svg(shipped_game, kit):
    lay = load_layout()
    scenes = [tile_back(kit, lay)]
    scenes += [token_face(kit, lay, e) for e in shipped_game.element_ids]
    scenes += [oink_face(kit, lay, o) for o in shipped_game.oinks]
    docs = [scene_svg(scene, kit.memo) for scene in scenes]
    sizes = {ET.fromstring(d).get("width") for d in docs}
    assert sizes == {"69.5mm", "26mm", "44mm"}
    token = ET.fromstring(docs[1])
    assert float(token.get("width").removesuffix("mm")) - 4 >= 19  # trim of at least 19 mm
