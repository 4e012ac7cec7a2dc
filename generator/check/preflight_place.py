"""Where things print: text, symbols and badges inside the safe zone (TKG501), every
shape on its piece (TKG515), art over the whole bleed (TKG502), and no two parts on top
of each other unless the layout allows it (TKG503)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from itertools import combinations

from generator.check.preflight_findings import ART, LAYOUT, Finding
from generator.draw.fonts import FontBook
from generator.draw.geometry import Bounds, Place, bounds, leaves, rough_bounds
from generator.draw.ink import ink_bounds, line_reach
from generator.draw.scene import Part, Rect, Scene, Text

PRINTED = ("text", "badge", "symbol")  # what must stay clear of the cut and of each other
LENIENCY = 0.05  # mm: closer than any printer's registration, so never worth a word
PPM = 2.0  # pixels a millimetre for the art's coverage


def extent(fonts: FontBook, scene: Scene, part: Part, rough: bool = False) -> Bounds | None:
    """Where a part puts ink: a text's glyphs, a badge's disc and ring, a symbol's shape.
    With `rough`, a text's is a rectangle that holds its glyphs (`line_reach`): never
    smaller, and no glyph looked at."""
    items = scene.items_of(part)
    if part.kind == "text":
        measure = line_reach if rough else ink_bounds
        return _union([measure(t, fonts) for t in items if isinstance(t, Text)])
    if part.round:
        x, y, w, h = part.box
        return x, y, x + w, y + h
    return bounds(items)


def _union(found: list[Bounds | None]) -> Bounds | None:
    boxes = [b for b in found if b is not None]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def as_box(b: Bounds) -> tuple[float, float, float, float]:
    """Bounds (x0, y0, x1, y1) as a box (x, y, w, h)."""
    return b[0], b[1], b[2] - b[0], b[3] - b[1]


def entry(part: Part) -> str:
    """The layout entry a part's place is written at (a text's box, a badge's place in
    its repeat's `at:`)."""
    if part.placed:
        return part.placed
    return f"{part.source}.box" if part.kind in ("text", "plate") else part.source


Margin = Callable[[Bounds], tuple[float, str]]  # mm from an edge, and which edge


def _clearances(fonts: FontBook, scene: Scene, safe: float,
                margin: Margin) -> Iterator[tuple[Part, Bounds, float, str]]:
    """Each text, badge or symbol that puts ink down, with where it does, how far that
    is from the edge (`margin`: mm, and which edge) and the edge. A text is measured
    roughly first: clear of the safe zone that way, its glyphs are clear of it too."""
    for part in scene.parts:
        if part.kind not in PRINTED:
            continue
        ink = extent(fonts, scene, part, rough=True)
        if ink is None:
            continue
        far, edge = margin(ink)
        if far < safe - LENIENCY and part.kind == "text":  # the glyphs say how near
            ink = extent(fonts, scene, part)
            if ink is None:
                continue
            far, edge = margin(ink)
        yield part, ink, far, edge


def outside_safe(fonts: FontBook, scene: Scene, safe: float) -> list[Finding]:
    """TKG501 for each text, symbol or badge nearer the cut than the safe zone allows."""
    b = scene.bleed

    def nearest(ink: Bounds) -> tuple[float, str]:
        margins = {"left": ink[0] - b, "top": ink[1] - b, "right": scene.width - b - ink[2],
                   "bottom": scene.height - b - ink[3]}
        side = min(margins, key=margins.__getitem__)
        return margins[side], f"the {side} cut"

    return [finding for part, ink, far, edge in _clearances(fonts, scene, safe, nearest)
            for finding in _too_near(part, ink, far, safe, edge, "ends")]


def round_safe(fonts: FontBook, scene: Scene, face: float, safe: float) -> list[Finding]:
    """TKG501 for each text, symbol or badge whose ink reaches nearer the disc's edge
    than the safe zone allows (a round piece's corners are cut away); `face` is the
    disc's diameter."""
    r = face / 2
    cx, cy = scene.width / 2, scene.height / 2

    def inside(ink: Bounds) -> tuple[float, str]:
        far = max(math.hypot(x - cx, y - cy) for x in (ink[0], ink[2]) for y in (ink[1], ink[3]))
        return r - far, "the disc's edge"

    return [finding for part, ink, far, edge in _clearances(fonts, scene, safe, inside)
            for finding in _too_near(part, ink, far, safe, edge, "comes")]


def _too_near(part, ink, margin: float, safe: float, edge: str, verb: str) -> list[Finding]:
    """TKG501 when the part's ink is `margin` mm from `edge` (negative: past it), nearer
    than the safe zone allows; nothing otherwise."""
    if margin >= safe - LENIENCY:
        return []
    told = (f"the {part.name} runs {-margin:.1f} mm past {edge}" if margin < 0 else
            f"the {part.name} {verb} {margin:.1f} mm from {edge}, inside the "
            f"{safe:g} mm safe zone")
    return [Finding("TKG501", part.name, entry(part), told, as_box(ink), margin)]


def off_piece(scene: Scene) -> list[Finding]:
    """TKG515 for each shape drawn mostly off its piece, past the bleed's edge: a grid
    whose last row runs off a mat, a circle placed outside the card. A shape the piece's
    edge merely cuts (rings running out of a tile's back) is a design."""
    found = []
    for part in scene.parts:
        if part.kind in PRINTED:
            continue  # their place is the safe zone's to judge
        if part.kind == "art":  # a picture is clipped to its box: the box says enough
            x, y, w, h = part.box
            boxes: list[Bounds] = [(x, y, x + w, y + h)]
        else:  # shapes: bounds from their points, no curve flattened
            boxes = [b for item in scene.items_of(part) if (b := rough_bounds(item))]
        lost = [b for b in boxes if _outside(b, scene) > 0.5]
        if lost:
            x0, y0 = min(b[0] for b in lost), min(b[1] for b in lost)
            x1, y1 = max(b[2] for b in lost), max(b[3] for b in lost)
            shapes = f"{len(lost)} of its shapes lie" if len(lost) > 1 else "it lies"
            found.append(Finding("TKG515", part.name, part.source, f"the {part.name} is drawn "
                                 f"off the piece: {shapes} mostly beyond the "
                                 f"{scene.width:g} x {scene.height:g} mm drawing, where "
                                 "nothing prints", (x0, y0, x1 - x0, y1 - y0), -1.0))
    return found


def _outside(b: Bounds, scene: Scene) -> float:
    """The share of a box (x0, y0, x1, y1) lying outside the scene (bleed included)."""
    w, h = max(b[2] - b[0], 0.1), max(b[3] - b[1], 0.1)
    inside_w = max(0.0, min(b[2], scene.width) - max(b[0], 0.0))
    inside_h = max(0.0, min(b[3], scene.height) - max(b[1], 0.0))
    return 1.0 - (min(inside_w, w) * min(inside_h, h)) / (w * h)


def framed(scene: Scene, box: tuple[float, float, float, float]) -> bool:
    """True when an art box stops well inside the cut on every side it stops short: a
    frame of the background, on purpose (a cut that slips shows more frame, never an
    edge of the art), like the ink-saver layout's."""
    x, y, w, h = box
    inside = scene.bleed * 2  # past the bleed, and as far again inside the trim
    gaps = (x, y, scene.width - x - w, scene.height - y - h)  # from the bleed's edge
    short = [gap for gap in gaps if gap > LENIENCY]
    return bool(short) and all(gap >= inside - LENIENCY for gap in short)


def art_cover(scene: Scene) -> list[Finding]:
    """TKG502 when the art leaves part of the trim and bleed bare (its box, or its
    picture within the box); an art box framed well inside the cut is a design."""
    art = [p for p in scene.parts if p.kind == "art"]
    if not art:
        return []  # no art: the background covers the piece
    x, y, w, h = art[0].box
    frame = framed(scene, art[0].box)
    if not frame and (x > LENIENCY or y > LENIENCY or x + w < scene.width - LENIENCY or (
            y + h < scene.height - LENIENCY)):
        return [Finding("TKG502", "art box", art[0].source, f"the art box ({x - scene.bleed:g}, "
                        f"{y - scene.bleed:g}, {w:g} x {h:g} mm from the trim's corner) does "
                        f"not reach the bleed's edge, {scene.bleed:g} mm beyond the cut",
                        art[0].box, -1.0, LAYOUT)]
    edge = _bare_edge(scene) if frame else ""
    if edge:
        return [_edge_finding(scene, art[0].source, edge)]
    items = [i for p in art for i in scene.items_of(p)]
    if any(_covers_all(item, at, scene) for item, at in leaves(items)):
        return []  # most art starts with a backdrop over the whole piece: nothing to paint
    from PIL import ImageOps  # Pillow loads only when something is painted

    from generator.draw.raster import Canvas

    canvas = Canvas(scene.width, scene.height, PPM)
    bare = ImageOps.invert(canvas.coverage(items, until_full=True))
    if frame:  # only the picture inside its own box counts
        left, top, right, bottom = (round(v * PPM) for v in (x, y, x + w, y + h))
        bare = bare.crop((left, top, right, bottom))
    box = bare.getbbox()
    if box is None or box[2] - box[0] < 2 or box[3] - box[1] < 2:  # under 1 mm: edge pixels
        return []
    x0, y0, x1, y1 = (v / PPM for v in box)
    return [Finding("TKG502", "art picture", art[0].source, f"the art's picture leaves "
                    f"{x1 - x0:.1f} x {y1 - y0:.1f} mm of the piece bare",
                    as_box((x0, y0, x1, y1)), 0.0, ART)]


def _bare_edge(scene: Scene) -> str:
    """Where nothing paints the piece's edge: its bleed, and as far again inside the cut,
    where a cut that slips shows what is there (the frame around art framed inside the
    cut), in words ("the right and bottom edges"); "" when it is all painted."""
    if scene.bleed <= 0 or any(_covers_all(item, at, scene) for item, at in leaves(scene.items)):
        return ""  # (most pieces start with a ground over the whole piece)
    from PIL import ImageDraw

    from generator.draw.raster import Canvas

    painted = Canvas(scene.width, scene.height, PPM).coverage(scene.items)
    (w, h), band = painted.size, round(2 * scene.bleed * PPM)
    inside = painted.copy()
    ImageDraw.Draw(inside).rectangle((band, band, w - band - 1, h - band - 1), fill=255)
    if inside.getextrema()[0] == 255:
        return ""
    x0, y0, x1, y1 = painted.getbbox() or (w, h, 0, 0)
    short = [side for side, gap in (("top", y0), ("bottom", h - y1), ("left", x0),
                                    ("right", w - x1)) if gap > 1]  # over half a mm
    if not short:
        return "parts of the edge"
    return f"the {' and '.join(short)} edge" + ("s" if len(short) > 1 else "")


def _edge_finding(scene: Scene, source: str, where: str) -> Finding:
    """TKG502 for a piece whose edge is left bare: with its boxes written for another size
    (a tile made 80 mm with the 63.5 mm tile's boxes), the paper shows at its cut."""
    return Finding("TKG502", "edge", source, f"nothing paints {where} of the "
                   f"{scene.width:g} x {scene.height:g} mm piece (bleed included), where a "
                   "cut that slips shows the paper: are its boxes written for another size? "
                   "(a box written from the piece's size, w: width, follows it)",
                   (0.0, 0.0, scene.width, scene.height), 0.0, LAYOUT)


def _covers_all(item, at: Place, scene: Scene) -> bool:
    """Whether a leaf of the art is a filled square-cornered rectangle that covers the
    whole scene where it is placed (and clipped), so the coverage mask would be full."""
    if not isinstance(item, Rect) or item.r or not item.style.fill or at.scale <= 0:
        return False
    x0, y0 = at.point(item.x, item.y)
    x1, y1 = at.point(item.x + item.w, item.y + item.h)
    if at.clip is not None:
        x0, y0 = max(x0, at.clip[0]), max(y0, at.clip[1])
        x1, y1 = min(x1, at.clip[2]), min(y1, at.clip[3])
    return x0 <= 0 and y0 <= 0 and x1 >= scene.width and y1 >= scene.height


def overlaps(fonts: FontBook, scene: Scene) -> list[Finding]:
    """TKG503 for each two parts that overlap though neither is a layer."""
    solid = [p for p in scene.parts if p.kind in PRINTED and not p.layer]
    found = []
    for a, b in combinations(solid, 2):
        depth = _depth(_shape(fonts, scene, a), _shape(fonts, scene, b))
        if depth > LENIENCY:
            x0, y0, x1, y1 = _meeting(a.box, b.box)
            # Two of one repeat (a row's badges) share a name: "another", not "the".
            other = f"another {a.name}" if a.name == b.name else f"the {a.name}"
            found.append(Finding("TKG503", f"{a.name} / {b.name}", entry(b),
                                 f"the {b.name} overlaps {other} by {depth:.1f} mm",
                                 (x0, y0, x1 - x0, y1 - y0), -depth))
    return found


def _shape(fonts: FontBook, scene: Scene, part: Part) -> tuple:
    """A text's box, a badge's circle, or the box a symbol inks."""
    x, y, w, h = part.box
    if part.round:
        return ("circle", x + w / 2, y + h / 2, w / 2)
    if part.kind == "symbol":
        ink = extent(fonts, scene, part)
        if ink is not None:
            return ("rect", *ink)
    return ("rect", x, y, x + w, y + h)


def _depth(a: tuple, b: tuple) -> float:
    """How far two shapes reach into each other, mm (0 or less: apart)."""
    if a[0] == "circle" and b[0] == "circle":
        return a[3] + b[3] - math.hypot(a[1] - b[1], a[2] - b[2])
    if a[0] == "rect" and b[0] == "rect":
        return min(min(a[3], b[3]) - max(a[1], b[1]), min(a[4], b[4]) - max(a[2], b[2]))
    circle, rect = (a, b) if a[0] == "circle" else (b, a)
    _, cx, cy, r = circle
    nearest = (min(max(cx, rect[1]), rect[3]), min(max(cy, rect[2]), rect[4]))
    return r - math.hypot(cx - nearest[0], cy - nearest[1])


def _meeting(a: tuple, b: tuple) -> Bounds:
    """Where two boxes (x, y, w, h) meet (their union when they only touch)."""
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if x1 <= x0 or y1 <= y0:
        return (min(a[0], b[0]), min(a[1], b[1]), max(a[0] + a[2], b[0] + b[2]),
                max(a[1] + a[3], b[1] + b[3]))
    return x0, y0, x1, y1
