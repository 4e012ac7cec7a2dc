"""A reportlab canvas that keeps the drawing slots placed on it.

Imported only when a document is laid out: a build that links new drawings into a
remembered layout never loads reportlab's canvas.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from generator.core.errors import BudgetError
from generator.core.limits import PAGES
from generator.draw.scene import Scene


class SlotCanvas(Canvas):
    """A canvas with the slots `generator.backends.pdf.canvas.place` made on it, that
    refuses to lay out more pages than a PDF may hold (before any drawing is linked in,
    and before anything is written)."""

    def __init__(self, *args, what: str = "document", **kwargs):
        super().__init__(*args, **kwargs)
        self.what = what
        self.slots: dict[str, Scene] = {}  # slot name -> the scene that fills it
        self.slot_names: dict[tuple[str, str], str] = {}  # (scene name, digest) -> slot

    def showPage(self):
        """End the page; BudgetError past the pages a PDF may hold."""
        if PAGES.over(self.getPageNumber()):
            raise BudgetError(f"the {self.what} PDF would have more than {PAGES.value:,} "
                              "pages, the most one PDF may hold; print fewer items or copies")
        super().showPage()
