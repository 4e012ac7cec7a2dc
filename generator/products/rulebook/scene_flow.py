"""A scene as a platypus flowable, scaled to fit the frame (never enlarged).

The drawing itself is `generator.backends.pdf.canvas.place`, which
turns each scene into a PDF form once per document, so figures in the rulebook
match the printed pieces stroke for stroke.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from generator.backends.pdf.canvas import place
from generator.draw.scene import Scene


class SceneFlowable(Flowable):
    """Draws a scene centred in the frame, as wide as fits up to its natural size."""

    def __init__(self, scene: Scene, max_width: float | None = None, space_before: float = 0):
        super().__init__()
        self.scene, self.space_before = scene, space_before
        self.natural = scene.width * mm
        # A figure is drawn at its natural size at most, unless a larger width is asked for.
        self.max_width = max_width or self.natural
        self.avail = self.natural

    def wrap(self, avail_width, avail_height):
        self.avail = avail_width
        k = min(avail_width, self.max_width) / self.natural
        self.width, self.height = self.natural * k, self.scene.height * mm * k
        return avail_width, self.height

    def getSpaceBefore(self) -> float:
        """Space above the picture (dropped at the top of a frame by platypus)."""
        return self.space_before

    def draw(self):
        place(self.canv, self.scene, (self.avail - self.width) / 2, 0, self.width / self.natural)


def scene_flowable(scene: Scene, max_width: float | None = None,
                   space_before: float = 0) -> SceneFlowable:
    """A flowable drawing the scene."""
    return SceneFlowable(scene, max_width, space_before)
