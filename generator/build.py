"""`build`: validate, run the producers of the requested kinds, write everything at once.

Producers are registered by kind as "module:function" strings and imported only when
their kind is built, so a tiles-only build never imports the rulebook stack. Another
module adds its producer with one line, e.g.
`PRODUCERS["rulebook"] = "generator.rulebook.produce:produce_rulebook"`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.artefacts import PAPERS, Artefact, BuildRequest
from generator.diagnostics import Diagnostic, Severity
from generator.errors import ContentError

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


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote, and the warnings validation found (errors stop a build)."""

    out_dir: Path
    artefacts: tuple[Artefact, ...]
    diagnostics: tuple[Diagnostic, ...]

    def summary(self) -> list[str]:
        """Short lines: files and pages per kind, and where they went."""
        by_kind: dict[str, list[Artefact]] = {}
        for a in self.artefacts:
            by_kind.setdefault(a.kind, []).append(a)
        lines = []
        for kind in sorted(by_kind):
            items = by_kind[kind]
            pages = sum(a.pages for a in items)
            size = sum(len(a.data) for a in items) / 1e6
            extra = f", {pages} PDF pages" if pages else ""
            lines.append(f"  {kind:<9} {len(items):>3} files{extra}, {size:.1f} MB")
        lines.append(f"wrote {len(self.artefacts)} files to {self.out_dir}")
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


def build(content_dir: Path, templates_dir: Path, out_dir: Path,
          papers: Sequence[str] = PAPERS, kinds: Sequence[str] | None = None,
          layout: str = "default", progress: Progress | None = None) -> BuildResult:
    """Validate the content, make every artefact of `kinds` in memory, then write them.

    Raises ContentError (with every diagnostic) when the content or the layout has
    errors, RenderError when a drawing fails, OutputError when writing fails; in each
    case the previous output is left as it was.
    """
    from generator.validate import validate
    from generator.writer import write_artefacts

    kinds = list(kinds or known_kinds())
    unknown = [k for k in kinds if k not in PRODUCERS]
    if unknown:
        raise ValueError(f"unknown kinds {unknown}; known: {known_kinds()}")
    report = validate(content_dir)
    if report.errors or report.game is None:
        raise ContentError(list(report.diagnostics))
    request = BuildRequest(report.game, Path(templates_dir), tuple(papers), layout)
    _check_layout(request)
    steps = [(k, PRODUCERS[k]) for k in kinds]
    bundled = [k for k in BUNDLE_KINDS if k in kinds]
    total = len(steps) + bool(bundled) + 1
    artefacts: list[Artefact] = []
    for step, (kind, producer) in enumerate(steps, start=1):
        _tell(progress, kind, step, total)
        artefacts += resolve(producer)(request)
    if bundled:
        _tell(progress, "print-and-play bundle", total - 1, total)
        artefacts += resolve(BUNDLE)(request, bundled)
    _tell(progress, "writing", total, total)
    written = write_artefacts(out_dir, artefacts, [*kinds, "pnp"] if bundled else kinds)
    warnings = tuple(d for d in report.diagnostics if d.severity is Severity.WARNING)
    return BuildResult(Path(out_dir), tuple(written), warnings)


def _check_layout(request: BuildRequest) -> None:
    # Load the layout before any drawing, so a broken layout stops the build with its
    # diagnostics instead of failing halfway through rendering.
    from generator.layout import load_layout

    load_layout(request.templates_dir, request.layout)


def _tell(progress: Progress | None, what: str, step: int, total: int) -> None:
    if progress is not None:
        progress(what, step, total)
