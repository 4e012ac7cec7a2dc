"""The `tkg` command line: parses options, calls one library function, maps errors.

Click only: the group lives here, the options and error handling every command shares
in `common`, and each command in a module of its own (`validate`, `build`, `simulate`,
`watch`), imported when it runs, so `tkg validate` never pays for the simulator and
`tkg build` never for the watcher.

Exit codes: 0 success; 1 invalid content (or warnings with --strict); 2 usage
error; 3 a render or output failure. A traceback appears only with --debug.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import os
import sys
import threading
from typing import NoReturn

import click

from generator import __version__
from generator.core.codecache import keep_dataclass_code

COMMANDS = ("build", "simulate", "validate", "watch")  # each a module here with `command`


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in COMMANDS and name not in self.commands:
            self.add_command(importlib.import_module(f"{__name__}.{name}").command, name)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tkg")
@click.option("--debug", is_flag=True, help="Show a traceback for unexpected errors.")
def cli(debug: bool) -> None:
    """Print-and-play generator for TKG ARENA: The Seal Bearers.

    Validate the tile set, build print-ready sheets and the rulebook, and simulate
    games to see how a tile set plays.
    """


# The cyclic garbage collector's thresholds for a command's short life: it made some 380
# collections in a build (three of them full, each walking every drawing remembered),
# 0.2-0.3 s of CPU; a young generation of 100,000 objects makes a few. What a build
# frees, it frees by reference counting; peak memory is the same.
COLLECT_AFTER = (100_000, 20, 20)


def main() -> None:
    """Entry point of the `tkg` console script."""
    gc.set_threshold(*COLLECT_AFTER)
    keep_dataclass_code()  # before the command's modules make their dataclasses
    try:
        code = cli.main(prog_name="tkg", standalone_mode=False)
    except click.exceptions.Abort:  # Ctrl-C before a command took it (importing it, say)
        click.echo("stopped (Ctrl-C)", err=True)
        _leave(130)  # as every command ends on Ctrl-C (click alone would exit 1)
    except click.ClickException as exc:  # a usage error: shown as click shows it
        exc.show()
        _leave(exc.exit_code)
    except SystemExit as exc:  # a command that ends itself (`tkg validate` finding errors)
        if exc.code is not None and not isinstance(exc.code, int):
            click.echo(exc.code, err=True)  # as Python shows a message given to exit
        _leave(exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1)
    _leave(code if isinstance(code, int) else 0)


def _leave(code: int) -> NoReturn:
    """End the process with `code`: what it printed sent, the exit hooks run, and every
    object it made left to the operating system. Freeing them one by one, as Python
    does at exit, took 60-80 ms after a build, and they hold nothing still to write:
    every file the command wrote is closed. With another thread at work (the preview's
    server), Python's own exit waits for it."""
    if threading.active_count() > 1:
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe, a closed stream
            stream.flush()
    os._exit(code)
