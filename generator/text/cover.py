"""The words of the print-and-play bundle's cover: templates/rulebook/cover.md.j2,
rendered for one paper with the checklist of what the bundle holds.

The cover's look (`pieces: cover:` in the layout) flows these words onto its page; the
bundle (`generator.products.bundle`) makes the checklist from the kinds table and
works out the page ranges.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.core.digest import digest
from generator.core.markup import PICTURE_SCHEME
from generator.core.memo import Memo
from generator.core.model import Game
from generator.core.words import N_, Words
from generator.load.digests import code_digest, tree_digest
from generator.text.context import context_words, freeze, rulebook_layers

COVER_TEMPLATE = "cover.md.j2"
BAR = N_("50 mm")  # the scale bar the cover's look draws
SQUARE = N_("10 mm")  # the square beside it, for the height's scale
# Card most home printers feed, in both units the papers are sold in.
CARD = N_("160–220 g/m² (60–80 lb cover)")
PAPERS = {"a4": N_("A4"), "letter": N_("Letter")}  # the papers' names as the cover says them


def paper_name(words: Words, paper: str) -> str:
    """A paper's name for a player: "A4", "Letter"."""
    return words.gettext(PAPERS.get(paper, paper.capitalize()))


@dataclass(frozen=True)
class Line:
    """A checklist line: a component, its count, where it is, pictures of it (scene names)."""

    name: str
    detail: str
    pages: str
    pictures: tuple[str, ...] = ()


def cover_context(game: Game, paper: str, lines: Sequence[Line], test_pages: str,
                  with_mats: bool, duplex: bool = True) -> dict:
    """The cover template's names for one paper, for a file printed on both sides of
    the paper or (not `duplex`) on one."""
    rules, _ = game.rules, game.words
    areas = "" if with_mats else _(
        "; the trade zone and spaces {spaces} and {blind} are areas on the table").format(
        spaces=", ".join(rules.face_up_spaces), blind=rules.blind_space)
    checklist = [{"name": line.name, "detail": line.detail, "pages": line.pages,
                  "pictures": "".join(f" ![{line.name}]({PICTURE_SCHEME}:{p})"
                                      for p in line.pictures)} for line in lines]
    return {"paper": paper_name(_, paper), "checklist": checklist,
            "test_pages": test_pages, "rulebook": f"rulebook/rulebook-{paper}.pdf",
            "table_areas": areas, "bar": _(BAR), "square": _(SQUARE), "card": _(CARD),
            "one_sided": not duplex, "language": _.language, "designer": game.designer}


def cover_words(templates_dir: Path, context: dict, memo: Memo) -> str:
    """The cover's Markdown (ContentError: the template's problems, positioned)."""
    def render() -> str:
        from generator.text.templating import make_environment, render_template

        env = make_environment(layers.folders, frozenset(), context_words(context))
        names = {key: freeze(value) for key, value in context.items()}
        return render_template(env, layers.find(COVER_TEMPLATE).parent, COVER_TEMPLATE,
                               names).markdown

    layers = rulebook_layers(templates_dir, context.get("language", ""))
    key = digest("cover", code_digest(), tree_digest(*layers.folders), repr(context))
    return memo.get(key, render)
