"""`tkg watch`: rebuild on change and serve a live preview on 127.0.0.1."""

from __future__ import annotations

import functools
import logging
import threading
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
)


@click.command("watch")
@CONTENT
@TEMPLATES
@OUT
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port of the preview page on 127.0.0.1 (0 picks a free one).")
@PAPER
@LANG
@click.option("--layout", "layouts", multiple=True, metavar="NAME", callback=layout_names,
              help="Tile layout: a file name under templates/layouts/ without .yaml "
                   "[default: default]. Give it twice or more (--layout A --layout B) to "
                   "also build compare/, linked from the preview: the same tiles side by side.")
@guarded
def command(content_dir: Path, templates_dir: Path, out_dir: Path, port: int,
            paper: str, languages: tuple[str, ...], layouts: tuple[str, ...]) -> None:
    """Rebuild whenever the content or templates change, with a live preview page.

    Each rebuild prints one line; a broken edit prints its diagnostics and keeps the
    last good output. The pieces the preview shows are built first, so an open page
    shows an edit before the PDFs are done; --lang keeps the rebuilds to the languages
    asked. Press Ctrl-C to stop.
    """
    from generator.build.claim import refuse_foreign, refuse_inputs
    from generator.build.pipeline import SOURCE, build
    from generator.live.server import PreviewServer
    from generator.live.status import BuildStatus
    from generator.live.warm import warm_up
    from generator.live.watch import WatchOptions, preview_kinds, watch_loop
    from generator.load.layers import input_folders

    # Refused now, once, rather than by every rebuild while the preview shows nothing.
    refuse_inputs(out_dir, input_folders(content_dir, templates_dir))
    refuse_foreign(out_dir)
    status = BuildStatus()
    try:
        server = PreviewServer(out_dir, status, port, title="TKG ARENA preview")
    except OSError as exc:
        raise click.BadParameter(f"cannot listen on 127.0.0.1:{port} ({exc.strerror}); "
                                 "choose another port, or 0 for any free one",
                                 param_hint="--port") from None
    server.start()
    # With --lang, the page opens in the first language asked.
    shown = f"?lang={languages[0]}" if languages else ""
    click.echo(f"preview at {server.url}{shown} (watching {content_dir} and {templates_dir}; "
               "Ctrl-C stops)")
    run = functools.partial(build, content_dir, templates_dir, out_dir, PAPER_CHOICES[paper],
                            layouts=layouts or ("default",), languages=languages or None)
    first = languages[:1] or (SOURCE,)

    def pieces():  # the gallery's SVGs in the content's language (or the first asked);
        # the bundle and the other languages wait for the whole build
        return run(kinds=preview_kinds(content_dir), bundle=False, languages=first)

    stop = threading.Event()
    # watchfiles ends its watch on Ctrl-C with a warning of its own; "stopped watching"
    # below says it, and the exit status (130) tells a script.
    logging.getLogger("watchfiles.main").setLevel(logging.ERROR)
    try:
        watch_loop(WatchOptions(content_dir, templates_dir, out_dir), run, status,
                   click.echo, stop, preview=pieces, warm=warm_up)
        # `stop` is set only below, so a watch that ended by itself was ended by Ctrl-C
        # (which watchfiles takes without raising KeyboardInterrupt).
        interrupted = not stop.is_set()
    except KeyboardInterrupt:  # Ctrl-C during a build
        interrupted = True
    finally:
        stop.set()
        server.stop()
        click.echo("stopped watching")
    if interrupted:
        click.get_current_context().exit(130)  # as every command ends on Ctrl-C
