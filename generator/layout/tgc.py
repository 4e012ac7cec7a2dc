"""The Game Crafter's products that our pieces can be made as, and which one each is.

TGC prints everything from 300 ppi images with 1/8 in of bleed round the trim and a
safe zone 1/8 in inside it (its help page "DPI (dots per inch)"), so an upload is
(trim + 1/4 in) x 300 px a side: the medium square tile, 2.5 in, is 825 x 825 px. The
sizes and API identities below are TGC's catalogue as its product pages and API list
them (`thegamecrafter.com/make/products/<identity>`); a punchout or a card has a face
and a back, a mat too.

Two ways a piece becomes a product:
- a *die-cut* product (tiles, chits) is cut along its own outline: the piece's cut is
  scaled to it exactly (a 20.1 mm token face becomes a 0.75 in chit);
- a *sheet* product (cards, mats) is a rectangle: the piece is drawn at its own size
  (smaller only when it would not fit), centred, and its ground runs on to the product's
  edge, so a mat keeps cells a tile fits in.

A look names its product in the layout (`product: Jumbo Deck`); otherwise its kind's
default here. `fit` says how well a piece fits; a poor fit is a warning at png builds
for The Game Crafter that names the nearest products.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PPI = 300  # TGC's print resolution
BLEED = 0.125  # in, round the trim
SAFE = 0.125  # in, inside the trim
MM = 25.4


@dataclass(frozen=True)
class Product:
    """One of TGC's products: its name, API identity, outline, trim and way of cutting."""

    name: str  # as TGC's catalogue spells it
    identity: str  # its API identity (the product page's last word)
    shape: str  # "square", "circle" or "rectangle"
    trim: tuple[float, float]  # inches, width x height
    die: bool  # cut along its outline (tiles, chits); False: a sheet (cards, mats)

    @property
    def pixels(self) -> tuple[int, int]:
        """The upload's size: the trim and the bleed at 300 ppi."""
        w, h = self.trim
        return round((w + 2 * BLEED) * PPI), round((h + 2 * BLEED) * PPI)

    @property
    def trim_mm(self) -> tuple[float, float]:
        """The trim in mm."""
        return self.trim[0] * MM, self.trim[1] * MM

    def describe(self) -> str:
        """"Medium Circle Chit (0.75 in, 300 x 300 px)"."""
        w, h = self.trim
        size = f"{w:g} in" if w == h else f"{w:g} x {h:g} in"
        return f"{self.name} ({size}, {self.pixels[0]} x {self.pixels[1]} px)"


def _p(name: str, shape: str, w: float, h: float | None = None, die: bool = False) -> Product:
    return Product(name, name.replace(" ", "").replace("-", ""), shape, (w, h or w), die)


PRODUCTS: dict[str, Product] = {p.name: p for p in (
    _p("Small Square Chit", "square", 0.5, die=True),
    _p("Medium Square Chit", "square", 0.75, die=True),
    _p("Large Square Chit", "square", 1.0, die=True),
    _p("Mini Square Tile", "square", 1.25, die=True),
    _p("Small Square Tile", "square", 2.0, die=True),
    _p("Medium Square Tile", "square", 2.5, die=True),
    _p("Large Square Tile", "square", 3.5, die=True),
    _p("Small Circle Chit", "circle", 0.5, die=True),
    _p("Medium Circle Chit", "circle", 0.75, die=True),
    _p("Large Circle Chit", "circle", 1.0, die=True),
    _p("Mini Circle Tile", "circle", 1.25, die=True),
    _p("Jumbo Deck", "rectangle", 3.5, 5.5),
    _p("Tarot Deck", "rectangle", 2.75, 4.75),
    _p("Square Deck", "rectangle", 3.5, 3.5),
    _p("Quarter Mat", "rectangle", 5.0, 5.0),
    _p("Half Mat", "rectangle", 5.0, 10.0),
    _p("Domino Mat", "rectangle", 4.0, 8.0),
    _p("Square Mat", "rectangle", 8.0, 8.0),
    _p("Large Square Mat", "rectangle", 10.0, 10.0),
    _p("Small Folio", "rectangle", 14.0, 5.5),
    _p("Medium Folio", "rectangle", 16.0, 8.0),
)}

# Each built-in piece's product, and a declared kind's by its name (the shipped mats).
# The Oinks (37.9 mm across) have no round product their size: the largest round
# punchout, 1.25 in, takes them at 84 %.
DEFAULTS = {"tile": "Medium Square Tile", "back": "Medium Square Tile",
            "token": "Medium Circle Chit", "oink": "Mini Circle Tile", "aid": "Jumbo Deck",
            "world-mats": "Large Square Mat", "table-mat": "Medium Folio"}


@dataclass(frozen=True)
class Fit:
    """How a piece's cut (mm, w x h; round: its disc) goes onto a product."""

    product: Product
    scale: float  # the piece is drawn at this size on the product
    spare: float  # the share of the product's trim the piece leaves to its ground

    @property
    def good(self) -> bool:
        """Within a fifth of its size, and a sheet not more than a third ground."""
        return 0.8 <= self.scale <= 1.25 and self.spare <= 0.35


def fit(product: Product, cut: tuple[float, float], round_piece: bool) -> Fit:
    """How a piece whose cut is `cut` mm fits `product`: scaled to the outline of a
    die-cut one (of its shape), at its own size (or less) on a sheet."""
    pw, ph = product.trim_mm
    w, h = cut
    scale = min(pw / w, ph / h)
    if not product.die:
        scale = min(scale, 1.0)
    elif (product.shape == "circle") != round_piece:
        scale = 0.0  # a square piece cannot be die-cut round, nor the other way
    spare = 1 - (w * h * scale * scale) / (pw * ph)
    return Fit(product, scale, spare)


def product_for(kind: str, named: str = "") -> Product | None:
    """The product a look names, or its kind's default (None: no default)."""
    name = named or DEFAULTS.get(kind, "")
    return PRODUCTS.get(name)


def nearest(cut: tuple[float, float], round_piece: bool, count: int = 3) -> list[Fit]:
    """The products that fit a cut best: nearest to its size, least ground left over."""
    fits = [fit(p, cut, round_piece) for p in PRODUCTS.values()]
    usable = [f for f in fits if f.scale > 0]
    return sorted(usable, key=lambda f: (abs(math.log(f.scale)) + f.spare,
                                         f.product.name))[:count]
