"""Art files: broken ones are positioned TKG304 diagnostics, PNGs cover their box in the PDF."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build.pipeline import build
from generator.cli import cli
from generator.core.errors import ContentError
from generator.draw.svgart import ArtError, read_art
from tests.conftest import ONE_LANGUAGE
from tests.pdfprobe import rasterise

ART = Path(__file__).resolve().parent.parent / "fixtures" / "art"
TILE = "ember-hollow"  # the first tile; its art is line 60 of content/tiles.yaml


def _use_art(project: Path, fixture: Path) -> tuple[Path, int]:
    """Give the first tile `fixture` as its art; return the art's path and its YAML line."""
    target = project / "content" / "art" / fixture.name
    shutil.copy(fixture, target)
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    old = f"art: art/{TILE}.svg"
    line = text[:text.index(old)].count("\n") + 1
    tiles.write_text(text.replace(old, f"art: art/{target.name}", 1))
    return target, line


def test_shapes_svg_would_not_draw_are_left_out():
    _, items = read_art(ART / "empty-polygon.svg")
    assert len(items) == 1  # the rect; not the empty polygon, lone point, r=0, empty path


@pytest.mark.parametrize("svg", [
    '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"><rect width="1" '
    'height="1"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L1e999 0"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>Hi</text></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="x.png"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5"',
], ids=["zero-width", "infinite-path", "text", "image", "broken-xml"])
def test_what_the_reader_cannot_draw_is_an_art_error_not_a_crash(tmp_path, svg):
    path = tmp_path / "odd.svg"
    path.write_text(svg)
    with pytest.raises(ArtError):
        read_art(path)


def test_units_and_transforms_are_drawn(tmp_path):
    # Units and transforms, which the first reader refused: one reader takes them now.
    path = tmp_path / "units.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10px" height="10px">'
                    '<g transform="translate(2 3)"><rect width="4" height="5" fill="red"/></g>'
                    "</svg>")
    box, [shape] = read_art(path)
    assert box == (0.0, 0.0, 10.0, 10.0)
    assert (shape.x, shape.y, shape.w, shape.h, shape.style.fill) == (2, 3, 4, 5, "#FF0000")


@pytest.mark.slow
@pytest.mark.parametrize(("fixture", "message"), [
    (ART / "not-a-png.png", "not a PNG image"),
    (None, "PNG image is damaged"),  # a real PNG, cut short
], ids=["not-a-png", "truncated"])
def test_a_broken_png_is_a_tkg304_at_the_tiles_art(project, fixture, message):
    if fixture is None:
        fixture = project / "cut.png"
        fixture.write_bytes((ART / "wide.png").read_bytes()[:60])
    art, line = _use_art(project, fixture)
    with pytest.raises(ContentError) as info:
        build(project / "content", project / "templates", project / "output", ("a4",),
              ["tiles"], languages=ONE_LANGUAGE)
    [problem] = [d for d in info.value.diagnostics if d.is_error]
    assert problem.code == "TKG304" and message in problem.message, problem.format()
    assert art.name in problem.message and TILE in problem.message
    assert (Path(problem.path).name, problem.line, problem.column) == ("tiles.yaml", line, 10)
    assert not (project / "output").exists()


@pytest.mark.slow
def test_a_broken_art_file_ends_tkg_build_with_exit_1_and_no_traceback(project, monkeypatch):
    _use_art(project, ART / "not-a-png.png")
    # The second tile's art holds shapes SVG would not draw: left out, no error.
    shutil.copy(ART / "empty-polygon.svg", project / "content" / "art" / "cinder-throne.svg")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "tiles,tokens", "--paper", "a4"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "content/tiles.yaml:60:10: error TKG304" in result.output
    assert "not-a-png.png" in result.output


def test_a_broken_symbol_file_is_a_tkg304_naming_it(project):
    (project / "content" / "symbols" / "flame.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"><polygon points=""/></svg>')
    with pytest.raises(ContentError) as info:
        build(project / "content", project / "templates", project / "output", ("a4",),
              ["tokens"], languages=ONE_LANGUAGE)
    [problem] = [d for d in info.value.diagnostics if d.is_error]
    assert problem.code == "TKG304" and "flame.svg" in problem.message
    tiles = (project / "content" / "tiles.yaml").read_text().splitlines()
    assert tiles[problem.line - 1].strip() == "symbol_file: symbols/flame.svg"


@pytest.mark.slow
def test_a_wide_png_covers_its_box_in_the_pdf_as_in_the_svg(project):
    # The default layout's art box is the whole piece with its bleed. A 4:1 picture,
    # orange left half and blue right half, must cover it: scaled to the box's height,
    # centred (the orange/blue seam in the middle), cropped at the sides. Fitted
    # instead, it would leave bands of the tile's dark background above and below.
    _use_art(project, ART / "wide.png")
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["tiles"],
          languages=ONE_LANGUAGE)
    svg = (out / "svg" / "tiles" / f"{TILE}.svg").read_text()
    assert 'preserveAspectRatio="xMidYMid slice"' in svg
    dpi = 72
    image = rasterise(out / "print-shop" / "tiles.pdf", 0, dpi)
    px = dpi / 25.4

    def strip(x0: float, x1: float) -> set[tuple[int, int, int]]:
        # Edges of the piece that no plate, badge or text reaches, top to bottom.
        box = (round(x0 * px), round(1 * px), round(x1 * px), round(68.5 * px))
        return {tuple(round(c / 32) for c in rgb) for _, rgb in
                image.crop(box).getcolors(maxcolors=100000)}

    orange, blue = (0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9)
    assert strip(0.5, 5) == {tuple(round(c / 32) for c in orange)}
    assert strip(64.5, 69) == {tuple(round(c / 32) for c in blue)}


@pytest.mark.slow
def test_svg_art_with_text_in_it_is_a_tkg304(project, tmp_path):
    # Its text could not go into the tile's drawing (it would need a font the drawing
    # does not carry), so the build says so at the tile's art:.
    fixture = tmp_path / "arc-with-text.svg"
    fixture.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" '
                       'width="20" height="20"><path d="M 0 0 A 20 20 0 0 1 20 20 L 0 20 Z" '
                       'fill="#00ff00"/><text x="2" y="10">Hi</text></svg>')
    art, line = _use_art(project, fixture)
    with pytest.raises(ContentError) as info:
        build(project / "content", project / "templates", project / "output", ("a4",),
              ["tiles"], languages=ONE_LANGUAGE)
    [problem] = [d for d in info.value.diagnostics if d.is_error]
    assert problem.code == "TKG304" and "convert it to paths" in problem.message
    assert art.name in problem.message
    assert (Path(problem.path).name, problem.line, problem.column) == ("tiles.yaml", line, 10)
