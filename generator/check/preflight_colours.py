"""Can players tell the elements apart? Their colours in greyscale and for the three
colour-vision deficiencies, or else their silhouettes (TKG511, TKG512).

Each pair of element colours is compared (CIE ΔE2000) as normal eyes, greyscale and
simulated deuteranopia, protanopia and tritanopia see them (`generator.draw.vision`).
Under APART they are easily confused at a glance; that is fine when the two insignias'
silhouettes differ (DESIGN.md: each element has its own), and an error when they are
alike too. The weakest pair is always reported, for information.
"""

from __future__ import annotations

from itertools import combinations

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.model import Element
from generator.draw.kit import Kit
from generator.draw.parts import symbol
from generator.draw.vision import VISIONS, delta_e, seen
from generator.load.digests import code_digest

APART = 10.0  # ΔE2000: about 2 is just noticeable side by side; 10 reads at a glance
ALIKE = 0.8  # silhouettes sharing this much of their area are the same shape to a player
SIDE = 24.0  # mm: the size silhouettes are compared at (at 2 px a mm)


def closest(a: Element, b: Element) -> tuple[float, str]:
    """The pair's ΔE2000 in the vision where the two colours are nearest, and its name."""
    return min((delta_e(seen(a.colour, m), seen(b.colour, m)), name) for name, m in VISIONS)


def element_colours(kit: Kit) -> list[Diagnostic]:
    """TKG511 for each pair alike in colour (for some eyes) and in silhouette; TKG512
    naming the pair hardest to tell apart by colour. Kept in the memo under the elements
    (their positions included) and the symbol files."""
    key = digest("element colours", code_digest(), repr(kit.game.elements), *kit.assets)
    return kit.memo.get(key, lambda: _element_colours(kit))


def _element_colours(kit: Kit) -> list[Diagnostic]:
    pairs = [(closest(a, b), a, b) for a, b in combinations(kit.game.elements, 2)]
    if not pairs:
        return []
    found = []
    for (distance, vision), a, b in pairs:
        if distance < APART and (share := overlap(kit, a, b)) >= ALIKE:
            found.append(diagnostic("TKG511", b.where, f"{a.name} and {b.name} look alike: "
                                    f"their colours are {distance:.1f} apart (ΔE2000) in "
                                    f"{vision}, under {APART:g}, and their silhouettes "
                                    f"share {share:.0%} of their area"))
    (distance, vision), a, b = min(pairs, key=lambda p: p[0][0])
    shapes = ("their silhouettes differ" if overlap(kit, a, b) < ALIKE
              else "their silhouettes are alike")
    found.append(diagnostic("TKG512", b.where, f"the element colours hardest to tell apart are "
                            f"{a.name} and {b.name}: {distance:.1f} apart (ΔE2000) in "
                            f"{vision}; {shapes}"))
    return found


def overlap(kit: Kit, a: Element, b: Element) -> float:
    """How much two elements' silhouettes cover alike: shared area over joint area (1:
    the same shape), both drawn at one size."""
    from PIL import ImageChops  # Pillow loads only when something is painted

    masks = [_silhouette(kit, e) for e in (a, b)]
    both = _area(ImageChops.multiply(*masks))
    either = _area(ImageChops.lighter(*masks))
    return both / either if either else 1.0


def _silhouette(kit: Kit, element: Element):
    from generator.draw.raster import Canvas

    canvas = Canvas(SIDE, SIDE)
    return canvas.coverage([symbol(kit.memo, element, SIDE / 2, SIDE / 2, SIDE, "#000000")])


def _area(mask) -> int:
    return sum(mask.point(lambda v: 1 if v > 127 else 0).histogram()[1:])
