"""A web font (.woff, .woff2), as a designer finds one on a type foundry's or a font
site's page, is read, measured, drawn and embedded as the TrueType font packed inside
it (PostScript outlines made TrueType too), and copied into the output as it was
shipped; one that cannot be unpacked, or would unpack past a font file's limit, is a
TKG306 at its role, never a traceback."""

from __future__ import annotations

import io
import json
import struct
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from generator.core.limits import FONT_BYTES
from generator.load.fonts import font_data, read_metrics, shipped_font
from tests.conftest import tkg_build
from tests.load.test_postscript_fonts import LATO, _black_in, _validate, postscript_font
from tests.pdfprobe import fonts


def web_font(data: bytes, flavor: str) -> bytes:
    """`data`'s font packed as a web font (`flavor`: woff or woff2)."""
    font = TTFont(io.BytesIO(data))
    font.flavor = flavor
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.parametrize(("flavor", "signature"), [
    ("woff", b"wOFF"),
    pytest.param("woff2", b"wOF2", marks=pytest.mark.slow),  # packing it: some seconds
])
def test_a_web_font_is_read_as_the_truetype_font_inside_it(tmp_path, flavor, signature):
    path = tmp_path / f"Lato-Black.{flavor}"
    path.write_bytes(web_font(LATO.read_bytes(), flavor))
    assert path.read_bytes()[:4] == signature
    data = font_data(path)
    assert data[:4] == b"\x00\x01\x00\x00"
    unpacked, lato = TTFont(io.BytesIO(data)), TTFont(LATO)
    assert unpacked.flavor is None and unpacked.getGlyphOrder() == lato.getGlyphOrder()
    assert unpacked["hmtx"].metrics == lato["hmtx"].metrics
    assert read_metrics(path).width_of == read_metrics(LATO).width_of
    assert shipped_font(path) == path.read_bytes()  # the output copies it as it is


@pytest.mark.slow  # the font is made for it: a second
def test_a_web_font_of_postscript_outlines_is_made_truetype(tmp_path):
    path = tmp_path / "Lato-Heavy.woff2"
    path.write_bytes(web_font(postscript_font(LATO), "woff2"))
    unpacked = TTFont(io.BytesIO(font_data(path)))
    assert "glyf" in unpacked and "CFF " not in unpacked
    assert read_metrics(path).width_of["W"] == read_metrics(LATO).width_of["W"]


def _told(project: Path, name: str, data: bytes) -> dict:
    game = _black_in(project, name, data)
    result = _validate(project, "--lang", "en", "--format", "json")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    [found] = [d for d in json.loads(result.stdout) if d["code"] == "TKG306"]
    assert found["path"] == str(game), found
    return found


@pytest.mark.slow  # a .woff2 is packed for it: some seconds
def test_a_web_font_that_cannot_be_unpacked_is_a_tkg306_at_its_role(project):
    cut_short = web_font(LATO.read_bytes(), "woff2")[:400]  # a download stopped early
    found = _told(project, "Lato-Black.woff2", cut_short)
    assert "it cannot be unpacked as a web font (WOFF2: " in found["message"], found


@pytest.mark.slow  # a validation of the whole project: about a second
def test_a_web_font_that_would_unpack_past_the_limit_is_refused(project):
    # A few bytes that say they hold a font of 4 GB: refused before anything is unpacked.
    packed = bytearray(web_font(LATO.read_bytes(), "woff"))
    packed[16:20] = struct.pack(">I", 0xFFFFFFFF)  # the header's totalSfntSize
    found = _told(project, "Lato-Black.woff", bytes(packed))
    assert (f"it would unpack to 4,294,967,295 bytes, more than a font file may hold "
            f"({FONT_BYTES.value:,})") in found["message"], found


@pytest.mark.slow
def test_oinks_named_in_a_web_font_print_in_it(project):
    packed = web_font(LATO.read_bytes(), "woff2")
    _black_in(project, "Lato-Black.woff2", packed)
    out = project / "output"
    assert _validate(project, "--lang", "en", "--strict").exit_code == 0
    result = tkg_build(project, "--only", "tokens", "--lang", "en", "--paper", "a4")
    assert result.exit_code == 0, result.output
    assert (out / "fonts" / "Lato-Black.woff2").read_bytes() == packed
    embedded = fonts(PdfReader(out / "print-shop" / "tokens.pdf"))
    assert any(name.endswith("+Lato-Black") and inside for name, inside in embedded.items()), \
        embedded
