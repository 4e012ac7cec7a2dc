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
from pathlib import Path

from generator.backends.pdf.canvas import FURNITURE
from generator.backends.pdf.fonts import register
from generator.backends.pdf.forms import link_drawings
from generator.backends.pdf.glue import binary_streams, form_numbers
from generator.backends.pdf.link import Base
from generator.backends.pdf.subset_tags import retag
from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.core.model import Game
from generator.core.paths import anchored_text
from generator.draw.anchors import moved_scene
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.load.digests import code_digest


@contextmanager
def pdf_document(game: Game, what: str, result: list):
    """Yield a canvas; on exit append its laid-out document and its slots to `result`.

    The title and subject carry the game's title, version and what the file holds.
    """
    with binary_streams():
        yield from _document(game, what, result)


def _document(game: Game, what: str, result: list):
    from generator.backends.pdf.slotcanvas import SlotCanvas

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
    # /Lang: the language of the document's words, for screen readers and hyphenation.
    canvas = SlotCanvas(buffer, invariant=1, pageCompression=1, initialFontName=initial,
                        initialFontSize=9, what=what, lang=game.words.language)
    title, subject = document_titles(game, what)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor(game.author)
    canvas.setCreator("tkg (TKG ARENA print-and-play generator)")
    canvas.setKeywords(game.words("version {version}").format(version=game.version))
    yield canvas
    pages = canvas.getPageNumber() - 1
    canvas.save()
    result.append((laid_out(canvas, buffer.getvalue(), pages), canvas.slots))


def document_titles(game: Game, what: str) -> tuple[str, str]:
    """A PDF's title and subject: the game's title and version, and what the file holds."""
    _ = game.words
    return (_("{title} — {what} (v{version})").format(title=game.title, what=what,
                                                      version=game.version),
            _("{title}, version {version}: {what}").format(title=game.title, what=what,
                                                           version=game.version))


def laid_out(canvas, data: bytes, pages: int) -> Base:
    """The saved document of `canvas` as a base: its bytes (each font subset named by
    a tag of its own) and the object of each slot."""
    numbers = form_numbers(canvas, canvas.slots)
    return Base(retag(data), pages, tuple((slot, numbers[slot]) for slot in canvas.slots))


def linked_pdf(lay_out: Callable[[], tuple[Base, dict[str, Scene]]], kit: Kit,
               base_key: str | None = None, scenes: Sequence[Scene] = ()) -> tuple[bytes, int]:
    """The document `lay_out()` makes, drawings linked in; its bytes and page count.

    `lay_out` returns the laid-out document and the scene of each slot. With a
    `base_key` (a digest of everything the layout depends on: not what the drawings
    look like, only their names and sizes), the laid-out document is kept in the
    build's memo (so remembered between builds), and when the key matches, only the
    drawings are linked again, taken by name from `scenes`.
    """
    if base_key is None:
        base, placed = lay_out()
        return link_drawings(base, placed, kit), base.pages
    made: dict[str, Scene] = {}

    def make() -> tuple[Base, dict[str, Scene], tuple[Path, ...]]:
        base, placed = lay_out()
        made.update(placed)
        # Page furniture (cover text, sheet labels) is part of the layout: kept with it,
        # and with the content folders its fonts lie in.
        return base, {slot: s for slot, s in placed.items() if slot.startswith(FURNITURE)}, \
            kit.game.resolved_dirs

    base, furniture, folders = kit.memo.get(_laid_out_key(base_key), make)
    if folders != kit.game.resolved_dirs:  # laid out in a copy of the project elsewhere
        furniture = {slot: moved_scene(s, folders, kit.game.resolved_dirs)
                     for slot, s in furniture.items()}
    by_name = {**furniture, **{s.name: s for s in scenes}}
    for slot, scene in made.items():  # the key must name every piece the layout placed
        if slot in furniture:
            continue
        if slot not in by_name or by_name[slot].digest != scene.digest:
            raise RenderError(f"internal error: the drawing {slot!r} is not among the "
                              "scenes given with the layout's key")
    return link_drawings(base, by_name, kit), base.pages


def layout_remembered(kit: Kit, base_key: str) -> bool:
    """Whether `linked_pdf` finds the document laid out under `base_key` in the memo
    (and only links drawings into it)."""
    return kit.memo.knows(_laid_out_key(base_key))


def _laid_out_key(base_key: str) -> str:
    return digest("laid out", code_digest(), base_key)


def layout_key(what: str, kit: Kit, scenes: Sequence[Scene], *extra: str) -> str:
    """A `base_key` for a document laid out from the game, the drawings and `extra`.

    It covers the whole game but for its tiles, which reach the pages only through
    their count, their copies and their drawings, and of the drawings only their names
    and sizes. The declared pieces are not in the game's repr (`Game.pieces`): what of
    them reaches a page's layout (their words on a cover, their items and copies) is
    named here; their fields reach only their drawings.
    """
    game = kit.game
    sizes = repr([(s.name, s.width, s.height, s.bleed) for s in scenes])
    pieces = repr([(k.name, k.title, k.about, k.bundle, [(i.id, i.copies) for i in k.items])
                   for k in game.pieces])
    # Where the content folders lie is left out: a copy of the project elsewhere lays
    # out the same pages (`linked_pdf` moves what it keeps of them).
    said = (*extra, repr(replace(game, tiles=())), pieces)
    return digest(what, *(anchored_text(text, game.resolved_dirs) for text in said),
                  str(len(game.tiles)), sizes, repr([t.copies for t in game.tiles]),
                  *kit.assets)


def render_pdf(kit: Kit, what: str, draw: Callable, base_key: str | None = None,
               scenes: Sequence[Scene] = ()) -> tuple[bytes, int]:
    """Run `draw(canvas)` on a fresh document; return its bytes and page count.

    With `base_key` and `scenes`, see `linked_pdf`: the layout is remembered.
    """
    def lay_out() -> tuple[Base, dict[str, Scene]]:
        result: list = []
        with pdf_document(kit.game, what, result) as canvas:
            draw(canvas)
        return result[0]

    return linked_pdf(lay_out, kit, base_key, scenes)
