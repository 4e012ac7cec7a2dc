"""A reproducible PDF canvas in memory: fixed metadata, no timestamps, fonts embedded.

Every PDF of the build is made with `pdf_document`, so two builds of the same
content give byte-identical files (reportlab's `invariant` mode fixes the dates and
the document id).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import contextmanager

from generator.errors import RenderError
from generator.model import Game
from generator.render.fonts import register


@contextmanager
def pdf_document(game: Game, what: str, result: list):
    """Yield a canvas; on exit append (bytes, pages) to `result`.

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
    result.append((buffer.getvalue(), pages))


def render_pdf(game: Game, what: str, draw: Callable) -> tuple[bytes, int]:
    """Run `draw(canvas)` on a fresh document; return its bytes and page count."""
    result: list = []
    with pdf_document(game, what, result) as canvas:
        draw(canvas)
    return result[0]
