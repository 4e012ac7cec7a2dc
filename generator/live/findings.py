"""The preflight's findings as the gallery shows them: outlined on their pieces, and
listed, each with a crop of its piece round the box.

Each finding (`generator.check.preflight`) ends with a spot naming the piece, the layout
and the box (`spot_of`), which is all this needs: no drawing is redone here.
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import Environment, StrictUndefined

from generator.check.preflight_findings import Box, Spot, spot_of
from generator.live.pieces import Piece
from generator.live.status import BuildOutcome

_ENV = Environment(autoescape=True, undefined=StrictUndefined)

_MARKS = _ENV.from_string("""<svg class="marks" viewBox="0 0 {{ size[0] }} {{ size[1] }}" \
aria-hidden="true">{% for box, message in boxes %}<rect x="{{ box[0] }}" y="{{ box[1] }}" \
width="{{ box[2] }}" height="{{ box[3] }}"><title>{{ message }}</title></rect>{% endfor %}</svg>""")

# The piece's image moved and scaled in a square so the finding's box fills its middle.
_CROP = _ENV.from_string("""<img src="/files/{{ piece.path }}?v={{ piece.version }}" alt="" \
style="left: {{ '%.1f' % left }}px; top: {{ '%.1f' % top }}px; width: {{ '%.1f' % width }}px; \
height: {{ '%.1f' % height }}px"><div class="box" style="left: {{ '%.1f' % bx }}px; \
top: {{ '%.1f' % by }}px; width: {{ '%.1f' % bw }}px; height: {{ '%.1f' % bh }}px"></div>""")


@dataclass(frozen=True)
class Finding:
    """A preflight diagnostic as the page shows it, with its crop when the piece is here."""

    line: object  # the Diagnostic
    crop: str = ""  # HTML: the piece cropped round the box, the box outlined


def findings(outcome: BuildOutcome, pieces: dict[str, Piece]) -> tuple[list[Finding], dict]:
    """The preflight's findings with their crops, and each piece's outlines (HTML of an
    SVG drawn over its thumbnail) by SVG path. `pieces` are every SVG of the manifest."""
    shown: list[Finding] = []
    marks: dict[str, tuple[tuple[float, float], list[tuple[Box, str]]]] = {}  # size, boxes
    for d in outcome.diagnostics:
        spot = spot_of(d.message)
        if spot is None:
            continue
        piece = _piece_of(spot, pieces)
        shown.append(Finding(d, _crop(spot, piece) if piece else ""))
        if piece is not None:
            marks.setdefault(piece.path, (spot.size, []))[1].append((spot.box, d.message))
    return shown, {path: _MARKS.render(size=size, boxes=boxes)
                   for path, (size, boxes) in marks.items()}


def _piece_of(spot: Spot, pieces: dict[str, Piece]) -> Piece | None:
    """The manifest's SVG of the piece a finding is on, drawn in the finding's layout."""
    kind, _, name = spot.scene.partition("-")
    compared = pieces.get(f"compare/{spot.layout}/{name}.svg")
    if compared is not None or any(p.startswith("compare/") for p in pieces):
        return compared  # several layouts: only the comparison says which is which
    path = {"tile": "svg/back.svg" if name == "back" else f"svg/tiles/{name}.svg",
            "token": f"svg/tokens/{name}.svg", "oink": f"svg/oinks/{name}.svg"}.get(kind)
    return pieces.get(path or "")


def _crop(spot: Spot, piece: Piece, side: float = 160.0) -> str:
    x, y, w, _ = spot.window()
    k = side / w  # CSS pixels a millimetre
    bx, by, bw, bh = spot.box
    return _CROP.render(piece=piece, left=-x * k, top=-y * k, width=spot.size[0] * k,
                        height=spot.size[1] * k, bx=(bx - x) * k, by=(by - y) * k,
                        bw=max(bw * k, 4), bh=max(bh * k, 4))
