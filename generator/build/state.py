"""The build cache: what the last build was made from, so the next one can skip work.

Two levels, both keyed on content hashes (never on timestamps):

- the *inputs digest* covers every file of the content and templates folders, the
  generator's own code and the build options; when it matches the last build and the
  output files still have the hashes the manifest gives, nothing is rendered at all;
- a *fingerprint per kind* (tiles, tokens, rulebook, ...) covers exactly what that
  kind draws (each kind's `fingerprint`, `generator.products.kinds`); a kind whose
  fingerprint matches reuses its files from the output folder instead of rendering
  them again.

The state lives in `<out>/.tkg-cache/state.json`. Losing or damaging it only costs a
full build: a state that is not exactly the shape written here is not used at all.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from generator.build.writer import UNLISTED, entry_artefact, manifest_entry
from generator.core.artefacts import Artefact
from generator.core.reading import Refused, read_kept

CACHE_DIR = ".tkg-cache"
STATE = "state.json"
FORMAT = 3  # bump when the state's shape changes














@dataclass
class BuildState:
    """What the last successful build into one output folder was made from."""

    inputs: str = ""
    fingerprints: dict[str, str] = field(default_factory=dict)
    files: dict[str, list[dict]] = field(default_factory=dict)  # kind -> manifest entries
    warnings: list[dict] = field(default_factory=list)
    memo: dict[str, list[str]] = field(default_factory=dict)  # kind -> its memo keys

    def to_bytes(self) -> bytes:
        """The state as sorted JSON."""
        data = {"format": FORMAT, "inputs": self.inputs, "fingerprints": self.fingerprints,
                "files": self.files, "warnings": self.warnings, "memo": self.memo}
        return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode()


def load_state(out_dir: Path) -> BuildState:
    """The last build's state, or an empty one if there is none or it is not sound."""
    try:
        data = json.loads(read_kept(out_dir / CACHE_DIR / STATE))
    except ValueError:  # none, unreadable, refused (a link, a FIFO) or not JSON
        return BuildState()
    if not _sound(data):
        return BuildState()
    return BuildState(data["inputs"], data["fingerprints"], data["files"], data["warnings"],
                      data["memo"])


ENTRY = {"path": str, "kind": str, "paper": (str, type(None)), "language": (str, type(None)),
         "pages": int, "bytes": int, "sha256": str}
GUIDES = "guides"  # a piece's entry also has these: [bleed, safe, face]
WARNING = {"path": str, "line": int, "column": int, "severity": str, "code": str,
           "message": str, "hint": str}


def _sound(data: object) -> bool:
    """Exactly the shape `to_bytes` writes: anything else (an old format, a hand edit, a
    renamed key) is treated as no state at all."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return False
    return (isinstance(data.get("inputs"), str)
            and _mapping_of(data.get("fingerprints"), lambda v: isinstance(v, str))
            and _mapping_of(data.get("files"), lambda v: isinstance(v, list) and all(
                _record(e, ENTRY) for e in v))
            and isinstance(data.get("warnings"), list)
            and all(_record(w, WARNING) for w in data["warnings"])
            and _mapping_of(data.get("memo"), lambda v: isinstance(v, list) and all(
                isinstance(k, str) for k in v)))


def _mapping_of(value: object, good) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and good(v)
                                           for k, v in value.items())


def _record(value: object, fields: dict) -> bool:
    if not isinstance(value, dict):
        return False
    extra = set(value) - set(fields)
    if extra - {GUIDES} or not set(fields) <= set(value):
        return False
    if GUIDES in extra and not (isinstance(value[GUIDES], list) and len(value[GUIDES]) == 3
                                and all(type(v) in (int, float) for v in value[GUIDES])):
        return False
    return all(type(value[k]) in (kind if isinstance(kind, tuple) else (kind,))
               for k, kind in fields.items())


def state_artefact(state: BuildState) -> Artefact:
    """The state as an artefact, so the one writer writes it with everything else."""
    return Artefact(f"{CACHE_DIR}/{STATE}", state.to_bytes(), UNLISTED)


def entries(artefacts: list[Artefact]) -> list[dict]:
    """The manifest's entries (path, kind, pages, bytes, sha256) of a kind's artefacts."""
    return [manifest_entry(a) for a in artefacts]


def reuse(out_dir: Path, listed: list[dict]) -> list[Artefact] | None:
    """A kind's artefacts read back from the output folder, or None if any file changed."""
    found = []
    for entry in listed:
        try:
            data = read_kept(out_dir / entry["path"], out_dir)
        except Refused:
            return None
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            return None  # edited or damaged by hand: render it again
        found.append(entry_artefact(entry, data))
    return found


def outputs_intact(out_dir: Path, state: BuildState) -> bool:
    """True when every file the last build listed is still there with the same bytes."""
    return all(reuse(out_dir, listed) is not None for listed in state.files.values()) and (
        out_dir / "manifest.json").is_file()
