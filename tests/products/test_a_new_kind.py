"""docs/architecture.md's walk-through: a new kind of output is one module and one line in
the kinds table, and --only, the manifest, the cache, the bundle and the preview follow."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from generator.backends.svg import scene_svg
from generator.cli import cli
from generator.core.artefacts import Artefact
from generator.draw.scene import Rect, Scene, Style, Text
from generator.layout.imposition import grid_for
from generator.products import kinds
from generator.products.bundle import Row, Section
from generator.products.sheets import Label, Piece, Run

# -- the module: what a products/stickers.py would hold -------------------------------


def sticker(request, kit) -> Scene:
    """A round-cornered sticker with the game's title: 40 x 30 mm, 2 mm of bleed."""
    return Scene("sticker", 44, 34, 2, (Rect(0, 0, 44, 34, Style(fill="#F2C14E"), 3),
                                        Text(22, 19, request.game.title[:12], "bold", 4,
                                             "#000000", "middle")),
                 "a sticker", (("bold", request.game.font("bold")),))


def inputs(request, kit) -> Scene:
    return sticker(request, kit)  # all its file is made from: the fingerprint is its digest


def produce(scene: Scene, kit) -> list[Artefact]:
    return [Artefact("svg/stickers/sticker.svg", scene_svg(scene, kit.memo, True).encode(),
                     "stickers")]


def runs(request, kit, paper) -> list[Run]:
    scene = sticker(request, kit)
    grid = grid_for(request.layout.sheets, paper, scene.trim, scene.bleed, 2.0, "sticker")
    return [Run([Piece(scene)] * 6, grid, Label("A game", ("body", request.game.font("body"))),
                "stickers")]


SECTION = Section(lambda request, kit, pictures: [Row("Stickers", "6 stickers")],
                  lambda request, kit: [sticker(request, kit)], runs=runs)

# -- the line in the table -------------------------------------------------------------

STICKERS = kinds.Kind(name="stickers", inputs=inputs, make=produce, weight=0.5,
                      section=SECTION, preview=(kinds.PreviewGroup("stickers", "Stickers",
                                                                   "sticker", "svg/stickers/"),))


@pytest.mark.slow
def test_a_new_kind_is_built_listed_bundled_and_previewed(project, monkeypatch):
    monkeypatch.setattr(kinds, "KINDS", (*kinds.KINDS[:-1], STICKERS, kinds.KINDS[-1]))
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "stickers,tiles", "--paper", "a4"])
    assert result.exit_code == 0, result.output
    files = json.loads((project / "output" / "manifest.json").read_text())["files"]
    assert {"path": "svg/stickers/sticker.svg", "kind": "stickers", "language": "en"}.items() \
        <= next(f for f in files if f["path"] == "svg/stickers/sticker.svg").items()
    # And in the game's other language, under its folder.
    assert any(f["path"] == "fr/svg/stickers/sticker.svg" and f["language"] == "fr"
               for f in files)
    from pypdf import PdfReader

    cover = PdfReader(project / "output" / "pnp-a4.pdf").pages[0].extract_text()
    assert "Stickers" in cover and "6 stickers" in cover

    from generator.live.page import gallery_page
    from generator.live.status import BuildOutcome

    page = gallery_page("t", {"files": files}, 1, BuildOutcome(True))
    assert 'id="stickers"' in page and "svg/stickers/sticker.svg" in page
    again = CliRunner().invoke(cli, ["build", "--only", "stickers,tiles", "--paper", "a4"])
    assert "nothing changed" in again.output  # the cache knows the kind too
    unknown = CliRunner().invoke(cli, ["build", "--only", "posters"])
    assert unknown.exit_code == 2 and "stickers" in unknown.output  # --only offers it
    assert "stickers" in kinds.reserved()  # no declared kind may take the name now


def test_the_tables_own_kinds_are_unchanged_by_the_test():
    names = [k.name for k in kinds.kinds_table()]
    assert "stickers" not in names and dataclasses.is_dataclass(kinds.KINDS[0])
