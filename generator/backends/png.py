"""Scenes -> pixels and PNG bytes, through the PDF backend and PDFium.

Each scene becomes one page of a PDF made exactly as the print-shop files are (the
same compiled drawings, the same embedded fonts); PDFium (pypdfium2), a kept rasteriser
that reads those PDFs as a printer's RIP would, turns each page into pixels. So a PNG
shows what the PDF prints, and nothing is rasterised by our own code. Pillow writes the
PNGs with fixed settings and no timestamp, so the same content gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager

from generator.backends.pdf.canvas import place
from generator.backends.pdf.document import layout_key, render_pdf
from generator.core.errors import BudgetError
from generator.core.interrupts import ctrl_c_held
from generator.core.limits import EXPORT_PIXELS
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.units import PT

# Slightly under the exact scale: PDFium rounds each side up to a whole pixel, and a side
# of exactly 825.0 px must not become 826 through the float error of 72/25.4.
SHAVE = 1 - 1e-9
COMPRESSION = 6  # zlib level of every PNG: pinned, so the bytes are too
COMPRESSING = 2  # pages compressed at once, while the next is rendered


def size_px(mm: float, dpi: float) -> int:
    """Pixels along a side of `mm` at `dpi`: rounded up to a whole pixel, as rendered."""
    return math.ceil(mm / 25.4 * dpi * SHAVE)


def rasters(kit: Kit, scenes: Sequence[Scene], dpi: float, transparent: bool = False) -> list:
    """Each scene (bleed included) as a Pillow image at `dpi`: RGB on white, or RGBA on
    a transparent ground with `transparent`."""
    with _pages_of(kit, scenes) as pages:
        return [_render(page, dpi, transparent) for page in pages]


def encoded(kit: Kit, scenes: Sequence[Scene], dpis: Sequence[float],
            transparent: bool = False) -> list[bytes]:
    """Each scene's PNG bytes (`png_bytes`) at its own resolution, in order.

    Pages are rendered here while the ones before are compressed on two threads
    (Pillow lets go of Python's lock while zlib works, so they overlap), and each page's
    pixels are let go once compressed: memory holds a few pages' pixels, never all.
    """
    refuse_large(scenes, dpis)
    out: list[bytes] = []
    waiting: deque[Future] = deque()
    with _pages_of(kit, scenes) as pages, ThreadPoolExecutor(max_workers=COMPRESSING) as pool:
        for page, dpi in zip(pages, dpis, strict=True):
            image = _render(page, dpi, transparent)
            # (the pool's and the futures' locks: taken with Ctrl-C held back)
            with ctrl_c_held():
                waiting.append(pool.submit(png_bytes, image, dpi))
            if len(waiting) == COMPRESSING:
                with ctrl_c_held():
                    out.append(waiting.popleft().result())
        while waiting:
            with ctrl_c_held():
                out.append(waiting.popleft().result())
    return out


def refuse_large(scenes: Sequence[Scene], dpis: Sequence[float]) -> None:
    """Raise BudgetError, before anything is rendered, for a scene of more pixels at its
    resolution than an exported image may have."""
    for scene, dpi in zip(scenes, dpis, strict=True):
        w, h = size_px(scene.width, dpi), size_px(scene.height, dpi)
        if EXPORT_PIXELS.over(w * h):
            most = int(dpi * math.sqrt(EXPORT_PIXELS.value / (w * h)))
            raise BudgetError(f"{scene.name} would be {w:,} x {h:,} px at {dpi:g} dpi: "
                              f"{EXPORT_PIXELS.says(w * h)}; build it with --dpi {most} or "
                              "less")


@contextmanager
def _pages_of(kit: Kit, scenes: Sequence[Scene]) -> Iterator[list]:
    """The scenes as the pages of one PDF, open in PDFium (made as the print files are)."""
    if not scenes:  # a PDF of no pages is no PDF
        yield []
        return
    import pypdfium2 as pdfium  # loaded only when pictures are made

    data, _ = render_pdf(kit, "pictures", lambda canvas: _pages(canvas, scenes),
                         layout_key("pictures", kit, scenes), scenes)
    document = pdfium.PdfDocument(data)
    try:
        yield [document[i] for i in range(len(document))]
    finally:
        document.close()


def _render(page, dpi: float, transparent: bool):
    fill = (255, 255, 255, 0) if transparent else (255, 255, 255, 255)
    bitmap = page.render(scale=dpi / 72 * SHAVE, fill_color=fill, rev_byteorder=True)
    return bitmap.to_pil()


def _pages(canvas, scenes: Sequence[Scene]) -> None:
    for scene in scenes:
        canvas.setPageSize((scene.width * PT, scene.height * PT))
        place(canvas, scene, 0, 0)
        canvas.showPage()


def png_bytes(image, dpi: float) -> bytes:
    """The image as PNG bytes, its resolution recorded (pHYs) for print shops."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESSION, dpi=(dpi, dpi))
    return out.getvalue()
