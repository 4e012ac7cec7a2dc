"""What the products add to validation: the drawings only they can make (the bundle's
cover, whose checklist is the kinds table's and whose page ranges are the sheets'), so
`tkg validate` checks those too. The build and `tkg validate` hand them, with the
table's `reserved` names, to `generator.check.validate` (`Products`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from generator.backends.pdf.forms import compiled
from generator.backends.svg import scene_svg
from generator.core.artefacts import PAPERS
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.errors import RenderError
from generator.core.model import Item, PieceKind
from generator.draw.kit import Kit
from generator.draw.piece import Drawn, look_of
from generator.draw.scene import Scene
from generator.layout.look import Look
from generator.layout.model import Layout
from generator.layout.tgc import nearest
from generator.load.builtin import AID, COVER, OINK, TILE, TOKEN
from generator.products import aids, tiles, tokens
from generator.products.bundle import cover_kind, cover_of, plan
from generator.products.kinds import bundle_needed, bundled
from generator.products.presets import png_preset
from generator.products.request import BuildRequest, Export
from generator.products.tgcfit import look_fit

Drawings = Callable[[Kit, Layout], list[tuple[PieceKind, Look, Item, Drawn]]]
PNG = "png"  # the kind of the PNG export (`products.png`, not loaded for other builds)
# The kind whose files show each built-in piece (a declared piece's kind is its own).
SHOWN_BY = {TILE: tiles.KIND, TOKEN: tokens.KIND, OINK: tokens.KIND, AID: aids.KIND}


def made_ahead(kinds: Sequence[str]) -> Callable[[Kit, str, Scene], None]:
    """What a build of `kinds` makes of each piece as soon as it is drawn: its compiled
    PDF form (every document that prints it places that form) and, when one of `kinds`
    writes its SVG, that SVG. Validation draws the pieces on both cores, so the work is
    shared there and the kinds find it done."""
    def ahead(kit: Kit, piece: str, page: Scene) -> None:
        try:
            compiled(page, kit)
            if SHOWN_BY.get(piece, piece) in kinds:
                scene_svg(page, kit.memo, standalone=True)
        except RenderError:
            pass  # the kind that prints it meets the same error and tells it

    return ahead


def made_early(kinds: Sequence[str] | None = None
               ) -> Callable[[Kit], list[Callable[[], object]]]:
    """What a build of `kinds` (None: `tkg validate`, which renders every template)
    needs that the game alone decides, as jobs for the kit's memo: the rulebook's
    simulated games (`generator.sim.book`), one job per number of players, the most
    players (the longest) first. Validation runs them on both cores beside its other
    checks, so the rulebook's fingerprint, or its templates' check, finds them played."""
    def early(kit: Kit) -> list[Callable[[], object]]:
        if kinds is not None and not {"rulebook", "tts"} & set(kinds):  # the book's kinds
            return []
        from generator.sim.book import book_counts, played

        return [partial(played, kit.game, seats, kit.memo)
                for seats in reversed(book_counts(kit.game))]

    return early


def cover_drawings(templates_dir: Path, kinds: Sequence[str] | None = None,
                   export: Export | None = None, papers: Sequence[str] | None = None
                   ) -> Drawings:
    """The bundle's cover on each of `papers` (None: every paper, as `tkg validate`
    checks), drawn as a build draws it, for a layout; for a build of `kinds`, only when
    it makes the bundle (None: always); `export` says whether the build's bundle prints
    on one side. A build on one paper draws no cover it does not print."""
    def covers(kit: Kit, layout: Layout) -> list[tuple[PieceKind, Look, Item, Drawn]]:
        if kinds is not None and not bundle_needed(kit.game.pieces, kinds):
            return []
        request = BuildRequest(kit.game, templates_dir, (layout,),
                               PAPERS if papers is None else tuple(papers),
                               export=export or Export())
        sections = bundled(kit.game)
        found = []
        for paper in request.papers:
            laid = plan(request, kit, sections, paper)
            cover, _ = cover_of(request, kit, paper, sections, laid)
            kind = cover_kind(paper, "")
            found.append((kind, look_of(layout, COVER), kind.items[0], cover.drawn))
        return found

    return covers


def tgc_fits(kinds: Sequence[str] | None, export: Export | None
             ) -> Callable[[Layout], list[Diagnostic]]:
    """For a build of PNGs for The Game Crafter (`--only png --preset tgc`, or png's own
    default), a warning (TKG309) at each look whose pieces fit no product: none named
    and no default, or one they would be scaled to by more than a fifth, or a sheet they
    leave more than a third empty. It names the nearest products."""
    def check(layout: Layout) -> list[Diagnostic]:
        if kinds is None or PNG not in kinds or \
                not png_preset(export.preset if export else None).products:
            return []
        return [d for look in layout.pieces if not look.page
                for d in _poor_fit(layout, look)]

    return check


def _poor_fit(layout: Layout, look: Look) -> list[Diagnostic]:
    found = look_fit(look)
    if found is not None and found.good:
        return []
    cut = (look.disc, look.disc) if look.disc else look.size
    near = "; ".join(f"{f.product.describe()} at {f.scale:.0%}"
                     for f in nearest(cut, look.shape == "round"))
    size = f"{cut[0]:g} mm across" if look.shape == "round" else f"{cut[0]:g} x {cut[1]:g} mm"
    if found is None:
        why = "names no product and has none by default"
    else:
        why = (f"would be made as a {found.product.name} at {found.scale:.0%} of its size"
               + (f", leaving {found.spare:.0%} of it empty" if found.spare > 0.35 else ""))
    return [diagnostic("TKG309", layout.where(look.entry),
                       f"the {look.kind} ({size}) {why}; the nearest products are {near}")]
