"""What the products add to validation: the drawings only they can make (the bundle's
cover, whose checklist is the kinds table's and whose page ranges are the sheets'), so
`tkg validate` checks those too. The build and `tkg validate` hand them, with the
table's `reserved` names, to `generator.check.validate` (`Products`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from generator.core.model import Item, PieceKind
from generator.draw.kit import Kit
from generator.draw.piece import Drawn, look_of
from generator.layout.look import Look
from generator.layout.model import Layout
from generator.load.builtin import COVER
from generator.products.bundle import cover_kind, cover_of, plan
from generator.products.kinds import bundle_needed, bundled
from generator.products.request import BuildRequest

Drawings = Callable[[Kit, Layout], list[tuple[PieceKind, Look, Item, Drawn]]]


def cover_drawings(templates_dir: Path, kinds: Sequence[str] | None = None) -> Drawings:
    """The bundle's cover on every paper, drawn as a build draws it, for a layout; for a
    build of `kinds`, only when it makes the bundle (None: always, as `tkg validate`)."""
    def covers(kit: Kit, layout: Layout) -> list[tuple[PieceKind, Look, Item, Drawn]]:
        if kinds is not None and not bundle_needed(kit.game.pieces, kinds):
            return []
        request = BuildRequest(kit.game, templates_dir, (layout,))
        sections = bundled(kit.game)
        found = []
        for paper in request.papers:
            laid = plan(request, kit, sections, paper)
            cover, _ = cover_of(request, kit, paper, sections, laid)
            kind = cover_kind(paper, "")
            found.append((kind, look_of(layout, COVER), kind.items[0], cover.drawn))
        return found

    return covers
