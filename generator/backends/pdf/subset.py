"""TrueType subsets for the PDFs' Type0 fonts (and the SVGs' @font-face), made with
fontTools' subsetter.

A subset holds glyph 0 (.notdef, with its outline: it draws the box for a character
the font lacks), the glyphs asked for, and the glyphs their composites are built
from, with their hinting. The subset keeps the font's glyph order (a glyph's new
index is its rank among the kept glyphs), so the caller gets back the map from each
original glyph id to its new index and writes the PDF's /CIDToGIDMap from it.

Equal inputs give equal bytes in every process: the head table keeps the source's
timestamps, byte for byte, instead of the time of the call, and the tables are
written in a fixed order.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import RenderError
from generator.load.fonts import DAMAGE, licence_refusal, quiet_fonttools

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

# The tables an embedded TrueType program keeps; everything else is dropped before the
# subsetter runs, so it neither spends time on them nor pulls in extra glyphs.
# - glyf, loca, head, hhea, hmtx, maxp: the outlines, where they are, and their
#   metrics; PDF 32000-1 (9.9) requires them in a FontFile2.
# - cvt , fpgm, prep: the hinting programs (also required there when the glyphs are
#   hinted), so small text prints and rasterises as the designer hinted it.
# - cmap, name, OS/2, post: not used through a CIDToGIDMap, but some consumers (font
#   repair in viewers, conversion to PostScript Type 42) expect them, and reportlab's
#   subsets carry the same four. They are cut down to the kept glyphs: cmap only maps
#   them, post has no glyph names (format 3), name keeps the English records 0-6.
# Dropped: the layout tables (GSUB, GPOS, GDEF, kern: the PDF positions every glyph
# itself), gasp, hdmx, VDMX, LTSH, DSIG and anything else a PDF reader never consults.
KEPT_TABLES = frozenset({
    "glyf", "loca", "head", "hhea", "hmtx", "maxp",
    "cvt ", "fpgm", "prep",
    "cmap", "name", "OS/2", "post",
})

_NAME = "g{}"  # a glyph's working name during the subset: its original id


def subset_program(path: Path, kept: list[int],
                   hinting: bool = True) -> tuple[bytes, dict[int, int]]:
    """The TrueType program of glyph 0, the glyph ids `kept` and their components.

    Without `hinting` (a screen's font, for an SVG: browsers hint for themselves) the
    hinting programs and instructions are left out, which halves a small subset.

    Returns the program's bytes and, for each id in `kept`, its glyph index in the
    subset. Raises RenderError if the file cannot be read, its licence forbids
    subsetting, or a glyph id is not in the font (the file changed since its
    metrics were read).
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RenderError(f"cannot subset the font {path}: {exc}") from None
    with quiet_fonttools():
        try:
            return _subset(data, kept, path, hinting)
        except _Refused as exc:
            raise RenderError(f"cannot subset the font {path}: {exc}") from None
        except _subset_errors() as exc:
            reason = f"its data is damaged ({type(exc).__name__}: {exc})"
            raise RenderError(f"cannot subset the font {path}: {reason}") from None


class _Refused(Exception):
    """Why this font cannot be subset, in a few words for the user."""


def _subset(data: bytes, kept: list[int], path: Path,
            hinting: bool) -> tuple[bytes, dict[int, int]]:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # A fresh parse every time: the subsetter rewrites the font it is given, so the
    # fonts cached by generator.load.fontfile must never reach it. Parsing is lazy
    # and cheap; the cost is in the subsetting.
    # recalcTimestamp=False pins head.modified to the source's own value (by default
    # fontTools writes the time of the save, so no two runs would agree).
    # recalcBBoxes=False keeps the source's head/hhea/maxp bounds and maxima: true
    # bounds of a superset of the glyphs, and not recomputing them spares a pass over
    # every outline.
    font = TTFont(io.BytesIO(data), lazy=True, fontNumber=0,
                  recalcBBoxes=False, recalcTimestamp=False)
    if "glyf" not in font:
        raise _Refused("it has no TrueType outlines")
    refusal = licence_refusal(font)
    if refusal:
        raise _Refused(refusal)
    num_glyphs = font["maxp"].numGlyphs
    missing = [gid for gid in kept if not 0 <= gid < num_glyphs]
    if missing:
        raise _Refused(f"it has no glyph {missing[0]}; did {path.name} change since it was read?")
    _name_glyphs_by_id(font, num_glyphs)
    _drop_tables(font)
    subsetter = subset.Subsetter(_options(font, hinting))
    subsetter.populate(glyphs=[_NAME.format(gid) for gid in (0, *kept)])
    subsetter.subset(font)
    _pin_timestamps(font)
    # A glyph keeps its name through the subset; its new index is its place there.
    new_index = font.getReverseGlyphMap(rebuild=True)
    mapping = {gid: new_index[_NAME.format(gid)] for gid in kept}
    out = io.BytesIO()
    font.save(out)
    return out.getvalue(), mapping


def _name_glyphs_by_id(font: TTFont, num_glyphs: int) -> None:
    """Name every glyph after its id, and give the font a name-less post table (format 3).

    fontTools works by glyph name, and would otherwise read all of them from post
    (format 2) or invent them from cmap (format 3): a third of the cost of a subset,
    for names the PDF never sees, since the subset's post has none. The post header
    (italic angle, underline, fixed pitch) is kept; its memory hints, which describe
    the whole font, are zeroed, as reportlab's subsets zero them.
    """
    from fontTools.ttLib import newTable

    font.setGlyphOrder([_NAME.format(gid) for gid in range(num_glyphs)])
    if "post" in font.reader:
        post = newTable("post")
        post.decompile(b"\x00\x03\x00\x00" + font.reader["post"][4:16] + bytes(16), font)
        font["post"] = post


def _pin_timestamps(font: TTFont) -> None:
    """Give the subset's head the source's created and modified stamps, byte for byte.

    With recalcTimestamp off fontTools does not stamp the time of the save, but it
    does reinterpret a stamp it finds implausible (Lato's 'created' is a Unix time
    where a Mac one belongs) and would write its own reading back; the source's bytes
    are what a subset of it should say.
    """
    head = font["head"]
    head.created, head.modified = struct.unpack_from(">QQ", font.reader["head"], 20)


def _drop_tables(font: TTFont) -> None:
    """Remove every table a PDF does not need, before the subsetter sees it."""
    for tag in list(font.keys()):
        if tag != "GlyphOrder" and tag not in KEPT_TABLES:
            del font[tag]


def _options(font: TTFont, hinting: bool):
    from fontTools import subset

    options = subset.Options()
    options.notdef_outline = True  # glyph 0 draws the box for a missing character
    options.hinting = hinting  # keep cvt/fpgm/prep and every glyph's instructions
    options.glyph_names = False  # post format 3: a PDF addresses glyphs by index
    options.layout_features = []  # no layout tables are left; nothing to close over
    options.layout_closure = False
    # OS/2's Unicode and code page bits are pruned to what the subset's cmap covers;
    # fontTools reads the cmap to do it, so a font without one keeps them as they are.
    options.prune_unicode_ranges = options.prune_codepage_ranges = "cmap" in font
    return options


def _subset_errors() -> tuple[type[Exception], ...]:
    """What fontTools raises on a file it cannot subset: its own error, and Python's."""
    from fontTools.ttLib import TTLibError

    return (TTLibError, *DAMAGE)
