"""Read a layout from `templates/layouts/NAME.yaml`, following `extends`.

Every problem (a bad length, a missing box, an unknown key, a cycle of `extends`)
becomes a TKG303 diagnostic at its file:line:col; they are all collected and raised
together as one `ContentError`, so the designer sees every mistake at once.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.errors import ContentError
from generator.core.model import Location
from generator.core.paths import display_path
from generator.layout.model import Layout
from generator.layout.reader import LayoutReader
from generator.load.yamlsource import YMap, load_yaml

LAYOUTS = "layouts"


def layout_names(templates_dir: Path) -> list[str]:
    """Names of the layouts shipped under templates/layouts/, sorted."""
    return sorted(p.stem for p in (templates_dir / LAYOUTS).glob("*.yaml"))


def load_layout(templates_dir: Path, name: str, pieces: tuple[str, ...]) -> Layout:
    """The layout `name` with its `extends` chain merged; ContentError (TKG303) if invalid.

    `pieces` are the piece kinds its `sheets: gutter:` may name (the kinds table's
    `gutter_keys()`). A build loads each layout once, in validation, and hands the
    result down in its request.
    """
    problems: list[Diagnostic] = []
    data = _resolve(templates_dir, name, problems, (), None)
    if data is None or problems:
        raise ContentError(problems)
    reader = LayoutReader(problems, pieces)
    layout = reader.layout(name, data)
    if problems:
        raise ContentError(problems)
    return layout


def _resolve(templates_dir: Path, name: str, problems: list[Diagnostic],
             chain: tuple[str, ...], asked_at: Location | None) -> YMap | None:
    path = templates_dir / LAYOUTS / f"{name}.yaml"
    here = asked_at or Location(display_path(templates_dir / LAYOUTS), 1, 1)
    if name in chain:
        problems.append(diagnostic("TKG303", here, "layouts extend each other in a cycle: "
                                   + " -> ".join((*chain, name))))
        return None
    if not path.is_file():
        known = ", ".join(layout_names(templates_dir)) or "none"
        problems.append(diagnostic("TKG303", here, f"there is no layout named {name!r}",
                                   f"known layouts: {known}"))
        return None
    source = load_yaml(path, display_path(path))
    problems.extend(_as_layout_problem(d) for d in source.diagnostics)
    if not isinstance(source.data, YMap):
        if source.data is not None:
            problems.append(diagnostic("TKG303", Location(source.display, 1, 1),
                                       "a layout file must be a mapping"))
        return None
    data = source.data
    parent_name = data.get("extends")
    if parent_name is None:
        return data
    if not isinstance(parent_name, str):
        problems.append(diagnostic("TKG303", data.where("extends"),
                                   "extends must name another layout"))
        return None
    parent = _resolve(templates_dir, parent_name, problems, (*chain, name), data.where("extends"))
    return None if parent is None else merge(parent, data)


def _as_layout_problem(d: Diagnostic) -> Diagnostic:
    # YAML syntax problems in a layout keep their text but carry the layout code.
    return diagnostic("TKG303", Location(d.path, d.line, d.column), d.message)


def merge(base: object, over: object) -> object:
    """`over` laid on `base`: mappings merge key by key, anything else is replaced.

    Positions are kept from whichever file each value came from.
    """
    if not (isinstance(base, YMap) and isinstance(over, YMap)):
        return over
    result = YMap(over.loc)
    for source in (base, over):
        for key, value in source.items():
            if key == "extends":
                continue
            result[key] = merge(base[key], value) if source is over and key in base else value
            result.value_locs[key] = source.where(key)
            result.key_locs[key] = source.key_where(key)
    return result
