"""Options and error handling shared by every tkg command."""

from __future__ import annotations

import _thread
import contextlib
import functools
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.core.diagnostics import briefly, to_json
from generator.core.errors import ContentError, GeneratorError

if TYPE_CHECKING:  # the checks load only when a command validates
    from generator.build.verdicts import Verdict
    from generator.check.validate import Report

# What Linux and macOS file systems allow: one name of a path, and a whole path, in bytes.
NAME_BYTES, PATH_BYTES = 255, 4095


class Folder(click.Path):
    """A folder option, refused at once (a usage error) when the file system could not
    even look it up: a name longer than it allows, or a path too long."""

    def __init__(self) -> None:
        super().__init__(path_type=Path, file_okay=False)

    def convert(self, value, param, ctx):
        text = str(value)
        longest = max(text.split("/"), key=lambda name: len(name.encode()))
        if len(longest.encode()) > NAME_BYTES:
            self.fail(f"a folder name of {len(longest.encode())} bytes "
                      f"({longest[:20]}...): the file system allows at most {NAME_BYTES}",
                      param, ctx)
        if len(text.encode()) > PATH_BYTES:
            self.fail(f"a path of {len(text.encode()):,} bytes: the file system allows at "
                      f"most {PATH_BYTES:,}", param, ctx)
        return super().convert(value, param, ctx)


# Eager: read before the other options, so `--only` can check the kinds of piece the
# content declares (content/pieces.yaml) wherever --content stands on the line.
CONTENT = click.option("--content", "content_dir", default="content", show_default=True,
                       type=Folder(), is_eager=True,
                       help="Folder holding tiles.yaml and game.yaml (and pieces.yaml).")


TEMPLATES = click.option("--templates", "templates_dir", default="templates", show_default=True,
                         type=Folder(),
                         help="Folder holding the layouts and the rulebook templates.")


OUT = click.option("--out", "out_dir", default="output", show_default=True, type=Folder(),
                   help="Where to write.")


PAPER_CHOICES = {"a4": ("a4",), "letter": ("letter",), "both": ("a4", "letter")}


# "A4" as it is printed on the ream is A4 too.
PAPER = click.option("--paper", type=click.Choice(sorted(PAPER_CHOICES), case_sensitive=False),
                     default="both", show_default=True, help="Paper size of the sheets.")


def _languages(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
               ) -> tuple[str, ...]:
    """Refuse a --lang the game does not list (a usage error, exit 2)."""
    if not value:
        return value
    from generator.load.translations import listed_languages

    listed = listed_languages(Path(ctx.params.get("content_dir") or "content"))
    unknown = [code for code in value if listed is not None and code not in listed]
    if unknown:
        raise click.BadParameter(f"the game has no language {', '.join(unknown)}; its "
                                 f"languages (game.yaml game.languages): "
                                 f"{', '.join(listed or ())}")
    return value


LANG = click.option("--lang", "languages", multiple=True, metavar="CODE", callback=_languages,
                    help="Only this language of the game (one game.yaml game.languages "
                         "lists, e.g. fr); give it again for several [default: every "
                         "language the game lists].")


FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                      show_default=True, help="Human-readable text or JSON for tools.")


def layout_names(ctx: click.Context, param: click.Parameter, value):
    """Refuse a --layout that is a path rather than a layout's name (a usage error, exit 2)."""
    names = (value,) if isinstance(value, str) else value
    if not names:
        return value  # none given: a build with nothing changed need not load the layouts
    from generator.layout.loader import name_problem

    for name in names:
        problem = name_problem(name)
        if problem:
            raise click.BadParameter(problem)
    return value


def guarded(command):
    """Turn a GeneratorError into its message and exit code; hide tracebacks without --debug."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        ctx = click.get_current_context()
        try:
            with _ctrl_c_never_swallowed():
                return command(*args, **kwargs)
        except ContentError as exc:
            print_diagnostics(exc.diagnostics)
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except GeneratorError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            _stopped(ctx)
        except (click.exceptions.Exit, click.ClickException):
            raise
        except Exception as exc:
            if _after_ctrl_c(exc):
                _stopped(ctx)
            if ctx.find_root().params.get("debug"):
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc} "
                       "(run with --debug for the traceback, and please report it)", err=True)
            ctx.exit(3)

    return wrapper


def _stopped(ctx: click.Context) -> None:
    """Say the command stopped at Ctrl-C, and exit 130."""
    # Files are written whole, each in one step, so nothing is left half-written.
    click.echo("\nstopped (Ctrl-C): every file in the output folder is whole; "
               "run the command again to finish", err=True)
    # What the interrupted work leaves half made is freed as the process ends, and a
    # library's finalizer may fail on it (llvmlite's, stopped mid-compile, prints
    # "Exception ignored ... Traceback"): the user was told what happened, so quietly.
    sys.unraisablehook = _ignored
    ctx.exit(130)


def _ignored(unraisable: object) -> None:
    """An error in a finalizer after the command was stopped: nothing to tell."""


def _after_ctrl_c(exc: BaseException) -> bool:
    """True when an error came of a Ctrl-C: raised while one was handled, or after one
    was swallowed by a finalizer (numba, stopped mid-compile, then fails to finish a
    half-made function with a RuntimeError of its own)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return _swallowed.is_set()


_swallowed = threading.Event()  # a Ctrl-C came during a finalizer in this command
_resends: list[threading.Timer] = []  # Ctrl-Cs on their way to the main thread again


@contextlib.contextmanager
def _ctrl_c_never_swallowed() -> Iterator[None]:
    """Deliver again a Ctrl-C that Python dropped because it came during a finalizer."""
    # A KeyboardInterrupt raised in a weakref finalizer or a __del__ is only printed
    # ("Exception ignored in ..."): one that came while pypdfium2 freed a page was lost,
    # and `tkg build --only png` ran on to the end. Raised in the hook it would be lost
    # again, so a thread sends it a moment later, when the finalizer is over.
    previous = sys.unraisablehook

    def hook(unraisable) -> None:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type,
                                                          KeyboardInterrupt):
            _swallowed.set()
            resend = threading.Timer(0.01, _interrupt_main)
            _resends.append(resend)
            resend.start()
        else:
            previous(unraisable)

    sys.unraisablehook = hook
    _swallowed.clear()
    try:
        yield
    finally:
        sys.unraisablehook = previous
        for resend in _resends:
            resend.cancel()
        _resends.clear()
        if _swallowed.is_set() and threading.current_thread() is threading.main_thread():
            # The command is over, stopped by that Ctrl-C; one sent again may still be on
            # its way, and would print a traceback while Python shuts down.
            signal.signal(signal.SIGINT, lambda *_: None)


def _interrupt_main() -> None:
    """Ctrl-C again, to the main thread (which a signal wakes from a sleep or a wait)."""
    main = threading.main_thread().ident
    if hasattr(signal, "pthread_kill") and main is not None:
        signal.pthread_kill(main, signal.SIGINT)
    else:  # Windows
        _thread.interrupt_main()


def print_diagnostics(diagnostics) -> None:
    """Diagnostics one a line on stderr, errors first in file order (many alike at one
    place: the first few, and a line counting the rest)."""
    for d in briefly(diagnostics):
        click.echo(d.format(), err=True)


def emit_report(report: Report | Verdict, fmt: str) -> None:
    """Print a validation report as text (diagnostics + summary) or as JSON."""
    if fmt == "json":
        # The contract (DESIGN.md): a JSON list of diagnostics; the summary goes to stderr.
        click.echo(to_json(list(report.diagnostics)))
        click.echo(report.summary(), err=True)
        return
    for d in briefly(report.diagnostics):
        click.echo(d.format())
    click.echo(report.summary())
