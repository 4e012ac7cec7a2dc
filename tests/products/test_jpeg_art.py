"""JPEG art, as painted art and photographs are most often saved: it covers its box as a
PNG does, goes into the PDFs as its own bytes where it can, shows upright when a camera
saved it turned (EXIF orientation), and a broken one is a TKG304 at the tile's art."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from PIL import Image

from generator.build.pipeline import build
from generator.core.errors import ContentError
from tests.conftest import ONE_LANGUAGE
from tests.pdfprobe import images, rasterise

TILE = "ember-hollow"  # the first tile
ORANGE, BLUE = (0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9)
EXIF_ORIENTATION = 0x0112


def wide_picture() -> Image.Image:
    """A 4:1 picture, its left half orange and its right half blue, 1000 px high: over
    the tile's 69.5 mm, 365 ppi."""
    picture = Image.new("RGB", (4000, 1000), ORANGE)
    picture.paste(Image.new("RGB", (2000, 1000), BLUE), (2000, 0))
    return picture


def jpeg(picture: Image.Image, orientation: int = 1, mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    exif = Image.Exif()
    if orientation != 1:
        exif[EXIF_ORIENTATION] = orientation
    picture.convert(mode).save(out, "JPEG", quality=95, exif=exif.tobytes())
    return out.getvalue()


def _use_art(project: Path, name: str, data: bytes) -> int:
    """Give the first tile `data` as its art, art/`name`; the line of its `art:`."""
    (project / "content" / "art" / name).write_bytes(data)
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    old = f"art: art/{TILE}.svg"
    tiles.write_text(text.replace(old, f"art: art/{name}", 1))
    return text[:text.index(old)].count("\n") + 1


def _built(project: Path) -> Path:
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["tiles"],
          languages=ONE_LANGUAGE)
    return out


def _edges(out: Path) -> tuple[set, set]:
    """The colours of the tile's left and right edges on its print-shop page, which
    no plate, badge or text reaches (rounded, as JPEG's are near, not exact)."""
    image = rasterise(out / "print-shop" / "tiles.pdf", 0, 72)
    px = 72 / 25.4

    def strip(x0: float, x1: float) -> set:
        box = (round(x0 * px), round(1 * px), round(x1 * px), round(68.5 * px))
        return {tuple(round(c / 32) for c in rgb) for _, rgb in
                image.crop(box).getcolors(maxcolors=100000)}

    return strip(0.5, 5), strip(64.5, 69)


def _rounded(colour) -> tuple:
    return tuple(round(c / 32) for c in colour)


@pytest.mark.slow
def test_a_jpeg_covers_its_box_and_goes_into_the_pdf_as_its_own_bytes(project):
    data = jpeg(wide_picture())
    _use_art(project, "ember-hollow.jpg", data)
    out = _built(project)
    assert _edges(out) == ({_rounded(ORANGE)}, {_rounded(BLUE)})
    [picture] = [p for p in images(out / "print-shop" / "tiles.pdf")
                 if p.get("/Filter") == "/DCTDecode"]
    assert picture.get_data() == data  # not decoded and compressed again: no loss, no bloat
    assert (picture["/Width"], picture["/Height"]) == (4000, 1000)
    svg = (out / "svg" / "tiles" / f"{TILE}.svg").read_text()
    assert f"data:image/jpeg;base64,{base64.b64encode(data).decode()}" in svg


@pytest.mark.slow
def test_a_jpeg_a_camera_saved_turned_prints_upright(project):
    # Stored turned a quarter left, with the EXIF note "turn it right to show it":
    # upright, it is the wide picture, orange on the left. Read as stored, it would be
    # a tall one, orange at the bottom, and the tile's edges would be half and half.
    stored = wide_picture().transpose(Image.Transpose.ROTATE_90)
    _use_art(project, "ember-hollow.jpg", jpeg(stored, orientation=6))
    out = _built(project)
    assert _edges(out) == ({_rounded(ORANGE)}, {_rounded(BLUE)})
    # The SVG shows the same upright pixels whatever its viewer does with EXIF.
    svg = (out / "svg" / "tiles" / f"{TILE}.svg").read_text()
    assert "data:image/jpeg" not in svg and "data:image/png;base64," in svg


@pytest.mark.slow
def test_a_cmyk_jpeg_prints_in_its_colours(project):
    _use_art(project, "ember-hollow.jpg", jpeg(wide_picture(), mode="CMYK"))
    out = _built(project)
    left, right = _edges(out)
    assert len(left) == len(right) == 1
    for [seen], wanted in ((left, ORANGE), (right, BLUE)):
        assert all(abs(a - b) <= 1 for a, b in zip(seen, _rounded(wanted), strict=True))


@pytest.mark.slow
@pytest.mark.parametrize(("data", "message"), [
    (b"\x89PNG\r\n\x1a\n" + bytes(64), "it is not a JPEG image"),
    (None, "the JPEG image is damaged"),  # a real JPEG, cut short
], ids=["png-bytes", "truncated"])
def test_a_broken_jpeg_is_a_tkg304_at_the_tiles_art(project, data, message):
    line = _use_art(project, "ember-hollow.jpeg",
                    jpeg(wide_picture())[:400] if data is None else data)
    with pytest.raises(ContentError) as info:
        _built(project)
    [problem] = [d for d in info.value.diagnostics if d.is_error]
    assert problem.code == "TKG304" and message in problem.message, problem.format()
    assert "ember-hollow.jpeg" in problem.message
    assert (Path(problem.path).name, problem.line, problem.column) == ("tiles.yaml", line, 10)
    assert not (project / "output").exists()


@pytest.mark.slow
def test_a_small_jpeg_is_told_its_print_resolution(project):
    # 100 px across a 69.5 mm box: some 37 ppi, below the 150 print needs at least.
    from click.testing import CliRunner

    from generator.cli import cli

    small = wide_picture().resize((400, 100))
    assert small.size == (400, 100)
    _use_art(project, "ember-hollow.jpg", jpeg(small))
    result = CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--lang", "en"])
    assert "TKG508" in result.output and "ember-hollow" in result.output, result.output


@pytest.mark.slow
@pytest.mark.parametrize("first", ["build", "validate"])
def test_a_jpeg_saved_again_smaller_is_told_its_print_resolution_and_larger_is_not(
        project, monkeypatch, tmp_path, first):
    # Found when the tests' projects came to share one path: the preflight remembered a
    # piece's findings by what its drawing places, and a picture saved again at a lower
    # resolution, in its same proportions, is placed exactly as before. Its findings
    # were the earlier picture's until the memo was deleted.
    from click.testing import CliRunner

    from generator.cli import cli

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    art = project / "content" / "art" / "ember-hollow.jpg"

    def run(command: str) -> str:
        built = ["--only", "tiles", "--paper", "a4", "--out", str(project / "output")]
        result = CliRunner().invoke(cli, [command, "--content", str(project / "content"),
                                          "--templates", str(project / "templates"),
                                          "--lang", "en", *(built if command == "build" else ())])
        assert result.exit_code in (0, 1) and "Traceback" not in result.output, result.output
        return result.output

    _use_art(project, art.name, jpeg(wide_picture()))
    assert "TKG508" not in run(first)
    art.write_bytes(jpeg(wide_picture().resize((400, 100))))  # 100 px high: some 37 ppi
    said = run("validate")
    assert "TKG508" in said and "ember-hollow" in said, said
    art.write_bytes(jpeg(wide_picture()))
    assert "TKG508" not in run("validate")
