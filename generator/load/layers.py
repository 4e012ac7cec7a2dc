"""A folder that builds on another: `extends:` names the folder whose files it lacks.

A game of the series keeps only what is its own (its title, rules, pieces, sections of
the rulebook) and names the folder it builds on: `extends:` in its content's game.yaml
(the 48 tiles, art, symbols and fonts come from there) and in its templates'
`templates.yaml` (the shared rulebook and layouts). A file is looked up in the folder
itself first, then in the folder it extends. The folder built on must lie inside the
project (the folder tkg runs in), reached without leaving it through a link, and must
not itself extend another: one step, so where a file comes from is never a puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Location
from generator.core.paths import display_path
from generator.load.schema import unknown_keys
from generator.load.yamlsource import YMap, load_yaml

EXTENDS = "extends"
TEMPLATES_FILE = "templates.yaml"  # where a templates folder names the one it builds on


@dataclass(frozen=True)
class Layers:
    """A folder and the folder it builds on, in the order files are looked up."""

    folders: tuple[Path, ...]

    @property
    def own(self) -> Path:
        """The folder itself."""
        return self.folders[0]

    @property
    def base(self) -> Path | None:
        """The folder it builds on, if any."""
        return self.folders[1] if len(self.folders) > 1 else None

    def find(self, relative: str | Path) -> Path:
        """The first folder's copy of a file or folder that has it (the own folder's path
        when none has, so a message names where it belongs)."""
        for folder in self.folders:
            path = folder / relative
            if path.exists() or path.is_symlink():
                return path
        return self.own / relative

    def names(self, sub: str, pattern: str) -> list[str]:
        """The file names under `sub` matching `pattern` in every folder, once each."""
        found = {p.name for folder in self.folders for p in (folder / sub).glob(pattern)}
        return sorted(found)


def single(folder: Path) -> Layers:
    """A folder that builds on nothing."""
    return Layers((Path(folder),))


def extends_of(data: object, folder: Path, diagnostics: list[Diagnostic]) -> Layers:
    """The layers named by the `extends:` key of a folder's parsed YAML `data`, told at
    its line when it names no folder inside the project (then the folder alone)."""
    if not isinstance(data, YMap) or EXTENDS not in data:
        return single(folder)
    where = data.where(EXTENDS)
    raw = data[EXTENDS]
    problem = _problem(raw, Path(folder), where)
    if problem:
        diagnostics.append(problem)
        return single(folder)
    assert isinstance(raw, str)  # _problem checked it
    return Layers((Path(folder), Path(folder) / raw))


def _problem(raw: object, folder: Path, where: Location) -> Diagnostic | None:
    """Why `extends: raw` in `folder` names no folder to build on, or None."""
    if not isinstance(raw, str) or not raw.strip():
        return diagnostic("TKG103", where, "extends must name a folder, e.g. ../content")
    project = Path.cwd().resolve()
    try:
        base = (folder / raw).resolve()
    except (OSError, RuntimeError) as exc:
        return diagnostic("TKG109", where, f"extends {raw!r} cannot be looked up: {exc}")
    if Path(raw).is_absolute() or not base.is_relative_to(project):
        return diagnostic("TKG110", where, f"extends {raw!r} lies outside the project "
                          f"({project})", "build on a folder inside the folder tkg runs in")
    if not base.is_dir():
        return diagnostic("TKG109", where, f"extends {raw!r}: there is no such folder")
    if base == folder.resolve():
        return diagnostic("TKG110", where, f"extends {raw!r} is this folder itself")
    if _extends_further(base):
        return diagnostic("TKG110", where, f"extends {raw!r}, which extends another folder",
                          "build on that other folder directly: one step only")
    return None


def _extends_further(base: Path) -> bool:
    """Whether the folder built on names one of its own to build on."""
    for marker in ("game.yaml", TEMPLATES_FILE):
        path = base / marker
        if path.is_file():
            data = load_yaml(path).data
            if isinstance(data, YMap) and EXTENDS in data:
                return True
    return False


def template_layers(templates_dir: Path, diagnostics: list[Diagnostic] | None = None
                    ) -> Layers:
    """A templates folder and the one its `templates.yaml` builds on."""
    return _layers(Path(templates_dir), TEMPLATES_FILE, diagnostics)


def content_layers(content_dir: Path, diagnostics: list[Diagnostic] | None = None
                   ) -> Layers:
    """A content folder and the one its game.yaml `extends:` (read again: for the
    digest of a build's inputs, before the content is loaded)."""
    return _layers(Path(content_dir), "game.yaml", diagnostics)


def _layers(folder: Path, marker: str, diagnostics: list[Diagnostic] | None) -> Layers:
    path = folder / marker
    if not path.is_file():
        return single(folder)
    source = load_yaml(path, display_path(path))
    told: list[Diagnostic] = list(source.diagnostics)
    if marker == TEMPLATES_FILE and isinstance(source.data, YMap):  # it holds nothing else
        told += unknown_keys(source.data, [EXTENDS], TEMPLATES_FILE)
    layers = extends_of(source.data, folder, told)
    if diagnostics is not None:
        diagnostics.extend(told)
    return layers


def merged(base: object, own: object) -> object:
    """`own`'s YAML over `base`'s: a mapping in both is merged key by key (each value
    keeps the place it was written, in whichever file), anything else is own's."""
    if not isinstance(base, YMap) or not isinstance(own, YMap):
        return own
    result = YMap(own.loc)
    for source in (base, own):
        commented = source.commented
        for key, value in source.items():
            if key == EXTENDS:
                continue
            result[key] = merged(result[key], value) if key in result else value
            result.key_locs[key] = source.key_where(key)
            result.value_locs[key] = source.where(key)
            if commented or key in result.commented:  # (almost always neither)
                result.note_commented(key, commented.get(key))
    return result


def input_folders(content_dir: Path, templates_dir: Path) -> tuple[Path, ...]:
    """Every folder a build reads: the content and templates folders, and the folders
    they extend."""
    return (*content_layers(Path(content_dir)).folders,
            *template_layers(Path(templates_dir)).folders)
