"""A run against an earlier saved run (`tkg simulate --baseline FILE`), in plain words.

The earlier run is a JSON report `tkg simulate --format json --out DIR` saved. Each
measure of the two runs has a mean and a 95 % interval; the two runs are separate
samples, so the difference's interval is the two half-widths added in quadrature (the
games of the two runs are not paired: their seeds may match, but the report keeps no
game-by-game figures). A difference "matters" when its interval leaves out zero.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import ReportError
from generator.sim.measures import MEASURES, Estimate, Measure
from generator.sim.stats import Summary

SAME = ("players", "player", "games", "seed")  # what should match for a like comparison


@dataclass(frozen=True)
class Earlier:
    """The earlier run: its name, what it was, and its measures."""

    name: str
    about: dict
    measures: dict[str, Estimate]


def read_earlier(path: Path) -> Earlier:
    """The report saved at `path` (ReportError naming the place when it is not one)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReportError(f"{path}:1:1: cannot read the baseline report: "
                          f"{exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ReportError(f"{path}:1:1: the baseline report is not UTF-8 text; give a "
                          f"report saved by tkg simulate --format json --out DIR") from None
    except json.JSONDecodeError as exc:
        raise ReportError(f"{path}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg}); give a "
                          f"report saved by tkg simulate --format json --out DIR") from None
    if isinstance(data, dict) and "variants" in data:
        raise ReportError(f"{path}:1:1: this is a sweep's report; --baseline compares with "
                          f"one run's report (one without --set)")
    try:
        measures = {m.key: Estimate(**data["measures"][m.key]) for m in MEASURES}
        about = {key: data[key] for key in SAME}
    except (KeyError, TypeError):
        raise ReportError(f"{path}:1:1: not a report of one run by this version of tkg "
                          f"simulate (no measures with intervals); save one again with "
                          f"tkg simulate --format json --out DIR") from None
    return Earlier(Path(path).name, about, measures)


@dataclass(frozen=True)
class Change:
    """One measure, now against the earlier run."""

    key: str
    now: float
    before: float
    difference: Estimate


def changes(summary: Summary, earlier: Earlier) -> list[Change]:
    """Each measure's difference from the earlier run, with its 95 % interval."""
    found = []
    for m in MEASURES:
        now, before = summary.measures[m.key], earlier.measures[m.key]
        gap, half = now.mean - before.mean, math.hypot(now.half, before.half)
        found.append(Change(m.key, now.mean, before.mean,
                            Estimate(round(gap, 4), round(gap - half, 4), round(gap + half, 4))))
    return found


def comparison(summary: Summary, earlier: Earlier) -> list[str]:
    """The comparison in plain sentences: what differs in how the runs were made, then
    each measure that changed clearly, then those that did not."""
    lines = [f"Compared with {earlier.name} ({earlier.about['games']:,} games of "
             f"{earlier.about['players']} players, {earlier.about['player']}; seed "
             f"{earlier.about['seed']}):"]
    now = {"players": summary.players, "player": summary.player, "games": summary.games,
           "seed": summary.seed}
    differ = [f"{key} {now[key]} against {earlier.about[key]}" for key in SAME[:2]
              if now[key] != earlier.about[key]]
    if differ:
        lines.append(f"* The runs differ in {', '.join(differ)}: the changes below mix "
                     f"that in.")
    found = changes(summary, earlier)
    by_key = {m.key: m for m in MEASURES}
    lines += [f"* {_clear(by_key[c.key], c)}" for c in found if c.difference.clear]
    unclear = [by_key[c.key].words for c in found if not c.difference.clear]
    if unclear:
        lines.append(f"* No clear change in {', '.join(unclear)} (each difference's 95% "
                     f"interval includes none).")
    return lines


def _clear(m: Measure, c: Change) -> str:
    unit = " points" if m.unit == "%" else ""
    value = (lambda x: f"{x:.1f}%") if m.unit == "%" else (lambda x: f"{x:.2f}")
    d = c.difference
    way = "up" if d.mean > 0 else "down"
    return (f"{m.words[0].upper()}{m.words[1:]}: {value(c.now)} against {value(c.before)}, "
            f"{way} {abs(d.mean):.2f}{unit} (95% interval {d.low:+.2f} to {d.high:+.2f}): "
            f"more than chance.")


def comparison_data(summary: Summary, earlier: Earlier) -> dict:
    """The comparison for the JSON report."""
    return {"file": earlier.name, "earlier": earlier.about,
            "changes": {c.key: {"now": c.now, "before": c.before,
                                "difference": vars(c.difference) | {
                                    "clear": c.difference.clear}}
                        for c in changes(summary, earlier)},
            "sentences": comparison(summary, earlier)}
