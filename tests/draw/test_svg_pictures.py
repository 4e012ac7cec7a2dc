"""A picture embedded in SVG art (Inkscape's File > Import, "embed") is drawn where and as
the SVG places it, by both backends, the preflight's raster and its point colours
(tkg refused every <image>, TKG304): stretched to its box (preserveAspectRatio="none",
as Inkscape imports), shown whole or cropped, aligned as it says. It is kept as a file
in tkg's cache, named by its bytes; one turned, skewed or flipped in the SVG is drawn so
into a picture of its own, kept likewise, and cut to its outline. What cannot be drawn
the same (a linked file, a format other than PNG or JPEG) is refused with the way out."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image as PilImage

from generator.backends.svg import scene_svg
from generator.core.memo import Memo
from generator.draw.geometry import Place
from generator.draw.pointpaint import painted
from generator.draw.raster import Canvas
from generator.draw.scene import Group, Image, Scene
from generator.draw.svgart import ArtError
from tests.backends.test_forms import close, pixels
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

RED, BLUE, WHITE = (255, 0, 0), (0, 0, 255), (255, 255, 255)


def _png(width: int = 40, height: int = 20) -> bytes:
    """A picture red on its left half, blue on its right."""
    picture = PilImage.new("RGB", (width, height), RED)
    picture.paste(BLUE, (width // 2, 0, width, height))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


URL = "data:image/png;base64," + base64.b64encode(_png()).decode()


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def _art(tmp_path, body: str):
    return art_items(tmp_path, body, "0 0 40 20")


@pytest.mark.parametrize(("aspect", "fit"), [
    (' preserveAspectRatio="none"', "none"), ("", "xMidYMid meet"),
    (' preserveAspectRatio="xMaxYMin slice"', "xMaxYMin slice"),
    (' preserveAspectRatio="xMinYMid"', "xMinYMid meet")])
def test_an_embedded_picture_is_read_where_and_as_the_svg_places_it(tmp_path, aspect, fit):
    # In a layer Inkscape moved and scaled, as it saves an imported picture.
    [image] = _art(tmp_path, '<g transform="translate(4 2) scale(0.5)"><image x="2" y="0" '
                             f'width="20" height="10"{aspect} xlink:href="{URL}"/></g>')
    assert isinstance(image, Image)
    assert (image.x, image.y, image.w, image.h, image.fit) == (5.0, 2.0, 10.0, 5.0, fit)
    assert image.path.read_bytes() == _png()  # kept whole, in tkg's cache
    assert image.path.parent == tmp_path / "cache" / "tkg" / "pictures"


def test_the_same_picture_is_the_same_file(tmp_path):
    first, second = _art(tmp_path, f'<image width="4" height="2" href="{URL}"/>'
                                   f'<image y="5" width="4" height="2" href="{URL}"/>')
    assert first.path == second.path


def test_a_picture_at_an_opacity_or_in_a_clip_is_laid_so(tmp_path):
    [faded] = _art(tmp_path, f'<image width="4" height="2" href="{URL}" opacity="0.5"/>')
    assert isinstance(faded, Group) and faded.opacity == 0.5
    [clipped] = _art(tmp_path, '<defs><clipPath id="c"><circle r="2"/></clipPath></defs>'
                               f'<image width="4" height="2" href="{URL}" clip-path="url(#c)"/>')
    assert isinstance(clipped, Group) and clipped.clip_path


def test_a_picture_kept_in_a_cache_emptied_since_is_kept_again(tmp_path, empty_memo):
    from generator.draw.art import svg_art

    path = tmp_path / "art.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 2"><image '
                    f'width="4" height="2" href="{URL}"/></svg>')
    [image] = svg_art(empty_memo, path)[1]
    image.path.unlink()
    [again] = svg_art(empty_memo, path)[1]
    assert again.path.read_bytes() == _png()


@pytest.mark.parametrize(("body", "reason"), [
    ('<image width="4" height="2" xlink:href="scan.png"/>',
     r"a picture the SVG links to \('scan.png'\) rather than holds; embed it \(Inkscape: "
     r"Extensions > Images > Embed Images\)"),
    ('<image width="4" height="2" href="data:image/gif;base64,R0lGOD"/>',
     r"not a PNG or a JPEG \(image/gif\)"),
    ('<image width="4" height="2" href="data:image/png;base64,!!!"/>', "damaged"),
    ('<image width="4" height="2" href="data:image/png;base64,'
     f'{base64.b64encode(b"not a picture").decode()}"/>', "lacks the PNG signature"),
    (f'<image width="4" height="2" href="{URL}" preserveAspectRatio="middle"/>',
     "preserveAspectRatio='middle'"),
])
def test_a_picture_drawn_otherwise_is_refused_with_the_way_out(tmp_path, body, reason):
    with pytest.raises(ArtError, match=reason):
        _art(tmp_path, body)


@pytest.mark.parametrize(("transform", "expected"), [
    # (x, y) mm of the art -> colour. The 4 x 2 picture (red left, blue right) at (2, 1):
    # turned a quarter about its centre, red above and blue below; flipped, blue on the
    # left; skewed, its halves' edge leaning.
    ("rotate(90 4 2)", {(4, 0.5): RED, (4, 3.5): BLUE, (2.5, 2): WHITE, (5.5, 2): WHITE}),
    ("translate(8 0) scale(-1 1)", {(2.5, 2): BLUE, (5.5, 2): RED, (4, 3.5): WHITE}),
    ("skewX(45)", {(4.5, 1.5): RED, (6.5, 1.5): BLUE, (5, 2.5): RED, (7.5, 2.5): BLUE,
                   (4, 2.5): WHITE}),
])
def test_a_turned_flipped_or_skewed_picture_is_drawn_so(own_kit, tmp_path, transform,
                                                         expected):
    items = _art(tmp_path, f'<image x="2" y="1" width="4" height="2" href="{URL}" '
                           f'preserveAspectRatio="none" transform="{transform}"/>')
    [cut] = items
    [image] = cut.children
    assert isinstance(cut, Group) and len(cut.clip_path) == 5  # its four corners, closed
    assert image.fit == "none" and image.path.parent == tmp_path / "cache" / "tkg" / "pictures"
    with PilImage.open(image.path) as drawn:  # at the picture's own 10 pixels a unit
        assert drawn.width / image.w == pytest.approx(10, rel=0.05)
    scene = Scene("art", 10, 5, 0, items)
    at = pixels(own_kit, tmp_path, scene)
    canvas = Canvas(10, 5, ppm=20)
    canvas.paint(items)
    for (x, y), colour in expected.items():
        assert close(at(x, y), colour), ("pdf", transform, (x, y), at(x, y))
        seen = canvas.mean((x - 0.1, y - 0.1, 0.2, 0.2))
        assert close(tuple(int(seen[i:i + 2], 16) for i in (1, 3, 5)), colour), \
            ("raster", transform, (x, y), seen)


def test_a_turned_picture_is_drawn_into_the_same_bytes_each_time(tmp_path):
    body = f'<image width="4" height="2" href="{URL}" transform="rotate(30)"/>'
    [first] = _art(tmp_path, body)
    data = first.children[0].path.read_bytes()
    first.children[0].path.unlink()
    [second] = _art(tmp_path, body.replace("rotate(30)", "rotate(30 0 0)"))
    assert second.children[0].path.read_bytes() == data


def test_a_picture_turned_past_the_pixel_limit_is_refused(tmp_path, monkeypatch):
    from generator.core import limits

    monkeypatch.setattr("generator.draw.svgpicture.PICTURE_PIXELS",
                        limits.PICTURE_PIXELS._replace(value=1_000))
    with pytest.raises(ArtError, match=r"drawn turned, .*more than the limit of 1,000"):
        _art(tmp_path, f'<image width="40" height="20" href="{URL}" transform="rotate(45)"/>')


@in_browser
def test_turned_pictures_print_as_the_browser_shows_them(own_kit, tmp_path):
    body = (f'<image x="2" y="2" width="16" height="8" href="{URL}" '
            f'transform="rotate(25 10 6)"/>'
            f'<image x="22" y="2" width="16" height="8" href="{URL}" '
            f'transform="scale(-1 1) translate(-60 0)"/>'
            f'<image x="42" y="3" width="14" height="14" preserveAspectRatio="xMaxYMid slice" '
            f'href="{URL}" transform="rotate(-20 49 10)"/>'
            f'<image x="5" y="22" width="14" height="14" href="{URL}" transform="skewX(15)"/>'
            f'<g opacity="0.6"><image x="28" y="24" width="20" height="10" '
            f'preserveAspectRatio="none" href="{URL}" transform="rotate(40 38 29)"/></g>')
    assert_as_in_chromium(own_kit, tmp_path, body, "0 0 60 40")


def _scene(tmp_path, fit: str) -> Scene:
    """The 2:1 picture in a box of 20 x 20 mm at (0, 0) of a 40 x 20 mm scene."""
    path = tmp_path / "picture.png"
    path.write_bytes(_png())
    return Scene("picture", 40, 20, 0, (Image(0, 0, 20, 20, path, fit),))


@pytest.mark.parametrize(("fit", "expected"), [
    # (x, y) mm -> colour: stretched over the box; whole, centred, white above and below;
    # cropped to its right half, blue.
    ("none", {(5, 5): RED, (15, 15): BLUE}),
    ("xMidYMid meet", {(5, 10): RED, (15, 10): BLUE, (10, 2): WHITE, (10, 18): WHITE}),
    ("xMaxYMin slice", {(5, 10): BLUE, (15, 10): BLUE, (25, 10): WHITE}),
])
def test_both_backends_and_the_preflight_place_it_alike(own_kit, tmp_path, fit, expected):
    scene = _scene(tmp_path, fit)
    at = pixels(own_kit, tmp_path, scene)
    canvas = Canvas(40, 20, ppm=4)
    canvas.paint(scene.items)
    [image] = scene.items
    for (x, y), colour in expected.items():
        assert close(at(x, y), colour), ("pdf", fit, (x, y), at(x, y))
        seen = canvas.mean((x - 0.5, y - 0.5, 1, 1))
        assert close(tuple(int(seen[i:i + 2], 16) for i in (1, 3, 5)), colour), \
            ("raster", fit, (x, y), seen)
        point = painted(image, Place(), x, y, (255.0, 255.0, 255.0))
        assert close(point, colour), ("point", fit, (x, y), point)
    assert f'preserveAspectRatio="{fit}"' in scene_svg(scene, Memo())


@pytest.mark.parametrize("fit", ["none", "xMidYMid meet", "xMaxYMid slice"])
def test_the_preflight_paints_a_picture_placed_far_larger_than_the_art(tmp_path, fit):
    # Placed a million times the art's width, reaching its right edge: only the part on
    # the canvas is resized (the whole would be billions of pixels; at 1e30 the painter
    # failed with an OverflowError).
    for width in ("1e6", "1e30"):
        items = _art(tmp_path, f'<image x="-{width}" y="0" width="{width}" height="10" '
                               f'transform="translate(25 0)" preserveAspectRatio="{fit}" '
                               f'href="{URL}"/>')
        canvas = Canvas(30, 10, ppm=2)
        canvas.paint(items)
        assert canvas.mean((26, 0, 4, 10)) == "#FFFFFF"  # beyond its right edge
    stretched = _art(tmp_path, f'<image x="-1e6" y="0" width="1e6" height="10" '
                               f'transform="translate(25 0)" preserveAspectRatio="none" '
                               f'href="{URL}"/>')
    canvas = Canvas(30, 10, ppm=2)
    canvas.paint(stretched)
    assert canvas.mean((20, 2, 4, 6)) == "#0000FF"  # its right half is blue
