"""Every name a template uses that it is not rendered with, found without rendering it.

Rendering stops at the first unknown name (the environment is strict), so a template
with two misspelt names would be told of the second only once the first is mended.
When a render stops so, the template is read once more as Jinja2 parses it: each name
it uses, that it neither sets itself (`{% set %}`, a loop's, a macro's, an import) nor
is given, is told at its first line; and so is each field it reads from a record it is
given (`rules.grid_colums`) that the record lacks. A name or field a template asks about
(`x is defined`, `x | default(...)`) may be missing: it is left out.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import jinja2
from jinja2 import meta, nodes

from generator.text.context import Record


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


def unknown_fields(env: jinja2.Environment, source: str, context: Mapping
                   ) -> list[tuple[str, Record, int]]:
    """The fields `source` reads from the records it is rendered with (`rules.x`,
    `draft.split.x`) that they lack: each field, the record, and the line it is first
    read at, in the order of those lines. A name the template sets anywhere (a loop's
    `rules`) is left out, wherever it is read: what it holds there is not known here."""
    tree = env.parse(source)
    asked = _asked_about(tree)
    given = meta.find_undeclared_variables(tree) - {
        name.name for name in tree.find_all(nodes.Name) if name.ctx != "load"}
    first: dict[str, tuple[str, Record, int]] = {}
    for node in tree.find_all(nodes.Getattr):
        path = _dotted(node)
        if path is None or path[0] not in given or ".".join(path) in asked:
            continue
        value = context.get(path[0])
        for depth, field in enumerate(path[1:], 2):
            if not isinstance(value, Record):
                break
            if field not in value:
                first.setdefault(".".join(path[:depth]), (field, value, node.lineno))
                break
            value = value[field]
    return sorted(first.values(), key=lambda found: found[2])


def _dotted(node: nodes.Expr) -> list[str] | None:
    """`rules.players.max` as ['rules', 'players', 'max']; None for anything else (a
    call's result, an item by index)."""
    fields: list[str] = []
    while isinstance(node, nodes.Getattr):
        fields.append(node.attr)
        node = node.node
    return [node.name, *reversed(fields)] if isinstance(node, nodes.Name) else None


def _asked_about(tree: nodes.Template) -> set[str]:
    """The names and dotted fields the template tests for being there, or gives a
    default."""
    asked = [test.node for test in tree.find_all(nodes.Test)
             if test.name in ("defined", "undefined")]
    asked += [f.node for f in tree.find_all(nodes.Filter)
              if f.name == "default" and f.node is not None]  # (None: a filter block)
    return {".".join(path) for path in map(_dotted, asked) if path is not None}
