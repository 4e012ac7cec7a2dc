"""The dependency rule (docs/architecture.md) holds: layers import downwards, no cycles."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def test_the_layers_contract_of_pyproject_is_kept():
    # import-linter's own command, on pyproject.toml's contract: the test fails with its
    # report, naming each import that breaks a layer.
    command = shutil.which("lint-imports") or pytest.fail("import-linter is not installed")
    result = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each a cycle or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for near in graph.get(node, ()):
            if near not in index:
                visit(near)
                low[node] = min(low[node], low[near])
            elif near in stack:
                low[node] = min(low[node], index[near])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_through_others_not_even_inside_a_function():
    import grimp

    graph = grimp.build_graph("generator", cache_dir=None)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.slow
def test_the_package_type_checks_under_the_mypy_settings_of_pyproject():
    # The package ships py.typed, so what it promises its callers is checked: mypy on
    # pyproject.toml's [tool.mypy], failing with mypy's report of each wrong type.
    command = shutil.which("mypy") or pytest.fail("mypy is not installed")
    result = subprocess.run([command], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
