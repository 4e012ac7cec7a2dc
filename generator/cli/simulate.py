"""`tkg simulate`: play many simulated games and report how the content plays.

Options are checked before any game is played; a bad one is a usage error (exit 2)
that names what is allowed. The text report goes to stdout and the chart report to
`--out`; `--format json` writes only JSON to stdout (and the chart report only when
`--out` is given). See docs/simulation.md.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path

import click
from click.core import ParameterSource

from generator.build.claim import refuse_foreign, refuse_inputs
from generator.build.writer import write_artefacts
from generator.check.validate import validate
from generator.cli.common import CONTENT, FORMAT, Folder, guarded, print_diagnostics
from generator.load.layers import input_folders
from generator.sim.cluster import CONNECT_SECONDS, TIMEOUT_VARIABLE, scheduler_address
from generator.sim.compare import Earlier, comparison, comparison_data, read_earlier
from generator.sim.executors import pool
from generator.sim.registry import DEFAULT_PLAYER, PLAYERS
from generator.sim.report import label, sweep_json, sweep_text, to_json, to_text
from generator.sim.runner import (
    COMPILED_FROM,
    ENGINES,
    MOST_GAMES,
    check_lineup,
    check_seats,
    simulate_sweep,
)
from generator.sim.skill import SKILL_BUDGETS, skill_trace
from generator.sim.stats import corrected, with_strength
from generator.sim.strength import weaker
from generator.sim.sweep import SweepError, parse_setting, variants, with_current

TEMPLATES_DEFAULT = Path("templates")  # the project's templates: never a report's folder
MOST_JOBS = (os.cpu_count() or 1) * 4


LOGGED_FROM = 20_000  # games from which a run nobody watches logs its progress


class LoggedProgress:
    """Progress for a run nobody watches (a cluster job, a log file): a line on stderr at
    every tenth of the games, with the time so far and the time still to go."""

    def __init__(self, games: int):
        self.games, self.done, self.said = games, 0, 0
        self.start = time.monotonic()

    def update(self, more: int) -> None:
        """Count `more` games done; say so when another tenth is."""
        self.done += more
        tenth = self.done * 10 // self.games
        if tenth <= self.said:
            return
        self.said = tenth
        spent = time.monotonic() - self.start
        left = spent * (self.games - self.done) / max(1, self.done)
        click.echo(f"simulated {self.done:,} of {self.games:,} games "
                   f"({self.done * 100 // self.games}%) in "
                   f"{_clock(spent)}; about {_clock(left)} to go", err=True)


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes}m{seconds:02d}s" if minutes else f"{seconds}s"


def _progress(games: int):
    """A progress bar on stderr when a person is watching; lines at every tenth for a long
    run nobody watches; else nothing."""
    if not sys.stderr.isatty():
        return nullcontext(LoggedProgress(games) if games >= LOGGED_FROM else None)
    return click.progressbar(length=games, label="simulating", file=sys.stderr)


def _lineup(text: str, seats: int) -> tuple[str, ...]:
    try:
        return check_lineup([k.strip() for k in text.split(",")], seats)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--player") from None


def _seats(game, seats: int | None) -> int:
    most = min(game.rules.players_max, len(game.oinks))
    seats = most if seats is None else seats
    try:
        if seats < 2:
            raise ValueError(f"{seats} player; a game needs at least 2 players")
        check_seats(game, seats)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    return seats


def _scheduler(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    # Checked before the content is read: a typo is a usage error, not a long wait.
    if value is None:
        return None
    try:
        return scheduler_address(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _sweep(game, settings: tuple[str, ...]):
    """The variants, their games and the current rules' place (one, itself, without --set)."""
    try:
        found = variants([parse_setting(s) for s in settings])
        return with_current(game, found) if settings else (found, [game], 0)
    except SweepError as exc:
        raise click.BadParameter(str(exc), param_hint="--set") from None


def _write_report(out_dir: Path, page: str, stem: str, content_dir: Path,
                  suffix: str = ".html") -> None:
    from generator.sim.chart import report_artefact  # matplotlib loads only when needed

    artefact = report_artefact(page, stem, suffix)
    # No kinds made: earlier reports stay listed and on disk (runs never replace them).
    write_artefacts(out_dir, [artefact], kinds=(), inputs=(content_dir,))
    what = "JSON report" if suffix == ".json" else "chart report"
    click.echo(f"{what}: {out_dir / artefact.path}", err=True)


@click.command("simulate")
@CONTENT
@click.option("--games", default=1000, show_default=True,
              type=click.IntRange(1, MOST_GAMES), help="How many games to play (per variant).")
@click.option("--players", "seats", type=int, default=None, metavar="N",
              help="Players a game, within the range game.yaml allows (2-4 as shipped; "
                   "default: the most it allows).")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the run; the same seed gives the same report.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(0, MOST_JOBS),
              help="Worker processes (0: one per CPU). The report does not depend on it.")
@click.option("--player", "kinds", default=DEFAULT_PLAYER, show_default=True,
              metavar="KIND[,KIND]",
              help=f"Kinds of player, one a seat, turned round the seats from game to game "
                   f"({', '.join(sorted(PLAYERS))}; search@N and planner@N: N rollouts a "
                   f"move). The default is the strongest a run of thousands of games can "
                   f"afford.")
@click.option("--versus", default=None, metavar="KIND[,KIND]|none",
              help="Also play the same games with these weaker players and show how the "
                   "key figures differ (default: greedy for sealer and search, sealer for "
                   "planner; none for no comparison).")
@click.option("--set", "settings", multiple=True, metavar="KEY=V1,V2",
              help="Sweep a rule number of game.yaml (e.g. oink.capacity=5,6,7); repeat "
                   "for more keys: every combination is played.")
@click.option("--scheduler", default=None, metavar="ADDRESS", callback=_scheduler,
              help="Run on the Dask cluster at ADDRESS, tcp://HOST:PORT or HOST:PORT "
                   "(needs the dask extra). It and a worker must answer within "
                   f"{TIMEOUT_VARIABLE} seconds (default {CONNECT_SECONDS}).")
@click.option("--until", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="X", help="Play on (doubling the games, up to 10 million) until every "
                                "95% interval of the report's measures, and of a sweep's "
                                "differences from the current rules, is within +/-X of its "
                                "value (turns, points, percentage points).")
@click.option("--baseline", "baseline_file", default=None, metavar="FILE",
              type=click.Path(dir_okay=False, path_type=Path),
              help="An earlier run's JSON report (tkg simulate --format json --out DIR): "
                   "say what changed since, and whether it matters.")
@click.option("--skill-trace", "skill_games", default=0, show_default=True,
              type=click.IntRange(0, MOST_GAMES), metavar="GAMES",
              help="Also play GAMES games at each step of the skill trace (a planner with "
                   "2k rollouts a move against planners with k, k = "
                   f"{', '.join(map(str, SKILL_BUDGETS))}): does more thinking win more? "
                   "A search player's rollouts are compiled too: about 0.03 s a game at the "
                   "last step (a second with --engine python).")
@click.option("--engine", default="auto", show_default=True, type=click.Choice(ENGINES),
              help="Which engine plays the greedy and sealer players' games and the "
                   "search players' rollouts: the compiled one (numba; a second to start, "
                   "then 7 to 40 times faster) or the Python one (the reference, to read and "
                   "debug). Both play the same games, so the report is the same; auto "
                   f"compiles runs of {COMPILED_FROM:,} games or more, and any run with a "
                   "search player.")
@FORMAT
@click.option("--out", "out_dir", default="output", show_default=True,
              type=Folder(),
              help="Output folder of the chart report (simulation/*.html).")
@guarded
def command(content_dir: Path, games: int, seats: int | None, seed: int, jobs: int,
            kinds: str, versus: str | None, settings: tuple[str, ...],
            scheduler: str | None, until: float | None, baseline_file: Path | None,
            skill_games: int, engine: str, fmt: str, out_dir: Path) -> None:
    """Play simulated games and report fairness, length, scoring and action use."""
    report = validate(content_dir)
    if report.errors or report.game is None:
        print_diagnostics(report.diagnostics)
        click.echo(report.summary(), err=True)
        sys.exit(1)
    page = _wants_page(fmt)
    if page:  # refused before the games are played, not after
        refuse_inputs(out_dir, input_folders(content_dir, TEMPLATES_DEFAULT))
        refuse_foreign(out_dir)
    seats = _seats(report.game, seats)
    lineup = _lineup(kinds, seats)
    found, played, current = _sweep(report.game, settings)
    earlier = _earlier(baseline_file, settings)
    if skill_games and settings:
        raise click.BadParameter("the skill trace is measured on the current rules; leave "
                                 "out --set", param_hint="--skill-trace")
    if versus not in (None, "none") and settings:
        raise click.BadParameter("a sweep compares its variants, not its players; leave out "
                                 "--set", param_hint="--versus")
    rival = None if settings else _versus(",".join(lineup), versus, seats)
    # With a rival, the same game twice: played by the line-up, then (the baseline of the
    # pairing) by the rival.
    plays, base = (played, current) if rival is None else ([played[0]] * 2, 1)
    lineups = None if rival is None else [lineup, rival]
    jobs = jobs or os.cpu_count() or 1
    length = 0 if until else games * len(plays) + skill_games * len(SKILL_BUDGETS)
    with pool(jobs, scheduler) as workers, _progress(length) as bar:
        told = bar.update if bar else None
        summaries = simulate_sweep(plays, base, games, seats, seed, lineup,
                                   workers.executor, workers.workers, told, workers.check,
                                   until, lambda line: click.echo(line, err=True), lineups,
                                   engine)
        if rival is not None:
            summaries = [with_strength(summaries[0], summaries[1])]
        if skill_games:
            summaries[0] = replace(summaries[0], skill_trace=skill_trace(
                report.game, skill_games, seats, seed, workers.executor, workers.workers,
                told, workers.check, engine=engine))
    _emit(Run(found, corrected(summaries), current, earlier), fmt,
          out_dir if page else None, content_dir)


def _versus(lineup: str, asked: str | None, seats: int) -> tuple[str, ...] | None:
    """The weaker line-up to play the same games with (None: no comparison)."""
    rival = weaker(lineup, asked)
    if rival is None:
        return None
    try:
        return check_lineup([k.strip() for k in rival.split(",")], seats)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--versus") from None


def _wants_page(fmt: str) -> bool:
    ctx = click.get_current_context()
    return fmt == "text" or ctx.get_parameter_source("out_dir") is not ParameterSource.DEFAULT


def _earlier(path: Path | None, settings: tuple[str, ...]) -> Earlier | None:
    """The run `--baseline` names, read before any game is played."""
    if path is None:
        return None
    if settings:
        raise click.BadParameter("a sweep compares its variants with the current rules "
                                 "already; --baseline compares one run (leave out --set)",
                                 param_hint="--baseline")
    return read_earlier(path)


@dataclass(frozen=True)
class Run:
    """What was played: the variants (one, without --set), their summaries, which is the
    current rules, and the earlier run to compare with."""

    found: list
    summaries: list
    current: int
    earlier: Earlier | None


def _emit(run: Run, fmt: str, out_dir: Path | None, content_dir: Path) -> None:
    """Print the report; write it into `out_dir` unless that is None: the chart page for
    text, the JSON itself for --format json (never a page the JSON did not ask for)."""
    found, summaries = run.found, run.summaries
    single = len(found) == 1 and not found[0].changes
    s = summaries[0]
    stem = (f"{s.players}p-{s.player.replace(',', '+')}-{s.games}g-seed{s.seed}" if single
            else f"sweep-{len(found)}-seed{s.seed}")
    rows = [(label(v, i == run.current), s)
            for i, (v, s) in enumerate(zip(found, summaries, strict=True))]
    if fmt == "json":  # JSON only, on the terminal and (with --out) in the folder asked
        compared = None if run.earlier is None else comparison_data(s, run.earlier)
        text = to_json(s, compared) if single else \
            sweep_json([(dict(v.changes), i == run.current, s)
                        for i, (v, s) in enumerate(zip(found, summaries, strict=True))])
        click.echo(text)
        if out_dir is not None:
            _write_report(out_dir, text + "\n", stem, content_dir, ".json")
        return
    lines = [to_text(s) if single else sweep_text(rows)]
    if run.earlier is not None:
        lines += ["", *comparison(s, run.earlier)]
    click.echo("\n".join(lines))
    if out_dir is not None:
        from generator.sim import chart

        page = chart.report_html(s) if single else chart.sweep_html(rows)
        _write_report(out_dir, page, stem, content_dir)
