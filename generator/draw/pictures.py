"""Raster pictures (a tile's art, a look's image), PNG or JPEG: read and checked as the
PDF backend reads them, with Pillow, once a file (its size and time of change name its
bytes); their pixels as they show; the bytes each backend embeds of them."""

from __future__ import annotations

import functools
import io
import warnings
from pathlib import Path

from generator.core.limits import PICTURE_PIXELS

# Each picture format: its name for the user, the bytes its files begin with, Pillow's name.
_FORMATS = {".png": ("PNG", b"\x89PNG\r\n\x1a\n", "PNG"),
            ".jpg": ("JPEG", b"\xff\xd8\xff", "JPEG"),
            ".jpeg": ("JPEG", b"\xff\xd8\xff", "JPEG")}
EXIF_ORIENTATION = 0x0112  # how a camera's picture is to be turned to show upright
TURNED_ACROSS = (5, 6, 7, 8)  # the orientations that swap its width and height
AS_STORED = (None, 1)
# What a PDF takes as a JPEG's own bytes (DCTDecode) in the colours it means: grey or
# RGB. A CMYK JPEG's inks are stored inverted by some programs and not by others.
JPEG_SPACES = {"RGB": "/DeviceRGB", "L": "/DeviceGray"}


_ALIGN = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
COVER = "xMidYMid slice"  # what a tile's art does: cover its box, cropped, centred


def fitted(fit: str, w: float, h: float, pw: float, ph: float
           ) -> tuple[float, float, float, float]:
    """Where a picture of pw x ph pixels lies in a box w x h, as SVG's
    preserveAspectRatio `fit` places it ("none", or an alignment such as "xMidYMid" and
    "meet" or "slice"): its offset from the box's top-left corner, and its size (past
    the box when it slices)."""
    if fit == "none":
        return 0.0, 0.0, w, h
    scale, _ = picture_scale(fit, w, h, pw, ph)
    drawn_w, drawn_h = pw * scale, ph * scale
    across, down = alignment(fit)
    return (w - drawn_w) * across, (h - drawn_h) * down, drawn_w, drawn_h


def alignment(fit: str) -> tuple[float, float]:
    """Where `fit` puts a picture its box does not fit, across and down: 0 at the
    start, 0.5 in the middle, 1 at the end."""
    return (0.0, 0.0) if fit == "none" else (_ALIGN[fit[1:4]], _ALIGN[fit[5:8]])


def picture_scale(fit: str, w: float, h: float, pw: float, ph: float
                  ) -> tuple[float, float]:
    """How much a picture of pw x ph pixels is scaled across and down to be placed in a
    box w x h as `fit` says (`fitted`): the same both ways, unless it is stretched."""
    if fit == "none":
        return w / pw, h / ph
    scale = max(w / pw, h / ph) if fit.endswith("slice") else min(w / pw, h / ph)
    return scale, scale


def picture_size(path: Path) -> tuple[int, int]:
    """Width and height in pixels of a readable PNG or JPEG, as it shows (a JPEG turned
    as its EXIF orientation says); ValueError saying what is wrong."""
    stat = path.stat()
    return _picture_size(str(path), stat.st_mtime_ns, stat.st_size)


def _format(path: str) -> tuple[str, bytes, str]:
    return _FORMATS.get(Path(path).suffix.lower(), _FORMATS[".png"])


@functools.lru_cache(maxsize=256)
def _picture_size(path: str, _mtime: int, _size: int) -> tuple[int, int]:
    name, signature, _ = _format(path)
    with open(path, "rb") as f:
        if f.read(len(signature)) != signature:
            raise ValueError(f"it is not a {name} image (it lacks the {name} signature)")
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = PICTURE_PIXELS.value  # the limits table's, not a default
    try:
        with warnings.catch_warnings():
            # Pillow only warns below twice its pixel limit; a piece never needs that much.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            size, orientation = _decoded_size(path)
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ValueError(f"the {name} image is too large to print (more than "
                         f"{PICTURE_PIXELS.value:,} pixels); scale it down") from None
    except Exception as exc:  # Pillow reports damage with many types (OSError, SyntaxError...)
        raise ValueError(f"the {name} image is damaged: {exc}") from None
    if not (size[0] > 0 and size[1] > 0):
        raise ValueError(f"the {name} image is empty")
    return (size[1], size[0]) if orientation in TURNED_ACROSS else size


def _decoded_size(path: str) -> tuple[tuple[int, int], int | None]:
    from PIL import Image

    formats = [_format(path)[2]]
    with Image.open(path, formats=formats) as image:
        image.verify()  # a PNG's chunk checksums, without decoding
    with Image.open(path, formats=formats) as image:
        image.load()  # the pixels too: the PDF backend decodes them the same way
        return image.size, _orientation(image)


def _orientation(image) -> int | None:
    return image.getexif().get(EXIF_ORIENTATION) if image.format == "JPEG" else None


def upright(path: Path):
    """The picture's pixels as it shows, an RGBA Pillow image: a JPEG turned as its EXIF
    orientation says, as cameras save pictures and browsers and print programs show
    them. A PNG shows as stored."""
    from PIL import Image, ImageOps

    with Image.open(path, formats=[_format(str(path))[2]]) as source:
        if _orientation(source) in AS_STORED:
            return source.convert("RGBA")
        return ImageOps.exif_transpose(source).convert("RGBA")


def jpeg_as_stored(path: Path) -> str | None:
    """The PDF colour space a JPEG's own bytes go into a PDF with (`JPEG_SPACES`); None
    for a PNG, and for a JPEG that must be decoded first (turned by its EXIF, CMYK)."""
    from PIL import Image

    if _format(str(path))[0] != "JPEG":
        return None
    with Image.open(path, formats=["JPEG"]) as source:
        if _orientation(source) not in AS_STORED:
            return None
        return JPEG_SPACES.get(source.mode)


def embedded(path: Path) -> tuple[str, bytes]:
    """The MIME type and bytes an SVG embeds the picture as: the file's own, or for a
    JPEG that must be decoded first, its upright pixels as a PNG (a viewer of the SVG
    might not turn it by its EXIF, nor read CMYK as the PDF does)."""
    name = _format(str(path))[0]
    if name == "PNG" or jpeg_as_stored(path):
        return f"image/{name.lower()}", path.read_bytes()
    out = io.BytesIO()
    upright(path).convert("RGB").save(out, "PNG")  # a JPEG has no transparency
    return "image/png", out.getvalue()
