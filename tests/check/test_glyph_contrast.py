"""Contrast judged under each glyph, from the scene's shapes (TKG505/506), on every
piece; and sentences that stop short (TKG516)."""

from __future__ import annotations

import pytest

from generator.check.preflight_contrast import contrasts
from generator.check.preflight_words import hanging, unfinished
from generator.check.validate import Templates, validate
from generator.draw.colour import contrast
from generator.draw.raster import Canvas
from generator.draw.scene import Ellipse, Rect, Style, Text
from generator.draw.sketch import Sketch

FIRE, DARK = "#D55E00", "#15141C"


def _scene(*layers, text: Text, box=(2.0, 10.0, 36.0, 6.0)):
    sketch = Sketch()
    for number, shape in enumerate(layers):
        sketch.add("decor", f"shape {number}", f"x.shape{number}", box, [shape], layer=True)
    sketch.add("text", "name", "x.name", box, [text])
    return sketch.scene("piece-x", 40, 0, "x", ())


def _box_average(scene, box) -> str:
    """What the check used to measure: the average colour of the text's whole box."""
    canvas = Canvas(scene.width, scene.height, 8.0)
    canvas.paint(scene.items[:-1])
    return canvas.mean(box)


def test_a_ring_under_the_letters_reads_poorly_though_the_box_average_passes(kit):
    # A disc in the fire colour, and a faint dark ring (a quarter opaque) crossing the
    # letters of a dark name: 4.73:1 on the disc, 3.17:1 where the ring runs.
    text = Text(20, 14, "CINDER OINK", "black", 2.5, DARK, "middle")
    ring = Ellipse(20, 34.6, 22, 22, Style(stroke=DARK, stroke_width=0.6, opacity=0.25))
    scene = _scene(Ellipse(20, 20, 19.5, 19.5, Style(fill=FIRE)), ring, text=text)
    assert contrast(DARK, _box_average(scene, (2.0, 10.0, 36.0, 6.0))) >= 4.5
    [found] = contrasts(kit.fonts, scene)
    assert found.code == "TKG506" and found.entry == "x.name.colour"
    assert "#15141C on #A54C07 (under its letter" in found.message
    assert found.worst == pytest.approx(3.17, abs=0.01)


def test_a_dark_band_beside_the_words_fails_the_box_average_but_no_glyph(kit):
    # The text's box runs on over a black band where no letter is: its letters all sit
    # on white, though the box's average is a mid grey.
    text = Text(3, 14, "Hold", "bold", 2.5, DARK, "start")
    scene = _scene(Rect(0, 0, 40, 40, Style(fill="#FFFFFF")),
                   Rect(16, 10, 22, 6, Style(fill="#000000")), text=text)
    assert contrast(DARK, _box_average(scene, (2.0, 10.0, 36.0, 6.0))) < 4.5
    assert contrasts(kit.fonts, scene) == []


def test_a_plate_wholly_under_the_words_is_read_exactly(kit):
    text = Text(20, 14, "Tide", "bold", 2.5, "#FFFFFF", "middle")
    scene = _scene(Rect(0, 0, 40, 40, Style(fill="#FFFFFF")),
                   Rect(2, 10, 36, 6, Style(fill="#808080"), 1.0), text=text)
    [found] = contrasts(kit.fonts, scene)
    assert "#FFFFFF on #808080" in found.message and found.worst == pytest.approx(3.95, 0.01)


@pytest.mark.parametrize(("words", "unfinished_"), [
    ("Fire · 3 x 3 tiles; the game ends when a world holds 9 connected", True),
    ("Fire · 3 x 3 tiles; the game ends when a world holds 9 connected tiles.", False),
    ("Pay the tokens of your", True),
    ("The hills walk when the wind tells them to.", False),
    ("face up", False),
    ("A", False),
    ("holds 6", False),
])
def test_words_that_leave_a_sentence_hanging(words, unfinished_):
    assert bool(hanging(words)) is unfinished_


def test_an_unfinished_sentence_on_a_piece_is_a_warning_at_its_text():
    sketch = Sketch()
    sketch.add("text", "text", "pieces.mat.front.4.text", (0, 0, 40, 6),
               [Text(1, 4, "the game ends when a world holds 9", "italic", 3, DARK),
                Text(1, 8, "connected", "italic", 3, DARK)])
    [found] = unfinished(sketch.scene("piece-mat", 40, 0, "mat", ()))
    assert (found.code, found.entry) == ("TKG516", "pieces.mat.front.4.text.text")
    assert "'9 connected'" in found.message


@pytest.mark.slow
def test_the_shipped_pieces_read_at_4_5_under_every_glyph_aids_and_mats_included():
    """No TKG505/506/516 on any piece of the shipped layouts (the Oinks' names on their
    rings, the aids' headings on their tints, the table mat's words among them)."""
    from tests.conftest import CONTENT, TEMPLATES

    report = validate(CONTENT, Templates(TEMPLATES, ("default", "cluster", "ink-saver")))
    assert not [d.format() for d in report.diagnostics
                if d.code in ("TKG505", "TKG506", "TKG516")]


@pytest.mark.slow
def test_the_aids_and_the_declared_pieces_are_judged_by_what_lies_under(project):
    """A mat's words and an aid's headings, checked against what is really under them:
    the mat's "face up" in a pale ink, and the aids' headings chosen against a ground
    (`under:` white) lighter than the tinted card they print on."""
    layout = project / "templates" / "layouts" / "default.yaml"
    text = layout.read_text()
    text = text.replace('colour: "#4A4556"    # thin italic', 'colour: "#B0A99C"    # thin')
    text = text.replace('under: "#E6EFE6"', 'under: "#FFFFFF"')
    layout.write_text(text)
    report = validate(project / "content", Templates(project / "templates"))
    found = [(d.code, d.message) for d in report.diagnostics if d.code in ("TKG505", "TKG506")]
    assert any(code == "TKG505" and says.startswith("the text, #B0A99C on #FFFFFF (under its "
                                                    "letter 'f')") for code, says in found)
    assert any(code == "TKG506" and says.startswith("the rules, ") and "on aid" in says
               for code, says in found)
