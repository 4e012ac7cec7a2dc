"""Embedded TrueType fonts whose text encoding does not depend on the document.

reportlab numbers the glyphs of a TrueType subset in the order a document first uses
them, so the bytes of a drawing's text change with whatever was drawn before it. Here
every font is a Type0 font with /Identity-H, and text is written as the font file's
own glyph ids (CID = original glyph id): encoded text is a function of the font file
and the text alone, so a drawing's content stream can be cached and reused anywhere.
Each document then embeds one subset holding the union of the glyphs its drawings
use; a /CIDToGIDMap maps each original glyph id to its place in that subset.

The numbers all come from reportlab's own TrueType parser, so widths measured here
equal those reportlab measures for the same file elsewhere in the project.
"""

from __future__ import annotations

import hashlib
import struct
import threading
import zlib
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import RenderError

if TYPE_CHECKING:  # reportlab is imported when a font is read, not with this module: a
    # build whose fonts are remembered (the memo holds FaceMetrics) never needs it.
    from reportlab.pdfbase.ttfonts import TTFontFile

COMPRESSION = 6  # fixed, so equal inputs give equal bytes
_BFCHAR_CHUNK = 100  # the most entries a CMap's beginbfchar block may hold
_KEEP_PARSED = 8  # parsed font files kept per process (a build uses a handful)


@dataclass(frozen=True)
class FaceMetrics:
    """Everything the PDF writer needs of one TTF file, read once; picklable.

    Lengths are in 1/1000 em, as a PDF FontDescriptor wants them. `width_of` holds
    reportlab's own per-character widths, so `text_width` is one lookup a character and
    agrees with reportlab even where a damaged cmap maps a character twice.
    """

    ps_name: str  # PostScript name, without a subset tag
    glyph_of: dict[str, int]  # character -> original glyph id (only glyphs other than 0)
    advance: dict[int, float]  # original glyph id -> advance (glyph 0 and every mapped glyph)
    default_advance: float  # advance of glyph 0, used for characters the font lacks
    ascent: float
    descent: float
    cap_height: float
    bbox: tuple[float, float, float, float]
    italic_angle: float
    flags: int
    stem_v: float
    width_of: dict[str, float]  # character -> advance, exactly as reportlab measures it
    code_of: dict[int, int]  # original glyph id -> smallest code point mapped to it


def read_metrics(path: Path) -> FaceMetrics:
    """The metrics of the TTF at `path`; RenderError if it is missing or not a usable TTF."""
    face = _parsed(path)
    if face._full_font:
        # reportlab would embed such a font whole; a subset is what its licence forbids.
        raise RenderError(f"cannot read the font {path}: its licence forbids subsetting")
    return _metrics_of(face)


def text_width(metrics: FaceMetrics, text: str, size: float) -> float:
    """Width of `text` at `size`, equal to reportlab's stringWidth for the same file."""
    missing = repeat(metrics.default_advance, len(text))
    # Summed and scaled in the order reportlab's accelerator does, so the floats agree.
    return sum(map(metrics.width_of.get, text, missing)) * 0.001 * size


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


def font_objects(path: Path, metrics: FaceMetrics, gids: frozenset[int],
                 first: int) -> list[bytes]:
    """Bodies of the PDF objects of one Type0 font embedding exactly the glyphs `gids`.

    Object `first` is the Type0 font (the one a /Font resource names); the others
    follow as first+1, first+2, ... in the order returned: the CIDFontType2, its
    FontDescriptor, the FontFile2, the CIDToGIDMap and the ToUnicode CMap. Equal
    inputs give equal bytes. `metrics` must be those of the file at `path`.
    """
    used = sorted(gids)
    kept = [gid for gid in used if gid]  # glyph 0 is always the subset's first glyph
    name = _name(f"{subset_tag(metrics, gids)}+{metrics.ps_name}")
    program = _subset_program(path, metrics, kept)
    return [
        _type0(name, first),
        _cid_font(name, metrics, used, first),
        _descriptor(name, metrics, first),
        _stream(program, f" /Length1 {len(program)}"),
        _stream(_cid_to_gid(kept)),
        _stream(_to_unicode(metrics, kept)),
    ]


# Reading the font file


_parsed_files: dict[tuple[str, int, int], TTFontFile] = {}
_subset_lock = threading.Lock()  # makeSubset moves the parser's shared read position


def _parsed(path: Path) -> TTFontFile:
    """reportlab's parse of `path`, reused while the file is unchanged (a parse costs 3-4 ms)."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    try:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        face = _parsed_files.get(key)
        if face is None:
            # An open file, not a name: reportlab would search its own font folders
            # for a relative name that is missing here.
            with path.open("rb") as handle:
                face = TTFontFile(handle, charInfo=1, validate=0)
            while len(_parsed_files) >= _KEEP_PARSED:
                del _parsed_files[next(iter(_parsed_files))]
            _parsed_files[key] = face
        return face
    except (TTFError, OSError, ValueError, LookupError, struct.error) as exc:
        raise RenderError(f"cannot read the font {path}: {_reason(exc)}") from None


def _reason(exc: Exception) -> str:
    from reportlab.pdfbase.ttfonts import TTFError

    if isinstance(exc, TTFError | OSError):
        return str(exc)
    # The parser trips over damaged tables with bare Python errors.
    return f"its data is damaged ({type(exc).__name__}: {exc})"


def _metrics_of(face: TTFontFile) -> FaceMetrics:
    from reportlab.pdfbase.ttfonts import FF_NONSYMBOLIC, FF_SYMBOLIC

    glyph_of, code_of = _cmap_of(face)
    scale = face._pdfScale
    advance = {gid: float(scale(face.hmetrics[gid][0])) for gid in (0, *code_of)}
    return FaceMetrics(
        ps_name=face.name.decode("latin-1"),
        glyph_of=glyph_of,
        advance=advance,
        default_advance=float(face.defaultWidth),
        ascent=float(face.ascent),
        descent=float(face.descent),
        cap_height=float(face.capHeight),
        bbox=tuple(float(v) for v in face.bbox),
        italic_angle=float(face.italicAngle),
        # As reportlab marks its embedded TrueType subsets: symbolic, never non-symbolic.
        flags=(face.flags & ~FF_NONSYMBOLIC) | FF_SYMBOLIC,
        stem_v=float(face.stemV),
        width_of={chr(code): float(w) for code, w in sorted(face.charWidths.items())},
        code_of=code_of,
    )


def _cmap_of(face: TTFontFile) -> tuple[dict[str, int], dict[int, int]]:
    """(character -> glyph, glyph -> smallest code point) for glyphs the font really has."""
    glyph_of: dict[str, int] = {}
    code_of: dict[int, int] = {}
    for code, gid in sorted(face.charToGlyph.items()):
        if 0 < gid < face.numGlyphs:  # glyph 0 is the default; larger ids are cmap damage
            glyph_of[chr(code)] = gid
            code_of.setdefault(gid, code)
    return glyph_of, code_of


def _subset_program(path: Path, metrics: FaceMetrics, kept: list[int]) -> bytes:
    """The subset font program with glyph 0, then `kept` in order, then their components.

    makeSubset takes code points, not glyph ids: each glyph is asked for through the
    smallest code point that reaches it, so the subset's glyph i+1 is kept[i].
    """
    from reportlab.pdfbase.ttfonts import TTFError

    face = _parsed(path)
    try:
        codes = [metrics.code_of[gid] for gid in kept]
    except KeyError as exc:
        raise ValueError(f"glyph {exc} of {metrics.ps_name} has no character") from None
    if any(face.charToGlyph.get(code) != gid for code, gid in zip(codes, kept, strict=True)):
        raise RenderError(f"the font {path} changed since its metrics were read")
    try:
        with _subset_lock:
            return face.makeSubset(codes)
    except (TTFError, ValueError, LookupError, struct.error) as exc:
        raise RenderError(f"cannot subset the font {path}: {_reason(exc)}") from None


# Writing the PDF objects


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


def _cid_to_gid(kept: list[int]) -> bytes:
    """Two big-endian bytes per CID from 0 to the largest used: its glyph in the subset."""
    table = bytearray(2 * (max(kept, default=0) + 1))
    for new, old in enumerate(kept, start=1):
        table[2 * old:2 * old + 2] = new.to_bytes(2, "big")
    return bytes(table)


def _to_unicode(metrics: FaceMetrics, kept: list[int]) -> bytes:
    """A ToUnicode CMap from each used glyph id to its smallest code point (not .notdef)."""
    pairs = [f"<{gid:04X}> <{_utf16(metrics.code_of[gid])}>" for gid in kept]
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
