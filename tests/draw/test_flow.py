"""Flowing text that shrinks to its box (`generator.draw.flow.Setter.shrunk`): the largest
size that fits, its words set as a setter of that size sets them, each word measured
once however many sizes are tried."""

from __future__ import annotations

import pytest

from generator.build.memo import DrawingMemo
from generator.draw.flow import STEP, TAIL, FlowStyle, Setter, blocks
from generator.draw.fonts import FontBook
from generator.draw.kit import Kit
from generator.draw.scene import Text
from generator.layout.look import Box

WORDS = """\
# Your turn

1. **Draw** a tile and place it *beside* one you hold.
2. Seal a world of four elements: score **6**.
   Then draw again.

- [ ] Count your life tokens
- Pass the Oink to the left when the round ends, and say so aloud to the table.
"""
SIZE, LEAST = 3.2, 1.6  # mm
WIDE = Box(2.0, 3.0, 60.0, 200.0)  # room for every word at the style's size


@pytest.fixture
def fonts(shipped_game) -> FontBook:
    return Kit(shipped_game, DrawingMemo()).fonts


def _style(size: float = SIZE) -> FlowStyle:
    """The style at `size` as a shrinking flow scales it (the heading in proportion)."""
    return FlowStyle("body", "bold", "body_italic", "black", SIZE, SIZE * 1.08,
                     "#15141C", "#8A5A00").scaled(size)


def _bottom(fonts: FontBook, size: float, box: Box) -> float:
    return Setter(fonts, _style(size), {}).column(blocks(WORDS), box)[1]


def _fits(fonts: FontBook, size: float, box: Box) -> bool:
    return _bottom(fonts, size, box) + size * TAIL <= box.y + box.h + 1e-6


def test_the_words_shrink_to_the_largest_step_that_fits(fonts):
    at_size = _bottom(fonts, SIZE, WIDE)
    box = Box(WIDE.x, WIDE.y, WIDE.w, (at_size - WIDE.y) * 0.8)  # a fifth too short
    placed, size, over = Setter(fonts, _style(), {}).shrunk(blocks(WORDS), box, LEAST)
    assert not over and LEAST < size < SIZE
    assert _fits(fonts, size, box) and not _fits(fonts, size + STEP, box)
    # Set as a setter of that size sets them: every word, where it would stand.
    assert placed == Setter(fonts, _style(size), {}).column(blocks(WORDS), box)[0]
    words = [t.text for block in placed for t in block.items if isinstance(t, Text)]
    assert "Oink" in words and "aloud" in words


def test_words_that_overflow_at_the_least_size_are_set_at_it_and_said_to(fonts):
    box = Box(WIDE.x, WIDE.y, WIDE.w, 4.0)
    placed, size, over = Setter(fonts, _style(), {}).shrunk(blocks(WORDS), box, LEAST)
    assert over and size == LEAST
    assert placed == Setter(fonts, _style(LEAST), {}).column(blocks(WORDS), box)[0]


def test_a_shrinking_flow_measures_each_word_once(fonts, monkeypatch):
    """The sizes tried share the words' widths at size 1: the fonts are asked once a word
    (and once a tag label), not once a word a size tried."""
    asked: list[str] = []
    for name in ("width", "units"):
        method = getattr(FontBook, name)
        monkeypatch.setattr(FontBook, name, lambda self, text, *rest, _m=method:
                            asked.append(text) or _m(self, text, *rest))
    at_size = _bottom(fonts, SIZE, WIDE)
    asked.clear()
    box = Box(WIDE.x, WIDE.y, WIDE.w, (at_size - WIDE.y) * 0.8)
    Setter(fonts, _style(), {}).shrunk(blocks(WORDS), box, LEAST)
    assert len(asked) == len(set(asked))
