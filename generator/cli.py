"""The `tkg` command line: parses options, calls one library function, maps errors.

Exit codes: 0 success; 1 invalid content (or warnings with --strict); 2 usage
error; 3 a render or output failure. A traceback appears only with --debug.
"""

from __future__ import annotations

import functools
import importlib
import sys
from pathlib import Path

import click

from generator import __version__
from generator.diagnostics import to_json
from generator.errors import ContentError, GeneratorError
from generator.validate import Report, validate

CONTENT = click.option("--content", "content_dir", default="content", show_default=True,
                       type=click.Path(path_type=Path, file_okay=False),
                       help="Folder holding tiles.yaml and game.yaml.")
TEMPLATES = click.option("--templates", "templates_dir", default="templates", show_default=True,
                         type=click.Path(path_type=Path, file_okay=False),
                         help="Folder holding the layouts and the rulebook templates.")
OUT = click.option("--out", "out_dir", default="output", show_default=True,
                   type=click.Path(path_type=Path, file_okay=False), help="Where to write.")
PAPER_CHOICES = {"a4": ("a4",), "letter": ("letter",), "both": ("a4", "letter")}
PAPER = click.option("--paper", type=click.Choice(sorted(PAPER_CHOICES)), default="both",
                     show_default=True, help="Paper size of the sheets.")
FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                      show_default=True, help="Human-readable text or JSON for tools.")


def guarded(command):
    """Turn a GeneratorError into its message and exit code; hide tracebacks without --debug."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        ctx = click.get_current_context()
        try:
            return command(*args, **kwargs)
        except ContentError as exc:
            print_diagnostics(exc.diagnostics)
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except GeneratorError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            # Files are written whole, each in one step, so nothing is left half-written.
            click.echo("\nstopped (Ctrl-C): every file in the output folder is whole; "
                       "run the command again to finish", err=True)
            ctx.exit(130)
        except (click.exceptions.Exit, click.ClickException):
            raise
        except Exception as exc:
            if ctx.find_root().params.get("debug"):
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc} "
                       "(run with --debug for the traceback, and please report it)", err=True)
            ctx.exit(3)

    return wrapper


def print_diagnostics(diagnostics) -> None:
    """Diagnostics one a line on stderr, errors first in file order."""
    for d in diagnostics:
        click.echo(d.format(), err=True)


class LazyGroup(click.Group):
    """A group whose commands in LAZY_COMMANDS are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY_COMMANDS and name not in self.commands:
            module, _, attr = LAZY_COMMANDS[name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tkg")
@click.option("--debug", is_flag=True, help="Show a traceback for unexpected errors.")
def cli(debug: bool) -> None:
    """Print-and-play generator for TKG ARENA: The Seal Bearers.

    Validate the tile set, build print-ready sheets and the rulebook, and simulate
    games to see how a tile set plays.
    """


def emit_report(report: Report, fmt: str) -> None:
    """Print a validation report as text (diagnostics + summary) or as JSON."""
    if fmt == "json":
        # The contract (DESIGN.md): a JSON list of diagnostics; the summary goes to stderr.
        click.echo(to_json(list(report.diagnostics)))
        click.echo(report.summary(), err=True)
        return
    for d in report.diagnostics:
        click.echo(d.format())
    click.echo(report.summary())


@cli.command("validate")
@CONTENT
@FORMAT
@click.option("--strict", is_flag=True, help="Treat warnings as failures (exit 1).")
@click.option("--balance", is_flag=True,
              help="Also simulate games and warn about seat advantage, stalls and unused tiles.")
@guarded
def validate_command(content_dir: Path, fmt: str, strict: bool, balance: bool) -> None:
    """Check the content against the game's rules and print every problem."""
    report = validate(content_dir, balance=balance)
    emit_report(report, fmt)
    if not report.passed(strict):
        sys.exit(1)


# Commands that live in their own modules, imported only when they run, so that
# `tkg validate` never pays for the simulator and `tkg build` never for the watcher.
LAZY_COMMANDS = {
    "build": "generator.cli_build:build_command",
    "simulate": "generator.cli_simulate:simulate_command",
    "watch": "generator.cli_watch:watch_command",
}


def main() -> None:
    """Entry point of the `tkg` console script."""
    cli(prog_name="tkg")
