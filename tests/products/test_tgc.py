"""The Game Crafter's products (issue 25, item 1): a look may name the product its pieces
are made as, a product that does not exist is a positioned error, and a piece that fits
its product poorly is a warning naming the nearest ones, at the builds that make PNGs
for The Game Crafter only."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli import cli
from generator.layout.tgc import PRODUCTS, fit, nearest

LAYOUT = "templates/layouts/default.yaml"


def _name(project, look: str, product: str) -> None:
    """Say `product: <product>` in a look of the project's default layout."""
    path = project / LAYOUT
    text = path.read_text()
    head = f"\n  {look}:\n"
    assert head in text
    path.write_text(text.replace(head, f"{head}    product: {product}\n", 1))


def _build(project, *args: str):
    return CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                    "--templates", str(project / "templates"),
                                    "--out", str(project / "output"), *args])


@pytest.mark.parametrize(("name", "identity", "pixels"), [
    ("Medium Square Tile", "MediumSquareTile", (825, 825)),  # 2.5 in
    ("Medium Circle Chit", "MediumCircleChit", (300, 300)),  # 0.75 in
    ("Large Circle Chit", "LargeCircleChit", (375, 375)),  # 1 in
    ("Jumbo Deck", "JumboDeck", (1125, 1725)),  # 3.5 x 5.5 in
    ("Medium Folio", "MediumFolio", (4875, 2475)),  # 16 x 8 in
])
def test_the_table_gives_tgcs_upload_sizes(name, identity, pixels):
    product = PRODUCTS[name]
    assert (product.identity, product.pixels) == (identity, pixels)


def test_a_piece_is_fitted_to_a_die_cut_outline_and_set_on_a_sheet():
    chit = fit(PRODUCTS["Medium Circle Chit"], (20.1, 20.1), round_piece=True)
    assert chit.scale == pytest.approx(19.05 / 20.1) and chit.good
    assert fit(PRODUCTS["Medium Circle Chit"], (20.1, 20.1), round_piece=False).scale == 0
    mat = fit(PRODUCTS["Medium Folio"], (372, 150), round_piece=False)
    assert mat.scale == 1.0  # a sheet never enlarges a piece: its ground fills the rest
    assert mat.spare == pytest.approx(1 - 372 * 150 / (406.4 * 203.2))
    assert nearest((196, 258), False)[0].product.name == "Large Square Mat"


@pytest.mark.slow
def test_a_named_product_sizes_the_pngs_and_a_poor_fit_warns_with_the_nearest(project):
    _name(project, "oink", "Large Circle Chit")
    _name(project, "world-mats", "Quarter Mat")
    result = _build(project, "--only", "png")
    assert result.exit_code == 0, result.output
    folder = project / "output" / "png" / "tgc"
    with Image.open(folder / "oinks" / "fire.png") as image:
        assert image.size == (375, 375)
    listed = json.loads((folder / "manifest.json").read_text())["pieces"]
    assert {e["product"]["identity"] for e in listed if e["group"] == "oinks"} == \
        {"LargeCircleChit"}
    warned = [line for line in result.output.splitlines() if "TKG309" in line]
    assert len(warned) == 2, result.output  # both are made as named, each with a warning
    oink, mats = warned
    assert re.search(rf"{LAYOUT}:\d+:\d+: warning TKG309: the oink", oink)
    assert "Large Circle Chit at 67%" in oink and "Mini Circle Tile" in oink
    assert re.search(rf"{LAYOUT}:\d+:\d+: warning TKG309: the world-mats", mats)
    assert "Quarter Mat at 49%" in mats and "Large Square Mat" in mats
    strict = _build(project, "--only", "png", "--strict")
    assert strict.exit_code == 1 and "TKG309" in strict.output


@pytest.mark.slow
def test_the_fit_is_checked_only_where_pngs_for_tgc_are_made(project):
    _name(project, "world-mats", "Quarter Mat")
    result = CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                      "--templates", str(project / "templates")])
    assert result.exit_code == 0, result.output
    assert "TKG309" not in result.output


def test_an_unknown_product_is_a_positioned_error(project):
    _name(project, "token", "Medium Circle Chip")
    result = CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                      "--templates", str(project / "templates")])
    assert result.exit_code == 1
    assert re.search(rf"{LAYOUT}:\d+:\d+: error TKG602: The Game Crafter has no product "
                     "'Medium Circle Chip'", result.output), result.output
    assert "Medium Circle Chit" in result.output  # the known names are listed
    assert "Traceback" not in result.output
