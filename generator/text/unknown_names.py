"""Every name a template uses that it is not rendered with, found without rendering it.

Rendering stops at the first unknown name (the environment is strict), so a template
with two misspelt names would be told of the second only once the first is mended.
When a render stops so, the template is read once more as Jinja2 parses it: each name
it uses, that it neither sets itself (`{% set %}`, a loop's, a macro's, an import) nor
is given, is told at its first line; and so is each field it reads from a record it is
given (`rules.grid_colums`) that the record lacks, or from the records a loop takes
(`{% for e in elements %}{{ e.nmae }}`) that all of them lack. A name or field a
template asks about (`x is defined`, `x | default(...)`) may be missing: it is left out.
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
    read at, in the order of those lines. A name a loop sets is read as the records the
    loop takes (`_loop_fields`); one the template sets otherwise is left out, wherever it
    is read: what it holds there is not known here."""
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
    for dotted, found in _loop_fields(tree, context, given, asked).items():
        first.setdefault(dotted, found)
    return sorted(first.values(), key=lambda found: found[2])


Scope = dict[str, tuple[Record, ...]]  # a loop's name: the records it takes in turn


def _loop_fields(tree: nodes.Template, context: Mapping, given: set[str], asked: set[str]
                 ) -> dict[str, tuple[str, Record, int]]:
    """The fields read from a loop's name (`{% for e in elements %}{{ e.nmae }}`) that
    none of the records it takes has, by their dotted path: each field, the first
    record, and the line it is first read at. A loop over what the template is given
    (or over a field of an outer loop's records: `row.spaces`) is followed; a name the
    template sets otherwise too ({% set %}, a macro's) is not."""
    set_otherwise = {name.name for node in tree.find_all(_SETS)
                     for name in node.find_all(nodes.Name) if name.ctx != "load"}
    found: dict[str, tuple[str, Record, int]] = {}

    def visit(node: nodes.Node, scope: Scope) -> None:
        if isinstance(node, nodes.For):
            visit(node.iter, scope)
            inner = {k: v for k, v in scope.items()
                     if k not in {n.name for n in node.target.find_all(nodes.Name)}}
            items = _records_taken(node.iter, scope, context, given)
            if isinstance(node.target, nodes.Name) and items and \
                    node.target.name not in set_otherwise:
                inner[node.target.name] = items
            for child in [*node.body, *([node.test] if node.test else [])]:
                visit(child, inner)
            for child in node.else_:
                visit(child, scope)
            return
        path = _dotted(node) if isinstance(node, nodes.Getattr) else None
        if path is not None and path[0] in scope and ".".join(path) not in asked:
            missing = _missing_field(scope[path[0]], path)
            if missing is not None:
                dotted, field, record = missing
                found.setdefault(dotted, (field, record, node.lineno))
        for child in node.iter_child_nodes():
            visit(child, scope)

    visit(tree, {})
    return found


# What sets a name other than a loop's target.
_SETS = (nodes.Assign, nodes.AssignBlock, nodes.Macro, nodes.CallBlock, nodes.With,
         nodes.Import, nodes.FromImport)


def _records_taken(node: nodes.Node, scope: Scope, context: Mapping, given: set[str]
                   ) -> tuple[Record, ...] | None:
    """The records a loop over `node` takes: those of a list the template is given, or
    of a field of an outer loop's records; None when that is not known here."""
    path = _dotted(node) if isinstance(node, nodes.Expr) else None
    if path is None:
        return None
    if path[0] in scope:
        values: list[object] = list(scope[path[0]])
    elif path[0] in given and path[0] in context:
        values = [context[path[0]]]
    else:
        return None
    for field in path[1:]:
        records = _all_records(values)
        if records is None or not all(field in r for r in records):
            return None
        values = [r[field] for r in records]
    if not all(isinstance(v, tuple) for v in values):
        return None
    return _all_records([item for v in values if isinstance(v, tuple) for item in v]) or None


def _all_records(values: list[object]) -> tuple[Record, ...] | None:
    """`values` when every one is a record, else None."""
    records = tuple(v for v in values if isinstance(v, Record))
    return records if len(records) == len(values) else None


def _missing_field(records: tuple[Record, ...], path: list[str]
                   ) -> tuple[str, str, Record] | None:
    """The first field along `path` (after the loop's name) that none of `records`
    has, with its dotted path and the first record that lacks it."""
    found: tuple[Record, ...] | None = records
    for depth, field in enumerate(path[1:], 2):
        if not found:
            return None
        holding = [r for r in found if field in r]
        if not holding:
            return ".".join(path[:depth]), field, found[0]
        found = _all_records([r[field] for r in holding])
    return None


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
