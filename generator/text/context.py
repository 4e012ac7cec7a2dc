"""The frozen template context: every number, name and example the rulebook prints.

Templates never compute rules; they read them from here. Each value is derived
from the `Game`, so changing content/game.yaml changes every page that mentions
it. templates/rulebook/README.md lists every name defined here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from generator.core.memo import Memo
from generator.core.model import Game, Tile
from generator.core.words import N_, SOURCE_LANGUAGE, SOURCE_WORDS, Words
from generator.load.catalogue import words_for
from generator.load.content_schema import ACTIONS
from generator.load.formats import about_line
from generator.load.layers import Layers, template_layers
from generator.load.rules import edition, game_names
from generator.text.completions import completions
from generator.text.examples import ExampleWorld, example_world, misfit, placement_example
from generator.text.scoring_example import scoring_example
from generator.text.split import split_rows

RULEBOOK_DIR = "rulebook"  # the rulebook's and the player aid's templates, under templates/


def rulebook_layers(templates_dir: Path, language: str = "") -> Layers:
    """The rulebook folders: the templates folder's, then the one's it extends; for a
    `language`, each one's folder of that language first (`rulebook/fr/`), whose
    templates take the place of the source language's, file by file."""
    folders = [f / RULEBOOK_DIR for f in template_layers(templates_dir).folders]
    if language:
        folders = [g for f in folders for g in (f / language, f) if g == f or g.is_dir()]
    return Layers(tuple(folders))


# The figures a template may ask for with figure("name", "caption"); the rulebook
# (generator.products.rulebook.diagrams) draws each of them. "play-N" is the table
# after the N-th turn the example of play tells ("play-0": after setup). It tells at
# most one turn of each action (a procure twice: face up and blind) and the last.
PLAY_PICTURES = len(ACTIONS) + 2
FIGURES = frozenset({"components", "table", "area", "placement", "world", "procure",
                     "scoring", "setup", *(f"play-{n}" for n in range(PLAY_PICTURES + 1))})


class Record:
    """A read-only record for templates: `rec.name` and `rec["name"]` both work.

    A plain mapping would answer `trade.get` with its own `get` method; a record
    has no public methods, so every dotted name in a template means a value.
    """

    __slots__ = ("_data",)

    def __init__(self, data: dict):
        object.__setattr__(self, "_data", MappingProxyType(data))

    def __getattr__(self, name: str):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str):
        return self._data[name]

    def names(self) -> tuple[str, ...]:
        """The record's field names (for error messages and the README)."""
        return tuple(self._data)

    def __contains__(self, name: object) -> bool:
        return name in self._data

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError("the template context is read-only")

    def __repr__(self) -> str:
        return f"Record({dict(self._data)!r})"


def freeze(value):
    """Dicts become read-only records and lists tuples, all the way down."""
    if isinstance(value, dict):
        return Record({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def join(items, last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c': a list as a phrase of the source language (the
    diagnostics' English; what a player reads joins with its game's `words.join`)."""
    return SOURCE_WORDS.join(items, last)


def context_words(context: Mapping) -> Words:
    """The tool's words of the game a context was made for: the catalogue of the
    context's `language` (the one that game's `words` is; the source language's when it
    names none). The templates' `_()`, `join` and `plural` and the playtest tags speak it."""
    return words_for(context.get("language") or SOURCE_LANGUAGE)


# A grid cell's name by its corner (vertical, horizontal), as whole phrases: another
# language orders the words its own way.
CORNERS = {("top", "left"): N_("the top left corner"),
           ("top", "right"): N_("the top right corner"),
           ("bottom", "left"): N_("the bottom left corner"),
           ("bottom", "right"): N_("the bottom right corner")}
# The actions' names as the book prints them, by their ids in game.yaml.
ACTION_NAMES = {"draw": N_("Draw"), "trade": N_("Trade"), "procure": N_("Procure"),
                "move": N_("Move"), "refresh": N_("Refresh"), "seal": N_("Seal")}


def place_name(rows: int, columns: int, row: int, column: int,
               words: Words = SOURCE_WORDS) -> str:
    """'the top left corner', 'the centre' or 'row 2, column 3' for a grid cell."""
    vertical = {0: "top", rows - 1: "bottom"}.get(row)
    horizontal = {0: "left", columns - 1: "right"}.get(column)
    if vertical and horizontal:
        return words.gettext(CORNERS[vertical, horizontal])
    if (row, column) == (rows // 2, columns // 2) and rows % 2 and columns % 2:
        return words.gettext("the centre")
    return words.gettext("row {row}, column {column}").format(row=row + 1, column=column + 1)


def _element_names(game: Game, ids) -> list[str]:
    return [game.element(e).name for e in ids]


def tile_info(game: Game, tile: Tile) -> dict:
    """A tile as the templates see it: name, insignia names, and its face-up cost."""
    words = game.words
    names = _element_names(game, tile.insignias)
    cost = [words.ngettext("{n} {element} token", "{n} {element} tokens", n).format(
        n=n, element=game.element(e).name) for e, n in tile.cost.items()]
    return {"id": tile.id, "name": tile.name, "insignias": names,
            "insignia_text": words.join(names),
            "size": len(tile.insignias), "cost": sum(tile.cost.values()),
            "cost_text": words.join(cost), "nexus": tile.is_nexus}


def _elements(game: Game) -> list[dict]:
    oinks = {o.element: o.name for o in game.oinks}
    return [{"id": e.id, "name": e.name, "colour": e.colour, "symbol": e.symbol,
             "tokens": game.tokens.count(e.id), "oink": oinks.get(e.id, "")}
            for e in game.elements]


def _tiles(game: Game) -> dict:
    # Printed tiles: a tile at `copies: 2` is two tiles on the table and in the counts.
    deck = game.deck
    sizes = Counter(len(t.insignias) for t in deck)
    return {"count": len(deck),
            "by_size": [{"insignias": n, "count": sizes[n]} for n in sorted(sizes)],
            "nexus_count": sum(1 for t in deck if t.is_nexus),
            "max_cost": max((sum(t.cost.values()) for t in deck), default=0),
            "max_insignias": max(sizes, default=0)}


def _declared(game: Game) -> list[dict]:
    """The kinds content/pieces.yaml declares, for the components: each one's name, how
    many pieces are printed, and its checklist line (its title alone when that line
    names something nothing gives: validation says so at its about: line)."""
    names = game_names(game)
    found = []
    for kind in game.pieces:
        try:
            about = about_line(kind.about, kind.count, len(kind.items), names)
        except (KeyError, ValueError, TypeError):
            about = kind.title
        found.append({"name": kind.title, "count": kind.count,
                      "about": about[:1].upper() + about[1:]})
    return found


def _rules(game: Game) -> dict:
    r, words = game.rules, game.words
    face_up, row = list(r.face_up_spaces), list(r.space_row)
    return {
        "players_min": r.players_min, "players_max": r.players_max,
        "tiles_dealt": r.tiles_dealt, "tiles_returned": r.tiles_dealt - 1,
        "starting_tokens": r.starting_tokens,
        "trade_zone_per_element": r.trade_zone_start,
        "trade_zone_total": r.trade_zone_start * len(game.elements),
        "oink_capacity": r.oink_capacity, "draw_count": r.draw_count,
        "trade_give": r.trade_give, "trade_get": r.trade_get, "blind_cost": r.blind_cost,
        "grid_rows": r.grid_rows, "grid_columns": r.grid_columns,
        "world_size": r.world_size, "end_tiles": r.end_tiles,
        "backstop_rounds": r.backstop_rounds,
        "face_up_spaces": face_up, "face_up_text": words.join(face_up, "or"),
        "face_up_list": words.join(face_up), "blind_space": r.blind_space,
        "space_row": row, "space_row_text": " ".join(row),
        "score_match": r.score_match, "score_other": r.score_other,
        "score_unsealed": r.score_unsealed,
        "actions": list(r.actions),
        "action_names": [words.gettext(ACTION_NAMES.get(a, a.capitalize())) for a in r.actions],
        "action_count": len(r.actions), "trade_back": r.trade_back,
        "seal_tokens": r.seal_tokens,
    }


def _action_examples(game: Game, world: ExampleWorld | None) -> dict:
    r = game.rules
    held = max(r.oink_capacity - 1, 0)
    draw = {"held": held, "drawn": r.draw_count, "total": held + r.draw_count,
            "discard": max(held + r.draw_count - r.oink_capacity, 0)}
    trade = {"give": r.trade_give * 2, "get": r.trade_get * 2}
    if world is None:
        return {"draw": draw, "trade": trade}
    start, near, odd = world.start, world.near, misfit(game, world)
    shared = [game.element(e).name for e in start.insignias if e in near.insignias]
    far = world.tiles[-1] if world.start_cell != world.grid.size - 1 else world.tiles[0]
    return {"draw": draw, "trade": trade,
            "start": tile_info(game, start), "near": tile_info(game, near),
            "shared": game.words.join(shared),
            "misfit": tile_info(game, odd) if odd else None,
            "far": tile_info(game, far)}


def _placement(game: Game, world: ExampleWorld | None) -> dict | None:
    example = placement_example(game, world)
    if example is None:
        return None
    return {"start": tile_info(game, example.start), "legal": tile_info(game, example.legal),
            "misfit": tile_info(game, example.misfit),
            "outside": tile_info(game, example.outside)}


def game_context(game: Game, memo: Memo) -> dict:
    """`build_context(game)`, worked out once while the memo lives (one build)."""
    return memo.per(game, "rulebook context", build_context)


def build_context(game: Game) -> dict:
    """Everything the rulebook and aid templates may print: a dict of frozen values."""
    world = example_world(game)
    elements = _elements(game)
    context = {
        "title": game.title, "designer": game.designer, "version": game.version,
        "language": game.words.language,
        "playtest_edition": game.rules.is_draft,
        "edition": edition(game.rules, game.words),
        "drafts": list(game.rules.drafts),
        "draft": {s.name: s.draft for s in game.rules.sections},
        "elements": elements,
        "element_names": game.words.join(e["name"] for e in elements),
        "element_count": len(elements),
        "oinks": [{"name": o.name, "element": game.element(o.element).name,
                   "colour": game.element(o.element).colour} for o in game.oinks],
        "tokens": {"per_element": game.tokens.count(game.element_ids[0]) if elements else 0,
                   "total": game.tokens.total},
        "tiles": _tiles(game),
        "pieces": _declared(game),
        "rules": _rules(game),
        "example": _action_examples(game, world),
        "world": None if world is None else {
            "rows": [[tile_info(game, t) for t in row] for row in world.rows()],
            "start": tile_info(game, world.start),
            "start_place": place_name(world.grid.rows, world.grid.columns,
                                      *world.grid.position(world.start_cell), game.words)},
        "scoring": scoring_example(game, world),
        "placement": _placement(game, world),
        "completions": completions(game),
        "split": split_rows(game),
    }
    return {k: freeze(v) for k, v in context.items()}


@dataclass(frozen=True)
class Rendered:
    """One template's Markdown output and where it came from."""

    name: str
    markdown: str
