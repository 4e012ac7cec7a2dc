"""`build`: validate, run the producers of the requested kinds, write everything at once.

Producers are registered by kind as "module:function" strings and imported only when
their kind is built, so a tiles-only build never imports the rulebook stack. Another
module adds its producer with one line, e.g.
`PRODUCERS["rulebook"] = "generator.rulebook.produce:produce_rulebook"`.

Builds are incremental (see `generator.build.state`): with no change at all nothing is
rendered or written; otherwise only the kinds whose fingerprint changed are rendered,
and the rest are read back from the output folder. The output is byte-identical to a
clean build either way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from generator.core.artefacts import PAPERS, Artefact
from generator.products.request import BuildRequest
from generator.build.state import CACHE_DIR, BuildState, entries, load_state, outputs_intact, reuse, state_artefact
from generator.load.digests import code_digest, tree_digest
from generator.core.digest import digest
from generator.core.diagnostics import Diagnostic, Severity
from generator.core.errors import ContentError
from generator.build.parallel import run_jobs

Producer = Callable[[BuildRequest], list[Artefact]]
Progress = Callable[[str, int, int], None]  # (what is starting, step, total steps)

PRODUCERS: dict[str, str | Producer] = {
    "tiles": "generator.products.tiles:produce_tiles",
    "tokens": "generator.products.tokens:produce_tokens",
    "rulebook": "generator.products.rulebook.book:build_rulebook",
    "aids": "generator.products.aids:build_aids",
    "compare": "generator.products.compare:produce_comparison",  # only with two layouts
}
# Kinds whose sheets go into the print-and-play bundle (pnp-<paper>.pdf), in order.
BUNDLE = "generator.products.bundle:produce_bundle"
BUNDLE_KINDS = ("tiles", "tokens", "aids")
BUNDLE_KIND = "pnp"
# Rough cost of each kind, so the two cores get even shares (see generator.build.parallel).
WEIGHTS = {"rulebook": 5.0, "pnp": 4.0, "tiles": 2.0, "aids": 1.0, "compare": 1.0, "tokens": 0.5}


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote, what it rendered and reused, and validation's warnings."""

    out_dir: Path
    artefacts: tuple[Artefact, ...]
    diagnostics: tuple[Diagnostic, ...]
    rendered: tuple[str, ...] = ()  # kinds drawn this time
    reused: tuple[str, ...] = ()  # kinds whose files were already up to date

    def summary(self) -> list[str]:
        """Short lines: files and pages per kind, and where they went."""
        if not self.rendered:
            return [f"nothing changed: {self.out_dir} is up to date"]
        by_kind: dict[str, list[Artefact]] = {}
        for a in self.artefacts:
            by_kind.setdefault(a.kind, []).append(a)
        lines = []
        for kind in sorted(by_kind):
            items = by_kind[kind]
            pages = sum(a.pages for a in items)
            size = sum(len(a.data) for a in items) / 1e6
            extra = f", {pages} PDF pages" if pages else ""
            note = " (unchanged)" if kind in self.reused else ""
            lines.append(f"  {kind:<9} {len(items):>3} files{extra}, {size:.1f} MB{note}")
        lines.append(f"wrote {len(self.artefacts)} files to {self.out_dir} "
                     f"(rendered: {', '.join(self.rendered)})")
        return lines


def resolve(producer: str | Producer) -> Producer:
    """The callable behind a registry entry ("package.module:function" or a callable)."""
    if callable(producer):
        return producer
    module, _, name = producer.partition(":")
    return getattr(importlib.import_module(module), name)


def known_kinds() -> list[str]:
    """The kinds `--only` accepts."""
    return sorted(PRODUCERS)


def default_kinds(compare: Sequence[str] = ()) -> list[str]:
    """What a plain `tkg build` makes: every kind, the comparison only with two layouts."""
    return [k for k in known_kinds() if k != "compare" or len(compare) > 1]


def inputs_digest(content_dir: Path, templates_dir: Path, papers: Sequence[str],
                  kinds: Sequence[str], layout: str) -> str:
    """One digest of everything a build reads: files, options and the generator's code."""
    return digest(code_digest(), tree_digest(Path(content_dir), Path(templates_dir)),
                  repr(tuple(papers)), repr(tuple(kinds)), layout)


def build(content_dir: Path, templates_dir: Path, out_dir: Path,
          papers: Sequence[str] = PAPERS, kinds: Sequence[str] | None = None,
          layout: str = "default", progress: Progress | None = None,
          compare: Sequence[str] = ()) -> BuildResult:
    """Validate the content, make every artefact of `kinds` in memory, then write them.

    With two or more `compare` layouts, the `compare` kind shows them side by side.

    Raises ContentError (with every diagnostic) when the content or the layout has
    errors, RenderError when a drawing fails, OutputError when writing fails; in each
    case the previous output is left as it was.
    """
    kinds = list(kinds or default_kinds(compare))
    unknown = [k for k in kinds if k not in PRODUCERS]
    if unknown:
        raise ValueError(f"unknown kinds {unknown}; known: {known_kinds()}")
    out_dir = Path(out_dir)
    everything = inputs_digest(content_dir, templates_dir, papers, kinds,
                               "|".join([layout, *compare]))
    state = load_state(out_dir)
    if state.inputs == everything and outputs_intact(out_dir, state):
        warnings = tuple(Diagnostic(**{**d, "severity": Severity(d["severity"])})
                         for d in state.warnings)
        return BuildResult(out_dir, (), warnings, (), tuple(kinds))
    options = _Options(Path(templates_dir), tuple(papers), layout, tuple(compare))
    return _render(content_dir, out_dir, kinds, options, progress, state, everything)


@dataclass(frozen=True)
class _Options:
    """The build options that go into every producer's request."""

    templates_dir: Path
    papers: tuple[str, ...]
    layout: str
    compare: tuple[str, ...]


@dataclass(frozen=True)
class _Job:
    """One kind to build: how to fingerprint it and how to make it."""

    kind: str
    fingerprint: Callable[[], str]
    make: Callable[[], list[Artefact]]


def _render(content_dir, out_dir, kinds, options: _Options, progress,
            state: BuildState, everything: str) -> BuildResult:
    from generator.build.memo import MEMO, MEMO_FILE

    MEMO.load(_read(out_dir / CACHE_DIR / MEMO_FILE))
    request, warnings = _validated(content_dir, options)
    bundled = [k for k in BUNDLE_KINDS if k in kinds]
    jobs = _jobs(request, kinds, bundled, everything)
    reused, todo = _sort_jobs(jobs, out_dir, state)
    _tell(progress, "rendering " + (", ".join(k for k, _, _ in todo) or "nothing"), 1, 2)
    made, memo_keys = _run_split(request, todo, bundled)
    new = BuildState(everything, dict(state.fingerprints), dict(state.files),
                     [d.as_dict() for d in warnings], dict(state.memo))
    for kind, key, _ in todo:
        new.fingerprints[kind] = key
        new.files[kind] = entries(made[kind])
        new.memo[kind] = memo_keys[kind]
    for kind in reused:  # their drawings stay remembered for when they change again
        MEMO.keep(state.memo.get(kind, ()))
    _tell(progress, "writing", 2, 2)
    by_kind = {**reused, **made}
    written = _write(out_dir, [a for job in jobs for a in by_kind[job.kind]], new,
                     [*kinds, BUNDLE_KIND] if bundled else kinds, reused)
    return BuildResult(out_dir, tuple(written), warnings, tuple(made), tuple(reused))


def _validated(content_dir: Path, options: _Options) -> tuple[BuildRequest, tuple]:
    """The request for a valid game and its warnings; ContentError for invalid content."""
    from generator.check.validate import validate

    report = validate(content_dir)
    if report.errors or report.game is None:
        raise ContentError(list(report.diagnostics))
    request = BuildRequest(report.game, options.templates_dir, options.papers, options.layout,
                           options.compare)
    _check_layout(request)
    warnings = tuple(d for d in report.diagnostics if d.severity is Severity.WARNING)
    return request, warnings + _overflows(request)


def _overflows(request: BuildRequest) -> tuple[Diagnostic, ...]:
    """TKG305 warnings for tile text that does not fit, in every layout being built."""
    from generator.layout import load_layout
    from generator.draw.pieces import overflows

    found: list[Diagnostic] = []
    for name in dict.fromkeys([request.layout, *request.compare]):
        found += overflows(request.game, load_layout(request.templates_dir, name))
    return tuple(dict.fromkeys(found))


def _jobs(request: BuildRequest, kinds: list[str], bundled: list[str],
          everything: str) -> list[_Job]:
    from generator.products.fingerprints import bundle as bundle_fingerprint
    from generator.products.fingerprints import fingerprint

    jobs = [_Job(k, lambda k=k: fingerprint(k, request, everything),
                 lambda k=k: resolve(PRODUCERS[k])(request)) for k in kinds]
    if bundled:
        jobs.append(_Job(BUNDLE_KIND, lambda: bundle_fingerprint(request, bundled),
                         lambda: resolve(BUNDLE)(request, bundled)))
    return jobs


def _sort_jobs(jobs: list[_Job], out_dir: Path, state: BuildState):
    """Kinds whose files can be reused as they are, and (kind, key, make) of the rest."""
    reused: dict[str, list[Artefact]] = {}
    todo: list[tuple[str, str, Callable[[], list[Artefact]]]] = []
    for job in jobs:
        key = job.fingerprint()
        found = _reusable(out_dir, state, job.kind, key)
        if found is None:
            todo.append((job.kind, key, job.make))
        else:
            reused[job.kind] = found
    return reused, todo


def _write(out_dir: Path, artefacts: list[Artefact], state: BuildState, made_kinds: list[str],
           reused: dict[str, list[Artefact]]) -> list[Artefact]:
    """Hand everything, the memo and the cache state to the one writer."""
    from generator.build.memo import MEMO, MEMO_FILE
    from generator.build.writer import UNLISTED, write_artefacts

    memo = Artefact(f"{CACHE_DIR}/{MEMO_FILE}", MEMO.dump(), UNLISTED)
    in_place = frozenset(a.path for found in reused.values() for a in found)
    return write_artefacts(out_dir, [*artefacts, memo, state_artefact(state)], made_kinds,
                           in_place)


def _run_split(request: BuildRequest, todo, bundled: list[str]
               ) -> tuple[dict[str, list[Artefact]], dict[str, list[str]]]:
    """Render the kinds to do, the bundle split by paper so both cores share the work.

    Returns the artefacts of each kind and the memo keys its drawing asked for.
    """
    from generator.build.memo import MEMO

    jobs, weights, owners = [], [], []
    for index, (kind, _, make) in enumerate(todo):
        if kind == BUNDLE_KIND and len(request.papers) > 1:
            for paper in request.papers:
                one = replace(request, papers=(paper,))
                jobs.append(lambda one=one: resolve(BUNDLE)(one, bundled))
                weights.append(WEIGHTS[kind] / len(request.papers))
                owners.append(index)
        else:
            jobs.append(make)
            weights.append(WEIGHTS.get(kind, 1.0))
            owners.append(index)
    before = set(MEMO.used)
    results = run_jobs([partial(MEMO.track, job) for job in jobs], weights,
                       carry=(lambda: MEMO.since(before), MEMO.used.update))
    made: dict[str, list[Artefact]] = {kind: [] for kind, _, _ in todo}
    keys: dict[str, set[str]] = {kind: set() for kind, _, _ in todo}
    for owner, (artefacts, touched) in zip(owners, results, strict=True):
        kind = todo[owner][0]
        made[kind] += artefacts
        keys[kind].update(touched)
    return made, {kind: sorted(found) for kind, found in keys.items()}


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _reusable(out_dir: Path, old: BuildState, kind: str, key: str) -> list[Artefact] | None:
    """A kind's files from the last build, if its fingerprint and its files are unchanged."""
    if old.fingerprints.get(kind) != key or kind not in old.files:
        return None
    return reuse(out_dir, old.files[kind])


def _check_layout(request: BuildRequest) -> None:
    # Load the layout before any drawing, so a broken layout stops the build with its
    # diagnostics instead of failing halfway through rendering.
    from generator.layout import load_layout

    for name in dict.fromkeys([request.layout, *request.compare]):
        load_layout(request.templates_dir, name)


def _tell(progress: Progress | None, what: str, step: int, total: int) -> None:
    if progress is not None:
        progress(what, step, total)
