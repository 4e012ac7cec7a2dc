"""Read a layout from `templates/layouts/NAME.yaml`, following `extends`.

Every problem (a bad length, a missing box, an unknown key, a cycle of `extends`)
becomes a TKG303 diagnostic at its file:line:col; they are all collected and raised
together as one `ContentError`, so the designer sees every mistake at once.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.errors import ContentError
from generator.core.model import Location
from generator.core.nearest import nearest_first
from generator.core.paths import display_path
from generator.layout.model import Layout
from generator.layout.reader import read_layout
from generator.load.layers import merged, template_layers
from generator.load.yamlsource import YMap, load_yaml

LAYOUTS = "layouts"
# A layout name is a file stem under templates/layouts/, never a path.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
# Deeper chains than this are a mistake, not a design; it also bounds the recursion.
MAX_EXTENDS = 16


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a layout name, or None when it can."""
    if NAME.fullmatch(name) and ".." not in name:
        return None
    return (f"{name!r} is not a layout name: use the file's stem under templates/layouts/ "
            "(letters, digits, '-', '_' and '.', no slashes)")


def layout_names(templates_dir: Path) -> list[str]:
    """Names of the layouts under templates/layouts/ (and the templates it extends)."""
    return [name[:-len(".yaml")] for name in
            template_layers(templates_dir).names(LAYOUTS, "*.yaml")]


def load_layout(templates_dir: Path, name: str) -> Layout:
    """The layout `name` with its `extends` chain merged; ContentError (TKG303, and the
    looks' TKG601-TKG608) if invalid.

    A build loads each layout once, in validation, and hands the result down in its
    request.
    """
    problems: list[Diagnostic] = []
    data = _resolve(templates_dir, name, problems, (), None)
    if data is None or problems:
        raise ContentError(problems)
    layout = read_layout(name, data, problems)
    if problems:
        raise ContentError(problems)
    return layout


def _resolve(templates_dir: Path, name: str, problems: list[Diagnostic],
             chain: tuple[str, ...], asked_at: Location | None) -> YMap | None:
    # A layout of that name in the templates folder, else in the one it extends.
    folder = template_layers(templates_dir).find(f"{LAYOUTS}/{name}.yaml").parent \
        if not name_problem(name) else templates_dir / LAYOUTS
    here = asked_at or Location(display_path(folder), 1, 1)
    refusal = _refusal(folder, name, chain)
    if refusal:
        problems.append(diagnostic("TKG303", here, *refusal))
        return None
    path = folder / f"{name}.yaml"
    if not path.is_file():
        names = layout_names(templates_dir)
        problems.append(diagnostic("TKG303", here, f"there is no layout named {name!r}",
                                   nearest_first(name, names, "known layouts: "
                                                 f"{', '.join(names) or 'none'}")))
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
    if parent is None:
        return None
    result = merged(parent, data)  # two mappings merge into one
    return result if isinstance(result, YMap) else None


def _refusal(folder: Path, name: str, chain: tuple[str, ...]) -> tuple[str, ...] | None:
    """Why the layout `name` may not be read here (message, hint), or None."""
    bad_name = name_problem(name)
    if bad_name:
        return (bad_name,)
    if name in chain:
        return ("layouts extend each other in a cycle: " + " -> ".join((*chain, name)),)
    if len(chain) >= MAX_EXTENDS:
        return (f"the extends chain is longer than {MAX_EXTENDS} layouts: "
                + " -> ".join((*chain, name)), "let a layout extend one nearer the base")
    path = folder / f"{name}.yaml"
    if path.is_symlink() and not path.resolve().is_relative_to(folder.resolve()):
        return (f"layout {name!r} is a link to a file outside templates/layouts/",
                "copy the file into templates/layouts/ instead of linking it")
    return None


def _as_layout_problem(d: Diagnostic) -> Diagnostic:
    # YAML syntax problems in a layout keep their text but carry the layout code.
    return diagnostic("TKG303", Location(d.path, d.line, d.column), d.message)
