"""The metrics of a TrueType font file, read with fontTools.

Text is measured with these numbers (`generator.draw.fonts`), and the PDF backend
writes them into each embedded font (`generator.backends.pdf.fonts`). They are the
numbers reportlab's own reader gives for the same file (its scaling, its vertical
metrics, its descriptor flags), so text set by platypus in the rulebook and text set
in our drawings measure alike.

A font is parsed lazily: only the tables read here are decompiled, never the outlines.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import RenderError

if TYPE_CHECKING:  # fontTools is imported when a font is read, not with this module: a
    # build whose fonts are remembered (the memo holds FaceMetrics) never needs it.
    from fontTools.ttLib import TTFont

# PDF FontDescriptor flags (PDF 32000-1, table 123).
FIXED_PITCH, SYMBOLIC, ITALIC, FORCE_BOLD = 1 << 0, 1 << 2, 1 << 6, 1 << 18
NEEDED = ("head", "hhea", "hmtx", "maxp", "cmap", "name", "post", "glyf")
# Errors a damaged table lets out of fontTools' parsers, besides its own TTLibError.
DAMAGE = (struct.error, ValueError, LookupError, AssertionError, EOFError, ArithmeticError)


@dataclass(frozen=True)
class FaceMetrics:
    """Everything the PDF writer needs of one TTF file, read once; picklable.

    Lengths are in 1/1000 em, as a PDF FontDescriptor wants them.
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
    width_of: dict[str, float]  # character -> advance, one lookup a character
    code_of: dict[int, int]  # original glyph id -> smallest code point mapped to it
    # glyph id -> outline box (x0, y0, x1, y1) in ems, y up, for glyph 0 and every mapped
    # glyph that has an outline: where text puts ink (`generator.draw.ink`)
    ink: dict[int, tuple[float, float, float, float]]


def read_metrics(path: Path) -> FaceMetrics:
    """The metrics of the TTF at `path`.

    Raises RenderError naming the file when it is missing, is not a TrueType font with
    outlines, is damaged, or its licence (OS/2 fsType) forbids the subsets a PDF embeds.
    """
    with quiet_fonttools():
        try:
            return _metrics_of(open_font(path))
        except _Unusable as exc:
            raise RenderError(f"cannot read the font {path}: {exc}") from None
        except (OSError, *DAMAGE) as exc:
            raise RenderError(f"cannot read the font {path}: {_reason(exc)}") from None
        except Exception as exc:  # fontTools' own TTLibError says what is wrong
            if type(exc).__name__ != "TTLibError":
                raise
            raise RenderError(f"cannot read the font {path}: {exc}") from None


def text_width(metrics: FaceMetrics, text: str, size: float) -> float:
    """Width of `text` at `size` (the unit of `size`)."""
    missing = repeat(metrics.default_advance, len(text))
    # Summed, then scaled, in the order reportlab's accelerator does, so the floats agree.
    return sum(map(metrics.width_of.get, text, missing)) * 0.001 * size


def open_font(path: Path) -> TTFont:
    """The font file at `path`, parsed lazily from its bytes (so no file stays open)."""
    import io

    from fontTools.ttLib import TTFont

    data = Path(path).read_bytes()
    if data[:4] == b"OTTO":
        raise _Unusable("it has PostScript (CFF) outlines; use a TrueType (.ttf) font")
    font = TTFont(io.BytesIO(data), lazy=True, recalcBBoxes=False, recalcTimestamp=False)
    missing = [tag for tag in NEEDED if tag not in font]
    if missing:
        raise _Unusable(f"it has no {', '.join(missing)} table (a TrueType font needs them)")
    # Glyphs named after their ids: fontTools would otherwise read every name from post
    # or invent it from cmap (most of the time of a read), for names nothing here uses.
    font.setGlyphOrder([f"g{gid}" for gid in range(font["maxp"].numGlyphs)])
    refusal = licence_refusal(font)
    if refusal:
        raise _Unusable(refusal)
    return font


def licence_refusal(font: TTFont) -> str | None:
    """Why the font's licence forbids the PDFs' subsets; None when it allows them.

    OS/2 fsType: "restricted" (0x0002) forbids embedding unless a more permissive bit
    (0x0004 print, 0x0008 editable) is set too; 0x0100 forbids subsetting and 0x0200
    allows bitmaps only.
    """
    if "OS/2" not in font:
        return None
    fs_type = font["OS/2"].fsType
    if (fs_type & 0x000E) == 0x0002 or fs_type & 0x0300:
        return f"its licence forbids embedding a subset of it (OS/2 fsType {fs_type:04X})"
    return None


@contextmanager
def quiet_fonttools() -> Iterator[None]:
    """fontTools' warnings off while it reads (Lato's timestamps, say): damage that
    matters is raised as a RenderError instead of a log line."""
    import logging  # loaded with fontTools, which logs through it

    logger = logging.getLogger("fontTools")
    saved = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(saved)


class _Unusable(Exception):
    """Why a font file cannot be used, in a few words for the user."""


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return f"its data is damaged ({type(exc).__name__}: {exc})"


def _metrics_of(font: TTFont) -> FaceMetrics:
    head = font["head"]
    if not head.unitsPerEm:
        raise _Unusable("its head table says 0 units per em")
    factor = 1000 / head.unitsPerEm  # reportlab's factor: x * (1000 / upm), not x * 1000 / upm

    def scale(value: float) -> float:
        return float(value * factor)

    weight, ascent, descent, cap_height = _vertical(font, scale)
    advance_of = _advances(font, scale)
    chars = _characters(font)
    glyph_of, code_of = _mapped(chars, font["maxp"].numGlyphs)
    italic = float(font["post"].italicAngle)
    return FaceMetrics(
        ps_name=_ps_name(font), glyph_of=glyph_of,
        advance={gid: advance_of(gid) for gid in (0, *code_of)},
        default_advance=advance_of(0), ascent=ascent, descent=descent, cap_height=cap_height,
        bbox=(scale(head.xMin), scale(head.yMin), scale(head.xMax), scale(head.yMax)),
        italic_angle=italic, flags=_flags(font, italic, weight),
        # A TrueType file has no stem width; estimated from the weight class, as
        # reportlab (after pdflib) does.
        stem_v=float(50 + int((weight / 65.0) ** 2)),
        width_of={chr(code): advance_of(gid) for code, gid in sorted(chars.items())},
        code_of=code_of, ink=_ink_boxes(font, (0, *code_of)))


def _ink_boxes(font: TTFont, glyphs) -> dict[int, tuple[float, float, float, float]]:
    """Each glyph's outline box in ems, from the head of its `glyf` record.

    Every TrueType glyph record starts with its contour count and its box, so the boxes
    are read from the raw table through `loca`, without decompiling any outline.
    """
    upm = font["head"].unitsPerEm
    long_offsets = font["head"].indexToLocFormat == 1
    loca, glyf = font.reader["loca"], font.reader["glyf"]
    width, code = (4, ">I") if long_offsets else (2, ">H")
    scale = 1 if long_offsets else 2  # short offsets count 16-bit words
    boxes = {}
    for gid in glyphs:
        at = gid * width
        if at + 2 * width > len(loca):
            continue
        start, end = (struct.unpack_from(code, loca, at + i * width)[0] * scale for i in (0, 1))
        if end - start < 10 or start + 10 > len(glyf):
            continue  # an empty record: a glyph without outline, like a space
        contours, x0, y0, x1, y1 = struct.unpack_from(">hhhhh", glyf, start)
        if contours:
            boxes[gid] = (x0 / upm, y0 / upm, x1 / upm, y1 / upm)
    return boxes


def _vertical(font: TTFont, scale) -> tuple[int, float, float, float]:
    """(weight class, ascent, descent, cap height): the typographic ascender and
    descender of OS/2, its cap height from version 2 on (else the ascent); without
    OS/2 (old Apple fonts), the bounding box and a weight of 500."""
    if "OS/2" not in font:
        head = font["head"]
        return 500, scale(head.yMax), scale(head.yMin), scale(head.yMax)
    os2 = font["OS/2"]
    ascent = scale(os2.sTypoAscender)
    cap_height = scale(os2.sCapHeight) if os2.version > 1 else ascent
    return os2.usWeightClass, ascent, scale(os2.sTypoDescender), cap_height


def _advances(font: TTFont, scale):
    """glyph id -> advance in 1/1000 em (glyphs past hhea's count share the last one)."""
    metrics = font["hmtx"].metrics
    return lambda gid: scale(metrics[f"g{gid}"][0])


def _characters(font: TTFont) -> dict[int, int]:
    """code point -> glyph id from the font's best Unicode cmap.

    The no-break space takes the plain space's glyph (or the other way round when only
    it is there), as reportlab maps them: a designer's NBSP then never prints a box.
    """
    cmap = font["cmap"].getBestCmap() or {}
    chars = {code: int(name[1:]) for code, name in cmap.items()}  # names are "g<id>"
    for have, alias in ((0x20, 0xA0), (0xA0, 0x20)):
        if have in chars:
            chars[alias] = chars[have]
            break
    return chars


def _mapped(chars: dict[int, int], count: int) -> tuple[dict[str, int], dict[int, int]]:
    """(character -> glyph, glyph -> smallest code point) for glyphs the font has."""
    glyph_of: dict[str, int] = {}
    code_of: dict[int, int] = {}
    for code, gid in sorted(chars.items()):
        if 0 < gid < count:  # glyph 0 is the default; larger ids are cmap damage
            glyph_of[chr(code)] = gid
            code_of.setdefault(gid, code)
    return glyph_of, code_of


def _flags(font: TTFont, italic_angle: float, weight: int) -> int:
    """Descriptor flags of an embedded TrueType subset: always symbolic (its glyphs are
    named by id, not by a standard encoding), italic for any slant, force-bold from
    600 up, fixed-pitch when post says so."""
    flags = SYMBOLIC
    if italic_angle:
        flags |= ITALIC
    if weight >= 600:
        flags |= FORCE_BOLD
    if font["post"].isFixedPitch:
        flags |= FIXED_PITCH
    return flags


def _ps_name(font: TTFont) -> str:
    """The PostScript name (else the full name, else the family), spaces as hyphens."""
    names = font["name"]
    name = next((n for n in (names.getDebugName(i) for i in (6, 4, 1)) if n), None)
    if not name:
        raise _Unusable("it has no PostScript name")
    name = name.replace(" ", "-")
    if any(ord(ch) > 126 or ch in " [](){}<>/%" for ch in name):
        raise _Unusable(f"its PostScript name {name!r} holds characters a PDF name may not")
    return name
