"""`tkg validate`: check the content, the art, the fonts, the layouts and the templates,
preflight every piece as it will print, and print every problem."""

from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path

import click

from generator.cli.common import (
    CONTENT,
    FORMAT,
    LANG,
    TEMPLATES,
    Folder,
    emit_report,
    guarded,
    layout_names,
)


@click.command("validate")
@CONTENT
@TEMPLATES
@click.option("--layout", "layouts", multiple=True, metavar="NAME", callback=layout_names,
              help="A layout to check, by its file name under templates/layouts/ without "
                   ".yaml [default: default]; give it again to check several.")
@click.option("--out", "out_dir", default="output", show_default=True,
              type=Folder(),
              help="A build's output folder: what it drew and checked is not done again.")
@LANG
@FORMAT
@click.option("--strict", is_flag=True,
              help="Treat warnings, the preflight's included, as failures (exit 1).")
@click.option("--balance", is_flag=True,
              help="Also simulate games and warn about seat advantage, stalls and unused tiles.")
@guarded
def command(content_dir: Path, templates_dir: Path, layouts: tuple[str, ...], out_dir: Path,
            languages: tuple[str, ...], fmt: str, strict: bool, balance: bool) -> None:
    """Check everything a build could find wrong and print every problem.

    The content's files and the game's rules, every art, insignia and font file, the
    layouts and the rulebook and player-aid templates, tile text that does not fit its
    box, and the preflight of every piece in every --layout (safe zone, overlaps, missing
    glyphs, contrast, type and insignia sizes, art resolution, colour-blind safety; see
    docs/preflight.md): all in one run, each problem at its file, line and column.
    """
    from generator.build.journal import CACHE_DIR
    from generator.build.memo import MEMO_FILE, checks_file, checks_memo, keep_checks
    from generator.build.pipeline import inputs_digest
    from generator.build.verdicts import keep_verdict, recalled, verdict_of

    memo_file = checks_file(content_dir)
    # The report names files as the command was given them, from where it runs: a
    # verdict recalled for another spelling or folder would name them wrongly.
    inputs = inputs_digest(content_dir, templates_dir, (),
                           ("validate", str(balance), str(content_dir), os.getcwd(),
                            *languages),
                           layouts or ("default",))
    kept_verdict = memo_file.with_suffix(".verdict.json")
    report = recalled(kept_verdict, inputs)
    if report is None:  # something changed since the last validation: validate
        from generator.build.pipeline import on_both_cores, product_checks
        from generator.check.validate import Templates, validate

        memo, kept = checks_memo(content_dir, out_dir / CACHE_DIR / MEMO_FILE)
        report = verdict_of(validate(content_dir, Templates(
            templates_dir, layouts or ("default",), product_checks(templates_dir),
            languages=languages or None), balance,
            memo, run=partial(on_both_cores, memo)))
        keep_checks(memo, kept)
        keep_verdict(kept_verdict, inputs, report)
    emit_report(report, fmt)
    if not report.passed(strict):
        sys.exit(1)
