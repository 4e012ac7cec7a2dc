"""Everything the project takes from reportlab beyond its documented API, in one place.

reportlab is pinned below 6 in pyproject.toml; tests/backends/test_reportlab_glue.py
fails loudly when a reportlab release changes what is used here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager


def form_numbers(canvas, names: Iterable[str]) -> dict[str, int]:
    """The PDF object number of each named form XObject of a saved canvas.

    reportlab keeps them in its document's private `idToObjectNumberAndVersion`, under
    the internal name `xObjectName` gives a form; there is no public way to ask.
    """
    from reportlab.pdfbase.pdfdoc import xObjectName

    numbers = canvas._doc.idToObjectNumberAndVersion
    return {name: numbers[xObjectName(name)][0] for name in names}


@contextmanager
def binary_streams() -> Iterator[None]:
    """Write streams zlib-compressed only, without reportlab's ASCII85 layer on top.

    ASCII85 makes files 25 % larger and, in reportlab's pure-Python encoder, was the
    slowest step of the whole build. The setting is global in reportlab, so it is put
    back afterwards: other documents made in the same process (the rulebook, laid out by
    platypus) keep their own bytes.
    """
    from reportlab import rl_config

    saved, rl_config.useA85 = rl_config.useA85, 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


def registered_file(name: str) -> str | None:
    """The TTF file reportlab holds under a font name (None if the name is free).

    A registered TrueType font keeps the file it was read from as `face.filename`.
    """
    return getattr(_registered_face(name), "filename", None)


def registered_data(name: str) -> bytes | None:
    """The bytes reportlab read for the TrueType font registered under a name (None if
    the name is free or holds no TrueType font)."""
    return getattr(_registered_face(name), "_ttf_data", None)


def _registered_face(name: str) -> object | None:
    from reportlab.pdfbase import pdfmetrics

    if name not in pdfmetrics.getRegisteredFontNames():
        return None
    return getattr(pdfmetrics.getFont(name), "face", None)


def forget_font(name: str) -> None:
    """Free a font name, so another file can be registered under it.

    reportlab keeps the first TrueType font registered under a name for the life of
    the process (`registerFont` ignores a second), and its registry is private. A build
    in two languages sets one role in two files (the French titles need accented
    letters); each document registers its own just before it is laid out.
    """
    from reportlab.pdfbase import pdfmetrics

    font = pdfmetrics._fonts.pop(name, None)
    if any(held is font for held in pdfmetrics._fonts.values()):
        return  # another role holds the same file: its face stays registered, shared
    faces = pdfmetrics._dynFaceNames
    for face in [face for face, held in faces.items() if held is font]:
        del faces[face]


def release_face(face: str, filename: str, data: bytes) -> None:
    """Let a font file, read as `data`, take a face name that another file holds, or
    the same file as it was before it changed.

    reportlab shares one font object per face name (the font's PostScript name): a
    file registered after another of the same name (a copy of the content folder
    elsewhere, built in the same process; the file itself, edited) would be drawn with
    the first one's font. The other's own font name keeps its font; only the sharing
    is undone."""
    from reportlab.pdfbase import pdfmetrics

    held = pdfmetrics._dynFaceNames.get(face)
    held_face = getattr(held, "face", None)
    if held is not None and (getattr(held_face, "filename", None) != filename
                             or getattr(held_face, "_ttf_data", None) is not data):
        del pdfmetrics._dynFaceNames[face]


def text_position(canvas) -> tuple[float, float]:
    """Where the text being drawn has got to (x, y), as seen from a paragraph's `onDraw`
    callback: reportlab's own table of contents reads the private `_curr_tx_info`."""
    info = canvas._curr_tx_info
    return info["cur_x"], info["cur_y"]


def build_then(doc, story: list, canvasmaker, last: Callable[[object], None]) -> None:
    """Build the platypus `story` in one pass, call `last(canvas)` once every page is
    laid out and before the file is saved (forms placed on earlier pages can still be
    drawn then), and save.

    A document template saves its canvas at the end of `build` unless its private
    `_doSave` says not to.
    """
    doc._doSave = 0
    doc.build(story, canvasmaker=canvasmaker)
    last(doc.canv)
    doc.canv.save()
