"""Fuzz the loader: mutated content must give clean diagnostics, never a traceback."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import cli

ROOT = Path(__file__).resolve().parents[2]
CANON = {name: (ROOT / "content" / name).read_text() for name in ("tiles.yaml", "game.yaml")}
# The suite runs a quarter of each loader fuzzer's cases (about 20 s of CPU for this
# module and the pieces'); TKG_FUZZ_SHARE=1 runs them all, as tests/fuzz/ reads it too.
SHARE = float(os.environ.get("TKG_FUZZ_SHARE", "0.25"))


def cases(examples: int):
    """The settings of a loader fuzzer of `examples` cases, times SHARE."""
    return settings(max_examples=max(2, round(examples * SHARE)), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


FUZZ = cases(120)

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=False), st.text(max_size=12))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=6)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory) -> Path:
    content = tmp_path_factory.mktemp("fuzz") / "content"
    shutil.copytree(ROOT / "content", content)
    return content


def run_validate(content: Path, name: str, text: str | bytes):
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    for other, original in CANON.items():
        (content / other).write_text(original)
    (content / name).write_bytes(data)
    result = CliRunner().invoke(cli, ["validate", "--content", str(content)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert result.exit_code in (0, 1), result.output
    if result.exit_code == 1:
        assert any(": error TKG" in line for line in result.output.splitlines()), result.output
    return result


@st.composite
def text_mutations(draw):
    name = draw(st.sampled_from(sorted(CANON)))
    text = CANON[name]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "duplicate", "indent"]))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        elif kind == "insert":
            junk = draw(st.text(alphabet=":-[]{}&*!|>'\"#%@`,? \n\tabc019", max_size=12))
            text = text[:at] + junk + text[at:]
        elif kind == "duplicate":
            line_start = text.rfind("\n", 0, at) + 1
            line_end = text.find("\n", at) + 1 or len(text)
            text = text[:line_end] + text[line_start:line_end] + text[line_end:]
        else:
            line_start = text.rfind("\n", 0, at) + 1
            text = text[:line_start] + " " * draw(st.integers(1, 3)) + text[line_start:]
    return name, text


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*prefix, i))


def mutate(draw, text: str) -> str:
    """The YAML `text` with one value replaced or removed, or a key added anywhere
    (`draw` is a composite strategy's)."""
    data = yaml.safe_load(text)
    path = draw(st.sampled_from(list(_paths(data))[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    action = draw(st.sampled_from(["replace", "delete", "add-key"]))
    if action == "replace":
        parent[path[-1]] = draw(values)
    elif action == "delete":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=10))] = draw(values)
    return yaml.safe_dump(data, allow_unicode=True)


@st.composite
def structure_mutations(draw):
    name = draw(st.sampled_from(sorted(CANON)))
    return name, mutate(draw, CANON[name])


@pytest.mark.slow
@FUZZ
@given(text_mutations())
def test_text_mutations_never_crash(sandbox, mutation):
    run_validate(sandbox, *mutation)


@pytest.mark.slow
@FUZZ
@given(structure_mutations())
def test_structure_mutations_never_crash(sandbox, mutation):
    run_validate(sandbox, *mutation)


@pytest.mark.slow
@cases(40)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_crash(sandbox, data):
    run_validate(sandbox, "tiles.yaml", data)
