"""Print-shop presets: the bleed round each piece and the resolution of its pictures.

`tkg build --preset NAME` picks one for the print-shop files and the PNGs; without it
the print-shop files keep the layout's own bleed (what the sheets show) and the PNGs
take The Game Crafter's. Nothing here imports the rest of the project, so the command
line can offer the names without loading the products.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    """A way of handing pieces to a print shop or a screen."""

    name: str
    bleed: float | None  # mm round every piece; None: each piece's bleed in the layout
    ppi: int  # pixels an inch of the PNGs (unless --dpi says otherwise)
    what: str  # one line for `tkg build --help`
    products: bool = False  # each PNG the size of its product (The Game Crafter's)


PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("layout", None, 300, "each piece's bleed in the layout (3 mm for the shipped tiles)"),
    Preset("tgc", 25.4 / 8, 300, "The Game Crafter: each PNG its product's size, 1/8 in of "
                                 "bleed at 300 ppi (a 2.5 in tile is 825 x 825 px, a token a "
                                 "0.75 in chit)", products=True),
    Preset("trim", 0.0, 300, "no bleed: the cut piece, for screens"),
)}
PRINT_SHOP_DEFAULT = "layout"  # the print-shop PDFs: the bleed the sheets show
PNG_DEFAULT = "tgc"  # PNGs are mostly made for The Game Crafter's uploads
TTS_PPI = 150  # Tabletop Simulator: ten 2.5 in tiles a row stay under its 4096 px sheets
DPI_RANGE = (36, 600)  # --dpi: from a thumbnail to a fine print (more: gigabytes an image)


def preset(name: str | None, default: str) -> Preset:
    """The preset called `name`, or `default`'s when none was asked for."""
    return PRESETS[name or default]


def png_preset(name: str | None) -> Preset:
    """The preset the PNGs are made with: the one asked for, or The Game Crafter's."""
    return preset(name, PNG_DEFAULT)
