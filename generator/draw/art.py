"""PNG art checked before it is drawn, and the picture files a scene shows.

A PNG is checked by its signature and by decoding it with Pillow (the library the PDF
backend reads it with). SVG art is read into shapes by `generator.draw.svgart`. A
file that fails is a TKG304 diagnostic at the `art:` or `symbol_file:` value in the
content, so a broken picture never ends a build with a traceback or with a
half-written PDF.
"""

from __future__ import annotations

import functools
from pathlib import Path

from generator.draw.scene import Group, Image, Scene
from generator.load.digests import file_digest

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height in pixels of a readable PNG; ValueError saying what is wrong."""
    stat = path.stat()
    return _png_size(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _png_size(path: str, _mtime: int, _size: int) -> tuple[int, int]:
    with open(path, "rb") as f:
        if f.read(len(PNG_SIGNATURE)) != PNG_SIGNATURE:
            raise ValueError("it is not a PNG image (it lacks the PNG signature)")
    from PIL import Image

    try:
        with Image.open(path) as image:
            image.verify()  # chunk checksums, without decoding
        with Image.open(path) as image:
            image.load()  # the pixels too: reportlab decodes them the same way
            size = image.size
    except Exception as exc:  # Pillow reports damage with many types (OSError, SyntaxError...)
        raise ValueError(f"the PNG image is damaged: {exc}") from None
    if not (size[0] > 0 and size[1] > 0):
        raise ValueError("the PNG image is empty")
    return size


def _images(items) -> list[Image]:
    found = []
    for item in items:
        if isinstance(item, Image):
            found.append(item)
        elif isinstance(item, Group):
            found += _images(item.children)
    return found


def picture_digests(scene: Scene) -> list[str]:
    """Digests of the picture files a scene shows (its items name them only by path)."""
    return [file_digest(i.path) for i in _images(scene.items)]
