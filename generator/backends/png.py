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
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from generator.backends.pdf.canvas import place
from generator.backends.pdf.document import layout_key, render_pdf
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.units import PT

# Slightly under the exact scale: PDFium rounds each side up to a whole pixel, and a side
# of exactly 825.0 px must not become 826 through the float error of 72/25.4.
SHAVE = 1 - 1e-9
COMPRESSION = 6  # zlib level of every PNG: pinned, so the bytes are too


def size_px(mm: float, dpi: float) -> int:
    """Pixels along a side of `mm` at `dpi`: rounded up to a whole pixel, as rendered."""
    return math.ceil(mm / 25.4 * dpi * SHAVE)


def rasters(kit: Kit, scenes: Sequence[Scene], dpi: float, transparent: bool = False) -> list:
    """Each scene (bleed included) as a Pillow image at `dpi`: RGB on white, or RGBA on
    a transparent ground with `transparent`."""
    if not scenes:  # a PDF of no pages is no PDF
        return []
    import pypdfium2 as pdfium  # loaded only when pictures are made

    data, _ = render_pdf(kit, "pictures", lambda canvas: _pages(canvas, scenes),
                         layout_key("pictures", kit, scenes), scenes)
    document = pdfium.PdfDocument(data)
    fill = (255, 255, 255, 0) if transparent else (255, 255, 255, 255)
    try:
        images = []
        for i in range(len(document)):
            bitmap = document[i].render(scale=dpi / 72 * SHAVE, fill_color=fill,
                                        rev_byteorder=True)
            images.append(bitmap.to_pil())
        return images
    finally:
        document.close()


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


def pngs(images: Sequence, dpi: float) -> list[bytes]:
    """Each image as PNG bytes (`png_bytes`), in order, on up to two cores.

    Compressing is most of a PNG's cost, and Pillow lets go of Python's lock while zlib
    works, so two threads do it twice as fast, with the same bytes, and no fork.
    """
    with ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        return list(pool.map(lambda image: png_bytes(image, dpi), images))
