"""Markdown images written in a template: each must be one the rulebook can show.

The PDF and the HTML show four kinds of image: a drawn figure (`figure:NAME`, alone
on its line, like the `figure()` helper makes), a picture from the content folder (a
PNG, JPEG or SVG, `art/setup.jpg`, alone on its line: `generator.draw.picture_figure`),
a break (`break:page`, `break:column`) and a playtest tag (`playtest:SECTION`, anywhere
in a line). Any other image would vanish from one output or both, so it is a TKG307 at
its line and column instead (a picture's file is checked by `shown_pictures`' callers,
where the content is known). The
template's own text is read (Jinja tags blanked out, columns kept), so the position is
the designer's, not the rendered Markdown's.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Location
from generator.core.paths import display_path
from generator.load.files import ART_SUFFIXES

IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]*)[^)]*\)")
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
BREAKS = frozenset({"break:page", "break:column"})
LONE_IMAGE = re.compile(r"^[ \t]*!\[([^\]\n]*)\]\(([^)\s]*)\)[ \t]*$", re.M)


def _blank(match: re.Match) -> str:
    return re.sub(r"[^\n]", " ", match.group(0))  # keep lines and columns where they are


def image_problems(source: str, path: Path, figures: frozenset[str],
                   sections: frozenset[str]) -> list[Diagnostic]:
    """A TKG307 for each Markdown image in `source` the rulebook cannot show."""
    found = []
    for number, line in enumerate(JINJA.sub(_blank, source).splitlines(), start=1):
        for match in IMAGE.finditer(line):
            why = _refusal(match, line, figures, sections)
            if why:
                where = Location(display_path(path), number, match.start() + 1)
                found.append(diagnostic("TKG307", where, why))
    return found


def _refusal(match: re.Match, line: str, figures: frozenset[str],
             sections: frozenset[str]) -> str | None:
    src = match.group(2)
    scheme, _, name = src.partition(":")
    alone = line.strip() == match.group(0)
    if scheme == "figure":
        if name not in figures:
            return f"unknown figure {name!r}; known: {', '.join(sorted(figures))}"
        return None if alone else f"the figure {name!r} must stand on its own line"
    if src in BREAKS:
        return None if alone else f"{src} must stand on its own line"
    if is_picture(src):
        return None if alone else f"the picture {src!r} must stand on its own line"
    if scheme == "playtest":
        return None if name in sections else f"playtest:{name} names no rule section"
    return (f"the image {src!r} cannot be shown: the rulebook shows drawings asked for as "
            "figure:NAME (or figure(...)), pictures under the content folder (a .png, .jpg "
            "or .svg: art/setup.jpg), breaks and playtest tags")


def is_picture(src: str) -> bool:
    """Whether an image's address names a picture file (under the content folder: no
    scheme such as figure: or https:)."""
    return ":" not in src and Path(src).suffix.lower() in ART_SUFFIXES


def shown_pictures(markdown: str) -> list[tuple[str, str]]:
    """Each picture a rendered template shows on a line of its own: its address and its
    caption (the image's text), in order."""
    return [(match.group(2), match.group(1)) for match in LONE_IMAGE.finditer(markdown)
            if is_picture(match.group(2))]
