"""`tkg build --layout A --layout B`: the same tiles in each layout, side by side."""

from __future__ import annotations

import io
import re

from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli


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


def test_one_layout_makes_no_comparison(project, monkeypatch):
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "compare", "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert not (project / "output" / "compare").exists()
