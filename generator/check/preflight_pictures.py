"""Art at print size: enough pixels (TKG508 under 150 ppi, TKG509 under 300 ppi) and
not cropped much to fill its box (TKG510 above 5 %).

Art covers its box and is cropped, never stretched (`generator.draw.parts.art`), so a
picture of other proportions than its box loses the overflow on two sides.
"""

from __future__ import annotations

from generator.check.preflight_findings import ART, Finding, Piece
from generator.core.memo import Memo
from generator.draw.art import images, picture_art, svg_art
from generator.draw.geometry import leaves
from generator.draw.pictures import picture_scale
from generator.draw.scene import Image, Scene

LEAST_PPI, GOOD_PPI = 150.0, 300.0
MOST_CROP = 0.05
MM_PER_INCH = 25.4


def art_pictures(memo: Memo, scene: Scene, piece: Piece) -> list[Finding]:
    """TKG508/509 for a raster picture with too few pixels, TKG510 for art cropped by
    more than 5 % (a PNG's or an SVG's)."""
    art = next((p for p in scene.parts if p.kind == "art"), None)
    if art is None or piece.art is None:
        return []
    found = []
    width: float  # the picture's size: a PNG's pixels, or an SVG's viewBox units
    height: float
    if piece.art.suffix.lower() == ".svg":
        # Pictures the SVG embeds print at the size the art gives them, each its own.
        for image, place in leaves(scene.items_of(art)):
            if isinstance(image, Image):
                found += _resolution(memo, image, place.scale, art.box, art.source,
                                     "a picture in the art")
        _, _, width, height = svg_art(memo, piece.art)[0]
    else:
        pictures = images(scene.items_of(art))
        if not pictures:
            return found
        found += _resolution(memo, pictures[0], 1.0, art.box, art.source)
        width, height = picture_art(memo, pictures[0].path)
    found += _crop(width, height, art.box, art.source)
    return found


def _resolution(memo: Memo, image: Image, scale: float, box: tuple, source: str,
                what: str = "the art") -> list[Finding]:
    """TKG508/509 for a picture placed `scale` mm a unit of its box with too few pixels
    an inch."""
    pixels_w, pixels_h = picture_art(memo, image.path)
    # Placed as its fit says (a tile's art covers its box): the coarser way counts.
    mm_per_pixel = max(picture_scale(image.fit, image.w, image.h, pixels_w, pixels_h)) * scale
    ppi = MM_PER_INCH / mm_per_pixel
    if ppi >= GOOD_PPI:
        return []
    code = "TKG508" if ppi < LEAST_PPI else "TKG509"
    need = round(GOOD_PPI / ppi * max(pixels_w, pixels_h))
    return [Finding(code, "art resolution", source,
                    f"{what}, {pixels_w} x {pixels_h} px over {image.w * scale:g} x "
                    f"{image.h * scale:g} mm, prints at {ppi:.0f} ppi; print wants "
                    f"{GOOD_PPI:g} ppi (about {need} px on its longer side)", box, ppi, ART)]


def _crop(width: float, height: float, box: tuple, source: str) -> list[Finding]:
    """The share of the picture cut away to fill the box, and from which sides."""
    _, _, w, h = box
    scale = max(w / width, h / height)
    kept_w, kept_h = w / (width * scale), h / (height * scale)
    if min(kept_w, kept_h) >= 1 - MOST_CROP:
        return []
    wide = kept_w < kept_h
    cut = 1 - (kept_w if wide else kept_h)
    sides = "left and right" if wide else "top and bottom"
    return [Finding("TKG510", "art crop", source,
                    f"the art ({width:g} x {height:g}) is cropped to fill its {w:g} x {h:g} mm "
                    f"box: {cut:.0%} of its {'width' if wide else 'height'} is cut away, "
                    f"{cut / 2:.1%} at each of the {sides}", box, -cut, ART)]
