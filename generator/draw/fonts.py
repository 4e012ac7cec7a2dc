"""Fonts by role: names, metrics read once, text measured and fitted into boxes.

Text is laid out once, here, with the real font metrics; the SVG and the PDF then
draw the same lines at the same sizes. The metrics (`generator.load.fonts`) are kept
in the build's memo under the font file's digest, so a build that fits one edited
tile's text parses no font file, and in the user's cache (`generator.load.fontcache`),
so neither does a first build into a new folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.core.memo import Memo
from generator.core.model import Game
from generator.load.digests import code_digest, file_digest
from generator.load.fontcache import kept_metrics
from generator.load.fonts import FaceMetrics, text_units, text_width

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


class Fitted(NamedTuple):
    """Text laid out in a box: the size, the lines, and whether words had to be cut."""

    size: float
    lines: tuple[str, ...]
    overflow: bool = False  # True when the text did not fit: the last line ends in "…"


class FontBook:
    """The game's fonts by role, for one build: metrics read once, fittings kept.

    Made by `generator.draw.kit.Kit`; everything it keeps lives as long as the build.
    """

    def __init__(self, fonts: tuple[tuple[str, Path], ...], memo: Memo):
        self.paths = dict(fonts)
        self.memo = memo
        self._faces: dict[str, FaceMetrics] = {}
        self._keys: dict[Path, str] = {}  # each font file's memo key, worked out once
        self._fitted: dict[tuple, Fitted] = {}
        self._reaches: dict[str, tuple[float, float, float, float]] = {}

    def metrics_of(self, path: Path) -> FaceMetrics:
        """The metrics of a font file, remembered under the file's digest."""
        path = path if isinstance(path, Path) else Path(path)  # asked for every text
        key = self._keys.get(path)
        if key is None:  # the backends ask for every text they write
            key = self._keys[path] = digest("metrics", code_digest(), file_digest(path))
        return self.memo.get(key, lambda: kept_metrics(path, key))

    def metrics(self, role: str) -> FaceMetrics:
        """The metrics of a role's font (fitting measures thousands of strings: one lookup)."""
        face = self._faces.get(role)
        if face is None:
            path = self.paths.get(role)
            if path is None:
                raise RenderError(f"content/game.yaml names no font for role {role!r}")
            face = self._faces[role] = self.metrics_of(path)
        return face

    def width(self, text: str, role: str, size: float) -> float:
        """Width of `text` set in the role's font at `size` (same unit as size)."""
        return text_width(self.metrics(role), text, size)

    def units(self, text: str, role: str) -> float:
        """Width of `text` in the role's font at size 1 (`width` is this times the size)."""
        return text_units(self.metrics(role), text)

    def ink_reach(self, role: str) -> tuple[float, float, float, float]:
        """The farthest any glyph of the role's font inks from its pen (x0, y0, x1, y1
        in ems, y up): the union of every glyph's outline box, worked out once."""
        reach = self._reaches.get(role)
        if reach is None:
            boxes = self.metrics(role).ink.values()
            reach = self._reaches[role] = (
                (min(b[0] for b in boxes), min(b[1] for b in boxes),
                 max(b[2] for b in boxes), max(b[3] for b in boxes)) if boxes else
                (0.0, 0.0, 0.0, 0.0))
        return reach

    def ellipsis(self, role: str) -> str:
        """"…" if the role's font has the glyph, else three full stops (never a missing glyph)."""
        return "\u2026" if "\u2026" in self.metrics(role).glyph_of else "..."

    def fit(self, text: str, role: str, size: float, min_size: float, box_w: float,
            max_lines: int) -> Fitted:
        """`fit_text`, worked out once per build for the same text and box."""
        key = (text, role, size, min_size, box_w, max_lines)
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = self._fitted[key] = fit_text(self, text, role, size, min_size, box_w,
                                                  max_lines)
        return fitted


def fit_text(fonts: FontBook, text: str, role: str, size: float, min_size: float,
             box_w: float, max_lines: int) -> Fitted:
    """The largest size (down to min_size) and the lines that fit `box_w`.

    One line is tried first, shrinking to min_size; then the text wraps at words into
    up to `max_lines` lines at min_size-or-larger. The last resort is min_size wrapped
    and cut after `max_lines` lines, the last one ending in an ellipsis so the cut
    shows; `overflow` says so (also when one word alone is wider than the box).
    """
    step = max(size * 0.04, 0.05)
    current = size
    while current >= min_size - 1e-9:
        if fonts.width(text, role, current) <= box_w:
            return Fitted(current, (text,))
        current -= step
    current = size
    while current >= min_size - 1e-9:
        lines = wrap(fonts, text, role, current, box_w)
        if len(lines) <= max_lines:
            return Fitted(current, lines, _too_wide(fonts, lines, role, current, box_w))
        current -= step
    lines = wrap(fonts, text, role, min_size, box_w)
    if len(lines) <= max_lines:  # only when a single word is wider than the box
        return Fitted(min_size, lines, True)
    kept = [*lines[:max_lines - 1], _ellipsised(fonts, lines[max_lines - 1], role, min_size,
                                                box_w)]
    return Fitted(min_size, tuple(kept), True)


def _too_wide(fonts: FontBook, lines: tuple[str, ...], role: str, size: float,
              box_w: float) -> bool:
    return any(fonts.width(line, role, size) > box_w + 1e-6 for line in lines)


def _ellipsised(fonts: FontBook, line: str, role: str, size: float, box_w: float) -> str:
    """The line with an ellipsis at its end, dropping words until both fit the box."""
    mark = fonts.ellipsis(role)
    words = line.split()
    while len(words) > 1 and fonts.width(" ".join(words) + mark, role, size) > box_w:
        words.pop()
    return " ".join(words) + mark


def wrap(fonts: FontBook, text: str, role: str, size: float, box_w: float) -> tuple[str, ...]:
    """Greedy word wrap into lines no wider than box_w (a long word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.width(f"{lines[-1]} {word}", role, size) <= box_w:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return tuple(lines)
