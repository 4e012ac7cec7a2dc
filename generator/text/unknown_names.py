"""Every name a template uses that it is not rendered with, found without rendering it.

Rendering stops at the first unknown name (the environment is strict), so a template
with two misspelt names would be told of the second only once the first is mended.
When a render stops so, the template is read once more as Jinja2 parses it: each name
it uses, that it neither sets itself (`{% set %}`, a loop's, a macro's, an import) nor
is given, is told at its first line. A name a template asks about (`x is defined`,
`x | default(...)`) may be missing: it is left out.
"""

from __future__ import annotations

from collections.abc import Collection

import jinja2
from jinja2 import meta, nodes


def unknown_names(env: jinja2.Environment, source: str, known: Collection[str]
                  ) -> list[tuple[str, int]]:
    """The names `source` uses that are neither set in it nor `known`, each with the line
    it is first used at, in the order of those lines."""
    tree = env.parse(source)
    missing = meta.find_undeclared_variables(tree) - set(known) - _asked_about(tree)
    first: dict[str, int] = {}
    for name in tree.find_all(nodes.Name):
        if name.ctx == "load" and name.name in missing:
            first.setdefault(name.name, name.lineno)
    return sorted(first.items(), key=lambda found: (found[1], found[0]))


def _asked_about(tree: nodes.Template) -> set[str]:
    """The names the template tests for being there, or gives a default."""
    asked = {test.node.name for test in tree.find_all(nodes.Test)
             if test.name in ("defined", "undefined") and isinstance(test.node, nodes.Name)}
    return asked | {f.node.name for f in tree.find_all(nodes.Filter)
                    if f.name == "default" and isinstance(f.node, nodes.Name)}
