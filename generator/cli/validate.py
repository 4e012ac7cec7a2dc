"""`tkg validate`: check the content, the art, the fonts, the layouts and the templates,
preflight every piece as it will print, and print every problem."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from generator.cli.common import CONTENT, FORMAT, TEMPLATES, emit_report, guarded, layout_names


@click.command("validate")
@CONTENT
@TEMPLATES
@click.option("--layout", "layouts", multiple=True, metavar="NAME", callback=layout_names,
              help="A layout to check, by its file name under templates/layouts/ without "
                   ".yaml [default: default]; give it again to check several.")
@FORMAT
@click.option("--strict", is_flag=True,
              help="Treat warnings, the preflight's included, as failures (exit 1).")
@click.option("--balance", is_flag=True,
              help="Also simulate games and warn about seat advantage, stalls and unused tiles.")
@guarded
def command(content_dir: Path, templates_dir: Path, layouts: tuple[str, ...], fmt: str,
            strict: bool, balance: bool) -> None:
    """Check everything a build could find wrong and print every problem.

    The content's files and the game's rules, every art, insignia and font file, the
    layouts and the rulebook and player-aid templates, tile text that does not fit its
    box, and the preflight of every piece in every --layout (safe zone, overlaps, missing
    glyphs, contrast, type and insignia sizes, art resolution, colour-blind safety; see
    docs/preflight.md): all in one run, each problem at its file, line and column.
    """
    from generator.build.memo import checks_memo, keep_checks
    from generator.build.pipeline import product_checks
    from generator.check.validate import Templates, validate

    memo, kept = checks_memo(content_dir)
    report = validate(content_dir, Templates(templates_dir, layouts or ("default",),
                                             product_checks(templates_dir)), balance, memo)
    keep_checks(memo, kept)
    emit_report(report, fmt)
    if not report.passed(strict):
        sys.exit(1)
