"""`tkg build`: wires the options to `generator.build.pipeline.build` and prints a summary."""

from __future__ import annotations

import re
from pathlib import Path

import click

from generator.cli.common import (
    CONTENT,
    LANG,
    OUT,
    PAPER,
    PAPER_CHOICES,
    TEMPLATES,
    guarded,
    layout_names,
    print_diagnostics,
)
from generator.products.presets import (
    DPI_RANGE,
    PNG_DEFAULT,
    PRESETS,
    PRINT_SHOP_DEFAULT,
    TTS_PPI,
)

URL_SCHEMES = ("http://", "https://", "file://")


def _kinds(ctx: click.Context, param: click.Parameter, value: str | None) -> list[str] | None:
    # The names are checked against the kinds table by the build, once it has work to
    # do: a build with nothing changed answers without loading the table.
    if value is None:
        return None
    kinds = [k.strip() for k in value.split(",") if k.strip()]
    if not kinds:
        _refuse_kinds(kinds, ctx.params.get("content_dir"))
    return kinds


def _refuse_kinds(kinds: list[str], content_dir: Path | None) -> None:
    """A usage error for `--only` when it names a kind there is not (or none)."""
    from generator.build.pipeline import known_kinds, unknown_kinds

    known = known_kinds(content_dir)
    unknown = [k for k in kinds if k not in known]
    if unknown or not kinds:
        raise click.BadParameter(unknown_kinds(unknown, known).removeprefix("--only: "),
                                 param_hint="--only")


def _check_comparison(kinds: list[str] | None, compare: tuple[str, ...]) -> None:
    # Refuse option combinations that would quietly do nothing.
    if kinds and "compare" in kinds and not compare:
        raise click.BadParameter("the compare kind needs two or more --layout options",
                                 param_hint="--only")
    if compare and kinds and "compare" not in kinds:
        raise click.BadParameter("several layouts are compared only when --only includes "
                                 "compare (or without --only)", param_hint="--layout")


def _base_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    # TTS fetches each image by its whole URL: a web address or a local folder's file:///;
    # the image paths are put after it, so it must end in a folder (no query, no #).
    if value is None:
        return None
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018  (read for its check: a port out of range or not a number)
    except ValueError as exc:  # an unclosed [IPv6 host, a port like :x or :99999
        raise click.BadParameter(f"{value!r} is not a URL that can be read ({exc}); e.g. "
                                 "https://example.org/tkg/tts/") from None
    where = parts.netloc if parts.scheme != "file" else parts.path.strip("/")
    if not value.startswith(URL_SCHEMES) or not where:
        raise click.BadParameter(f"{value!r} is not a web address or a file:/// folder; e.g. "
                                 "https://example.org/tkg/tts/ or file:///C:/Users/me/tkg/tts/")
    bad = next((c for c in value if c.isspace() or c in '"<>\\' or ord(c) < 32), None)
    if bad is not None:
        raise click.BadParameter(f"{value!r} holds {bad!r}, which a URL may not hold unescaped")
    if parts.query or parts.fragment or "?" in value or "#" in value:
        raise click.BadParameter(f"{value!r} has a query or a '#': give the folder the images "
                                 "are in, as the image paths are put after it")
    if re.search(r"%(?![0-9A-Fa-f]{2})", value):
        raise click.BadParameter(f"{value!r} has a '%' that is not an escape like %20")
    return value


def _check_export(kinds: list[str] | None, given: dict[str, object],
                  content_dir: Path) -> None:
    # An export option that no kind of this build reads would be quietly ignored.
    if all(value is None for value in given.values()):
        return  # (and a build with nothing to do loads no kinds table)
    from generator.build.pipeline import declared_table, known_kinds, plain_kinds
    from generator.products.bundle import KIND as BUNDLE
    from generator.products.kinds import readers

    if kinds:  # the table is loaded now: a typo is told as such, not as an unread option
        _refuse_kinds(kinds, content_dir)
    table = declared_table(content_dir)  # the content's own kinds of piece read some too
    building = kinds or plain_kinds(content_dir)
    for option, value in given.items():
        if value is not None and not readers(option, building, table):
            users = readers(option, known_kinds(content_dir), table)
            if users == [BUNDLE]:  # not a kind to add: it comes with the pieces it prints
                what = "the print-and-play file, made with the pieces it prints, as --only tiles"
            else:
                what = f"{', '.join(users)}; add one with --only"
            raise click.BadParameter(f"no kind this build makes reads it (it is for {what})",
                                     param_hint=f"--{option.replace('_', '-')}")


def _check_base_url(base_url: str | None, languages: tuple[str, ...],
                    content_dir: Path) -> None:
    # Each language's TTS images are in its own folder (fr/tts/images/...): one URL
    # cannot name them all, and the French table would show the English images.
    if base_url is None:
        return
    from generator.load.translations import listed_languages

    building = languages or listed_languages(content_dir) or ()
    if len(building) > 1:
        raise click.BadParameter(
            f"it names where one language's images are served, and this build makes "
            f"{len(building)} ({', '.join(building)}), each with its own tts/ folder; build "
            f"one at a time: --lang {building[0]} --base-url URL, then --lang {building[1]} "
            f"--base-url with the URL of {building[1]}/tts/", param_hint="--base-url")


def _picked(ctx: click.Context, param: click.Parameter, value: str | None
            ) -> tuple[str, ...]:
    # The names are checked against the game's pieces once it is validated.
    if value is None:
        return ()
    names = tuple(dict.fromkeys(n.strip() for n in value.split(",") if n.strip()))
    if not names:
        raise click.BadParameter("name the pieces to print, e.g. --pick ember-hollow,fire")
    return names


def _with_picked(kinds: list[str] | None, picked: tuple[str, ...]) -> list[str] | None:
    # --pick alone makes the test print alone; with --only, besides what it names. The
    # picked kind without names would make nothing.
    from generator.products.request import PICKED

    if not picked:
        if kinds and PICKED in kinds:
            raise click.BadParameter("the picked kind needs --pick NAME,... (the pieces "
                                     "to print)", param_hint="--only")
        return kinds
    return [*(k for k in kinds or () if k != PICKED), PICKED]


def _progress(what: str, step: int, total: int) -> None:
    click.echo(f"[{step}/{total}] {what}…", err=True)


@click.command("build")
@CONTENT
@TEMPLATES
@OUT
@PAPER
@LANG
@click.option("--only", "kinds", callback=_kinds, metavar="KIND,...",
              help="Build only these kinds (comma-separated), e.g. tiles,tokens.")
@click.option("--layout", "layouts", multiple=True, metavar="NAME", callback=layout_names,
              help="Tile layout: a file name under templates/layouts/ without .yaml "
                   "[default: default]. Give it twice or more (--layout A --layout B) to "
                   "also build compare/: the same tiles in each layout side by side.")
@click.option("--strict", is_flag=True,
              help="Treat warnings (preflight findings included) as errors: build nothing.")
@click.option("--preset", type=click.Choice(sorted(PRESETS)),
              help="Bleed and resolution for print shops, of the print-shop PDFs and the PNGs: "
                   + "; ".join(f"{p.name}: {p.what}" for p in PRESETS.values())
                   + f". [default: {PRINT_SHOP_DEFAULT} for the print-shop PDFs, {PNG_DEFAULT} "
                     "for the PNGs]")
@click.option("--dpi", type=click.IntRange(*DPI_RANGE), metavar="N",
              help=f"Pixels an inch of the PNGs (--only png; default: the preset's, "
                   f"{PRESETS[PNG_DEFAULT].ppi}) and of the Tabletop Simulator images "
                   f"(--only tts; default: {TTS_PPI}).")
@click.option("--base-url", callback=_base_url, metavar="URL",
              help="Where the Tabletop Simulator images will be served (--only tts): put "
                   "before their paths in the saved object, e.g. https://example.org/tkg/tts/ "
                   "or file:///C:/Users/me/tkg/tts/; one language's at a time (--lang) "
                   "[default: paths relative to the JSON].")
@click.option("--one-sided", is_flag=True,
              help="Make the print-and-play file for a printer that prints on one side: "
                   "pnp-<paper>-one-sided.pdf, without the blank backs; the sheets whose "
                   "pieces have backs keep their back pages, and its cover says how to "
                   "print or glue them.")
@click.option("--pick", "picked", callback=_picked, metavar="NAME,...",
              help="Make a test print of these pieces: picked-<paper>.pdf, each piece "
                   "once, front and back, on sheets laid out as the print-and-play "
                   "file's. A name is a piece's SVG name (tile-ember-hollow, oink-fire) or "
                   "an item's id (ember-hollow; fire: every piece of the fire element, its "
                   "mat too). "
                   "Without --only, nothing else is made.")
@guarded
def command(content_dir: Path, templates_dir: Path, out_dir: Path, paper: str,
            languages: tuple[str, ...], kinds: list[str] | None, layouts: tuple[str, ...],
            strict: bool,
            preset: str | None, dpi: int | None, base_url: str | None,
            one_sided: bool, picked: tuple[str, ...]) -> None:
    """Validate the content, then write SVG pieces and print-ready PDF sheets.

    PNGs for print shops (--only png) and the Tabletop Simulator export (--only tts)
    are made only when asked for.
    """
    from generator.build.pipeline import build
    from generator.products.request import Export

    layouts = layouts or ("default",)
    compare = layouts if len(layouts) > 1 else ()
    kinds = _with_picked(kinds, picked)
    _check_comparison(kinds, compare)
    _check_export(kinds, {"preset": preset, "dpi": dpi, "base_url": base_url,
                          "one_sided": one_sided or None}, content_dir)
    _check_base_url(base_url, languages, content_dir)
    result = build(content_dir, templates_dir, out_dir, PAPER_CHOICES[paper], kinds, layouts,
                   progress=_progress, strict=strict,
                   export=Export(preset, dpi, base_url or "", one_sided, picked),
                   languages=languages or None)
    print_diagnostics(result.diagnostics)
    for line in result.summary():
        click.echo(line)
