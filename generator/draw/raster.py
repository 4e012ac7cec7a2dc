"""Scene items painted into a Pillow image, coarsely: to know what colour lies behind
a text or a silhouette, and which part of a piece its art covers.

Not a renderer for looking at (no antialiasing, no text, gradients in bands): the
averages it gives are what the preflight's contrast and coverage checks need. It
fills the outlines of `generator.draw.geometry`, so it paints the geometry the
checks measure.
"""

from __future__ import annotations

import copy
import math
from operator import mul

from PIL import Image as PilImage
from PIL import ImageChops, ImageDraw

from generator.draw.blend import WHOLE_COLOUR, mix_arrays, mix_colour_arrays
from generator.draw.colour import stop_colour
from generator.draw.geometry import SCENE, Bounds, Place, bounds, leaves, rough_bounds, subpaths
from generator.draw.gradients import apply, focus, invert, placement, reaches_over, spread
from generator.draw.pictures import alignment, fitted, upright
from generator.draw.scene import Ellipse, Gradient, Group, Image, Rect, Style

_ANY = [0] + [255] * 255  # a pixel of a picture that shows at all covers the paper there
BANDS = 24  # steps of a gradient
ROUND = 72  # corners of a radial gradient's ring
Region = tuple[int, int, int, int]  # a box of pixels: left, top, right, bottom


class Canvas:
    """A piece's area (width x height mm) at `ppm` pixels a millimetre, paper white."""

    def __init__(self, width: float, height: float, ppm: float = 2.0,
                 focus: tuple[Bounds, ...] | None = None, bands: int = BANDS):
        self.ppm = ppm
        self.bands = bands  # steps of a gradient's colour over its length
        self.size = (max(1, round(width * ppm)), max(1, round(height * ppm)))
        self.image = PilImage.new("RGB", self.size, "#FFFFFF")
        # Only these scene rectangles will be looked at: shapes away from them are skipped.
        self.focus = focus
        # A clipping path's mask, and a mask's luminance, each made once.
        self._clip_masks: dict[object, PilImage.Image] = {}

    def paint(self, items, place: Place = SCENE) -> None:
        """Paint the items over what is there (text is left out)."""
        for item in items:
            if isinstance(item, Group):
                self._group(item, place)
            elif self.focus is not None and not _touches(rough_bounds(item, place),
                                                         self.focus):
                continue
            elif isinstance(item, Image):
                self._picture(item, place)
            elif hasattr(item, "style"):
                self._shape(item, place)

    def _group(self, group: Group, place: Place) -> None:
        """A group's children; a see-through group's painted whole, then laid at its
        opacity over what was there, and a masked group's through its mask's luminance,
        as SVG lays them."""
        inside = place.inside(group)
        if group.opacity >= 1 and not group.mask and group.blend == "normal":
            self.paint(group.children, inside)
            return
        under = self.image.copy()
        # Its children are painted whole here (their place without this mask and this
        # blend), and the whole is laid through the mask once.
        inside = inside._replace(masks=place.masks, blend=place.blend)
        self.paint(group.children, inside)
        if group.blend != "normal":  # where they paint, their colours blended with under
            self.image = PilImage.composite(_mixed(group.blend, under, self.image), under,
                                            self.coverage(group.children, inside))
        if group.opacity < 1:
            self.image = PilImage.blend(under, self.image, group.opacity)
        if group.mask:
            self.image = PilImage.composite(self.image, under, self._luminance(group.mask,
                                                                               place))

    def coverage(self, items, place: Place = SCENE, until_full: bool = False) -> PilImage.Image:
        """A mask (mode L) of where the items paint, whatever their colours; with
        `until_full`, it stops as soon as the whole canvas is covered."""
        mask = PilImage.new("L", self.size, 0)
        for item, at in leaves(items, place):
            for outline, region in self._covered(item, at):
                mask.paste(255, region, outline.crop(region))
            if until_full and mask.getextrema()[0] == 255:
                break
        return mask

    def _covered(self, item, place: Place) -> list[tuple[PilImage.Image, Region]]:
        """The masks of where one item paints, each with its region: a picture's where
        it is not clear (a PNG's alpha), a shape's fill and stroke."""
        if isinstance(item, Image):
            placed = self._placed(item, place)
            return [] if placed is None else [(placed[1].point(_ANY), placed[2])]
        found = []
        for filled in (True, False):
            if item_fill(item) if filled else item_stroke(item):
                outline, region = self._outline(item, place, 255, filled)
                if region is not None:
                    found.append((outline, region))
        return found

    def mean(self, box: tuple[float, float, float, float] | None = None,
             mask: PilImage.Image | None = None) -> str:
        """The average colour in a scene box (x, y, w, h mm), or under a mask."""
        if box is not None:
            mask = self.box_mask(box)
        if mask is not None and mask.getbbox() is None:
            mask = None  # nothing under it: say what the whole canvas averages
        r, g, b = (round(v) for v in _means(self.image.histogram(mask)))
        return f"#{r:02X}{g:02X}{b:02X}"

    def box_mask(self, box: tuple[float, float, float, float]) -> PilImage.Image:
        """A mask of a scene box (x, y, w, h mm)."""
        mask = PilImage.new("L", self.size, 0)
        x, y, w, h = box
        ImageDraw.Draw(mask).rectangle(self._px((x, y, x + w, y + h)), fill=255)
        return mask

    def _px(self, bounds) -> list[float]:
        return [v * self.ppm for v in bounds]

    def _shape(self, item, place: Place) -> None:
        style: Style = item.style
        alpha = round(255 * style.opacity)
        if style.fill:
            self._fill(*self._outline(item, place, alpha, True), style.fill, item, place)
        if style.stroke and item_stroke(item):
            self._fill(*self._outline(item, place, alpha, False), style.stroke, item, place)

    def _fill(self, mask: PilImage.Image, region: Region | None, paint: str | Gradient, item,
              place: Place) -> None:
        if region is None:
            return
        colour = (self._gradient(paint, item, place).crop(region) if isinstance(paint, Gradient)
                  else paint)
        self.image.paste(colour, region, mask.crop(region))

    def _outline(self, item, place: Place, value: int,
                 filled: bool) -> tuple[PilImage.Image, Region | None]:
        """The mask of an item's fill (`filled`) or of its stroke, and the pixel region
        it paints inside its clip (None when that is nothing)."""
        mask = PilImage.new("L", self.size, 0)
        draw, s = ImageDraw.Draw(mask), place.scale * self.ppm
        width = max(1, round(item.style.stroke_width * s)) if hasattr(item, "style") else 1
        if isinstance(item, Rect | Image):
            corners = self._px((*place.point(item.x, item.y),
                                *place.point(item.x + item.w, item.y + item.h)))
            radius = getattr(item, "r", 0.0) * s
            draw.rounded_rectangle(corners, radius, fill=value if filled else None,
                                   outline=None if filled else value, width=width)
        elif isinstance(item, Ellipse):
            corners = self._px((*place.point(item.cx - item.rx, item.cy - item.ry),
                                *place.point(item.cx + item.rx, item.cy + item.ry)))
            draw.ellipse(corners, fill=value if filled else None,
                         outline=None if filled else value, width=width)
        else:
            mask = self._polygons(subpaths(item, place), item.style.evenodd, value, filled,
                                  width)
        mask = self._clipped(mask, place)
        return mask, self._region(mask.getbbox(), place)

    def _clipped(self, mask: PilImage.Image, place: Place) -> PilImage.Image:
        """The mask cut by the clipping paths of the place, and dimmed by its masks
        (none: as it is)."""
        for outline in place.outlines:
            cut = self._clip_masks.get(outline)
            if cut is None:
                cut = self._clip_masks[outline] = self._polygons(
                    outline.subpaths, outline.evenodd, 255, True, 1)
            mask = ImageChops.multiply(mask, cut)
        for items, at in place.masks:
            mask = ImageChops.multiply(mask, self._luminance(items, at))
        return mask

    def _luminance(self, items: tuple, place: Place) -> PilImage.Image:
        """How much a mask of `items` (drawn at `place`) shows at each pixel: their
        luminance over black, as SVG masks."""
        key = (id(items), place)
        found = self._clip_masks.get(key)
        if found is None:
            canvas = copy.copy(self)  # (its clipping paths' masks shared)
            canvas.image, canvas.focus = PilImage.new("RGB", self.size, "#000000"), None
            canvas.paint(items, place)
            found = self._clip_masks[key] = canvas.image.convert("L")
        return found

    def _region(self, painted: Region | None, place: Place) -> Region | None:
        """The painted pixel box cut to the clip (None when nothing is left)."""
        if painted is None or place.clip is None:
            return painted
        clip = [round(v) for v in self._px(place.clip)]
        region = (max(painted[0], clip[0]), max(painted[1], clip[1]),
                  min(painted[2], clip[2]), min(painted[3], clip[3]))
        return region if region[0] < region[2] and region[1] < region[3] else None

    def _polygons(self, found, evenodd: bool, value: int, filled: bool,
                  width: int) -> PilImage.Image:
        """The mask of subpaths (scene points) filled, or stroked `width` pixels wide."""
        mask = PilImage.new("L", self.size, 0)
        draw = ImageDraw.Draw(mask)
        for points, closed in found:
            pixels = [(x * self.ppm, y * self.ppm) for x, y in points]
            if filled and len(pixels) > 2 and evenodd:
                # Holes: even-odd toggles what overlaps.
                one = PilImage.new("L", self.size, 0)
                ImageDraw.Draw(one).polygon(pixels, fill=value)
                mask = ImageChops.difference(mask, one)
                draw = ImageDraw.Draw(mask)
            elif filled and len(pixels) > 2:
                draw.polygon(pixels, fill=value)  # non-zero (most art): subpaths join
            elif not filled:
                draw.line(pixels + pixels[:1] * closed, fill=value, width=width,
                          joint="curve")
        return mask

    def _gradient(self, g: Gradient, item, place: Place) -> PilImage.Image:
        """The gradient over the canvas as it lies on the item, in BANDS steps of colour:
        each band drawn in the gradient's own coordinates and mapped onto the pixels."""
        image = PilImage.new("RGB", self.size, g.stops[-1][1])  # beyond its end: its last
        box = bounds((item,))
        if box is None:
            return image
        onto = placement(g, (box[0], box[1], box[2] - box[0], box[3] - box[1]))
        back = invert(onto)
        if back is None:
            return image

        def pixel(u: float, v: float) -> tuple[float, float]:
            x, y = place.point(*apply(onto, u, v))
            return x * self.ppm, y * self.ppm

        # As far in the gradient's coordinates as the canvas reaches from its start.
        corners = [apply(back, (x / self.ppm - place.dx) / place.scale,
                         (y / self.ppm - place.dy) / place.scale)
                   for x in (0, self.size[0]) for y in (0, self.size[1])]
        far = 2 * max(math.dist(c, (g.x1, g.y1)) for c in corners) + 1
        draw = ImageDraw.Draw(image)
        for t, outline in _bands(g, far, _steps(g, reaches_over(g, corners), self.bands)):
            draw.polygon([pixel(u, v) for u, v in outline], fill=stop_colour(g, spread(g, t)))
        return image

    def _picture(self, item: Image, place: Place) -> None:
        """A picture in its box, placed as the backends place it (a tile's art covers
        its box, cropped, never stretched)."""
        placed = self._placed(item, place)
        if placed is not None:
            layer, shows, region = placed
            self.image.paste(layer.convert("RGB").crop(region), region, shows.crop(region))

    def _placed(self, item: Image, place: Place
                ) -> tuple[PilImage.Image, PilImage.Image, Region] | None:
        """The picture laid where it goes on a clear layer of the canvas's size, how much
        of it shows at each pixel (its alpha, clipped and masked), and the region of the
        pixels it paints (None: it paints none)."""
        picture = upright(item.path)
        x0, y0 = place.point(item.x, item.y)
        x1, y1 = place.point(item.x + item.w, item.y + item.h)
        w, h = max(1, round((x1 - x0) * self.ppm)), max(1, round((y1 - y0) * self.ppm))
        left, top = round(x0 * self.ppm), round(y0 * self.ppm)
        across, down = alignment(item.fit)
        if item.fit.endswith("slice"):
            # Cropped first, then resized: a long thin picture scaled whole to cover the
            # box would be millions of pixels long (a 1 x 40,000 px one: gigabytes).
            scale = max(w / picture.width, h / picture.height)
            seen_w, seen_h = w / scale, h / scale
            cut_x, cut_y = (picture.width - seen_w) * across, (picture.height - seen_h) * down
            size, source = (w, h), (cut_x, cut_y, cut_x + seen_w, cut_y + seen_h)
        else:  # shown whole, inside its box
            dx, dy, shown_w, shown_h = fitted(item.fit, w, h, picture.width, picture.height)
            size = (max(1, round(shown_w)), max(1, round(shown_h)))
            source = (0.0, 0.0, float(picture.width), float(picture.height))
            left, top = left + round(dx), top + round(dy)
        shown = _on_canvas(left, top, size, source, self.size)
        if shown is None:
            return None
        (left, top), size, source = shown
        picture = picture.resize(size, box=source)
        layer = PilImage.new("RGBA", self.size, (0, 0, 0, 0))
        layer.paste(picture, (left, top))
        alpha = self._clipped(layer.getchannel("A"), place)
        region = self._region(alpha.getbbox(), place)
        return None if region is None else (layer, alpha, region)


def _on_canvas(left: int, top: int, size: tuple[int, int], source: tuple, canvas: tuple
               ) -> tuple | None:
    """The part of a picture placed at (left, top) at `size` pixels, showing the
    `source` box of its own pixels, that lies on a canvas of `canvas` pixels: its place,
    size and source box (None: no part). Only that part is resized: a picture placed
    far larger than the canvas would be billions of pixels."""
    start, end, box = [left, top], [left + size[0], top + size[1]], list(source)
    for axis in (0, 1):
        low, high = max(start[axis], 0), min(end[axis], canvas[axis])
        if low >= high:
            return None
        if (low, high) != (start[axis], end[axis]):
            reach = (box[axis + 2] - box[axis]) / (end[axis] - start[axis])
            box[axis], box[axis + 2] = (box[axis] + (low - start[axis]) * reach,
                                        box[axis] + (high - start[axis]) * reach)
            start[axis], end[axis] = low, high
    return ((start[0], start[1]), (end[0] - start[0], end[1] - start[1]),
            tuple(box))


def _means(histogram: list[int]) -> list[float]:
    """Each band's mean from an RGB histogram (the numbers ImageStat gives: the sums are
    whole numbers, so summing them in another order changes nothing)."""
    found = []
    for start in range(0, len(histogram), 256):
        band = histogram[start:start + 256]
        found.append(sum(map(mul, range(256), band)) / sum(band))
    return found


def _touches(box: Bounds | None, focus: tuple[Bounds, ...]) -> bool:
    return box is not None and any(box[0] < f[2] and f[0] < box[2] and box[1] < f[3]
                                   and f[1] < box[3] for f in focus)


def item_fill(item) -> bool:
    """Whether an item paints its inside (pictures always do; a text's glyphs are not
    looked at as shapes here)."""
    if isinstance(item, Image):
        return True
    style = getattr(item, "style", None)
    return style is not None and bool(style.fill)


def _mixed(mode: str, under: PilImage.Image, over: PilImage.Image) -> PilImage.Image:
    """`over`'s colours blended by `mode` with `under`'s, pixel by pixel."""
    import numpy as np  # only for art that blends

    below, paint = (np.asarray(image, float) / 255 for image in (under, over))
    mixing = mix_colour_arrays if mode in WHOLE_COLOUR else mix_arrays
    mixed = np.clip(np.rint(mixing(mode, below, paint) * 255), 0, 255)
    return PilImage.fromarray(mixed.astype(np.uint8), under.mode)


def item_stroke(item) -> bool:
    """Whether an item paints an outline."""
    style = getattr(item, "style", None)
    return style is not None and bool(style.stroke) and style.stroke_width > 0


__all__ = ["Canvas", "item_fill", "item_stroke", "leaves", "stop_colour"]


def _steps(g: Gradient, lengths: tuple[int, int], bands: int = BANDS) -> list[float]:
    """The reaches a gradient is painted at, highest first: `bands` a length of it, from
    its end to its start; one spread beyond them (reflected, repeated), over the whole
    `lengths` of it the canvas reaches over."""
    first, last = (bands, 0) if g.spread == "pad" else (lengths[1] * bands, lengths[0] * bands)
    if g.radius:
        last = max(last, 1)  # a ring of no size paints nothing
    return [i / bands for i in range(first, last - 1, -1)]


def _bands(g: Gradient, far: float, steps: list[float]):
    """(t, outline) at each reach of `steps` (from the highest), in the gradient's own
    coordinates: each outline holds every point whose reach is at most its own, so a
    band painted over the one before leaves that one its ring (or strip) of colour."""
    if g.radius:
        fx, fy = focus(g)
        for t in steps:
            cx, cy, r = fx + (g.x1 - fx) * t, fy + (g.y1 - fy) * t, g.radius * t
            yield t, [(cx + r * math.cos(a), cy + r * math.sin(a))
                      for a in (2 * math.pi * k / ROUND for k in range(ROUND))]
        return
    dx, dy = g.x2 - g.x1, g.y2 - g.y1
    length = math.hypot(dx, dy)
    if length == 0:
        return  # no direction: its last colour throughout (SVG's)
    ux, uy = dx / length * far, dy / length * far  # along, and across:
    nx, ny = -uy, ux
    for t in steps:
        px, py = g.x1 + dx * t, g.y1 + dy * t
        yield t, [(px + nx, py + ny), (px - nx, py - ny), (g.x1 - ux - nx, g.y1 - uy - ny),
                  (g.x1 - ux + nx, g.y1 - uy + ny)]
