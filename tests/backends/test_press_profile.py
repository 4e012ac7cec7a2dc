"""The shipped CMYK press profile, content/colour/press-cmyk.icc (made by
tools/make_press_profile.py): an ICC version 2 output profile that LittleCMS (through
Pillow's ImageCms) opens and uses as a print shop's RIP would, whose tables give back
the published solids, separate with a limited total ink and a smooth black generation,
and round-trip; its header and tag table read with struct; and the script writes it
again byte for byte, so nobody edits the file by hand.

ImageCms's 'LAB' mode is 8 bits: L* 0..100 as 0..255, a* and b* offset by 128.
"""

from __future__ import annotations

import importlib.util
import math
import statistics
import struct
from functools import cache

import pytest
from PIL import Image, ImageCms

from generator.backends.pdf.icc import read_profile
from tests.conftest import CONTENT, ROOT

PROFILE = CONTENT / "colour" / "press-cmyk.icc"
SCRIPT = ROOT / "tools" / "make_press_profile.py"
TAC = 320  # % total ink, as the script promises
PERCEPTUAL, RELATIVE, ABSOLUTE = 0, 1, 3

# ISO 12647-2:2004/Amd 1:2007, paper types 1 and 2 (white backing), CIELAB D50, and
# FOGRA39's neutral three-colour solid; CMYK in %.
AIMS = {
    "paper": ((0, 0, 0, 0), (95, 0, -2)),
    "cyan": ((100, 0, 0, 0), (55, -37, -50)),
    "magenta": ((0, 100, 0, 0), (48, 74, -3)),
    "yellow": ((0, 0, 100, 0), (89, -5, 93)),
    "black": ((0, 0, 0, 100), (16, 0, 0)),
    "red": ((0, 100, 100, 0), (47, 68, 48)),
    "green": ((100, 0, 100, 0), (50, -65, 27)),
    "blue": ((100, 100, 0, 0), (24, 22, -46)),
    "cmy": ((100, 100, 100, 0), (23, 0, 0)),
}
REQUIRED = {  # ICC.1:2001-04's tags of an output profile, and the types we write them in
    b"desc": b"desc", b"cprt": b"text", b"wtpt": b"XYZ ", b"gamt": b"mft2",
    b"A2B0": b"mft2", b"A2B1": b"mft2", b"A2B2": b"mft2",
    b"B2A0": b"mft2", b"B2A1": b"mft2", b"B2A2": b"mft2",
}


@cache
def _data() -> bytes:
    return PROFILE.read_bytes()


@cache
def _profile() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(str(PROFILE))


@cache
def _lab() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("LAB"))  # D50


@cache
def _srgb() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(str(CONTENT / "colour" / "sRGB.icc"))


def _convert(source, target, modes: tuple[str, str], intent: int,
             pixels: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The pixels through LittleCMS from `source` to `target` (8 bits a channel)."""
    transform = ImageCms.buildTransform(source, target, modes[0], modes[1],
                                        renderingIntent=intent)
    image = Image.new(modes[0], (len(pixels), 1))
    image.putdata(pixels)
    out = ImageCms.applyTransform(image, transform)
    # getpixel, as putdata, gives 'LAB' a* and b* offset by 128 (tobytes: signed bytes)
    return [out.getpixel((x, 0)) for x in range(out.width)]


def _to_lab8(lab: tuple[float, float, float]) -> tuple[int, int, int]:
    return round(lab[0] * 2.55), round(lab[1]) + 128, round(lab[2]) + 128


def _from_lab8(pixel: tuple[int, ...]) -> tuple[float, float, float]:
    return pixel[0] / 2.55, pixel[1] - 128.0, pixel[2] - 128.0


def _percent(pixel: tuple[int, ...]) -> list[float]:
    return [v / 2.55 for v in pixel]


def _cmyk(percent: tuple[float, ...]) -> tuple[int, ...]:
    return tuple(round(v * 2.55) for v in percent)


def _tags() -> dict[bytes, tuple[int, int]]:
    """The tag table: signature -> (offset, size)."""
    data = _data()
    (count,) = struct.unpack(">I", data[128:132])
    entries = (struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i]) for i in range(count))
    return {signature: (offset, size) for signature, offset, size in entries}


def _tag(signature: bytes) -> bytes:
    offset, size = _tags()[signature]
    return _data()[offset:offset + size]


def _lab_of_xyz(xyz: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D50) of CIEXYZ (white Y = 1)."""
    def f(t: float) -> float:
        return math.cbrt(t) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, (0.9642, 1.0, 0.8249), strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def test_littlecms_opens_it_as_a_version_2_cmyk_output_profile():
    profile = _profile().profile
    assert profile.device_class == "prtr"
    assert profile.xcolor_space.strip() == "CMYK"
    assert profile.connection_space.strip() == "Lab"
    assert 2.0 <= profile.version < 3.0
    assert profile.rendering_intent == PERCEPTUAL
    for intent in (PERCEPTUAL, RELATIVE, ABSOLUTE):
        assert profile.is_intent_supported(intent, 1)  # as an output profile
        assert profile.is_intent_supported(intent, 0)  # as an input (proofing) profile
    assert "MIT" in profile.copyright


def test_the_header_is_an_icc_2_4_printer_profile_with_a_fixed_date():
    data = _data()
    (size,) = struct.unpack(">I", data[:4])
    assert size == len(data) and size % 4 == 0
    assert data[8:12] == bytes([2, 0x40, 0, 0])  # version 2.4.0
    assert (data[12:16], data[16:20], data[20:24], data[36:40]) == (
        b"prtr", b"CMYK", b"Lab ", b"acsp")
    year, month, day, *_ = struct.unpack(">6H", data[24:36])
    assert (year, 1 <= month <= 12, 1 <= day <= 31) == (2026, True, True)
    assert struct.unpack(">I", data[64:68]) == (0,)  # perceptual
    assert struct.unpack(">3i", data[68:80]) == (0xF6D6, 0x10000, 0xD32D)  # D50 s15Fixed16
    assert data[84:100] == bytes(16)  # no profile ID in version 2


def test_the_tags_an_output_profile_needs_are_there_aligned_and_of_the_right_type():
    tags = _tags()
    assert set(REQUIRED) <= set(tags)
    for signature, kind in REQUIRED.items():
        offset, size = tags[signature]
        assert offset % 4 == 0 and offset + size <= len(_data()), signature
        assert _tag(signature)[:4] == kind, signature
    channels = {b"A2B": (4, 3), b"B2A": (3, 4), b"gam": (3, 1)}
    for signature in REQUIRED:
        if REQUIRED[signature] == b"mft2":
            assert tuple(_tag(signature)[8:10]) == channels[signature[:3]], signature


def test_the_pdf_backend_reads_it_as_a_cmyk_output_intent():
    profile = read_profile(_data())
    assert (profile.device_class, profile.channels) == ("prtr", 4)
    assert profile.description.startswith("TKG ARENA press CMYK")


def test_the_media_white_point_is_the_paper():
    xyz = struct.unpack(">3i", _tag(b"wtpt")[8:20])
    lab = _lab_of_xyz(tuple(v / 65536 for v in xyz))
    assert math.dist(lab, AIMS["paper"][1]) < 0.1


@pytest.mark.parametrize("intent", [PERCEPTUAL, RELATIVE])
def test_srgb_white_takes_no_ink(intent):
    [cmyk] = _convert(_srgb(), _profile(), ("RGB", "CMYK"), intent, [(255, 255, 255)])
    assert max(cmyk) < 3, cmyk


@pytest.mark.parametrize("intent", [PERCEPTUAL, RELATIVE])
def test_srgb_black_is_a_rich_black_within_the_ink_limit(intent):
    [cmyk] = _convert(_srgb(), _profile(), ("RGB", "CMYK"), intent, [(0, 0, 0)])
    ink = _percent(cmyk)
    assert 250 <= sum(ink) <= TAC + 2, ink
    assert ink[3] >= 95, ink  # all the black first, then CMY up to the limit


def test_no_colour_asks_for_more_ink_than_the_limit():
    steps = range(0, 256, 51)
    pixels = [(r, g, b) for r in steps for g in steps for b in steps]
    for intent in (PERCEPTUAL, RELATIVE):
        for cmyk in _convert(_srgb(), _profile(), ("RGB", "CMYK"), intent, pixels):
            assert sum(_percent(cmyk)) <= TAC + 2, cmyk


def test_neutral_greys_balance_with_more_cyan_and_take_black_from_the_midtones():
    # Medium GCR from a 35 % grey component: greys lighter than about L* 63 are CMY
    # alone; darker ones take black, rising smoothly to the black point. A neutral on
    # ISO coated paper needs cyan ahead of magenta and yellow, which stay about equal.
    lightness = [95, 85, 75, 65, 55, 45, 35, 25, 15]
    pixels = [_to_lab8((value, 0, 0)) for value in lightness]
    found = _convert(_lab(), _profile(), ("LAB", "CMYK"), RELATIVE, pixels)
    inks = [_percent(pixel) for pixel in found]
    for value, (c, m, y, k) in zip(lightness, inks, strict=True):
        assert k < 0.5 if value >= 65 else k > 5, (value, c, m, y, k)
        assert abs(m - y) <= 4, (value, c, m, y, k)
        if value <= 85:
            assert 5 <= c - m <= 20, (value, c, m, y, k)
    assert inks[-2][3] >= 50  # L* 25: mostly black
    for darker, lighter in zip(inks[1:], inks, strict=False):
        assert all(d >= v - 0.5 for d, v in zip(darker, lighter, strict=True)), (lighter, darker)
    back = _convert(_profile(), _lab(), ("CMYK", "LAB"), RELATIVE, found)
    for value, pixel in zip(lightness, back, strict=True):
        lab = _from_lab8(pixel)
        assert abs(lab[0] - value) <= 1 and max(abs(lab[1]), abs(lab[2])) <= 1, (value, lab)


@pytest.mark.parametrize("name", list(AIMS))
def test_the_solids_print_as_the_published_aims(name):
    cmyk, aim = AIMS[name]
    [pixel] = _convert(_profile(), _lab(), ("CMYK", "LAB"), ABSOLUTE, [_cmyk(cmyk)])
    lab = _from_lab8(pixel)
    assert math.dist(lab, aim) <= 3, (name, lab, aim)


def test_relative_colorimetric_puts_the_paper_at_white():
    [pixel] = _convert(_profile(), _lab(), ("CMYK", "LAB"), RELATIVE, [(0, 0, 0, 0)])
    assert _from_lab8(pixel) == (100.0, 0.0, 0.0)


def test_printable_colours_survive_a_round_trip_through_the_separation():
    # Colours the press prints (its own CMYK lattice within the ink limit, to CIELAB),
    # separated again and printed again: the ΔE76 between the two prints.
    steps = (0, 20, 45, 70, 100)
    lattice = [(c, m, y, k) for c in steps for m in steps for y in steps for k in steps
               if c + m + y + k <= TAC]
    printed = _convert(_profile(), _lab(), ("CMYK", "LAB"), RELATIVE, [_cmyk(v) for v in lattice])
    again = _convert(_lab(), _profile(), ("LAB", "CMYK"), RELATIVE, printed)
    reprinted = _convert(_profile(), _lab(), ("CMYK", "LAB"), RELATIVE, again)
    errors = sorted(math.dist(_from_lab8(a), _from_lab8(b))
                    for a, b in zip(printed, reprinted, strict=True))
    assert statistics.median(errors) <= 2.5, errors
    assert errors[int(0.95 * len(errors))] <= 5, errors


def _gamut_node(lightness: int, a: int, b: int) -> int:
    """The gamt table's word at a grid node (indices on L*, a*, b*)."""
    tag = _tag(b"gamt")
    inputs, outputs, points = tag[8], tag[9], tag[10]
    entries, _ = struct.unpack(">HH", tag[48:52])
    start = 52 + 2 * inputs * entries
    index = (lightness * points + a) * points + b
    return struct.unpack(">H", tag[start + 2 * outputs * index:start + 2 * outputs * index + 2])[0]


def test_the_gamut_tag_marks_neutrals_in_and_extreme_colours_out():
    points = _tag(b"gamt")[10]
    top, middle = points - 1, (points - 1) // 2
    assert _gamut_node(top, middle, middle) == 0  # paper white
    assert _gamut_node(middle, middle, middle) == 0  # mid grey
    assert _gamut_node(middle, top, 0) == 0xFFFF  # L* 50, a* +128, b* -128
    assert _gamut_node(top, 0, top) == 0xFFFF  # L* 100, a* -128, b* +128


@pytest.mark.slow  # the script takes seconds to work the tables out
def test_the_script_writes_the_shipped_file_byte_for_byte():
    spec = importlib.util.spec_from_file_location("make_press_profile", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.profile_bytes() == _data()
