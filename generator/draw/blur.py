"""Blurred groups of SVG art (a filter's blur, shadow or glow) baked into pictures at
their print size.

Neither a PDF nor the preflight's raster can blur. So a blurred group (`Group.blur`)
is painted here by the preflight's painter on a white and on a black ground (the two
give its colours and how much of it shows), twice as fine as it is worked out (the
painter does not smooth edges), blurred by a Gaussian (on colours weighted by how
much shows, in linear light unless the filter says otherwise), brought to 300 pixels
an inch of the size it prints, and kept as a PNG in tkg's cache folder, named by its
bytes. A soft blur keeps nothing fine, so it is worked out coarser, where its
deviation spans SOFT pixels, and drawn out to 300 ppi; one finer than half a pixel at
300 ppi does not show, and its group is drawn sharp. The group then holds that
picture in its place, with its clip, mask and opacity over it as before: the SVG, the
PDF, the PNG exports and the preflight all show the same pixels.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
from PIL import Image as PilImage

from generator.core.digest import digest
from generator.core.memo import Memo
from generator.draw.geometry import Place, bounds
from generator.draw.raster import Canvas
from generator.draw.scene import Blur, Group, Image, has_blur
from generator.draw.svgpicture import kept_bytes
from generator.load.digests import code_digest

PRINT_PPM = 300 / 25.4  # pixels a millimetre of print at 300 ppi
FINER = 2  # painted this much finer, then brought down: the painter does not smooth edges
SOFT = 4.0  # pixels of deviation a blur is worked out at, when it has at least that many
UNSEEN = 0.5  # a blur of less than this many pixels at 300 ppi does not show
MOST_PIXELS = 9_000_000  # painted at most; a larger blur is painted coarser (it is soft)
BANDS = 128  # steps of a gradient's colour: a blur shows the painter's 24 as stripes
REACH = 3.0  # standard deviations a blur spreads past what it blurs (three box blurs: 2.8)


Box = tuple[float, float, float, float]  # left, top, right, bottom


def baked(memo: Memo, items: tuple, scale: float, seen: Box) -> tuple:
    """The items with each blurred group baked into a picture at 300 ppi, the items'
    units being `scale` mm, as far as it shows in `seen` (the part of the items' units
    that can show: no more is painted), inner groups first (a blur inside a blur is
    painted blurred). ArtError when the picture cannot be kept."""
    return tuple(_baked(memo, item, scale, seen) if isinstance(item, Group) else item
                 for item in items)


def _baked(memo: Memo, group: Group, scale: float, seen: Box) -> Group:
    (tx, ty), s = group.translate, group.scale
    inside = ((seen[0] - tx) / s, (seen[1] - ty) / s, (seen[2] - tx) / s, (seen[3] - ty) / s)
    children = baked(memo, group.children, scale * s, inside)
    if any(new is not old for new, old in zip(children, group.children, strict=True)):
        group = replace(group, children=children)
    if has_blur(group.mask):  # the mask's items are in the parent's units, as the clip
        group = replace(group, mask=baked(memo, group.mask, scale, seen))
    if group.blur is None:
        return group
    if max(group.blur.x, group.blur.y) * PRINT_PPM * scale < UNSEEN:
        return replace(group, blur=None)  # it does not show in print: drawn sharp
    key = digest("baked blur", code_digest(), repr(group), repr(scale), repr(seen))
    picture = memo.get(key, lambda: _picture(group, scale, seen))
    if picture is not None and not picture.path.is_file():
        picture = _picture(group, scale, seen)  # kept in a cache folder emptied since
    placed = () if picture is None else (Image((picture.x - tx) / s, (picture.y - ty) / s,
                                               picture.w / s, picture.h / s, picture.path,
                                               "none"),)
    return replace(group, children=placed, blur=None)


def _picture(group: Group, scale: float, seen: Box) -> Image | None:
    """The group's children blurred, as a picture in the group's parent's units, as far
    as it shows in `seen` (None where nothing shows).

    A blur of SOFT pixels or more at 300 ppi keeps nothing finer: it is worked out where
    its deviation is SOFT pixels, and drawn out to 300 ppi; a finer one is worked out at
    300 ppi. Either is painted FINER times finer, to smooth the painter's edges, and
    with a margin as wide as the blur reaches, for what lies beyond the picture to blur
    into it."""
    blur = group.blur
    assert blur is not None
    box = bounds(group.children, Place(group.scale, *group.translate))
    if box is None:
        return None
    x0, y0 = max(box[0] - REACH * blur.x, seen[0]), max(box[1] - REACH * blur.y, seen[1])
    x1, y1 = min(box[2] + REACH * blur.x, seen[2]), min(box[3] + REACH * blur.y, seen[3])
    if not (x0 < x1 and y0 < y1):
        return None
    printed = PRINT_PPM * scale  # pixels a unit at 300 ppi
    area = (x1 - x0 + 2 * REACH * blur.x) * (y1 - y0 + 2 * REACH * blur.y) \
        * (printed * FINER) ** 2
    if area > MOST_PIXELS:  # (a blur this large is soft at any size it can be printed)
        printed *= math.sqrt(MOST_PIXELS / area)
    softest = min(blur.x, blur.y) * printed  # (none along one way: that way is sharp)
    ppu = printed if softest < SOFT else printed * SOFT / softest  # where it is blurred
    width, height = (max(1, math.ceil(side * ppu)) for side in (x1 - x0, y1 - y0))
    across, down = (math.ceil(REACH * sigma * ppu) for sigma in (blur.x, blur.y))
    shifted = Place(group.scale, group.translate[0] - x0 + across / ppu,
                    group.translate[1] - y0 + down / ppu)
    wide, tall = width + 2 * across, height + 2 * down
    pixels = _resampled(_painted(group.children, shifted, wide * FINER, tall * FINER,
                                 ppu * FINER), (wide, tall), FINER)
    pixels = _blurred(pixels, blur, ppu)[down:down + height, across:across + width]
    size = (max(1, round(width / ppu * printed)), max(1, round(height / ppu * printed)))
    straight = _straight(_resampled(pixels, size, 1), blur.linear)
    return Image(x0, y0, width / ppu, height / ppu, _kept(_png(straight)), "none")


def _painted(items, place: Place, width: int, height: int, ppu: float) -> np.ndarray:
    """The items over a clear ground: premultiplied red, green, blue and how much shows
    (0-1, height x width x 4), from their paint on a white and on a black ground."""
    grounds = []
    for ground in ("#FFFFFF", "#000000"):
        canvas = Canvas(width / ppu, height / ppu, ppu, bands=BANDS)
        canvas.image = PilImage.new("RGB", (width, height), ground)
        canvas.paint(items, place)
        grounds.append(np.asarray(canvas.image, dtype=np.float32) / 255)
    on_white, on_black = grounds
    shows = np.clip(1 - (on_white - on_black).mean(axis=2, keepdims=True), 0, 1)
    return np.concatenate([np.minimum(on_black, shows), shows], axis=2)


def _blurred(pixels: np.ndarray, blur: Blur, ppu: float) -> np.ndarray:
    """The premultiplied pixels blurred (in linear light, if the blur says so: then so
    are the pixels it gives): by a Gaussian itself where it spans few pixels, else by
    the three box blurs SVG allows in its place."""
    if blur.linear:
        pixels = _colours(pixels, _to_linear)
    for channel in range(4):  # one at a time: the sums of a whole picture are large
        plane = pixels[..., channel]
        for axis, sigma in ((1, blur.x * ppu), (0, blur.y * ppu)):
            if sigma <= 3 * SOFT:
                plane = _gaussian(plane, sigma, axis)
                continue
            for size, left in _boxes(sigma):
                plane = _box(plane, size, left, axis)
        pixels[..., channel] = plane
    return pixels


def _gaussian(plane: np.ndarray, sigma: float, axis: int) -> np.ndarray:
    """The plane blurred along `axis` by a Gaussian of `sigma` pixels (three deviations
    each way); beyond the picture, nothing shows."""
    reach = math.ceil(3 * sigma)
    if reach < 1:
        return plane
    weights = np.exp(-0.5 * (np.arange(-reach, reach + 1) / sigma) ** 2)
    weights /= weights.sum()
    pad = [(0, 0)] * plane.ndim
    pad[axis] = (reach, reach)
    padded = np.pad(plane, pad)
    n = plane.shape[axis]
    out = np.zeros_like(plane)
    for offset, weight in enumerate(weights):
        out += weight * np.take(padded, range(offset, offset + n), axis=axis)
    return out


def _resampled(pixels: np.ndarray, size: tuple[int, int], step: int) -> np.ndarray:
    """Premultiplied pixels brought to `size` (width, height): `step` painted pixels to
    one averaged (step > 1), or drawn out between each pair of pixels (up)."""
    if step > 1:
        height, width = pixels.shape[0] // step, pixels.shape[1] // step
        return pixels.reshape(height, step, width, step, 4).mean(axis=(1, 3))
    for axis, count in ((1, size[0]), (0, size[1])):
        pixels = _stretched(pixels, count, axis)
    return pixels


def _stretched(pixels: np.ndarray, count: int, axis: int) -> np.ndarray:
    """The pixels along `axis` as `count`, each between the two nearest (bilinear)."""
    have = pixels.shape[axis]
    if have == count:
        return pixels
    at = np.clip((np.arange(count) + 0.5) * have / count - 0.5, 0, have - 1)
    low = np.floor(at).astype(int)
    high = np.minimum(low + 1, have - 1)
    weight = (at - low).reshape([-1 if i == axis else 1 for i in range(pixels.ndim)])
    return (np.take(pixels, low, axis=axis) * (1 - weight)
            + np.take(pixels, high, axis=axis) * weight).astype(np.float32)


def _straight(pixels: np.ndarray, linear: bool) -> np.ndarray:
    """Premultiplied pixels (in linear light, if `linear`) as straight 8-bit RGBA."""
    shows, colours = pixels[..., 3:], _unweighted(pixels)
    if linear:
        colours = _from_linear(np.clip(colours, 0, 1))
    straight = np.concatenate([np.clip(colours, 0, 1), np.clip(shows, 0, 1)], axis=2)
    return np.rint(straight * 255).astype(np.uint8)


def _boxes(sigma: float) -> list[tuple[int, int]]:
    """The three box blurs SVG gives for a standard deviation of `sigma` pixels: each
    its size and how far it reaches back (its left side)."""
    d = math.floor(sigma * 3 * math.sqrt(2 * math.pi) / 4 + 0.5)
    if d <= 1:
        return []
    if d % 2:
        return [(d, d // 2)] * 3
    return [(d, d // 2), (d, d // 2 - 1), (d + 1, d // 2)]


def _box(pixels: np.ndarray, size: int, left: int, axis: int) -> np.ndarray:
    """The mean of `size` pixels along `axis`, from `left` before each to the rest after
    it; beyond the picture, nothing shows (SVG's edgeMode none)."""
    pad = [(0, 0)] * pixels.ndim
    pad[axis] = (size + 1, size)
    sums = np.cumsum(np.pad(pixels, pad), axis=axis, dtype=np.float64)
    n = pixels.shape[axis]
    first = size + 1 - left  # index in `sums` of the window's end for the first pixel
    ends = np.take(sums, range(first + size - 1, first + size - 1 + n), axis=axis)
    starts = np.take(sums, range(first - 1, first - 1 + n), axis=axis)
    return ((ends - starts) / size).astype(np.float32)


def _colours(pixels: np.ndarray, change) -> np.ndarray:
    """Premultiplied pixels with their straight colours changed by `change`."""
    shows = pixels[..., 3:]
    return np.concatenate([change(_unweighted(pixels)) * shows, shows], axis=2)


def _unweighted(pixels: np.ndarray) -> np.ndarray:
    """The straight colours of premultiplied pixels (black where nothing shows)."""
    shows = pixels[..., 3:]
    return np.divide(pixels[..., :3], shows, out=np.zeros_like(pixels[..., :3]),
                     where=shows > 1e-6)


def _to_linear(c: np.ndarray) -> np.ndarray:
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _from_linear(c: np.ndarray) -> np.ndarray:
    return np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def _png(pixels: np.ndarray) -> bytes:
    """RGBA pixels as PNG bytes, the same bytes for the same pixels (no date, fixed
    compression: zlib's level 3, a third of level 6's time for a quarter more bytes)."""
    out = io.BytesIO()
    PilImage.fromarray(pixels, "RGBA").save(out, "PNG", compress_level=3)
    return out.getvalue()


def _kept(data: bytes) -> Path:
    """The PNG as a file in tkg's cache folder, named by its bytes (written once)."""
    return kept_bytes(data, ".png", "a blur, which tkg keeps as a picture in its cache "
                                    "folder ({}); make the folder writable")
