"""Pictures inside SVG art (<image>, as Inkscape embeds an imported PNG or JPEG): checked,
kept as files, and placed as the SVG places them.

A picture embedded in the file (a `data:` URL) is the file's own: it is decoded and
kept in tkg's cache folder under the digest of its bytes, so the backends and the
preflight read it as they read a tile's PNG art, and the same picture is the same file
on every build. A picture the SVG links to by name is refused with the way to embed it:
the art would then depend on a file no fingerprint follows. The picture stands upright
in its box, scaled and moved, as most art has it; one turned, skewed or flipped is
refused with the way out.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from pathlib import Path

from generator.core.limits import IMAGE_BYTES
from generator.core.paths import display_path, keep_in_cache, user_cache
from generator.draw.pictures import picture_size
from generator.draw.scene import Image
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
           ) -> Image | None:
    """The picture's box (x, y, w, h in its own units) mapped by its transform
    (a b c d e f), as an Image; None for a box of no area, which SVG does not draw."""
    a, b, c, d, e, f = matrix
    if abs(b) > _UPRIGHT or abs(c) > _UPRIGHT or a <= 0 or d <= 0:
        raise ArtError(f"a picture turned, skewed or flipped (<image>); turn it in a "
                       f"picture editor and import it again, or {_PNG}")
    if not (w > 0 and h > 0):
        return None
    return Image(a * x + e, d * y + f, a * w, d * h, path, fit)
