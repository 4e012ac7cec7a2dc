"""The chart report of a simulation: matplotlib charts in one self-contained HTML page.

This module only makes the bytes; `generator.build.writer` writes them (atomically, with the
manifest), as it does every other artefact.

Charts are drawn from summaries alone, so a report can be redrawn from saved JSON.
The SVG is reproducible: a fixed `svg.hashsalt` makes element ids stable, and the
metadata carries no date, so the same summary always gives the same bytes.
"""

from __future__ import annotations

import hashlib
import html
import io
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.core.artefacts import Artefact
from generator.core.paths import user_cache

# matplotlib keeps its settings and font list in a folder of its own (~/.config/
# matplotlib), made on import: tkg's cache holds it instead, so a command writes
# nowhere else (a user's own MPLCONFIGDIR is kept).
os.environ.setdefault("MPLCONFIGDIR", str(user_cache() / "matplotlib"))

import matplotlib  # after its folder is chosen

matplotlib.use("Agg")  # no display: charts are only ever written to files

from matplotlib.figure import Figure

from generator.sim.measures import MEASURES
from generator.sim.report import sweep_text, to_text
from generator.sim.stats import Share, Summary

if TYPE_CHECKING:  # the rc keys' type is newer than the oldest matplotlib the project allows
    from matplotlib.typing import RcKeyType

REPORT_FOLDER = "simulation"  # under the output folder
REPORT_KIND = "simulation"  # the artefact kind, as listed in manifest.json
SVG_SETTINGS: dict[RcKeyType, str] = {"svg.hashsalt": "tkg-simulate", "svg.fonttype": "path"}
BLUE, ORANGE = "#0072B2", "#D55E00"  # colour-blind-safe pair


def _bars(ax, labels, values, title: str, percent: bool = True) -> None:
    ax.bar(list(labels), [100 * v if percent else v for v in values], color=BLUE)
    ax.set_title(title, fontsize=10)
    ax.tick_params(axis="x", labelrotation=45, labelsize=7)
    if percent:
        ax.set_ylabel("%")


def _shares(ax, shares: Sequence[Share], title: str) -> None:
    """Win shares with their 95 % intervals as error bars, and the fair share."""
    values = [100 * s.share for s in shares]
    below = [100 * (s.share - s.low) for s in shares]
    above = [100 * (s.high - s.share) for s in shares]
    ax.bar([s.label for s in shares], values, color=BLUE, yerr=[below, above], capsize=3)
    for s in {s.fair for s in shares}:
        ax.axhline(100 * s, color=ORANGE, linestyle="--", linewidth=1)
    ax.set_title(title, fontsize=10)
    ax.set_ylabel("%")
    ax.tick_params(axis="x", labelrotation=45, labelsize=7)


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def chart_svg(summary: Summary) -> str:
    """Eight charts of the summary, as SVG text."""
    s = summary
    with matplotlib.rc_context(SVG_SETTINGS):
        fig = Figure(figsize=(11, 16), layout="constrained")
        (a, b), (c, d), (e, f), (g, h) = fig.subplots(4, 2)
        _bars(a, s.turns_histogram, s.turns_histogram.values(), "Turns per game (games)",
              percent=False)
        _shares(b, s.win_share_by_seat, "Win share by seat (95% interval; dashed: fair)")
        _shares(c, s.win_share_by_element, "Win share by element")
        _shares(d, s.win_share_by_player or (), "Win share by player kind")
        _bars(e, s.action_mix, s.action_mix.values(), "Action mix (every action)")
        _bars(f, [c.split(",")[0] for c in s.no_procure_causes],
              s.no_procure_causes.values(), "No procure possible, by cause (share of turns)")
        ranked = sorted(s.take_rate.items(), key=lambda kv: (-kv[1], kv[0]))
        _bars(g, [t for t, _ in ranked], [r for _, r in ranked],
              "Tile procurement rate (share of games)")
        g.tick_params(axis="x", labelrotation=90, labelsize=5)
        _bars(h, s.bag_dry_rate, s.bag_dry_rate.values(),
              "Turns starting with the element missing from the bag")
        return _svg(fig)


def sweep_svg(variants: Sequence[tuple[str, Summary]]) -> str:
    """One bar chart a measure, the variants side by side with their 95 % intervals as
    error bars, as SVG text."""
    labels = [label.replace(" ", "\n") for label, _ in variants]
    with matplotlib.rc_context(SVG_SETTINGS):
        rows = (len(MEASURES) + 1) // 2
        fig = Figure(figsize=(11, 3.5 * rows), layout="constrained")
        for ax, m in zip(fig.subplots(rows, 2).flat, MEASURES, strict=False):
            found = [s.measures[m.key] for _, s in variants]
            ax.bar(labels, [e.mean for e in found], color=BLUE, capsize=3,
                   yerr=[[e.mean - e.low for e in found], [e.high - e.mean for e in found]])
            ax.set_title(f"{m.heading} ({m.unit} a game)", fontsize=10)
            ax.tick_params(axis="x", labelrotation=45, labelsize=7)
        return _svg(fig)


def _page(title: str, text: str, svg: str) -> str:
    svg = svg[svg.index("<svg"):]  # drop the XML prolog; the page declares UTF-8
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n"
            "<style>body{font-family:sans-serif;margin:2em;max-width:1100px}"
            "pre{background:#f4f4f4;padding:1em;overflow-x:auto}</style>\n</head>\n<body>\n"
            f"<h1>{html.escape(title)}</h1>\n<pre>{html.escape(text)}</pre>\n"
            f"{svg}\n</body>\n</html>\n")


def report_html(summary: Summary) -> str:
    """A self-contained HTML page: the text report and the charts inline."""
    title = (f"Simulation: {summary.games} games, {summary.players} players "
             f"({summary.player}), seed {summary.seed}")
    return _page(title, to_text(summary), chart_svg(summary))


def sweep_html(variants: Sequence[tuple[str, Summary]]) -> str:
    """A self-contained HTML page of a sweep: the table, the charts, each headline."""
    first = variants[0][1]
    title = (f"Rule sweep: {len(variants)} variants, {first.games} games each, "
             f"{first.players} players ({first.player}), seed {first.seed}")
    return _page(title, sweep_text(variants), sweep_svg(variants))


def report_artefact(page: str, stem: str, suffix: str = ".html") -> Artefact:
    """The report (an HTML page, or JSON) as an artefact for
    `generator.build.writer.write_artefacts`, named after what was run and a digest of
    it, so runs never overwrite each other's reports (and the same run twice writes the
    same file)."""
    digest = hashlib.sha256(page.encode("utf-8")).hexdigest()[:10]
    return Artefact(f"{REPORT_FOLDER}/{stem}-{digest}{suffix}", page.encode("utf-8"),
                    REPORT_KIND)
