"""`build`: validate, run the producers of the requested kinds, write everything at once.

Producers are registered by kind as "module:function" strings and imported only when
their kind is built, so a tiles-only build never imports the rulebook stack. Another
module adds its producer with one line, e.g.
`PRODUCERS["rulebook"] = "generator.rulebook.produce:produce_rulebook"`.

Builds are incremental (see `generator.cache`): with no change at all nothing is
rendered or written; otherwise only the kinds whose fingerprint changed are rendered,
and the rest are read back from the output folder. The output is byte-identical to a
clean build either way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.artefacts import PAPERS, Artefact, BuildRequest
from generator.cache import (
    BuildState,
    code_digest,
    digest,
    entries,
    load_state,
    outputs_intact,
    reuse,
    state_artefact,
    tree_digest,
)
from generator.diagnostics import Diagnostic, Severity
from generator.errors import ContentError
from generator.parallel import run_jobs

Producer = Callable[[BuildRequest], list[Artefact]]
Progress = Callable[[str, int, int], None]  # (what is starting, step, total steps)

PRODUCERS: dict[str, str | Producer] = {
    "tiles": "generator.render.produce:produce_tiles",
    "tokens": "generator.render.produce:produce_tokens",
    "rulebook": "generator.rulebook.book:build_rulebook",
    "aids": "generator.rulebook.aids:build_aids",
}
# Kinds whose sheets go into the print-and-play bundle (pnp-<paper>.pdf), in order.
BUNDLE = "generator.render.bundle:produce_bundle"
BUNDLE_KINDS = ("tiles", "tokens")
BUNDLE_KIND = "pnp"
# Rough cost of each kind, so the two cores get even shares (see generator.parallel).
WEIGHTS = {"rulebook": 4.0, "tiles": 2.0, "pnp": 2.0, "aids": 1.0, "tokens": 0.5}


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


def inputs_digest(content_dir: Path, templates_dir: Path, papers: Sequence[str],
                  kinds: Sequence[str], layout: str) -> str:
    """One digest of everything a build reads: files, options and the generator's code."""
    return digest(code_digest(), tree_digest(Path(content_dir), Path(templates_dir)),
                  repr(tuple(papers)), repr(tuple(kinds)), layout)


def build(content_dir: Path, templates_dir: Path, out_dir: Path,
          papers: Sequence[str] = PAPERS, kinds: Sequence[str] | None = None,
          layout: str = "default", progress: Progress | None = None) -> BuildResult:
    """Validate the content, make every artefact of `kinds` in memory, then write them.

    Raises ContentError (with every diagnostic) when the content or the layout has
    errors, RenderError when a drawing fails, OutputError when writing fails; in each
    case the previous output is left as it was.
    """
    kinds = list(kinds or known_kinds())
    unknown = [k for k in kinds if k not in PRODUCERS]
    if unknown:
        raise ValueError(f"unknown kinds {unknown}; known: {known_kinds()}")
    out_dir = Path(out_dir)
    everything = inputs_digest(content_dir, templates_dir, papers, kinds, layout)
    state = load_state(out_dir)
    if state.inputs == everything and outputs_intact(out_dir, state):
        warnings = tuple(Diagnostic(**{**d, "severity": Severity(d["severity"])})
                         for d in state.warnings)
        return BuildResult(out_dir, (), warnings, (), tuple(kinds))
    return _render(content_dir, templates_dir, out_dir, papers, kinds, layout, progress,
                   state, everything)


def _render(content_dir, templates_dir, out_dir, papers, kinds, layout, progress,
            state: BuildState, everything: str) -> BuildResult:
    from generator.fingerprints import bundle as bundle_fingerprint
    from generator.fingerprints import fingerprint
    from generator.validate import validate
    from generator.writer import write_artefacts

    report = validate(content_dir)
    if report.errors or report.game is None:
        raise ContentError(list(report.diagnostics))
    request = BuildRequest(report.game, Path(templates_dir), tuple(papers), layout)
    _check_layout(request)
    warnings = tuple(d for d in report.diagnostics if d.severity is Severity.WARNING)
    new = BuildState(everything, dict(state.fingerprints), dict(state.files),
                     [d.as_dict() for d in warnings])
    bundled = [k for k in BUNDLE_KINDS if k in kinds]
    jobs = [(k, lambda k=k: fingerprint(k, request, everything),
             lambda k=k: resolve(PRODUCERS[k])(request)) for k in kinds]
    if bundled:
        jobs.append((BUNDLE_KIND, lambda: bundle_fingerprint(request, bundled),
                     lambda: resolve(BUNDLE)(request, bundled)))
    reused: dict[str, list[Artefact]] = {}
    todo: list[tuple[str, str, Callable[[], list[Artefact]]]] = []
    for kind, key, make in jobs:
        fingerprint_now = key()
        found = _reusable(out_dir, state, kind, fingerprint_now)
        if found is None:
            todo.append((kind, fingerprint_now, make))
        else:
            reused[kind] = found
    _tell(progress, "rendering " + (", ".join(k for k, _, _ in todo) or "nothing"), 1, 2)
    made = run_jobs([make for _, _, make in todo], [WEIGHTS.get(k, 1.0) for k, _, _ in todo])
    for (kind, key, _), artefacts in zip(todo, made, strict=True):
        new.fingerprints[kind] = key
        new.files[kind] = entries(artefacts)
    by_kind = {**reused, **{kind: a for (kind, _, _), a in zip(todo, made, strict=True)}}
    _tell(progress, "writing", 2, 2)
    made_kinds = [*kinds, BUNDLE_KIND] if bundled else kinds
    everything_made = [a for kind, _, _ in jobs for a in by_kind[kind]]
    written = write_artefacts(out_dir, [*everything_made, state_artefact(new)], made_kinds)
    return BuildResult(out_dir, tuple(written), warnings, tuple(k for k, _, _ in todo),
                       tuple(reused))


def _reusable(out_dir: Path, old: BuildState, kind: str, key: str) -> list[Artefact] | None:
    """A kind's files from the last build, if its fingerprint and its files are unchanged."""
    if old.fingerprints.get(kind) != key or kind not in old.files:
        return None
    return reuse(out_dir, old.files[kind])


def _check_layout(request: BuildRequest) -> None:
    # Load the layout before any drawing, so a broken layout stops the build with its
    # diagnostics instead of failing halfway through rendering.
    from generator.layout import load_layout

    load_layout(request.templates_dir, request.layout)


def _tell(progress: Progress | None, what: str, step: int, total: int) -> None:
    if progress is not None:
        progress(what, step, total)
