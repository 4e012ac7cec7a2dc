"""`tkg validate`'s last verdict, kept with the inputs it was reached on.

Validating content that has not changed since (no file of the content or templates
folder, no option, no line of the generator) gives the same verdict; it is told again
from this record without loading anything, the way a build with nothing changed writes
nothing. A record that is missing, unreadable or for other inputs just means
validating again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.core.diagnostics import Diagnostic, Severity
from generator.core.paths import keep_in_cache
from generator.core.reading import read_kept


@dataclass(frozen=True)
class Verdict:
    """What a validation told: its diagnostics and its summary line."""

    diagnostics: tuple[Diagnostic, ...]
    line: str  # the summary line
    errors: int
    warnings: int

    def summary(self) -> str:
        """The summary line, as the validation's report gave it."""
        return self.line

    def passed(self, strict: bool = False) -> bool:
        """True with no errors (and, when strict, no warnings)."""
        return self.errors == 0 and not (strict and self.warnings)


def verdict_of(report) -> Verdict:
    """The verdict of a validation `Report`."""
    return Verdict(tuple(report.diagnostics), report.summary(), report.errors, report.warnings)


def recalled(path: Path, inputs: str) -> Verdict | None:
    """The verdict kept at `path` if it was reached on `inputs` (None otherwise)."""
    try:
        data = json.loads(read_kept(path))
        if data["inputs"] != inputs:
            return None
        told = tuple(Diagnostic(**{**d, "severity": Severity(d["severity"])})
                     for d in data["diagnostics"])
        return Verdict(told, str(data["summary"]), int(data["errors"]), int(data["warnings"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def keep_verdict(path: Path, inputs: str, verdict: Verdict) -> None:
    """Keep the verdict for next time, whole or not at all (best effort)."""
    data = {"inputs": inputs, "diagnostics": [d.as_dict() for d in verdict.diagnostics],
            "summary": verdict.line, "errors": verdict.errors, "warnings": verdict.warnings}
    keep_in_cache(path, json.dumps(data).encode())
