"""The PDF content stream a drawing records (`generator.backends.pdf.ops`)."""

from __future__ import annotations

from generator.backends.pdf import ops
from generator.draw.scene import Ellipse, Rect, Style

RGB = ops.rgb


def test_each_colour_of_a_drawing_is_worked_out_once_however_many_shapes_use_it(
        monkeypatch):
    asked: list[str] = []

    def counted(colour: str) -> str:
        asked.append(colour)
        return RGB(colour)

    monkeypatch.setattr(ops, "rgb", counted)
    plate = Style(fill="#E8D8B0", stroke="#3A2A10", stroke_width=0.3)
    items = [Rect(i, 0, 5, 5, plate) for i in range(40)]
    items += [Ellipse(i, 9, 2, 2, Style(fill="#E8D8B0")) for i in range(40)]
    code = ops.record(items, metrics=None).code
    assert sorted(asked) == ["#3A2A10", "#E8D8B0"]
    # every shape still sets its colours, as rgb() writes them
    assert code.count(f"\n{RGB('#E8D8B0')} rg\n") == 80
    assert code.count(f"\n{RGB('#3A2A10')} RG ") == 40
