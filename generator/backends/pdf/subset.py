"""TrueType subsets for the PDFs' Type0 fonts (and the SVGs' @font-face).

A subset holds glyph 0 (.notdef, with its outline: it draws the box for a character
the font lacks), the glyphs asked for, and the glyphs their composites are built
from, with their hinting. The subset keeps the font's glyph order (a glyph's new
index is its rank among the kept glyphs), so the caller gets back the map from each
original glyph id to its new index and writes the PDF's /CIDToGIDMap from it.

A subset is a new font file written from the source's tables (`generator.load.sfnt`):
the kept glyph records copied byte for byte (a composite's component ids renumbered),
their locations and metrics, and the source's other tables cut down to them. That
takes a millisecond where a general subsetter takes tens; a document asks for dozens.

Equal inputs give equal bytes in every process: nothing depends on the time of the
call (head keeps the source's timestamps byte for byte) and the tables are written in
tag order.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import RenderError
from generator.core.reading import Refused
from generator.load.fonts import DAMAGE, font_data, licence_refusal
from generator.load.sfnt import (
    Damaged,
    NotTrueType,
    Sfnt,
    best_cmap,
    glyph_count,
    glyph_records,
    metric,
    read_sfnt,
)

# The tables an embedded TrueType program keeps; every other table of the source is
# left out.
# - glyf, loca, head, hhea, hmtx, maxp: the outlines, where they are, and their
#   metrics; PDF 32000-1 (9.9) requires them in a FontFile2.
# - cvt , fpgm, prep: the hinting programs (also required there when the glyphs are
#   hinted), so small text prints and rasterises as the designer hinted it.
# - cmap, name, OS/2, post: not used through a CIDToGIDMap, but some consumers (font
#   repair in viewers, conversion to PostScript Type 42) expect them, and reportlab's
#   subsets carry the same four. They are cut down to the kept glyphs: cmap only maps
#   them, post has no glyph names (format 3), name keeps the English records 0-6.
# Left out: the layout tables (GSUB, GPOS, GDEF, kern: the PDF positions every glyph
# itself), gasp, hdmx, VDMX, LTSH, DSIG and anything else a PDF reader never consults.
KEPT_TABLES = frozenset({
    "glyf", "loca", "head", "hhea", "hmtx", "maxp",
    "cvt ", "fpgm", "prep",
    "cmap", "name", "OS/2", "post",
})
HINTING = ("cvt ", "fpgm", "prep")

# Composite glyph flags (the OpenType glyf table).
WORDS, SCALE, MORE, XY_SCALE, TWO_BY_TWO, INSTRUCTIONS = 0x1, 0x8, 0x20, 0x40, 0x80, 0x100


def subset_program(path: Path, kept: list[int], hinting: bool = True,
                   glyph_of: Mapping[str, int] | None = None) -> tuple[bytes, dict[int, int]]:
    """The TrueType program of glyph 0, the glyph ids `kept` and their components.

    Without `hinting` (a screen's font, for an SVG: browsers hint for themselves) the
    hinting programs and instructions are left out, which halves a small subset.
    `glyph_of` is the font's character map when the caller has it (its metrics'), so
    it is not read from the file again.

    Returns the program's bytes and, for each id in `kept`, its glyph index in the
    subset. Raises RenderError if the file cannot be read, its licence forbids
    subsetting, or a glyph id is not in the font (the file changed since its
    metrics were read).
    """
    try:
        info = path.stat()
        source = _source(path, info.st_size, info.st_mtime_ns)
        return _subset(source, kept, path, hinting, glyph_of)
    except (OSError, Refused, _Refused, Damaged, NotTrueType) as exc:
        raise RenderError(f"cannot subset the font {path}: {exc}") from None
    except DAMAGE as exc:
        reason = f"its data is damaged ({type(exc).__name__}: {exc})"
        raise RenderError(f"cannot subset the font {path}: {reason}") from None


class _Refused(Exception):
    """Why this font cannot be subset, in a few words for the user."""


@dataclass(frozen=True)
class _Source:
    """What every subset of one font file starts from, read from the file once."""

    font: Sfnt
    records: _Records
    metrics: _Metrics
    count: int  # glyphs in the font
    # The kept tables but glyf, loca and hmtx: name and post as every subset has them,
    # the others as in the file (cmap, head, hhea, maxp and OS/2 are patched per subset).
    tables: dict[str, bytes]
    sums: dict[str, int]  # the checksum of each of `tables`


# A pure function of the file's bytes, which (size, mtime) stand for: a document asks for
# dozens of subsets of each font.
@functools.lru_cache(maxsize=16)
def _source(path: Path, _size: int, _mtime_ns: int) -> _Source:
    font = read_sfnt(font_data(path))
    if "glyf" not in font:
        raise _Refused("it has no TrueType outlines")
    refusal = licence_refusal(font)
    if refusal:
        raise _Refused(refusal)
    tables = {tag: bytes(font.table(tag)) for tag in KEPT_TABLES - {"glyf", "loca", "hmtx"}
              if tag in font}
    if "name" in tables:
        tables["name"] = _names(tables["name"])
    if "post" in tables:
        # Format 3: no glyph names. The header (italic angle, underline, fixed pitch) is
        # kept; its memory hints, which describe the whole font, are zeroed.
        tables["post"] = b"\x00\x03\x00\x00" + tables["post"][4:16] + bytes(16)
    sums = {tag: _checksum(body) for tag, body in tables.items()}
    return _Source(font, _Records(*glyph_records(font)), _Metrics(font), glyph_count(font),
                   tables, sums)


def _subset(source: _Source, kept: list[int], path: Path, hinting: bool,
            glyph_of: Mapping[str, int] | None) -> tuple[bytes, dict[int, int]]:
    count, records = source.count, source.records
    missing = [gid for gid in kept if not 0 <= gid < count]
    if missing:
        raise _Refused(f"it has no glyph {missing[0]}; did {path.name} change since it was read?")
    order = sorted(_closure(records, [0, *kept]))
    index = {gid: i for i, gid in enumerate(order)}
    glyphs = [_renumbered(records[gid], index, hinting) for gid in order]
    tables = dict(source.tables)
    if not hinting:
        for tag in HINTING:
            tables.pop(tag, None)
    new_glyf, loca, long_offsets = _glyf_and_loca(glyphs)
    tables.update(glyf=new_glyf, loca=loca,
                  hmtx=b"".join(source.metrics[gid] for gid in order),
                  head=_patched(tables["head"], (8, ">L", 0), (50, ">h", int(long_offsets))),
                  hhea=_patched(tables["hhea"], (34, ">H", len(order))),
                  maxp=_patched(tables["maxp"], (4, ">H", len(order))))
    if glyph_of is None:
        chars = {code: index[gid] for code, gid in best_cmap(source.font).items()
                 if gid in index}
    else:
        codes = _codes_by_glyph(_Same(glyph_of))
        chars = {code: index[gid] for gid in order for code in _each(codes.get(gid, ()))}
    if "cmap" in tables:
        tables["cmap"] = _cmap(chars)
    if "OS/2" in tables and chars:
        bmp = [code for code in chars if code <= 0xFFFF] or [0xFFFF]
        tables["OS/2"] = _patched(tables["OS/2"], (64, ">H", min(bmp)), (66, ">H", max(bmp)))
    known = {tag: sum_ for tag, sum_ in source.sums.items()
             if tables.get(tag) is source.tables[tag]}
    return _font_file(tables, known), {gid: index[gid] for gid in kept}


class _Same:
    """A mapping as a cache key: this very object, not an equal one (hashing a font's
    whole character map would cost what the cache saves). Held by the cache, the object
    lives as long as its entry, so its id names nothing else meanwhile."""

    __slots__ = ("mapping",)

    def __init__(self, mapping: Mapping):
        self.mapping = mapping

    def __hash__(self) -> int:
        return id(self.mapping)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.mapping is self.mapping


# A subset maps only its few dozen glyphs' characters: found by glyph, not by walking
# the font's whole character map (thousands of entries) for each of the dozens of
# subsets a document asks for.
@functools.lru_cache(maxsize=16)
def _codes_by_glyph(chars: _Same) -> dict[int, int | tuple[int, ...]]:
    """Each glyph's code point, from a character map (character -> glyph id); the few
    glyphs several characters share (a space and a no-break space) have a tuple."""
    found: dict[int, int | tuple[int, ...]] = {}
    for char, gid in chars.mapping.items():
        had = found.get(gid)
        found[gid] = ord(char) if had is None else (*_each(had), ord(char))
    return found


def _each(codes: int | tuple[int, ...]) -> tuple[int, ...]:
    return codes if isinstance(codes, tuple) else (codes,)


class _Metrics:
    """The source's hmtx records by glyph id, each a full metric (advance, left side
    bearing), packed as a subset's hmtx holds it the first time it is asked for."""

    def __init__(self, font: Sfnt):
        self.font = font
        self.packed: dict[int, bytes] = {}

    def __getitem__(self, gid: int) -> bytes:
        found = self.packed.get(gid)
        if found is None:
            found = self.packed[gid] = struct.pack(">Hh", *metric(self.font, gid))
        return found


class _Records:
    """The source's glyph records by id, sliced as they are asked for."""

    def __init__(self, glyf: memoryview, where: Sequence[int]):
        self.glyf, self.where = glyf, where

    def __getitem__(self, gid: int) -> bytes:
        start, end = self.where[gid], self.where[gid + 1]
        if end < start or end > len(self.glyf):
            raise Damaged(f"glyph {gid}'s record lies outside the glyf table")
        return bytes(self.glyf[start:end])


def _closure(records: _Records, gids: list[int]) -> set[int]:
    """`gids` and every glyph their composites are built from, at any depth."""
    found: set[int] = set()
    todo = list(gids)
    while todo:
        gid = todo.pop()
        if gid not in found:
            found.add(gid)
            todo += [part for _, part in _components(records[gid])]
    return found


def _components(record: bytes) -> list[tuple[int, int]]:
    """Where each component's glyph id is in a composite record, and the id ([] for a
    simple glyph)."""
    if len(record) < 10 or struct.unpack_from(">h", record, 0)[0] >= 0:
        return []
    found, at, flags = [], 10, MORE
    while flags & MORE:
        flags, gid = struct.unpack_from(">HH", record, at)
        found.append((at + 2, gid))
        at += 4 + (4 if flags & WORDS else 2)
        at += 8 if flags & TWO_BY_TWO else 4 if flags & XY_SCALE else 2 if flags & SCALE else 0
    return found


def _renumbered(record: bytes, index: dict[int, int], hinting: bool) -> bytes:
    """A kept glyph's record: its components' ids made the subset's, and without
    hinting, its instructions left out."""
    if len(record) < 10:
        return b""
    contours = struct.unpack_from(">h", record, 0)[0]
    if contours >= 0:
        return record if hinting else _simple_without_instructions(record, contours)
    out = bytearray(record)
    parts = _components(record)
    for at, gid in parts:
        struct.pack_into(">H", out, at, index[gid])
    if hinting:
        return bytes(out)
    last = parts[-1][0] - 2  # the last component's flags
    flags = struct.unpack_from(">H", out, last)[0]
    if not flags & INSTRUCTIONS:
        return bytes(out)
    struct.pack_into(">H", out, last, flags & ~INSTRUCTIONS)
    return bytes(out[:_composite_end(record, parts)])


def _composite_end(record: bytes, parts: list[tuple[int, int]]) -> int:
    """Where a composite's component list ends (its instructions start)."""
    at = parts[-1][0] - 2
    flags = struct.unpack_from(">H", record, at)[0]
    at += 4 + (4 if flags & WORDS else 2)
    return at + (8 if flags & TWO_BY_TWO else 4 if flags & XY_SCALE else 2 if flags & SCALE
                 else 0)


def _simple_without_instructions(record: bytes, contours: int) -> bytes:
    at = 10 + 2 * contours
    length = struct.unpack_from(">H", record, at)[0]
    return record[:at] + b"\x00\x00" + record[at + 2 + length:]


def _glyf_and_loca(glyphs: list[bytes]) -> tuple[bytes, bytes, bool]:
    """The glyf table (each record padded to four bytes), its loca, and whether loca
    needs long offsets."""
    padded = [g + bytes(-len(g) % 4) for g in glyphs]
    ends, at = [0], 0
    for g in padded:
        at += len(g)
        ends.append(at)
    long_offsets = at >= 0x20000
    loca = (struct.pack(f">{len(ends)}L", *ends) if long_offsets
            else struct.pack(f">{len(ends)}H", *(e // 2 for e in ends)))
    return b"".join(padded), loca, long_offsets


def _patched(table: bytes, *fields: tuple[int, str, int]) -> bytes:
    """A table with some fixed-place fields written anew: (offset, format, value)."""
    out = bytearray(table)
    for offset, layout, value in fields:
        struct.pack_into(layout, out, offset, value)
    return bytes(out)


def _cmap(chars: dict[int, int]) -> bytes:
    """A Windows Unicode character map of the kept characters: format 4 for the Basic
    Multilingual Plane, and format 12 beside it when a character lies beyond."""
    bmp = {code: gid for code, gid in chars.items() if code < 0xFFFF}
    subtables = [((3, 1), _format_4(bmp))]
    if len(bmp) < len(chars):
        subtables.append(((3, 10), _format_12(chars)))
    head = struct.pack(">HH", 0, len(subtables))
    at, records, bodies = 4 + 8 * len(subtables), [], []
    for (platform, encoding), body in subtables:
        records.append(struct.pack(">HHL", platform, encoding, at))
        bodies.append(body)
        at += len(body)
    return head + b"".join(records) + b"".join(bodies)


def _runs(chars: dict[int, int]) -> list[tuple[int, int, int]]:
    """(first code, last code, first glyph) of each run of consecutive codes mapped to
    consecutive glyphs."""
    runs: list[tuple[int, int, int]] = []
    for code, gid in sorted(chars.items()):
        if runs and code == runs[-1][1] + 1 and gid - code == runs[-1][2] - runs[-1][0]:
            runs[-1] = (runs[-1][0], code, runs[-1][2])
        else:
            runs.append((code, code, gid))
    return runs


def _format_4(chars: dict[int, int]) -> bytes:
    segments = [*_runs(chars), (0xFFFF, 0xFFFF, 0)]  # the closing segment
    count = len(segments)
    search = 2 * 2 ** (count.bit_length() - 1)
    ends = [last for _, last, _ in segments]
    starts = [first for first, _, _ in segments]
    deltas = [(gid - first) & 0xFFFF for first, _, gid in segments[:-1]] + [1]
    body = (struct.pack(f">{count}H", *ends) + b"\x00\x00" + struct.pack(f">{count}H", *starts)
            + struct.pack(f">{count}H", *deltas) + bytes(2 * count))
    length = 14 + len(body)
    header = struct.pack(">7H", 4, length, 0, 2 * count, search,
                         search.bit_length() - 2, 2 * count - search)
    return header + body


def _format_12(chars: dict[int, int]) -> bytes:
    groups = _runs(chars)
    body = b"".join(struct.pack(">LLL", first, last, gid) for first, last, gid in groups)
    return struct.pack(">HHLLL", 12, 0, 16 + len(body), 0, len(groups)) + body


def _names(table: bytes) -> bytes:
    """The name table cut to the Windows English Unicode records 0-6 (family, style,
    full and PostScript names, copyright, version), as fontTools' subsetter does."""
    count, storage = struct.unpack_from(">HH", table, 2)
    kept = []
    for index in range(count):
        platform, encoding, language, nid, length, at = struct.unpack_from(
            ">6H", table, 6 + 12 * index)
        if platform == 3 and encoding in (0, 1, 10) and language == 0x409 and nid <= 6:
            kept.append(((platform, encoding, language, nid),
                         table[storage + at:storage + at + length]))
    kept.sort()
    strings, records, at = [], [], 0
    for (platform, encoding, language, nid), text in kept:
        records.append(struct.pack(">6H", platform, encoding, language, nid, len(text), at))
        strings.append(text)
        at += len(text)
    return (struct.pack(">HHH", 0, len(kept), 6 + 12 * len(kept)) + b"".join(records)
            + b"".join(strings))


def _font_file(tables: dict[str, bytes], known: Mapping[str, int]) -> bytes:
    """The sfnt file of these tables: its directory, the tables in tag order (each
    padded to four bytes), and head's checksum adjustment for the whole file. `known`
    holds the checksums of tables whose bytes are the source's."""
    tags = sorted(tables)
    count = len(tags)
    search = 16 * 2 ** (count.bit_length() - 1)
    directory = [struct.pack(">4sHHHH", b"\x00\x01\x00\x00", count, search,
                             search.bit_length() - 5, 16 * count - search)]
    at, bodies, total = 12 + 16 * count, [], 0
    for tag in tags:
        body = tables[tag]
        checksum = known[tag] if tag in known else _checksum(body)
        total += checksum
        directory.append(struct.pack(">4sLLL", tag.encode("latin-1"), checksum, at,
                                     len(body)))
        padded = body + bytes(-len(body) % 4)
        bodies.append(padded)
        at += len(padded)
    heading = b"".join(directory)
    data = bytearray(heading + b"".join(bodies))
    head = 12 + 16 * count + sum(len(b) for b, t in zip(bodies, tags, strict=True)
                                 if t < "head")
    # Every table starts on a four-byte boundary and is padded to one, so the whole
    # file's checksum is the directory's plus the tables'.
    whole = _checksum(heading) + total
    struct.pack_into(">L", data, head + 8, (0xB1B0AFBA - whole) & 0xFFFFFFFF)
    return bytes(data)


def _checksum(data: bytes) -> int:
    padded = data + bytes(-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}L", padded)) & 0xFFFFFFFF
