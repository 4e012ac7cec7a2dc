"""The player aids as a kind of piece: one item per Oink, its words the aid template
rendered for that Oink (templates/rulebook/aid.md.j2), drawn from the layout's `aid`
look like any piece. Made here, where the words are, for the checks and the products
alike."""

from __future__ import annotations

from pathlib import Path

from generator.core.memo import Memo
from generator.core.model import Game, Item, PieceKind
from generator.load.builtin import AID
from generator.text.sections import rendered_aids


def aid_kind(game: Game, templates_dir: Path, context: dict, memo: Memo) -> PieceKind:
    """The player aids: an item per Oink with its element, name and words (`text`).

    Raises ContentError when the aid template does not render.
    """
    aids = rendered_aids(templates_dir, game, context, memo)
    items = tuple(Item(o.element, 1, (("element", o.element), ("name", o.name),
                                      ("text", aid.markdown)), o.where,
                       tuple((k, o.where) for k in ("id", "copies", "element", "name", "text")))
                  for o, aid in zip(game.oinks, aids, strict=True))
    _ = game.words
    return PieceKind(AID, _("Player aids"), "", items, prefix="aid",
                     captions=(_("{game.title}: player aid, {name}"), ""))
