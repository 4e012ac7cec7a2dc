"""The pictures the rulebook's templates show (`![Setting up](art/setup.jpg)`), made
figures: each drawn once as a scene (`generator.draw.picture_figure`) and asked for as
`figure:art/setup.jpg`, so the PDF's pages and the HTML show it as they show the drawn
figures. Validation has checked every file (`generator.check.rulebook_pictures`)."""

from __future__ import annotations

from dataclasses import replace

from generator.core.errors import RenderError
from generator.core.model import NOWHERE
from generator.draw.kit import Kit
from generator.draw.picture_figure import picture_figure
from generator.draw.scene import Scene
from generator.load.files import ART_SUFFIXES, content_file
from generator.text.context import Rendered
from generator.text.images import shown_pictures


def with_pictures(sections: tuple[Rendered, ...], kit: Kit
                  ) -> tuple[tuple[Rendered, ...], dict[str, Scene]]:
    """The sections with each picture they show asked for as a figure, and the figures'
    scenes by the picture's address."""
    figures: dict[str, Scene] = {}
    found = []
    for section in sections:
        markdown = section.markdown
        for src, caption in shown_pictures(section.markdown):
            if src not in figures:
                figures[src] = _figure(kit, src, caption)
            markdown = markdown.replace(f"]({src})", f"](figure:{src})")
        found.append(replace(section, markdown=markdown))
    return tuple(found), figures


def _figure(kit: Kit, src: str, caption: str) -> Scene:
    problems: list = []
    path = content_file(kit.game.content_dirs, src, NOWHERE, ART_SUFFIXES, problems)
    if path is None:  # validated: gone since
        raise RenderError(f"the rulebook's picture {src!r}: {problems[0].message}")
    try:
        return picture_figure(kit.memo, src, path, caption)
    except (ValueError, OSError) as exc:
        raise RenderError(f"the rulebook's picture {src!r} cannot be shown: {exc}") from None
