"""A reportlab canvas that keeps the drawing slots placed on it.

Imported only when a document is laid out: a build that links new drawings into a
remembered layout never loads reportlab's canvas.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from generator.draw.scene import Scene


class SlotCanvas(Canvas):
    """A canvas with the slots `generator.backends.pdf.canvas.place` made on it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.slots: dict[str, Scene] = {}  # slot name -> the scene that fills it
        self.slot_names: dict[tuple[str, str], str] = {}  # (scene name, digest) -> slot
