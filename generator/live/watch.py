"""`tkg watch`: rebuild on every change to the content or templates, and keep going.

One build function is shared with `tkg build`; the watcher only decides when to call
it and reports each outcome in one line. A broken edit prints its diagnostics and the
previous output stays in place (the writer is atomic); the next good edit builds again.

A rebuild makes the pieces the preview shows first (`preview`: the kinds with a gallery
section, and the bundle that holds them) and announces them, then everything else: a
renamed tile is on the page before the rulebook that names it is laid out again. Each
step is a whole build of its kinds, published at once, as `tkg build --only` makes one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from generator.core.diagnostics import briefly
from generator.core.errors import ContentError, GeneratorError
from generator.core.words import counted
from generator.live.status import BuildOutcome, BuildStatus

# Files editors write beside the one being saved (vim, emacs, kate, JetBrains, Chrome's
# File System Access, LibreOffice, downloads); none is content, and each save makes several.
IGNORED_SUFFIXES = (".swp", ".swo", ".swx", ".tmp", "~", ".part", ".crdownload", ".kate-swp",
                    ".crswap", "___jb_tmp___", "___jb_old___", ".bak", ".orig")
IGNORED_NAMES = ("4913",)  # vim's probe that a folder is writable
IGNORED_PREFIXES = (".", "#", "~$", "~lock.")
# A batch of changes ends when STEP_MS pass without another: an editor's save (a temporary
# file, a rename) takes a few milliseconds, so a save is built 20-40 ms after it lands (at
# watchfiles' default 50 ms step, 50-100 ms). DEBOUNCE_MS bounds a batch that keeps
# growing (a checkout writing many files), so building starts by then at the latest.
STEP_MS = 20
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


def present(folders: Iterable[Path]) -> frozenset[str]:
    """Every file and folder under `folders` now (resolved paths): what a build reads."""
    return frozenset(str(p) for folder in folders if folder.is_dir()
                     for p in folder.resolve().rglob("*"))


def lasting(paths: Iterable[str], known: frozenset[str]) -> list[str]:
    """The changed paths that exist now or were there at the last batch (`known`).

    A path that is neither was made and removed in between: a tool's temporary file
    (`sed -i`'s random `sedXXXXXX`, an editor's save by rename), never read by a build.
    A deleted input was there before, so its deletion is kept.
    """
    return [p for p in paths if Path(p).exists() or str(Path(p).resolve()) in known]


def _editor_litter(name: str) -> bool:
    return (name.startswith(IGNORED_PREFIXES) or name.endswith(IGNORED_SUFFIXES)
            or name in IGNORED_NAMES)


def _inside(path: Path, folder: Path) -> bool:
    # The folder itself counts: deleting output/ is noticed by `output_missing`, not here.
    return path.resolve().is_relative_to(folder)


def preview_kinds(content_dir: Path) -> list[str]:
    """The kinds whose files the preview's gallery shows (a `preview` in the kinds table),
    the kinds content/pieces.yaml declares among them."""
    from generator.load.pieces import declared_names  # loaded with the first rebuild
    from generator.products.kinds import kinds_table, named
    from generator.products.kinds import preview_kinds as shown

    return shown(kinds_table(named(declared_names(content_dir) or ())))


def output_missing(options: WatchOptions, status: BuildStatus) -> bool:
    """True when the last build succeeded but its output has since been deleted."""
    return status.outcome.ok and not (options.out_dir / "manifest.json").is_file()


def run_build(build: Callable[[], object], changed: tuple[str, ...] = ()) -> BuildOutcome:
    """Run one build and turn its result or its error into an outcome (never raises).

    The outcome's `artefacts` are the files the build says it changed (`changed` of its
    result), which the preview's event passes on to open pages.
    """
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
    summary: list[str] = getattr(result, "summary", list)()
    return BuildOutcome(True, diagnostics, changed, time.perf_counter() - start,
                        summary[-1] if summary else "",
                        tuple(getattr(result, "changed", ())),
                        rendered=tuple(getattr(result, "rendered", ())))


def rebuild(build: Callable[[], object], preview: Callable[[], object] | None,
            changed: tuple[str, ...], early: Callable[[BuildOutcome], None]) -> BuildOutcome:
    """Build the preview's pieces first, hand them to `early` (a pending outcome) if any
    file changed, then build everything; the outcome of the whole rebuild.

    Broken content stops at the pieces (the rest would fail the same way). Without
    `preview`, one build.
    """
    if preview is None:
        return run_build(build, changed)
    first = run_build(preview, changed)
    if not first.ok:
        return first
    if first.artefacts:
        early(replace(first, pending=True))
    rest = run_build(build, changed)
    if not first.artefacts:
        return replace(rest, seconds=first.seconds + rest.seconds)
    # The rest's own summary says "nothing changed" when the pieces were all the edit
    # changed: the line tells what each step did instead.
    message = rest.message
    if rest.ok:
        message = f"{_did(first, 'pieces first')}; {_did(rest, 'the rest')}"
    rendered = tuple(dict.fromkeys(first.rendered + rest.rendered))
    return replace(rest, seconds=first.seconds + rest.seconds, preview=first.seconds,
                   message=message, rendered=rendered)


def _did(step: BuildOutcome, what: str) -> str:
    """What one step of a rebuild did: `pieces first: 2 files changed (rendered: tiles)`."""
    if not step.artefacts and not step.rendered:
        return f"{what}: up to date"
    count = len(step.artefacts)
    kinds = f" (rendered: {', '.join(step.rendered)})" if step.rendered else ""
    return f"{what}: {count} file{'' if count == 1 else 's'} changed{kinds}"


def outcome_lines(outcome: BuildOutcome) -> list[str]:
    """The one line a rebuild prints, then any diagnostics of a failed build.

    The changed paths are printed as they are: `watch_loop` already shortened them.
    """
    stamp = time.strftime("%H:%M:%S")
    what = ", ".join(outcome.changed) or "start"
    if outcome.ok:
        warnings = sum(1 for d in outcome.diagnostics if d.severity.value == "warning")
        early = f" (pieces shown after {outcome.preview:.2f} s)" if outcome.preview else ""
        return [f"[{stamp}] {what}: built in {outcome.seconds:.2f} s{early}, content valid"
                f" ({counted(warnings, 'warning')}); {outcome.message}".rstrip("; ")]
    if outcome.preview:
        lines = [f"[{stamp}] {what}: pieces built, the rest NOT built ({outcome.message}); "
                 "its previous files kept"]
    else:
        lines = [f"[{stamp}] {what}: NOT built ({outcome.message}); previous output kept"]
    return lines + ["  " + d.format() for d in briefly(outcome.diagnostics) if d.is_error]


def _short(path: str, base: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(base.resolve()))
    except ValueError:
        return path


def watch_loop(options: WatchOptions, build: Callable[[], object], status: BuildStatus,
               echo: Callable[[str], None], stop: threading.Event,
               preview: Callable[[], object] | None = None,
               warm: Callable[[], None] | None = None) -> None:
    """Build once, then rebuild after each debounced batch of changes until `stop` is set.

    `preview` builds only what the preview shows (see `rebuild`); `warm` runs once after
    the first build, to get the next one ready (`generator.live.warm`).
    """
    from watchfiles import watch  # imported here: only the watcher needs it

    from generator.load.layers import input_folders

    def publish(outcome: BuildOutcome) -> None:
        for line in outcome_lines(outcome):
            echo(line)
        status.publish(outcome)  # last: whoever waits on the status sees the lines too

    folders = [str(p) for p in input_folders(options.content_dir, options.templates_dir)
               if p.exists()]  # the folders they extend too
    # Listen first, build second: the first build runs inside the loop, once the watcher is
    # listening, so an edit saved during it (seconds for a full build) is built next; built
    # before the loop, such an edit was lost until the following save. The timeout only
    # hands control back for that first build; later empty batches are skipped.
    started = False
    # Changed paths are shortened once, here, for every reader of the outcome: the terminal
    # line, the preview's banner and status.json all say `content/tiles.yaml`, relative to
    # where `tkg watch` runs, not the full path the file watcher reports.
    base = Path.cwd()
    # The files there at the last batch: a path gone by the time its batch is handled
    # counts only if it was one of them (see `lasting`).
    known = present(Path(f) for f in folders)
    for batch in watch(*folders, debounce=DEBOUNCE_MS, step=STEP_MS, stop_event=stop,
                       raise_interrupt=False, rust_timeout=DEBOUNCE_MS, yield_on_timeout=True):
        paths = relevant((path for _, path in batch), options.out_dir)
        if batch:
            paths, known = lasting(paths, known), present(Path(f) for f in folders)
        changed = [_short(p, base) for p in paths]
        if not changed and started and output_missing(options, status):
            changed = [f"{_short(str(options.out_dir), base)} deleted"]
        if not started:  # the first build: everything at once, the page is not open yet
            publish(run_build(build))
            started = True
            if warm is not None:
                warm()
        elif changed:
            publish(rebuild(build, preview, tuple(changed), status.publish))
