"""The positioned YAML reader: positions, refusals and problems as diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.limits import YAML_DEPTH
from generator.load.yamlsource import YList, YMap, load_yaml


def load(tmp_path: Path, text: str | bytes):
    path = tmp_path / "x.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return load_yaml(path, "x.yaml")


def test_positions_are_one_based_for_keys_values_and_items(tmp_path):
    src = load(tmp_path, "a: 1\nb:\n  - x\n  - {c: 2}\n")
    assert isinstance(src.data, YMap) and not src.diagnostics
    assert (src.data.key_where("b").line, src.data.key_where("b").column) == (2, 1)
    items = src.data["b"]
    assert isinstance(items, YList)
    assert (items.where(1).line, items.where(1).column) == (4, 5)
    assert items[1].where("c").column == 9


def test_scalars_keep_yaml_types(tmp_path):
    src = load(tmp_path, "n: 3\nf: 0.5\nt: true\ns: '3'\nz: null\n")
    assert src.data == {"n": 3, "f": 0.5, "t": True, "s": "3", "z": None}


def test_object_tags_are_refused_not_constructed(tmp_path):
    src = load(tmp_path, "a: !!python/object/apply:os.system [echo hi]\n")
    assert [d.code for d in src.diagnostics] == ["TKG005"]
    assert (src.diagnostics[0].line, src.diagnostics[0].column) == (1, 4)


def test_duplicate_keys_are_reported(tmp_path):
    src = load(tmp_path, "a: 1\nb: 2\na: 3\n")
    [d] = src.diagnostics
    assert (d.code, d.line, d.column) == ("TKG006", 3, 1)
    assert src.data["a"] == 1


def test_alias_bomb_stays_linear(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}]" for i in range(1, 12)]
    src = load(tmp_path, "\n".join(lines) + "\n")
    assert not src.diagnostics and len(src.data["a11"]) == 5


def test_empty_binary_missing_and_bad_utf8(tmp_path):
    assert [d.code for d in load(tmp_path, "  \n").diagnostics] == ["TKG002"]
    assert [d.code for d in load(tmp_path, b"\x89PNG\0\0").diagnostics] == ["TKG003"]
    bad = load(tmp_path, b"a: 1\nb: caf\xe9\n").diagnostics
    assert [(d.code, d.line, d.column) for d in bad] == [("TKG003", 2, 7)]
    missing = load_yaml(tmp_path / "nope.yaml", "nope.yaml").diagnostics
    assert [d.code for d in missing] == ["TKG001"]


def test_syntax_error_points_at_the_problem(tmp_path):
    [d] = load(tmp_path, "a: [1, 2\nb: 3\n").diagnostics
    assert d.code == "TKG004" and d.line == 2


# A designer's usual YAML slips: the file, where the diagnostic is (where the fix is,
# not where the reader stopped) and how its words begin.
SLIPS = {
    # The reader runs on to the next quote, lines below, and stops there.
    "a quote left open": (
        'elements:\n  fire: "Feu\n  water: Eau\n\noinks:\n  fire: "Oink des Cendres"\n'
        '  water: "Oink"\n', (2, 9),
        'a quote (") opened here is not closed on its line, so the reader ran on to the '
        "next, at line 6, and stopped at line 6, column 10: "),
    "a single quote left open": (
        "elements:\n  fire: 'Feu\n  water: Eau\n\noinks:\n  fire: 'Oink des Cendres'\n"
        "  water: 'Oink'\n", (2, 9),
        "a quote (') opened here is not closed on its line, so the reader ran on to the "
        "next, at line 6, and stopped at line 6, column 10: "),
    # Read as more of the value above; the reader said "mapping values are not allowed".
    "a line indented deeper": (
        "elements:\n  fire: Feu\n   water: Eau\n", (3, 4),
        "this line is indented deeper than the one above it (3 spaces, not 2), so it "
        "reads as more of that line's value"),
    # The reader looks for the colon on the next line and stops there.
    "a key without its colon": (
        "elements:\n  fire: Feu\n  water Eau\n  earth: Terre\n", (3, 3),
        "this line has no ':' after its key (write key: value)"),
    "a tab": (
        "elements:\n  fire: Feu\n\twater: Eau\n", (3, 1),
        "a tab indents this line; YAML indents with spaces only"),
    "a colon in a plain value": (
        "tiles:\n  - id: a\n    flavour: The rule: never cool.\n    name: A\n", (3, 14),
        "this value holds ': ', which YAML reads as another key: put the value in quotes "
        '(flavour: "The rule: never cool.")'),
    "a line indented less": (
        "elements:\n  fire: Feu\n water: Eau\n", (3, 2),
        "this line is indented less than the one above it (1 space, not 2)"),
    "a quote inside a value quoted alike": (
        'tiles:\n  - id: a\n    flavour: "He said "go" now"\n', (3, 14),
        'the quote (") that opens this value is closed at column 23, before the rest of '
        "the line: "),
    # The rest of the line is a comment to YAML, and the braces are never closed.
    "a colour left unquoted in braces": (
        "ground:\n  rect: {x: 0, fill: #1B1A24}\nnext: 1\n", (2, 22),
        "a # starts a comment in YAML, so the rest of this line is none of the {...} it "
        'is in: put the colour in quotes (fill: "#1B1A24")'),
}


@pytest.mark.parametrize("slip", SLIPS)
def test_a_usual_slip_is_told_as_what_it_is_where_the_fix_is(tmp_path, slip):
    text, where, words = SLIPS[slip]
    [d] = load(tmp_path, text).diagnostics
    assert (d.code, (d.line, d.column)) == ("TKG004", where), d
    assert d.message.startswith(f"YAML syntax: {words}"), d.message


def test_quotes_closed_on_their_lines_are_not_blamed(tmp_path):
    [d] = load(tmp_path, 'a: "it\'s"\nb: \'say "hi"\'\nc: [1, 2\nd: 3\n').diagnostics
    assert d.code == "TKG004" and "quote" not in d.message


@pytest.mark.parametrize("depth", [25_000, 200_000])
def test_nesting_deep_enough_to_overflow_libyaml_is_refused_before_it_is_built(tmp_path,
                                                                               depth):
    # Found by the fuzz harness: 25,000 "[" killed the process (libyaml's composer
    # recurses in C); the depth is now read from the parse events first.
    src = load(tmp_path, "[" * depth + "1" + "]" * depth + "\n")
    assert [(d.code, d.line, d.column) for d in src.diagnostics] == \
        [("TKG116", 1, YAML_DEPTH.value + 1)]
    assert src.data is None


def test_nesting_past_the_limit_is_told_where_it_passes(tmp_path):
    depth = YAML_DEPTH.value + 5
    src = load(tmp_path, "a:\n  " + "- " * depth + "x\n")
    assert [(d.code, d.line) for d in src.diagnostics] == [("TKG116", 2)]
    assert f"more than {YAML_DEPTH.value} levels" in src.diagnostics[0].message


def test_nesting_at_the_limit_is_read(tmp_path):
    depth = YAML_DEPTH.value - 1  # the top mapping is one level
    src = load(tmp_path, "a: " + "[" * depth + "1" + "]" * depth + "\n")
    assert not src.diagnostics
