"""Pieces sized to The Game Crafter's products (`generator.layout.tgc`), for `--preset tgc`.

Each piece is drawn at a bleed wide enough to cover its product, then set on a drawing
the product's size (its trim and 1/8 in of bleed): scaled so its cut is the product's
cut (tiles, chits), or at its own size, centred, on a card or mat. A piece printed on
one side gets a plain back in its own ground, as TGC prints a back on every product.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.draw.scene import Group, Rect, Scene, Style
from generator.layout.look import Look
from generator.layout.model import Layout
from generator.layout.tgc import BLEED, MM, Fit, Product, fit, product_for
from generator.products.designs import Design

# Drawn this much (mm) beyond what the product needs: its edge pixels are then painted
# whole, with no hairline of paper where the scaled drawing would end exactly.
OVERDRAW = 0.5


@dataclass(frozen=True)
class Made:
    """A design on its product: the product-sized design, and how it fits."""

    design: Design
    fit: Fit


def look_fit(look: Look) -> Fit | None:
    """How a look's pieces fit their product (None: the look has no product)."""
    product = product_for(look.kind, look.product)
    if product is None:
        return None
    cut = (look.disc, look.disc) if look.disc else look.size
    return fit(product, cut, look.shape == "round")


def bleed_for(layout: Layout, kinds: Sequence[str]) -> float:
    """The bleed (mm) to draw the pieces of these looks at so each covers its product,
    bleed included, once scaled (a piece its product's size: TGC's own bleed)."""
    needed = [BLEED * MM]
    for kind in kinds:
        look = layout.look(kind)
        found = look_fit(look) if look is not None else None
        if look is None or found is None or found.scale <= 0:
            continue
        w, h = found.product.trim_mm
        whole = (w + 2 * BLEED * MM) / found.scale, (h + 2 * BLEED * MM) / found.scale
        more = max(whole[0] - look.size[0], whole[1] - look.size[1]) / 2
        if more > BLEED * MM + 1e-6:  # scaled or set on a larger sheet
            needed.append(more + OVERDRAW)
    return max(needed)


def on_product(design: Design, layout: Layout) -> Made | None:
    """The design's face and back (a plain one if it has none) at its product's size."""
    look = layout.look(design.look)
    found = look_fit(look) if look is not None else None
    if look is None or found is None or found.scale <= 0:
        return None
    face = _framed(design.face, found)
    back = _framed(design.back, found) if design.back is not None else \
        _plain_back(face, look)
    return Made(replace(design, face=face, back=back), found)


def _framed(scene: Scene, found: Fit) -> Scene:
    """The scene scaled by the fit and centred on a drawing of the product's size."""
    product, scale = found.product, found.scale
    width, height = _whole(product)
    if abs(scale - 1) < 1e-9 and abs(scene.width - width) < 1e-9 \
            and abs(scene.height - height) < 1e-9:
        return scene  # already the product's size (a tile at TGC's bleed)
    tx = width / 2 - scale * scene.width / 2
    ty = height / 2 - scale * scene.height / 2
    placed = Group(scene.items, translate=(tx, ty), scale=scale, piece=scene)
    return Scene(f"{scene.name}-{product.identity}", width, height, BLEED * MM, (placed,),
                 scene.title, scene.fonts)


def plain_ground(look: Look | None) -> str:
    """The colour of a plain back for a look's pieces: its ground, or white when the
    ground depends on the piece (a format such as "{element}") or it has none."""
    if look is None or not look.background or "{" in look.background:
        return "#FFFFFF"
    return look.background


def _plain_back(face: Scene, look: Look) -> Scene:
    """A back in the look's ground (`plain_ground`)."""
    ground = plain_ground(look)
    return Scene(f"{look.kind}-plain-back-{face.width:g}x{face.height:g}", face.width,
                 face.height, face.bleed,
                 (Rect(0.0, 0.0, face.width, face.height, Style(fill=ground)),),
                 f"{look.kind} back (plain)")


def _whole(product: Product) -> tuple[float, float]:
    w, h = product.trim_mm
    return w + 2 * BLEED * MM, h + 2 * BLEED * MM
