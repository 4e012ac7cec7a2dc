"""`build`: validate, make the requested kinds of output, write everything at once.

The phases read top to bottom in `build`: the inputs' digest (nothing changed: done),
the memo of the last build, validation (the request: game and layouts), the kinds to
make from the one table (`generator.products.kinds`), those whose fingerprint changed
rendered on two cores, then one write of the files, the manifest and the cache state.

Builds are incremental (see `generator.build.state`): with no change at all nothing is
rendered or written; otherwise only the kinds whose fingerprint changed are rendered,
and the rest are read back from the output folder. The output is byte-identical to a
clean build either way.
"""

from __future__ import annotations

import contextlib
import importlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from generator.build.claim import claim
from generator.build.journal import put_ahead
from generator.build.memo import (
    EARLIER_FILE,
    MEMO_FILE,
    RECENT_FILE,
    DrawingMemo,
    checks_file,
    keep_last_build,
    last_build_files,
)
from generator.build.parallel import beside, share_jobs
from generator.build.state import (
    CACHE_DIR,
    BuildState,
    entries,
    load_state,
    outputs_intact,
    reuse,
    state_artefact,
)
from generator.build.writer import (
    MANIFEST,
    UNLISTED,
    Published,
    publish,
    staged_ahead,
    unwritable,
)
from generator.core.artefacts import PAPERS, Artefact, held_in_file
from generator.core.diagnostics import Diagnostic, Severity
from generator.core.digest import digest
from generator.core.errors import ContentError, UsageError
from generator.core.nearest import nearest_aside
from generator.core.reading import Refused, read_kept
from generator.core.words import counted
from generator.load.digests import code_digest, tree_digest
from generator.load.fonts import read_font_files
from generator.load.layers import input_folders

if TYPE_CHECKING:  # the products load when something is rendered, not for "nothing changed"
    from generator.check.validate import Products
    from generator.draw.kit import Kit
    from generator.products.kinds import Kind
    from generator.products.request import BuildRequest, Export

Progress = Callable[[str, int, int], None]  # (what is starting, step, total steps)
T = TypeVar("T")


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote, what it rendered and reused, and validation's warnings."""

    out_dir: Path
    artefacts: tuple[Artefact, ...]
    diagnostics: tuple[Diagnostic, ...]
    rendered: tuple[str, ...] = ()  # kinds drawn this time
    reused: tuple[str, ...] = ()  # kinds whose files were already up to date
    changed: tuple[str, ...] = ()  # listed files this build wrote or removed (the preview's)
    repaired: tuple[str, ...] = ()  # files a stopped build left unfinished, finished now

    def summary(self) -> list[str]:
        """Short lines: what a stopped build left that this one finished, then files and
        pages per kind, and where they went."""
        lines = []
        if self.repaired:
            lines.append(f"finished the build that was stopped in {self.out_dir}: "
                         f"{_some(self.repaired)} put in place or removed")
        if not self.rendered:
            # Nothing drawn, and no file but the manifest written: what changed was removed
            # (the files of a language the game no longer lists).
            gone = [path for path in self.changed if path != MANIFEST]
            if gone:
                return [*lines, f"removed {_some(gone)}, which the content no longer makes; "
                                f"the rest of {self.out_dir} is up to date"]
            still = "else " if self.repaired else ""
            return [*lines, f"nothing {still}changed: {self.out_dir} is up to date"]
        lines += self._per_kind()
        lines.append(f"wrote {counted(len(self.artefacts), 'file')} to {self.out_dir} "
                     f"(rendered: {', '.join(self.rendered)})")
        return lines

    def _per_kind(self) -> list[str]:
        """A line per kind and language (another language's files on a line of their
        own): files, PDF pages, megabytes, the kinds' names in one column."""
        by_kind: dict[tuple[str, str], list[Artefact]] = {}
        for a in self.artefacts:
            other = a.language if a.language and a.path.startswith(f"{a.language}/") else ""
            by_kind.setdefault((a.kind, other), []).append(a)
        shown = {key: f"{key[0]} ({key[1]})" if key[1] else key[0] for key in by_kind}
        width = max(map(len, shown.values()), default=0)
        lines = []
        for kind, language in sorted(by_kind):
            items = by_kind[kind, language]
            pages = sum(a.pages for a in items)
            size = sum(a.size for a in items) / 1e6
            extra = f", {counted(pages, 'PDF page')}" if pages else ""
            unit = _unit_name(kind, language, "")  # as the cache names it ("": the source)
            note = " (unchanged)" if unit in self.reused else ""
            lines.append(f"  {shown[kind, language]:<{width}} "
                         f"{counted(len(items), 'file'):>9}{extra}, {size:.1f} MB{note}")
            lines += [f"{'':{width + 3}}{a.path}: {a.note}" for a in items if a.note]
        return lines


def _some(paths: Sequence[str]) -> str:
    """A count of files and the first few of them: "5 files (a, b, c, ...)"."""
    shown = ", ".join(paths[:3]) + (", ..." if len(paths) > 3 else "")
    return f"{counted(len(paths), 'file')} ({shown})"


def declared_table(content_dir: Path | None = None) -> tuple:
    """The kinds table with the kinds of piece the content in `content_dir` declares
    (content/pieces.yaml, read quickly: their names only)."""
    from generator.products.kinds import kinds_table, named

    return kinds_table(named(_declared(content_dir) or ()))


def known_kinds(content_dir: Path | None = None) -> list[str]:
    """The kinds `--only` accepts (from the kinds table), and the kinds of piece the
    content in `content_dir` declares (content/pieces.yaml)."""
    from generator.products.kinds import chosen_kinds

    return chosen_kinds(declared_table(content_dir))


def unknown_kinds(unknown: Sequence[str], known: Sequence[str]) -> str:
    """What `--only` is told when it names kinds there are not (each with the known kind
    nearest it, if one is near: "did you mean 'tiles'?"), or none."""
    named = [f"{kind!r}{nearest_aside(kind, known)}" for kind in unknown]
    said = (f"unknown {'kind' if len(named) == 1 else 'kinds'} {', '.join(named)}"
            if named else "no kind given")
    return f"--only: {said}; known kinds: {', '.join(known)}"


def plain_kinds(content_dir: Path | None = None) -> list[str]:
    """The kinds a build without `--only` makes (from the kinds table), declared kinds
    of piece included."""
    from generator.products.kinds import plain_kinds as plain

    return plain(declared_table(content_dir))


def _declared(content_dir: Path | None) -> tuple[str, ...] | None:
    """The kinds of piece content/pieces.yaml names, read quickly (None: unreadable)."""
    from generator.load.pieces import declared_names

    return () if content_dir is None else declared_names(Path(content_dir))


def product_checks(templates_dir: Path, kinds: Sequence[str] | None = None,
                   bundle: bool = True, export: Export | None = None,
                   papers: Sequence[str] | None = None) -> Products:
    """What the products among `kinds` (None: all, as `tkg validate` checks) add to
    validation: the names the kinds table takes, the bundle's cover drawn for each
    layout and each of `papers` (None: every paper; none when the build leaves the
    bundle out), and for a build, the work its kinds do ahead on each piece and what
    they need of the game alone."""
    from generator.check.validate import Products
    from generator.products.checks import cover_drawings, made_ahead, made_early, tgc_fits
    from generator.products.kinds import reserved

    covered = kinds if bundle else ()  # no bundle: no cover to draw
    return Products(reserved(), (cover_drawings(Path(templates_dir), covered, export, papers),),
                    None if kinds is None else made_ahead(kinds), made_early(kinds),
                    (tgc_fits(kinds, export),))


def inputs_digest(content_dir: Path, templates_dir: Path, papers: Sequence[str],
                  kinds: Sequence[str], layouts: Sequence[str], export: Export | None = None
                  ) -> str:
    """One digest of everything a build reads: files, options and the generator's code."""
    return digest(code_digest(), tree_digest(*input_folders(content_dir, templates_dir)),
                  repr(tuple(papers)), repr(tuple(kinds)), "|".join(layouts), repr(export))


def build(content_dir: Path, templates_dir: Path, out_dir: Path,
          papers: Sequence[str] = PAPERS, kinds: Sequence[str] | None = None,
          layouts: Sequence[str] = ("default",), progress: Progress | None = None,
          strict: bool = False, export: Export | None = None,
          bundle: bool = True, languages: Sequence[str] | None = None) -> BuildResult:
    """Validate the content, make every artefact of `kinds` in memory, then write them.

    The files are made in each of `languages` (None: every language the game lists);
    the source language's keep their paths, another's go under its folder.

    A first build into `out_dir` (no memo of its own there) starts from the memo of the
    last `tkg validate` of `content_dir`: what it drew and checked is not done again.

    The pieces are drawn in the first of `layouts`; with two or more, the `compare`
    kind shows them side by side. With `strict`, warnings stop the build as errors do.
    `export` holds the print-shop preset, the PNG and TTS resolution and TTS's base URL.
    Without `bundle`, the print-and-play bundle is not made (nor its cover checked) even
    if `kinds` hold pieces it prints, and its last files stay as they are: the preview's
    first step, which the whole build follows at once.

    Raises ContentError (with every diagnostic) when the content or a layout has
    errors, RenderError when a drawing fails, OutputError when writing fails; in each
    case the previous output is left as it was.
    """
    out_dir, layouts = Path(out_dir), tuple(dict.fromkeys(layouts))
    with claim(out_dir, input_folders(content_dir, templates_dir)) as claimed:
        result = _build(Path(content_dir), Path(templates_dir), out_dir, tuple(papers), kinds,
                        layouts, progress, strict, export, bundle,
                        None if languages is None else tuple(dict.fromkeys(languages)))
        return replace(result, repaired=claimed.repaired)


def _build(content_dir: Path, templates_dir: Path, out_dir: Path, papers: tuple[str, ...],
           kinds: Sequence[str] | None, layouts: tuple[str, ...],
           progress: Progress | None, strict: bool, export: Export | None,
           bundle: bool = True, languages: tuple[str, ...] | None = None) -> BuildResult:
    asked = (*(kinds or ("every kind",)), *(() if bundle else ("no bundle",)),
             *(() if languages is None else ("languages", *languages)))
    # (the table is loaded only if work is to do)
    everything = inputs_digest(content_dir, templates_dir, papers, asked, layouts, export)
    state = load_state(out_dir)
    if state.inputs == everything and outputs_intact(out_dir, state):
        warnings = tuple(Diagnostic(**{**d, "severity": Severity(d["severity"])})
                         for d in state.warnings)
        if strict and warnings:  # the same verdict as the build that made this output
            raise ContentError(list(warnings))
        return BuildResult(out_dir, (), warnings, (), tuple(kinds or ()))
    from generator.products.kinds import chosen_kinds, kinds_table, named
    from generator.products.kinds import plain_kinds as plain

    declared = _declared(content_dir)  # pieces.yaml read once here (validation reads it all)
    table = kinds_table(named(declared or ()))
    known = chosen_kinds(table)
    kinds = list(kinds or plain(table))  # png and tts wait to be asked
    unknown = [k for k in kinds if k not in known]
    if unknown and declared is not None:  # else validation tells what is wrong
        raise UsageError(unknown_kinds(unknown, known))
    memo = DrawingMemo()  # the build context: made here, handed down to every stage
    memo.load(_read(out_dir / CACHE_DIR / MEMO_FILE))
    memo.also(_read(out_dir / CACHE_DIR / RECENT_FILE))
    memo.also_earlier(_read(out_dir / CACHE_DIR / EARLIER_FILE))
    first = not memo.remembered
    # What `tkg validate` last drew and checked of this content, and the user's last
    # build anywhere, keyed alike.
    for file in (checks_file(content_dir), *last_build_files()) if first else ():
        memo.also(_read(file))
    request, kit, warnings = _validated(
        content_dir, templates_dir, papers, tuple(kinds), layouts, memo, strict, export,
        bundle, None if languages is None else tuple(a for a in languages if a != SOURCE),
        tuple(m for k in table if k.name in kinds for m in k.loads) if first else ())
    chosen = _languages(request.game, languages)
    # A first build's workers write the files where they make them (`_run_split`).
    with staged_ahead(out_dir) if not memo.filed else contextlib.nullcontext() as ahead:
        return _render(request, Built(kit, memo, ahead), out_dir, warnings, progress, state,
                       everything, chosen, every=languages is None)


# `languages=(SOURCE,)`: the content's own language, whatever it is (the preview's first
# step, which shows an edit in it before the whole build makes every language).
SOURCE = "source"


def _languages(game, asked: tuple[str, ...] | None) -> tuple[str, ...]:
    """The languages to build: those asked for, or every one the game lists."""
    from generator.products.languages import unknown_languages

    if asked is None:
        return game.languages
    asked = tuple(dict.fromkeys(game.languages[0] if a == SOURCE else a for a in asked))
    unknown = unknown_languages(game, asked)
    if unknown:
        raise ValueError(f"unknown languages {unknown}; the game's (game.yaml "
                         f"game.languages): {list(game.languages)}")
    return asked


def _validated(content_dir: Path, templates_dir: Path, papers: tuple[str, ...],
               kinds: tuple[str, ...], layouts: tuple[str, ...], memo: DrawingMemo,
               strict: bool = False, export: Export | None = None, bundle: bool = True,
               languages: tuple[str, ...] | None = None, loads: tuple[str, ...] = ()
               ) -> tuple[BuildRequest, Kit, tuple[Diagnostic, ...]]:
    """The request and kit for a valid game, and its warnings; ContentError otherwise
    (with `strict`, also when there are warnings). The modules `loads` names are loaded
    while the rulebook's games play beside the checks, if they do.

    Validation checks everything a drawing could trip over (art, fonts, layouts) and
    preflights every piece in every layout (TKG501-TKG514: safe zone, overlaps, glyphs,
    contrast, sizes, art resolution), so a broken input stops the build with every
    diagnostic before any drawing starts, and nothing is written. The tile faces the
    preflight draws stay in the memo, so the kinds reuse them.
    """
    from generator.check.validate import Templates, validate
    from generator.draw.kit import Kit
    from generator.products.request import BuildRequest, Export

    # The templates are rendered by the kinds that print them, on both cores, and their
    # problems stop the build there just as well (nothing is written before all is made).
    report = validate(content_dir, Templates(templates_dir, layouts,
                                             product_checks(templates_dir, kinds, bundle,
                                                            export, papers),
                                             False, languages),
                      memo=memo, run=partial(on_both_cores, memo),
                      beside=partial(beside_the_checks, memo, loads))
    if report.game is None or not report.passed(strict):
        raise ContentError(list(report.diagnostics))
    request = BuildRequest(report.game, templates_dir, report.layouts, papers, kinds,
                           export or Export(), bundle=bundle)
    warnings = tuple(d for d in report.diagnostics if d.severity is Severity.WARNING)
    return request, Kit(report.game, memo), warnings


@dataclass(frozen=True)
class _Job:
    """One kind to build in one language, with its fingerprint, and the name the build
    cache keeps its files under (`tiles`, `tiles@fr`)."""

    kind: Kind
    key: str | None  # None: the job works it out, from what it gathers anyway
    unit: str
    language: str
    request: BuildRequest
    kit: Kit


@dataclass(frozen=True)
class Built:
    """The build's kit and its memo, which is the kit's own (the memo's cache between
    builds, which the kit knows only as a `Memo`), and the staging folder its workers
    write their files into (None: they hand their bytes back)."""

    kit: Kit
    memo: DrawingMemo
    ahead: Path | None = None


def _render(request: BuildRequest, built: Built, out_dir: Path,
            warnings: tuple[Diagnostic, ...],
            progress: Progress | None, state: BuildState, everything: str,
            languages: tuple[str, ...], every: bool = False) -> BuildResult:
    """Make the kinds not reusable in each of `languages`, then write them. `every`: the
    languages are all the game lists, so the files and the cache of a language it no
    longer lists go (as a clean build would not have them)."""
    from generator.products.kinds import idle, planned
    from generator.products.languages import source_language

    source = source_language(request.game)
    units = [_Unit(language, *_in_language(request, built, language))
             for language in languages]
    kinds = planned(request)
    reused, todo = _sort_jobs(units, out_dir, state, source, built.memo)
    _tell(progress, "rendering " + (", ".join(j.unit for j in todo) or "nothing"), 1, 2)
    made, memo_keys, worked_out = _run_split(built, todo)
    new = BuildState(everything, _of_languages(state.fingerprints, languages, every),
                     _of_languages(state.files, languages, every),
                     [d.as_dict() for d in warnings],
                     _of_languages(state.memo, languages, every))
    for job in todo:
        new.fingerprints[job.unit] = job.key or worked_out[job.unit]
        new.files[job.unit] = entries(made[job.unit])
        new.memo[job.unit] = memo_keys[job.unit]
    for name in reused:  # their drawings stay remembered for when they change again
        built.memo.keep(state.memo.get(name, ()))
    stale = [_unit_name(name, u.language, source) for u in units for name in idle(request)]
    for name in stale:  # asked for, nothing to make (compare with one layout)
        for remembered in (new.fingerprints, new.files, new.memo):
            remembered.pop(name, None)
    _tell(progress, "writing", 2, 2)
    by_unit = {**reused, **made}
    order = [_unit_name(k.name, u.language, source) for u in units for k in kinds]
    written = _write(out_dir, [a for name in order for a in by_unit[name]], new, built,
                     [*(k.name for k in kinds), *idle(request)], reused, request.papers,
                     None if every else _covered(languages, source))
    return BuildResult(out_dir, tuple(written.files), warnings, tuple(made), tuple(reused),
                       written.changed)


@dataclass(frozen=True)
class _Unit:
    """The build in one language: its request and kit."""

    language: str
    request: BuildRequest
    kit: Kit


def _in_language(request: BuildRequest, built: Built, language: str
                 ) -> tuple[BuildRequest, Kit]:
    from generator.draw.kit import Kit
    from generator.products.languages import in_language

    there = in_language(request, language)
    return there, (built.kit if there is request else Kit(there.game, built.memo))


def _unit_name(kind: str, language: str, source: str) -> str:
    from generator.products.languages import unit_name

    return unit_name(kind, language, source)


def _of_languages(remembered: dict[str, T], languages: tuple[str, ...], every: bool
                  ) -> dict[str, T]:
    """A copy of the cache's entries by unit, without another language's when the build
    makes every language the game lists (a unit of one is named `kind@language`)."""
    from generator.products.languages import unit_language

    if not every:
        return dict(remembered)
    return {unit: value for unit, value in remembered.items()
            if unit_language(unit) in (None, *languages)}


def _covered(languages: tuple[str, ...], source: str) -> set[str | None]:
    """The languages a build's files are made in, as the manifest records them (an
    earlier manifest's file without one is the source language's)."""
    return {*languages, *((None,) if source in languages else ())}


def _sort_jobs(units: list[_Unit], out_dir: Path, state: BuildState, source: str,
               memo: DrawingMemo) -> tuple[dict[str, list[Artefact]], list[_Job]]:
    """Kinds whose files can be reused as they are, and the jobs of the rest, in every
    language (each language's table: a declared kind's print-shop file is named in it).

    A kind the last build made has its fingerprint worked out now, from what it gathers
    (its templates rendered, its figures drawn): the kinds' on both cores, what a child
    gathered coming back to the memo for the render (an edit's build, 20-40 ms sooner)."""
    from generator.products.kinds import planned

    planned_units = [(unit, kind, _unit_name(kind.name, unit.language, source))
                     for unit in units for kind in planned(unit.request)]
    known = [(unit, kind, name) for unit, kind, name in planned_units
             if name in state.fingerprints]
    keys = dict(zip([name for *_, name in known],
                    share_jobs([partial(kind.key, unit.request, unit.kit)
                                for unit, kind, _ in known],
                               carry=memo.carry(), weights=[kind.weight for _, kind, _ in known]),
                    strict=True))
    reused: dict[str, list[Artefact]] = {}
    todo: list[_Job] = []
    for unit, kind, name in planned_units:
        if name not in state.fingerprints:  # nothing to reuse: worked out by its job
            todo.append(_Job(kind, None, name, unit.language, unit.request, unit.kit))
            continue
        key = keys[name]
        found = _reusable(out_dir, state, name, key)
        if found is None:
            todo.append(_Job(kind, key, name, unit.language, unit.request, unit.kit))
        else:
            reused[name] = found
    return reused, todo


def _write(out_dir: Path, artefacts: list[Artefact], state: BuildState, built: Built,
           made_kinds: list[str], reused: dict[str, list[Artefact]],
           papers: Sequence[str], languages: set[str | None] | None = None) -> Published:
    """Hand everything, the memo and the cache state to the one writer (with the files
    the build's workers wrote ahead).

    `made_kinds` made for `papers`: their earlier files of other papers stay, and a kind
    made with nothing (an idle one) has its earlier files retired."""
    filed, recent, earlier = built.memo.dump_parts()
    beside = Artefact(f"{CACHE_DIR}/{RECENT_FILE}", recent, UNLISTED)
    in_place = frozenset(a.path for found in reused.values() for a in found)
    memo_files = [(f"{CACHE_DIR}/{name}", writes) for name, writes in
                  ((MEMO_FILE, filed), (EARLIER_FILE, earlier)) if writes is not None]
    published = publish(out_dir, [*artefacts, beside, state_artefact(state)], made_kinds,
                        in_place, papers, languages, memo_files, built.ahead)
    keep_last_build(out_dir / CACHE_DIR)
    return published


def _run_split(built: Built, todo: list[_Job]
               ) -> tuple[dict[str, list[Artefact]], dict[str, list[str]], dict[str, str]]:
    """Render the jobs to do on both cores (each in its `parts`).

    Returns the artefacts of each job's unit, the memo keys its drawing asked for, and
    the fingerprints the jobs worked out (those of jobs without one).
    """
    memo = built.memo
    calls, weights, owners = [], [], []
    languages = Counter(job.kind.name for job in todo)
    for job in todo:
        kind, request, kit = job.kind, job.request, job.kit
        parts = _parts(job, languages[kind.name])
        if len(parts) > 1 and kind.ready is not None:
            kind.ready(request, kit)
        for part in parts:
            calls.append(partial(memo.track, partial(_placed, job, part, built.ahead)))
            weights.append(kind.weight / len(parts))
            owners.append(job.unit)
    # The kinds copy the font files into the output; a worker's copies are this
    # process's own (read before the fork), named rather than sent. A first build makes
    # every kind with this process apart: the PDF forms and layouts its two workers make
    # come back as the pickles the memo file takes, never held here as objects too, and
    # the files as the staging folder's (its peak memory is here: 10 MB less for a
    # clean build of every kind, and 3.5 MB for the tiles and tokens). An edit makes
    # few, and the fork more would cost it 20-30 ms.
    results = share_jobs(calls, carry=memo.carry(), weights=weights,
                         inherited=read_font_files(), apart=built.ahead is not None)
    made: dict[str, list[Artefact]] = {job.unit: [] for job in todo}
    keys: dict[str, set[str]] = {job.unit: set() for job in todo}
    worked_out: dict[str, str] = {}
    for owner, ((artefacts, key), touched) in zip(owners, results, strict=True):
        made[owner] += artefacts
        keys[owner].update(touched)
        if key is not None:
            worked_out[owner] = key
    return made, {name: sorted(found) for name, found in keys.items()}, worked_out


def _parts(job: _Job, languages: int) -> list[BuildRequest]:
    """The requests a job is made in: one per paper for a kind made per paper in one of
    the build's `languages` only, so both cores share it; else its own. In several
    languages each language's job is already a share, and its papers made together
    draw their figures and subset their fonts once."""
    request = job.request
    if not job.kind.per_paper or len(request.papers) < 2 or languages > 1:
        return [request]
    return [replace(request, papers=(paper,), share=i) for i, paper in enumerate(request.papers)]


def _placed(job: _Job, part: BuildRequest, ahead: Path | None
            ) -> tuple[list[Artefact], str | None]:
    """A job's files in `part` of its request, with their language, under its folder
    (written into `ahead` if there is one); and the job's fingerprint if it has none
    yet (worked out by its first part, from the whole request: a part gathers for its
    own paper)."""
    from generator.products.languages import placed, source_language

    kind, kit = job.kind, job.kit
    gathered = kind.gathered(part, kit)
    key = None
    if job.key is None and part.share == 0:
        key = kind.key_of(gathered if part is job.request else
                          kind.gathered(job.request, kit), kit)
    files = placed(kind.made_from(gathered, kit), job.language,
                   source_language(job.request.game))
    return (files if ahead is None else _written_ahead(ahead, files)), key


def _written_ahead(folder: Path, files: list[Artefact]) -> list[Artefact]:
    """`files` written into the staging folder, each handed on held in its file there,
    but the font files this process holds: the process that publishes holds them too,
    and they go to it by name (`share_jobs`' `inherited`)."""
    fonts = {id(data) for data in read_font_files()}
    written = []
    for artefact in files:
        if id(artefact.data) not in fonts:
            try:
                put_ahead(folder, artefact.path, artefact.data)
            except OSError as exc:  # (a full disk) the writer's own error; the folder is
                raise unwritable(folder.parent.parent, exc) from None  # out/.tkg-cache/...
            artefact = held_in_file(artefact, folder / artefact.path)
        written.append(artefact)
    return written


# What drawing and checking the pieces imports where it first uses it: the art reader,
# the PDF and SVG backends, and the Markdown parser of the words that flow (every game's
# player aids flow, and so does the bundle's cover).
DRAWING_MODULES = ("generator.draw.svgart", "generator.backends.pdf.slotcanvas",
                   "generator.backends.svg", "markdown_it")


MANY_CHECKS = 8  # drawings to check, each some milliseconds: a fork and its results' way
# back cost about as much


def on_both_cores(memo: DrawingMemo, checks: list[Callable[[], list]]) -> list[list]:
    """Run independent checks on both cores; what a child read comes back to the memo.

    When nothing is remembered, or when there are many (a layout edit draws every tile
    again): then both cores help. Otherwise a fork would cost more than it saves.
    """
    if memo.remembered and len(checks) < MANY_CHECKS:
        return [check() for check in checks]
    for name in DRAWING_MODULES:  # once here, not once in each process after the fork
        importlib.import_module(name)
    return share_jobs(checks, carry=memo.carry())


@contextlib.contextmanager
def beside_the_checks(memo: DrawingMemo, loads: Sequence[str],
                      jobs: list[Callable[[], object]]) -> Iterator[None]:
    """Run `jobs` beside the checks, in a process of its own, what they make carried
    back to the memo. The other core would wait while this process reads the fonts and
    loads the drawing modules; when the jobs' work is remembered, the fork costs a
    tile's edit nothing measurable, and when it is not (the rules edited, a new version
    of tkg) the games do not hold up the drawings. While they play, this process loads
    the modules of `loads` (the rulebook's page layout, which each worker that makes a
    rulebook would load: once here, the other core busy meanwhile)."""
    with beside(jobs, carry=memo.carry()):
        for name in loads if jobs else ():  # (no games: both workers load them at once)
            importlib.import_module(name)
        yield


def _read(path: Path) -> bytes | None:
    try:
        return read_kept(path)
    except (OSError, Refused):  # none, or not one tkg made: a cold build makes a new one
        return None


def _reusable(out_dir: Path, old: BuildState, kind: str, key: str) -> list[Artefact] | None:
    """A kind's files from the last build, if its fingerprint and its files are unchanged."""
    if old.fingerprints.get(kind) != key or kind not in old.files:
        return None
    return reuse(out_dir, old.files[kind])


def _tell(progress: Progress | None, what: str, step: int, total: int) -> None:
    if progress is not None:
        progress(what, step, total)
