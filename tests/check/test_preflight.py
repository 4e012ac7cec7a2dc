"""The preflight on the shipped content and on pieces made to fail one way each; what it
remembers between runs; where its findings are told."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build.memo import DrawingMemo
from generator.check.preflight_contrast import contrasts
from generator.check.preflight_findings import spot_of
from generator.check.preflight_place import art_cover
from generator.check.validate import Templates, validate
from generator.core.memo import Memo
from generator.draw import piece
from generator.draw.beneath import Beneath
from generator.draw.kit import Kit
from generator.draw.scene import Ellipse, Group, Rect, Style, Text
from generator.draw.sketch import Sketch
from tests.conftest import CONTENT, TEMPLATES

FIXTURE_LAYOUT = Path(__file__).parents[1] / "fixtures" / "preflight"


def preflight_of(report) -> list:
    return [d for d in report.diagnostics if d.code.startswith("TKG5")]


@pytest.mark.slow
def test_the_shipped_content_passes_strict_in_both_layouts():
    report = validate(CONTENT, Templates(TEMPLATES, ("default", "cluster")))
    assert report.passed(strict=True), [d.format() for d in report.diagnostics]
    [weakest] = preflight_of(report)
    assert weakest.code == "TKG512" and "Fire and Earth" in weakest.message


def _with_layout(project: Path, fixture: str) -> Templates:
    target = project / "templates" / "layouts" / "fixture.yaml"
    target.write_text((FIXTURE_LAYOUT / fixture).read_text())
    return Templates(project / "templates", ("fixture",))


@pytest.mark.slow
def test_a_second_validation_draws_nothing_and_follows_moved_lines(project, monkeypatch):
    templates = _with_layout(project, "TKG501-number-near-cut.layout.yaml")
    first = DrawingMemo()
    [before] = [d for d in validate(project / "content", templates, memo=first).diagnostics
                if d.code == "TKG501"]
    layout = project / "templates" / "layouts" / "fixture.yaml"
    layout.write_text("# a line more above\n" + layout.read_text())
    again = DrawingMemo()
    again.load(first.dump())

    def redrawn(*args):
        raise AssertionError("a tile was drawn again")

    monkeypatch.setattr(piece, "_draw", redrawn)
    [after] = [d for d in validate(project / "content", templates, memo=again).diagnostics
               if d.code == "TKG501"]
    assert after.line == before.line + 1 and after.message == before.message


def test_a_build_after_validation_reuses_the_faces_it_drew(shipped_game, monkeypatch):
    memo = DrawingMemo()
    report = validate(CONTENT, Templates(TEMPLATES, ("default",), texts=False),
                      memo=memo)
    monkeypatch.setattr(piece, "_draw", lambda *a: pytest.fail("drawn again"))
    kit = Kit(report.game, memo)
    faces = [piece.tile_face(kit, report.layouts[0], tile) for tile in report.game.tiles]
    assert len(faces) == 48 and faces[0].parts


@pytest.mark.slow
def test_an_oink_name_the_aid_title_font_lacks_is_told_at_the_oink(project):
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text().replace("name: Cinder Oink", "name: Café Oink")
    tiles.write_text(text)
    report = validate(project / "content", Templates(project / "templates", ("default",)))
    # The Oink itself prints "CAFÉ OINK" in Lato Black, which has É; the aid's title is
    # set in the title font, which has no é.
    [found] = [d for d in report.diagnostics if d.code == "TKG504"]
    name = next(i for i, row in enumerate(text.splitlines(), 1) if "Café Oink" in row)
    assert found.path.endswith("tiles.yaml") and found.line == name - 1  # `- element:`
    assert "on aid 'fire'" in found.message and "title font" in found.message


def _badge_scene(symbol_colour: str):
    s = Sketch()
    s.add("decor", "background", "tile.background", (0, 0, 20, 20),
          [Rect(0, 0, 20, 20, Style(fill="#FFFFFF"))], layer=True)
    symbol = Group((Rect(7, 7, 6, 6, Style(fill=symbol_colour)),))
    s.add("badge", "insignia 1 of 1", "tile.insignias.slots.1.1", (4, 4, 12, 12),
          [Group((Ellipse(10, 10, 6, 6, Style(fill="#D55E00")), symbol))], round=True)
    return s.scene("tile-x", 20, 2, "x", ())


def test_a_symbol_too_close_to_its_badge_is_an_error_at_the_symbol_colour(kit):
    [found] = contrasts(kit.fonts, _badge_scene("#E06A10"))
    assert found.code == "TKG505" and found.entry == "tile.insignias.slots.1.1.colour"
    assert "#E06A10 on #D55E00" in found.message
    assert contrasts(kit.fonts, _badge_scene("#FFFFFF")) == []  # 3.87:1: enough for a graphic


def _badge_over(ground: str, name: str):
    """A tile whose badge's disc is smaller than its symbol (the ground shows under the
    symbol's corners), named in some language."""
    s = Sketch()
    s.add("decor", "background", "tile.background", (0, 0, 20, 20),
          [Rect(0, 0, 20, 20, Style(fill=ground))], layer=True)
    symbol = Group((Rect(7, 7, 6, 6, Style(fill="#E06A10")),))
    s.add("badge", "insignia 1 of 1", "tile.insignias.slots.1.1", (4, 4, 12, 12),
          [Group((Ellipse(10, 10, 3, 3, Style(fill="#D55E00")), symbol))], round=True)
    s.add("text", "title", "tile.title", (1, 16, 18, 3),
          [Text(10, 18.5, name, "body", 2.5, "#15141C", "middle")])
    return s.scene("tile-x", 20, 2, "x", ())


def test_a_badge_on_the_same_ground_in_another_language_is_looked_at_once(kit, monkeypatch):
    """The symbol's colours are worked out point by point once for both languages'
    sides: their words are no ground."""
    looked = []
    colours = Beneath.colours
    monkeypatch.setattr(Beneath, "colours", lambda self, *a, **k:
                        looked.append(a) or colours(self, *a, **k))
    memo = Memo()
    english = contrasts(kit.fonts, _badge_over("#FFFFFF", "Mossfen"), memo)
    french = contrasts(kit.fonts, _badge_over("#FFFFFF", "Tourbière"), memo)
    assert len(looked) == 1
    assert english == french and [f.code for f in english] == ["TKG505"]
    assert english == contrasts(kit.fonts, _badge_over("#FFFFFF", "Mossfen"))  # no memo


def test_the_same_badge_on_another_ground_is_looked_at_again(kit):
    memo = Memo()
    [on_white] = contrasts(kit.fonts, _badge_over("#FFFFFF", "Mossfen"), memo)
    [on_orange] = contrasts(kit.fonts, _badge_over("#D55E00", "Mossfen"), memo)
    assert on_white.message != on_orange.message
    assert "#E06A10 on #D55E00" in on_orange.message  # the ground's colour all round
    assert [on_orange] == contrasts(kit.fonts, _badge_over("#D55E00", "Mossfen"))


def test_an_art_box_short_of_the_bleed_is_the_layouts_problem():
    s = Sketch()
    s.add("art", "art", "tile.art", (3, 3, 63.5, 63.5),
          [Rect(3, 3, 63.5, 63.5, Style(fill="#335577"))], layer=True, content=True)
    [found] = art_cover(s.scene("tile-x", 69.5, 3, "x", ()))
    assert found.code == "TKG502" and found.cause == "layout" and found.entry == "tile.art"
    assert "does not reach the bleed's edge" in found.message


@pytest.mark.parametrize(("box", "bare"), [
    ((0, 0, 69.5, 69.5), False),  # the backdrop covers the piece: no painting needed
    ((0, 0, 69.5, 60), True),  # ... or leaves a strip at the foot: painted, and told
    ((-1, -1, 71.5, 71.5), False),
])
def test_a_backdrop_over_the_whole_piece_answers_as_the_painted_coverage_does(
        monkeypatch, box, bare):
    import generator.check.preflight_place as place

    def scene():
        s = Sketch()
        art = Group((Rect(*box, Style(fill="#335577")),
                     Ellipse(30, 30, 5, 5, Style(fill="#FFFFFF"))), scale=1.0)
        s.add("art", "art", "tile.art", (0, 0, 69.5, 69.5), [art], layer=True,
              content=True)
        return s.scene("tile-x", 69.5, 3, "x", ())

    quick = art_cover(scene())
    monkeypatch.setattr(place, "_covers_all", lambda item, at, scene: False)
    assert [f.message for f in quick] == [f.message for f in art_cover(scene())]
    assert bool(quick) == bare



@pytest.mark.parametrize(("ground", "told"), [
    ([(0, 0, 86, 86)], None),  # the frame's ground covers the piece
    ([(0, 0, 69.5, 69.5)], "nothing paints the bottom and right edges of the 86 x 86 mm "
     "piece (bleed included), where a cut that slips shows the paper: are its boxes "
     "written for another size?"),
    ([(0, 0, 86, 69.5)], "nothing paints the bottom edge"),
    # Bare at the top between two grounds, beside the art, though paint reaches every side.
    ([(0, 0, 75, 86), (81, 0, 5, 86), (75, 5, 6, 81)], "nothing paints parts of the edge"),
])
def test_a_piece_framed_round_its_art_has_its_edge_painted(ground, told):
    # An 80 mm tile whose boxes are the 63.5 mm tile's: its art, framed by their size,
    # stops 16.5 mm short of the right and bottom cuts, where only the ground paints.
    s = Sketch()
    s.add("ground", "rect", "tile.ground", (0, 0, 86, 86),
          [Rect(*box, Style(fill="#1B1A24")) for box in ground])
    s.add("art", "art", "tile.art", (0, 0, 69.5, 69.5),
          [Rect(0, 0, 69.5, 69.5, Style(fill="#335577"))], layer=True, content=True)
    found = art_cover(s.scene("tile-x", 86, 3, "x", ()))
    assert [f.code for f in found] == ([] if told is None else ["TKG502"])
    assert told is None or (found[0].message.startswith(told) and found[0].cause == "layout")


def test_a_spot_is_read_back_and_its_crop_stays_on_the_piece():
    spot = spot_of("the number is too small: on tile 'a' in the 'default' layout "
                   "[tile-a in default: 59.7, 64.1, 3.7 x 1.4 of 69.5 x 69.5 mm]")
    assert spot.scene == "tile-a" and spot.layout == "default"
    assert spot.box == (59.7, 64.1, 3.7, 1.4) and spot.size == (69.5, 69.5)
    x, y, w, h = spot.window()
    assert w == h and x + w <= 69.5 and y + h <= 69.5 and x <= 59.7 and y <= 64.1
    assert spot_of("a message without a spot") is None


@pytest.mark.slow
def test_colour_on_light_needs_the_colour_the_text_is_on(project):
    layout = project / "templates" / "layouts" / "odd.yaml"
    layout.write_text("extends: default\npieces:\n  tile:\n    front:\n      name:\n"
                      "        text:\n          colour_on_light: \"#000000\"\n")
    report = validate(project / "content", Templates(project / "templates", ("odd",)))
    [found] = [d for d in report.diagnostics if d.code == "TKG602"]
    assert (found.line, found.column) == (7, 28) and "needs under:" in found.message


def test_the_preview_outlines_a_finding_on_its_piece_and_crops_round_it():
    from generator.core.diagnostics import diagnostic
    from generator.core.model import Location
    from generator.live.page import gallery_page, proof_page
    from generator.live.status import BuildOutcome

    found = diagnostic("TKG501", Location("templates/layouts/default.yaml", 48, 5),
                       "the number ends 1.0 mm from the bottom cut: on tile 'ember' in the "
                       "'default' layout [tile-ember in default: 59.7, 64.1, 3.7 x 1.4 of "
                       "69.5 x 69.5 mm]")
    manifest = {"files": [{"path": "svg/tiles/ember.svg", "kind": "tiles", "sha256": "ab" * 32}]}
    page = gallery_page("t", manifest, 1, BuildOutcome(True, (found,)))
    assert '<section id="preflight">' in page and '<div class="crop">' in page
    assert '<svg class="marks" viewBox="0 0 69.5 69.5"' in page
    assert '<rect x="59.7" y="64.1" width="3.7" height="1.4">' in page
    proof = proof_page("t", manifest, 1, BuildOutcome(True))
    assert proof.count("<feColorMatrix") == 5 and 'id="vision-deuteranopia"' in proof


def _badge_over_picture(picture: Path):
    """`_badge_over`, with a picture for its ground."""
    from generator.draw.scene import Image

    s = Sketch()
    s.add("art", "art", "tile.art", (0, 0, 20, 20), [Image(0, 0, 20, 20, picture)])
    symbol = Group((Rect(7, 7, 6, 6, Style(fill="#E06A10")),))
    s.add("badge", "insignia 1 of 1", "tile.insignias.slots.1.1", (4, 4, 12, 12),
          [Group((Ellipse(10, 10, 3, 3, Style(fill="#D55E00")), symbol))], round=True)
    return s.scene("tile-x", 20, 2, "x", ())


def test_the_same_badge_on_a_picture_saved_again_in_another_colour_is_looked_at_again(
        kit, tmp_path):
    # The picture is named by its path alone: what the symbol was found on must follow
    # its pixels, not be the earlier picture's.
    from PIL import Image as Picture

    picture, memo = tmp_path / "ground.png", Memo()
    Picture.new("RGB", (200, 200), (0xFF, 0xFF, 0xFF)).save(picture)
    [on_white] = contrasts(kit.fonts, _badge_over_picture(picture), memo)
    Picture.new("RGB", (200, 200), (0xD5, 0x5E, 0x00)).save(picture)
    [on_orange] = contrasts(kit.fonts, _badge_over_picture(picture), memo)
    assert "#E06A10 on #D55E00" in on_orange.message, (on_white.message, on_orange.message)
