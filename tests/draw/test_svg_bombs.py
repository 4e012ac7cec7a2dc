"""`<use>` cycles, `<use>` bombs and deep nesting in art are diagnostics naming the file
and the element, found before anything is expanded (issue 27, item 3).

The findings: a `<use>` of itself, or two that use each other, crashed with a
RecursionError; a fan-out of 10^7 took 2.5 GB (10^5 finished in 55-95 s).
"""

from __future__ import annotations

import sys

import pytest

from generator.core.limits import SVG_DEPTH, SVG_ELEMENTS, SVG_POINTS, USE_DEPTH
from generator.draw.svgart import ArtError, read_art
from tests.conftest import run_with_peak

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 10 10">')
SQUARE = '<rect id="l0" width="1" height="1" fill="#D55E00"/>'


def fan_out(levels: int, width: int = 10) -> str:
    """`levels` groups, each using the one below `width` times: width**levels squares."""
    groups = "".join(f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * width + "</g>"
                     for i in range(1, levels + 1))
    return f'{HEAD}<defs>{SQUARE}{groups}</defs><use href="#l{levels}"/></svg>'


def chain(length: int) -> str:
    """Each group uses the one below once: `<use>` nested `length` deep."""
    groups = "".join(f'<g id="l{i}"><use href="#l{i - 1}"/></g>' for i in range(1, length))
    return f'{HEAD}<defs>{SQUARE}{groups}</defs><use href="#l{length - 1}"/></svg>'


CASES = {
    "itself": (f'{HEAD}<defs><g id="a"><use href="#a"/></g></defs><use href="#a"/></svg>',
               "leads back to itself (#a -> #a)"),
    "a use of its own id": (f'{HEAD}<use id="u" href="#u"/></svg>', "leads back to itself (#u)"),
    "each other": (f'{HEAD}<defs><g id="a"><use href="#b"/></g><g id="b"><use xlink:href="#a"/>'
                   '</g></defs><use href="#a"/></svg>', "(#b -> #a -> #b)"),
    "a fan-out of 10^7": (fan_out(7), f"more than the limit of {SVG_ELEMENTS.value:,}"),
    "<use> nested too deep": (chain(USE_DEPTH.value + 1),
                              f"more than the limit of {USE_DEPTH.value:,}"),
    "elements nested too deep": (HEAD + "<g>" * 5000 + SQUARE + "</g>" * 5000 + "</svg>",
                                 f"more than the limit of {SVG_DEPTH.value:,}, at <g>"),
    "a path of too many points": (f'{HEAD}<path d="M0 0{" L1 2" * SVG_POINTS.value}"/></svg>',
                                  f"more than the limit of {SVG_POINTS.value:,}, at <path>"),
    "a path used too often": (f'{HEAD}<defs><path id="p" d="M0 0{" L1 2" * 1000}"/></defs>'
                              + '<use href="#p"/>' * (SVG_POINTS.value // 1000 + 1) + "</svg>",
                              "points, more than the limit"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_bomb_or_a_cycle_is_refused_with_the_element_named(tmp_path, case):
    text, said = CASES[case]
    path = tmp_path / "art.svg"
    path.write_text(text)
    with pytest.raises(ArtError) as caught:
        read_art(path)
    assert said in str(caught.value)


def test_the_fan_out_names_the_group_where_it_passes_the_limit(tmp_path):
    path = tmp_path / "art.svg"
    path.write_text(fan_out(7))
    with pytest.raises(ArtError, match=r"22,221 elements.*at <g id='l4'>"):
        read_art(path)


def test_use_within_the_limits_still_draws_every_copy(tmp_path):
    path = tmp_path / "art.svg"
    path.write_text(fan_out(3))  # 1,000 squares: well inside the limits
    _, shapes = read_art(path)
    assert len(shapes) == 1000
    path.write_text(chain(USE_DEPTH.value))
    assert len(read_art(path)[1]) == 1


@pytest.mark.slow
def test_a_bomb_in_a_tiles_art_is_an_error_at_the_tile_in_little_memory(project):
    (project / "content" / "art" / "ember-hollow.svg").write_text(fan_out(7))
    result, peak_mb = run_with_peak([sys.executable, "-m", "generator", "validate",
                                     "--content", str(project / "content")],
                                    timeout=120, cwd=project)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    [line] = [x for x in result.stdout.splitlines() if "TKG304" in x]
    assert line.startswith("content/tiles.yaml:") and "ember-hollow.svg" in line
    assert f"more than the limit of {SVG_ELEMENTS.value:,}" in line
    assert peak_mb < 1000  # the expansion that was refused would take 2.5 GB
