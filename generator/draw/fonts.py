"""Fonts by role: measured, fitted, and registered with reportlab for its own pages.

Text is laid out once, here, with the real font metrics; the SVG and the PDF then
draw the same lines at the same sizes. Measuring uses the metrics of
`generator.load.fonts` (the same numbers reportlab measures), remembered
between builds, so fitting one edited tile's text needs no font file parsed.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from generator.core.errors import RenderError
from generator.core.model import Game
from generator.core.per_object import PerObject

SERIF_ROLES = ("title", "heading", "italic")


def font_name(role: str) -> str:
    """The name a role's font goes by in reportlab and in SVG @font-face."""
    return f"TKG-{role}"


def generic_family(role: str) -> str:
    """The CSS generic family to fall back on if the shipped font does not load."""
    return "serif" if role in SERIF_ROLES else "sans-serif"


def role_fonts(game: Game, roles) -> tuple[tuple[str, Path], ...]:
    """(role, TTF path) for each role, RenderError if the content lacks one."""
    found = []
    for role in sorted(set(roles)):
        path = game.font(role)
        if path is None:
            raise RenderError(f"the layout uses font role {role!r}, which content/game.yaml "
                              "does not name under fonts:")
        found.append((role, path))
    return tuple(found)






def width(text: str, role: str, size: float, game: Game) -> float:
    """Width of `text` set in the role's font at `size` (same unit as size)."""
    from generator.load.fonts import text_width

    return text_width(_face(role, game), text, size)


_FACES: PerObject[Game, dict[str, object]] = PerObject(limit=8)


def _face(role: str, game: Game):
    # Fitting text measures thousands of strings: look the font up once per game.
    faces = _FACES.get(game, lambda _: {})
    if role not in faces:
        faces[role] = face_metrics(_path(role, game))
    return faces[role]


def _path(role: str, game: Game) -> Path:
    path = game.font(role)
    if path is None:
        raise RenderError(f"content/game.yaml names no font for role {role!r}")
    return path


_METRICS: dict[tuple[str, int, int], object] = {}


def face_metrics(path: Path):
    """The font file's metrics (`generator.load.fonts.FaceMetrics`), read once.

    Remembered between builds; within a process, reread only if the file changes.
    """
    from generator.build.memo import MEMO
    from generator.core.digest import digest
    from generator.load.digests import code_digest, file_digest
    from generator.load.fonts import read_metrics

    stat = Path(path).stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    found = _METRICS.get(key)
    if found is None:
        found = MEMO.get(digest("metrics", code_digest(), file_digest(Path(path))),
                         lambda: read_metrics(Path(path)))
        _METRICS[key] = found
    return found


class Fitted(NamedTuple):
    """Text laid out in a box: the size, the lines, and whether words had to be cut."""

    size: float
    lines: tuple[str, ...]
    overflow: bool = False  # True when the text did not fit: the last line ends in "…"


def fit_text(text: str, role: str, size: float, min_size: float, box_w: float,
             max_lines: int, game: Game) -> Fitted:
    """The largest size (down to min_size) and the lines that fit `box_w`.

    One line is tried first, shrinking to min_size; then the text wraps at words into
    up to `max_lines` lines at min_size-or-larger. The last resort is min_size wrapped
    and cut after `max_lines` lines, the last one ending in an ellipsis so the cut
    shows; `overflow` says so (also when one word alone is wider than the box).
    """
    step = max(size * 0.04, 0.05)
    current = size
    while current >= min_size - 1e-9:
        if width(text, role, current, game) <= box_w:
            return Fitted(current, (text,))
        current -= step
    current = size
    while current >= min_size - 1e-9:
        lines = wrap(text, role, current, box_w, game)
        if len(lines) <= max_lines:
            return Fitted(current, lines, _too_wide(lines, role, current, box_w, game))
        current -= step
    lines = wrap(text, role, min_size, box_w, game)
    if len(lines) <= max_lines:  # only when a single word is wider than the box
        return Fitted(min_size, lines, True)
    kept = [*lines[:max_lines - 1], _ellipsised(lines[max_lines - 1], role, min_size, box_w,
                                                game)]
    return Fitted(min_size, tuple(kept), True)


def _too_wide(lines: tuple[str, ...], role: str, size: float, box_w: float,
              game: Game) -> bool:
    return any(width(line, role, size, game) > box_w + 1e-6 for line in lines)


def _ellipsised(line: str, role: str, size: float, box_w: float, game: Game) -> str:
    """The line with an ellipsis at its end, dropping words until both fit the box."""
    mark = ellipsis(role, game)
    words = line.split()
    while len(words) > 1 and width(" ".join(words) + mark, role, size, game) > box_w:
        words.pop()
    return " ".join(words) + mark


def ellipsis(role: str, game: Game) -> str:
    """"…" if the role's font has the glyph, else three full stops (never a missing glyph)."""
    return "\u2026" if "\u2026" in _face(role, game).glyph_of else "..."


def wrap(text: str, role: str, size: float, box_w: float, game: Game) -> tuple[str, ...]:
    """Greedy word wrap into lines no wider than box_w (a long word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and width(f"{lines[-1]} {word}", role, size, game) <= box_w:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return tuple(lines)
