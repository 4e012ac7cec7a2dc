"""Art and symbol files checked before they are drawn, and problems placed in the content.

A PNG is checked by its signature and by decoding it with Pillow (the library
reportlab itself uses to read it); an SVG that our reader cannot take is checked by
svglib, which will draw it. A file that fails is a TKG304 diagnostic that names the
file, at the `art:` or `symbol_file:` value in the content when it can be found
there, otherwise at the file itself, so a broken picture never ends a build with a
traceback or with a half-written PDF.
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


def check_foreign_svg(path: Path) -> None:
    """ValueError unless svglib can draw the SVG (for files our own reader cannot take)."""
    stat = path.stat()
    _check_foreign_svg(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=64)
def _check_foreign_svg(path: str, _mtime: int, _size: int) -> None:
    import logging

    from svglib.svglib import svg2rlg

    svglib_log = logging.getLogger("svglib.svglib")
    level = svglib_log.level
    svglib_log.setLevel(logging.CRITICAL)  # the diagnostic says it; no log lines besides
    try:
        drawing = svg2rlg(path)
    except Exception as exc:  # svglib raises whatever its parser meets
        raise ValueError(f"svglib cannot read it: {exc}") from None
    finally:
        svglib_log.setLevel(level)
    if drawing is None or not drawing.width or not drawing.height:
        raise ValueError("svglib cannot read it, or it has no size")
    # Draw it once as the PDF will, so what cannot travel into a drawing (its text,
    # embedded pictures, gradients) is reported here, at the art: line.
    from generator.backends.pdf.ops import drawing_code
    from generator.core.errors import RenderError
    from generator.draw.scene import Image

    try:
        drawing_code(drawing, Image(0, 0, 10, 10, Path(path)))
    except RenderError as exc:
        raise ValueError(str(exc).replace(f"{path} ", "it ", 1)) from None


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
