"""`tkg build`: wires the options to `generator.build.pipeline.build` and prints a summary."""

from __future__ import annotations

from pathlib import Path

import click

from generator.cli.common import (
    CONTENT,
    OUT,
    PAPER,
    PAPER_CHOICES,
    TEMPLATES,
    guarded,
    layout_names,
    print_diagnostics,
)


def _kinds(ctx: click.Context, param: click.Parameter, value: str | None) -> list[str] | None:
    from generator.build.pipeline import known_kinds

    if value is None:
        return None
    kinds = [k.strip() for k in value.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in known_kinds()]
    if unknown or not kinds:
        raise click.BadParameter(f"unknown kind(s) {', '.join(unknown) or '(none given)'}; "
                                 f"known kinds: {', '.join(known_kinds())}")
    return kinds


def _check_comparison(kinds: list[str] | None, compare: tuple[str, ...]) -> None:
    # Refuse option combinations that would quietly do nothing.
    if kinds and "compare" in kinds and not compare:
        raise click.BadParameter("the compare kind needs two or more --layout options",
                                 param_hint="--only")
    if compare and kinds and "compare" not in kinds:
        raise click.BadParameter("several layouts are compared only when --only includes "
                                 "compare (or without --only)", param_hint="--layout")


def _progress(what: str, step: int, total: int) -> None:
    click.echo(f"[{step}/{total}] {what}…", err=True)


@click.command("build")
@CONTENT
@TEMPLATES
@OUT
@PAPER
@click.option("--only", "kinds", callback=_kinds, metavar="KIND,...",
              help="Build only these kinds (comma-separated), e.g. tiles,tokens.")
@click.option("--layout", "layouts", multiple=True, metavar="NAME", callback=layout_names,
              help="Tile layout: a file name under templates/layouts/ without .yaml "
                   "[default: default]. Give it twice or more (--layout A --layout B) to "
                   "also build compare/: the same tiles in each layout side by side.")
@click.option("--strict", is_flag=True,
              help="Treat warnings (preflight findings included) as errors: build nothing.")
@guarded
def command(content_dir: Path, templates_dir: Path, out_dir: Path, paper: str,
            kinds: list[str] | None, layouts: tuple[str, ...], strict: bool) -> None:
    """Validate the content, then write SVG pieces and print-ready PDF sheets."""
    from generator.build.pipeline import build

    layouts = layouts or ("default",)
    compare = layouts if len(layouts) > 1 else ()
    _check_comparison(kinds, compare)
    result = build(content_dir, templates_dir, out_dir, PAPER_CHOICES[paper], kinds, layouts,
                   progress=_progress, strict=strict)
    print_diagnostics(result.diagnostics)
    for line in result.summary():
        click.echo(line)
