"""What an ICC colour profile says about itself: its class, colour space and name.

Read from the header and the `desc` tag (ICC.1:2001-04 for version 2 profiles,
ICC.1:2010 for version 4), so a print-shop file can name its printing condition and
validation can refuse a profile that cannot be an output intent, without loading a
colour engine.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

CHANNELS = {"GRAY": 1, "RGB ": 3, "CMYK": 4}  # the colour spaces a PDF's ICCBased takes


@dataclass(frozen=True)
class Profile:
    """An ICC profile's facts, as its header and description tag give them."""

    device_class: str  # "prtr" (an output device), "mntr" (a display), "scnr", ...
    colour_space: str  # "CMYK", "RGB " (four letters, padded as the file has them)
    connection: str  # the profile connection space: "Lab " or "XYZ "
    description: str

    @property
    def channels(self) -> int:
        """How many components a colour has in this profile's space (0: not one a PDF
        takes)."""
        return CHANNELS.get(self.colour_space, 0)


def read_profile(data: bytes) -> Profile:
    """The facts of the profile in `data`; ValueError naming what is wrong."""
    if len(data) < 132 or data[36:40] != b"acsp":
        raise ValueError("it is not an ICC profile (no 'acsp' signature in its header)")
    (size,) = struct.unpack(">I", data[:4])
    if size != len(data):
        raise ValueError(f"its header gives {size} bytes, the file has {len(data)}")
    device_class, colour_space, connection = (data[i:i + 4].decode("latin-1")
                                              for i in (12, 16, 20))
    return Profile(device_class, colour_space, connection, _description(data))


def _description(data: bytes) -> str:
    (count,) = struct.unpack(">I", data[128:132])
    for i in range(min(count, (len(data) - 132) // 12)):
        signature, offset, length = struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i])
        if signature == b"desc":
            return _text(data[offset:offset + length])
    return ""


def _text(tag: bytes) -> str:
    kind = tag[:4]
    if kind == b"desc" and len(tag) >= 12:  # v2 textDescriptionType: ASCII first
        (n,) = struct.unpack(">I", tag[8:12])
        return tag[12:12 + n].split(b"\0", 1)[0].decode("latin-1").strip()
    if kind == b"mluc" and len(tag) >= 28:  # v4: the first record's UTF-16
        length, offset = struct.unpack(">II", tag[20:28])
        return tag[offset:offset + length].decode("utf-16-be", "replace").strip()
    return ""
