"""A simulation summary as text for people or as JSON for tools (no I/O here).

JSON keys (documented in docs/simulation.md): every field of `stats.Summary`, among
them `win_share_by_seat`, `win_share_by_element` and `win_share_by_player` (each a
list of {label, share, low, high, fair, games}, low/high the 95 % Wilson interval), and
`headline`, the plain-language summary. A sweep is {"variants": [{"set": {...}, ...}]}.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from generator.sim.headline import headline
from generator.sim.intervals import Test
from generator.sim.measures import BY_KEY as BY_MEASURE
from generator.sim.measures import MEASURES, Estimate
from generator.sim.research import BALANCE_WORDS
from generator.sim.research import BY_KEY as METRICS
from generator.sim.stats import Share, Spread, Summary
from generator.sim.strength import KEY_FIGURES
from generator.sim.sweep import Variant

SHOWN_TILES = 5  # tiles listed at each end of the procurement ranking


def as_data(summary: Summary) -> dict:
    """The summary as plain data, with its headline."""
    return {"headline": headline(summary), **summary.as_dict()}


def to_json(summary: Summary, compared: dict | None = None) -> str:
    """One JSON object: the headline and every statistic (and, given, the comparison
    with an earlier run under "compared_with")."""
    data = as_data(summary)
    if compared is not None:
        data["compared_with"] = compared
    return json.dumps(data, indent=2)


def sweep_json(variants: Sequence[tuple[dict[str, int], bool, Summary]]) -> str:
    """A sweep as {"variants": [...]}, each variant's settings under "set", the current
    rules marked "current": true."""
    return json.dumps({"variants": [{"set": changes, "current": current, **as_data(s)}
                                    for changes, current, s in variants]}, indent=2)


def label(variant: Variant, current: bool) -> str:
    """A variant's name in the tables, the current rules marked."""
    if not variant.changes:
        return "current rules"
    return variant.label + (" (current)" if current else "")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _spread(s: Spread, digits: int = 1) -> str:
    return (f"mean {s.mean:.{digits}f}, median {s.median:g}, p90 {s.p90:g} "
            f"(range {s.low:g}-{s.high:g})")


def _shares(title: str, shares: Sequence[Share]) -> list[str]:
    lines = [f"{title} (finished games, ties shared; 95% interval):"]
    lines += [f"  {s.label:<10} {_pct(s.share):>6}  [{_pct(s.low)}-{_pct(s.high)}]  "
              f"fair {_pct(s.fair)}  of {s.games}" for s in shares]
    return lines


def _test(what: str, test: Test) -> str:
    """The test of a spread of wins, as the report prints it."""
    line = (f"  {what} test: chi-square distance {test.statistic:g} on {test.dof} df, "
            f"{test.method} p = {test.p_value:.3g}")
    if test.p_adjusted is not None and test.p_adjusted != test.p_value:
        line += f" (corrected for the sweep's variants: {test.p_adjusted:.3g})"
    return line


def _tiles(summary: Summary) -> list[str]:
    ranked = sorted(summary.take_rate.items(), key=lambda kv: (-kv[1], kv[0]))
    most = ", ".join(f"{t} {_pct(r)}" for t, r in ranked[:SHOWN_TILES])
    least = ", ".join(f"{t} {_pct(r)}" for t, r in reversed(ranked[-SHOWN_TILES:]))
    never = ", ".join(summary.never_taken) or "none"
    return ["Tile procurement (share of games in which the tile was procured):",
            f"  most taken:  {most}", f"  least taken: {least}", f"  never taken: {never}"]


def _points(summary: Summary) -> list[str]:
    p = summary.points
    return ["Where points come from (mean per player and game):",
            f"  matching insignias {p.match:.2f}, other insignias {p.other:.2f}, "
            f"unsealed tiles {p.unsealed:.2f}",
            f"  tiles sealed {p.sealed_tiles:.2f} of {p.placed_tiles:.2f} placed"]


def _procure(summary: Summary) -> list[str]:
    lines = [f"No procure possible: {_pct(summary.no_procure_rate)} of turns, because:"]
    lines += [f"  {cause}: {_pct(rate)}" for cause, rate in summary.no_procure_causes.items()]
    return lines


def to_text(summary: Summary) -> str:
    """A readable report of every statistic, the headline first."""
    s = summary
    lines = [f"Simulated {s.games} games of {s.players} players ({s.player}; seed {s.seed})",
             *(f"* {line}" for line in headline(s)), *_strength(s), "",
             f"Finished {s.finished}, stalled {s.stalled}",
             "How games end: " + ", ".join(f"{k} {v}" for k, v in s.endings.items()),
             f"Turns per game: {_spread(s.turns)}",
             f"Turns per player: {_spread(s.turns_per_player)}",
             *_shares("Win share by seat", s.win_share_by_seat),
             _test("seat", s.seat_test),
             *_shares("Win share by element", s.win_share_by_element),
             _test("element", s.element_test),
             *_shares("Win share by player", s.win_share_by_player),
             f"Ties for first: {_pct(s.tie_rate)}; won with no points: {_pct(s.blank_rate)}",
             "Scores of finished games:",
             f"  winner:           {_spread(s.winning_score)}",
             f"  winner - second:  {_spread(s.score_margin)}",
             f"  best - worst:     {_spread(s.score_range)}",
             *_points(s),
             "Action mix: " + ", ".join(f"{k} {_pct(v)}" for k, v in s.action_mix.items()),
             *_procure(s),
             f"Tokens discarded down to the Oink's capacity: {s.discards_per_game:.2f} a game",
             "Token scarcity by element (turns starting with none in the bag; "
             "mean tokens on seals at the end):"]
    lines += [f"  {e:<8} {_pct(s.bag_dry_rate[e]):>6}  {s.sealed_tokens[e]:.1f}"
              for e in s.bag_dry_rate]
    return "\n".join(lines + _tiles(s) + _measures(s) + _research(s) + _skill(s)
                     + _per_tile(s))


def _measures(summary: Summary) -> list[str]:
    lines = ["Measures (mean a game, 95% interval):"]
    for m in MEASURES:
        e = summary.measures[m.key]
        unit = "%" if m.unit == "%" else ""
        lines.append(f"  {m.words:<52} {e.mean:.2f}{unit}  [{e.low:.2f}-{e.high:.2f}]")
    return lines


def _strength(summary: Summary) -> list[str]:
    """How the figures change with weaker players, on the same deals."""
    st = summary.strength
    if st is None:
        return []
    lines = ["", f"These figures come from {summary.player} players. The same deals played by "
                 f"{st.versus} players (difference a game ±95% interval, * leaves out zero):"]
    for key in KEY_FIGURES:
        measure, ours, theirs = BY_MEASURE[key], summary.measures.get(key), st.figures.get(key)
        if ours is None or theirs is None or key not in st.difference:
            continue
        unit = "%" if measure.unit == "%" else ""
        lines.append(f"  {measure.words:<36} {f'{ours.mean:.2f}{unit}':>8} against "
                     f"{f'{theirs.mean:.2f}{unit}':>8}  "
                     f"({_cell(st.difference[key], signed=True)})")
    own = summary.win_share_by_seat[0].share if summary.win_share_by_seat else 0.0
    lines.append(f"  {'the first seat wins':<36} {_pct(own):>8} against {_pct(st.first_seat):>8}")
    lines.append(f"  {'tiles sealed a player':<36} {summary.points.sealed_tiles:>8.2f} against "
                 f"{st.sealed_tiles:>8.2f}")
    return lines


def _research(summary: Summary) -> list[str]:
    lines = ["The game researchers' metrics (after Ludii's; 95% interval; docs/simulation.md):"]
    for key, e in summary.metrics.items():
        metric = METRICS.get(key)
        words = metric.words if metric else BALANCE_WORDS
        percent = metric.percent if metric else False
        name = key.replace("_", " ")
        value = (f"{_pct(e.mean)}  [{_pct(e.low)}-{_pct(e.high)}]" if percent
                 else f"{e.mean:.2f}  [{e.low:.2f}-{e.high:.2f}]")
        lines.append(f"  {name:<17} {value:<24} {words}")
    if summary.metrics:
        lines.append(f"  {'duration spread':<17} {summary.duration_spread:<24.2f} standard "
                     f"deviation of the turns a game")
    return lines


def _skill(summary: Summary) -> list[str]:
    if not summary.skill_trace:
        return ["Skill trace: not measured (tkg simulate --skill-trace GAMES plays it)."]
    lines = ["Skill trace (one planner with twice the others' rollouts a move; its win "
             "share, ties shared):"]
    lines += [f"  {step.stronger:>4} against {step.budget:>3}: {_pct(step.share):>6}  "
              f"[{_pct(step.low)}-{_pct(step.high)}]  fair {_pct(step.fair)}  of "
              f"{step.games} games" for step in summary.skill_trace]
    return lines


def _per_tile(summary: Summary) -> list[str]:
    tiles = summary.tiles
    if tiles is None:
        return []
    named = [t for t in tiles.tiles if t.stands_out]
    lines = [f"Tiles that stand out from the set (a player holding a tile at random wins "
             f"{_pct(tiles.wins)} and scores {tiles.points:.1f}; intervals for every tile "
             f"at once):"]
    lines += [f"  {t.name} {_standout(t)} when held: wins {_pct(t.wins.mean)} "
              f"[{_pct(t.wins.low)}-{_pct(t.wins.high)}], scores {t.points.mean:.1f} "
              f"[{t.points.low:.1f}-{t.points.high:.1f}]" for t in named] or ["  none"]
    width = max(len(t.name) for t in tiles.tiles)
    lines += ["Per tile (taken: share of games it was procured in; held: players whose "
              "world held it at the end of a finished game; 95% intervals):",
              f"  {'tile':<{width}}  {'taken':>20}  {'held':>5}  {'wins when held':>20}  "
              f"{'points when held':>18}  {'vs set':>6}"]
    lines += [f"  {t.name:<{width}}  {_share_cell(t.taken):>20}  {t.held:>5}  "
              f"{_share_cell(t.wins):>20}  "
              f"{f'{t.points.mean:.1f} [{t.points.low:.1f}-{t.points.high:.1f}]':>18}  "
              f"{t.effect:>+6.2f}" for t in tiles.tiles]
    return lines


def _standout(tile) -> str:
    return tile.stands_out.replace(", ", " and ")


def _share_cell(e: Estimate) -> str:
    return f"{_pct(e.mean)} [{_pct(e.low)}-{_pct(e.high)}]"


def _cell(e: Estimate, signed: bool = False) -> str:
    """A mean and its interval's half-width, e.g. "32.6±1.5" (signed: "+0.8±1.0", and a
    * when the interval leaves out zero)."""
    mean = round(e.mean, 1) or 0.0  # never "-0.0"
    value = f"{mean:+.1f}" if signed else f"{mean:.1f}"
    return f"{value}±{e.half:.1f}" + ("*" if signed and e.clear else "")


# The columns of a sweep's first table besides the measures: heading and figure.
SEAT_COLUMNS = (
    ("seat spread", lambda s: _pct(s.seat_gap.gap)),
    ("seat p Holm", lambda s: f"{s.seat_test.p_adjusted:.3g}"),
)


def _table(heading: str, rows: list[tuple[str, list[str]]], headings: list[str]) -> list[str]:
    width = max(len("variant"), *(len(name) for name, _ in rows))
    cells = [max(len(h), *(len(r[i]) for _, r in rows)) for i, h in enumerate(headings)]
    lines = [heading, "  ".join([f"{'variant':<{width}}",
                                 *(f"{h:>{w}}" for h, w in zip(headings, cells, strict=True))])]
    lines += ["  ".join([f"{name:<{width}}", *(f"{c:>{w}}" for c, w in
                                               zip(row, cells, strict=True))])
              for name, row in rows]
    return lines


def sweep_text(variants: Sequence[tuple[str, Summary]]) -> str:
    """A sweep's variants side by side: each variant's measures with their intervals,
    then each one's differences from the current rules game by game, then each
    variant's headline."""
    first = variants[0][1]
    own = [(name, [_cell(s.measures[m.key]) for m in MEASURES] +
            [cell(s) for _, cell in SEAT_COLUMNS]) for name, s in variants]
    against = [(name, [_cell(s.versus_current[m.key], signed=True) for m in MEASURES])
               for name, s in variants if s.versus_current]
    headings = [m.heading for m in MEASURES]
    lines = [f"Rule sweep: {len(variants)} variants, {first.games} games each of "
             f"{first.players} players ({first.player}; seed {first.seed}); every game is "
             f"played under each variant with the same seed",
             *_table("Each variant: mean a game ±95% interval (finished and ties in % of "
                     "games; seat p corrected for the variants):", own,
                     [*headings, *(h for h, _ in SEAT_COLUMNS)])]
    if against:
        lines += ["", *_table("Against the current rules, game by game: difference ±95% "
                              "interval (* leaves out zero):", against, headings)]
    for name, s in variants:
        lines += ["", f"{name}:", *(f"* {line}" for line in headline(s))]
    return "\n".join(lines)
