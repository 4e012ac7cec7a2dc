"""`tkg watch`: rebuild on every change to the content or templates, and keep going.

One build function is shared with `tkg build`; the watcher only decides when to call
it and reports each outcome in one line. A broken edit prints its diagnostics and the
previous output stays in place (the writer is atomic); the next good edit builds again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import ContentError, GeneratorError
from generator.live.status import BuildOutcome, BuildStatus

# Files editors write beside the one being saved (vim, emacs, kate, JetBrains, Chrome's
# File System Access, LibreOffice, downloads); none is content, and each save makes several.
IGNORED_SUFFIXES = (".swp", ".swo", ".swx", ".tmp", "~", ".part", ".crdownload", ".kate-swp",
                    ".crswap", "___jb_tmp___", "___jb_old___", ".bak", ".orig")
IGNORED_NAMES = ("4913",)  # vim's probe that a folder is writable
IGNORED_PREFIXES = (".", "#", "~$", "~lock.")
DEBOUNCE_MS = 250


@dataclass(frozen=True)
class WatchOptions:
    """What to watch and where to build."""

    content_dir: Path
    templates_dir: Path
    out_dir: Path


def relevant(paths: Iterable[str], out_dir: Path | None = None) -> list[str]:
    """The changed paths worth a rebuild.

    Not editor temp files, hidden files, or anything in the output folder: a build's own
    writes must never start another build, wherever `--out` points.
    """
    out = out_dir.resolve() if out_dir is not None else None
    keep = []
    for raw in paths:
        path = Path(raw)
        if _editor_litter(path.name) or (out is not None and _inside(path, out)):
            continue
        keep.append(raw)
    return sorted(set(keep))


def _editor_litter(name: str) -> bool:
    return (name.startswith(IGNORED_PREFIXES) or name.endswith(IGNORED_SUFFIXES)
            or name in IGNORED_NAMES)


def _inside(path: Path, folder: Path) -> bool:
    # The folder itself counts: deleting output/ is noticed by `output_missing`, not here.
    return path.resolve().is_relative_to(folder)


def output_missing(options: WatchOptions, status: BuildStatus) -> bool:
    """True when the last build succeeded but its output has since been deleted."""
    return status.outcome.ok and not (options.out_dir / "manifest.json").is_file()


def run_build(build: Callable[[], object], changed: tuple[str, ...] = ()) -> BuildOutcome:
    """Run one build and turn its result or its error into an outcome (never raises)."""
    start = time.perf_counter()
    try:
        result = build()
    except ContentError as exc:
        return BuildOutcome(False, tuple(exc.diagnostics), changed,
                            time.perf_counter() - start, str(exc))
    except GeneratorError as exc:
        return BuildOutcome(False, (), changed, time.perf_counter() - start, str(exc))
    except Exception as exc:  # a bug, not the edit's fault: report it and keep watching
        message = f"internal error: {type(exc).__name__}: {exc} (please report it)"
        return BuildOutcome(False, (), changed, time.perf_counter() - start, message)
    diagnostics = tuple(getattr(result, "diagnostics", ()))
    summary = getattr(result, "summary", list)()
    return BuildOutcome(True, diagnostics, changed, time.perf_counter() - start,
                        summary[-1] if summary else "")


def outcome_lines(outcome: BuildOutcome) -> list[str]:
    """The one line a rebuild prints, then any diagnostics of a failed build.

    The changed paths are printed as they are: `watch_loop` already shortened them.
    """
    stamp = time.strftime("%H:%M:%S")
    what = ", ".join(outcome.changed) or "start"
    if outcome.ok:
        warnings = sum(1 for d in outcome.diagnostics if d.severity.value == "warning")
        return [f"[{stamp}] {what}: built in {outcome.seconds:.2f} s, content valid"
                f" ({warnings} warning(s)); {outcome.message}".rstrip("; ")]
    lines = [f"[{stamp}] {what}: NOT built ({outcome.message}); previous output kept"]
    return lines + ["  " + d.format() for d in outcome.diagnostics if d.is_error]


def _short(path: str, base: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(base.resolve()))
    except ValueError:
        return path


def watch_loop(options: WatchOptions, build: Callable[[], object], status: BuildStatus,
               echo: Callable[[str], None], stop: threading.Event) -> None:
    """Build once, then rebuild after each debounced batch of changes until `stop` is set."""
    from watchfiles import watch  # imported here: only the watcher needs it

    def publish(outcome: BuildOutcome) -> None:
        for line in outcome_lines(outcome):
            echo(line)
        status.publish(outcome)  # last: whoever waits on the status sees the lines too

    folders = [str(p) for p in (options.content_dir, options.templates_dir) if p.exists()]
    # Listen first, build second: the first build runs inside the loop, once the watcher is
    # listening, so an edit saved during it (seconds for a full build) is built next; built
    # before the loop, such an edit was lost until the following save. The timeout only
    # hands control back for that first build; later empty batches are skipped.
    started = False
    # Changed paths are shortened once, here, for every reader of the outcome: the terminal
    # line, the preview's banner and status.json all say `content/tiles.yaml`, relative to
    # where `tkg watch` runs, not the full path the file watcher reports.
    base = Path.cwd()
    for batch in watch(*folders, debounce=DEBOUNCE_MS, step=50, stop_event=stop,
                       raise_interrupt=False, rust_timeout=DEBOUNCE_MS, yield_on_timeout=True):
        changed = [_short(p, base)
                   for p in relevant((path for _, path in batch), options.out_dir)]
        if not changed and started and output_missing(options, status):
            changed = [f"{_short(str(options.out_dir), base)} deleted"]
        if changed or not started:
            publish(run_build(build, tuple(changed) if started else ()))
            started = True
