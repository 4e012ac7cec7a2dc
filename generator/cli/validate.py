"""`tkg validate`: check the content and print every problem."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from generator.check.validate import validate
from generator.cli.common import CONTENT, FORMAT, emit_report, guarded


@click.command("validate")
@CONTENT
@FORMAT
@click.option("--strict", is_flag=True, help="Treat warnings as failures (exit 1).")
@click.option("--balance", is_flag=True,
              help="Also simulate games and warn about seat advantage, stalls and unused tiles.")
@guarded
def command(content_dir: Path, fmt: str, strict: bool, balance: bool) -> None:
    """Check the content against the game's rules and print every problem."""
    report = validate(content_dir, balance=balance)
    emit_report(report, fmt)
    if not report.passed(strict):
        sys.exit(1)
