"""`tkg build --layout A --layout B`: the same tiles in each layout, side by side."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from PIL import ImageChops
from pypdf import PdfReader

from generator.cli import cli
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES
from tests.pdfprobe import forms, rasterise, scene_name


@pytest.mark.slow
def test_two_layouts_build_a_comparison(project, monkeypatch, shipped_game):
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "compare", "--paper", "a4",
                                      "--layout", "default", "--layout", "cluster"])
    assert result.exit_code == 0, result.output
    out = project / "output" / "compare"
    page = (out / "index.html").read_text()
    for tile in shipped_game.tiles:
        for layout in ("default", "cluster"):
            assert f'src="{layout}/{tile.id}.svg"' in page
            assert (out / layout / f"{tile.id}.svg").is_file()
    # The two layouts really differ somewhere: a tile's faces are not the same drawing.
    differing = [t.id for t in shipped_game.tiles
                 if (out / "default" / f"{t.id}.svg").read_bytes()
                 != (out / "cluster" / f"{t.id}.svg").read_bytes()]
    assert differing
    reader = PdfReader(io.BytesIO((out / "layouts-a4.pdf").read_bytes()))
    assert len(reader.pages) == -(-len(shipped_game.tiles) // 4)
    first = reader.pages[0].extract_text()
    assert "layout: default" in first and "layout: cluster" in first
    names = re.findall(re.escape(shipped_game.tiles[0].name), first)
    assert len(names) == 2  # the same tile, once in each column


def test_comparison_options_that_would_do_nothing_are_refused(project, monkeypatch):
    monkeypatch.chdir(project)
    alone = CliRunner().invoke(cli, ["build", "--only", "compare", "--paper", "a4"])
    assert alone.exit_code == 2 and "two or more --layout" in alone.output
    ignored = CliRunner().invoke(cli, ["build", "--only", "tiles", "--layout", "default",
                                       "--layout", "cluster"])
    assert ignored.exit_code == 2 and "--only includes compare" in ignored.output
    assert not (project / "output").exists()


@pytest.mark.slow
def test_each_column_shows_its_own_layout_and_equal_drawings_share_a_form(tmp_path,
                                                                          shipped_game):
    # Tile scenes are named tile-<id> in every layout: the form of the first layout
    # must not stand in for the second one's drawing.
    from generator.build.pipeline import build
    from generator.products.compare import GAP, HEADER, MARGIN, ROWS

    out = tmp_path / "output"
    build(CONTENT, TEMPLATES, out, ("a4",), ["compare"], layouts=("default", "cluster"),
          languages=ONE_LANGUAGE)
    pdf = out / "compare" / "layouts-a4.pdf"
    reader = PdfReader(pdf)
    names = forms(reader)
    tiles = [n for n in names if n.startswith("FormXob.tile-")]
    assert len(tiles) == 2 * len(shipped_game.tiles)  # every tile differs between the two
    assert len({scene_name(n) for n in tiles}) == len(shipped_game.tiles)

    dpi = 60
    width, height = 210.0, 297.0
    column = (width - 2 * MARGIN - GAP) / 2
    size = min(column, (height - 2 * MARGIN - HEADER - GAP * (ROWS - 1)) / ROWS)
    page = rasterise(pdf, 0, dpi)

    def crop(x_mm: float):
        box = (x_mm, MARGIN + HEADER, x_mm + size, MARGIN + HEADER + size)
        return page.crop(tuple(round(v * dpi / 25.4) for v in box))

    left, right = crop(MARGIN), crop(MARGIN + column + GAP)
    diff = ImageChops.difference(left, right).convert("L")
    changed = sum(diff.histogram()[40:]) / (diff.width * diff.height)
    assert changed > 0.02, f"the two columns differ in only {changed:.2%} of their pixels"


@pytest.mark.slow
def test_identical_drawings_share_one_form(built, shipped_game):
    names = [scene_name(n) for n in forms(PdfReader(built / "pnp-a4.pdf"))]
    assert sorted(n for n in names if n.startswith("token-")) == sorted(
        f"token-{e}" for e in shipped_game.element_ids)  # 120 tokens, four drawings
    assert sum(n.startswith("tile-") for n in names) == len(shipped_game.tiles) + 1
