"""The rulebook's paragraph: platypus's, breaking its lines once for each width.

Filling a page, platypus asks a paragraph for its size two or three times at the same
width (a heading measured with what it keeps with, then placed; a column's foot tried,
then the next column), and each time it broke the lines again: about a tenth of a
clean build's CPU time. A paragraph's lines depend only on its words, its style and
the width, all fixed once it is made (a split makes new paragraphs), so the lines of
the last width asked are kept and handed back when the same width is asked again.
"""

from __future__ import annotations

from reportlab.platypus import paragraph

# What platypus's `wrap` (and the line breaking it calls) sets on the paragraph: the
# lines (`blPara`), the widths they were broken to, the size, the breaking's counts,
# and the words (a paragraph of several fonts keeps its words as broken, `frags`).
SET_BY_WRAP = ("width", "height", "blPara", "_wrapWidths", "_width_max",
               "_splitLongWordCount", "_hyphenations", "frags")


class Paragraph(paragraph.Paragraph):
    """A platypus paragraph that keeps the lines of the last width it was wrapped to."""

    def wrap(self, availWidth, availHeight):
        """The paragraph's size at `availWidth`, its lines broken again only for a new
        width (or new words or style, which platypus never gives it)."""
        kept = self.__dict__.get("_kept")
        if kept is not None and kept[0] == self._asked(availWidth):
            self.__dict__.update(kept[1])
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if "blPara" in self.__dict__ and self.__dict__.get("width") == availWidth:
            # (what is kept holds the words and the style: their ids stay theirs)
            self._kept = (self._asked(availWidth),
                          {name: self.__dict__[name] for name in SET_BY_WRAP
                           if name in self.__dict__})
        return size

    def _asked(self, width: float) -> tuple[float, int, int]:
        return width, id(self.frags), id(self.style)
