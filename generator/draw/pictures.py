"""Raster pictures (a tile's art, a look's image): read and checked as the PDF backend
reads them, with Pillow, once a file (its size and time of change name its bytes)."""

from __future__ import annotations

import functools
import warnings
from pathlib import Path

from generator.core.limits import PICTURE_PIXELS

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def picture_size(path: Path) -> tuple[int, int]:
    """Width and height in pixels of a readable PNG; ValueError saying what is wrong."""
    stat = path.stat()
    return _picture_size(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _picture_size(path: str, _mtime: int, _size: int) -> tuple[int, int]:
    with open(path, "rb") as f:
        if f.read(len(PNG_SIGNATURE)) != PNG_SIGNATURE:
            raise ValueError("it is not a PNG image (it lacks the PNG signature)")
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = PICTURE_PIXELS.value  # the limits table's, not a default
    try:
        with warnings.catch_warnings():
            # Pillow only warns below twice its pixel limit; a piece never needs that much.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            size = _decoded_size(path)
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ValueError(f"the PNG image is too large to print (more than "
                         f"{PICTURE_PIXELS.value:,} pixels); scale it down") from None
    except Exception as exc:  # Pillow reports damage with many types (OSError, SyntaxError...)
        raise ValueError(f"the PNG image is damaged: {exc}") from None
    if not (size[0] > 0 and size[1] > 0):
        raise ValueError("the PNG image is empty")
    return size


def _decoded_size(path: str) -> tuple[int, int]:
    from PIL import Image

    with Image.open(path) as image:
        image.verify()  # chunk checksums, without decoding
    with Image.open(path) as image:
        image.load()  # the pixels too: reportlab decodes them the same way
        return image.size
