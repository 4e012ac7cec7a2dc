"""Two or more tile layouts side by side, for the same tiles.

`tkg build --layout A --layout B` builds the game with layout A and adds, under
`compare/`, each tile's face in every layout (SVG), an HTML page and a PDF sheet per
paper with one column per layout, so a designer sees which reads better.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from generator.backends.pdf.canvas import place, place_furniture
from generator.backends.pdf.document import render_pdf
from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.core.words import SOURCE_WORDS, Words
from generator.draw.kit import Kit
from generator.draw.piece import tile_face
from generator.draw.scene import Scene, Text
from generator.layout.units import PT
from generator.products.request import BuildRequest
from generator.text.cover import paper_name

KIND = "compare"
MARGIN, HEADER, GAP = 12.0, 14.0, 4.0  # mm
ROWS = 4  # tiles a page, per layout: large enough to judge, small enough to compare


def comparison_scenes(request: BuildRequest, kit: Kit) -> dict[str, tuple[Scene, ...]]:
    """Every tile's scene in each compared layout, by layout name."""
    return {layout.name: tuple(tile_face(kit, layout, tile) for tile in request.game.tiles)
            for layout in request.compare}


@dataclass(frozen=True)
class Comparison:
    """The comparison's inputs: the tiles in words, every tile's face in each layout,
    and the papers of its sheets."""

    title: str
    tiles: tuple[tuple[str, int, str], ...]  # each tile's id, number and name
    scenes: dict[str, tuple[Scene, ...]]  # by layout name, in the tiles' order
    papers: tuple[tuple[str, tuple[float, float]], ...]  # each paper's name and size
    font: tuple[str, Path]  # the layouts' names' font
    words: Words = SOURCE_WORDS  # the tool's words in the game's language


def inputs(request: BuildRequest, kit: Kit) -> Comparison | None:
    """Every tile in every compared layout (None: there is no comparison)."""
    if not request.compare:
        return None
    game, sheet = request.game, request.layout.sheets
    return Comparison(game.title, tuple((t.id, t.number, t.name) for t in game.tiles),
                      comparison_scenes(request, kit),
                      tuple((paper, sheet.paper(paper)) for paper in request.papers),
                      ("bold", game.font_file("bold")), game.words)


def produce(made: Comparison | None, kit: Kit) -> list[Artefact]:
    """SVG faces per layout, compare/index.html and compare/layouts-<paper>.pdf."""
    if made is None:
        return []
    out = [Artefact(f"compare/{name}/{tile[0]}.svg",
                    scene_svg(s, kit.memo, standalone=True).encode(), KIND)
           for name, faces in made.scenes.items()
           for tile, s in zip(made.tiles, faces, strict=True)]
    out.append(Artefact("compare/index.html", _html(made).encode(), KIND))
    for paper, size in made.papers:
        data, pages = render_pdf(kit, made.words.gettext("layouts compared, {paper}").format(
                                     paper=paper_name(made.words, paper).upper()),
                                 lambda c, s=size: _sheets(c, made, s))
        out.append(Artefact(f"compare/layouts-{paper}.pdf", data, KIND, pages, paper=paper))
    return out


def _html(made: Comparison) -> str:
    # Each face is an <embed>, a document of its own: it draws the SVG's embedded fonts as
    # an <img> would, and its text can be measured from the page (the preview's tests
    # check the names are set in the game's fonts). Numbered as the tiles are.
    names, _ = list(made.scenes), made.words
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    rows = []
    for key, number, name in made.tiles:
        cells = "".join(f'<td><embed type="image/svg+xml" src="{html.escape(n)}/{key}.svg" '
                        f'title="{html.escape(_in(_, name, n))}"></td>' for n in names)
        rows.append(f"<tr><th>{number} {html.escape(name)}</th>{cells}</tr>")
    title = html.escape(_("{title}: layouts compared").format(title=made.title))
    tile = html.escape(_("tile"))  # the first column's heading
    return (f"<!doctype html><html lang=\"{html.escape(_.language)}\"><meta charset=\"utf-8\">"
            f"<title>{title}</title>"
            "<style>body{font:15px system-ui,sans-serif;margin:20px}"
            "td embed{width:220px;height:220px;display:block}"
            "th{text-align:left;padding:4px 12px}</style>"
            f"<h1>{title}</h1><table><tr><th>{tile}</th>{head}</tr>"
            f"{''.join(rows)}</table></html>\n")


def _in(_: Words, tile: str, layout: str) -> str:
    """A tile's face in a layout, in words: "Ember Gate in classic"."""
    return _("{tile} in {layout}").format(tile=tile, layout=layout)


def _sheets(canvas, made: Comparison, paper: tuple[float, float]) -> None:
    (width, height), scenes = paper, made.scenes
    names = list(scenes)
    column = (width - 2 * MARGIN - GAP * (len(names) - 1)) / len(names)
    size = min(column, (height - 2 * MARGIN - HEADER - GAP * (ROWS - 1)) / ROWS)
    per_page = ROWS
    font = made.font
    said = made.words.gettext("layout: {name}")
    headers = [Text(MARGIN + i * (column + GAP), MARGIN + 6, said.format(name=name), "bold",
                    11 / PT, "#000000") for i, name in enumerate(names)]
    tiles = range(len(made.tiles))
    for start in range(0, len(tiles), per_page):
        place_furniture(canvas, "layout-names", width, height, headers, [font])
        for i, name in enumerate(names):
            x = MARGIN + i * (column + GAP)
            for row, index in enumerate(tiles[start:start + per_page]):
                y = height - MARGIN - HEADER - (row + 1) * size - row * GAP
                scene = scenes[name][index]
                scale = size / scene.width
                trim = scene.bleed * scale  # show the cut piece, not its bleed
                clip = ((x + trim) * PT, (y + trim) * PT, (size - 2 * trim) * PT,
                        (size - 2 * trim) * PT)
                place(canvas, scene, x * PT, y * PT, scale, clip)
        canvas.showPage()
