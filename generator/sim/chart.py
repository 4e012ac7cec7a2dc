"""The chart report of a simulation: matplotlib charts in one self-contained HTML page.

This module only makes the bytes; `generator.build.writer` writes them (atomically, with the
manifest), as it does every other artefact.

Charts are drawn from the `Summary` alone, so a report can be redrawn from saved JSON.
The SVG is reproducible: a fixed `svg.hashsalt` makes element ids stable, and the
metadata carries no date, so the same summary always gives the same bytes.
"""

from __future__ import annotations

import html
import io

import matplotlib

matplotlib.use("Agg")  # no display: charts are only ever written to files

from matplotlib.figure import Figure

from generator.core.artefacts import Artefact
from generator.sim.report import to_text
from generator.sim.stats import Summary

REPORT_PATH = "simulation/report.html"  # under the output folder
REPORT_KIND = "simulation"  # the artefact kind, as listed in manifest.json
SVG_SETTINGS = {"svg.hashsalt": "tkg-simulate", "svg.fonttype": "path"}


def _bars(ax, labels, values, title: str, percent: bool = True) -> None:
    ax.bar(list(labels), [100 * v if percent else v for v in values], color="#0072B2")
    ax.set_title(title, fontsize=10)
    ax.tick_params(axis="x", labelrotation=45, labelsize=7)
    if percent:
        ax.set_ylabel("%")


def chart_svg(summary: Summary) -> str:
    """Six charts of the summary, as SVG text."""
    s = summary
    with matplotlib.rc_context(SVG_SETTINGS):
        fig = Figure(figsize=(11, 12), layout="constrained")
        (a, b), (c, d), (e, f) = fig.subplots(3, 2)
        _bars(a, s.turns_histogram, s.turns_histogram.values(), "Turns per game (games)",
              percent=False)
        _bars(b, [f"seat {i + 1}" for i in range(s.players)], s.win_rate_by_seat,
              "Win rate by seat")
        if s.players:
            b.axhline(100 / s.players, color="#D55E00", linestyle="--", linewidth=1)
        _bars(c, s.action_mix, s.action_mix.values(), "Action mix")
        _bars(d, s.endings, s.endings.values(), "How games end (games)", percent=False)
        ranked = sorted(s.take_rate.items(), key=lambda kv: (-kv[1], kv[0]))
        _bars(e, [t for t, _ in ranked], [r for _, r in ranked],
              "Tile procurement rate (share of games)")
        e.tick_params(axis="x", labelrotation=90, labelsize=5)
        _bars(f, s.bag_dry_rate, s.bag_dry_rate.values(),
              "Turns starting with the element missing from the bag")
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def report_html(summary: Summary) -> str:
    """A self-contained HTML page: the text report and the charts inline."""
    svg = chart_svg(summary)
    svg = svg[svg.index("<svg"):]  # drop the XML prolog; the page declares UTF-8
    title = (f"Simulation: {summary.games} games, {summary.players} {summary.player} "
             f"players, seed {summary.seed}")
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n"
            "<style>body{font-family:sans-serif;margin:2em;max-width:1100px}"
            "pre{background:#f4f4f4;padding:1em;overflow-x:auto}</style>\n</head>\n<body>\n"
            f"<h1>{html.escape(title)}</h1>\n<pre>{html.escape(to_text(summary))}</pre>\n"
            f"{svg}\n</body>\n</html>\n")


def report_artefact(summary: Summary) -> Artefact:
    """The HTML report as an artefact for `generator.build.writer.write_artefacts`."""
    return Artefact(REPORT_PATH, report_html(summary).encode("utf-8"), REPORT_KIND)
