"""A TrueType file's tables, read straight from its bytes.

The build needs little of a font: a few numbers of its head, hhea, OS/2, post and name
tables, its character map, its advances, and its glyph records (to measure their ink
and to copy them into subsets). They are fixed-layout binary structures (the OpenType
specification, "Font tables"), so they are read here with `struct`, in a millisecond,
instead of parsing the font with a general library every run.

Every read is bounds-checked: a damaged or truncated file raises `Damaged`, which the
callers turn into an error naming the file.
"""

from __future__ import annotations

import struct
from array import array
from dataclasses import dataclass

Bytes = bytes | memoryview  # a font's bytes, or a table's view into them

TRUETYPE = (b"\x00\x01\x00\x00", b"true")  # the sfnt versions of TrueType outlines
COLLECTION = b"ttcf"
CFF = b"OTTO"
WEB_FONTS = {b"wOFF": "WOFF", b"wOF2": "WOFF2"}  # a font packed for the web, by signature
# The Unicode character maps, best first, as (platform, encoding): full Unicode before
# the Basic Multilingual Plane, Windows before the older Unicode platform's variants.
BEST_CMAPS = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


class Damaged(Exception):
    """The file is not what its own tables say (the message says where)."""


class NotTrueType(Exception):
    """The file is no TrueType font at all (the message says what it is instead)."""


@dataclass(frozen=True)
class Sfnt:
    """A font file's bytes and where each of its tables is in them."""

    data: memoryview  # the file's bytes, sliced without copying
    tables: dict[str, tuple[int, int]]  # tag -> (offset, length)

    def __contains__(self, tag: str) -> bool:
        return tag in self.tables

    def table(self, tag: str) -> memoryview:
        """The table's bytes, not copied (Damaged if the file has none)."""
        if tag not in self.tables:
            raise Damaged(f"it has no {tag} table")
        offset, length = self.tables[tag]
        return self.data[offset:offset + length]


def read_sfnt(data: bytes) -> Sfnt:
    """The table directory of a TrueType font (the first of a collection)."""
    start = 0
    if data[:4] == COLLECTION:
        start = unpack(">L", data, 12)[0]
    version = data[start:start + 4]
    if version == CFF:
        raise NotTrueType("it has PostScript (CFF) outlines; use a TrueType (.ttf) font")
    if version not in TRUETYPE:
        raise NotTrueType("it is not a TrueType font" + (" (the file is empty)" if not data
                                                         else ""))
    count = unpack(">H", data, start + 4)[0]
    tables = {}
    for index in range(count):
        tag, _, offset, length = unpack(">4sLLL", data, start + 12 + 16 * index)
        if offset + length > len(data):
            raise Damaged(f"its {tag.decode('latin-1')} table runs past the end of the file")
        tables[tag.decode("latin-1")] = (offset, length)
    return Sfnt(memoryview(data), tables)


def unpack(layout: str, data: Bytes, offset: int) -> tuple:
    """`struct.unpack_from`, with a short read as `Damaged`."""
    try:
        return struct.unpack_from(layout, data, offset)
    except struct.error:
        raise Damaged(f"a table ends early (at byte {offset})") from None


def glyph_count(font: Sfnt) -> int:
    """maxp's number of glyphs."""
    return unpack(">H", font.table("maxp"), 4)[0]


def units_per_em(font: Sfnt) -> int:
    return unpack(">H", font.table("head"), 18)[0]


def locations(font: Sfnt) -> array:
    """Each glyph's offset in glyf, and the end of the last (numGlyphs + 1 numbers),
    packed (a subset's source keeps them: tens of thousands of numbers a build)."""
    count = glyph_count(font) + 1
    loca = font.table("loca")
    if unpack(">h", font.table("head"), 50)[0]:
        return array("I", unpack(f">{count}L", loca, 0))
    return array("I", [2 * offset for offset in unpack(f">{count}H", loca, 0)])


def glyph_records(font: Sfnt) -> tuple[memoryview, array]:
    """The glyf table and the glyph locations in it."""
    return font.table("glyf"), locations(font)


def advances(font: Sfnt) -> tuple[list[int], list[int]]:
    """Each glyph's advance and left side bearing, in font units (the glyphs past hhea's
    number of metrics share the last advance)."""
    count = glyph_count(font)
    metrics = unpack(">H", font.table("hhea"), 34)[0]
    if not 0 < metrics <= count:
        raise Damaged(f"hhea says {metrics} metrics for {count} glyphs")
    hmtx = font.table("hmtx")
    pairs = unpack(f">{2 * metrics}h", hmtx, 0)
    widths = [w & 0xFFFF for w in pairs[0::2]]
    bearings = list(pairs[1::2]) + list(unpack(f">{count - metrics}h", hmtx, 4 * metrics))
    return widths + [widths[-1]] * (count - metrics), bearings


def metric(font: Sfnt, gid: int) -> tuple[int, int]:
    """One glyph's advance and left side bearing (see `advances`)."""
    metrics = unpack(">H", font.table("hhea"), 34)[0]
    if not 0 < metrics <= glyph_count(font):
        raise Damaged(f"hhea says {metrics} metrics for {glyph_count(font)} glyphs")
    hmtx = font.table("hmtx")
    if gid < metrics:
        return unpack(">Hh", hmtx, 4 * gid)
    return unpack(">H", hmtx, 4 * (metrics - 1))[0], unpack(">h", hmtx, 4 * metrics +
                                                              2 * (gid - metrics))[0]


def best_cmap(font: Sfnt) -> dict[int, int]:
    """code point -> glyph id from the best Unicode character map ({} if none)."""
    if "cmap" not in font:
        return {}
    cmap = font.table("cmap")
    count = unpack(">H", cmap, 2)[0]
    found: dict[tuple[int, int], int] = {}
    for index in range(count):
        platform, encoding, offset = unpack(">HHL", cmap, 4 + 8 * index)
        found.setdefault((platform, encoding), offset)
    for key in BEST_CMAPS:
        if key in found:
            return _subtable(cmap, found[key])
    return {}


def _subtable(cmap: Bytes, offset: int) -> dict[int, int]:
    kind = unpack(">H", cmap, offset)[0]
    if kind == 4:
        return _format_4(cmap, offset)
    if kind in (12, 13):
        groups = unpack(">L", cmap, offset + 12)[0]
        found = {}
        for index in range(groups):
            first, last, gid = unpack(">LLL", cmap, offset + 16 + 12 * index)
            for code in range(first, min(last, 0x10FFFF) + 1):
                found[code] = gid + (code - first if kind == 12 else 0)
        return found
    if kind == 6:
        first, count = unpack(">HH", cmap, offset + 6)
        return dict(zip(range(first, first + count), unpack(f">{count}H", cmap, offset + 10),
                        strict=True))
    if kind == 0:
        return dict(enumerate(unpack(">256B", cmap, offset + 6)))
    raise Damaged(f"its character map has format {kind}, which is not read here")


def _format_4(cmap: Bytes, offset: int) -> dict[int, int]:
    length, _, doubled = unpack(">HHH", cmap, offset + 2)
    segments = doubled // 2
    at = offset + 14
    ends = unpack(f">{segments}H", cmap, at)
    starts = unpack(f">{segments}H", cmap, at + 2 * segments + 2)
    deltas = unpack(f">{segments}h", cmap, at + 4 * segments + 2)
    ranges = unpack(f">{segments}H", cmap, at + 6 * segments + 2)
    # The glyph id array follows the range offsets, to the subtable's end; a range
    # offset counts from its own place, so segment i's first entry is at
    # i + offset / 2 - segments in the array.
    array_at = at + 8 * segments + 2
    ids = unpack(f">{max(0, (offset + length - array_at) // 2)}H", cmap, array_at)
    found: dict[int, int] = {}
    for i, (start, end, delta, rng) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
        end = min(end, 0xFFFE)  # 0xFFFF closes the map; it is never a character
        if rng == 0:
            found.update((code, (code + delta) & 0xFFFF) for code in range(start, end + 1))
            continue
        first = i + rng // 2 - segments
        if first < 0 or first + end - start >= len(ids):
            raise Damaged("its character map points past its glyph ids")
        found.update((code, (gid + delta) & 0xFFFF)
                     for code, gid in zip(range(start, end + 1),
                                          ids[first:first + end - start + 1], strict=True)
                     if gid)
    return {code: gid for code, gid in found.items() if gid}


def debug_name(font: Sfnt, name_id: int) -> str | None:
    """The name record `name_id`, in English when the font has it in English."""
    if "name" not in font:
        return None
    table = font.table("name")
    count, storage = unpack(">HH", table, 2)
    english, some = [], []
    for index in range(count):
        platform, encoding, language, nid, length, at = unpack(">6H", table, 6 + 12 * index)
        if nid != name_id:
            continue
        raw = bytes(table[storage + at:storage + at + length])
        text = _decoded(raw, platform, encoding)
        if text is None:
            continue
        some.append(text)
        if (platform, language) in ((1, 0), (3, 0x409)):
            english.append(text)
    found = english or some
    return found[0] if found else None


def _decoded(raw: bytes, platform: int, encoding: int) -> str | None:
    """A name record's text (None for an encoding not read here)."""
    codec = ("utf_16_be" if platform == 0 or (platform == 3 and encoding in (0, 1, 10))
             else "mac_roman" if (platform, encoding) == (1, 0) else None)
    if codec is None:
        return None
    try:
        return raw.decode(codec)
    except UnicodeDecodeError:
        return None


def fs_type(font: Sfnt) -> int | None:
    """OS/2's embedding licence bits (None without OS/2)."""
    return unpack(">H", font.table("OS/2"), 8)[0] if "OS/2" in font else None


def variable_default(font: Sfnt) -> tuple[tuple[tuple[str, float], ...], str | None] | None:
    """For a variable font (one with an fvar table), each axis with its default value
    and the name of the named instance at those values (None when none is); None for a
    font of one design. The default is what a reader of its glyf outlines draws."""
    if "fvar" not in font:
        return None
    fvar = font.table("fvar")
    start, _, count, size, instances, instance_size = unpack(">6H", fvar, 4)
    axes = []
    for index in range(count):
        tag, _, default = unpack(">4sll", fvar, start + size * index)
        axes.append((tag.decode("latin-1").strip(), default / 65536))
    at = start + size * count
    for index in range(instances):
        record = at + instance_size * index
        name_id = unpack(">H", fvar, record)[0]
        values = unpack(f">{count}l", fvar, record + 4)
        if all(value / 65536 == default for value, (_, default) in zip(values, axes,
                                                                       strict=True)):
            return tuple(axes), debug_name(font, name_id)
    return tuple(axes), None
