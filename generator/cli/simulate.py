"""`tkg simulate`: play many simulated games and report how the content plays."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path

import click

from generator.build.writer import write_artefacts
from generator.check.validate import validate
from generator.cli.common import CONTENT, FORMAT, guarded, print_diagnostics
from generator.sim.players import PLAYERS
from generator.sim.report import to_json, to_text
from generator.sim.runner import simulate


def _progress(games: int):
    """A progress bar on stderr when a person is watching, else nothing."""
    if not sys.stderr.isatty():
        return nullcontext(None)
    return click.progressbar(length=games, label="simulating", file=sys.stderr)


@click.command("simulate")
@CONTENT
@click.option("--games", default=1000, show_default=True, type=click.IntRange(min=1),
              help="How many games to play.")
@click.option("--players", "seats", type=click.IntRange(min=1), default=None, metavar="N",
              help="Players a game, within the range game.yaml allows (2-4 as shipped; "
                   "default: the most it allows).")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the run; the same seed gives the same report.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=0),
              help="Worker processes (0: one per CPU). The report does not depend on it.")
@click.option("--player", "kind", type=click.Choice(sorted(PLAYERS)), default="greedy",
              show_default=True, help="The kind of simulated player in every seat.")
@FORMAT
@click.option("--out", "out_dir", default="output", show_default=True,
              type=click.Path(path_type=Path, file_okay=False),
              help="Output folder; the chart report goes to simulation/report.html.")
@guarded
def command(content_dir: Path, games: int, seats: int | None, seed: int, jobs: int,
                     kind: str, fmt: str, out_dir: Path) -> None:
    """Play simulated games and report length, fairness, action mix and tile use."""
    report = validate(content_dir)
    if report.errors or report.game is None:
        print_diagnostics(report.diagnostics)
        click.echo(report.summary(), err=True)
        sys.exit(1)
    rules = report.game.rules
    most = min(rules.players_max, len(report.game.oinks))
    seats = most if seats is None else seats
    if not rules.players_min <= seats <= most:
        raise click.BadParameter(f"the rules allow {rules.players_min}-{most} players",
                                 param_hint="--players")
    with _progress(games) as bar:
        summary = simulate(report.game, games, seats, seed, jobs, kind,
                           bar.update if bar is not None else None)
    click.echo(to_json(summary) if fmt == "json" else to_text(summary))
    from generator.sim.chart import report_artefact  # matplotlib loads only when needed

    artefact = report_artefact(summary)
    write_artefacts(out_dir, [artefact])
    click.echo(f"chart report: {out_dir / artefact.path}", err=True)
