"""Embedded TrueType subsets for the PDFs: Type0 fonts whose text is the font's own glyph ids."""

from __future__ import annotations

import hashlib
import struct
import zlib
from itertools import repeat
from pathlib import Path

from generator.backends.pdf.glue import (
    forget_font,
    registered_data,
    registered_file,
    release_face,
)
from generator.backends.pdf.subset import subset_program
from generator.core.errors import RenderError
from generator.core.reading import Refused
from generator.draw.fonts import font_name
from generator.load.fonts import FaceMetrics, font_data
from generator.load.sfnt import Damaged

COMPRESSION = 6  # fixed, so equal inputs give equal bytes


_BFCHAR_CHUNK = 100  # the most entries a CMap's beginbfchar block may hold


def encode(metrics: FaceMetrics, text: str) -> tuple[str, frozenset[int]]:
    """The Tj operand for `text` (uppercase hex, two bytes a glyph) and the glyph ids used.

    Characters the font lacks become glyph 0, which draws the font's .notdef box.
    """
    gids = list(map(metrics.glyph_of.get, text, repeat(0, len(text))))
    packed = struct.pack(f">{len(gids)}H", *gids)
    return f"<{packed.hex().upper()}>", frozenset(gids)


def subset_tag(metrics: FaceMetrics, gids: frozenset[int]) -> str:
    """The six capital letters naming the subset of `gids`, the same in every run."""
    key = metrics.ps_name + ":" + ",".join(map(str, sorted(gids)))
    return "".join(chr(65 + b % 26) for b in hashlib.sha256(key.encode()).digest()[:6])


def font_objects(path: Path, metrics: FaceMetrics, gids: frozenset[int], first: int,
                 program: tuple[bytes, dict[int, int]] | None = None) -> list[bytes]:
    """Bodies of the PDF objects of one Type0 font embedding exactly the glyphs `gids`.

    Object `first` is the Type0 font (the one a /Font resource names); the others
    follow as first+1, first+2, ... in the order returned: the CIDFontType2, its
    FontDescriptor, the FontFile2, the CIDToGIDMap and the ToUnicode CMap. Equal
    inputs give equal bytes. `metrics` must be those of the file at `path`; `program`
    is its subset of `gids` (`subset_program`) when the caller already has it.
    """
    used = sorted(gids)
    kept = [gid for gid in used if gid]  # glyph 0 is always the subset's first glyph
    orphans = [gid for gid in kept if gid not in metrics.code_of]
    if orphans:  # text reaches glyphs through characters (`encode`): no other is asked for
        raise ValueError(f"glyph {orphans[0]} of {metrics.ps_name} has no character")
    name = _name(f"{subset_tag(metrics, gids)}+{metrics.ps_name}")
    subset, index_of = program or subset_program(path, kept, glyph_of=metrics.glyph_of)
    return [
        _type0(name, first),
        _cid_font(name, metrics, used, first),
        _descriptor(name, metrics, first),
        _stream(subset, f" /Length1 {len(subset)}"),
        _stream(_cid_to_gid(index_of)),
        _stream(_to_unicode(metrics, kept)),
    ]


def _type0(name: str, first: int) -> bytes:
    return (f"<< /Type /Font /Subtype /Type0 /BaseFont {name} /Encoding /Identity-H"
            f" /DescendantFonts [{first + 1} 0 R] /ToUnicode {first + 5} 0 R >>").encode()


def _cid_font(name: str, metrics: FaceMetrics, used: list[int], first: int) -> bytes:
    return (f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont {name}"
            " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
            f" /FontDescriptor {first + 2} 0 R /DW {_num(metrics.default_advance)}"
            f" /W [{_widths(metrics, used)}] /CIDToGIDMap {first + 4} 0 R >>").encode()


def _widths(metrics: FaceMetrics, used: list[int]) -> str:
    """The /W array's entries: each run of consecutive glyph ids as `first [w w ...]`."""
    runs: list[list[int]] = []
    for gid in used:
        if runs and runs[-1][-1] == gid - 1:
            runs[-1].append(gid)
        else:
            runs.append([gid])
    return " ".join(f"{run[0]} [{' '.join(_num(metrics.advance[g]) for g in run)}]"
                    for run in runs)


def _descriptor(name: str, metrics: FaceMetrics, first: int) -> bytes:
    bbox = " ".join(map(_num, metrics.bbox))
    return (f"<< /Type /FontDescriptor /FontName {name} /Flags {metrics.flags}"
            f" /FontBBox [{bbox}] /ItalicAngle {_num(metrics.italic_angle)}"
            f" /Ascent {_num(metrics.ascent)} /Descent {_num(metrics.descent)}"
            f" /CapHeight {_num(metrics.cap_height)} /StemV {_num(metrics.stem_v)}"
            f" /FontFile2 {first + 3} 0 R >>").encode()


def _cid_to_gid(index_of: dict[int, int]) -> bytes:
    """Two big-endian bytes per CID from 0 to the largest used: its glyph in the subset
    (CIDs the drawings never use, and CID 0, point at glyph 0)."""
    table = bytearray(2 * (max(index_of, default=0) + 1))
    for old, new in index_of.items():
        table[2 * old:2 * old + 2] = new.to_bytes(2, "big")
    return bytes(table)


def _to_unicode(metrics: FaceMetrics, kept: list[int]) -> bytes:
    """A ToUnicode CMap from each used glyph id to its smallest code point (not .notdef)."""
    # A glyph no character reaches (reached only by glyph id) has no text to give.
    pairs = [f"<{gid:04X}> <{_utf16(metrics.code_of[gid])}>" for gid in kept
             if gid in metrics.code_of]
    blocks = []
    for start in range(0, len(pairs), _BFCHAR_CHUNK):
        chunk = pairs[start:start + _BFCHAR_CHUNK]
        blocks.append(f"{len(chunk)} beginbfchar\n" + "\n".join(chunk) + "\nendbfchar")
    lines = [
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
        "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange", *blocks,
        "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end",
    ]
    return "\n".join(lines).encode()


def _utf16(code: int) -> str:
    # surrogatepass: a cmap may map a lone surrogate code point, which strict UTF-16 refuses.
    return chr(code).encode("utf-16-be", "surrogatepass").hex().upper()


def _stream(data: bytes, extra: str = "") -> bytes:
    packed = zlib.compress(data, COMPRESSION)
    head = f"<< /Length {len(packed)} /Filter /FlateDecode{extra} >>\nstream\n".encode()
    return head + packed + b"\nendstream"


def _name(text: str) -> str:
    """`text` as a PDF name, escaping what a name may not hold bare."""
    return "/" + "".join(ch if "!" <= ch <= "~" and ch not in "#/()<>[]{}%" else
                         "".join(f"#{b:02X}" for b in ch.encode()) for ch in text)


def _num(value: float) -> str:
    """A PDF number with every digit of `value` (PDF numbers have no exponent)."""
    if value == int(value):
        return str(int(value))
    text = repr(float(value))
    return text if "e" not in text else f"{value:.12f}".rstrip("0").rstrip(".")


def register(role: str, path: Path) -> str:
    """Register a role's TTF with reportlab (once per file as it is) and return its
    font name.

    reportlab's font registry is global; asking it which file a name holds (rather than
    keeping a copy of that here) lets a different file under the same role (another
    content folder, in the same process) take the name over, and the same file changed
    since (a font edited while `tkg watch` runs) be read again.
    """
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    name = font_name(role)
    held = registered_file(name)
    try:
        data = font_data(path)  # the file as it is now: the same object until it changes
        if held != str(path) or registered_data(name) is not data:
            if held is not None:  # another file of the role (another language's, say)
                forget_font(name)
            font = TTFont(name, _Held(data, str(path)))
            release_face(font.face.name, str(path), data)
            pdfmetrics.registerFont(font)
    except (TTFError, OSError, Refused, Damaged) as exc:
        raise RenderError(f"cannot read the font {path}: {exc}") from None
    return name


class _Held:
    """A font file this process holds (`font_data`), as reportlab reads a file: it
    keeps what `read` returns, the very bytes, not a copy of them."""

    def __init__(self, data: bytes, name: str) -> None:
        self.data, self.name = data, name

    def read(self) -> bytes:
        """The file's bytes."""
        return self.data
