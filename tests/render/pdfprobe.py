"""Helpers that read our PDFs back: form placements and embedded fonts."""

from __future__ import annotations

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 25.4 / 72


def placements(reader: PdfReader, page_index: int) -> list[tuple[str, float, float]]:
    """(form name, x mm, y mm) of every form drawn on a page, from its `cm` before `Do`."""
    page = reader.pages[page_index]
    ops = ContentStream(page.get_contents(), reader).operations
    found, last = [], (0.0, 0.0)
    for operands, op in ops:
        if op == b"cm":
            last = (float(operands[4]) * MM, float(operands[5]) * MM)
        elif op == b"Do":
            found.append((str(operands[0]).lstrip("/").removeprefix("FormXob."), *last))
    return found


def fonts(reader: PdfReader) -> dict[str, bool]:
    """Every font reachable from the pages (forms included): base name -> embedded?"""
    found: dict[str, bool] = {}
    seen: set[int] = set()

    def walk(resources):
        if resources is None or id(resources) in seen:
            return
        seen.add(id(resources))
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font.get("/BaseFont"))] = embedded
        for xobject in (resources.get("/XObject") or {}).values():
            walk(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found
