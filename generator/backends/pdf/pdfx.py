"""A finished PDF made PDF/X-4 (ISO 15930-7), for a print shop's prepress check.

The drawings keep their colours as the scene gives them (#rrggbb, sRGB); this pass says
so, and says what the file is for:

- every form's colours are ICC-based: a `DefaultRGB` colour space in each form's
  resources maps its DeviceRGB operators onto the sRGB profile (PDF 1.7, 8.6.5.6: a
  device colour is drawn in the default space of the current resources), and the
  shadings and pictures name the sRGB space themselves;
- the output intent (GTS_PDFX) carries the printing condition's CMYK profile, which a
  print shop converts the sRGB colours with (or replaces with its own);
- PDF 1.6, as the standard asks of a file using transparency (the forms' opacity);
- `GTS_PDFXVersion` and `Trapped` in the document information, and the same facts in an
  XMP metadata stream, with a document and version id (derived from the file's own id,
  so two builds stay byte-identical);
- round pieces get a die line: a hairline in the spot colour `CutContour` (a Separation
  with a magenta alternate), overprinting, which a cutter follows and a press does not
  print.

Trim and bleed boxes are the print-shop pages' own (`generator.products.printshop`).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.backends.numbers import fmt as num
from generator.backends.pdf.icc import read_profile
from generator.backends.pdf.link import Base, bodies, link
from generator.backends.pdf.ops import ellipse_path
from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.core.memo import Memo
from generator.core.model import Game
from generator.layout.units import PT
from generator.load.digests import file_digest

VERSION = b"%PDF-1.6"  # PDF/X-4: transparency and ICC-based colour, at most PDF 1.6
DIE_LINE = "CutContour"  # the spot colour name cutting tables look for
DIE_WIDTH = 0.25  # points: a hairline, so the line marks the cut and nothing more
LEVEL = 6  # zlib level of the appended streams: fixed, so the bytes are reproducible


@dataclass(frozen=True)
class Press:
    """The colour of a print-shop file: the printing condition's CMYK output profile, and
    the profile of the drawings' own colours (sRGB)."""

    profile: Path
    rgb: Path


COLOUR = "colour"  # the content's folder of colour profiles
PRESS_PROFILE = "press-cmyk.icc"  # the printing condition: a print shop's profile may replace it
RGB_PROFILE = "sRGB.icc"  # what the drawings' #rrggbb colours mean


def press_of(game: Game) -> Press:
    """The content's colour profiles (each from the first content folder that has it)."""
    def found(name: str) -> Path:
        paths = [folder / COLOUR / name for folder in game.content_dirs]
        return next((p for p in paths if p.is_file()), paths[0])

    return Press(found(PRESS_PROFILE), found(RGB_PROFILE))


def press_fault(press: Press) -> tuple[Path, str] | None:
    """The profile that cannot be used and why (None: both can)."""
    wanted = ((press.profile, 4, "a CMYK output profile ('prtr')"),
              (press.rgb, 3, "an RGB profile"))
    for path, channels, what in wanted:
        try:
            profile = read_profile(path.read_bytes())
        except OSError as exc:
            return path, f"it cannot be read ({exc.strerror or exc})"
        except ValueError as exc:
            return path, str(exc)
        if profile.channels != channels or (channels == 4 and profile.device_class != "prtr"):
            space = profile.colour_space.strip()
            article = "an" if space[:1] in "AEFHILMNORSX" else "a"  # as the letter sounds
            return path, (f"it is {article} {space} '{profile.device_class}' profile, "
                          f"not {what}")
    return None


@dataclass(frozen=True)
class Finish:
    """What the finishing pass writes besides the colour: the metadata and the cuts."""

    title: str  # the document's title, as its information dictionary has it
    subject: str  # what it holds and how many of each page to make, in words
    author: str
    keywords: str
    discs: Sequence[float] = ()  # per page: the round cut's diameter in mm (0: none)
    sizes: Sequence[tuple[float, float]] = ()  # per page: width and height in mm


def press_ready(data: bytes, press: Press, finish: Finish, memo: Memo | None = None) -> bytes:
    """The PDF in `data` as PDF/X-4 for `press`, with `finish`'s metadata and die lines.

    The profiles' compressed streams are kept in `memo` (the build's: so between builds
    too), as every print-shop file embeds the same two."""
    if not data.startswith(b"%PDF-1."):
        raise RenderError("internal error: a print-shop file that is not a PDF")
    base = Base(VERSION + data[len(VERSION):], 0, ())
    plan = _Plan(base.size, memo or Memo())
    spaces = plan.colour_spaces(press)
    info = _reference(rb"/Info (\d+) 0 R", base.data)
    replaced: dict[int, bytes] = {}
    page = 0
    for number, body in bodies(base):
        head, stream, rest = body.partition(b"stream\n")
        new = head.replace(b"/ColorSpace /DeviceRGB", b"/ColorSpace %d 0 R" % spaces.rgb)
        if b"/Subtype /Form" in new:
            new = new.replace(b"/Resources << ", b"/Resources << /ColorSpace << /DefaultRGB "
                              b"%d 0 R >> " % spaces.rgb, 1)
        elif b"/Type /Catalog" in new:
            new = _add(new, b"/OutputIntents [%d 0 R] /Metadata %d 0 R"
                       % (spaces.intent, plan.metadata(base.data, finish)))
        elif number == info:
            new = _add(_SUBJECT.sub(b"", _TRAPPED.sub(b"", new)),
                       b"/Subject " + _pdf_string(finish.subject) + b" "
                       b"/GTS_PDFXVersion (PDF/X-4) /Trapped /False")
        elif re.search(rb"/Type /Page\b(?!s)", new):
            new = plan.die_line(new, finish, page)
            page += 1
        if new != head:
            replaced[number] = new + stream + rest
    return link(base, replaced, plan.appended)


@dataclass(frozen=True)
class _Spaces:
    rgb: int  # the ICCBased sRGB colour space
    intent: int  # the output intent dictionary


class _Plan:
    """The objects appended after the file's own, numbered in order."""

    def __init__(self, first: int, memo: Memo):
        self.next = first
        self.appended: list[bytes] = []
        self.memo = memo
        self._die: tuple[int, int] | None = None

    def add(self, body: bytes) -> int:
        self.appended.append(body)
        self.next += 1
        return self.next - 1

    def colour_spaces(self, press: Press) -> _Spaces:
        """The sRGB space and the output intent with its profile."""
        space = self.add(b"[/ICCBased %d 0 R]" % self.add(self.profile_stream(press.rgb, 3)))
        profile = read_profile(press.profile.read_bytes())
        if profile.channels != 4:
            raise RenderError(f"the printing condition's profile {press.profile} is not a "
                              "CMYK profile")
        condition = _pdf_string(profile.description or press.profile.stem)
        target = self.add(self.profile_stream(press.profile, 4))
        intent = self.add(b"<< /Type /OutputIntent /S /GTS_PDFX /OutputCondition " + condition
                          + b" /OutputConditionIdentifier (Custom) /Info " + condition
                          + b" /DestOutputProfile %d 0 R >>" % target)
        return _Spaces(space, intent)

    def metadata(self, data: bytes, finish: Finish) -> int:
        """The XMP stream: the same facts as the information dictionary, in XML."""
        packet = _xmp(finish, _document_id(data)).encode("utf-8")
        return self.add(b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n"
                        % len(packet) + packet + b"\nendstream")

    def die_line(self, page: bytes, finish: Finish, index: int) -> bytes:
        """The page with a die line round its disc, if its piece is round."""
        disc = finish.discs[index] if index < len(finish.discs) else 0.0
        if not disc:
            return page
        if b"/ColorSpace" in page or b"/ExtGState" in page:
            raise RenderError("internal error: a print-shop page with resources of its own")
        if self._die is None:
            separation = (f"[/Separation /{DIE_LINE} /DeviceCMYK << /FunctionType 2 "
                          "/Domain [0 1] /C0 [0 0 0 0] /C1 [0 1 0 0] /N 1 >>]")
            state = "<< /Type /ExtGState /OP true /op true /OPM 1 >>"
            self._die = (self.add(separation.encode()), self.add(state.encode()))
        w, h = finish.sizes[index]
        r = disc / 2 * PT
        code = (f"q /{DIE_LINE} CS 1 SCN /GS.die gs {num(DIE_WIDTH)} w\n"
                f"{ellipse_path(w / 2 * PT, h / 2 * PT, r, r)}\nS Q\n").encode()
        stream = zlib.compress(code, LEVEL)
        content = self.add(b"<< /Filter /FlateDecode /Length %d >>\nstream\n" % len(stream)
                           + stream + b"\nendstream")
        page = re.sub(rb"/Contents (\d+) 0 R", rb"/Contents [\1 0 R %d 0 R]" % content, page,
                      count=1)
        return page.replace(b"/Resources <<", b"/Resources << /ColorSpace << /%s %d 0 R >> "
                            b"/ExtGState << /GS.die %d 0 R >>"
                            % (DIE_LINE.encode(), *self._die), 1)

    def profile_stream(self, path: Path, channels: int) -> bytes:
        """An ICC profile as a stream object (compressed once per file's bytes)."""
        def make() -> bytes:
            packed = zlib.compress(path.read_bytes(), LEVEL)
            alternate = {3: b"/DeviceRGB", 4: b"/DeviceCMYK"}[channels]
            return (b"<< /N %d /Alternate %s /Filter /FlateDecode /Length %d >>\nstream\n"
                    % (channels, alternate, len(packed)) + packed + b"\nendstream")

        return self.memo.get(digest("icc stream", str(channels), file_digest(path)), make)


_SUBJECT = re.compile(rb"/Subject \((?:\\.|[^\\)])*\)\s*")
_TRAPPED = re.compile(rb"/Trapped /\w+\s*")


def _add(dictionary: bytes, entries: bytes) -> bytes:
    """The dictionary with `entries` put before its closing `>>`."""
    end = dictionary.rstrip().rindex(b">>")
    return dictionary[:end] + entries + b"\n" + dictionary[end:]


def _reference(pattern: bytes, data: bytes) -> int:
    found = re.search(pattern, data[data.rindex(b"trailer"):])
    if found is None:
        raise RenderError("internal error: a PDF trailer without the entry "
                          f"{pattern.decode()}")
    return int(found.group(1))


def _document_id(data: bytes) -> str:
    """The file's own id (the trailer's), as a UUID: the XMP's document id."""
    found = re.search(rb"/ID\s*\[\s*<([0-9a-fA-F]{32})>", data[data.rindex(b"trailer"):])
    if found is None:
        raise RenderError("internal error: a PDF trailer without an /ID")
    h = found.group(1).decode().lower()
    return f"uuid:{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def _pdf_string(text: str) -> bytes:
    """A PDF text string: literal when ASCII (brackets and backslashes escaped), else
    UTF-16 with its byte-order mark, in hex."""
    if text.isascii():
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"({escaped})".encode("ascii")
    return b"<" + ("\ufeff" + text).encode("utf-16-be").hex().upper().encode() + b">"


def escape(text: str) -> str:
    """Text as XML character data (xml.sax.saxutils would load urllib, http and email)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# reportlab's invariant mode dates every file 2000-01-01 (`pdf_document`): the XMP agrees.
DATE = "2000-01-01T00:00:00+00:00"


def _xmp(finish: Finish, document: str) -> str:
    def alt(text: str) -> str:
        return (f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(text)}</rdf:li>'
                "</rdf:Alt>")

    facts = [
        ("dc:format", "application/pdf"), ("dc:title", alt(finish.title)),
        ("dc:description", alt(finish.subject)),
        ("dc:creator", f"<rdf:Seq><rdf:li>{escape(finish.author)}</rdf:li></rdf:Seq>"),
        ("pdf:Keywords", escape(finish.keywords)),
        ("xmp:CreateDate", DATE), ("xmp:ModifyDate", DATE), ("xmp:MetadataDate", DATE),
        ("xmp:CreatorTool", "tkg (TKG ARENA print-and-play generator)"),
        ("xmpMM:DocumentID", document), ("xmpMM:InstanceID", document),
        ("xmpMM:VersionID", "1"), ("xmpMM:RenditionClass", "default"),
        ("pdf:Producer", "ReportLab PDF Library - (opensource)"), ("pdf:Trapped", "False"),
        ("pdfxid:GTS_PDFXVersion", "PDF/X-4"),
    ]
    lines = "\n".join(f"   <{key}>{value}</{key}>" for key, value in facts)
    return ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
            '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
            ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
            '  <rdf:Description rdf:about=""\n'
            '    xmlns:dc="http://purl.org/dc/elements/1.1/"\n'
            '    xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n'
            '    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"\n'
            '    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"\n'
            '    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">\n'
            f"{lines}\n  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n"
            '<?xpacket end="w"?>')
