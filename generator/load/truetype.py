"""A font tkg does not read as it is, made the TrueType font the rest of tkg reads: a
web font (.woff, .woff2) unpacked, and a font with PostScript (CFF) outlines, an .otf as
most foundries ship them, made of the same glyphs, metrics and names, each cubic curve
of its outlines approximated by quadratic ones within a thousandth of an em (fontTools'
cu2qu), far below what a printer can show.

The PDFs embed subsets of that TrueType font, the SVGs too; the output's fonts/ folder
copies the file as it was shipped. Converting a font of some thousand glyphs takes a
second or so, so the result is kept in the user's cache under the digest of the file's
bytes and of what converts it, and read back from there afterwards.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from pathlib import Path

from generator.core.limits import FONT_BYTES
from generator.core.paths import keep_in_cache, user_cache
from generator.core.reading import Refused, read_kept
from generator.load.sfnt import TRUETYPE, WEB_FONTS, Damaged

FORMAT = 1  # how a font is converted below: a new way ignores the fonts kept before
KEPT_FILES = 16  # converted fonts kept in the user's cache
# maxp version 1.0 fields about TrueType instructions: a converted font has none.
NO_INSTRUCTIONS = ("maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                   "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions")


def truetype_of(data: bytes, folder: Path | None = None) -> bytes:
    """The TrueType font of a web font or a PostScript-outlined one (`data`), from the
    user's cache (`folder`, by default its fonts/) or converted and kept there. Raises
    Damaged when it cannot be unpacked or its outlines cannot be read."""
    import fontTools  # its version is part of what converts

    name = hashlib.sha256(b"%d %s " % (FORMAT, fontTools.version.encode()) + data)
    kept = (folder or user_cache() / "fonts") / f"{name.hexdigest()[:32]}.ttf"
    with contextlib.suppress(OSError, Refused):
        found = read_kept(kept)
        if found[:4] in TRUETYPE:
            return found
    made = converted(data)
    keep_in_cache(kept, made)
    _forget_oldest(kept.parent, KEPT_FILES)
    return made


def converted(data: bytes) -> bytes:
    """`data`'s font as TrueType: unpacked when it is a web font, its CFF table replaced
    by glyf and loca tables of the same glyphs when it has one (Damaged if fontTools
    cannot read it, or a web font would unpack past a font file's limit)."""
    import logging  # (only here: a build that converts nothing does not load it)

    from fontTools.ttLib import TTFont

    web = WEB_FONTS.get(data[:4])
    if web is not None:
        _unpacks_within_limit(data)
    told = logging.getLogger("fontTools")  # its modules' loggers take their level from it
    level = told.level
    told.setLevel(logging.CRITICAL + 1)  # its notes on odd values are not the user's
    try:
        font = TTFont(io.BytesIO(data), recalcTimestamp=False)  # reproducible bytes
        font.flavor = None  # saved as a plain font, not packed again
        if "CFF " in font or "CFF2" in font:
            _quadratic_outlines(font)
        out = io.BytesIO()
        font.save(out)
    # A damaged file makes fontTools' readers raise whatever they meet first (struct,
    # lookup, recursion and assertion errors among them): each means it cannot be read.
    except Exception as exc:
        raise Damaged(f"it cannot be unpacked as a web font ({web}: {exc})" if web else
                      f"its PostScript (CFF) outlines cannot be read ({exc})") from None
    finally:
        told.setLevel(level)
    return out.getvalue()


def _unpacks_within_limit(data: bytes) -> None:
    """Damaged when a web font's header says it unpacks to more than a font file may
    hold: a few packed bytes may claim gigabytes, and none is unpacked then."""
    if len(data) < 20:
        raise Damaged("it is too short to be a web font")
    total = int.from_bytes(data[16:20], "big")  # totalSfntSize, in WOFF and WOFF2 alike
    if FONT_BYTES.over(total):
        raise Damaged(f"it would unpack to {total:,} bytes, more than a font file may "
                      f"hold ({FONT_BYTES.value:,})")


def _quadratic_outlines(font) -> None:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order, drawn = font.getGlyphOrder(), font.getGlyphSet()
    error = font["head"].unitsPerEm / 1000
    glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, {}
    for name in order:
        pen = TTGlyphPen(None)
        # PostScript outlines turn the other way round: TrueType fills clockwise.
        drawn[name].draw(Cu2QuPen(pen, error, reverse_direction=True))
        glyf[name] = pen.glyph()
    font["glyf"], font["loca"] = glyf, newTable("loca")
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    maxp = font["maxp"]
    maxp.tableVersion, maxp.maxZones = 0x00010000, 1
    maxp.maxComponentElements = maxp.maxComponentDepth = 0
    for field in NO_INSTRUCTIONS:
        setattr(maxp, field, 0)
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}  # glyph names kept
    font.sfntVersion = "\x00\x01\x00\x00"


def _forget_oldest(folder: Path, kept: int) -> None:
    """Remove all but the `kept` converted fonts written last."""
    with contextlib.suppress(OSError):  # another command at work there: next time
        files = sorted(folder.glob("*.ttf"), key=lambda f: f.stat().st_mtime_ns,
                       reverse=True)
        for file in files[kept:]:
            file.unlink(missing_ok=True)
