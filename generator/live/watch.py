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

IGNORED_SUFFIXES = (".swp", ".swx", ".tmp", "~", ".part")
DEBOUNCE_MS = 250


@dataclass(frozen=True)
class WatchOptions:
    """What to watch and where to build."""

    content_dir: Path
    templates_dir: Path
    out_dir: Path


def relevant(paths: Iterable[str]) -> list[str]:
    """The changed paths worth a rebuild: not editor swap files or hidden files."""
    keep = []
    for raw in paths:
        name = Path(raw).name
        if name.startswith((".", "#")) or name.endswith(IGNORED_SUFFIXES):
            continue
        keep.append(raw)
    return sorted(set(keep))


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
        changed = [_short(p, base) for p in relevant(path for _, path in batch)]
        if changed or not started:
            publish(run_build(build, tuple(changed) if started else ()))
            started = True
