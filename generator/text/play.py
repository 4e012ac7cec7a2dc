"""The example of play as the templates see it: a seeded game's log, in words.

The log comes from the simulator (`generator.sim.playlog.turn_log`); this module only
reads its fields, so the words depend on what the engine did and nothing else. The
book tells the turns `generator.sim.example.shown_turns` picks (the caller passes
them: text does not import the simulator), sums up the turns
between them, and ends with the final scoring; the figures `play-0` (after setup) ...
`play-N` (after the N-th turn told) picture the same log.
"""

from __future__ import annotations

from collections import Counter

from generator.core.model import Game
from generator.core.words import N_, Words
from generator.text.context import freeze, tile_info

NEXT_TO = N_("next to")  # a cell no step away in a straight line (never in a real game)
SIDES = {(0, -1): N_("left of"), (0, 1): N_("right of"), (-1, 0): N_("above"),
         (1, 0): N_("below")}


def tokens_text(game: Game, ids: tuple[str, ...], counts) -> str:
    """Counts by element as words: "1 Fire and 2 Water" ("nothing" for none)."""
    _ = game.words
    parts = [_("{n} {element}").format(n=n, element=game.element(e).name)
             for e, n in zip(ids, counts, strict=True) if n]
    return _.join(parts) or _("nothing")


def _side(game: Game, cell: int, oink_cell: int) -> str:
    columns = game.rules.grid_columns
    step = (cell // columns - oink_cell // columns, cell % columns - oink_cell % columns)
    return game.words.gettext(SIDES.get(step, NEXT_TO))


def _turn(game: Game, log, turn) -> dict:
    ids, action = log.table.elements, turn.action
    before, after = turn.before, turn.after
    tile_of = game.deck.__getitem__  # the simulator's tiles are printed ones
    said = {"number": turn.number, "player": turn.seat + 1, "kind": action.kind,
             "oink": _oink(game, log, before.oink), "holds": tokens_text(game, ids, after.tokens),
             "discarded": tokens_text(game, ids, turn.discarded) if any(turn.discarded) else ""}
    under = tile_of(before.grid[before.cell])
    if action.kind == "draw":
        drawn = [a - b + d for a, b, d in zip(after.tokens, before.tokens,
                                              turn.discarded or (0,) * len(ids), strict=True)]
        said["drawn"] = tokens_text(game, ids, drawn)
    elif action.kind == "trade":
        give = [sum(g[e] for g, _ in action.exchanges) for e in range(len(ids))]
        get = [sum(t[e] for _, t in action.exchanges) for e in range(len(ids))]
        said |= {"given": tokens_text(game, ids, give), "got": tokens_text(game, ids, get)}
    elif action.kind in ("procure", "blind"):
        cell = action.cell if action.kind == "procure" else turn.placed_cell
        if action.kind == "blind":
            said |= {"paid": tokens_text(game, ids, action.payment),
                      "revealed": tile_info(game, tile_of(turn.revealed)),
                      "placed": cell >= 0}
        else:
            said["space"] = game.rules.face_up_spaces[action.space]
        if cell >= 0:
            tile = tile_of(after.grid[cell])
            said |= {"tile": tile_info(game, tile), "side": _side(game, cell, before.cell),
                      "under": tile_info(game, under),
                      "shared": game.words.join(game.element(e).name
                                                for e in tile.insignias
                                                if e in under.insignias)}
    elif action.kind == "move":
        said |= {"from": tile_info(game, under), "to": tile_info(game, tile_of(after.grid[
            after.cell]))}
    elif action.kind == "refresh":
        said["space"] = game.rules.face_up_spaces[action.space]
    elif action.kind == "seal":
        said["tile"] = tile_info(game, under)
    return said


def _oink(game: Game, log, element_index: int) -> str:
    element = log.table.elements[element_index]
    return next(o.name for o in game.oinks if o.element == element)


def _times(_: Words, n: int) -> str:
    """How often, in words: "once", "twice", "3 times"."""
    if n == 1:
        return _("once")
    if n == 2:
        return _("twice")
    return _.ngettext("{n} time", "{n} times", n).format(n=n)


# What a player did in the turns the book does not tell, by kind of turn, in the order
# the summary says them: each a whole phrase over {times} ("twice"), as another language
# says it ("" for the kinds `_done` says with a count of tiles, in plural forms).
_DONE = {"draw": N_("draws {times}"), "trade": N_("trades {times}"), "procure": "",
         "blind": N_("procures {times} from the blind stack"), "move": N_("moves {times}"),
         "refresh": N_("refreshes {times}"), "seal": "", "pass": N_("passes {times}")}


def _done(_: Words, kind: str, n: int) -> str:
    """A kind of turn played `n` times, in words: "draws twice", "seals 1 tile"."""
    if kind == "procure":
        return _.ngettext("procures {n} face-up tile", "procures {n} face-up tiles",
                          n).format(n=n)
    if kind == "seal":
        return _.ngettext("seals {n} tile", "seals {n} tiles", n).format(n=n)
    return _.gettext(_DONE[kind]).format(times=_times(_, n))


def _between(_: Words, log, first: int, last: int) -> dict | None:
    """The untold turns first..last, summed up per player: {"first", "last", "done"},
    "done" as "player 1 draws twice and moves once; player 2 seals 1 tile"."""
    if first > last:
        return None
    turns = log.turns[first - 1:last]
    said = []
    for seat in sorted({t.seat for t in turns}):
        kinds = Counter(t.action.kind for t in turns if t.seat == seat)
        did = _.join(_done(_, k, kinds[k]) for k in _DONE if kinds[k])
        said.append(_("player {number} {did}").format(number=seat + 1, did=did))
    return {"first": first, "last": last, "done": _.pgettext("between clauses", "; ").join(said)}


def _final(game: Game, log) -> dict:
    """The final scoring: each player's points by where they come from, and who won."""
    rows = []
    for seat, (s, (match, other, loose)) in enumerate(zip(_last_seats(log), log.points,
                                                          strict=True)):
        rows.append({"number": seat + 1, "oink": _oink(game, log, s.oink),
                     "element": game.element(log.table.elements[s.oink]).name,
                     "tiles": sum(t >= 0 for t in s.grid), "sealed": sum(s.sealed),
                     "match": match, "other": other, "unsealed": loose,
                     "total": match + other + loose})
    best = max(r["total"] for r in rows)
    winners = [r for r in rows if r["total"] == best]
    _ = game.words
    return {"rows": rows, "best": best, "winners": [r["number"] for r in winners],
            "winner_text": _.join(_("player {number}").format(number=r["number"])
                                  for r in winners)}


def _last_seats(log) -> list:
    seats = list(log.seats)
    for turn in log.turns:
        seats[turn.seat] = turn.after
    return seats


def play_context(game: Game, log, shown: tuple[int, ...]) -> dict:
    """The example of play: the players after setup, the turns numbered `shown` told
    (each with a summary of the untold turns before it), and the final scoring of a
    finished game."""
    ids = log.table.elements
    players = [{"number": seat + 1, "oink": _oink(game, log, s.oink),
                "element": game.element(ids[s.oink]).name,
                "start": tile_info(game, game.deck[s.grid[s.cell]]),
                "tokens": tokens_text(game, ids, s.tokens)}
               for seat, s in enumerate(log.seats)]
    tops = [{"space": name, "tile": tile_info(game, game.deck[t]) if t >= 0 else None}
            for name, t in zip(game.rules.face_up_spaces, log.board.tops, strict=True)]
    told, previous = [], 0
    for picture, number in enumerate(shown, start=1):
        turn = log.turns[number - 1]
        said = _turn(game, log, turn) | {"picture": picture,
                                          "skipped": _between(game.words, log, previous + 1,
                                                              number - 1),
                                          "ends": log.finished and number == len(log.turns)}
        told.append(said)
        previous = number
    return {"seed": log.seed, "players": players, "tops": tops, "turns": told,
            "length": len(log.turns), "finished": log.finished,
            "final": _final(game, log) if log.finished else None}


def _minutes(turns: float, seconds: int) -> int:
    """A game's playing time in minutes, to the nearest five."""
    return max(5, round(turns * seconds / 60 / 5) * 5)


def played_context(game: Game, played) -> dict:
    """What the book quotes from simulated games (`generator.sim.book.book_games`): the
    playing time on the cover, and the share of games the backstop ends."""
    section = game.rules.section("simulation")
    seconds = section.get("seconds_per_turn", 30) if section else 30
    if not isinstance(seconds, int):  # the schema reads only a whole number
        raise TypeError(f"simulation.seconds_per_turn is {seconds!r}, not a whole number")
    _ = game.words
    rows = [{"players": p.players, "games": p.games, "turns": round(p.median_turns),
             "minutes": _minutes(p.median_turns, seconds), "backstop": p.backstop,
             "share": _("{percent}%").format(percent=round(p.backstop / p.games * 100))}
            for p in played]
    low, high = rows[0]["minutes"], rows[-1]["minutes"]
    minutes = _("{low}\u2013{high} minutes").format(low=low, high=high) if high != low \
        else _.ngettext("{n} minute", "{n} minutes", low).format(n=low)
    return {"rows": rows, "games": rows[0]["games"], "seconds_per_turn": seconds,
            "minutes": minutes, "age": game.age}


def play_words(game: Game, example, played) -> dict:
    """The rulebook's names for simulated play: the example of play (`play`, from
    `generator.sim.example.example_of_play`) and the book's figures (`played`, from
    `generator.sim.book.book_games`), frozen for the templates."""
    return {"play": freeze(play_context(game, example.log, example.shown)),
            "played": freeze(played_context(game, played))}
