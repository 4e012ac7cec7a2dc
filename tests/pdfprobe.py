"""Helpers that read our PDFs back: pixels, form placements and embedded fonts."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 25.4 / 72


def rasterise(pdf: Path, page: int, dpi: int):
    """One page as an RGB PIL image (pypdfium2, no anti-aliasing surprises between runs)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def page_texts(pdf: Path | bytes) -> list[str]:
    """Each page's text as PDFium reads it: some ten times quicker than pypdf's
    `extract_text`, which the suite spent some 160 s of its CPU in."""
    with contextlib.closing(each_page_text(pdf)) as texts:
        return list(texts)


def each_page_text(pdf: Path | bytes) -> Iterator[str]:
    """Each page's text as PDFium reads it, one page at a time (close the iterator to
    stop early)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for page in document:
            text = page.get_textpage()
            yield text.get_text_range()
            text.close()
            page.close()
    finally:
        document.close()


def scene_name(form: str) -> str:
    """The scene name inside a form name (`FormXob.<scene>`, `FormXob.<scene>.2` for a
    second drawing under the same name)."""
    return form.lstrip("/").removeprefix("FormXob.").split(".")[0]


def placements(reader: PdfReader, page_index: int) -> list[tuple[str, float, float]]:
    """(scene name, x mm, y mm) of every piece drawn on a page, from its `cm` before `Do`.

    Page furniture (the cover's text, a sheet's label: forms named `page-...`) is not
    a piece and is left out.
    """
    page = reader.pages[page_index]
    ops = ContentStream(page.get_contents(), reader).operations
    found, last = [], (0.0, 0.0)
    for operands, op in ops:
        if op == b"cm":
            last = (float(operands[4]) * MM, float(operands[5]) * MM)
        elif op == b"Do" and not scene_name(str(operands[0])).startswith("page-"):
            found.append((scene_name(str(operands[0])), *last))
    return found


def forms(reader: PdfReader) -> list[str]:
    """The names of every form XObject defined anywhere in the file (forms inside forms too)."""
    found: set[str] = set()

    def walk(resources):
        if resources is None:
            return
        for name, xobject in (resources.get_object().get("/XObject") or {}).items():
            xobject, name = xobject.get_object(), str(name).lstrip("/")
            if xobject.get("/Subtype") == "/Form" and name not in found:
                found.add(name)
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return sorted(found)


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
            # A Type0 (CID) font keeps its descriptor on its one descendant font.
            inner = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
                else font
            descriptor = inner.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font.get("/BaseFont"))] = embedded
        for xobject in (resources.get("/XObject") or {}).values():
            walk(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


WHERE = r"pages? (\d+)(?:–(\d+))?|(not in this file)"


def cover_text(reader: PdfReader) -> str:
    """The words of the bundle's cover, over every page it takes (it flows on when its
    checklist is long): the pages before the first sheet."""
    reader.stream.seek(0)
    words = []
    with contextlib.closing(each_page_text(reader.stream.read())) as texts:
        for text in texts:
            if " · sheet " in text:
                break
            words.append(text)
    return "\n".join(words)


def cover_rows(reader: PdfReader, names) -> dict[str, tuple[str, tuple[int, int] | None]]:
    """The checklist's rows the cover lists of `names`: name -> (its detail, its first
    and last page, or None when it says "not in this file"). A detail the cover wraps
    over lines is joined again."""
    import re

    lines = cover_text(reader).splitlines()
    rows = {}
    for i, line in enumerate(lines):
        if line not in names:
            continue
        end = next(j for j in range(i + 1, len(lines)) if re.fullmatch(WHERE, lines[j]))
        found = re.fullmatch(WHERE, lines[end])
        pages = None if found[3] else (int(found[1]), int(found[2] or found[1]))
        rows[line] = (" ".join(lines[i + 1:end]), pages)
    return rows


def images(pdf: Path) -> list:
    """Every image XObject of the PDF, on its pages and in its forms, each once."""
    found, seen = [], set()

    def walk(resources):
        for ref in (resources.get_object().get("/XObject") or {}).values() if resources else ():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Image":
                found.append(xobject)
            walk(xobject.get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found
