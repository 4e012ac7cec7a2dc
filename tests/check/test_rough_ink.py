"""The preflight's rough first look at text (a rectangle that holds a line's ink) never
lets a finding go: where it settles a question, the glyphs would have settled it the
same way, and where it cannot, the glyphs are looked at as before."""

from __future__ import annotations

import pytest

from generator.check.preflight_contrast import contrasts
from generator.check.preflight_place import outside_safe
from generator.draw.beneath import Beneath, Range
from generator.draw.ink import glyph_boxes, line_reach
from generator.draw.piece import FRONT, drawn, look_of
from generator.draw.scene import Rect, Style, Text
from generator.draw.sketch import Sketch
from generator.text.context import game_context
from generator.text.pieces import aid_kind
from tests.conftest import TEMPLATES, load_layout

DARK, GROUND = "#222222", "#F4F0E6"
LINES = ("Trade: give 2, take 1 of hers", "Procure face up: pay one",
         "Éçà ÿ… and ☃ the font lacks", "   ", "qjpgy|[]{}")


def _farthest(metrics) -> str:
    """The font's characters that ink farthest left of their pen, past their advance,
    above and below: a line of them reaches as far as any line can."""
    boxes = {char: metrics.ink[glyph] for char, glyph in metrics.glyph_of.items()
             if glyph in metrics.ink}
    past = {char: box[2] - metrics.width_of[char] / 1000 for char, box in boxes.items()}
    return "".join((min(boxes, key=lambda c: boxes[c][0]), max(boxes, key=lambda c: boxes[c][3]),
                    min(boxes, key=lambda c: boxes[c][1]), max(past, key=past.__getitem__)))


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_a_lines_rough_rectangle_holds_every_glyph_it_inks(kit, anchor):
    for role in kit.fonts.paths:
        far = _farthest(kit.fonts.metrics(role))
        for words in (*LINES, far, f"{far[0]}{LINES[0]}{far[-1]}"):
            text = Text(20.0, 30.0, words, role, 3.7, DARK, anchor)
            x0, y0, x1, y1 = line_reach(text, kit.fonts)
            for char, (a, b, c, d) in glyph_boxes(text, kit.fonts):
                assert x0 <= a and y0 <= b and c <= x1 and d <= y1, (role, words, char)


def _flow(*under, lines: int = 6, tag: bool = False):
    """A piece with a ground and, under a part of several lines of dark words, the
    shapes `under`; with `tag`, the part ends in a playtest label (its ochre ground
    and white word are the part's own)."""
    sketch = Sketch()
    sketch.add("decor", "ground", "x.ground", (0, 0, 60, 60),
               [Rect(0, 0, 60, 60, Style(fill=GROUND)), *under], layer=True)
    words: list = [Text(4, 10 + 6 * n, f"Line {n} of the rules", "body", 3.4, DARK)
                   for n in range(lines)]
    if tag:
        words += [Rect(40, 7, 12, 3.5, Style(fill="#8A5A00"), 0.5),
                  Text(40.7, 10, "Playtest 3", "bold", 2.1, "#FFFFFF")]
    sketch.add("text", "rules", "x.rules", (4, 6, 52, 40), words)
    return sketch.scene("piece-x", 60, 0, "x", ())


def test_a_dark_stripe_under_one_word_of_a_flow_is_found_at_its_letter(kit):
    stripe = Rect(14, 22, 3, 4, Style(fill="#3A3A3A"))  # under "of" on the third line
    [found] = contrasts(kit.fonts, _flow(stripe))
    assert found.code == "TKG505" and "#222222 on #3A3A3A (under its letter" in found.message


def test_a_flow_on_a_plain_ground_with_a_tag_reads_well(kit):
    assert contrasts(kit.fonts, _flow(tag=True)) == []
    assert contrasts(kit.fonts, _flow(lines=1, tag=True)) == []


def test_a_plate_the_words_draw_between_their_lines_is_not_under_the_first(kit):
    # A dark card; the part sets a line, then a light plate over the whole card, then a
    # line on it: the first line, dark on dark, is lost; the plate does not save it.
    sketch = Sketch()
    sketch.add("decor", "ground", "x.ground", (0, 0, 60, 60),
               [Rect(0, 0, 60, 60, Style(fill="#2A2A2A"))], layer=True)
    sketch.add("text", "rules", "x.rules", (4, 6, 52, 40),
               [Text(4, 10, "Lost on the card", "body", 3.4, DARK),
                Rect(0, 0, 60, 60, Style(fill=GROUND)),
                Text(4, 16, "Read on the plate", "body", 3.4, DARK)])
    [found] = contrasts(kit.fonts, sketch.scene("piece-x", 60, 0, "x", ()))
    assert found.code == "TKG505" and "#222222 on #2A2A2A" in found.message


def _holds(wide: Range, narrow: Range) -> bool:
    return all(a <= b + 1e-9 for a, b in zip(wide.low, narrow.low, strict=True)) and all(
        a >= b - 1e-9 for a, b in zip(wide.high, narrow.high, strict=True))


def test_one_question_for_all_lines_holds_what_each_glyph_may_show(kit):
    """On the shipped player aid (a flow of words, headings and tags on a tinted card
    under a coloured band): the range under the rectangle of all the lines of one ink,
    with the part's own shapes among them counted as partly covering, holds the range
    under each of their glyphs, which is all the check asks of a glyph."""
    layout = load_layout()
    kind = aid_kind(kit.game, TEMPLATES, game_context(kit.game, kit.memo), kit.memo)
    scene = drawn(kit, kind, look_of(layout, "aid"), kind.items[0], FRONT).scene
    words = frozenset(n for p in scene.parts if p.kind == "text" for n in range(*p.span))
    beneath = Beneath(scene, words)
    asked = 0
    for part in (p for p in scene.parts if p.kind == "text"):
        own = range(*part.span)
        lines = [(order, item) for order, item in enumerate(scene.items_of(part), part.span[0])
                 if isinstance(item, Text)]
        for ink in {text.fill for _, text in lines}:
            inked = [(order, text) for order, text in lines if text.fill == ink]
            reaches = [line_reach(text, kit.fonts) for _, text in inked]
            box = (min(b[0] for b in reaches), min(b[1] for b in reaches),
                   max(b[2] for b in reaches), max(b[3] for b in reaches))
            wide = beneath.colour_range(box, beneath.start(inked[0][0]), own=own,
                                        until=beneath.start(inked[-1][0]))
            for order, text in inked:
                for _, glyph in glyph_boxes(text, kit.fonts):
                    narrow = beneath.colour_range(glyph, beneath.start(order), own=own)
                    assert _holds(wide, narrow), (part.name, text.text)
                    asked += 1
    assert asked > 500  # the aid's words, every glyph


def _near_the_cut(x: float, words: str):
    sketch = Sketch()
    sketch.add("text", "name", "x.name", (x, 10, 30, 6),
               [Text(x, 14, words, "title", 4.0, DARK)])
    return sketch.scene("piece-x", 40, 0, "x", ())


def test_the_safe_zone_is_measured_at_the_glyphs_not_the_rough_rectangle(kit):
    # "T" inks nearly to its pen's start; the font's widest glyph reaches further left,
    # so the rough rectangle crosses the 3 mm line where the letter does not.
    reach = kit.fonts.ink_reach("title")[0] * 4.0
    assert reach < -0.05
    clear = _near_the_cut(3.0 - reach / 2 + 0.1, "Tide")
    assert outside_safe(kit.fonts, clear, 3.0) == []
    [found] = outside_safe(kit.fonts, _near_the_cut(1.5, "Tide"), 3.0)
    [(_, (x0, *_))] = glyph_boxes(Text(1.5, 14, "T", "title", 4.0, DARK), kit.fonts)[:1]
    assert found.code == "TKG501" and f"ends {x0:.1f} mm from the left cut" in found.message
