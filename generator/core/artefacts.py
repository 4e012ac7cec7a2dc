"""What a build produces, before anything touches the disk.

Every producer (tiles, tokens, rulebook, aids, ...) turns a `BuildRequest` into a
list of `Artefact`s held in memory; only `writer` writes them to the output folder.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class Artefact:
    """One output file: its path under the output folder, bytes, and its axes: the kind
    that made it, the paper it is for and its language. Nothing reads these back out of
    the file's name: the manifest records them and the writer goes by them (a build for
    one paper keeps the other paper's files, and only those)."""

    path: str  # posix path relative to the output folder, e.g. "svg/tiles/ember-hollow.svg"
    data: bytes
    kind: str  # the --only kind that made it: tiles, tokens, rulebook, aids, ...
    pages: int = 0  # pages for a PDF, 0 otherwise
    known_sha256: str = field(default="", repr=False, compare=False)  # if already hashed
    paper: str | None = None  # one of PAPERS for a file of one paper; None: of every paper
    language: str | None = None  # the language of its words; None: one language for all
    # How the live preview draws guides on a piece's SVG: its bleed and safe zone, and a
    # round piece's face across (0: square), mm; not in the file.
    guides: tuple[float, float, float] | None = field(default=None, compare=False)
    # A line for the build's summary after the file's path, in the file's language (the
    # bundle: its pages, and its sheets per kind); not in the file.
    note: str = field(default="", repr=False, compare=False)
    # The file that holds its bytes when this object does not (`held_in_file`; a copy
    # made by `dataclasses.replace` holds them itself).
    held_in: Path | None = field(default=None, init=False, repr=False, compare=False)

    @cached_property
    def sha256(self) -> str:
        """Hex sha256 of the bytes, worked out once (the manifest and the cache both list
        it, and the rulebook's HTML alone is several megabytes)."""
        return self.known_sha256 or hashlib.sha256(self.data).hexdigest()

    @property
    def size(self) -> int:
        """How many bytes the file has (without reading them from where they are held)."""
        held = self.__dict__[DATA]
        return self.__dict__[SIZE] if held is None else len(held)


DATA, SIZE = "_data", "_size"  # where an artefact keeps its bytes (None: held in a file)


def _data(artefact: Artefact) -> bytes:
    held = artefact.__dict__[DATA]
    if held is None:  # read each time asked, not kept: holding no bytes is the point
        assert artefact.held_in is not None
        return artefact.held_in.read_bytes()
    return held


def _set_data(artefact: Artefact, data: bytes) -> None:
    artefact.__dict__[DATA] = data


# `data` is a field (made by __init__, compared and shown like the others) that reads the
# bytes from the file holding them for an artefact that does not hold them itself. The
# property is set once the class is made: in the class body the dataclass would take it
# for the field's default.
setattr(Artefact, "data", property(_data, _set_data))  # noqa: B010


def held_in_file(artefact: Artefact, where: Path) -> Artefact:
    """`artefact` without its bytes, which the file `where` holds (written already, or
    moved there): its hash and size go with it, its bytes are read from `where` when
    asked for. What a build's worker writes where it makes it travels so, and the
    process that publishes the files never holds their bytes."""
    held = object.__new__(Artefact)
    state = {**artefact.__dict__, DATA: None, SIZE: artefact.size, "held_in": where,
             "known_sha256": artefact.sha256}
    state.pop("sha256", None)  # (the cached property, known again from known_sha256)
    held.__dict__.update(state)
    return held
