"""A font with PostScript (CFF) outlines, an .otf as most foundries ship them, is read,
measured, drawn and embedded as the TrueType font of the same glyphs, and copied into
the output as it was shipped."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fontTools.ttLib import TTFont

from generator.cli import cli
from tests.conftest import CONTENT, tkg_build
from tests.pdfprobe import fonts, rasterise

LATO = CONTENT / "fonts" / "Lato-Black.ttf"
# Latin letters, digits and the punctuation the shipped game's words use.
CHARACTERS = [*range(0x20, 0x180), 0xA0, 0x2013, 0x2014, 0x2019, 0x201C, 0x201D, 0x2022,
              0x2026, 0x2192, 0x2212]


def postscript_font(source: Path) -> bytes:
    """`source`'s glyphs of CHARACTERS as a font with CFF outlines (an .otf)."""
    from fontTools import subset
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    font = TTFont(source)
    options = subset.Options()
    options.layout_features, options.name_IDs, options.notdef_outline = [], ["*"], True
    cut = subset.Subsetter(options)
    cut.populate(unicodes=CHARACTERS)
    cut.subset(font)
    order, drawn, advances = font.getGlyphOrder(), font.getGlyphSet(), font["hmtx"]
    outlines = {}
    for name in order:
        pen = T2CharStringPen(advances[name][0], drawn)
        drawn[name].draw(pen)
        outlines[name] = pen.getCharString()
    made = FontBuilder(font["head"].unitsPerEm, isTTF=False)
    made.setupGlyphOrder(order)
    made.setupCharacterMap(font.getBestCmap())
    made.setupCFF("LatoHeavy-Black", {"FullName": "Lato Heavy Black"}, outlines, {})
    made.setupHorizontalMetrics({name: advances[name] for name in order})
    made.setupHorizontalHeader(ascent=font["hhea"].ascent, descent=font["hhea"].descent)
    made.setupNameTable({"familyName": "Lato Heavy", "styleName": "Black",
                         "psName": "LatoHeavy-Black", "licenseInfoURL": "https://openfontlicense.org"})
    os2 = font["OS/2"]
    made.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
                  usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent,
                  sCapHeight=os2.sCapHeight, sxHeight=os2.sxHeight, fsType=0)
    made.setupPost()
    made.updateHead(created=3_800_000_000, modified=3_800_000_000)
    out = io.BytesIO()
    made.save(out)
    return out.getvalue()


@pytest.fixture(scope="module")
def otf(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("otf") / "Lato-Heavy.otf"
    path.write_bytes(postscript_font(LATO))
    assert path.read_bytes()[:4] == b"OTTO"
    return path


@pytest.mark.slow  # the font is made for it: a second
def test_a_postscript_font_is_read_as_truetype_of_the_same_glyphs_and_metrics(otf):
    from generator.load.fonts import font_data, read_metrics

    data = font_data(otf)
    assert data[:4] == b"\x00\x01\x00\x00"
    converted, shipped = TTFont(io.BytesIO(data)), TTFont(otf)
    assert "glyf" in converted and "CFF " not in converted
    assert converted.getGlyphOrder() == shipped.getGlyphOrder()
    assert converted["hmtx"].metrics == shipped["hmtx"].metrics
    # Its own dates, not the hour it was converted: the same font converts to the same bytes.
    assert converted["head"].modified == shipped["head"].modified == 3_800_000_000
    metrics, lato = read_metrics(otf), read_metrics(LATO)
    assert metrics.width_of["W"] == lato.width_of["W"]
    for char in "EmberHollw,Oink&120":  # each glyph's ink as Lato's own, within a few
        # thousandths of an em
        ours = metrics.ink[metrics.glyph_of[char]]
        theirs = lato.ink[lato.glyph_of[char]]
        assert all(abs(a - b) <= 0.004 for a, b in zip(ours, theirs, strict=True)), char


@pytest.mark.slow  # the font is made for it: a second
def test_a_converted_font_is_kept_and_read_back_from_the_users_cache(otf, tmp_path,
                                                                     monkeypatch):
    from generator.load import truetype

    first = truetype.truetype_of(otf.read_bytes(), tmp_path)
    [kept] = tmp_path.glob("*.ttf")
    assert kept.read_bytes() == first

    def refused(_data):
        raise AssertionError("converted again")

    monkeypatch.setattr(truetype, "converted", refused)
    assert truetype.truetype_of(otf.read_bytes(), tmp_path) == first


def _validate(project: Path, *extra: str):
    return CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                    "--templates", str(project / "templates"), *extra])


def _black_in(project: Path, name: str, data: bytes) -> Path:
    """The project's black role (the Oinks' names) set in `data`, as fonts/`name`."""
    (project / "content" / "fonts" / name).write_bytes(data)
    game = project / "content" / "game.yaml"
    game.write_text(game.read_text().replace("fonts/Lato-Black.ttf", f"fonts/{name}"))
    return game


def test_a_damaged_postscript_font_is_a_tkg306_at_its_role(project):
    game = _black_in(project, "Lato-Heavy.otf", b"OTTO" + bytes(range(256)) * 4)
    result = _validate(project, "--lang", "en", "--format", "json")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    [found] = [d for d in json.loads(result.stdout) if d["code"] == "TKG306"]
    assert found["path"] == str(game), found
    assert "its PostScript (CFF) outlines cannot be read" in found["message"], found


@pytest.mark.slow
def test_oinks_named_in_a_postscript_font_print_as_in_the_truetype_one(project, otf):
    out = project / "output"

    def built(name: str, data: bytes):
        _black_in(project, name, data)
        assert _validate(project, "--lang", "en").exit_code == 0
        result = tkg_build(project, "--only", "tokens", "--lang", "en", "--paper", "a4")
        assert result.exit_code == 0, result.output
        pdf = out / "print-shop" / "tokens.pdf"
        from pypdf import PdfReader

        # The Oinks' pages, their names set in the black font.
        return fonts(PdfReader(pdf)), [rasterise(pdf, page, 100) for page in (4, 5)]

    truetype_fonts, truetype_pages = built("Lato-Black.ttf", LATO.read_bytes())
    (project / "content" / "game.yaml").write_text(
        (CONTENT / "game.yaml").read_text())
    otf_fonts, otf_pages = built("Lato-Heavy.otf", otf.read_bytes())
    assert (out / "fonts" / "Lato-Heavy.otf").read_bytes() == otf.read_bytes()
    assert any(name.endswith("+LatoHeavy-Black") and embedded
               for name, embedded in otf_fonts.items()), otf_fonts
    assert not any("LatoHeavy" in name for name in truetype_fonts)
    for ours, theirs in zip(otf_pages, truetype_pages, strict=True):
        from PIL import ImageChops

        changed = sum(1 for value in ImageChops.difference(ours, theirs).convert("L")
                      .point(lambda v: 255 if v > 48 else 0).tobytes() if value)
        assert changed <= ours.width * ours.height / 20000, changed  # a pixel or two
