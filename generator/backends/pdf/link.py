"""Put drawings into a finished PDF: replace its placeholder forms, add the objects they need.

Every PDF of the build is made in two steps. reportlab lays out the pages with an
empty form XObject (a *slot*) wherever a drawing goes; `link` then swaps each slot's
object for the drawing's compiled form (`generator.backends.pdf.forms`) and appends the
fonts and images the drawings use. The first step does not depend on what the
drawings look like, only on their names and sizes, so a build can keep its result and
redo only the second step when a drawing changes. Both steps always run the same way,
so a file made from a kept first step is byte-identical to one made from scratch.

This reads only what reportlab writes: a classic cross-reference table with every
object written once, in number order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from generator.core.errors import RenderError


@dataclass(frozen=True)
class Base:
    """A laid-out PDF whose drawings are still empty slots."""

    data: bytes
    pages: int
    slots: tuple[tuple[str, int], ...]  # (slot name, object number of its empty form)

    @cached_property
    def table(self) -> tuple[list[int], int]:
        """Where objects 1..n start, and where the cross-reference table starts."""
        return _offsets(self.data)

    @property
    def size(self) -> int:
        """The number of the first free object (the trailer's /Size)."""
        return len(self.table[0]) + 1


_XREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_SIZE = re.compile(rb"/Size (\d+)")


def link(base: Base, forms: Mapping[int, bytes], appended: Sequence[bytes]) -> bytes:
    """The base with the objects in `forms` (by number) replaced and `appended` added.

    Appended objects are numbered from `base.size` on, in order; `forms` and
    `appended` are object bodies, referring to each other as "N 0 R".
    """
    data = base.data
    offsets, xref_at = base.table
    size = base.size
    chunks = [data[:offsets[0]]]
    ends = [*offsets[1:], xref_at]
    for number, (start, end) in enumerate(zip(offsets, ends, strict=True), start=1):
        body = forms.get(number)
        chunks.append(data[start:end] if body is None else _object(number, body))
    chunks += [_object(size + i, body) for i, body in enumerate(appended)]
    return _finish(chunks, data[xref_at:], size + len(appended))


def bodies(base: Base) -> Iterator[tuple[int, bytes]]:
    """Each object of the base, by number, as the body `link` takes (no `obj` line)."""
    data = base.data
    offsets, xref_at = base.table
    for number, (start, end) in enumerate(zip(offsets, [*offsets[1:], xref_at], strict=True),
                                          start=1):
        chunk = data[start:end].rstrip()
        head = b"%d 0 obj" % number
        if not (chunk.startswith(head) and chunk.endswith(b"endobj")):
            raise RenderError(f"internal error: PDF object {number} is not where its table says")
        yield number, chunk[len(head):-len(b"endobj")].strip(b"\n")


def _object(number: int, body: bytes) -> bytes:
    return b"%d 0 obj\n%s\nendobj\n" % (number, body)


def _offsets(data: bytes) -> tuple[list[int], int]:
    """Where objects 1..n start, and where the cross-reference table starts."""
    found = _XREF.search(data[-64:])
    if found is None:
        raise RenderError("internal error: a PDF from reportlab without a cross-reference table")
    xref_at = int(found.group(1))
    lines = data[xref_at:].split(b"\n", 3)
    first, count = (int(v) for v in lines[1].split())
    table = lines[2] + b"\n" + lines[3]
    if first != 0:
        raise RenderError("internal error: unexpected cross-reference section")
    entries = [table[i * 20:i * 20 + 20] for i in range(1, count)]
    offsets = [int(e[:10]) for e in entries]
    if offsets != sorted(offsets):
        raise RenderError("internal error: PDF objects are not in number order")
    return offsets, xref_at


def _finish(chunks: list[bytes], tail: bytes, size: int) -> bytes:
    """The objects, then a fresh cross-reference table and the old trailer with /Size."""
    offsets, at = [], 0
    for chunk in chunks:
        offsets.append(at)
        at += len(chunk)
    rows = [b"xref\n0 %d\n0000000000 65535 f \n" % size]
    rows += [b"%010d 00000 n \n" % o for o in offsets[1:]]
    trailer = tail[tail.index(b"trailer"):tail.rindex(b"startxref")]
    trailer = _SIZE.sub(b"/Size %d" % size, trailer, count=1)
    return b"".join([*chunks, *rows, trailer, b"startxref\n%d\n%%%%EOF\n" % at])
