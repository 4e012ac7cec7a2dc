"""The example of play as the templates see it: a seeded game's log, in words.

The log comes from the simulator (`generator.sim.playlog.turn_log`); this module only
reads its fields, so the words depend on what the engine did and nothing else. The
rulebook's figures `play-0` ... `play-N` picture the same log.
"""

from __future__ import annotations

from generator.core.model import Game
from generator.text.context import join, tile_info

SIDES = {(0, -1): "left of", (0, 1): "right of", (-1, 0): "above", (1, 0): "below"}


def tokens_text(game: Game, ids: tuple[str, ...], counts) -> str:
    """Counts by element as words: "1 Fire and 2 Water" ("nothing" for none)."""
    parts = [f"{n} {game.element(e).name}" for e, n in zip(ids, counts, strict=True) if n]
    return join(parts) or "nothing"


def _side(game: Game, cell: int, oink_cell: int) -> str:
    columns = game.rules.grid_columns
    step = (cell // columns - oink_cell // columns, cell % columns - oink_cell % columns)
    return SIDES.get(step, "next to")


def _turn(game: Game, log, turn) -> dict:
    ids, action = log.table.elements, turn.action
    before, after = turn.before, turn.after
    tile_of = game.deck.__getitem__  # the simulator's tiles are printed ones
    words = {"number": turn.number, "player": turn.seat + 1, "kind": action.kind,
             "oink": _oink(game, log, before.oink), "holds": tokens_text(game, ids, after.tokens),
             "discarded": tokens_text(game, ids, turn.discarded) if any(turn.discarded) else ""}
    under = tile_of(before.grid[before.cell])
    if action.kind == "draw":
        drawn = [a - b + d for a, b, d in zip(after.tokens, before.tokens,
                                              turn.discarded or (0,) * len(ids), strict=True)]
        words["drawn"] = tokens_text(game, ids, drawn)
    elif action.kind == "trade":
        give = [sum(g[e] for g, _ in action.exchanges) for e in range(len(ids))]
        get = [sum(t[e] for _, t in action.exchanges) for e in range(len(ids))]
        words |= {"given": tokens_text(game, ids, give), "got": tokens_text(game, ids, get)}
    elif action.kind in ("procure", "blind"):
        cell = action.cell if action.kind == "procure" else turn.placed_cell
        if action.kind == "blind":
            words |= {"paid": tokens_text(game, ids, action.payment),
                      "revealed": tile_info(game, tile_of(turn.revealed)),
                      "placed": cell >= 0}
        else:
            words["space"] = game.rules.face_up_spaces[action.space]
        if cell >= 0:
            tile = tile_of(after.grid[cell])
            words |= {"tile": tile_info(game, tile), "side": _side(game, cell, before.cell),
                      "under": tile_info(game, under),
                      "shared": join(game.element(e).name for e in tile.insignias
                                     if e in under.insignias)}
    elif action.kind == "move":
        words |= {"from": tile_info(game, under), "to": tile_info(game, tile_of(after.grid[
            after.cell]))}
    elif action.kind == "refresh":
        words["space"] = game.rules.face_up_spaces[action.space]
    elif action.kind == "seal":
        words["tile"] = tile_info(game, under)
    return words


def _oink(game: Game, log, element_index: int) -> str:
    element = log.table.elements[element_index]
    return next(o.name for o in game.oinks if o.element == element)


def play_context(game: Game, log) -> dict:
    """The example of play: the players after setup and each turn, in words."""
    ids = log.table.elements
    players = [{"number": seat + 1, "oink": _oink(game, log, s.oink),
                "element": game.element(ids[s.oink]).name,
                "start": tile_info(game, game.deck[s.grid[s.cell]]),
                "tokens": tokens_text(game, ids, s.tokens)}
               for seat, s in enumerate(log.seats)]
    tops = [{"space": name, "tile": tile_info(game, game.deck[t]) if t >= 0 else None}
            for name, t in zip(game.rules.face_up_spaces, log.board.tops, strict=True)]
    return {"seed": log.seed, "players": players, "tops": tops,
            "turns": [_turn(game, log, t) for t in log.turns]}
