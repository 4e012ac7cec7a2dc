"""The compiled engine's data: the table, a game's state and working room, as records.

The frozen `Table` becomes a `kit` (built once a run), a game's state a `board` (built
once a batch and set up afresh for each game), and the working room a `scratch`; each is
one numpy record whose fields are arrays. Small whole numbers index the rule numbers
(`RULE_*`), the game's scalars (`G_*`) and an action's fields (`ACT_*`).
"""

from __future__ import annotations

from typing import cast

import numpy as np

from generator.sim.compiled.streams import WORDS
from generator.sim.tables import Table

# Rule numbers, in a kit's `rules`.
# (Points need no rule numbers: the kit's points tables hold them.)
(RULE_CAPACITY, RULE_DRAW, RULE_GIVE, RULE_GET, RULE_BLIND, RULE_END_TILES, RULE_ZONE_START,
 RULE_START_TOKENS, RULE_DEALT, RULE_TURN_CAP, RULE_BACKSTOP, RULE_TRADE_BACK,
 RULE_SEAL_TO_ZONE, RULE_ACTIONS, RULE_CENTRE, RULE_TILES, RULE_CELLS) = range(17)
RULES = 17

# The actions a turn offers, as bits of a kit's rules[RULE_ACTIONS] (a blind procure is
# offered with procuring).
OFFERS = {"draw": 1, "trade": 2, "procure": 4, "move": 8, "refresh": 16, "seal": 32}
OFFER_DRAW, OFFER_TRADE, OFFER_PROCURE, OFFER_MOVE, OFFER_REFRESH, OFFER_SEAL = OFFERS.values()

# Action kinds: the positions of `generator.sim.actions.KINDS`.
DRAW, TRADE, PROCURE, BLIND, MOVE, REFRESH, SEAL, PASS = range(8)

# A game's scalars, in a board's `g`. G_OVER is 0 while the game goes on, else its ending
# code + 1; G_LEADERS to G_GAP are the score race's (`generator.sim.race.Race`).
(G_CURRENT, G_TURN, G_OVER, G_HEAD, G_STACK, G_SEATS, G_PROCURED, G_DISCARDED, G_PASSES,
 G_LEADERS, G_SINCE, G_CHANGES, G_GAP) = range(13)
SCALARS = 13
RING = 128  # stack O as a ring (it never holds more than every tile)

# An action: kind, space, cell, exchanges, then a payment and the exchanges' counts.
ACT_KIND, ACT_SPACE, ACT_CELL, ACT_EXCHANGES, ACT_PAY = range(5)

# Ending codes: the positions of `generator.sim.game.ENDINGS`.
WORLD_COMPLETE, BACKSTOP, TURN_CAP, DEADLOCK = range(4)

# The records have room for the most of each of these, so that a content with more
# copies of a tile, or a rule sweep over the grid's size, the tiles dealt or a cost, runs
# the machine code already compiled (numba compiles afresh for every shape of record).
# A content beyond them is played by the Python engine.
MOST_TILES = RING
MOST_SEATS = 8
MOST_CELLS = 25  # a 5 x 5 grid, the largest world.rows and world.columns allow
MOST_DEALT = 10  # setup.tiles_dealt's largest
MOST_PICKS = 20  # tokens in one payment or exchange: procure.blind_cost's largest


def _record(fields: list[tuple]) -> np.void:
    """One zeroed numpy record of these fields (name, dtype, shape).

    The engine's data are records, not tuples of arrays: numba passes a record to a
    function as one pointer, where it passes each array of a tuple as seven or more
    numbers, and a call with the whole state cost about 50 ns (measured), most of a
    turn."""
    return cast(np.void, np.zeros(1, np.dtype(fields))[0])


def kit(table: Table) -> np.void:
    """The table as one record (`generator.sim.tables.Table`): per tile its insignia
    `masks` and its `cost` per element; per cell its `neighbours` (-1 past the last);
    `sealed_points` and `unsealed_points` [Oink element, tile]; the token `supply`; the
    Oinks' elements in seat order; per tile its design; the `rules` (RULE_*); the number
    of face-up spaces."""
    rules, elements = table.rules, len(table.elements)
    tiles, cells = MOST_TILES, MOST_CELLS
    k = _record([("masks", np.int64, (tiles,)), ("cost", np.int64, (tiles, elements)),
                 ("neighbours", np.int64, (cells, 4)),
                 ("sealed_points", np.int64, (elements, tiles)),
                 ("unsealed_points", np.int64, (elements, tiles)),
                 ("supply", np.int64, (elements,)), ("oinks", np.int64, (len(table.oinks),)),
                 ("design_of", np.int64, (tiles,)), ("rules", np.int64, (RULES,)),
                 ("spaces", np.int64)])
    used = len(table.tile_ids)
    k["masks"][:used] = table.masks
    for t, insignias in enumerate(table.insignias):
        for e in insignias:
            k["cost"][t, e] += 1
    k["neighbours"] = -1
    for c, near in enumerate(table.neighbours):
        k["neighbours"][c, :len(near)] = near
    k["sealed_points"][:, :used] = table.sealed_points
    k["unsealed_points"][:, :used] = table.unsealed_points
    k["supply"], k["oinks"] = table.supply, table.oinks
    k["design_of"][:used] = table.design_of
    offered = sum(OFFERS[a] for a in rules.actions if a in OFFERS)
    k["rules"] = (rules.oink_capacity, rules.draw_count, rules.trade_give, rules.trade_get,
                  rules.blind_cost, rules.end_tiles, rules.trade_zone_start,
                  rules.starting_tokens, rules.tiles_dealt, rules.turn_cap,
                  rules.backstop_rounds, rules.trade_back, rules.seal_tokens == "trade_zone",
                  offered, table.centre, used, table.cells)
    k["spaces"] = len(rules.face_up_spaces)
    return k


def _sizes(k: np.void) -> tuple[int, int, int, int]:
    """Elements, cells, tiles and face-up spaces a kit's records have room for."""
    return len(k["supply"]), MOST_CELLS, MOST_TILES, int(k["spaces"])


def board(k: np.void, seats: int) -> np.void:
    """A game's state as one record (`generator.sim.state.GameState`), for `seats`
    players (`play.setup` fills it): the G_* scalars; the bag, the trade zone and the
    tokens on seals, per element; the face-up `spaces` [space, depth] (the top last)
    and their `depth`; stack O as a `ring` from G_HEAD, G_STACK tiles (the bottom
    first); per seat (room for MOST_SEATS, so one compiled engine serves every count)
    the Oink's `cell` and element, the tiles `placed`, its `tokens` per element, its
    world's `grid` (tile or -1) and `sealed` cells; the tiles procured in order; the
    score race's `points`, `trailing` and `behind` per seat; the random stream `mt`."""
    elements, cells, tiles, spaces = _sizes(k)
    seat = MOST_SEATS
    b = _record([("g", np.int64, (SCALARS,)), ("bag", np.int64, (elements,)),
                 ("zone", np.int64, (elements,)), ("sealed_tokens", np.int64, (elements,)),
                 ("spaces", np.int64, (spaces, tiles)), ("depth", np.int64, (spaces,)),
                 ("ring", np.int64, (RING,)), ("cell", np.int64, (seat,)),
                 ("placed", np.int64, (seat,)), ("oink", np.int64, (seat,)),
                 ("tokens", np.int64, (seat, elements)), ("grid", np.int64, (seat, cells)),
                 ("sealed", np.int64, (seat, cells)), ("procured", np.int64, (tiles,)),
                 ("points", np.int64, (seat,)), ("trailing", np.int64, (seat,)),
                 ("behind", np.int64, (seat,)), ("mt", np.uint32, (WORDS,))])
    b["g"][G_SEATS] = seats
    return b


def scratch(k: np.void) -> np.void:
    """Working room a turn reuses (allocating it every turn would cost more): the
    action chosen (`act`: ACT_* fields, a payment, at most one exchange an element);
    lists of face-up spaces and of cells; per element the tokens to `keep`, to pay or
    discard (`counts`) and seven more working counts; the tiles shuffled at setup, those
    dealt, the Oinks dealt; a mark per tile (`seen`) and per cell (`done`) and a
    `group` of cells; two multisets as sorted elements (`engine.next_combo`)."""
    elements, cells, tiles, spaces = _sizes(k)
    per_element = ("keep", "counts", "given", "taken", "after", "left", "spare", "tokens",
                   "zone")
    return _record(
        [("act", np.int64, (ACT_PAY + elements + 2 * elements * elements,)),
         ("spaces", np.int64, (spaces,)), ("cells", np.int64, (cells,)),
         ("more", np.int64, (cells,)), ("order", np.int64, (tiles,)),
         ("dealt", np.int64, (MOST_DEALT,)),
         ("pool", np.int64, (len(k["oinks"]),)), ("seen", np.int64, (tiles,)),
         ("done", np.int64, (cells,)), ("group", np.int64, (cells,)),
         ("combo", np.int64, (MOST_PICKS,)), ("combo2", np.int64, (MOST_PICKS,))]
        + [(name, np.int64, (elements,)) for name in per_element])


def fits(table: Table, seats: int) -> bool:
    """True when the compiled engine's records hold this table and this many seats."""
    rules = table.rules
    return (len(table.tile_ids) <= MOST_TILES and seats <= MOST_SEATS
            and table.cells <= MOST_CELLS and rules.tiles_dealt <= MOST_DEALT
            and max(rules.trade_give, rules.trade_get, rules.blind_cost) <= MOST_PICKS
            and len(table.oinks) <= 21)  # `streams.sample`'s small-population branch
