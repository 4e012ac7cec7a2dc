"""A look follows its piece's size: a designer who makes the tiles larger (76.2 mm, 3 in,
instead of 63.5 mm) changes `size:` and nothing else, and every shipped layout keeps
its design: the art and ground reach the bleed's edges, the name stays at the top
across the tile, the flavour and the number at the bottom, the insignias centred above
the flavour (in the middle, in `cluster`), the back's emblem centred. A repeat's
places (`at:`) may be measured from the piece's size for that, as a box's sides may."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.check.preflight_place import art_cover
from generator.core.errors import ContentError
from generator.draw.kit import Kit
from generator.draw.piece import (
    FRONT as FRONT_SIDE,
)
from generator.draw.piece import (
    TILE,
    TOKEN,
    built_in,
    drawn,
    item_of,
    look_of,
    oink_face,
    tile_back,
    tile_face,
    token_face,
)
from generator.draw.scene import Part, Scene
from tests.conftest import CONTENT, TEMPLATES, load_layout

SHIPPED, LARGER = 63.5, 76.2

# How each thing the tile draws keeps its place, across and down, when the tile grows:
# "stretch" keeps its margins to both edges, "start" and "end" its margin to one edge
# (and its size), "centre" its offset from the piece's middle (and its size).
FRONT = {"ground": ("stretch", "stretch"), "art": ("stretch", "stretch"),
         "name": ("stretch", "start"), "insignias": ("centre", "end"),
         "flavour": ("stretch", "end"), "number": ("end", "end")}
BACK = {"ground": ("stretch", "stretch"), "pattern": ("centre", "centre"),
        "seal ring": ("centre", "centre"), "seal": ("centre", "centre"),
        "seal centre": ("centre", "centre"), "title": ("stretch", "centre"),
        "subtitle": ("stretch", "centre")}
CLUSTER = {**FRONT, "insignias": ("centre", "centre")}  # its insignias fill the middle


def _larger(tmp_path: Path) -> Path:
    """The shipped templates with the tile made 76.2 mm: the one line a designer edits."""
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    default = templates / "layouts" / "default.yaml"
    text = default.read_text()
    assert f"size: {SHIPPED}mm " in text
    default.write_text(text.replace(f"size: {SHIPPED}mm ", f"size: {LARGER}mm ", 1))
    return templates


def _entry(part: Part) -> str:
    """The look's entry that drew the part: pieces.tile.front.<entry>..., or the look's
    own (pieces.token.surround)."""
    steps = part.source.split(".")
    return steps[3] if len(steps) > 3 else steps[2]


def _kept(how: str, before: tuple[float, float], after: tuple[float, float],
          grown: float) -> bool:
    (lo, hi), (new_lo, new_hi) = before, after
    expected = {"stretch": (lo, hi + grown), "start": (lo, hi),
                "end": (lo + grown, hi + grown),
                "centre": (lo + grown / 2, hi + grown / 2)}[how]
    return abs(new_lo - expected[0]) < 0.01 and abs(new_hi - expected[1]) < 0.01


def _spans(scene: Scene, part: Part) -> tuple[tuple[float, float], tuple[float, float]]:
    x, y, w, h = part.box
    b = scene.bleed
    return (x - b, x + w - b), (y - b, y + h - b)


def _moved_wrongly(before: Scene, after: Scene, anchors: dict,
                   grown: float = LARGER - SHIPPED) -> list[str]:
    assert len(before.parts) == len(after.parts)
    wrong = []
    for old, new in zip(before.parts, after.parts, strict=True):
        across, down = anchors[_entry(old)]
        (ox, oy), (nx, ny) = _spans(before, old), _spans(after, new)
        if not (_kept(across, ox, nx, grown) and _kept(down, oy, ny, grown)):
            wrong.append(f"{old.source} ({old.name}): x {ox} -> {nx}, y {oy} -> {ny}; "
                         f"expected {across} across, {down} down")
    return wrong


@pytest.mark.parametrize(("layout", "anchors"), [("default", FRONT), ("cluster", CLUSTER),
                                                 ("ink-saver", FRONT)])
def test_a_larger_tile_keeps_every_layout_s_design(shipped_game, tmp_path, layout, anchors):
    kit = Kit(shipped_game)
    shipped, larger = load_layout(layout), load_layout(layout, _larger(tmp_path))
    assert larger.look("tile").size == pytest.approx((LARGER, LARGER))
    for count in (1, 2, 3, 4):  # each number of insignias has its own places
        tile = next(t for t in shipped_game.tiles if len(t.insignias) == count)
        before, after = tile_face(kit, shipped, tile), tile_face(kit, larger, tile)
        assert _moved_wrongly(before, after, anchors) == []
        assert art_cover(after) == []  # no paper-white band at a cut (TKG502)
    assert _moved_wrongly(tile_back(kit, shipped), tile_back(kit, larger), BACK) == []


# A round piece grows by its disc as by its size: its rings keep their margins to the cut.
ROUND = {"surround": ("stretch", "stretch"), "disc": ("stretch", "stretch"),
         "engraving": ("stretch", "stretch"), "symbol": ("centre", "centre"),
         "name": ("centre", "centre"), "capacity": ("centre", "centre")}


def _larger_round(tmp_path: Path) -> Path:
    """The shipped templates with tokens and Oinks 4 mm larger, size and disc alike."""
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    default = templates / "layouts" / "default.yaml"
    text = default.read_text()
    for old, new in (("size: 22mm\n    disc: 20.1mm", "size: 26mm\n    disc: 24.1mm"),
                     ("size: 40mm\n    disc: 37.9mm", "size: 44mm\n    disc: 41.9mm")):
        assert old in text
        text = text.replace(old, new, 1)
    default.write_text(text)
    return templates


def test_larger_tokens_and_oinks_keep_their_design(shipped_game, tmp_path):
    kit = Kit(shipped_game)
    shipped, larger = load_layout("default"), load_layout("default", _larger_round(tmp_path))
    pairs = [(token_face(kit, shipped, e), token_face(kit, larger, e))
             for e in shipped_game.element_ids]
    pairs += [(oink_face(kit, shipped, o), oink_face(kit, larger, o))
              for o in shipped_game.oinks]
    for before, after in pairs:
        assert _moved_wrongly(before, after, ROUND, grown=4.0) == []


@pytest.mark.slow
def test_larger_pieces_pass_the_strict_preflight_in_every_shipped_layout(tmp_path):
    # Tiles 76.2 mm, tokens and Oinks 4 mm larger, and the world mats measured from the
    # tile over pages (an A4 page holds no world of such tiles: TKG517 says so,
    # tests/layout/test_mats_follow_the_pieces.py): no warning at all (no bare edge, no
    # text or symbol leaving its safe zone, nothing overlapping, no mat too small).
    from generator.check.validate import Templates, validate
    from tests.layout.test_mats_follow_the_pieces import SPLIT_WORLD

    templates = _larger_round(tmp_path)
    default = templates / "layouts" / "default.yaml"
    text = default.read_text().replace(f"size: {SHIPPED}mm ", f"size: {LARGER}mm ", 1)
    for old, new in SPLIT_WORLD:
        assert old in text
        text = text.replace(old, new, 1)
    default.write_text(text)
    report = validate(CONTENT, Templates(templates, ("default", "cluster", "ink-saver")))
    assert report.passed(strict=True), [d.format() for d in report.diagnostics]
    assert report.layouts[0].look("tile").size == pytest.approx((LARGER, LARGER))


def _insignias_at(tmp_path: Path, places: str) -> Path:
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    (templates / "layouts" / "placed.yaml").write_text(
        "extends: default\npieces:\n  tile:\n    front:\n      insignias:\n"
        f"        repeat:\n          at:\n            1: [{places}]\n")
    return templates


def test_a_repeat_s_place_may_be_measured_from_the_piece_s_size(shipped_game, tmp_path):
    layout = load_layout("placed", _insignias_at(tmp_path, '["width / 2 - 5mm", "height / 2"]'))
    tile = next(t for t in shipped_game.tiles if len(t.insignias) == 1)
    scene = tile_face(Kit(shipped_game), layout, tile)
    [badge] = [p for p in scene.parts if _entry(p) == "insignias"]
    (x0, x1), (y0, y1) = _spans(scene, badge)
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx((SHIPPED / 2 - 5, SHIPPED / 2))


def test_a_place_that_is_no_length_is_told_where_it_is_written(tmp_path):
    with pytest.raises(ContentError) as info:
        load_layout("placed", _insignias_at(tmp_path, '["wdth / 2", 40]'))
    [problem] = info.value.diagnostics
    assert problem.code == "TKG602" and problem.path.endswith("placed.yaml")
    assert problem.line == 8 and "wdth / 2" in problem.message
    assert 'write e.g. "width - 20mm", "height / 2" or "tile + 1.5mm"' in problem.message


SHRUNK = """extends: default
pieces:
  tile:
    front:
      name: {text: {box: {w: "width - 80mm"}}}
  token:
    front:
      disc: {circle: {r: "disc / 2 - 30mm"}}
"""


def test_a_size_measured_to_nothing_on_its_piece_is_told_where_it_is_written(shipped_game,
                                                                            tmp_path):
    # "width - 80mm" reads well, and comes to -16.5 mm on a 63.5 mm tile: told at its
    # entry, not drawn (it was drawn backwards, and told as a name past the left cut).
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    (templates / "layouts" / "shrunk.yaml").write_text(SHRUNK)
    layout, kit = load_layout("shrunk", templates), Kit(shipped_game)
    found = []
    for name, ident in ((TILE, shipped_game.tiles[0].id), (TOKEN, "fire")):
        kind = built_in(kit, name)
        done = drawn(kit, kind, look_of(layout, name), item_of(kit, kind, ident),
                     FRONT_SIDE)
        found += [(p.code, p.entry, p.message) for p in done.problems]
    assert found == [
        ("TKG602", "pieces.tile.front.name.text.box.w",
         "box.w comes to -16.5 mm on item 'ember-hollow', where its width is 63.5 mm: it "
         "must be more than 0 mm"),
        ("TKG602", "pieces.token.front.disc.circle.r",
         "r comes to -19.95 mm on item 'fire', where its disc is 20.1 mm: it must be more "
         "than 0 mm")], found
