"""A reproducible PDF canvas in memory: fixed metadata, no timestamps, fonts embedded.

Every PDF of the build is made with `pdf_document`, so two builds of the same
content give byte-identical files (reportlab's `invariant` mode fixes the dates and
the document id). reportlab lays the pages out with empty slots for the drawings;
`linked_pdf` then fills them (`generator.backends.pdf.forms`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import replace

from generator.backends.pdf.canvas import FURNITURE, slots
from generator.backends.pdf.fonts import register
from generator.backends.pdf.forms import link_drawings
from generator.backends.pdf.link import Base
from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.core.model import Game
from generator.draw.scene import Scene, drawing_digest
from generator.load.digests import code_digest


@contextmanager
def pdf_document(game: Game, what: str, result: list):
    """Yield a canvas; on exit append its laid-out document and its slots to `result`.

    The title and subject carry the game's title, version and what the file holds.
    """
    from reportlab import rl_config

    # Binary (zlib-only) streams: ASCII85 on top makes files 25 % larger and, in
    # reportlab's pure-Python encoder, was the slowest step of the whole build. The
    # setting is global in reportlab, so it is restored afterwards: other documents
    # made in the same process (the rulebook) keep their own bytes.
    saved, rl_config.useA85 = rl_config.useA85, 0
    try:
        yield from _document(game, what, result)
    finally:
        rl_config.useA85 = saved


def _document(game: Game, what: str, result: list):
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    # The initial font is one of ours: reportlab would otherwise reference Helvetica,
    # a base-14 font that no PDF of ours may leave unembedded. There is no fallback:
    # the content schema requires every font role, so this is only reached by a game
    # made some other way.
    body = game.font("body")
    if body is None:
        raise RenderError(f"cannot make the {what} PDF: content/game.yaml names no body font "
                          "under fonts: (every PDF sets its text in the shipped fonts)")
    initial = register("body", body)
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=initial,
                    initialFontSize=9)
    canvas.setTitle(f"{game.title} — {what} (v{game.version})")
    canvas.setSubject(f"{game.title}, version {game.version}: {what}")
    canvas.setAuthor(game.title)
    canvas.setCreator("tkg (TKG ARENA print-and-play generator)")
    canvas.setKeywords(f"version {game.version}")
    yield canvas
    pages = canvas.getPageNumber() - 1
    canvas.save()
    result.append((laid_out(canvas, buffer.getvalue(), pages), slots(canvas)))


def laid_out(canvas, data: bytes, pages: int) -> Base:
    """The saved document of `canvas` as a base: its bytes and the object of each slot."""
    from reportlab.pdfbase.pdfdoc import xObjectName

    numbers = canvas._doc.idToObjectNumberAndVersion
    return Base(data, pages, tuple((slot, numbers[xObjectName(slot)][0])
                                   for slot in slots(canvas)))


def linked_pdf(lay_out: Callable[[], tuple[Base, dict[str, Scene]]], base_key: str | None = None,
               scenes: Sequence[Scene] = ()) -> tuple[bytes, int]:
    """The document `lay_out()` makes, drawings linked in; its bytes and page count.

    `lay_out` returns the laid-out document and the scene of each slot. With a
    `base_key` (a digest of everything the layout depends on: not what the drawings
    look like, only their names and sizes), the laid-out document is remembered
    between builds, and when the key matches, only the drawings are linked again,
    taken by name from `scenes`.
    """
    from generator.build.memo import MEMO

    if base_key is None:
        base, placed = lay_out()
        return link_drawings(base, placed), base.pages
    made: dict[str, Scene] = {}

    def make() -> tuple[Base, dict[str, Scene]]:
        base, placed = lay_out()
        made.update(placed)
        # Page furniture (cover text, sheet labels) is part of the layout: kept with it.
        return base, {slot: s for slot, s in placed.items() if slot.startswith(FURNITURE)}

    base, furniture = MEMO.get(digest("laid out", code_digest(), base_key), make)
    by_name = {**furniture, **{s.name: s for s in scenes}}
    for slot, scene in made.items():  # the key must name every piece the layout placed
        if slot in furniture:
            continue
        if slot not in by_name or drawing_digest(by_name[slot]) != drawing_digest(scene):
            raise RenderError(f"internal error: the drawing {slot!r} is not among the "
                              "scenes given with the layout's key")
    return link_drawings(base, by_name), base.pages


def layout_key(what: str, game: Game, scenes: Sequence[Scene], *extra: str) -> str:
    """A `base_key` for a document laid out from the game, the drawings and `extra`.

    It covers the whole game but for its tiles, which reach the pages only through
    their count and their drawings, and of the drawings only their names and sizes.
    """
    from generator.products.fingerprints import assets

    sizes = repr([(s.name, s.width, s.height, s.bleed) for s in scenes])
    return digest(what, *extra, repr(replace(game, tiles=())), str(len(game.tiles)), sizes,
                  *assets(game))


def render_pdf(game: Game, what: str, draw: Callable, base_key: str | None = None,
               scenes: Sequence[Scene] = ()) -> tuple[bytes, int]:
    """Run `draw(canvas)` on a fresh document; return its bytes and page count.

    With `base_key` and `scenes`, see `linked_pdf`: the layout is remembered.
    """
    def lay_out() -> tuple[Base, dict[str, Scene]]:
        result: list = []
        with pdf_document(game, what, result) as canvas:
            draw(canvas)
        return result[0]

    return linked_pdf(lay_out, base_key, scenes)
