"""What the preflight finds on a drawn piece, and how it becomes positioned diagnostics.

A `Finding` is about one part of one piece, in the piece's own millimetres, and names
no file: the same finding on 48 tiles is one problem of the layout, told once at the
layout's line with the worst case and a count. A finding the content causes (a tile's
name, its art) is told where that content is written instead: the field's line (a
translation's, for a language's words), the art's, or the tile's own.

Each message ends with a spot, `[tile-ember-hollow in default: 56.5, 63.6, 7.0 x 1.3 of
69.5 x 69.5 mm]`: the piece, the layout and the box on it. The preview page reads it
(`spot_of`) to outline the box on the piece.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import NOWHERE, Location
from generator.layout.model import Layout

Box = tuple[float, float, float, float]  # x, y, w, h in the piece's scene, mm
LAYOUT, CONTENT, ART = "layout", "content", "art"  # who causes a finding


@dataclass(frozen=True)
class Finding:
    """One problem of one part of a drawn piece."""

    code: str
    subject: str  # what it is about, alike on every piece: "number", "insignia at ..."
    entry: str  # the layout entry it is told at, e.g. "tile.number.box"
    message: str
    box: Box  # where on the piece
    worst: float = 0.0  # of one subject's findings on several pieces, the least is told
    cause: str = LAYOUT  # LAYOUT, CONTENT (the piece's words) or ART (its picture)
    field: str = ""  # of CONTENT: the item's field whose words cause it, if one


@dataclass(frozen=True)
class Piece:
    """A piece the preflight looks at: what to call it and where its content is written."""

    label: str  # "tile 'ember-hollow'", "the back", "the fire token"
    kind: str  # "tile", "back", "token" or "Oink", to count alike pieces
    where: Location = NOWHERE  # the content it shows (a tile's or an Oink's line)
    art: Path | None = None
    art_where: Location = NOWHERE
    insignias: bool = True  # its insignias are read in play (the back's seal is not)
    places: tuple[tuple[str, Location], ...] = ()  # where each of its fields is written


@dataclass(frozen=True)
class Examined:
    """What the preflight found on one drawn piece (kept in the memo, so positions and
    file names stay out: moving a line in a file must not make it stale)."""

    scene: str  # the scene's name, e.g. "tile-ember-hollow"
    size: tuple[float, float]
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class Seen:
    """A finding on a piece in a layout, positioned."""

    finding: Finding
    piece: Piece
    examined: Examined
    layout: str
    where: Location


def seen(examined: Examined, piece: Piece, layout: Layout) -> list[Seen]:
    """The piece's findings, each at its layout line or at the content that causes it."""
    out = []
    for f in examined.findings:
        where = {CONTENT: dict(piece.places).get(f.field, piece.where),
                 ART: piece.art_where}.get(f.cause, NOWHERE)
        if where == NOWHERE:
            where = layout.where(f.entry)
        out.append(Seen(f, piece, examined, layout.name, where))
    return out


def grouped(found: list[Seen]) -> list[Diagnostic]:
    """One diagnostic per problem: alike findings on several pieces and layouts are told
    once, with the worst case, the pieces it is on and the layouts it is in."""
    groups: dict[tuple, list[Seen]] = {}
    for s in found:
        groups.setdefault((s.finding.code, s.where, s.finding.subject), []).append(s)
    return [_told(group) for group in groups.values()]


def _told(group: list[Seen]) -> Diagnostic:
    worst = min(group, key=lambda s: s.finding.worst)
    labels = list(dict.fromkeys(s.piece.label for s in group))
    layouts = list(dict.fromkeys(s.layout for s in group))
    on = worst.piece.label
    if len(labels) > 1:  # the message's figures are the worst piece's: it is named first
        others = len(labels) - 1
        on += f" (the worst) and {others} other {worst.piece.kind}{'s' * (others > 1)}"
    where = f"the {layouts[0]!r} layout" if len(layouts) == 1 else (
        "the " + ", ".join(repr(n) for n in layouts[:-1]) + f" and {layouts[-1]!r} layouts")
    return diagnostic(worst.finding.code, worst.where,
                      f"{worst.finding.message}: on {on} in {where} {spot(worst)}")


def spot(s: Seen) -> str:
    """Where the finding is on its piece, for the reader and for the preview page."""
    x, y, w, h = s.finding.box
    width, height = s.examined.size
    return (f"[{s.examined.scene} in {s.layout}: {x:.1f}, {y:.1f}, {w:.1f} x {h:.1f} "
            f"of {width:g} x {height:g} mm]")


_SPOT = re.compile(r"\[(?P<scene>[\w-]+) in (?P<layout>[\w.-]+): (?P<x>-?[\d.]+), "
                   r"(?P<y>-?[\d.]+), (?P<w>[\d.]+) x (?P<h>[\d.]+) of (?P<width>[\d.]+) x "
                   r"(?P<height>[\d.]+) mm\]$")


@dataclass(frozen=True)
class Spot:
    """A box on a piece, read back from a preflight message."""

    scene: str
    layout: str
    box: Box
    size: tuple[float, float]

    def window(self, margin: float = 4.0) -> Box:
        """A square of the piece round the box, `margin` mm wider on every side, kept on
        the piece as far as it fits (a crop to show the finding in its place)."""
        x, y, w, h = self.box
        side = min(max(w, h) + 2 * margin, *self.size)
        left = min(max(x + w / 2 - side / 2, 0.0), self.size[0] - side)
        top = min(max(y + h / 2 - side / 2, 0.0), self.size[1] - side)
        return left, top, side, side


def spot_of(message: str) -> Spot | None:
    """The spot a preflight message ends with (None for any other message)."""
    match = _SPOT.search(message)
    if match is None:
        return None
    n = {k: float(v) for k, v in match.groupdict().items() if k not in ("scene", "layout")}
    return Spot(match["scene"], match["layout"], (n["x"], n["y"], n["w"], n["h"]),
                (n["width"], n["height"]))
