"""Insignia silhouettes: one distinct shape per element, so tiles read in greyscale.

An element's `symbol_file` (an SVG under content/) wins; the built-in shapes below
are the fallback by `symbol` name and the source `tools/make_art.py` writes the
shipped symbol files from. Each is drawn in a 100 x 100 box.
"""

from __future__ import annotations

from generator.core.diagnostics import diagnostic
from generator.core.errors import ContentError
from generator.core.memo import Memo
from generator.core.model import Element
from generator.core.paths import display_path
from generator.draw.art import images, svg_art
from generator.draw.scene import Path, Style, has_blur

BUILTIN: dict[str, tuple[str, str]] = {
    # name: (path data, how it is painted: "fill", "evenodd" or "stroke")
    "flame": ("M50 3C60 20 84 34 82 62C80 84 66 97 50 97C34 97 18 85 18 63C18 47 28 37 33 "
              "22C39 32 41 39 45 43C47 29 44 16 50 3Z"
              "M50 55C58 66 65 72 63 81C61 89 39 89 37 81C35 72 43 66 50 55Z", "evenodd"),
    "wave": ("M4 38C18 20 34 20 50 38C66 56 82 56 96 38L96 56C82 74 66 74 50 56C34 38 18 38 "
             "4 56Z"
             "M4 66C18 48 34 48 50 66C66 84 82 84 96 66L96 84C82 102 66 102 50 84C34 66 18 66 "
             "4 84Z", "fill"),
    "mountain": ("M1 90L35 18L52 50L66 32L99 90Z"
                 "M35 30L44 46L39 43L34 49L29 42L26 47Z", "evenodd"),
    "swirl": ("M8 32L58 32C74 32 78 12 64 10C54 9 50 18 55 24"
              "M8 52L78 52C96 52 98 78 82 80C70 82 66 70 73 65"
              "M8 72L44 72", "stroke"),
}
STROKE = 10.0  # width of stroked silhouettes in the 100 x 100 box


def builtin_shapes(name: str) -> tuple:
    """The built-in silhouette `name` as black scene primitives (KeyError if unknown)."""
    from generator.draw.svgart import path_commands  # svgelements parses the path data

    d, paint = BUILTIN[name]
    if paint == "stroke":
        style = Style(stroke="#000000", stroke_width=STROKE, cap="round", join="round")
    else:
        style = Style(fill="#000000", evenodd=paint == "evenodd")
    return (Path(path_commands(d), style),)


def element_symbol(memo: Memo, element: Element
                   ) -> tuple[tuple[float, float, float, float], tuple]:
    """The element's silhouette: (viewBox, primitives), from its file or the built-ins.

    Raises ContentError (TKG304) when the file cannot be drawn or the name is unknown.
    """
    try:
        if element.symbol_file is not None:
            found = svg_art(memo, element.symbol_file)
            if images(found[1]):
                raise ValueError("a picture (<image>): an insignia is a silhouette, printed "
                                 "in one colour")
            if has_blur(found[1]):
                raise ValueError("a filter (a blur, a shadow or a glow): an insignia is a "
                                 "silhouette, printed in one colour with sharp edges; "
                                 "remove it (Inkscape: Filters > Remove Filters)")
            return found
        return (0.0, 0.0, 100.0, 100.0), builtin_shapes(element.symbol)
    except KeyError:
        raise ContentError([diagnostic(
            "TKG304", element.where, f"the insignia of {element.id!r} cannot be drawn: there "
            f"is no built-in silhouette {element.symbol!r} and no symbol_file",
            "name one of: " + ", ".join(BUILTIN) + ", or give a symbol_file")]) from None
    except (ValueError, OSError) as exc:  # ArtError is a ValueError
        where, what = element.where, ""
        if element.symbol_file is not None:
            where = element.symbol_where
            what = f", {display_path(element.symbol_file)},"
        raise ContentError([diagnostic(
            "TKG304", where, f"the insignia of {element.id!r}{what} cannot be drawn: {exc}",
            "draw it with shapes and paths (no text, no pictures), or name one of: "
            + ", ".join(BUILTIN))]) from None
