"""Pictures inside SVG art (<image>, as Inkscape embeds an imported PNG or JPEG): checked,
kept as files, and placed as the SVG places them.

A picture embedded in the file (a `data:` URL) is the file's own: it is decoded and
kept in tkg's cache folder under the digest of its bytes, so the backends and the
preflight read it as they read a tile's PNG art, and the same picture is the same file
on every build. A picture the SVG links to by name is refused with the way to embed it:
the art would then depend on a file no fingerprint follows. Most art has the picture
upright in its box, scaled and moved; one turned, skewed or flipped is drawn so into a
picture of its own, upright and clear around it, and kept likewise.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import math
import re
from pathlib import Path

from generator.core.limits import IMAGE_BYTES, PICTURE_PIXELS
from generator.core.paths import display_path, keep_in_cache, user_cache
from generator.draw.pictures import fitted, picture_size, upright
from generator.draw.scene import Group, Image
from generator.draw.svgpaint import ArtError

_PNG = "export the art as a PNG (Inkscape: File > Export, 300 dpi)"
_EMBEDDED = re.compile(r"data:image/(png|jpeg|jpg);base64,", re.IGNORECASE)
_FIT = re.compile(r"(?:defer\s+)?(none|x(?:Min|Mid|Max)Y(?:Min|Mid|Max))(?:\s+(meet|slice))?")
_UPRIGHT = 1e-9  # what is left of a turn in a transform that has none


def check_reference(href: str) -> None:
    """ArtError unless `href` embeds a PNG or a JPEG (a `data:` URL), with the way to
    embed a linked picture."""
    reference = href.strip()
    if _EMBEDDED.match(reference):
        return
    if reference.lower().startswith("data:"):
        kind = reference[5:].split(";", 1)[0].split(",", 1)[0] or "of no kind"
        raise ArtError(f"a picture inside the SVG that is not a PNG or a JPEG ({kind}); "
                       f"save it as a PNG and import that, or {_PNG}")
    shown = reference if len(reference) <= 60 else reference[:57] + "..."
    raise ArtError(f"a picture the SVG links to ({shown!r}) rather than holds; embed it "
                   f"(Inkscape: Extensions > Images > Embed Images), or {_PNG}")


def kept_picture(href: str) -> Path:
    """The picture a `data:` URL embeds, as a file in tkg's cache folder (named by the
    digest of its bytes, written once); ArtError when it cannot be read or kept."""
    match = _EMBEDDED.match(href.strip())
    if match is None:
        check_reference(href)  # (raises: the survey let no other through)
        raise ArtError("a picture inside the SVG that cannot be read")
    encoded = re.sub(r"\s+", "", href.strip()[match.end():])
    if IMAGE_BYTES.over(len(encoded) * 3 // 4):
        raise ArtError(f"a picture inside the SVG: {IMAGE_BYTES.says(len(encoded) * 3 // 4)}")
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise ArtError("a picture inside the SVG whose data is damaged (not base64); import "
                       f"the picture again, or {_PNG}") from None
    suffix = ".png" if match.group(1).lower() == "png" else ".jpg"
    path = kept_bytes(data, suffix, f"a picture inside the SVG, which tkg cannot keep in "
                                    f"its cache folder ({{}}); make the folder writable, "
                                    f"or {_PNG}")
    try:
        picture_size(path)
    except ValueError as exc:
        raise ArtError(f"a picture inside the SVG: {exc}") from None
    return path


def kept_bytes(data: bytes, suffix: str, refusal: str) -> Path:
    """A picture's bytes as a file in tkg's cache folder, named by their digest (written
    once); ArtError, `refusal` naming the folder at its {}, when it cannot be kept."""
    folder = user_cache() / "pictures"
    path = folder / (hashlib.sha256(data).hexdigest() + suffix)
    if not path.is_file():
        keep_in_cache(path, data)
        if not path.is_file():
            raise ArtError(refusal.format(display_path(folder)))
    return path


def fit_of(value: str | None) -> str:
    """SVG's preserveAspectRatio as an `Image.fit`: "none", or an alignment and "meet"
    or "slice" (SVG's default: shown whole, centred)."""
    text = (value or "xMidYMid").strip()
    match = _FIT.fullmatch(text)
    if match is None:
        raise ArtError(f"a picture placed by preserveAspectRatio={text!r}, which is not "
                       "one SVG reads")
    align, mode = match.group(1), match.group(2) or "meet"
    return "none" if align == "none" else f"{align} {mode}"


def placed(x: float, y: float, w: float, h: float, matrix, path: Path, fit: str
           ) -> Image | Group | None:
    """The picture's box (x, y, w, h in its own units) mapped by its transform
    (a b c d e f), as an Image; None for a box of no area, which SVG does not draw. A
    picture turned, skewed or flipped is drawn so as a picture of its own (`_turned`)."""
    a, b, c, d, e, f = matrix
    if not (w > 0 and h > 0):
        return None
    if abs(b) > _UPRIGHT or abs(c) > _UPRIGHT or a <= 0 or d <= 0:
        return _turned((x, y, w, h), matrix, path, fit)
    return Image(a * x + e, d * y + f, a * w, d * h, path, fit)


def _turned(box: tuple[float, float, float, float], matrix, path: Path, fit: str
            ) -> Group | None:
    """A picture its transform turns, skews or flips, drawn so into a picture of its
    own at the picture's resolution (its pixels a millimetre along its sides, the finer
    way), upright in the box its corners span and kept in the cache as an embedded
    picture is, then cut to its own outline (or to its box, where it slices past it),
    turned: each backend places an upright picture, as every other, and the edges are
    the outline's, not a staircase of pixels."""
    a, b, c, d, e, f = matrix
    turn = a * d - b * c
    if abs(turn) < 1e-12:
        return None  # squashed flat: SVG draws nothing
    x, y, w, h = box
    pw, ph = picture_size(path)
    ox, oy, dw, dh = fitted(fit, w, h, pw, ph)
    left, top = x + ox, y + oy  # the drawn picture's corner, in the element's units
    shown = (x, y, w, h) if fit.endswith("slice") else (left, top, dw, dh)
    outline = [(a * u + c * v + e, b * u + d * v + f) for u, v in (
        (shown[0], shown[1]), (shown[0] + shown[2], shown[1]),
        (shown[0] + shown[2], shown[1] + shown[3]), (shown[0], shown[1] + shown[3]))]
    density = max(pw / (dw * math.hypot(a, b)), ph / (dh * math.hypot(c, d)))
    margin = 1 / density  # a pixel past the outline: what the cut leaves is picture
    x0, y0 = min(p[0] for p in outline) - margin, min(p[1] for p in outline) - margin
    x1, y1 = max(p[0] for p in outline) + margin, max(p[1] for p in outline) + margin
    size = (math.ceil((x1 - x0) * density), math.ceil((y1 - y0) * density))
    if PICTURE_PIXELS.over(size[0] * size[1]):
        raise ArtError(f"a picture turned in the SVG (<image>): drawn turned, "
                       f"{PICTURE_PIXELS.says(size[0] * size[1])}; turn it in a picture "
                       f"editor and import it again, or {_PNG}")
    # From a pixel of the new picture back to the element's units, then to the picture's
    # (whose edges are repeated `_EDGE` pixels out, so the cut falls on its colours).
    kx, ky = pw / dw, ph / dh
    at_u = (d * (x0 - e) - c * (y0 - f)) / turn
    at_v = (-b * (x0 - e) + a * (y0 - f)) / turn
    step = density * turn
    back = (d / step * kx, -c / step * kx, (at_u - left) * kx + _EDGE,
            -b / step * ky, a / step * ky, (at_v - top) * ky + _EDGE)
    kept = kept_bytes(_drawn_turned(path, size, back), ".png",
                      f"a picture turned in the SVG, which tkg cannot keep in its cache "
                      f"folder ({{}}); make the folder writable, or {_PNG}")
    image = Image(x0, y0, size[0] / density, size[1] / density, kept, "none")
    return Group((image,), clip_path=(("M", *outline[0]),
                                      *(("L", *p) for p in outline[1:]), ("Z",)))


_EDGE = 2  # pixels a turned picture's edges are repeated out, under its cut


def _drawn_turned(path: Path, size: tuple[int, int], back: tuple[float, ...]) -> bytes:
    """The picture, its edges repeated `_EDGE` pixels out, drawn into `size` pixels,
    each taken from where `back` maps it (bicubic), as PNG bytes. Its colours are weighed
    with their coverage (premultiplied) while resampled, so a clear pixel's black does
    not darken what lies beside it."""
    import numpy as np
    from PIL import Image as PilImage

    padded = np.pad(np.asarray(upright(path)), ((_EDGE, _EDGE), (_EDGE, _EDGE), (0, 0)),
                    mode="edge")
    turned = PilImage.fromarray(padded, "RGBA").convert("RGBa").transform(
        size, PilImage.Transform.AFFINE, back, resample=PilImage.Resampling.BICUBIC)
    out = io.BytesIO()
    turned.convert("RGBA").save(out, "PNG", compress_level=6)
    return out.getvalue()
