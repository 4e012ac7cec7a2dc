"""The cover's contents, laid out in the book's one pass.

reportlab's table of contents learns each chapter's page by laying out the whole book,
then lays it out again with the numbers in: two passes, half the rulebook's time. The
chapters are known before the layout (the story's first-level headings), so each line
is set at once with its title; what follows the title (the dot leader and the page
number) is a form placed there and drawn once the pass has put every chapter on its
page, before the file is saved. The lines look as reportlab's did: the same table, the
same styles, the leader ending at the number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from generator.backends.pdf.glue import text_position
from generator.core.errors import RenderError
from generator.products.rulebook.paragraph import Paragraph

DOT = " . "  # the leader, as reportlab's contents draws it
CALLBACK = "contents-line-end"


class Contents(Flowable):
    """The chapters' lines: each title links to its chapter, and is followed by a form
    (`contents-<n>`) for its leader and page number, drawn by `fill`."""

    def __init__(self, chapters: Sequence[tuple[str, str]], style, table_style: TableStyle):
        super().__init__()
        self.chapters = tuple(chapters)  # (title, bookmark key) in reading order
        self.style, self.table_style = style, table_style
        self.ends: dict[int, tuple[float, float]] = {}  # line -> where its title ends
        self.avail = 0.0
        self._table: Table | None = None

    def wrap(self, avail_width, avail_height):
        self.avail = avail_width
        titles = [Paragraph(f'<a href="#{key}">{escape(title)}</a>'
                            f'<onDraw name="{CALLBACK}" label="{n}"/>', self.style)
                  for n, (title, key) in enumerate(self.chapters)]
        rows: list[list[Flowable | str]] = [[title] for title in titles]
        if self.style.spaceBefore:  # as reportlab's: a spacer above each line
            rows = [row for line in rows for row in ([Spacer(1, self.style.spaceBefore)],
                                                      line)]
        self._table = Table(rows or [[""]], colWidths=(avail_width,), style=self.table_style)
        self.width, self.height = self._table.wrapOn(self.canv, avail_width, avail_height)
        return self.width, self.height

    def drawOn(self, canvas, x, y, _sW=0):
        canvas.setNamedCB(CALLBACK, self._line_end)
        assert self._table is not None, "platypus wraps a flowable before drawing it"
        self._table.drawOn(canvas, x, y, _sW)

    def _line_end(self, canvas, kind, label) -> None:
        """Where a title ends: place the form of its leader and number, and make the
        rest of the line a link to the chapter too."""
        n = int(label)
        x, y = text_position(canvas)
        self.ends[n] = (x, y)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.doForm(_form(n))
        canvas.restoreState()
        canvas.linkRect("", self.chapters[n][1], (x, y, self.avail, y + self.style.leading),
                        relative=1)

    def fill(self, canvas, pages: Mapping[str, int]) -> None:
        """Draw each line's form, now that every chapter is on its page."""
        style = self.style
        for n, (title, key) in enumerate(self.chapters):
            if key not in pages or n not in self.ends:
                raise RenderError(f"internal error: the contents' chapter {title!r} was not "
                                  "laid out")
            free = self.avail - self.ends[n][0]
            number = str(pages[key])
            size = style.fontSize
            while stringWidth(number, style.fontName, size) > free and size >= 1.0:
                size *= 0.9  # as reportlab's: shrink a number too long for its room
            number_w = stringWidth(number, style.fontName, size)
            dot_w = stringWidth(DOT, style.fontName, size)
            dots = max(int((free - number_w) / dot_w), 0)
            canvas.beginForm(_form(n), 0, -size, free, 2 * size)
            text = canvas.beginText(free - dots * dot_w - number_w, 0)
            text.setFont(style.fontName, size)
            text.setFillColor(style.textColor)
            text.textLine(dots * DOT + number)
            canvas.drawText(text)
            canvas.endForm()


def _form(n: int) -> str:
    return f"contents-{n}"
