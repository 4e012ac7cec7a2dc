"""Helpers for the simulator tests: find tiles, write token counts, build bare states."""

from __future__ import annotations

import random
from pathlib import Path

from generator.core.memo import Memo
from generator.core.model import Game
from generator.products.rulebook.context import with_play
from generator.sim.state import GameState
from generator.sim.tables import Table
from generator.text.context import build_context
from generator.text.sections import aid_context
from generator.text.templating import render_aid, render_rulebook


def tile_with(table: Table, *elements: str) -> int:
    """The first tile bearing exactly these elements (in any order)."""
    wanted = {table.elements.index(e) for e in elements}
    return next(t for t, ins in enumerate(table.insignias) if set(ins) == wanted)


def counts(table: Table, **per_element: int) -> list[int]:
    """Token counts by element index, e.g. counts(table, fire=2)."""
    return [per_element.get(e, 0) for e in table.elements]


def bare_state(table: Table, seats: int = 2, seed: int = 1) -> GameState:
    """A state with every token in the bag, nothing dealt, and each Oink on a fire tile.

    Tests then set up exactly the situation they need.
    """
    state = GameState(table, seats, random.Random(seed))
    for me, element in zip(state.players, ("fire", "water", "earth", "air"), strict=False):
        me.cell = table.centre
        me.grid[me.cell] = tile_with(table, element)
        me.placed = 1
    return state


CONTENT = Path(__file__).resolve().parents[2] / "content"
TEMPLATES = CONTENT.parent / "templates"


def book(game: Game) -> str:
    """The rulebook's and a player aid's text for this game (the example of play too)."""
    context = with_play(game, build_context(game), Memo())
    pages = render_rulebook(TEMPLATES, context)
    aid = render_aid(TEMPLATES, aid_context(game, context, game.oinks[0].element))
    return "\n".join(page.markdown for page in [*pages, aid])


def tup(table: Table, **per_element: int) -> tuple[int, ...]:
    """Token counts as the tuple an action carries, e.g. tup(table, fire=2)."""
    return tuple(counts(table, **per_element))


class Chooser:
    """A player's choices, scripted: the first cell offered, and the discards given (or
    the first tokens held). It records what it was offered."""

    def __init__(self, discards=None):
        self.offered = None
        self.excess = None
        self.discards = discards

    def place(self, state, tile, cells, rng):
        self.offered = list(cells)
        return cells[0]

    def discard(self, state, excess, rng):
        self.excess = excess
        if self.discards is not None:
            return tuple(self.discards)
        left, out = list(state.me.tokens), [0] * len(state.me.tokens)
        for _ in range(excess):
            e = next(i for i, n in enumerate(left) if n)
            left[e] -= 1
            out[e] += 1
        return tuple(out)
