"""Font subsets: the kept glyphs with their outlines, advances, hinting and components,
read back with fontTools (an independent reader of what generator.backends.pdf.subset writes)."""

from __future__ import annotations

import hashlib
import io
import os
import struct
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from generator.backends.pdf.subset import KEPT_TABLES, subset_program
from generator.core.errors import RenderError
from generator.load.fonts import read_metrics as read_face
from tests.conftest import CONTENT, ROOT

FONTS = sorted((CONTENT / "fonts").glob("*.ttf"))
GARAMOND = CONTENT / "fonts" / "EBGaramond12-Regular.ttf"
LATO = CONTENT / "fonts" / "Lato-Regular.ttf"
# A document's usual glyphs: printable ASCII, typographic quotes and dashes, tile names.
EVERYDAY = "".join(map(chr, range(0x20, 0x7F))) + "‘’“”–—·…"
TEXT = EVERYDAY + "Ember Hollow Cinder Throne Tidewell Drowned Cathedral Åé«»"


def kept_for(path: Path, text: str) -> list[int]:
    glyph_of = read_face(path).glyph_of
    return sorted({glyph_of[ch] for ch in text if ch in glyph_of})


@cache
def source(path: Path) -> TTFont:
    """The whole source font, parsed once for all the comparisons."""
    return TTFont(path, lazy=False)


def parsed(program: bytes) -> TTFont:
    return TTFont(io.BytesIO(program))


def glyph(font: TTFont, gid: int):
    return font["glyf"][font.getGlyphOrder()[gid]]


def outline(font: TTFont, gid: int) -> tuple:
    """The glyph's flattened points (components placed), contour ends and on-curve flags."""
    coordinates, ends, flags = glyph(font, gid).getCoordinates(font["glyf"])
    return [tuple(point) for point in coordinates], list(ends), list(flags)


def advance(font: TTFont, gid: int) -> tuple[int, int]:
    return font["hmtx"][font.getGlyphOrder()[gid]]


def components(font: TTFont, gid: int) -> list[int]:
    """The glyph ids a composite glyph is built from, directly."""
    found = glyph(font, gid)
    if not found.isComposite():
        return []
    return [font.getGlyphID(part.glyphName) for part in found.components]


def closure(font: TTFont, gids: list[int]) -> set[int]:
    """`gids`, glyph 0 and every glyph their composites use, at any depth."""
    found, todo = set(), [0, *gids]
    while todo:
        gid = todo.pop()
        if gid not in found:
            found.add(gid)
            todo += components(font, gid)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_kept_glyphs_have_their_outlines_and_advances(path: Path):
    kept = kept_for(path, TEXT)
    program, mapping = subset_program(path, kept)
    original, subset = source(path), parsed(program)
    assert sorted(mapping) == kept
    for gid in (0, *kept):
        new = mapping.get(gid, 0)  # .notdef stays glyph 0, with its outline
        assert outline(subset, new) == outline(original, gid), gid
        assert advance(subset, new) == advance(original, gid), gid


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_subset_holds_exactly_the_closure_in_the_source_order(path: Path):
    kept = kept_for(path, TEXT)
    program, mapping = subset_program(path, kept)
    wanted = sorted(closure(source(path), kept))
    assert parsed(program)["maxp"].numGlyphs == len(wanted)
    assert mapping == {gid: wanted.index(gid) for gid in kept}


def test_composite_components_are_included_and_referenced(tmp_path):
    # "ĳ" is built from i and j, which are built from a dot and dotless forms: keep
    # only the ligature and the subset must bring its components at every depth.
    original = source(GARAMOND)
    (kept,) = kept_for(GARAMOND, "ĳ")
    parts = closure(original, [kept]) - {0, kept}
    assert any(components(original, part) for part in parts)  # a nested composite
    program, mapping = subset_program(GARAMOND, [kept])
    subset = parsed(program)
    order = sorted({0, kept, *parts})
    assert mapping == {kept: order.index(kept)}
    assert subset["maxp"].numGlyphs == len(order)
    for gid in order:
        new = order.index(gid)
        # Each reference points at the component's place in the subset...
        assert components(subset, new) == [order.index(c) for c in components(original, gid)]
        # ...and the placed outline is the original's.
        assert outline(subset, new) == outline(original, gid)


def test_hinting_is_kept():
    kept = kept_for(LATO, TEXT)
    program, mapping = subset_program(LATO, kept)
    original, subset = source(LATO), parsed(program)
    for tag in ("fpgm", "prep", "cvt "):
        assert subset.getTableData(tag) == original.getTableData(tag)
    programs = [bytecode(original, gid) for gid in kept]
    assert sum(map(bool, programs)) > len(kept) // 2  # the font is hinted
    assert [bytecode(subset, mapping[gid]) for gid in kept] == programs


def bytecode(font: TTFont, gid: int) -> bytes:
    """The glyph's hinting instructions (an empty glyph has none)."""
    program = getattr(glyph(font, gid), "program", None)
    return program.getBytecode() if program is not None else b""


@pytest.mark.parametrize("path", [GARAMOND, LATO], ids=lambda p: p.name)
def test_only_the_tables_a_pdf_needs(path: Path):
    program, _ = subset_program(path, kept_for(path, TEXT))
    subset = parsed(program)
    tags = set(subset.keys()) - {"GlyphOrder"}
    assert tags == KEPT_TABLES & set(source(path).keys())
    assert subset["post"].formatType == 3.0  # no glyph names
    assert subset["post"].italicAngle == source(path)["post"].italicAngle


def test_cmap_maps_the_kept_characters():
    kept = kept_for(LATO, "Seal")
    program, mapping = subset_program(LATO, kept)
    best = parsed(program).getBestCmap()
    face = read_face(LATO)
    for ch in "Seal":
        assert parsed(program).getGlyphID(best[ord(ch)]) == mapping[face.glyph_of[ch]]



def test_the_cmap_follows_the_character_map_given_each_time():
    # Each character map's glyphs are looked up once and remembered by the map itself:
    # another map, even one equal to it, is read afresh, so a subset never maps the
    # characters of a map given earlier.
    face = read_face(LATO)
    kept = kept_for(LATO, "Seal")
    given = dict(face.glyph_of)
    first, _ = subset_program(LATO, kept, glyph_of=given)
    assert first == subset_program(LATO, kept, glyph_of=dict(given))[0]
    moved = {**given, "Z": face.glyph_of["S"]}  # "Z" drawn as "S" from now on
    cmap = parsed(subset_program(LATO, kept, glyph_of=moved)[0]).getBestCmap()
    assert cmap[ord("Z")] == cmap[ord("S")]
    assert ord("Z") not in parsed(first).getBestCmap()
    assert parsed(subset_program(LATO, kept)[0]).getBestCmap() == parsed(first).getBestCmap()

@pytest.mark.parametrize("path", [GARAMOND, LATO], ids=lambda p: p.name)
def test_head_timestamps_are_the_sources_bytes(path: Path):
    # Not the time of the call, and not fontTools' reading of Lato's odd 'created'.
    program, _ = subset_program(path, kept_for(path, TEXT))
    stamps = slice(20, 36)  # created, modified: two 64-bit numbers
    original = TTFont(path).reader["head"][stamps]
    assert parsed(program).reader["head"][stamps] == original


def test_glyph_0_alone():
    program, mapping = subset_program(LATO, [])
    assert mapping == {}
    subset = parsed(program)
    assert subset["maxp"].numGlyphs == 1 + len(components(source(LATO), 0))
    assert outline(subset, 0) == outline(source(LATO), 0)


def test_a_screen_subset_has_neither_hinting_programs_nor_instructions():
    kept = kept_for(LATO, TEXT)
    program, mapping = subset_program(LATO, kept, hinting=False)
    original, subset = source(LATO), parsed(program)
    assert not {"cvt ", "fpgm", "prep"} & set(subset.keys())
    assert all(bytecode(subset, mapping[gid]) == b"" for gid in kept)
    for gid in kept:
        assert outline(subset, mapping[gid]) == outline(original, gid), gid
    assert len(program) < len(subset_program(LATO, kept)[0])


def test_a_screen_subset_of_a_composite_loses_only_its_instructions():
    (kept,) = kept_for(GARAMOND, "ĳ")
    program, mapping = subset_program(GARAMOND, [kept], hinting=False)
    subset = parsed(program)
    assert outline(subset, mapping[kept]) == outline(source(GARAMOND), kept)
    assert bytecode(subset, mapping[kept]) == b""


@pytest.mark.parametrize("hinting", [True, False])
@pytest.mark.parametrize("path", [GARAMOND, LATO], ids=lambda p: p.name)
def test_every_table_reads_back_and_every_checksum_holds(path: Path, hinting: bool):
    kept = kept_for(path, TEXT)
    program, mapping = subset_program(path, kept, hinting)
    subset = parsed(program)
    subset.ensureDecompiled()  # every table parses
    count, = struct.unpack_from(">H", program, 4)
    for index in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sLLL", program, 12 + 16 * index)
        body = bytearray(program[offset:offset + length])
        if tag == b"head":
            body[8:12] = bytes(4)  # the adjustment is left out of head's own sum
        assert checksum == _sum(bytes(body)), tag
    assert _sum(program) == 0xB1B0AFBA  # the whole file, adjustment included
    face = read_face(path)
    best = subset.getBestCmap()
    for ch in set(TEXT) & set(face.glyph_of):
        assert subset.getGlyphID(best[ord(ch)]) == mapping[face.glyph_of[ch]], ch


def _sum(data: bytes) -> int:
    padded = data + bytes(-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}L", padded)) & 0xFFFFFFFF


def test_a_large_subset_takes_long_glyph_offsets():
    kept = sorted(set(read_face(LATO).glyph_of.values()))
    program, mapping = subset_program(LATO, kept)
    subset = parsed(program)
    assert subset["head"].indexToLocFormat == 1  # more than 128 KB of outlines
    for gid in kept[::50]:
        assert outline(subset, mapping[gid]) == outline(source(LATO), gid)


def test_characters_beyond_the_basic_plane_keep_their_glyphs(tmp_path):
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    def square() -> object:
        pen = TTGlyphPen(None)
        pen.moveTo((100, 0)), pen.lineTo((100, 600)), pen.lineTo((500, 600)), pen.closePath()
        return pen.glyph()

    names = [".notdef", "A", "star"]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord("A"): "A", 0x1F31F: "star"})
    builder.setupGlyf({name: square() for name in names})
    builder.setupHorizontalMetrics({name: (600, 100) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Probe", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    path = tmp_path / "probe.ttf"
    builder.save(str(path))
    program, mapping = subset_program(path, [2])
    best = parsed(program).getBestCmap()
    assert parsed(program).getGlyphID(best[0x1F31F]) == mapping[2]
    assert 0x41 not in best  # only what was kept is mapped


# Equal inputs, equal bytes


_CHILD = """
import hashlib, sys
from pathlib import Path
from generator.backends.pdf.subset import subset_program
program, mapping = subset_program(Path(sys.argv[1]), [int(g) for g in sys.argv[2].split(",")])
print(hashlib.sha256(program).hexdigest(), sorted(mapping.items()))
"""


@pytest.mark.parametrize("path", [GARAMOND, LATO], ids=lambda p: p.name)
def test_same_bytes_in_other_processes(path: Path):
    kept = kept_for(path, TEXT)
    program, mapping = subset_program(path, kept)
    assert subset_program(path, kept) == (program, mapping)
    here = f"{hashlib.sha256(program).hexdigest()} {sorted(mapping.items())}"
    for seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1"}
        child = subprocess.run(
            [sys.executable, "-c", _CHILD, str(path), ",".join(map(str, kept))],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        assert child.stdout.strip() == here, seed


# Refusals


def test_unknown_glyph_is_a_render_error():
    count = source(LATO)["maxp"].numGlyphs
    with pytest.raises(RenderError, match=f"no glyph {count}"):
        subset_program(LATO, [3, count])


def test_licence_forbidding_subsets_is_refused(tmp_path):
    data = bytearray(LATO.read_bytes())
    tables = struct.unpack_from(">H", data, 4)[0]
    for index in range(tables):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * index)
        if tag == b"OS/2":
            data[offset + 8:offset + 10] = struct.pack(">H", 0x0100)
    target = tmp_path / "no-subsetting.ttf"
    target.write_bytes(bytes(data))
    with pytest.raises(RenderError, match="licence forbids embedding a subset"):
        subset_program(target, [3])


def test_text_file_is_a_render_error(tmp_path):
    target = tmp_path / "notes.ttf"
    target.write_text("not a font\n")
    with pytest.raises(RenderError, match=str(target)):
        subset_program(target, [3])
