"""The plain-SVG reader gives exactly what svgelements gives, or steps aside.

`generator.draw.svgplain` reads the common subset of SVG art without svgelements. Every
shipped file and fixture, and generated paths and shapes, are read both ways here: the
primitives must be equal down to their repr (so a digest cannot tell them apart), and a
file outside the subset must go to svgelements.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.draw import svgart
from generator.draw.svgart import ArtError
from generator.draw.svgplain import path_commands, plain_shapes

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted([*ROOT.glob("content/art/*.svg"), *ROOT.glob("content/symbols/*.svg")])
EVERY_SVG = sorted({*SHIPPED, *ROOT.glob("examples/**/*.svg"), *ROOT.glob("tests/**/*.svg")})


def _both(path: Path, monkeypatch) -> tuple[str, str]:
    """repr of the file as read with the plain reader allowed, and by svgelements alone."""
    def read() -> str:
        try:
            return repr(svgart._read.__wrapped__(str(path), 0, 0))
        except ArtError as exc:
            return f"ArtError: {exc}"
    quick = read()
    with monkeypatch.context() as patch:
        patch.setattr(svgart, "plain_shapes", lambda root: None)
        slow = read()
    return quick, slow


@pytest.mark.parametrize("path", EVERY_SVG, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_reads_the_same_either_way(path, monkeypatch):
    quick, slow = _both(path, monkeypatch)
    assert quick == slow


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_the_shipped_art_is_plain(path):
    assert plain_shapes(ET.fromstring(path.read_bytes())) is not None


def _svg(body: str, root: str = 'viewBox="0 0 100 100" width="100" height="100"') -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {root}>{body}</svg>'


def _compare(tmp_path: Path, monkeypatch, text: str, plain: bool) -> None:
    path = tmp_path / "art.svg"
    path.write_text(text)
    assert (plain_shapes(ET.fromstring(text)) is not None) == plain
    quick, slow = _both(path, monkeypatch)
    assert quick == slow


@pytest.mark.parametrize(("body", "plain"), [
    ('<rect x="-0" y="1e1" width="3.5" height=".5" fill="red" opacity="50%"/>', True),
    ('<circle cx="1" cy="2" r="3" stroke="#fff" stroke-width="2.5" fill="none"/>', True),
    ('<ellipse cx="1" cy="-0.0" rx="3" ry="4" fill-opacity="0.3" stroke="blue"/>', True),
    ('<path d="M1 2q3 4 5 6t1 1s2 2 3 3zm1 1h3v-2H1V0l1-1c1 1 2 2 3 3S1 1 2 2T4 4Z"/>', True),
    ('<path d="M1,2 3,4 5,6" fill-rule="evenodd" stroke-linecap="round" stroke="#000"/>',
     True),
    ('<path d="M1 2"/>', True),  # a move alone draws nothing, either way
    ('<rect x="1" y="2" width="3" height="4" rx="1"/>', False),
    ('<rect x="1" y="2" width="0" height="4"/>', False),
    ('<path d="M1 2A3 3 0 0 1 5 5"/>', False),
    ('<path d="M1,,2 3 4"/>', False),
    ('<g><rect x="1" y="2" width="3" height="4"/></g>', False),
    ('<rect x="1" y="2" width="3" height="4" transform="rotate(9)"/>', False),
    ('<rect x="1" y="2" width="3" height="4" style="fill:red"/>', False),
    ('<rect x="1mm" y="2" width="3" height="4"/>', False),
    ('<rect x="1" y="2" width="3" height="4" fill="currentColor"/>', False),
    ('<rect x="1" y="2" width="3" height="4" fill="nonsense"/>', True),  # same error
])
def test_a_shape_reads_the_same_either_way(tmp_path, monkeypatch, body, plain):
    _compare(tmp_path, monkeypatch, _svg(body), plain)


@pytest.mark.parametrize("root", ['viewBox="0 0 100 100" width="200" height="200"',
                                  'viewBox="5 0 100 100" width="100" height="100"',
                                  'viewBox="0 0 100 100"'])
def test_a_scaled_or_shifted_file_goes_to_svgelements(tmp_path, monkeypatch, root):
    _compare(tmp_path, monkeypatch, _svg('<rect x="1" y="2" width="3" height="4"/>', root),
             False)


_NUMBERS = st.one_of(st.integers(-200, 200).map(str),
                     st.floats(-200, 200, allow_nan=False).map(lambda v: f"{v:.3f}"),
                     st.floats(-2, 2, allow_nan=False).map(lambda v: f"{v:.2e}"),
                     st.sampled_from(["-0", ".5", "-.25", "0.0", "1e2"]))
_ARGS = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "Z": 0}


@st.composite
def _path_data(draw) -> str:
    parts = ["M", *draw(st.lists(_NUMBERS, min_size=2, max_size=2))]
    for _ in range(draw(st.integers(1, 12))):
        letter = draw(st.sampled_from(sorted(_ARGS)))
        command = letter.lower() if draw(st.booleans()) else letter
        parts += [command, *draw(st.lists(_NUMBERS, min_size=_ARGS[letter],
                                          max_size=_ARGS[letter]))]
    text = parts[0]
    for before, after in itertools.pairwise(parts):
        # Two numbers need a space or a comma between them unless the second has a sign.
        both = not before.isalpha() and not after.isalpha()
        gaps = [" ", "  ", " , ", ","] if both and after[0] not in "-+" else [" ", ""]
        text += draw(st.sampled_from(gaps)) + after
    return text


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_path_data())
def test_generated_paths_read_the_same_either_way(tmp_path_factory, d):
    path = tmp_path_factory.mktemp("art") / "path.svg"
    path.write_text(_svg(f'<path d="{d}" stroke="#123456" fill="none"/>'))
    assert path_commands(d) is not None
    with pytest.MonkeyPatch.context() as monkeypatch:
        quick, slow = _both(path, monkeypatch)
    assert quick == slow
