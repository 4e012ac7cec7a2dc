"""The metrics of a TrueType font file, read from its tables (`generator.load.sfnt`).

Text is measured with these numbers (`generator.draw.fonts`), and the PDF backend
writes them into each embedded font (`generator.backends.pdf.fonts`). They are the
numbers reportlab's own reader gives for the same file (its scaling, its vertical
metrics, its descriptor flags), so text set by platypus in the rulebook and text set
in our drawings measure alike. The build keeps them in its memo (FaceMetrics pickles),
so a font is read once, not every run.
"""

from __future__ import annotations

import functools
import os
import struct
from array import array
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path

from generator.core.errors import RenderError
from generator.core.limits import FONT_BYTES
from generator.core.reading import read_file
from generator.load.files import FONT_SUFFIXES
from generator.load.sfnt import (
    CFF,
    WEB_FONTS,
    Damaged,
    NotTrueType,
    Sfnt,
    advances,
    best_cmap,
    debug_name,
    fs_type,
    glyph_count,
    glyph_records,
    read_sfnt,
    units_per_em,
    unpack,
)

# PDF FontDescriptor flags (PDF 32000-1, table 123).
FIXED_PITCH, SYMBOLIC, ITALIC, FORCE_BOLD = 1 << 0, 1 << 2, 1 << 6, 1 << 18
NEEDED = ("head", "hhea", "hmtx", "maxp", "cmap", "name", "post", "glyf", "loca")
# Errors a damaged table lets out of the readers, besides Damaged itself.
DAMAGE = (struct.error, ValueError, LookupError, EOFError, ArithmeticError)
EmBox = tuple[float, float, float, float]  # x0, y0, x1, y1 in ems, y up


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
    # The five tables above as the font units they are worked out from: what a pickle
    # of the metrics holds (see `__getstate__`)
    units: FontUnits = field(compare=False, repr=False)

    def __getstate__(self) -> dict[str, object]:
        """The metrics without their tables, which `units` packs: pickled, the tables'
        dictionaries took a megabyte for the shipped fonts, and unpickling them was
        the most of reading a build's memo."""
        return {name: value for name, value in self.__dict__.items() if name not in TABLES}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> dict:
        # The tables of metrics unpickled are worked out when one is first asked for: a
        # build that draws nothing in a font (an edit elsewhere) never makes them.
        units = self.__dict__.get("units")
        if name not in TABLES or units is None:
            raise AttributeError(name)
        for table, value in units.tables().items():
            object.__setattr__(self, table, value)
        return self.__dict__[name]


TABLES = ("glyph_of", "advance", "width_of", "code_of", "ink")


@dataclass(frozen=True)
class FontUnits:
    """A font's tables in its own units, packed: what the metrics' tables (`TABLES`)
    are worked out from, in their order, their numbers scaled as reportlab scales them."""

    per_em: int
    codes: array  # every code point of the character map, in order ('I')
    glyphs: array  # the glyph of each ('H'; 0 for one the font lacks)
    first_glyphs: array  # each glyph a code maps to, in the order first mapped ('H')
    first_codes: array  # the smallest code point mapped to each ('I')
    widths: array  # the advance of glyph 0, then of each of `first_glyphs` ('H')
    inked: array  # glyph 0 and the mapped glyphs that have an outline ('H')
    boxes: array  # each one's outline box, four numbers a glyph ('h')

    def tables(self) -> dict[str, dict]:
        """Every table (see FaceMetrics), by its name there. Each character, glyph id and
        number is one object however many tables hold it."""
        factor = 1000 / self.per_em  # reportlab's: x * (1000 / upm), not x * 1000 / upm
        scaled = {unit: float(unit * factor) for unit in set(self.widths)}
        firsts = list(self.first_glyphs)
        same = dict(zip(firsts, firsts, strict=True))
        same[0] = 0
        glyphs = list(map(same.__getitem__, self.glyphs))
        characters = list(map(chr, self.codes))
        advance = dict(zip((0, *firsts), map(scaled.__getitem__, self.widths), strict=True))
        ems = {unit: unit / self.per_em for unit in set(self.boxes)}
        numbers = map(ems.__getitem__, self.boxes)
        boxes = zip(numbers, numbers, numbers, numbers, strict=True)
        return {"glyph_of": {c: g for c, g in zip(characters, glyphs, strict=True) if g},
                "advance": advance,
                "width_of": dict(zip(characters, map(advance.__getitem__, glyphs),
                                     strict=True)),
                "code_of": dict(zip(firsts, self.first_codes, strict=True)),
                "ink": dict(zip(map(same.__getitem__, self.inked), boxes, strict=True))}


# How font makers name a licence file (any case): LICENSE.txt, LICENCE, OFL.txt (Google
# Fonts' downloads), UFL.txt (Ubuntu's fonts).
LICENCE_NAMES = ("license", "licence", "ofl", "ufl")


def font_licences(fonts) -> list[Path]:
    """The licence files that travel with `fonts` (TTF paths): beside each, a
    `LICENSE-<name>.txt` whose name starts its file's ("LICENSE-Lato.txt" for
    "Lato-Bold.ttf"), or a licence that names no font of the folder (LICENSE.txt,
    OFL.txt, LICENSE-OFL.txt: the folder's fonts share it)."""
    found: set[Path] = set()
    for font in fonts:
        folder = font.parent
        beside, licences = _font_folder(str(folder), folder.stat().st_mtime_ns)
        for licence in licences:
            named = Path(licence).stem.partition("-")[2]
            if font.name.startswith(named) or not any(f.startswith(named) for f in beside):
                found.add(folder / licence)
    return sorted(found)


@functools.lru_cache(maxsize=64)  # a folder's names, while nothing is added or removed
def _font_folder(folder: str, _mtime: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fonts of a folder, and its licence files, by name (every validation asks)."""
    names = sorted(os.listdir(folder))
    return (tuple(n for n in names if Path(n).suffix in FONT_SUFFIXES),
            tuple(n for n in names if n.lower().startswith(LICENCE_NAMES)
                  and os.path.isfile(os.path.join(folder, n))))


def read_metrics(path: Path) -> FaceMetrics:
    """The metrics of the TTF at `path`.

    Raises RenderError naming the file when it is missing, is not a TrueType font with
    outlines, is damaged, or its licence (OS/2 fsType) forbids the subsets a PDF embeds.
    """
    try:
        return _metrics_of(open_font(path))
    except (_Unusable, Damaged, NotTrueType) as exc:
        raise RenderError(f"cannot read the font {path}: {exc}") from None
    except (OSError, *DAMAGE) as exc:
        raise RenderError(f"cannot read the font {path}: {_reason(exc)}") from None


def text_width(metrics: FaceMetrics, text: str, size: float) -> float:
    """Width of `text` at `size` (the unit of `size`)."""
    return text_units(metrics, text) * size


def text_units(metrics: FaceMetrics, text: str) -> float:
    """Width of `text` at size 1: its width at any size is this times the size, the very
    float `text_width` gives (a flow that tries size after size measures a word once)."""
    missing = repeat(metrics.default_advance, len(text))
    # Summed, then scaled, in the order reportlab's accelerator does, so the floats agree.
    return sum(map(metrics.width_of.get, text, missing)) * 0.001


def font_data(path: Path) -> bytes:
    """The bytes of the font file at `path` as tkg reads and embeds it (Refused, OSError
    or Damaged if it cannot be read): the file's own, or for a web font or a font with
    PostScript outlines, the TrueType font made of it (`generator.load.truetype`). One
    object a process while the file stays as it is, however many read it (its metrics,
    its subsets, its copy in the output, the copies a forked worker hands back: see
    `read_font_files`). Its size and time of change stand for its bytes."""
    return _held(path)[0]


def shipped_font(path: Path) -> bytes:
    """The font file's own bytes, as the output's fonts/ folder copies it (a PostScript
    font as its foundry made it, not converted)."""
    return _held(path)[1]


def _held(path: Path) -> tuple[bytes, bytes]:
    path = Path(path)
    info = path.stat()
    key = (path, info.st_size, info.st_mtime_ns)
    held = _FONT_FILES.get(key)
    if held is None:
        data = read_file(path, None, FONT_BYTES)
        held = (_truetype_of(data) if data[:4] == CFF or data[:4] in WEB_FONTS else data,
                data)
        if len(_FONT_FILES) >= KEPT_FONT_FILES:  # the longest held goes
            del _FONT_FILES[next(iter(_FONT_FILES))]
        _FONT_FILES[key] = held
    return held


def _truetype_of(data: bytes) -> bytes:
    from generator.load.truetype import truetype_of  # (only for a font to convert)

    return truetype_of(data)


def read_font_files() -> tuple[bytes, ...]:
    """The font files this process holds (`font_data`, `shipped_font`): a forked worker
    has them too, so what it hands back can name them instead of copying them."""
    return tuple({id(data): data for held in _FONT_FILES.values() for data in held}.values())


# A pure function of the files' bytes, kept as the subsets' sources keep theirs
# (`generator.backends.pdf.subset`): a build reads each font for its metrics, its
# subsets and its copies, in every language that sets text in it.
KEPT_FONT_FILES = 16
_FONT_FILES: dict[tuple[Path, int, int], tuple[bytes, bytes]] = {}


def open_font(path: Path) -> Sfnt:
    """The TrueType font file at `path`, with the tables a PDF needs and a licence that
    allows embedding a subset (_Unusable, Damaged or NotTrueType else)."""
    font = read_sfnt(font_data(path))
    missing = [tag for tag in NEEDED if tag not in font]
    if missing:
        raise _Unusable(f"it has no {', '.join(missing)} table (a TrueType font needs them)")
    refusal = licence_refusal(font)
    if refusal:
        raise _Unusable(refusal)
    return font


def licence_refusal(font: Sfnt) -> str | None:
    """Why the font's licence forbids the PDFs' subsets; None when it allows them.

    OS/2 fsType: "restricted" (0x0002) forbids embedding unless a more permissive bit
    (0x0004 print, 0x0008 editable) is set too; 0x0100 forbids subsetting and 0x0200
    allows bitmaps only.
    """
    bits = fs_type(font)
    if bits is None:
        return None
    if (bits & 0x000E) == 0x0002 or bits & 0x0300:
        return f"its licence forbids embedding a subset of it (OS/2 fsType {bits:04X})"
    return None


class _Unusable(Exception):
    """Why a font file cannot be used, in a few words for the user."""


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return f"its data is damaged ({type(exc).__name__}: {exc})"


def _metrics_of(font: Sfnt) -> FaceMetrics:
    upm = units_per_em(font)
    if not upm:
        raise _Unusable("its head table says 0 units per em")
    factor = 1000 / upm  # reportlab's factor: x * (1000 / upm), not x * 1000 / upm

    def scale(value: float) -> float:
        return float(value * factor)

    weight, ascent, descent, cap_height = _vertical(font, scale)
    units = _units(font, upm)
    tables = units.tables()
    italic, fixed = _slant(font)
    x0, y0, x1, y1 = unpack(">4h", font.table("head"), 36)
    return FaceMetrics(
        ps_name=_ps_name(font), default_advance=tables["advance"][0], ascent=ascent,
        descent=descent, cap_height=cap_height,
        bbox=(scale(x0), scale(y0), scale(x1), scale(y1)),
        italic_angle=italic, flags=_flags(italic, weight, fixed),
        # A TrueType file has no stem width; estimated from the weight class, as
        # reportlab (after pdflib) does.
        stem_v=float(50 + int((weight / 65.0) ** 2)), units=units, **tables)


def _units(font: Sfnt, upm: int) -> FontUnits:
    """The font's character map, advances and outline boxes, in its units."""
    widths = advances(font)[0]
    chars = sorted(_characters(font).items())
    count = glyph_count(font)
    for _, gid in chars:
        if gid >= count:  # (a character of no glyph has no width either)
            raise IndexError(f"its character map names glyph {gid} of {count}")
    code_of: dict[int, int] = {}
    for code, gid in chars:
        if gid:  # glyph 0 is the default
            code_of.setdefault(gid, code)
    boxes = _ink_boxes(font, (0, *code_of))
    return FontUnits(upm, array("I", [c for c, _ in chars]), array("H", [g for _, g in chars]),
                     array("H", code_of), array("I", code_of.values()),
                     array("H", [widths[g] for g in (0, *code_of)]), array("H", boxes),
                     array("h", [n for box in boxes.values() for n in box]))


def _ink_boxes(font: Sfnt, glyphs) -> dict[int, tuple[int, int, int, int]]:
    """Each glyph's outline box in font units, from the head of its `glyf` record.

    Every TrueType glyph record starts with its contour count and its box, so the boxes
    are read without decoding any outline.
    """
    glyf, where = glyph_records(font)
    boxes = {}
    for gid in glyphs:
        start, end = where[gid], where[gid + 1]
        if end - start < 10:
            continue  # an empty record: a glyph without outline, like a space
        contours, x0, y0, x1, y1 = unpack(">5h", glyf, start)
        if contours:
            boxes[gid] = (x0, y0, x1, y1)
    return boxes


def _vertical(font: Sfnt, scale) -> tuple[int, float, float, float]:
    """(weight class, ascent, descent, cap height): the typographic ascender and
    descender of OS/2, its cap height from version 2 on (else the ascent); without
    OS/2 (old Apple fonts), the bounding box and a weight of 500."""
    if "OS/2" not in font:
        y_min, _, y_max = unpack(">hhh", font.table("head"), 38)
        return 500, scale(y_max), scale(y_min), scale(y_max)
    os2 = font.table("OS/2")
    version, weight = unpack(">H", os2, 0)[0], unpack(">H", os2, 4)[0]
    rise, fall = unpack(">hh", os2, 68)
    ascent = scale(rise)
    cap_height = scale(unpack(">h", os2, 88)[0]) if version > 1 else ascent
    return weight, ascent, scale(fall), cap_height


def _slant(font: Sfnt) -> tuple[float, bool]:
    """post's italic angle (16.16 fixed) and whether the font is fixed pitch."""
    post = font.table("post")
    return unpack(">l", post, 4)[0] / 65536, bool(unpack(">L", post, 12)[0])


def _characters(font: Sfnt) -> dict[int, int]:
    """code point -> glyph id from the font's best Unicode cmap.

    The no-break space takes the plain space's glyph (or the other way round when only
    it is there), as reportlab maps them: a designer's NBSP then never prints a box.
    """
    chars = best_cmap(font)
    for have, alias in ((0x20, 0xA0), (0xA0, 0x20)):
        if have in chars:
            chars[alias] = chars[have]
            break
    return chars


def _flags(italic_angle: float, weight: int, fixed: bool) -> int:
    """Descriptor flags of an embedded TrueType subset: always symbolic (its glyphs are
    named by id, not by a standard encoding), italic for any slant, force-bold from
    600 up, fixed-pitch when post says so."""
    flags = SYMBOLIC
    if italic_angle:
        flags |= ITALIC
    if weight >= 600:
        flags |= FORCE_BOLD
    if fixed:
        flags |= FIXED_PITCH
    return flags


def _ps_name(font: Sfnt) -> str:
    """The PostScript name (else the full name, else the family), spaces as hyphens."""
    name = next((n for n in (debug_name(font, i) for i in (6, 4, 1)) if n), None)
    if not name:
        raise _Unusable("it has no PostScript name")
    name = name.replace(" ", "-")
    if any(ord(ch) > 126 or ch in " [](){}<>/%" for ch in name):
        raise _Unusable(f"its PostScript name {name!r} holds characters a PDF name may not")
    return name
