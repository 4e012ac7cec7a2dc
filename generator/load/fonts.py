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

import struct
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import RenderError

if TYPE_CHECKING:  # reportlab is imported when a font is read, not with this module: a
    # build whose fonts are remembered (the memo holds FaceMetrics) never needs it.
    from reportlab.pdfbase.ttfonts import TTFontFile

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








# Reading the font file


_parsed_files: dict[tuple[str, int, int], TTFontFile] = {}


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




# Writing the PDF objects




















